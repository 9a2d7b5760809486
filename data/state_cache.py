"""The replayed state of a long log, kept between commands so an append need not replay.

Replaying 50,000 events costs half a second a command; the referee typing results one
by one from the command line would pay it on every slip.  After a long replay the state
is kept in the user's cache folder together with how many bytes of the tournament file
it covers and their digest.  The next command whose file begins with exactly those bytes
takes the state and applies only the events after them — the tail, usually one event.

The cache is only ever a shortcut to what replaying gives, and nothing in the cache folder
is believed without a check its writer could not forge:
- an entry is signed with a keyed MAC (BLAKE2b) whose key is a random secret in a file of
  the user's alone (``key``, 0600, in a folder of his alone): an entry made for another
  file, put under this one's name, edited, or made by anyone who cannot read the key is
  refused, and the log replayed;
- it is used only when the covered bytes are byte for byte those it was made from, by
  this very version of the rules (a digest of the ``schemes`` sources and of this module
  is signed with it);
- the state is stored as JSON and rebuilt by our own constructors only: no pickle, which
  can be made to build any object and run any function;
- a tail holding a retraction (undo, redo), or anything unexpected, means a full replay;
- each round is kept as a text of its own after the signed part, with its digest in the
  signed part, and is checked and read into boards and results only when the command reads
  that round (a result reads one round of 300: its cost is that round, not the log's — the
  signature covers the players and the digests, not every game); a round whose text does
  not match its digest or does not read is taken from a replay of the file;
- it lives in the user's own cache folder, never beside the tournament (a file from a
  foreign USB stick brings no cache);
- it is written atomically and never fsynced: a lost or damaged cache costs one replay.

Since a state is used only if this program made it from exactly these bytes, an event
checked against it is one the replay of the log accepts.
"""

from __future__ import annotations

import atexit
import hashlib
import hmac
import json
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

import schemes
from data.errors import TournamentFileError
from data.store import half_a_character, read_plain
from schemes.errors import InvalidEvent
from schemes.log import events as ev
from schemes.log.events import Event
from schemes.log.replay import apply
from schemes.registry import get_scheme
from schemes.state.model import Board, Player, Result, Round, Settings, Tournament

WORTH_KEEPING = 2_000
"""Logs shorter than this replay in a few hundredths of a second: nothing is kept."""

STALE_TAIL = 500
"""A tail this long is replayed once more and the longer prefix kept instead."""

_MAGIC = b"tengen-state 4\n"
_MAC_BYTES = 32
_ROUND_DIGEST = 32
_KEY_BYTES = 32


@dataclass(frozen=True)
class Recalled:
    """The state of the whole file, found from the cache and the tail after it."""

    state: Tournament
    count: int
    """Events in the whole file."""
    tail: int
    """Events applied after the cached prefix."""


def _folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tengen"


def keep_compiled_code() -> None:
    """Point numba's cache of compiled pairing code (``NUMBA_CACHE_DIR``) at the user's
    cache folder, so only the first pairing ever waits for the compiler.  Numba loads what
    it finds there as code, so the folder is used only if it is the user's own and nobody
    else can write to it or to Tengen's folder above (a check another user cannot forge:
    Tengen's own folders are made, or narrowed to, the user's alone); else a private
    temporary folder, removed when the process ends, and the code compiled anew.  A folder
    the user set himself is left as it is."""
    if "NUMBA_CACHE_DIR" in os.environ:
        return
    folder = _folder() / "numba"
    try:
        folder.parent.parent.mkdir(parents=True, exist_ok=True)
        private = all(_private_folder(place) for place in (folder.parent, folder))
    except OSError:
        private = False
    if private:
        os.environ["NUMBA_CACHE_DIR"] = str(folder)
        _sweep_compiled(folder)
        return
    fallback = tempfile.mkdtemp(prefix="tengen-numba-")
    atexit.register(shutil.rmtree, fallback, ignore_errors=True)
    os.environ["NUMBA_CACHE_DIR"] = fallback


def _sweep_compiled(folder: Path) -> None:
    """What numba could not load removed from its folder, so that it compiles again: an empty
    file (what a power cut leaves of one written just before: numba then failed on every
    pairing, «EOFError», until the folder was emptied by hand) and anything but a file (a
    pipe numba would wait on for ever, a device, a link).  The marker goes with them: the
    next pairing is said to wait for the compiler again.  Numba's own files, written whole
    (under a temporary name, ``….tmp.…``, then renamed: one being written by another process
    is left to it), are otherwise left to numba."""
    swept = False
    try:
        for place, folders, files in os.walk(folder):
            for name in [*files, *(f for f in folders if os.path.islink(os.path.join(place, f)))]:
                path = os.path.join(place, name)
                status = os.lstat(path)
                empty = status.st_size == 0 and not name.startswith("tengen-") and ".tmp." not in name
                if not stat.S_ISREG(status.st_mode) or empty:
                    os.unlink(path)
                    swept = True
        if swept:
            for kind in WORK:
                for marker in folder.glob(f"tengen-{kind}-*"):
                    marker.unlink()
    except OSError:  # a folder that cannot be swept: numba's refusal says so at the pairing
        pass


WORK = ("compiled", "weighed")
"""What numba compiles, each with its marker: a pairing's loops, and the costs of one pair
weighed alone («why this opponent», ``pairing weights``), which a pairing does not reach."""


def compiled_code_kept() -> bool:
    """Whether these rules' pairing code is compiled in numba's cache folder
    (``keep_compiled_code``): where not, the next McMahon or Swiss pairing compiles its loops,
    half a minute in which a referee who was not told would think Tengen hung."""
    return _kept("compiled")


def _kept(kind: str) -> bool:
    marker = _compiled_marker(kind)
    return marker is not None and marker.is_file()


def compiler_ahead(state: Tournament) -> bool:
    """The next pairing of ``state``'s event waits for numba's compiler: its scheme pairs with
    compiled loops (``Traits.compiles``) not kept here yet."""
    return get_scheme(state.settings.scheme).traits.compiles and not compiled_code_kept()


def weigher_ahead(state: Tournament) -> bool:
    """``compiler_ahead`` for a pair weighed alone («why this opponent», ``pairing weights``):
    said until it is done once (a review found it said at every weighing until a pairing)."""
    return get_scheme(state.settings.scheme).traits.compiles and not _kept("weighed")


def code_compiled(state: Tournament, kind: str = "compiled") -> None:
    """A round of ``state``'s event is paired (or, ``weighed``, a pair weighed alone): where its
    scheme compiles, its loops are now compiled and kept (the marker ``compiled_code_kept``
    reads).  Written after a pairing, not when numba's folder is first filled: a first pairing
    stopped half-way leaves half the code compiled."""
    if not get_scheme(state.settings.scheme).traits.compiles:
        return
    from schemes.algorithms.compiled import LOST  # numba's, loaded by the pairing that compiled

    if LOST:  # not kept (a full disk): compiled again next time, and said so
        return
    marker = _compiled_marker(kind)
    if marker is not None and not marker.is_file():
        try:
            marker.touch()
        except OSError:  # not kept: said again next time, and compiled again too
            pass


def _compiled_marker(kind: str = "compiled") -> Path | None:
    """The marker of ``kind`` (``WORK``) of these rules' sources, where they are: numba
    compiles again for other sources or another place of the same (an upgrade, a second
    installation)."""
    folder, digest = os.environ.get("NUMBA_CACHE_DIR"), _rules_digest()
    if folder is None or digest is None:
        return None
    where = hashlib.blake2b(_path_bytes(Path(schemes.__file__).parent) + digest, digest_size=8).hexdigest()
    return Path(folder) / f"tengen-{kind}-{where}"


def _private_folder(folder: Path) -> bool:
    """``folder`` exists as a folder of the user's alone: made so, or narrowed to it when it
    is the user's own; False when it belongs to someone else or is a link."""
    folder.mkdir(mode=0o700, exist_ok=True)
    status = folder.lstat()
    if hasattr(os, "getuid") and status.st_uid != os.getuid():
        return False
    if folder.is_symlink() or not folder.is_dir():
        return False
    if status.st_mode & 0o077:
        folder.chmod(0o700)
    return not folder.lstat().st_mode & 0o022


def _entry(path: Path) -> Path:
    return _folder() / (hashlib.sha256(_path_bytes(path)).hexdigest()[:32] + ".state")


def _path_bytes(path: Path) -> bytes:
    return str(path).encode("utf-8", "surrogateescape")


@cache
def _rules_digest() -> bytes | None:
    """A digest of the sources of the rules (every module under ``schemes``) and of this
    module's encoding: a state made by other rules is never reused.  None where the sources
    are not there to read (an installation of compiled files only): nothing is kept then,
    since nothing could tell one version's state from another's."""
    rules = Path(schemes.__file__).parent
    sources = sorted(rules.rglob("*.py"))
    if not sources:
        return None
    digest = hashlib.blake2b(digest_size=16)
    for source in [*sources, Path(__file__)]:
        digest.update(str(source.relative_to(rules.parent)).encode())
        digest.update(source.read_bytes())
    return digest.digest()


def _key() -> bytes | None:
    """The user's secret that signs his entries, made on first use; None where it cannot be
    kept where only he can read it (then nothing is kept or believed).  A key file that is
    not his alone (a link, another owner, readable by others, the wrong size) is replaced:
    every entry signed with it is worthless from then on."""
    folder = _folder()
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        if not _private_folder(folder):
            return None
        path = folder / "key"
        for _attempt in range(2):
            try:
                return _own_key(path)
            except FileNotFoundError:
                pass
            except (ValueError, OSError):  # a link (never followed), another's file, the wrong size
                path.unlink()
            fd, name = tempfile.mkstemp(prefix=".key-", dir=folder)  # 0600, never through a link
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(os.urandom(_KEY_BYTES))
                os.link(name, path)  # whole or not there: another process may have made it first
            except FileExistsError:
                pass
            finally:
                Path(name).unlink(missing_ok=True)
    except OSError:
        return None
    return None


_ENTRY_LIMIT = 64 << 20
"""An entry is smaller than the log it keeps (2.6 MB for 50,000 events): one larger than
this, or four times the log, is not read (a file planted to fill the memory)."""
_OPENING = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
"""How the cache's key is opened: never through a link, and never waiting (a pipe planted in
its place would hold the command for ever); its entries are read so by ``read_plain``."""


def _own_key(path: Path) -> bytes:
    """The key in ``path``; ValueError unless it is a plain file of the user's alone."""
    fd = os.open(path, _OPENING)
    try:
        status = os.fstat(fd)
        key = os.read(fd, _KEY_BYTES + 1) if stat.S_ISREG(status.st_mode) else b""
    finally:
        os.close(fd)
    mine = not hasattr(os, "getuid") or status.st_uid == os.getuid()
    if not stat.S_ISREG(status.st_mode) or not mine or status.st_mode & 0o077 or len(key) != _KEY_BYTES:
        raise ValueError("not a key of the user's alone")
    return key


def _mac(key: bytes, rules: bytes, path: Path, body: memoryview | bytes) -> bytes:
    """The signature of an entry: its body, for this file, by these rules."""
    signer = hashlib.blake2b(key=key, digest_size=_MAC_BYTES)
    for part in (rules, _path_bytes(path)):
        signer.update(len(part).to_bytes(4, "big") + part)
    signer.update(body)
    return signer.digest()


_DIGESTS = ("sha256", "blake2b")
"""What the covered bytes' digest may be made with (an entry names its own, under the
signature).  Either is a collision-resistant hash; which is faster depends on the processor:
SHA-256 at twice BLAKE2b's speed where the processor has SHA instructions (this machine: 4.6
against 8.2 ms for a 50,000-event file, a tenth of the whole append), at half of it where not
(many laptops of 2015–2020), so each machine keeps its entries with its faster one."""


@cache
def _fastest_digest() -> str:
    """The faster of ``_DIGESTS`` here: a few hashes of 32 KB each (a tenth of a millisecond,
    once per process, and only when an entry is written)."""
    sample = bytes(1 << 15)

    def took(name: str) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            hashlib.new(name, sample).digest()
            times.append(time.perf_counter() - start)
        return min(times)

    return min(_DIGESTS, key=took)


def _prefix_digest(raw: bytes, covered: int, name: str) -> str:
    view = memoryview(raw)[:covered]
    return (hashlib.sha256(view) if name == "sha256" else hashlib.blake2b(view, digest_size=32)).hexdigest()


# -- the state as JSON -------------------------------------------------------------------------
# Every container is tagged, so nothing is read back as another type: {"$t": [...]} a tuple,
# {"$f": [...]} a frozenset, {"$d": [key, value, ...]} a dict (its keys may be numbers), and
# {"$Player": [fields...]} one of the state's classes.  The boards and results of a round,
# the bulk of a long event, are flat lists: {"$B": [number, white, black, ...]}.  A round of
# the tournament is {"$r": "TEXT"}, TEXT the JSON of {"$Round": [fields...]}, read when used.


@dataclass(frozen=True, eq=False)
class _KeptText:
    """A round's text in an entry (its bytes, after the signed part) and the digest of it
    that the signed part holds: the text is believed only once it matches."""

    source: bytes
    """The entry's bytes (or the text's own), not a view of them: a kept state copies and
    pickles as a replayed one; and not a copy of the text — 300 rounds' texts copied at each
    command were 2.5 MB read for the one round a result reads."""
    start: int
    end: int
    digest: bytes

    @classmethod
    def made(cls, text: bytes) -> _KeptText:
        """A round's text as written, with its digest."""
        return cls(text, 0, len(text), _round_digest(text))

    @property
    def text(self) -> bytes:
        return self.source[self.start : self.end]

    def checked(self) -> bytes:
        """The text; ValueError when it is not the one the digest was made of."""
        if not hmac.compare_digest(_round_digest(memoryview(self.source)[self.start : self.end]), self.digest):
            raise ValueError("a kept round's text is not the one signed for")
        return self.text


def _round_digest(text: bytes | memoryview) -> bytes:
    return hashlib.blake2b(text, digest_size=_ROUND_DIGEST).digest()


class _KeptRound(Round):
    """A round of a kept state, read from its text when one of its fields is first asked
    for: a command that reads one round of a long event checks and decodes that round alone.
    Equal to the ``Round`` it reads as; ``dataclasses.replace`` of it gives a round read
    already."""

    @classmethod
    def unread(cls, number: int, kept: _KeptText, fallback: Callable[[], Tournament]) -> _KeptRound:
        """Round ``number`` of a kept state, as its text ``kept``; ``fallback`` replays the file."""
        made = object.__new__(cls)  # built as a Round (by ``replace``) only once read
        vars(made).update(_kept_number=number, _kept=kept, _fallback=fallback)
        return made

    def _read(self) -> None:
        """Every field, from the text; where the text is not the one signed for (its digest
        differs) or does not read as a round (a signed entry never holds such, but a replay is
        the answer to anything odd), from a replay."""
        kept = vars(self)
        try:
            made = json.loads(kept["_kept"].checked(), object_hook=_decoded)
            if type(made) is not Round or made.number != kept["_kept_number"]:
                raise TypeError("not the kept round")
        except (ValueError, TypeError, KeyError, RecursionError):
            made = kept["_fallback"]().rounds[kept["_kept_number"] - 1]
        kept.update({f.name: getattr(made, f.name) for f in fields(Round)})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(Round))

    __hash__ = Round.__hash__

    def as_round(self) -> Round:
        """The plain ``Round`` it reads as."""
        return Round(**{f.name: getattr(self, f.name) for f in fields(Round)})

    def __reduce__(self) -> tuple[type[Round], tuple[Any, ...]]:
        """Pickled as the plain round it reads as: its way back to the file (a replay) is
        this process's own."""
        return Round, tuple(getattr(self, f.name) for f in fields(Round))

    def __repr__(self) -> str:
        return repr(self.as_round())


class _KeptField:
    """A field of a ``_KeptRound``: read with the others at the first look (then found in the
    instance itself, before this, which only answers while nothing is read)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: _KeptRound | None, owner: type) -> Any:
        if instance is None:
            return self
        if self.name not in vars(instance):
            instance._read()
        return vars(instance)[self.name]


for _field in fields(Round):
    setattr(_KeptRound, _field.name, _KeptField(_field.name))

_CLASSES: dict[str, type] = {c.__name__: c for c in (Tournament, Settings, Player, Round)}
_FLAT: dict[str, type] = {"$B": Board, "$R": Result}
"""The classes kept as flat lists: a board or a result per game."""

_SCALARS: dict[str, set[type]] = {
    "str": {str},
    "int": {int},
    "float": {int, float},
    "bool": {bool},
    "int | None": {int, type(None)},
    "Origin | None": {type(None)},  # a hall's state is never kept (``remember``)
}


def _all(allowed: set[type]) -> Callable[[Any], bool]:
    return lambda values: {*map(type, values)} <= allowed


def _one_of(allowed: set[type]) -> Callable[[Any], bool]:
    return lambda value: type(value) in allowed


def _mapping(keys: set[type], values: set[type]) -> Callable[[Any], bool]:
    return lambda value: type(value) is dict and _all(keys)(value) and _all(values)(value.values())


_CHECKS: dict[str, Callable[[Any], bool]] = {
    **{name: _one_of(allowed) for name, allowed in _SCALARS.items()},
    "frozenset[int]": lambda value: type(value) is frozenset and _all({int})(value),
    "tuple[int, ...]": lambda value: type(value) is tuple and _all({int})(value),
    "tuple[Board, ...]": lambda value: type(value) is tuple and _all({Board})(value),
    "tuple[Round, ...]": lambda value: type(value) is tuple and _all({Round, _KeptRound})(value),
    "Mapping[str, Any]": lambda value: type(value) is dict and _all({str})(value),
    "Mapping[str, str]": _mapping({str}, {str}),
    "Mapping[int, int]": _mapping({int}, {int}),
    "Mapping[int, Player]": _mapping({int}, {Player}),
    "Mapping[int, Result]": _mapping({int}, {Result}),
    "Settings": lambda value: type(value) is Settings,
    "Hall | None": lambda value: value is None,
    "Mapping[int, tuple[Result, ...]]": lambda value: type(value) is dict and not value,  # disputes: a hall's
}
"""What each field's annotation allows, checked as a kept state is rebuilt: a new kind of
field fails here at import (and so in every test) until it is said how to check it."""
_FIELD_CHECKS = {made: [_CHECKS[str(f.type)] for f in fields(made)] for made in _CLASSES.values()}
_FLAT_TYPES = {tag: [_SCALARS[str(f.type)] for f in fields(made)] for tag, made in _FLAT.items()}


class _Texts:
    """The rounds' texts of an entry being written, one after the other."""

    def __init__(self) -> None:
        self.parts: list[bytes | memoryview] = []
        self.size = 0

    def add(self, text: bytes | memoryview) -> int:
        """Put ``text`` after the others; its offset."""
        self.parts.append(text)
        self.size += len(text)
        return self.size - len(text)


def _encoded(value: Any, texts: _Texts) -> Any:
    """``value`` as JSON, each round of the tournament as ``{"$r": [offset, length, digest]}``:
    its text goes to ``texts``, kept after the signed part at that offset."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is tuple:
        if value and all(type(item) is Board for item in value):
            return {"$B": [getattr(board, f.name) for board in value for f in fields(Board)]}
        return {"$t": [_encoded(item, texts) for item in value]}
    if kind is list:
        return [_encoded(item, texts) for item in value]
    if kind is frozenset:
        return {"$f": [_encoded(item, texts) for item in value]}
    if kind is dict:
        if value and all(type(k) is int and type(v) is Result for k, v in value.items()):
            return {"$R": [part for k, v in value.items() for part in (k, *(getattr(v, f.name) for f in fields(v)))]}
        if value and all(type(k) is int and type(v) is Player and k == v.id for k, v in value.items()):
            return {"$P": [_flat_value(getattr(v, f.name)) for v in value.values() for f in fields(Player)]}
        return {"$d": [part for k, v in value.items() for part in (_encoded(k, texts), _encoded(v, texts))]}
    if kind in (Round, _KeptRound):
        if kind is _KeptRound and "number" not in vars(value):  # never read: its text and digest as they were
            kept = vars(value)["_kept"]
        else:
            fields_ = [_encoded(getattr(value, f.name), texts) for f in fields(Round)]
            text = json.dumps({"$Round": fields_}, ensure_ascii=False, separators=(",", ":")).encode()
            kept = _KeptText.made(text)
        return {"$r": [texts.add(kept.text), len(kept.text), kept.digest.hex()]}
    if _CLASSES.get(kind.__name__) is kind:
        return {"$" + kind.__name__: [_encoded(getattr(value, f.name), texts) for f in fields(value)]}
    raise TypeError(f"{kind.__name__} is not part of a tournament's state")


def _groups(flat: list[Any], size: int) -> zip[tuple[Any, ...]]:
    """``flat`` read ``size`` values at a time."""
    if len(flat) % size:
        raise ValueError("a flat list of whole groups")
    parts = iter(flat)
    return zip(*[parts] * size, strict=True)


def _boards(flat: list[Any]) -> tuple[Board, ...]:
    return tuple(Board(*values) for values in _groups(_checked_flat("$B", flat), len(fields(Board))))


def _results(flat: list[Any]) -> dict[int, Result]:
    size = 1 + len(fields(Result))
    if not _all({int})(flat[::size]):
        raise TypeError("a result is kept under its board's number")
    return {values[0]: Result(*values[1:]) for values in _groups(_checked_flat("$R", flat, 1), size)}


def _checked_flat(tag: str, flat: list[Any], lead: int = 0) -> list[Any]:
    """``flat``, if each field of its class holds values of the field's type (one pass per
    field over the whole list, not one check per game)."""
    allowed = _FLAT_TYPES[tag]
    size = lead + len(allowed)
    for index, types in enumerate(allowed, start=lead):
        if not _all(types)(flat[index::size]):
            raise TypeError("a value of the wrong type in a kept state")
    return flat


def _flat_value(value: Any) -> Any:
    """A player's field in the flat list: a set of rounds or players as a sorted list, his
    OpenGotha attributes (texts by name) tagged as any dict is."""
    if type(value) is dict:
        return {"$d": [part for k, v in value.items() for part in (k, v)]}
    return sorted(value) if type(value) is frozenset else value


def _column_check(annotation: str) -> Callable[[list[Any]], bool]:
    """Whether a column of the players' flat list holds what the field ``annotation`` allows:
    a set of numbers kept as a list, texts by name (his OpenGotha attributes) as a dict."""
    if annotation == "frozenset[int]":
        return lambda column: _all({list})(column) and _all({int})([n for value in column for n in value])
    if annotation == "Mapping[str, str]":
        texts = _mapping({str}, {str})
        return lambda column: all(map(texts, column))
    return _all(_SCALARS[annotation])


_PLAYER_FIELDS = [_column_check(str(f.type)) for f in fields(Player)]
"""Each field of a player as kept flat: what its column may hold."""
_PLAYER_SETS = [index for index, f in enumerate(fields(Player)) if str(f.type) == "frozenset[int]"]
"""The fields of a player that are sets of numbers (kept as lists)."""


def _players(flat: list[Any]) -> dict[int, Player]:
    """The players kept as one flat list, field after field: one decoding step for the lot,
    where a player of his own was five (a thousand players' state is read by every command)."""
    size = len(_PLAYER_FIELDS)
    for index, check in enumerate(_PLAYER_FIELDS):
        if not check(flat[index::size]):
            raise TypeError("a value of the wrong type in a kept state")
    players = {}
    for values in _groups(flat, size):
        row = list(values)
        for index in _PLAYER_SETS:
            row[index] = frozenset(row[index])
        player = Player(*row)
        players[player.id] = player
    if len(players) * size != len(flat):
        raise TypeError("a player kept twice")
    return players


def _pairs(flat: list[Any]) -> dict[Any, Any]:
    return dict(_groups(flat, 2))


def _constructor(made: type) -> Callable[[list[Any]], Any]:
    checks = _FIELD_CHECKS[made]

    def build(values: list[Any]) -> Any:
        if len(values) != len(checks) or not all(check(value) for check, value in zip(checks, values, strict=True)):
            raise TypeError(f"not the fields of a {made.__name__}")
        return made(*values)

    return build


_TAGS: dict[str, Callable[[Any], Any]] = {
    "$t": tuple,
    "$f": frozenset,
    "$d": _pairs,
    "$B": _boards,
    "$R": _results,
    "$P": _players,
    **{"$" + name: _constructor(made) for name, made in _CLASSES.items()},
}


def _decoded(document: dict[str, Any]) -> Any:
    ((tag, values),) = document.items()
    if not isinstance(values, list):
        raise TypeError("a tagged value holds a list")
    return _TAGS[tag](values)


def _decoder(stored: bytes, base: int, fallback: Callable[[], Tournament]) -> Callable[[dict[str, Any]], Any]:
    """``_decoded``, with the rounds of the tournament kept unread (``_KeptRound``), each
    numbered in turn from 1, its text in ``stored`` from ``base`` on (after the signed part);
    ``fallback`` replays the file, for a round that does not read."""
    numbers = iter(range(1, 1 << 62))

    def decoded(document: dict[str, Any]) -> Any:
        ((tag, values),) = document.items()
        if tag != "$r":
            return _decoded(document)
        if type(values) is not list or len(values) != 3 or not _all({int})(values[:2]) or type(values[2]) is not str:
            raise TypeError("a kept round is its text's offset, length and digest")
        offset, length, digest = values
        if not 0 <= offset <= offset + length <= len(stored) - base:
            raise ValueError("a kept round's text past the entry's end")
        start = base + offset
        return _KeptRound.unread(
            next(numbers), _KeptText(stored, start, start + length, bytes.fromhex(digest)), fallback
        )

    return decoded


def remember(path: Path, raw: bytes, count: int, state: Tournament) -> None:
    """Keep ``state``, the replay of the ``count`` events in ``raw`` (the file's compact
    bytes, ending with the events table), for the next command on ``path``.  A hall's state
    is not kept: its entries' laptops and disputes are not in the kept form, and a sync
    rewrites the file anyway."""
    if state.hall is not None:
        return
    rules = _rules_digest()
    key = _key() if rules is not None else None
    if rules is None or key is None:
        return
    covered, name = len(raw) - 2, _fastest_digest()
    head = json.dumps(
        {"covered": covered, "count": count, "hash": name, "digest": _prefix_digest(raw, covered, name)}
    ).encode()
    texts = _Texts()
    signed = head + b"\n" + json.dumps(_encoded(state, texts), ensure_ascii=False, separators=(",", ":")).encode()
    entry = _entry(path)
    try:
        fd, name = tempfile.mkstemp(prefix=".state-", dir=entry.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(b"".join([_MAGIC, _mac(key, rules, path, signed), signed, b"\n", *texts.parts]))
            os.replace(name, entry)
        except BaseException:
            Path(name).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # no cache folder, a full disk: the next command replays, nothing else changes


def recall(path: Path, raw: bytes) -> Recalled | None:
    """The state of ``raw`` from the cache of ``path`` and the events after it; None when
    the cache is missing, stale, not signed with the user's key or not about these bytes
    (then the log is replayed)."""
    rules = _rules_digest()
    if rules is None:
        return None
    try:
        stored = read_plain(_entry(path), max(_ENTRY_LIMIT, 4 * len(raw)), links=False)
    except (OSError, TournamentFileError):  # none, or not a plain file of ours: a replay
        return None
    start = len(_MAGIC) + _MAC_BYTES
    if not stored.startswith(_MAGIC) or len(stored) <= start:
        return None
    key = _key()
    line_end = stored.find(b"\n", start)
    signed_end = stored.find(b"\n", line_end + 1)  # JSON holds no line break: the state's ends the signed part
    if key is None or line_end < 0 or signed_end < 0:
        return None
    if not hmac.compare_digest(
        _mac(key, rules, path, memoryview(stored)[start:signed_end]), stored[len(_MAGIC) : start]
    ):
        return None
    try:
        head = json.loads(stored[start:line_end])
        covered, count, name, digest = int(head["covered"]), int(head["count"]), head["hash"], str(head["digest"])
    except (ValueError, KeyError, TypeError):
        return None
    if name not in _DIGESTS or not 0 < covered <= len(raw) - 2 or not raw.endswith(b"}}"):
        return None
    if _prefix_digest(raw, covered, name) != digest:
        return None
    tail = _tail(raw[covered:-2], count)
    if tail is None:
        return None
    try:
        state = json.loads(
            stored[line_end + 1 : signed_end],
            object_hook=_decoder(stored, signed_end + 1, cache(lambda: _replayed(path, raw))),
        )
        if not isinstance(state, Tournament):
            return None
        for event in tail:
            state = apply(state, event)
    except (ValueError, TypeError, KeyError, RecursionError, InvalidEvent):
        return None  # signed by us, so never expected: a replay is the answer to anything odd
    return Recalled(state, count + len(tail), len(tail))


def _replayed(path: Path, raw: bytes) -> Tournament:
    """The replay of the file's bytes ``raw`` (a kept round is unchanged since: a change
    reads it first)."""
    from data.store import _events, _parsed
    from schemes.log.replay import replay

    return replay(_events(path, _parsed(path, raw)))


def _tail(text: bytes, count: int) -> list[Event] | None:
    """The events in ``,"N+1":{…},…`` after the cached prefix, numbered on from ``count``;
    None unless they are exactly that and none of them retracts anything."""
    if not text:
        return []
    if not text.startswith(b","):
        return None
    try:
        documents = json.loads("{" + text[1:].decode() + "}")  # strict UTF-8, as the file's replay reads it
    except (ValueError, RecursionError):
        return None
    if not isinstance(documents, dict) or list(documents) != [str(count + i) for i in range(1, len(documents) + 1)]:
        return None
    if half_a_character(text, documents):  # the whole file's reading refuses it, its backup offered
        return None
    try:
        events = [Event.from_json(int(key), document) for key, document in documents.items()]
    except InvalidEvent:
        return None
    if any(event.kind == ev.RETRACTED for event in events):
        return None
    return events
