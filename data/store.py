"""The tournament file: a TinyDB JSON database of events, written so it never breaks.

Layout: table ``meta`` holds one document ``{"format": "tengen-tournament",
"version": 1}`` by which a foreign JSON file is told apart; table ``events`` holds
one document per event, its TinyDB id being the event id.

TinyDB writes by truncating the file and writing it again, which a power cut turns
into an empty or half file.  ``AtomicStorage`` replaces that storage: every write
goes to a temporary file in the same folder, is fsynced, the previous file is kept as
``FILE.bak`` (a hard link, so it costs nothing), the temporary file is renamed over the
original, and the folder is fsynced so the rename itself is durable.  A crash at any
instant leaves either the old or the new file, both complete.  On Linux the temporary file
is, where nobody else holds it, the old backup's own (``_old_backup``): written over, not
made anew, since its pages are in memory already.  The file is always in
one compact form, so an append writes the bytes read up to their two closing braces,
then its events' JSON: one write and one fsync, no copy of the file in memory, no parsing
or serialising of the events before it.
"""

from __future__ import annotations

import codecs
import glob
import json
import mmap
import os
import re
import secrets
import signal
import stat
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

try:
    import fcntl
except ImportError:  # Windows: no leases, so a new file for each state
    fcntl = None  # type: ignore[assignment]
from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from data.errors import TournamentFileError, os_reason
from data.lock import WriterLock
from schemes.errors import InvalidEvent, Notice, Worded
from schemes.log.events import Event, retracted_ids
from schemes.log.history import describe_parts
from schemes.values.text import TITLE_LIMIT, single_line

FORMAT = "tengen-tournament"
VERSION = 1
_META, _EVENTS = "meta", "events"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


class Damaged(TournamentFileError):
    """A tournament file that cannot be read as one (missing, damaged, foreign): ``what`` is
    wrong with it; the app offers to put its backup back."""

    def __init__(self, template: str, path: Path, what: Worded, **fields: object) -> None:
        self.path, self.what = path, what
        super().__init__(template, path=path, what=what, **fields)


class Behind(Damaged):
    """A tournament file whose backup holds entries of it the file lacks: an older copy put in
    its place.  Its backup is newer than it, not its previous state, and the entry made last
    before the copy came is in neither (the app says so, a trial's two results came back one)."""


def damaged(path: Path, what: Worded) -> Damaged:
    """The one-line refusal of a file that cannot be read, naming ``FILE.bak`` when there is
    one and how to put it back — or that it does not read either (a sync tool that emptied
    both: the advice to restore it only led to a second refusal, a review)."""
    backup = backup_path(path)
    if backup.is_file():
        try:
            _load(backup)
        except TournamentFileError:
            return Damaged("{path}: {what}; its backup {backup} does not read either: nothing to put back", path, what,
                           backup=backup.name)  # fmt: skip
        return Damaged(
            "{path}: {what}; the previous state is in {backup}: tengen restore {path} puts it back",
            path,
            what,
            backup=backup.name,
        )
    return Damaged("{path}: {what}", path, what)


def _fsync_folder(folder: Path) -> None:
    """The folder's entries made durable where it can be: some file systems (FAT through
    FUSE, network shares) cannot sync a folder, and a folder without read permission cannot
    be opened for it — after the rename the entry is saved, and was said to have failed (an
    attack: an ``undo`` typed again undid two events)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temporary(path: Path, kind: str) -> tuple[int, Path]:
    """A new file beside ``path`` with an unpredictable name, created exclusively and never
    through a planted link (``mkstemp``: O_EXCL and O_NOFOLLOW), readable by its owner only."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.{kind}-", dir=path.parent)
    return fd, Path(name)


def _write_fd(fd: int, payload: bytes | Sequence[bytes | memoryview], start: int = 0) -> None:
    """Write ``payload`` (or its parts, one after the other: no copy joins them) from byte
    ``start`` on — the bytes before it are the payload's already — cut the file there (an old
    file written over may be longer), and sync it."""
    parts = [payload] if isinstance(payload, bytes) else payload
    with os.fdopen(fd, "wb") as handle:
        handle.seek(start)
        for part in parts:
            handle.write(memoryview(part)[start:])
            start = max(0, start - len(part))
        handle.flush()
        handle.truncate()
        os.fsync(handle.fileno())


def _kept_start(fd: int, payload: bytes | Sequence[bytes | memoryview]) -> int:
    """How many bytes at the start of the old backup's file (open as ``fd``) are the new
    state's already: all but its closing braces where it is an earlier state of this log (an
    append only adds events before them), checked byte for byte — then only the new events
    are written and synced, not the whole file again; 0 where it is anything else."""
    first = payload if isinstance(payload, bytes) else payload[0]
    try:
        size = os.fstat(fd).st_size
        kept = size - 2
        if kept <= 0 or kept > len(first):
            return 0
        # nobody else holds this file (``_old_backup``), so nothing can cut it under the mapping
        with mmap.mmap(fd, size, access=mmap.ACCESS_READ) as held:
            return kept if held.find(memoryview(first)[:kept], 0, kept) == 0 else 0
    except (OSError, ValueError):
        return 0


def _same_owner_and_mode(source: os.stat_result | None, target: Path) -> None:
    """The new state keeps the file's permissions, group and — written by root (``sudo
    tengen``), who may give it — owner: a ``chmod 600`` file stays 600, and one entry as root
    took the referee's file from him (an attack).  A new file gets the usual ``0666 & ~umask``.
    Where the file system keeps none of them (FAT), nothing is lost by trying."""
    if source is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    else:
        mode = stat.S_IMODE(source.st_mode)
    try:
        os.chmod(target, mode)
        if source is not None:
            try:
                os.chown(target, source.st_uid, source.st_gid)
            except OSError:  # another's file: its group, where this user is in it
                os.chown(target, -1, source.st_gid)
    except OSError:
        pass


def _remove_leftovers(path: Path, older_than: float = 0.0) -> None:
    """What a writer killed mid-write left beside ``path`` (only one writer runs, and it is
    this one): a new state's temporary file, a backup's new name not yet renamed; only those
    not touched for ``older_than`` seconds, where another writer may be at work.  A folder
    of that name is not ours and stays; one that cannot be removed is left for the next."""
    name = glob.escape(path.name)  # «t[12].json» is no pattern matching «t1.json»'s files (a review)
    for pattern in (f".{name}.tmp-*", f".{name}.bak-*"):
        for stale in path.parent.glob(pattern):
            try:
                if older_than and time.time() - stale.lstat().st_mtime < older_than:
                    continue
                if not stale.is_dir() or stale.is_symlink():
                    stale.unlink(missing_ok=True)
            except OSError:
                pass


OUTPUT_LEFTOVER_AGE = 600.0
"""Seconds after which an output's temporary file is a killed writer's (``write_output``):
no document takes so long to write, and two prints of one document may run at once (the app
and the command line take no lock to print)."""


def write_output(path: Path, payload: bytes) -> None:
    """A document (or a hall's status file) written whole or not at all, no backup kept; the
    temporary file of a writer killed mid-write (a hidden ``.NAME.tmp-…`` beside it) removed at
    the next write of it."""
    _remove_leftovers(path, older_than=OUTPUT_LEFTOVER_AGE)
    write_atomically(path, payload, keep_backup=False)


def _keep_backup(path: Path) -> None:
    """``FILE.bak`` becomes the current file: a hard link where the file system has them,
    else a copy (FAT and exFAT USB sticks have no hard links)."""
    link = path.with_name(f".{path.name}.bak-{secrets.token_hex(8)}")
    try:
        os.link(path, link)
    except OSError:
        fd, link = _temporary(path, "bak")
        try:
            _write_fd(fd, path.read_bytes())
            _same_owner_and_mode(os.stat(path), link)
        except BaseException:
            link.unlink(missing_ok=True)
            raise
    os.replace(link, backup_path(path))
    link.unlink(missing_ok=True)  # where FILE.bak was FILE already, the rename left both names


def _old_backup(path: Path) -> tuple[int, Path] | None:
    """The file ``FILE.bak`` holds, opened for writing under a temporary name, to be written
    over with the new state and become ``FILE``: its pages are in memory already (it was
    ``FILE`` the command before last, read then), where a new file's 9 MB cost the system
    7–22 ms to allocate here — a fifth of the whole append of a 50,000-event log — and the
    old backup's blocks need not be freed.  Only a file nobody else holds: ours, regular, no
    name but ``FILE.bak`` (a hard link of the user's is never written through) and no other
    process reading it — Linux's write lease is granted only then.  None anywhere else (no
    ``.bak``, no hard links on FAT, no leases on Windows or macOS or a network share): a new
    file, as before."""
    lease = getattr(fcntl, "F_SETLEASE", None) if fcntl is not None else None
    if lease is None:
        return None
    name = path.with_name(f".{path.name}.tmp-{secrets.token_hex(8)}")  # the pattern a crash's leftovers are cleaned by
    try:
        os.link(backup_path(path), name, follow_symlinks=False)
    except OSError:
        return None
    try:
        fd = os.open(name, os.O_RDWR | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        name.unlink(missing_ok=True)
        return None
    try:
        held = os.fstat(fd)
        if not stat.S_ISREG(held.st_mode) or held.st_nlink != 2 or held.st_uid != os.geteuid():
            raise OSError("not a file of ours alone")
        # the lease is the question «does anyone else hold it open?», asked and let go at once:
        # its break is a signal that would end this process (SIGIO's default), so it is SIGURG
        # (ignored) for the instant it is held, and a sync tool opening the new name later
        # finds a file being written, as it would a new one
        fcntl.fcntl(fd, fcntl.F_SETSIG, signal.SIGURG)
        fcntl.fcntl(fd, lease, fcntl.F_WRLCK)
        fcntl.fcntl(fd, lease, fcntl.F_UNLCK)
    except OSError:
        os.close(fd)
        name.unlink(missing_ok=True)
        return None
    return fd, name


def write_atomically(path: Path, payload: bytes | Sequence[bytes | memoryview], keep_backup: bool = True) -> Identity:
    """Replace ``path`` by ``payload`` so that a crash leaves the old or the new file whole, the
    old one kept as ``FILE.bak`` (which is whole at every instant too).  When the disk is full
    or the folder read-only the file stays as it was, no temporary file is left, and the error
    is one line.  The identity of the file written."""
    backup = backup_path(path)
    if keep_backup and backup.is_dir() and not backup.is_symlink():
        raise TournamentFileError(
            "{backup} is a folder: Tengen keeps the previous state of {path} under that name; rename the folder",
            backup=backup,
            path=path.name,
        )
    reused = _old_backup(path) if keep_backup and path.exists() else None
    try:
        fd, temporary = reused or _temporary(path, "tmp")
    except OSError as error:
        raise TournamentFileError(
            "{path}: cannot write in {folder} ({reason})", path=path, folder=path.parent, reason=os_reason(error)
        ) from None
    try:
        start = 0
        if reused is not None:  # FILE.bak is FILE, durably, before the old backup's file is written over
            try:
                _keep_backup(path)
                _fsync_folder(path.parent)
                start = _kept_start(fd, payload)
            except BaseException:
                os.close(fd)
                raise
        _write_fd(fd, payload, start)
        try:
            current: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            current = None
        _same_owner_and_mode(current, temporary)
        if keep_backup and current is not None and reused is None:
            _keep_backup(path)
        written = identity(os.stat(temporary))  # the rename keeps all of it
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        if not os.path.lexists(path):  # "as it was" of a file that never was misled (an attack)
            raise TournamentFileError(
                "{path}: cannot write it ({reason}); nothing was written", path=path, reason=os_reason(error)
            ) from None
        raise TournamentFileError(
            "{path}: cannot write it ({reason}); the file is as it was before", path=path, reason=os_reason(error)
        ) from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)
    return written


def _load(path: Path) -> dict[str, Any]:
    return _parsed(path, _read(path)[0])


def _read(path: Path) -> tuple[bytes, Identity]:
    """The bytes of the tournament file ``path`` and the identity of the file they were read
    from (``TournamentFile`` writes only over that file)."""
    check_regular(path, path)  # before opening: opening some devices does something (a tape rewinds)
    try:
        fd = os.open(path, _FOREIGN)
    except FileNotFoundError:
        raise damaged(path, Worded("no such file")) from None
    except OSError as error:
        raise TournamentFileError("{path}: cannot read it ({reason})", path=path, reason=os_reason(error)) from None
    try:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise TournamentFileError("{path}: a folder, not a tournament file", path=path)
        data, status = _plain(fd, path, TOURNAMENT_LIMIT, "a tournament file")
    except TooBig as big:  # damage (a broken FAT entry reads as gigabytes): its backup named and offered (an attack)
        raise damaged(path, Worded("{size} MB, too big for a tournament file (at most {limit} MB)",
                                   size=big.fields["size"], limit=big.fields["limit"])) from None  # fmt: skip
    except OSError as error:
        raise TournamentFileError("{path}: cannot read it ({reason})", path=path, reason=os_reason(error)) from None
    finally:
        os.close(fd)
    return data, identity(status)


TOURNAMENT_LIMIT = 100_000_000
"""The largest tournament file read: a log of 50,000 events (a season of big events in one
file) is 9 MB; a 3 GB file was read whole, with 9 GB of memory, before it was refused."""

Identity = tuple[int, int, int, int, int]
"""What tells a file on disk from another, or from itself changed: device, inode, size,
modification time, number of names."""


def identity(status: os.stat_result) -> Identity:
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_nlink


def _parsed(path: Path, raw: bytes) -> dict[str, Any]:
    """The tables in the bytes ``raw`` of ``path``; refused unless they are a Tengen tournament."""
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # an editor may have put a BOM before it
    except (UnicodeDecodeError, ValueError, RecursionError):  # ValueError: a number of 5,000 digits
        if raw.removeprefix(codecs.BOM_UTF8).lstrip().startswith(b"<"):  # an OpenGotha file given for one
            raise TournamentFileError("{path}: an XML file, not a Tengen tournament; an OpenGotha file becomes one "
                                      "with tengen import opengotha {path} FILE", path=path) from None  # fmt: skip
        raise damaged(path, Worded("not a Tengen tournament (damaged or not JSON)")) from None
    if half_a_character(raw, data):
        raise damaged(path, Worded("not a Tengen tournament (damaged or not JSON)"))
    meta = _meta(data)
    if meta is None or meta.get("format") != FORMAT or not isinstance(data.get(_EVENTS), dict):
        raise damaged(path, Worded("not a Tengen tournament file"))
    if meta.get("version") != VERSION:
        raise TournamentFileError(
            "{path}: tournament file version {version}, this program reads version {ours}",
            path=path,
            version=json.dumps(meta.get("version"), ensure_ascii=False)[:20],  # "1", a string, is not version 1
            ours=VERSION,
        )
    return cast(dict[str, Any], data)


_ESCAPED_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")
"""Half of a character written as a JSON escape (``\\ud800``): a pair of them is one
character beyond the first 65,536 (an emoji), one alone is no text at all."""


def half_a_character(raw: bytes, data: object) -> bool:
    """Whether ``data``, parsed from ``raw``, holds a text UTF-8 cannot write: a lone surrogate
    escaped in a file reformatted by hand read as a string, and every later write of it failed
    with a traceback (a durability attack); refused as damage when the file is read (its
    backup offered), or its tail read on top of a kept state (a review).  Looked at only where
    ``raw`` escapes one (3 ms over a 6 MB file; the walk is 0.2 s)."""
    if not _ESCAPED_SURROGATE.search(raw):
        return False
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except (RecursionError, ValueError):  # nested deeper than a write could write it back (a review)
        return True
    return False


def is_tournament(path: Path) -> bool:
    """Whether ``path`` holds a Tengen tournament (or its backup): such a file is never
    overwritten by anything but a new state of itself."""
    try:
        head = read_plain(path, 4096, head=True)  # a pipe so named is no tournament, and no wait
    except (OSError, TournamentFileError):
        return False
    return f'"format":"{FORMAT}"'.encode() in head or f'"format": "{FORMAT}"'.encode() in head


OUTPUT_CHECK_LIMIT = 256_000_000
"""The largest JSON file an output's check parses whole to see whether it is a tournament;
a larger one is taken for one (never replaced)."""


def holds_tournament(path: Path) -> bool:
    """Whether ``path`` holds what the loader would take for a tournament (of any version), so
    that no output replaces it.  Its head says so for every file Tengen writes; a JSON object
    whose tables are in another order (``jq -S`` sorts ``events`` before ``meta``) is parsed
    whole, as the loader parses it — the head alone let a PDF be written over one."""
    if is_tournament(path):
        return True
    try:
        head = read_plain(path, 16, head=True)
        if not head.removeprefix(codecs.BOM_UTF8).lstrip().startswith(b"{"):
            return False
        data = json.loads(read_plain(path, OUTPUT_CHECK_LIMIT).decode("utf-8-sig"))
    except TooBig:
        return True
    except (OSError, TournamentFileError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    meta = _meta(data)
    return meta is not None and meta.get("format") == FORMAT


def _meta(data: Any) -> dict[str, Any] | None:
    """The format record of a file's parsed tables, if it has one."""
    table = data.get(_META) if isinstance(data, dict) else None
    meta = table.get("1") if isinstance(table, dict) else None
    return meta if isinstance(meta, dict) else None


def _events(path: Path, data: dict[str, Any]) -> list[Event]:
    table = data[_EVENTS]
    if not all(len(key) < 20 and key.isascii() and key.isdigit() and key == str(int(key)) for key in table):
        raise damaged(path, Worded("damaged event log (an event id is not a number)"))  # "022", " 22", "٢"
    ids = sorted(int(key) for key in table)
    if ids != list(range(1, len(ids) + 1)):
        raise damaged(path, Worded("damaged event log (events are missing)"))
    try:
        return [Event.from_json(i, table[str(i)]) for i in ids]
    except InvalidEvent as error:
        raise damaged(path, Worded("damaged event log ({reason})", reason=error)) from None


def _last_event(raw: bytes, count: int) -> Event | None:
    """Event ``count`` (from 2 on) read alone from the end of the compact bytes ``raw``, which
    end ``,"N":{…}}}``; None unless they end with exactly that event (then the whole log is
    parsed).  A ``,"N":`` inside the event's own data is found first only where it is nested,
    and the text from there leaves the braces of its enclosing objects over: no JSON value."""
    key = f',"{count}":'.encode()
    start = raw.rfind(key) if count > 1 and raw.endswith(b"}}") else -1
    if start < 0:
        return None
    try:
        return Event.from_json(count, json.loads(raw[start + len(key) : -2].decode()))  # strict, as the replay's
    except (ValueError, RecursionError, InvalidEvent):
        return None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _serialise(data: dict[str, Any]) -> bytes:
    """The compact form every file this program writes has (an append adds to it)."""
    return _json(data).encode("utf-8")


class AtomicStorage(Storage):
    """TinyDB storage that writes atomically and durably, and reads the file once.

    TinyDB writes by serialising the whole database; ``TournamentFile`` appends through it
    only for a file in another form (pretty-printed, hand-edited), which it thereby
    rewrites in the compact form.  Appends to a compact file add bytes instead (see
    ``TournamentFile.append``).
    """

    def __init__(self, path: str, initial: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self._data = initial

    def read(self) -> dict[str, Any] | None:
        if self._data is None:
            self._data = _load(self.path)
        return self._data

    def write(self, data: dict[str, Any]) -> None:
        try:
            write_atomically(self.path, _serialise(data))
        except BaseException:
            self._data = None  # memory may be ahead of the disk now: read it again
            raise
        self._data = data


def _backup_is(path: Path, status: os.stat_result) -> bool:
    """Whether ``FILE.bak`` is ``FILE`` itself, as a writer killed between keeping the backup
    and renaming the new state leaves them (the one other name a tournament file may have)."""
    try:
        backup = os.stat(backup_path(path), follow_symlinks=False)
    except OSError:
        return False
    return (backup.st_dev, backup.st_ino) == (status.st_dev, status.st_ino)


class ChangedOutside(TournamentFileError):
    """The file on disk is no longer the one this writer read: another program wrote it
    (after removing the lock) or put another file in its place."""

    template = "{path} was changed by another program since it was opened here: nothing was written; open it again"

    @classmethod
    def lacking(cls, path: Path, held: Sequence[Event], raw: bytes) -> ChangedOutside:
        """Refused, saying what the file on disk now is to what is held here: an older state of
        it names the entries it lacks and the last of them, to type again (a sync tool put an
        older copy back, and reopened the board was empty without a word: an attack); another
        tournament is named, no entry to type into it; a file that no longer reads says that
        what is open here can still be exported (reopening would lose it all: a review).
        ``raw``: the bytes on disk, as just read."""
        try:
            there = _events(path, _parsed(path, raw))
        except (TournamentFileError, KeyError, TypeError, ValueError):
            return cls._unreadable(path, held)
        if not there or not _same_event(there[0], held[0]):
            name = there[0].data.get("name", "") if there else ""
            return cls("{path} was changed by another program and holds another tournament now ({name}): nothing "
                       "was written", path=path, name=str(name)[:80])  # fmt: skip
        lost = _beyond(there, held)
        if not lost:
            return cls(path=path)
        return cls(
            "{path} was changed by another program since it was opened here: nothing was written; it lacks "
            "{count:entry|entries} made before, the last: {last}; open it again and enter them anew",
            path=path, count=len(lost), last=Notice(*describe_parts(lost[-1])),
        )  # fmt: skip

    @classmethod
    def _unreadable(cls, path: Path, held: Sequence[Event]) -> ChangedOutside:
        """The file no longer reads (a sync tool emptied it): its backup, where it is this
        tournament's, is the way back, named with the entries it lacks (a trial read only that
        an export could save what was open, with no word of the backup opening it offers)."""
        backup = backup_path(path)
        kept = _log(backup)
        if not kept or not _same_event(kept[0], held[0]):
            return cls("{path} was changed by another program and no longer reads as a tournament: nothing was "
                       "written; what is open here can still be exported (an OpenGotha file keeps its players, "
                       "games and results)", path=path)  # fmt: skip
        lost = _beyond(kept, held)
        if not lost:
            return cls("{path} was changed by another program and no longer reads as a tournament: nothing was "
                       "written; its backup {backup} holds every entry made here: open the file again to put it "
                       "back", path=path, backup=backup)  # fmt: skip
        return cls(
            "{path} was changed by another program and no longer reads as a tournament: nothing was written; its "
            "backup {backup} lacks entries made here ({count}), the last: {last}; open the file again to put the "
            "backup back, then enter them anew",
            path=path, backup=backup, count=len(lost), last=Notice(*describe_parts(lost[-1])),
        )  # fmt: skip


def _beyond(there: Sequence[Event], held: Sequence[Event]) -> Sequence[Event]:
    """The entries held here past where the log ``there`` (of the same tournament) parts from them."""
    common = next((i for i, (a, b) in enumerate(zip(there, held, strict=False)) if not _same_event(a, b)),
                  min(len(there), len(held)))  # fmt: skip
    return held[common:]


_SYNC_COPY = re.compile(
    r"(?P<stem>.+?)(?: \([^()]*conflicted copy[^()]*\)|\.sync-conflict-.*| ?\([1-9][0-9]?\)| (?:[2-9]|[1-9][0-9]))"
)
"""What sync tools add to a file's name for the copy they make where it changed on two
machines at once, its original's stem before it: Dropbox's, Nextcloud's and OneDrive's
«cup (… conflicted copy …).json», Syncthing's «cup.sync-conflict-20261207-072700-ABCDEFG.json»,
Yandex.Disk's «cup (2).json» or «cup(2).json» (as Google Drive and OneDrive number theirs),
iCloud's «cup 2.json».  A numbered name may be the referee's own (last year's «Кубок 2»):
only a copy of this very tournament is ever taken for one."""


def sync_copy_of(path: Path) -> Path | None:
    """The tournament beside ``path`` whose sync tool's copy it is: by its name, and by its
    first entry, the original's (a tournament of its own is never said to be a copy)."""
    own = _SYNC_COPY.fullmatch(path.stem)
    original = path.with_name(own["stem"] + path.suffix) if own is not None else None
    if original is None or not original.is_file():
        return None
    own_log, its_log = _log(path), _log(original)
    return original if own_log and its_log and _same_event(own_log[0], its_log[0]) else None


def _copies(path: Path) -> list[Path]:
    """The names beside ``path`` a sync tool gives its copies of it."""
    beside = path.parent.glob(glob.escape(path.stem) + "*" + glob.escape(path.suffix))
    return sorted(copy for copy in beside
                  if (own := _SYNC_COPY.fullmatch(copy.stem)) is not None and own["stem"] == path.stem)  # fmt: skip


def sync_copies(path: Path, read: Callable[[], Sequence[Event]]) -> list[Notice]:
    """Each copy a sync tool made of this tournament beside ``path`` that holds entries the
    file lacks (its events, ``read`` only where there is a copy: a long log's commands do not
    parse it), named with their count and the last: a folder synced between two laptops,
    where no lock travels, left one laptop's results in such a copy, and the file opened
    without a word of it (an attack).  A copy of another tournament, or with nothing new, is
    not named; and, opened itself, a copy says whose it is."""
    found: list[Notice] = []
    original = sync_copy_of(path)  # opened itself, a copy's entries went into the copy (a trial)
    if original is not None:
        found.append(Notice("this file is a copy a sync tool made of {original}: enter what it holds there, "
                            "not here", {"original": original.name}))  # fmt: skip
    for copy, lacking in _copies_with_news(path, read):
        found.append(Notice("a copy a sync tool made beside it, {copy}, holds {count:entry|entries} this file "
                            "lacks, the last: {last}: open it to see them, enter them here, then remove the copy",
                            {"copy": copy.name, "count": len(lacking),
                             "last": Notice(*describe_parts(lacking[-1]))}))  # fmt: skip
    return found


def copy_with_news(path: Path) -> Path | None:
    """The first copy a sync tool made beside ``path`` that holds entries the file lacks (the
    start screen marks the tournament: a trial's line said nothing, its copy's the same whether
    it held a result or nothing new)."""
    return next((copy for copy, _lacking in _copies_with_news(path, lambda: _log(path))), None)


def _copies_with_news(path: Path, read: Callable[[], Sequence[Event]]) -> Iterator[tuple[Path, list[Event]]]:
    """Each sync tool's copy beside ``path`` with the entries it holds that the file lacks;
    the file's events (``read``) read only where there is a copy."""
    names = _copies(path)
    events = read() if names else []
    for copy in names:
        lacking = _lacking(copy, events, _done)
        if lacking:
            yield copy, lacking


def _log(path: Path) -> list[Event]:
    """The entries of a tournament file beside ours (its backup, a sync tool's copy); none
    where it does not read."""
    try:
        return _events(path, _parsed(path, read_plain(path, TOURNAMENT_LIMIT)))
    except (OSError, TournamentFileError, KeyError, TypeError, ValueError):
        return []


def _lacking(other: Path, events: Sequence[Event], key: Callable[[Event], str]) -> list[Event]:
    """The entries of the log ``other`` that ``events`` lacks, compared by ``key``: none where
    it does not read or is another tournament's (its first entry not ours)."""
    kept = _log(other)
    if not kept or not events or not _same_event(kept[0], events[0]):
        return []
    here = {key(event) for event in events}
    return [event for event in kept if key(event) not in here]


def _done(event: Event) -> str:
    """What an entry does, whenever it was made: one typed again from a sync tool's copy is
    the copy's (compared whole, with its time, the notice never went, a review)."""
    return json.dumps([event.kind, event.data], sort_keys=True)


def _entry(event: Event) -> str:
    """An entry as the file writes it, whatever its number."""
    return json.dumps(event.to_json(), sort_keys=True)


def _same_event(a: Event, b: Event) -> bool:
    """The same entry, as the file writes it (a tuple held is the list read back)."""
    return a.id == b.id and _entry(a) == _entry(b)


_COMPACT_HEAD = ('{"' + _META + '":{"1":{').encode()
"""How a file this program wrote begins (no spaces): its bytes can be appended to."""


def real_path(path: str | os.PathLike[str]) -> Path:
    """The file a name stands for, resolved once: through a symbolic link every write and
    the lock go to the real file, so two names can never become two tournaments.  A ``..``
    after a link is the link's folder's parent, as the system reads the name (taken off the
    name first, ``L/../t.json`` wrote another tournament than ``cat`` read: an attack)."""
    try:
        expanded = Path(path).expanduser()
    except RuntimeError:  # ~name of a user the system does not know
        raise TournamentFileError("{path}: no such user's home folder", path=str(path)[:80]) from None
    try:
        real = expanded.resolve()
    except (RuntimeError, OSError):  # a loop of links (pathlib says so with RuntimeError)
        raise TournamentFileError("{path}: a loop of symbolic links", path=str(path)[:200]) from None
    if not real.name:  # «/», «/tmp/..»: no file has that name, and its lock's name was a traceback (an attack)
        raise TournamentFileError("{path}: a folder, not a tournament file", path=str(path)[:200])
    return real


def check_regular(path: Path, shown: object) -> None:
    """Refuse ``path`` if it is there but is no plain file: a device, a pipe or a socket is
    never read as a tournament (a pipe would hang) nor replaced by one (as root, a device
    node replaced by a file breaks the system)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise TournamentFileError("{path}: a device or a pipe, not a file", path=shown)


_FOREIGN = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
"""How a file from outside is opened: never waiting (a pipe in its place would hold the
command for ever); through a link, as the referee named it."""


def read_plain(
    path: Path, limit: int, what: str = "a file of its kind", head: bool = False, links: bool = True
) -> bytes:
    """The bytes of a file from outside Tengen (a rating or player list, a stick's requests,
    the app's settings, the state cache's entries): a plain file, opened without waiting, of
    at most ``limit`` bytes and never read beyond them (``/dev/zero``, or a file grown while
    read, would take every byte of memory) — or with ``head`` its first ``limit`` bytes,
    whatever its size; without ``links``, never through a symbolic link (the cache's files).
    OSError as opening raises it; TournamentFileError for a folder, a device, a pipe or a file
    too big for ``what`` it should be (a word of the catalogue)."""
    fd = os.open(path, _FOREIGN | (0 if links else getattr(os, "O_NOFOLLOW", 0)))
    try:
        return _plain(fd, path, limit, what, head)[0]
    finally:
        os.close(fd)


def _plain(fd: int, path: Path, limit: int, what: str, head: bool = False) -> tuple[bytes, os.stat_result]:
    """``read_plain``'s reading of the open ``fd``, and the file's status as it was opened."""
    status = os.fstat(fd)
    if stat.S_ISDIR(status.st_mode):
        raise TournamentFileError("{path}: a folder, not a file", path=path)
    if not stat.S_ISREG(status.st_mode):
        raise TournamentFileError("{path}: a device or a pipe, not a file", path=path)
    if not head and status.st_size > limit:
        raise TooBig(path=path, size=-(-status.st_size // 1_000_000), what=what, limit=limit // 1_000_000)
    with os.fdopen(os.dup(fd), "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit and not head:
        raise TooBig(path=path, size=-(-len(data) // 1_000_000), what=what, limit=limit // 1_000_000)
    return data[:limit], status


class TooBig(TournamentFileError):
    """A file from outside bigger than any of its kind (a list of every Go player there is
    is a few megabytes)."""

    template = "{path}: {size} MB is too big for {what} (at most {limit} MB)"


@dataclass(frozen=True)
class Summary:
    """What the start screen says of a tournament file without replaying it."""

    name: str
    scheme: str
    rounds: int | None
    paired: int


def summary(path: Path) -> Summary | None:
    """The name, scheme and rounds of the tournament in ``path`` (as its settings have them
    now); None for any other file, and
    for one whose name the replay would refuse (the command line calls it damaged).  Its head
    is looked at first: the start screen reads every ``*.json`` of its folders, and a 3 GB one
    was read whole to find it was none."""
    if not is_tournament(path):
        return None
    try:
        events = _events(path, _load(path))
    except TournamentFileError:
        return None
    created = events[0].data if events and events[0].kind == "tournament_created" else None
    if created is None:
        return None
    undone = retracted_ids(events)
    current = {**created}  # renamed since, or its rounds changed (a trial's start screen kept the old name)
    for event in events:
        if event.kind == "settings_changed" and event.id not in undone:
            current.update({key: event.data[key] for key in ("name", "rounds") if key in event.data})
    try:  # as the replay checks them: a name holding escapes went to the terminal raw
        name = single_line(str(current["name"]), "the tournament's name", TITLE_LIMIT, required=True)
        scheme = single_line(str(created["scheme"]), "the scheme")
    except InvalidEvent:
        return None
    rounds = current.get("rounds")
    paired = sum(e.kind == "round_paired" and e.id not in undone for e in events)
    return Summary(name, scheme, rounds if isinstance(rounds, int) else None, paired)


def restore(path: Path) -> Path | None:
    """``FILE.bak`` back as ``FILE``, under the writer lock; the file it replaces is kept as
    ``FILE.damaged`` (``FILE.damaged-2``… when one is kept already), so that even a wrong
    restore, or a second one, loses nothing.  Where it was kept, if there was a file."""
    path = real_path(path)
    backup = backup_path(path)
    for checked in (path, backup):  # a pipe there held restore for ever, a device filled the memory (an attack)
        check_regular(checked, checked)
    with WriterLock(path):
        _events(backup, _load(backup))
        payload = backup.read_bytes()  # read as a tournament just now: at most ``TOURNAMENT_LIMIT``
        kept = damaged_name(path) if path.exists() else None
        moved = kept is not None and _keep_aside(path, kept)
        try:
            write_atomically(path, payload, keep_backup=False)
        except BaseException:  # the file as it was: no copy of it beside (an attack on a full disk found one)
            if moved and kept is not None:
                os.replace(kept, path)
            elif kept is not None:
                kept.unlink(missing_ok=True)
            raise
    return kept


def _keep_aside(path: Path, kept: Path) -> bool:
    """``path`` kept as ``kept`` before ``restore`` writes the backup over it: a second name of
    the same file where the file system has them, else a copy — or, for a file too big to read
    whole (a broken FAT entry reads as gigabytes: ``read_bytes`` failed with MemoryError, an
    attack), the file itself moved there (True: ``path`` is gone until the backup is written)."""
    try:
        os.link(path, kept, follow_symlinks=False)
        return False
    except OSError:  # FAT and exFAT have one name per file
        pass
    if path.stat().st_size <= TOURNAMENT_LIMIT:
        write_atomically(kept, path.read_bytes(), keep_backup=False)
        return False
    os.rename(path, kept)
    return True


def damaged_name(path: Path) -> Path:
    """Where ``restore`` keeps the file it replaces: ``FILE.damaged``, or ``FILE.damaged-2``,
    ``-3``…, the first name nothing holds."""
    return untaken(
        path.with_name(path.name + ".damaged"), named=lambda wanted, n: wanted.with_name(f"{wanted.name}-{n}")
    )


_KEPT = re.compile(r"(.+)(?:\.bak|\.lock|\.damaged(?:-[0-9]+)?)", re.IGNORECASE)
"""What Tengen keeps beside a tournament ``FILE`` (``FILE.bak``, ``FILE.lock``,
``FILE.damaged``, ``FILE.damaged-2``…), ``FILE`` its group, in any case: on FAT or exFAT
``t.json.BAK`` is ``t.json.bak`` (an attack wrote an entry there, lost at the next one of
``t.json``)."""


_LEFTOVERS = (".tmp-", ".bak-")
"""What a writer names its files before renaming them: ``.FILE.tmp-…``, ``.FILE.bak-…``
(``_remove_leftovers`` removes them at the next write)."""


def untaken(
    wanted: Path,
    taken: Callable[[Path], bool] = lambda path: path.exists() or path.is_symlink(),
    named: Callable[[Path, int], Path] = lambda wanted, n: wanted.with_name(f"{wanted.stem}-{n}{wanted.suffix}"),
) -> Path:
    """``wanted``, or its ``named`` second, third… (``stem-2.suffix`` by default), the first
    that is not ``taken``: a name for a file to make that never names one there already."""
    candidate, number = wanted, 2
    while taken(candidate):
        candidate = named(wanted, number)
        number += 1
    return candidate


def kept_beside(path: Path) -> Path | None:
    """The tournament whose backup, lock, kept damaged file or writer's temporary file ``path``
    would be, if any: Tengen replaces or removes such a file at that tournament's next entry,
    so nothing else may be written there, nor may it be opened as a tournament of its own."""
    kept = _KEPT.fullmatch(path.name)
    owners = [kept.group(1)] if kept else []
    if path.name.startswith("."):
        owners += [path.name[1:].rpartition(mark)[0] for mark in _LEFTOVERS if mark in path.name]
    return next((path.with_name(stem) for stem in owners if stem and is_tournament(path.with_name(stem))), None)


def has_controls(name: str) -> bool:
    """Whether a file's name holds a control character (a no-break space in a folder is fine):
    refused for a new tournament and for an output alike."""
    return any(unicodedata.category(char) == "Cc" for char in name)


class TournamentFile:
    """The event log of one tournament on disk; writable only while its lock is held.

    The file's bytes are read once.  Its events are parsed (and checked) when opened,
    or — with ``lazy`` and a file in our compact form — only when first asked for, so that
    a caller who knows the log by other means (``known``) never parses it: an append to
    a compact file needs only the count of events and adds its bytes before the
    closing braces.
    """

    def __init__(
        self, path: str | os.PathLike[str], writable: bool = False, lazy: bool = False, merge: bool = False
    ) -> None:
        self.path = real_path(path)
        self._lock: WriterLock | None = None
        self._events: list[Event] | None = None
        self._count: int | None = None
        self._appendable = False
        owner = kept_beside(self.path) if writable else None
        if owner is not None:  # an entry written into a backup is lost at the owner's next one
            raise TournamentFileError(
                "{path} is what Tengen keeps beside {tournament}: open {tournament} itself "
                "(tengen restore {tournament} puts its backup back)",
                path=self.path.name,
                tournament=owner.name,
            )
        if writable:
            self._lock = WriterLock(self.path, merge)
            self._lock.acquire()
        try:
            read, self._seen = _read(self.path)
            self._raw: bytes | tuple[memoryview, bytes] = read
            if not (lazy and self.compact):
                self._parse()
            if writable:
                self._behind_backup()
        except BaseException:
            self.close()
            raise
        if writable:
            _remove_leftovers(self.path)

    def _behind_backup(self) -> None:
        """Refuse to write where the backup holds entries of this tournament the file lacks:
        an older copy put in the file's place (from a stick, a sync tool's previous version)
        would have its next entry keep it as the backup, and the newer one was gone without a
        word (an attack).  Only a backup longer than the file is read: a log only grows, so
        the usual backup, the state before, costs one ``stat``."""
        backup = backup_path(self.path)
        try:
            longer = os.stat(backup, follow_symlinks=False).st_size > len(self.raw)
        except OSError:
            return
        if not longer:
            return
        # none where the backup does not read, or is another tournament's (linked by hand): written over as before
        lacking = _lacking(backup, self.events, _entry)
        if any(event.origin is not None for event in (*lacking, *self.events)):
            return  # a hall's: its merge may leave a laptop's entries out, kept in its repository (a review)
        if lacking:
            last = Notice(*describe_parts(lacking[-1]))
            what = Worded("its backup {backup} holds {count:entry|entries} it lacks, the last: {last} (an older "
                          "copy put in its place?)", backup=backup.name, count=len(lacking), last=last)  # fmt: skip
            raise Behind(
                "{path}: {what}; tengen restore {path} puts the backup back (the file as it is kept beside it)",
                self.path,
                what,
            )

    @property
    def raw(self) -> bytes:
        """The file's bytes as they are on disk (appends keep them current: joined into one
        copy only when asked for — a command that appends once never asks)."""
        if not isinstance(self._raw, bytes):
            self._raw = b"".join(self._raw)
        return self._raw

    @property
    def compact(self) -> bool:
        """Whether the bytes are in the form this program writes."""
        return self.raw.startswith(_COMPACT_HEAD) and self.raw.endswith(b"}}")

    def _parse(self) -> list[Event]:
        data = _parsed(self.path, self.raw)
        self._events = _events(self.path, data)
        self._count = len(self._events)
        # the bytes end with the last event: a table after it (a "meta" twice, by hand) would take the next one
        self._appendable = (
            self.compact
            and list(data) == [_META, _EVENTS]
            and bool(self._events)  # ',' joins
            and _last_event(self.raw, self._count) == self._events[-1]
        )
        return self._events

    @property
    def events(self) -> list[Event]:
        return self._parse() if self._events is None else self._events

    def last_event(self) -> Event | None:
        """The log's last event (None for none): read alone from the end of the bytes when
        the events are not parsed (the state cache vouched for them), so that what needs only
        the last event — a document's date — does not parse a long log (0.12 s of CPU at
        6,000 events); else from the parsed log."""
        if self._events is None and self._count is not None:
            last = _last_event(self.raw, self._count)
            if last is not None:
                return last
        return self.events[-1] if self.events else None

    @property
    def count(self) -> int:
        return len(self.events) if self._count is None else self._count

    @property
    def appendable(self) -> bool:
        """Whether an append adds bytes (rather than rewriting the file whole)."""
        if self._count is None:
            self._parse()
        return self._appendable

    def known(self, count: int) -> None:
        """The compact bytes are known good and hold ``count`` events (the state cache
        verified them): they need no parsing."""
        if not self.compact:
            raise ValueError("only a file in the compact form is known without parsing")
        self._count, self._appendable = count, True

    @classmethod
    def create(cls, path: str | os.PathLike[str], events: Sequence[Event]) -> TournamentFile:
        """A new file holding ``events`` (the log from its first event), opened for writing,
        in one write; refuses to replace any existing file, and a name with a control character
        (``tengen new $'cup\\e[31m.json'`` made a file whose name then drew on the terminal of
        every listing: a durability attack), as an output's name is refused."""
        if has_controls(os.fspath(path)):
            raise TournamentFileError("the file name holds control characters")
        path = real_path(path)
        if path.exists() or path.is_symlink():
            raise TournamentFileError("{path} exists already: choose another name", path=path)
        owner = kept_beside(path)
        if owner is not None:  # Tengen would replace it at the owner's next entry
            raise TournamentFileError(
                "{path} is the name of what Tengen keeps beside {tournament}: choose another name",
                path=path.name,
                tournament=owner.name,
            )
        if not path.parent.is_dir():
            raise TournamentFileError("{folder}: no such folder", folder=path.parent)
        if [e.id for e in events] != list(range(1, len(events) + 1)):
            raise ValueError("a new log numbers its events from 1")
        data = {_META: {"1": {"format": FORMAT, "version": VERSION}}, _EVENTS: {str(e.id): e.to_json() for e in events}}
        with WriterLock(path):
            if path.exists():
                raise TournamentFileError("{path} exists already: choose another name", path=path)
            write_atomically(path, _serialise(data))
        made = cls(path, writable=True, lazy=True)
        made.known(len(events))
        return made

    def append(self, *events: Event) -> None:
        """Append events in one write: all of them are in the file, or none."""
        if self._lock is None:
            raise TournamentFileError("{path} was opened read-only", path=self.path)
        count = self.count
        for offset, event in enumerate(events, start=1):
            if event.id != count + offset:
                raise TournamentFileError(
                    "event {event} does not follow event {last}", event=event.id, last=count + offset - 1
                )
        self._unchanged()
        if self.appendable:
            added = "".join(f",{_json(str(e.id))}:{_json(e.to_json())}" for e in events)
            parts = (memoryview(self.raw)[:-2], added.encode("utf-8") + b"}}")
            self._seen = write_atomically(self.path, parts)
            self._raw = parts
        else:
            storage: dict[str, Any] = {"initial": _parsed(self.path, self.raw)}
            with TinyDB(str(self.path), storage=AtomicStorage, **storage) as db:
                db.table(_EVENTS).insert_multiple(Document(e.to_json(), doc_id=e.id) for e in events)
            self._appendable = True
            self._raw, self._seen = _read(self.path)
        self._count = count + len(events)
        if self._events is not None:
            self._events.extend(events)

    def rewrite(self, events: Sequence[Event]) -> None:
        """The whole file anew, holding ``events`` (numbered from 1), in one atomic write with
        the backup of the state before: a hall's sync merges other laptops' events in."""
        if self._lock is None:
            raise TournamentFileError("{path} was opened read-only", path=self.path)
        if [e.id for e in events] != list(range(1, len(events) + 1)):
            raise ValueError("a log numbers its events from 1")
        data = {_META: {"1": {"format": FORMAT, "version": VERSION}}, _EVENTS: {str(e.id): e.to_json() for e in events}}
        payload = _serialise(data)
        self._unchanged()
        self._seen = write_atomically(self.path, payload)
        self._raw = payload
        self._events = list(events)
        self._count = len(events)
        self._appendable = bool(events)

    def _unchanged(self) -> None:
        """Refuse to write unless the file on disk holds what was read (or last written) here, is
        its only name, and is writable: the app holds a tournament for hours, and a copy from another
        laptop put in its place, a stick taken out (the next write went to the laptop's own
        disk, under the stick's folder), or a writer that removed the lock was written over
        without a word; a hard link made two tournaments of one, each with its own lock."""
        try:
            status = os.stat(self.path)
        except FileNotFoundError:
            raise TournamentFileError(
                "{path} is no longer there (a stick taken out?): nothing was written", path=self.path
            ) from None
        except OSError as error:
            reason = os_reason(error)
            raise TournamentFileError("{path}: cannot read it ({reason})", path=self.path, reason=reason) from None
        coarse = status.st_mtime_ns % 1_000_000_000 == 0
        if identity(status) != self._seen or coarse:
            # the bytes decide where the system's record differs: a sync tool, or a file system
            # through FUSE, may make the same bytes a new file, or report its times anew.  They
            # decide too where the file's time is of whole seconds (FAT keeps two, exFAT through
            # FUSE one): a copy of the same size written in place within that second left the
            # record as it was, and was written over (an attack on an exFAT stick)
            raw, seen = _read(self.path)
            if raw != self.raw:
                raise ChangedOutside.lacking(self.path, self.events, raw)
            self._seen = seen
        if status.st_nlink > 1 + _backup_is(self.path, status):
            raise TournamentFileError(
                "{path} has another name (a hard link), which would become a second tournament: "
                "nothing was written; copy the file rather than link it",
                path=self.path,
            )
        try:
            disk_read_only = bool(os.statvfs(self.path.parent).f_flag & os.ST_RDONLY)
        except (OSError, AttributeError):  # no statvfs (Windows): the rename will say it
            disk_read_only = False
        if disk_read_only:  # a stick the kernel made read-only after an error: not «no permission»
            raise TournamentFileError(
                "{path}: cannot write it ({reason}); the file is as it was before",
                path=self.path,
                reason=Worded("the disk is read-only"),
            )
        if not status.st_mode & 0o222:
            raise TournamentFileError("{path} is read-only: nothing was written", path=self.path)
        if not os.access(self.path, os.W_OK):
            raise TournamentFileError("{path}: no permission to write it: nothing was written", path=self.path)

    def close(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> TournamentFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
