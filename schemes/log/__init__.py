"""The event log: what a file holds, the commands that append to it, the reducer that replays it."""
