"""McMahon and Swiss exactly as OpenGotha 3.51 pairs them: rules, scores, costs, pairing."""
