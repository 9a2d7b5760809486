"""Matchings in general graphs: Edmonds' blossom, Gabow's, the exact weighted matching."""
