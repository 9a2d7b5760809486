"""Players from outside: a CSV the organiser prepared, and the EGD rating list.

CSV: a header row names the columns (English or Russian: surname/фамилия,
name/имя, rating/рейтинг, rank/ранг, country/страна, club/клуб); the delimiter is
guessed, the encoding is UTF-8 or Windows-1251 (what a Russian spreadsheet saves).
Every bad row is reported with its line number, and the caller imports nothing
unless told to skip them.

EGD: the ``allworld_lp`` list (fixed-width text, usually wrapped in HTML).  Loaded
once, it answers name-prefix searches by bisection over a sorted index.
"""

from __future__ import annotations

import bisect
import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from data import codes
from schemes.ranks import RankError, check_rating, parse_rank

COLUMNS = {
    "surname": ("surname", "last name", "lastname", "family name", "фамилия"),
    "name": ("name", "first name", "firstname", "given name", "имя"),
    "rating": ("rating", "gor", "рейтинг"),
    "rank": ("rank", "grade", "ранг", "разряд"),
    "country": ("country", "страна"),
    "club": ("club", "city", "клуб", "город"),
}


class ImportFailed(ValueError):
    """A file that cannot be imported at all (not a table, no header)."""


@dataclass(frozen=True)
class Row:
    line: int
    fields: dict[str, Any]
    """Keyword arguments for ``actions.register``."""


def _lines(path: Path) -> list[str]:
    """The EGD list line by line: UTF-8 where a line is, ISO-8859-15 where not (the list
    mixes both)."""
    out = []
    for raw in path.read_bytes().split(b"\n"):
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(raw.decode("iso-8859-15"))
    return out


def _text(path: Path) -> str:
    """UTF-8, else Windows-1251 (what a Russian spreadsheet saves)."""
    raw = path.read_bytes()
    for encoding in ("utf-8-sig", "cp1251"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ImportFailed(f"{path}: neither UTF-8 nor Windows-1251 text")


def read_csv(path: Path) -> tuple[list[Row], list[str]]:
    """The good rows and one message per bad row."""
    text = _text(path)
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0] if text else "", delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    header = next(reader, None)
    if not header:
        raise ImportFailed(f"{path}: empty file")
    columns: dict[str, int] = {}
    for index, title in enumerate(header):
        for key, names in COLUMNS.items():
            if title.strip().casefold() in names:
                columns[key] = index
    if "surname" not in columns or not {"rating", "rank"} & set(columns):
        raise ImportFailed(f"{path}: the header needs a surname column and a rating or rank column")
    rows, errors = [], []
    for line, cells in enumerate(reader, start=2):
        if not any(cell.strip() for cell in cells):
            continue
        value = {key: cells[index].strip() if index < len(cells) else "" for key, index in columns.items()}
        try:
            rows.append(Row(line, _profile(value)))
        except ValueError as error:
            errors.append(f"line {line}: {error}")
    return rows, errors


def _profile(value: dict[str, str]) -> dict[str, Any]:
    if not value.get("surname"):
        raise ValueError("no surname")
    fields: dict[str, Any] = {"surname": value["surname"], "name": value.get("name", "")}
    try:
        if value.get("rating"):
            if not re.fullmatch(r"-?\d+", value["rating"]):
                raise ValueError(f"bad rating {value['rating']!r}")
            fields["rating"] = check_rating(int(value["rating"]))
        elif value.get("rank"):
            parse_rank(value["rank"])
            fields["rank"] = value["rank"]
        else:
            raise ValueError("no rating and no rank")
    except RankError as error:
        raise ValueError(str(error)) from None
    if value.get("country"):
        fields["country"] = codes.country(value["country"])
    if value.get("club"):
        fields["club"] = codes.club(value["club"])
    return fields


# -- the EGD rating list ---------------------------------------------------------------------

_EGD_LINE = re.compile(
    r"^\s*(?P<pin>\d{8})\s+(?P<name>\S.*?)\s+(?P<country>[A-Z]{2})\s+(?P<club>\S+)\s+"
    r"(?P<grade>\d{1,2}[kdpKDP])\s+\S+\s+(?P<gor>-?\d+)\s+\d+(?:\s+\S+)?\s*$"
)


@dataclass(frozen=True)
class RatedPlayer:
    pin: str
    surname: str
    name: str
    country: str
    club: str
    grade: str
    gor: int

    def profile(self) -> dict[str, Any]:
        fields: dict[str, Any] = {"surname": self.surname, "name": self.name, "club": self.club}
        fields["rating"] = check_rating(max(self.gor, -900))
        if self.country in codes.countries():
            fields["country"] = self.country
        return fields


class RatingList:
    """A loaded EGD list, searchable by the start of the name."""

    def __init__(self, players: list[RatedPlayer]) -> None:
        self.players = sorted(players, key=lambda p: _key(p.surname, p.name))
        self._keys = [_key(p.surname, p.name) for p in self.players]
        self._by_pin = {p.pin: p for p in self.players}

    @classmethod
    def read(cls, path: Path) -> RatingList:
        players = []
        for raw in _lines(path):
            match = _EGD_LINE.match(raw)
            if match:
                surname, _, name = match["name"].partition(" ")
                players.append(RatedPlayer(match["pin"], surname.replace("_", " "), name.replace("_", " ").strip(),
                                           match["country"], match["club"], match["grade"].lower(), int(match["gor"])))
        if not players:
            raise ImportFailed(f"{path}: no players of an EGD rating list")
        return cls(players)

    def search(self, prefix: str, limit: int = 20) -> list[RatedPlayer]:
        """Players whose "surname name" starts with ``prefix`` (case and ё folded)."""
        key = _fold(prefix)
        start = bisect.bisect_left(self._keys, key)
        found = []
        for index in range(start, min(start + limit, len(self._keys))):
            if not self._keys[index].startswith(key):
                break
            found.append(self.players[index])
        return found

    def by_pin(self, pin: str) -> RatedPlayer | None:
        return self._by_pin.get(pin)


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").replace("_", " ").split())


def _key(surname: str, name: str) -> str:
    return _fold(f"{surname} {name}")


def is_rating_list(path: Path) -> bool:
    head = path.read_bytes()[:4000].decode("latin-1")
    return "PIN" in head and ("GoR" in head or "<pre>" in head)
