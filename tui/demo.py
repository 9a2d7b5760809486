"""The bundled demo: a six-player round robin with three of its five rounds played.

It is written through the same actions as a referee's commands, so the demo is
also a smoke test of the whole path from action to file.
"""

from __future__ import annotations

import random
from pathlib import Path

from data.ledger import Ledger
from data.store import backup_path
from schemes import actions

PLAYERS = (
    ("Матвеев", "Евгений", 2510, "RU", "Mos"),
    ("Ёлкина", "Анна", 2247, "RU", "StP"),
    ("Широков", "Дмитрий", 2150, "RU", "Nsk"),
    ("Лю", "Личунь", 2210, "CN", ""),
    ("Затонских", "Антон", 1950, "RU", "Kha"),
    ("Воропаев", "Олег", 1580, "RU", "Vla"),
)
RESULTS = (("W+", "B+", "W+"), ("B+", "W+", "draw"), ("W+", "W+F", "B+"))


def write_demo(folder: Path) -> Path:
    """Write (or write again) ``folder/round-robin.json``; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "round-robin.json"
    for old in (path, backup_path(path)):
        old.unlink(missing_ok=True)
    create = actions.create(
        "Демо: круговой турнир", "round-robin", None, "Санкт-Петербург", "2026-11-28..2026-11-29",
        6.5, "60+30sx3", "ru", {"numbering": "rating"},
    )
    with Ledger.create(path, create) as ledger:
        for surname, name, rating, country, club in PLAYERS:
            ledger.commit(actions.register(
                ledger.events, surname=surname, name=name, rating=rating, country=country, club=club,
            ))
        rng = random.Random(2026)
        for codes in RESULTS:
            paired = ledger.commit(actions.pair(ledger.state, rng)).event.data["round"]
            for board, code in enumerate(codes, start=1):
                ledger.commit(actions.result(paired, board, code))
    return path
