"""One writer per tournament file.

The lock is ``FILE.lock``, holding the writer's pid and command, and held with
``flock`` for as long as the writer lives.  The kernel drops an flock when its
process dies, so a lock file left behind by a crash is recognised as stale and
taken over without guessing from pids (which the system reuses).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import socket
import stat
import sys
import time
from pathlib import Path

from data.errors import FileLocked, TournamentFileError, os_reason
from schemes.errors import Worded


def lock_path(target: Path) -> Path:
    """The lock of the tournament file ``target``: ``FILE.lock`` beside it."""
    return target.with_name(target.name + ".lock")


MERGE_WAIT = 5.0
"""Seconds a writer waits for a hall's merge to let the file go (a merge takes a moment)."""


class WriterLock:
    """``merge``: held for a hall's merge, which other writers wait for instead of refusing."""

    def __init__(self, target: Path, merge: bool = False) -> None:
        self.path = lock_path(target)
        self.target = target
        """The tournament file: a folder that refuses the lock refuses it (the referee knows no lock)."""
        self.merge = merge
        self._fd: int | None = None

    def _open(self, taken_over: bool = False) -> int:
        """The lock file, never through a planted symbolic link nor blocking on a planted pipe."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
        except FileNotFoundError:
            raise TournamentFileError("{folder}: no such folder", folder=self.path.parent) from None
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise TournamentFileError(
                    "{path} is a symbolic link: remove it, it is not Tengen's", path=self.path
                ) from None
            if error.errno in (errno.EACCES, errno.EPERM) and not taken_over and self._foreign_one_gone():
                return self._open(taken_over=True)
            if error.errno in (errno.EACCES, errno.EPERM) and self.path.exists():  # the lock, not its folder
                raise TournamentFileError("{path}: cannot open its lock {lock} ({reason})", path=self.target,
                                          lock=self.path, reason=os_reason(error)) from None  # fmt: skip
            raise TournamentFileError(
                "{path}: cannot write in {folder} ({reason})",
                path=self.target,
                folder=self.path.parent,
                reason=os_reason(error),
            ) from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise TournamentFileError("{path} is not a regular file: remove it, it is not Tengen's", path=self.path)
        return fd

    def _foreign_one_gone(self) -> bool:
        """A lock file this user cannot write (another user's Tengen made it): refused with its
        holder's name while that program runs; removed when it has ended (its flock is free),
        as its holder removes it — where the folder lets us; else said so, not blamed on the
        folder.  False where there is no such file (the folder itself refused)."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            if not self._flocked(fd):
                raise FileLocked(file=self.path.with_suffix("").name, holder=_holder(os.read(fd, 400)))
            try:
                self.path.unlink()  # held: whoever opened it now finds it gone (``acquire``'s check)
            except OSError:
                raise TournamentFileError(
                    "{path} was left by another user's program, which has ended: remove it", path=self.path
                ) from None
        finally:
            os.close(fd)
        return True

    def _flocked(self, fd: int) -> bool:
        """``fd``'s flock taken now, or False where another holds it.  A disk that locks no
        file (a network folder without its lock service: ENOLCK) is refused in one line: the
        app fell over with a traceback, the command line said it in English."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as error:
            raise TournamentFileError(
                "{path}: cannot lock it for writing ({reason}); copy it to the laptop's own disk",
                path=self.target,
                reason=os_reason(error),
            ) from None
        return True

    def acquire(self) -> None:
        deadline = time.monotonic() + MERGE_WAIT
        while True:
            fd = self._open()
            try:
                flocked = self._flocked(fd)
            except TournamentFileError:
                with contextlib.suppress(OSError):  # nobody can hold it there: no empty lock left behind
                    if os.fstat(fd).st_size == 0:
                        self.path.unlink()
                os.close(fd)
                raise
            if not flocked:
                written = os.read(fd, 400)
                os.close(fd)
                if _merging(written) and time.monotonic() < deadline:
                    time.sleep(0.05)
                    continue
                raise FileLocked(file=self.path.with_suffix("").name, holder=_holder(written)) from None
            # The holder may have unlinked the file between our open and our flock.
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        if os.fstat(fd).st_nlink > 1:  # cutting it would cut the file it is a hard link of
            os.close(fd)
            raise TournamentFileError(
                "{path} is another name (a hard link) of some file: remove {path}, it is not Tengen's", path=self.path
            )
        command = " ".join(os.path.basename(a) for a in sys.argv[:3])
        try:
            os.ftruncate(fd, 0)
            said = {"pid": os.getpid(), "host": socket.gethostname(), "command": command, "merge": self.merge}
            os.write(fd, json.dumps(said).encode())
        except OSError:
            pass  # a full disk: the lock holds all the same, only without the holder's name
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        try:
            self.path.unlink()
        except OSError:  # gone, or the disk failing: what was written is written (an attack saw a saved
            pass  # round said to have failed, exit 2); a lock left with no holder is taken by the next writer
        finally:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> WriterLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _merging(written: bytes) -> bool:
    """Whether the holder is a hall's merge, or has just taken the lock (nothing written yet)."""
    if not written:
        return True
    try:
        return json.loads(written).get("merge") is True
    except (ValueError, AttributeError, RecursionError):
        return False


def _holder(written: bytes) -> Worded:
    """Who holds the lock, as its holder wrote it, in words the catalogue can translate."""
    try:
        said = json.loads(written)
        pid, host, command = int(said["pid"]), str(said["host"])[:80], str(said["command"])[:120]
    except (ValueError, KeyError, TypeError, RecursionError):
        return Worded("another process")
    return Worded("process {pid} on {host} ({command})", pid=pid, host=host, command=command)
