"""Country codes and the Russian city codes of the rating-commission table (seed 003).

Used at the edges where the referee types or imports a player: a country must be a
known two-letter code (stored in capitals).  A club is kept as typed; the tables for the
rating commission and the EGF write a Russian city by its code (``Москва`` → ``Mos``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from schemes.errors import InvalidEvent
from schemes.values.names import fold

REFERENCE = Path(__file__).with_name("reference")


class UnknownCountry(InvalidEvent):
    template = "unknown country code {code!r}: two letters, like RU or DE"


def _table(name: str) -> list[list[str]]:
    lines = (REFERENCE / name).read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


@cache
def countries() -> dict[str, tuple[str, str]]:
    """Code → (English name, Russian name)."""
    return {code: (english, russian) for code, english, russian in _table("countries.tsv")}


@cache
def russian_cities() -> dict[str, str]:
    """City name (case- and ё-folded) → code."""
    return {fold(city): code for city, code in _table("russian_cities.tsv")}


def country(code: str) -> str:
    """The code in capitals, or ValueError naming the bad one."""
    normal = code.strip().upper()
    if normal not in countries():
        raise UnknownCountry(code=code[:20])
    return normal


def city_code(text: str) -> str:
    """A Russian city's code for the rating-commission table (``Москва`` → ``Mos``);
    anything else as it is.  Only the tables for the commission and the EGF use it: a
    player's club is kept as the referee typed it."""
    return russian_cities().get(fold(text), text.strip())
