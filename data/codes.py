"""Country codes and the Russian city codes of the rating-commission table (seed 003).

Used at the edges where the referee types or imports a player: a country must be a
known two-letter code (stored in capitals).  A club is kept as typed; the tables for the
rating commission and the EGF write a Russian city by its code (``Москва`` → ``Mos``).
"""

from __future__ import annotations

import re
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


ABBREVIATIONS = {
    "спб": "Санкт-Петербург",
    "с петербург": "Санкт-Петербург",
    "петербург": "Санкт-Петербург",
    "питер": "Санкт-Петербург",
    "мск": "Москва",
    "великий новгород": "Новгород",
}
"""How the capitals are commonly written short (keys as ``_city_key`` makes them): the one city
had two codes in one file, ``СПб`` → ``SPb`` beside ``Санкт-Петербург`` → ``StP`` (a review);
and Novgorod by its official name."""
ENGLISH = {
    "Moscow": "Москва",
    "Saint Petersburg": "Санкт-Петербург",
    "St Petersburg": "Санкт-Петербург",
    "Petersburg": "Санкт-Петербург",
    "Nizhny Novgorod": "Нижний Новгород",
    "Veliky Novgorod": "Новгород",
    "Yekaterinburg": "Екатеринбург",
    "Rostov-on-Don": "Ростов-на-Дону",
    "Zhukovsky": "Жуковский",
    "Oktyabrsky": "Октябрьский",
}
"""The table's cities whose English names are not their transliteration (``Moskva``, which the
rating-commission table finds by transliterating each city): a foreign guest's registration
writes ``Moscow``."""
_REGION = re.compile(r"\s*\([^()]*\)\s*$")
"""The table's region after a city, ``Жуковский (МО)``, which a referee does not type."""


def _city_key(text: str) -> str:
    """A city as it is looked up: folded, dots and hyphens as spaces (``С.-Петербург``,
    ``Санкт Петербург``), without a leading ``г.``/``г``/``город``."""
    words = re.sub("[.\\-\u2010\u2011\u2013\u2014]", " ", fold(text)).split()
    if len(words) > 1 and words[0] in ("г", "гор", "город"):
        words = words[1:]
    return " ".join(words)


@cache
def russian_cities() -> dict[str, str]:
    """City (as ``_city_key`` makes it) → code: each of the table's cities as written and
    without its region (``Жуковский (МО)`` and ``Жуковский``), and the capitals' abbreviations."""
    found: dict[str, str] = {}
    for city, code in _table("russian_cities.tsv"):
        found[_city_key(city)] = code
        found.setdefault(_city_key(_REGION.sub("", city)), code)
    for short, city in ABBREVIATIONS.items():
        found[short] = found[_city_key(city)]
    return found


def country(code: str) -> str:
    """The code in capitals, or ValueError naming the bad one."""
    normal = code.strip().upper()
    if normal not in countries():
        raise UnknownCountry(code=code[:20])
    return normal


def city_code(text: str) -> str:
    """A Russian city's code for the rating-commission table (``Москва`` → ``Mos``);
    anything else as it is.  The city may be typed without the table's region (``Жуковский``
    for ``Жуковский (МО)``), after ``г.`` or ``город``, with a space for a hyphen, or as a
    capital is commonly shortened (``СПб``, ``Мск``): one city, one code in a file.  Other
    words stay a club (``Жуковский клуб``).  Only the tables for the commission and the EGF
    use it: a player's club is kept as the referee typed it."""
    return russian_cities().get(_city_key(text), text.strip())
