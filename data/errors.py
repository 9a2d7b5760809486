"""The one error type the edges report to the referee as a single line."""

from schemes.events import Worded


class TournamentFileError(Worded):
    """A file that cannot be used as asked: missing, damaged, foreign, or locked."""


class FileLocked(TournamentFileError):
    """Another program is writing the tournament."""

    template = "{file} is open for writing by {holder}; close it there first"
