"""The tournament as the replay leaves it, and what each round meant for each player."""
