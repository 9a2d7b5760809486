"""The one error type the edges report to the referee as a single line, and the system's
reasons worded so that the catalogue can say them in the referee's language."""

import errno

from schemes.errors import Worded


class TournamentFileError(Worded):
    """A file that cannot be used as asked: missing, damaged, foreign, or locked."""


class Refused(Worded):
    """A question the tournament cannot answer as asked (a round not paired) or an output it
    may not be written to (a tournament file): the referee asks again."""


class FileLocked(TournamentFileError):
    """Another program is writing the tournament."""

    template = "{file} is open for writing by {holder}; close it there first"


_REASONS = {
    errno.ENOSPC: Worded("the disk is full"),
    errno.EDQUOT: Worded("the disk quota is used up"),
    errno.EACCES: Worded("no permission"),
    errno.EPERM: Worded("no permission"),
    errno.EROFS: Worded("the disk is read-only"),
    errno.ENOENT: Worded("no such file or folder"),
    errno.ENAMETOOLONG: Worded("the name is too long"),
    errno.EISDIR: Worded("it is a folder"),
    errno.ENOTDIR: Worded("a part of the path is not a folder"),
    errno.EEXIST: Worded("it exists already"),
    errno.EIO: Worded("the disk cannot be read or written"),
    errno.EBUSY: Worded("the file is busy"),
    errno.ENOLCK: Worded("the disk locks no files, a network folder?"),
    errno.ENXIO: Worded("it is no file but a socket or a device"),  # open() of a socket (an attack)
    errno.ELOOP: Worded("its links lead round in a loop"),
    errno.ENOTCONN: Worded("the disk is gone (a stick taken out?)"),  # a stick's FUSE driver that died
    errno.ENODEV: Worded("the disk is gone (a stick taken out?)"),
    errno.ESTALE: Worded("the disk is gone (a stick taken out?)"),
    errno.ECONNREFUSED: Worded("nobody serves there (is its app serving?)"),
    errno.EHOSTUNREACH: Worded("the laptop is out of reach (another network?)"),
    errno.ENETUNREACH: Worded("no network here"),
    errno.ETIMEDOUT: Worded("no answer"),
    errno.ECONNRESET: Worded("the connection broke off"),
    errno.EADDRINUSE: Worded("the port is taken by another program (another server running?)"),
    errno.EADDRNOTAVAIL: Worded("this laptop has no such address"),
}


def os_reason(error: OSError) -> Worded:
    """Why the system refused, in words of the catalogue where the error is a common one (a
    full disk, no permission…); else the system's own words (Python's are English)."""
    return _REASONS.get(error.errno or 0) or Worded("{reason}", reason=error.strerror or str(error))
