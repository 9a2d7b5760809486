"""The EGF results-table format (and its Russian RFG form), as Tengen writes it for the
rating commission (``paperwork/rating_table.py`` fills it from a tournament).

One line per player: number (or place), name, grade, country and club, some columns of
information, then one result per round, and possibly ``|PIN``.  A result is
``<opponent><+|-|=|?>[/<b|w>[h][k<komi>]]``; ``0+``/``0-``/``0=`` is a round without a game
and a bare ``-`` a round not played.  The tests read what is written back, and real tables
too, with a reader of their own (``tests/data/results_table_reader.py``): Tengen itself
never reads one.
"""

from __future__ import annotations

from dataclasses import dataclass

MISSING = "-"


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


def write(table: ResultsTable) -> str:
    """The table as text.  A surname or a first name of several words is joined with ``_``
    (``van_der_Berg``, ``Anna_Maria``), as the EGF writes it: the words after the number are
    the surname, then the first name, then the grade, so a surname's second word would be
    read as his first name (issue 25) and a first name's second word as his grade, moving
    every column after it (the spec: the same columns on every line)."""
    out = [f";{comment}" for comment in table.comments]
    for line in table.lines:
        surname, name = line.surname.replace(" ", "_"), line.name.replace(" ", "_")
        cells = [line.place, surname, name, line.grade, line.country, line.club, *line.info]
        cells += [result.text() for result in line.results]
        text = " ".join(cell for cell in cells if cell)
        out.append(text + (f" |{line.pin}" if line.pin else ""))
    out += [f";{comment}" for comment in table.trailer]
    return "\n".join(out) + "\n"
