"""The one error type the edges report to the referee as a single line."""


class TournamentFileError(Exception):
    """A file that cannot be used as asked: missing, damaged, foreign, or locked."""
