"""The parts of a tournament's screen, one per tab: players, rounds, standings, log."""
