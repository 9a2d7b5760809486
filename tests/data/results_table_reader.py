"""The tests' reader of EGF results tables (and the RFG form): the real tables of
``shared/testdata`` and what ``data/results_table.write`` wrote, read back into the writer's
own values so that a table survives writing and reading again.

Opponents are referred to by row: the n-th result line is player n, whatever its first
column says (EGD tables number by place and leave ties blank).  Real files also write a
forfeit with ``!`` before or after the colour (``22+!w0``).  The reader accepts what real
files contain and names the line of anything it cannot read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from data.results_table import MISSING, Line, Result, ResultsTable

GRADE = re.compile(r"^(\d{1,2})([kKdDpP])$")
_RESULT = re.compile(r"^(\d+)([-+=?])(?:/?([bwBW])(\d)?(?:k(-?\d+))?)?$")
_KEYWORD = re.compile(r"([A-Z]{2})\[([^\]]*)\]")


class TableError(ValueError):
    """A line that is not a results-table line; the message names it."""


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
    return ResultsTable(tuple(comments), lines, tuple(trailer))


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


def keywords(table: ResultsTable) -> dict[str, str]:
    """EGF bracket keywords of the comments: ``EV``, ``PC``, ``DT``, ``HA``, ``KM``, ``TM``, ``CL`` …"""
    return {key: value for comment in table.comments for key, value in _KEYWORD.findall(comment)}


def rounds(table: ResultsTable) -> int:
    return len(table.lines[0].results) if table.lines else 0


def symmetry_problems(table: ResultsTable) -> list[str]:
    """Games that the two players' lines tell differently: the tests' check that a table
    written or read says each game once, the same way from both sides."""
    mirror = {"+": "-", "-": "+", "=": "=", "?": "?"}
    problems = []
    for line in table.lines:
        for index, result in enumerate(line.results):
            if result.opponent == 0 or not result.played:
                continue
            if result.opponent > len(table.lines):
                problems.append(f"player {line.number} round {index + 1}: no player {result.opponent}")
                continue
            other = table.lines[result.opponent - 1].results[index]
            if (other.opponent, other.outcome, other.forfeit) != (line.number, mirror[result.outcome], result.forfeit):
                problems.append(f"player {line.number} round {index + 1}: {result.text()} against {other.text()}")
            elif result.colour and other.colour and result.colour == other.colour:
                problems.append(f"player {line.number} round {index + 1}: both {result.colour}")
            elif None not in (result.handicap, other.handicap) and result.handicap != other.handicap:
                problems.append(
                    f"player {line.number} round {index + 1}: handicap {result.handicap} / {other.handicap}"
                )
            elif result.komi is not None and other.komi is not None and result.komi != -other.komi:
                problems.append(f"player {line.number} round {index + 1}: komi {result.komi} / {other.komi}")
    return problems
