"""A tournament for the players' pages: a Cyrillic name with ё, a Latin one, a hostile one."""

from __future__ import annotations

import random
from pathlib import Path

from data.service import Service
from schemes.log import actions

HOSTILE = "<script>alert('x')</script>"
NAMES = [
    ("Ёлкина", "Мария", "2d"),
    ("Иванов", "Иван", "1d"),
    ("Smith", "John", "1k"),
    (HOSTILE, "<b>Жирный</b>", "2k"),
    ("Петров", "Пётр", "3k"),
    ("Сидорова", "Алёна", "4k"),
]


def hall_tournament(path: Path, extra: int = 0, name: str = "Кубок <i>зала</i>") -> Path:
    """McMahon, 3 rounds, round 1 paired and board 1's result in."""
    rows = [{"surname": s, "name": n, "rank": r} for s, n, r in NAMES]
    rows += [{"surname": f"Игрок{i:03d}", "name": "Анна", "rank": "10k"} for i in range(extra)]
    with Service.create(path, [actions.create(name, "mcmahon", 3)]) as service:
        service.commit_all(actions.registrations([], rows))
        service.commit(actions.pair(service.state, random.Random(1)))
        service.commit(actions.result(1, 1, "W+"))
    return path
