"""Writes into a hall's git repository, one at a time, and what a killed writer left there.

Git's library writes a ref, a loose object or a pack's index through a lock file (``NAME.lock``,
made only if absent, renamed over ``NAME`` once written).  A writer killed between the two
leaves the lock behind, and every later write of that name was refused for good: a
``hall sync`` killed at the wrong moment broke the hall's next syncs with a traceback until
someone removed the file by hand.  So every Tengen write into a hall repository (ours or a
stick's) holds its guard — an ``flock`` on ``tengen-writing`` in the repository, which the
kernel drops when its process dies, and within the process a lock per repository.  Whoever
holds the guard knows no other writer is inside, so a git lock file found then is a dead
writer's, and is removed.  The guard is held only while the disk is written (never while a
peer is waited for over the network), so the referee's own entries never wait on a fetch.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from dulwich.file import FileLocked
from dulwich.object_store import DiskObjectStore
from dulwich.objects import ObjectID, ShaFile, valid_hexsha
from dulwich.refs import Ref
from dulwich.repo import Repo

from data.errors import Refused, os_reason

GUARD = "tengen-writing"
"""The file in a repository's folder whose ``flock`` is the guard."""
WAIT = 10.0
"""Seconds a write waits for another process's (each holds the guard for milliseconds; a
process stopped inside would hold it for ever)."""

T = TypeVar("T")


class _Guard:
    """One repository's: re-entered by its own thread (a record inside a sync), waited for by
    the process's other threads and by other processes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.RLock()
        self.depth = 0
        self.fd: int | None = None

    def __enter__(self) -> None:
        self.lock.acquire()
        if self.depth == 0:
            try:
                self.fd = _flocked(self.folder / GUARD)
            except BaseException:
                self.lock.release()
                raise
        self.depth += 1

    def __exit__(self, *exc: object) -> None:
        self.depth -= 1
        if self.depth == 0 and self.fd is not None:
            os.close(self.fd)  # the flock goes with it
            self.fd = None
        self.lock.release()


def _flocked(path: Path) -> int:
    return _waited(os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600), path.parent)


def _waited(fd: int, folder: Path) -> int:
    """``fd`` once its ``flock`` is ours (closed, and refused, after ``WAIT``)."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() > deadline:
                os.close(fd)
                raise Refused("{folder} is being written by another program: try again", folder=str(folder)) from None
            time.sleep(0.01)
        except OSError as error:  # a disk that locks no files (ENOLCK): said, not a traceback
            os.close(fd)
            raise Refused("{folder}: {reason}", folder=str(folder), reason=os_reason(error)) from None


@contextmanager
def making(folder: Path) -> Iterator[None]:
    """Hold ``folder`` itself (its ``flock``, nothing written in it) while a repository is made
    or cleaned there: two processes making one on a stick at once removed each other's, and a
    folder that proves not to be a hall's is left as it was."""
    fd = _waited(os.open(folder, os.O_RDONLY | os.O_DIRECTORY), folder)
    try:
        yield
    finally:
        os.close(fd)  # the flock goes with it


_GUARDS: dict[str, _Guard] = {}
_GUARDS_LOCK = threading.Lock()


def guard(folder: str | os.PathLike[str]) -> _Guard:
    """The guard of the repository in ``folder`` (one per repository, whatever path reached it)."""
    real = os.path.realpath(folder)
    with _GUARDS_LOCK:
        return _GUARDS.setdefault(real, _Guard(Path(real)))


@contextmanager
def writing(repo: Repo) -> Iterator[None]:
    """Hold ``repo``'s guard for several writes that belong together (a commit and its ref)."""
    with guard(repo.path):
        yield


def _dead_writers_lock_removed(write: Callable[[], T]) -> T:
    """``write`` (under the guard), again once after removing the lock a killed writer left."""
    try:
        return write()
    except FileLocked as error:
        os.unlink(error.lockfilename)
        return write()


def set_tip(repo: Repo, ref: Ref, old: ObjectID | None, new: ObjectID) -> bool:
    """Move ``ref`` from ``old`` to ``new`` if it is still at ``old`` (another process may have moved it);
    with ``old`` None, make it only if nothing was made meanwhile (``_made_meanwhile``): git's «no old
    value» sets it whatever it holds, and a laptop writing a chain onto a stick put back an older
    tip another laptop had just written there (a review)."""
    with writing(repo):
        if old is None and _made_meanwhile(repo, ref):
            return False
        return _dead_writers_lock_removed(lambda: repo.refs.set_if_equals(ref, old, new))


def _made_meanwhile(repo: Repo, ref: Ref) -> bool:
    """Whether ``ref``, absent when looked at, now names an object the repository holds: a ref
    that names nothing (an empty or damaged file, what a power cut or a stick pulled out leaves)
    is made anew, as before — refused, it kept that laptop's chain from the hall for good (a
    review)."""
    try:
        held = repo.refs[ref]
    except KeyError:
        return False
    return valid_hexsha(held) and held in repo.object_store


def unreadable_refs_dropped(repo: Repo, prefix: str) -> None:
    """Take away each ref file under ``prefix`` that holds no sha (empty, zeros, half of one:
    what a stick pulled out during a write leaves on FAT; a symbolic ref someone planted):
    kept, it made the git library refuse the whole fetch from the stick, and its laptop's own
    push took it for another copy of its chain and advised joining the hall anew (an attack).
    Read as files, not through the library, which passes over an empty one.  The next push of
    any laptop holding that chain writes it again.  A file another process just wrote is read
    again under the guard first; a folder that does not read is the fetch's to say."""
    folder = Path(repo.path) / prefix
    with writing(repo):
        try:
            entries = [entry for entry in os.scandir(folder) if entry.is_file(follow_symlinks=False)]
        except OSError:
            return
        for entry in entries:
            if entry.name.endswith(".lock"):  # a writer's, or a killed writer's (``_dead_writers_lock_removed``)
                continue
            try:
                with open(entry.path, "rb") as ref:
                    held = ref.read(100)
                first = held.split(b"\n", 1)[0].rstrip(b"\r")  # as the git library reads a ref (a review)
                if len(first) != 40 or not valid_hexsha(first):
                    os.unlink(entry.path)
            except OSError:
                continue


class GuardedStore(DiskObjectStore):
    """Git's object store on disk, each write under the repository's guard."""

    def _clear_pack_locks(self) -> None:
        """A pack's index is written under a lock named after its objects: the same objects
        fetched again after a kill would find it."""
        for entry in os.scandir(self.pack_dir):
            if entry.name.endswith(".lock"):
                os.unlink(entry.path)

    def add_object(self, obj: ShaFile) -> None:
        with guard(os.path.dirname(self.path)):
            _dead_writers_lock_removed(lambda: super(GuardedStore, self).add_object(obj))

    def add_thin_pack(self, *args: Any, **kwargs: Any) -> Any:
        with guard(os.path.dirname(self.path)):
            self._clear_pack_locks()
            return super().add_thin_pack(*args, **kwargs)

    def add_pack(self) -> tuple[BinaryIO, Callable[[], Any], Callable[[], None]]:
        """The file is written without the guard (a fetch fills it from the network); the pack
        is moved in under it."""
        file, commit, abort = super().add_pack()

        def guarded() -> Any:
            with guard(os.path.dirname(self.path)):
                self._clear_pack_locks()
                return commit()

        return file, guarded, abort


def open_repo(folder: str | os.PathLike[str]) -> Repo:
    """The bare repository in ``folder``, its objects written under its guard."""
    return Repo(os.fspath(folder), object_store=GuardedStore(os.path.join(folder, "objects")), bare=True)
