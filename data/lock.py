"""One writer per tournament file.

The lock is ``FILE.lock``, holding the writer's pid and command, and held with
``flock`` for as long as the writer lives.  The kernel drops an flock when its
process dies, so a lock file left behind by a crash is recognised as stale and
taken over without guessing from pids (which the system reuses).
"""

from __future__ import annotations

import fcntl
import os
import socket
import sys
from pathlib import Path

from data.errors import TournamentFileError


class WriterLock:
    def __init__(self, target: Path) -> None:
        self.path = target.with_name(target.name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> None:
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.read(fd, 400).decode("utf-8", "replace").strip() or "another process"
                os.close(fd)
                raise TournamentFileError(
                    f"{self.path.with_suffix('').name} is open for writing by {holder}; close it there first"
                ) from None
            # The holder may have unlinked the file between our open and our flock.
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        command = " ".join(os.path.basename(a) for a in sys.argv[:3])
        os.write(fd, f"process {os.getpid()} on {socket.gethostname()} ({command})".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> WriterLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
