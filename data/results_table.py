"""The EGF results-table format (and its Russian RFG form), written and read back.

One line per player: number (or place; tied players may have none), name, grade,
country and club, some columns of information, then one result per round, and
possibly ``|PIN``.  A result is ``<opponent><+|-|=|?>[/<b|w>[h][k<komi>]]``;
``0+``/``0-``/``0=`` is a round without a game and a bare ``-`` a round not played.
Real files also write a forfeit with ``!`` before or after the colour (``22+!w0``).

Opponents are referred to by row: the n-th result line is player n, whatever its
first column says (EGD tables number by place and leave ties blank).

The reader accepts what real files contain (the tables in ``shared/testdata``) and
names the line of anything it cannot read; the writer writes what it reads, so a
table survives writing and reading again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

GRADE = re.compile(r"^(\d{1,2})([kKdDpP])$")
_RESULT = re.compile(r"^(\d+)([-+=?])(?:/?([bwBW])(\d)?(?:k(-?\d+))?)?$")
_KEYWORD = re.compile(r"([A-Z]{2})\[([^\]]*)\]")
MISSING = "-"


class TableError(ValueError):
    """A line that is not a results-table line; the message names it."""


@dataclass(frozen=True)
class Result:
    opponent: int
    """0 for a round without a game."""
    outcome: str
    """``+`` win, ``-`` loss, ``=`` draw or half point, ``?`` unknown; ``-`` also for a round not played."""
    colour: str | None = None
    handicap: int | None = None
    komi: int | None = None
    """As written: the komi's whole part, positive for the receiver."""
    forfeit: bool = False
    played: bool = True
    """False for a bare ``-``: the player was not in that round at all."""

    def text(self) -> str:
        if not self.played:
            return MISSING
        if self.opponent == 0:
            return f"0{self.outcome}"
        token = f"{self.opponent}{self.outcome}{'!' if self.forfeit else ''}"
        if self.colour:
            token += f"/{self.colour}{'' if self.handicap is None else self.handicap}"
            if self.komi is not None:
                token += f"k{self.komi}"
        return token


@dataclass(frozen=True)
class Line:
    number: int
    place: str
    surname: str
    name: str
    grade: str
    country: str
    club: str
    info: tuple[str, ...]
    results: tuple[Result, ...]
    pin: str = ""


@dataclass(frozen=True)
class ResultsTable:
    comments: tuple[str, ...]
    """The ``;`` lines before the results, without the ``;``."""
    lines: tuple[Line, ...]
    trailer: tuple[str, ...] = ()
    """The ``;`` lines after the results."""
    keywords: dict[str, str] = field(default_factory=dict)
    """EGF bracket keywords of the comments: ``EV``, ``PC``, ``DT``, ``HA``, ``KM``, ``TM``, ``CL`` …"""

    @property
    def rounds(self) -> int:
        return len(self.lines[0].results) if self.lines else 0


def parse_result(token: str) -> Result:
    if token == MISSING:
        return Result(0, "-", played=False)
    forfeit = "!" in token
    match = _RESULT.match(token.replace("!", ""))
    if not match:
        raise TableError(f"{token!r} is not a result")
    opponent, outcome, colour, handicap, komi = match.groups()
    return Result(
        int(opponent),
        outcome,
        colour.lower() if colour else None,
        None if handicap is None else int(handicap),
        None if komi is None else int(komi),
        forfeit,
    )


def _is_result(token: str) -> bool:
    try:
        parse_result(token)
    except TableError:
        return False
    return True


def decode(raw: bytes) -> str:
    """UTF-8 when it is, else ISO-8859-15 (OpenGotha's European files)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("iso-8859-15")


def read(path: str | Path) -> ResultsTable:
    return parse(decode(Path(path).read_bytes()))


def parse(text: str) -> ResultsTable:
    comments: list[str] = []
    trailer: list[str] = []
    rows: list[tuple[int, list[str], str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.lstrip().startswith(";"):
            (trailer if rows else comments).append(raw.lstrip()[1:])
            continue
        body, _, pin = raw.partition("|")
        tokens = body.split()
        if tokens:
            rows.append((number, tokens, pin.strip()))
    if not rows:
        raise TableError("no result lines")
    suffixes = []
    for _number, tokens, _ in rows:
        length = 0
        while length < len(tokens) and _is_result(tokens[-1 - length]):
            length += 1
        suffixes.append(length)
    rounds = min(suffixes)
    lines = tuple(_line(row, number, tokens, pin, rounds) for row, (number, tokens, pin) in enumerate(rows, start=1))
    keywords = {key: value for comment in comments for key, value in _KEYWORD.findall(comment)}
    return ResultsTable(tuple(comments), lines, tuple(trailer), keywords)


def _line(row: int, number: int, tokens: list[str], pin: str, rounds: int) -> Line:
    place = tokens[0] if tokens[0].isdigit() else ""
    rest = tokens[1:] if place else tokens
    grade = next((i for i, token in enumerate(rest) if GRADE.match(token)), None)
    if grade is None or grade == 0:
        raise TableError(f"line {number}: no name and grade (like 'Ivanov Ivan 5d')")
    fixed = rest[grade + 1 : len(rest) - rounds]
    if len(fixed) < 2:
        raise TableError(f"line {number}: country and club missing after the grade")
    results = tuple(parse_result(token) for token in rest[len(rest) - rounds :])
    name = rest[:grade]
    surname = name[0].replace("_", " ")
    return Line(
        row, place, surname, " ".join(name[1:]), rest[grade].lower(), fixed[0], fixed[1], tuple(fixed[2:]), results, pin
    )


@dataclass(frozen=True)
class Game:
    round: int
    white: int
    black: int
    winner: int | None
    handicap: int | None
    komi: int | None
    forfeit: bool


def games(table: ResultsTable) -> set[Game]:
    """Every game once, from the white player's line (or the lower number when no colour)."""
    found = set()
    for line in table.lines:
        for index, result in enumerate(line.results, start=1):
            if result.opponent == 0 or not result.played:
                continue
            white = result.colour == "w" or (result.colour is None and line.number < result.opponent)
            if not white:
                continue
            winner = line.number if result.outcome == "+" else result.opponent if result.outcome == "-" else None
            found.add(Game(index, line.number, result.opponent, winner, result.handicap, result.komi, result.forfeit))
    return found


def write(table: ResultsTable, egf: bool = False) -> str:
    """The table as text.  A surname of several words is joined with ``_`` (``van_der_Berg``),
    as the EGF writes it: the words after the number are the surname, then the first name,
    so a surname's second word would be read as his first name (issue 25).  ``egf`` joins
    the first name's words too."""
    out = [f";{comment}" for comment in table.comments]
    for line in table.lines:
        surname, name = line.surname.replace(" ", "_"), line.name
        if egf:
            name = name.replace(" ", "_")
        cells = [line.place, surname, name, line.grade, line.country, line.club, *line.info]
        cells += [result.text() for result in line.results]
        text = " ".join(cell for cell in cells if cell)
        out.append(text + (f" |{line.pin}" if line.pin else ""))
    out += [f";{comment}" for comment in table.trailer]
    return "\n".join(out) + "\n"
