"""The app's own settings, kept in the data folder (``~/Tengen/settings.json``)."""

from __future__ import annotations

import json
from pathlib import Path

from schemes.log.replay import LANGUAGES  # the languages a tournament's papers are in: the app's too


def load(folder: Path) -> dict:
    try:
        settings = json.loads((folder / "settings.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return settings if isinstance(settings, dict) else {}


def save(folder: Path, settings: dict) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps(settings, ensure_ascii=False, indent=1), encoding="utf-8")


def language(folder: Path) -> str:
    chosen = load(folder).get("language", "ru")
    return chosen if chosen in LANGUAGES else "ru"


def recent(folder: Path) -> list[str]:
    return [p for p in load(folder).get("recent", []) if isinstance(p, str)]


def remember(folder: Path, path: Path) -> None:
    """Put ``path`` first among the recent tournaments (ten are kept)."""
    settings = load(folder)
    paths = [str(path.resolve())] + [p for p in recent(folder) if p != str(path.resolve())]
    settings["recent"] = paths[:10]
    save(folder, settings)
