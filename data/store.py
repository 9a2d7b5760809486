"""The tournament file: a TinyDB JSON database of events, written so it never breaks.

Layout: table ``meta`` holds one document ``{"format": "tengen-tournament",
"version": 1}`` by which a foreign JSON file is told apart; table ``events`` holds
one document per event, its TinyDB id being the event id.

TinyDB writes by truncating the file and writing it again, which a power cut turns
into an empty or half file.  ``AtomicStorage`` replaces that storage: every write
goes to a temporary file in the same folder, is fsynced, the previous file is kept as
``FILE.bak`` (a hard link, so it costs nothing), the temporary file is renamed over the
original, and the folder is fsynced so the rename itself is durable.  A crash at any
instant leaves either the old or the new file, both complete.  The storage also keeps
the parsed database in memory, so TinyDB's read-before-write does not parse the file
again on every append; an append then costs one serialisation and one fsync.
"""

from __future__ import annotations

import json
import os
import secrets
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from data.errors import TournamentFileError
from data.lock import WriterLock
from schemes.events import Event, InvalidEvent, retracted_ids

FORMAT = "tengen-tournament"
VERSION = 1
_META, _EVENTS = "meta", "events"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def damaged(path: Path, what: str) -> TournamentFileError:
    """The one-line refusal of a file that cannot be read, naming ``FILE.bak`` when there is
    one and how to put it back."""
    backup = backup_path(path)
    if backup.is_file():
        return TournamentFileError(
            "{path}: {what}; the previous state is in {backup}: tengen restore {path} puts it back",
            path=path,
            what=what,
            backup=backup.name,
        )
    return TournamentFileError("{path}: {what}", path=path, what=what)


def _fsync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems (FAT through FUSE, network shares) cannot sync a folder
    finally:
        os.close(fd)


def _temporary(path: Path, kind: str) -> tuple[int, Path]:
    """A new file beside ``path`` with an unpredictable name, created exclusively and never
    through a planted link (``mkstemp``: O_EXCL and O_NOFOLLOW), readable by its owner only."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.{kind}-", dir=path.parent)
    return fd, Path(name)


def _write_fd(fd: int, payload: bytes) -> None:
    with os.fdopen(fd, "wb") as handle:
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())


def _same_owner_and_mode(source: os.stat_result | None, target: Path) -> None:
    """The new state keeps the file's permissions and group (a ``chmod 600`` file stays 600);
    a new file gets the usual ``0666 & ~umask``.  Where the file system keeps neither (FAT),
    nothing is lost by trying."""
    if source is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    else:
        mode = stat.S_IMODE(source.st_mode)
    try:
        os.chmod(target, mode)
        if source is not None:
            os.chown(target, -1, source.st_gid)
    except OSError:
        pass


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


def write_atomically(path: Path, payload: bytes, keep_backup: bool = True) -> None:
    """Replace ``path`` by ``payload`` so that a crash leaves the old or the new file whole, the
    old one kept as ``FILE.bak``.  When the disk is full or the folder read-only the file stays
    as it was, no temporary file is left, and the error is one line."""
    try:
        fd, temporary = _temporary(path, "tmp")
    except OSError as error:
        raise TournamentFileError(
            "{path}: cannot write in {folder} ({reason})", path=path, folder=path.parent, reason=error.strerror
        ) from None
    try:
        _write_fd(fd, payload)
        try:
            current: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            current = None
        _same_owner_and_mode(current, temporary)
        if keep_backup and current is not None:
            _keep_backup(path)
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise TournamentFileError(
            "{path}: cannot write it ({reason}); the file is as it was before", path=path, reason=error.strerror
        ) from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _load(path: Path) -> dict[str, Any]:
    return _load_with_bytes(path)[0]


def _load_with_bytes(path: Path) -> tuple[dict[str, Any], bytes]:
    """The file's data and its bytes (an append may then add to the bytes, not re-encode)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise damaged(path, "no such file") from None
    except IsADirectoryError:
        raise TournamentFileError(f"{path}: a folder, not a tournament file") from None
    except OSError as error:
        raise TournamentFileError(f"{path}: cannot read it ({error.strerror})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise damaged(path, "not a Tengen tournament (damaged or not JSON)") from None
    meta_table = data.get(_META) if isinstance(data, dict) else None
    meta = meta_table.get("1") if isinstance(meta_table, dict) else None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT or not isinstance(data.get(_EVENTS), dict):
        raise damaged(path, "not a Tengen tournament file")
    if meta.get("version") != VERSION:
        raise TournamentFileError(
            f"{path}: tournament file version {meta.get('version')}, this program reads version {VERSION}"
        )
    return cast(dict[str, Any], data), raw


def is_tournament(path: Path) -> bool:
    """Whether ``path`` holds a Tengen tournament (or its backup): such a file is never
    overwritten by anything but a new state of itself."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return f'"format":"{FORMAT}"'.encode() in head or f'"format": "{FORMAT}"'.encode() in head


def _events(path: Path, data: dict[str, Any]) -> list[Event]:
    table = data[_EVENTS]
    try:
        ids = sorted(int(key) for key in table)
    except ValueError:
        raise damaged(path, "damaged event log (an event id is not a number)") from None
    if ids != list(range(1, len(ids) + 1)):
        raise damaged(path, "damaged event log (events are missing)")
    try:
        return [Event.from_json(i, table[str(i)]) for i in ids]
    except InvalidEvent as error:
        raise damaged(path, f"damaged event log ({error})") from None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class AtomicStorage(Storage):
    """TinyDB storage that writes atomically and durably, and reads the file once.

    Serialising thousands of events on every append would dominate its cost.  The log is
    append-only — no document is ever changed in place (TinyDB's update() would, and
    this program never calls it) — so an append that only adds events after the last
    adds their JSON to the bytes written (or read) last, before the two closing braces;
    anything else is serialised whole, each document's JSON kept while TinyDB hands
    back the same document object.
    """

    def __init__(self, path: str, initial: dict[str, Any] | None = None, raw: bytes | None = None) -> None:
        self.path = Path(path)
        self._data = initial
        self._texts: dict[tuple[str, str], tuple[Any, str]] = {}
        self._payload = raw
        """The bytes on disk, when they are our compact form of ``_data``."""
        self._written = _snapshot(initial) if raw is not None and initial is not None else None

    def read(self) -> dict[str, Any] | None:
        if self._data is None:
            self._data = _load(self.path)
        return self._data

    def _serialise(self, data: dict[str, Any]) -> bytes:
        tables = []
        for name, documents in data.items():
            parts = []
            for key, document in documents.items():
                known = self._texts.get((name, key))
                if known is None or known[0] is not document:
                    known = (document, f"{_json(key)}:{_json(document)}")
                    self._texts[(name, key)] = known
                parts.append(known[1])
            tables.append(f"{_json(name)}:{{{','.join(parts)}}}")
        return ("{" + ",".join(tables) + "}").encode("utf-8")

    def _appended(self, data: dict[str, Any]) -> bytes | None:
        """The new bytes when ``data`` only adds events after those last written, else None."""
        before = self._written
        if before is None or self._payload is None or list(data) != list(before) or list(data)[-1] != _EVENTS:
            return None
        if not self._payload.endswith(b"}}"):
            return None
        for name, documents in data.items():
            old = before[name]
            if len(documents) < len(old) or (name != _EVENTS and len(documents) != len(old)):
                return None
            keys = list(documents)
            if keys[: len(old)] != [key for key, _ in old] or any(
                documents[key] is not document for key, document in old
            ):
                return None
        events = data[_EVENTS]
        new = list(events)[len(before[_EVENTS]) :]
        if not new:
            return self._payload
        added = ",".join(f"{_json(key)}:{_json(events[key])}" for key in new)
        comma = "," if before[_EVENTS] else ""
        return self._payload[:-2] + (comma + added).encode("utf-8") + b"}}"

    def write(self, data: dict[str, Any]) -> None:
        payload = self._appended(data)
        if payload is None:
            payload = self._serialise(data)
        try:
            write_atomically(self.path, payload)
        except BaseException:
            self._data = None  # memory may be ahead of the disk now: read it again
            self._payload = self._written = None
            raise
        self._data = data
        self._payload = payload
        self._written = _snapshot(data)


_COMPACT_HEAD = ('{"' + _META + '":{"1":{').encode()
"""How a file this program wrote begins (no spaces): its bytes can be appended to."""


def _snapshot(data: dict[str, Any]) -> dict[str, list[tuple[str, Any]]]:
    """Each table's keys and document objects, in order: what ``_appended`` compares with."""
    return {name: list(documents.items()) for name, documents in data.items()}


def real_path(path: str | os.PathLike[str]) -> Path:
    """The file a name stands for, resolved once: through a symbolic link every write and
    the lock go to the real file, so two names can never become two tournaments."""
    try:
        expanded = Path(path).expanduser()
    except RuntimeError:  # ~name of a user the system does not know
        raise TournamentFileError("{path}: no such user's home folder", path=str(path)[:80]) from None
    return Path(os.path.abspath(expanded)).resolve()


@dataclass(frozen=True)
class Summary:
    """What the start screen says of a tournament file without replaying it."""

    name: str
    scheme: str
    rounds: int | None
    paired: int


def summary(path: Path) -> Summary | None:
    """The name, scheme and rounds of the tournament in ``path``; None for any other file."""
    try:
        events = _events(path, _load(path))
    except TournamentFileError:
        return None
    created = events[0].data if events and events[0].kind == "tournament_created" else None
    if created is None:
        return None
    undone = retracted_ids(events)
    paired = sum(e.kind == "round_paired" and e.id not in undone for e in events)
    return Summary(str(created["name"]), str(created["scheme"]), created.get("rounds"), paired)


def restore(path: Path) -> None:
    """``FILE.bak`` back as ``FILE``, under the writer lock; the file it replaces is kept as
    ``FILE.damaged`` so that even a wrong restore loses nothing."""
    path = real_path(path)
    backup = backup_path(path)
    with WriterLock(path):
        payload = backup.read_bytes()
        _events(backup, _load(backup))
        if path.exists():
            write_atomically(path.with_name(path.name + ".damaged"), path.read_bytes(), keep_backup=False)
        write_atomically(path, payload, keep_backup=False)


class TournamentFile:
    """The event log of one tournament on disk; writable only while its lock is held."""

    def __init__(self, path: str | os.PathLike[str], writable: bool = False) -> None:
        self.path = real_path(path)
        self._lock: WriterLock | None = None
        self._db: TinyDB | None = None
        if writable:
            self._lock = WriterLock(self.path)
            self._lock.acquire()
        try:
            data, raw = _load_with_bytes(self.path)
            self.events = _events(self.path, data)
        except BaseException:
            self.close()
            raise
        if writable:
            for stale in self.path.parent.glob(f".{self.path.name}.tmp-*"):
                stale.unlink(missing_ok=True)
            compact = raw if raw.startswith(_COMPACT_HEAD) and raw.endswith(b"}}") else None
            self._db = TinyDB(str(self.path), storage=AtomicStorage, initial=data, raw=compact)

    @classmethod
    def create(cls, path: str | os.PathLike[str], first: Event) -> TournamentFile:
        """A new file holding ``first``; refuses to replace any existing file."""
        path = real_path(path)
        if path.exists() or path.is_symlink():
            raise TournamentFileError("{path} exists already: choose another name", path=path)
        if not path.parent.is_dir():
            raise TournamentFileError("{folder}: no such folder", folder=path.parent)
        data = {_META: {"1": {"format": FORMAT, "version": VERSION}}, _EVENTS: {"1": first.to_json()}}
        with WriterLock(path):
            if path.exists():
                raise TournamentFileError(f"{path} exists already: choose another name")
            write_atomically(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
        return cls(path, writable=True)

    def append(self, *events: Event) -> None:
        """Append events in one write: all of them are in the file, or none."""
        if self._db is None:
            raise TournamentFileError(f"{self.path} was opened read-only")
        for offset, event in enumerate(events, start=1):
            if event.id != len(self.events) + offset:
                raise TournamentFileError(f"event {event.id} does not follow event {len(self.events) + offset - 1}")
        self._db.table(_EVENTS).insert_multiple(Document(e.to_json(), doc_id=e.id) for e in events)
        self.events.extend(events)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> TournamentFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
