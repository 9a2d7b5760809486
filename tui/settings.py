"""The app's own settings, kept in the data folder (``~/Tengen/settings.json``).

The file is JSON a referee may have edited by hand: each reader checks the kind of its
value, and a value of the wrong kind is as good as none (a number for the recent
tournaments stopped the start screen from opening)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from data.errors import TournamentFileError
from data.store import is_tournament, read_plain, write_atomically
from schemes.log.replay import LANGUAGES  # the languages a tournament's papers are in: the app's too

LIMIT = 1_000_000
"""The settings are a language and a few paths: a file bigger than this is no settings."""


def load(folder: Path) -> dict[str, object]:
    """The settings, or none where the file is not settings: a tournament so named, a pipe
    (it held the app before it drew anything), something huge, or JSON nested deeper than
    Python's parser goes (a RecursionError stopped the app from starting)."""
    if is_tournament(folder / "settings.json"):
        return {}
    try:
        settings = json.loads(read_plain(folder / "settings.json", LIMIT, "the app's settings").decode("utf-8"))
    except (OSError, ValueError, RecursionError, TournamentFileError):
        return {}
    return settings if isinstance(settings, dict) else {}


def save(folder: Path, settings: Mapping[str, object]) -> None:
    """Written whole or not at all; never over a tournament the referee named ``settings``
    in the same folder.  The settings are a convenience: where they cannot be kept (that
    tournament, a full disk, a read-only folder) the app goes on without them."""
    path = folder / "settings.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not is_tournament(path):
            write_atomically(
                path, json.dumps(settings, ensure_ascii=False, indent=1).encode("utf-8"), keep_backup=False
            )
    except (OSError, TournamentFileError, UnicodeError):  # a file name not in UTF-8 (a Windows zip's) is not kept
        return


def text(folder: Path, key: str) -> str:
    """A setting that is text, or ``""``."""
    value = load(folder).get(key, "")
    return value if isinstance(value, str) else ""


def language(folder: Path) -> str:
    chosen = text(folder, "language")
    return chosen if chosen in LANGUAGES else "ru"


def recent(folder: Path) -> list[str]:
    paths = load(folder).get("recent", [])
    return [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else []


def remember(folder: Path, path: Path) -> None:
    """Put ``path`` first among the recent tournaments (ten are kept)."""
    settings = load(folder)
    paths = [str(path.resolve())] + [p for p in recent(folder) if p != str(path.resolve())]
    settings["recent"] = paths[:10]
    save(folder, settings)


QUIET_HALLS = "halls_not_served"
"""The halls' tournaments whose laptop the referee switched off serving on (their paths)."""


def serves_hall(folder: Path, path: Path) -> bool:
    """Whether the app serves a hall's peers from the moment ``path`` opens: it does unless
    the referee switched it off there, since a laptop that serves nothing keeps what it
    enters to itself (the others only fetch: ``../shared/spec/hall.md``)."""
    quiet = load(folder).get(QUIET_HALLS, [])
    return not (isinstance(quiet, list) and str(path.resolve()) in quiet)


def remember_serving(folder: Path, path: Path, on: bool) -> None:
    """What the referee chose for ``path``'s server, kept for its next opening (50 kept)."""
    settings = load(folder)
    found = settings.get(QUIET_HALLS, [])
    quiet = [p for p in found if isinstance(p, str) and p != str(path.resolve())] if isinstance(found, list) else []
    settings[QUIET_HALLS] = (quiet if on else [str(path.resolve()), *quiet])[:50]
    save(folder, settings)


SYNC_SOURCES = "hall_sync_sources"
"""The folder (a stick) or address each hall's tournament was last synced with by hand, or
joined from (by its path): what F9 offers to sync with again."""


def sync_source(folder: Path, path: Path) -> str:
    """Where ``path`` was last synced with by hand (empty: nowhere yet)."""
    found = load(folder).get(SYNC_SOURCES)
    source = found.get(str(path.resolve())) if isinstance(found, dict) else None
    return source if isinstance(source, str) and len(source) <= 1000 else ""


def remember_sync_source(folder: Path, path: Path, source: str) -> None:
    """``source`` offered again for ``path`` (50 tournaments kept): a helper retyped the
    stick's folder at every sync, and took an empty field for one that reached nobody."""
    settings = load(folder)
    key = str(path.resolve())
    found = settings.get(SYNC_SOURCES)
    kept = [(p, s) for p, s in found.items() if p != key and isinstance(s, str)] if isinstance(found, dict) else []
    settings[SYNC_SOURCES] = dict([(key, source), *kept][:50])
    save(folder, settings)
