"""The replayed state of a long log, kept between commands so an append need not replay.

Replaying 50,000 events costs half a second a command; the referee typing results one
by one from the command line would pay it on every slip.  After a long replay the state
is kept in the user's cache folder together with how many bytes of the tournament file
it covers and their digest.  The next command whose file begins with exactly those bytes
takes the state and applies only the events after them — the tail, usually one event.

The cache is only ever a shortcut to what replaying gives:
- it is used only when the covered bytes are byte for byte those it was made from, by
  this very version of the rules (a digest of the ``schemes`` sources is part of it);
- a tail holding a retraction (undo, redo), or anything unexpected, means a full replay;
- it lives in the user's own cache folder, never beside the tournament (a file from a
  foreign USB stick brings no cache), and only our own state classes are unpickled;
- it is written atomically and never fsynced: a lost or damaged cache costs one replay.
"""

from __future__ import annotations

import atexit
import hashlib
import io
import json
import os
import pickle
import shutil
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import schemes
from schemes import events as ev
from schemes import model
from schemes.events import Event, InvalidEvent
from schemes.model import Tournament
from schemes.replay import apply

WORTH_KEEPING = 2_000
"""Logs shorter than this replay in a few hundredths of a second: nothing is kept."""

STALE_TAIL = 500
"""A tail this long is replayed once more and the longer prefix kept instead."""

_MAGIC = b"tengen-state 1\n"


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
        return
    fallback = tempfile.mkdtemp(prefix="tengen-numba-")
    atexit.register(shutil.rmtree, fallback, ignore_errors=True)
    os.environ["NUMBA_CACHE_DIR"] = fallback


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
    return _folder() / (hashlib.sha256(str(path).encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".state")


@cache
def _rules_digest() -> bytes | None:
    """A digest of the sources of the rules: a state made by other rules is never reused.
    None where the sources are not there to read (an installation of compiled files only):
    nothing is kept then, since nothing could tell one version's state from another's."""
    sources = sorted(Path(schemes.__file__).parent.glob("*.py"))
    if not sources:
        return None
    digest = hashlib.blake2b(digest_size=16)
    for source in sources:
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return digest.digest()


def _prefix_digest(raw: bytes, covered: int) -> str:
    return hashlib.blake2b(memoryview(raw)[:covered], digest_size=32).hexdigest()


class _StateUnpickler(pickle.Unpickler):
    """Only our frozen state classes and frozensets come out of a cache file."""

    def find_class(self, module: str, name: str) -> type:
        if module == "schemes.model" and name in {"Tournament", "Settings", "Player", "Round", "Board", "Result"}:
            return getattr(model, name)  # type: ignore[no-any-return]
        if (module, name) == ("builtins", "frozenset"):
            return frozenset
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a tournament's state")


def remember(path: Path, raw: bytes, count: int, state: Tournament) -> None:
    """Keep ``state``, the replay of the ``count`` events in ``raw`` (the file's compact
    bytes, ending with the events table), for the next command on ``path``."""
    rules = _rules_digest()
    if rules is None:
        return
    covered = len(raw) - 2
    head = json.dumps({"covered": covered, "count": count, "digest": _prefix_digest(raw, covered)}).encode()
    body = head + b"\n" + pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    check = hashlib.blake2b(body, digest_size=16).digest()
    entry = _entry(path)
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".state-", dir=entry.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(_MAGIC + rules + check + body)
            os.replace(name, entry)
        except BaseException:
            Path(name).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # no cache folder, a full disk: the next command replays, nothing else changes


def recall(path: Path, raw: bytes) -> Recalled | None:
    """The state of ``raw`` from the cache of ``path`` and the events after it; None when
    the cache is missing, stale or not about these bytes (then the log is replayed)."""
    try:
        stored = _entry(path).read_bytes()
    except OSError:
        return None
    rules, start = _rules_digest(), len(_MAGIC) + 32
    if rules is None or not stored.startswith(_MAGIC + rules):
        return None
    if hashlib.blake2b(memoryview(stored)[start:], digest_size=16).digest() != stored[start - 16 : start]:
        return None
    line_end = stored.find(b"\n", start)
    try:
        head = json.loads(stored[start:line_end])
        covered, count, digest = int(head["covered"]), int(head["count"]), str(head["digest"])
    except (ValueError, KeyError, TypeError):
        return None
    if not 0 < covered <= len(raw) - 2 or not raw.endswith(b"}}") or _prefix_digest(raw, covered) != digest:
        return None
    tail = _tail(raw[covered:-2], count)
    if tail is None:
        return None
    try:
        state = _StateUnpickler(io.BytesIO(memoryview(stored)[line_end + 1 :])).load()
        for event in tail:
            state = apply(state, event)
    except (pickle.UnpicklingError, InvalidEvent, EOFError):
        return None
    return Recalled(state, count + len(tail), len(tail))


def _tail(text: bytes, count: int) -> list[Event] | None:
    """The events in ``,"N+1":{…},…`` after the cached prefix, numbered on from ``count``;
    None unless they are exactly that and none of them retracts anything."""
    if not text:
        return []
    if not text.startswith(b","):
        return None
    try:
        documents = json.loads(b"{" + text[1:] + b"}")
    except (ValueError, RecursionError):
        return None
    if not isinstance(documents, dict) or list(documents) != [str(count + i) for i in range(1, len(documents) + 1)]:
        return None
    try:
        events = [Event.from_json(int(key), document) for key, document in documents.items()]
    except InvalidEvent:
        return None
    if any(event.kind == ev.RETRACTED for event in events):
        return None
    return events
