"""The tournament on disk: the event log file, its lock, and the readers of outside files."""
