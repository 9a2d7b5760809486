"""What a scheme's paperwork is made of.  Each scheme's module in ``paperwork/per_scheme``
builds one ``SchemePaper``; the scheme's registry line names it, and a scheme whose line
names none fails ``tests/paperwork/test_every_scheme.py``, not at a referee's printer."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from paperwork.card_face import Face
from paperwork.sheet import Column, number, standings_after
from schemes.base.scheme import Row
from schemes.log.events import Event
from schemes.state.model import Tournament

if TYPE_CHECKING:  # fpdf2 loads where a document is made, not for a scheme's columns and marks
    from paperwork.document import Document

TableColumns = Callable[[Tournament, Mapping[str, str], int, int], list[Column]]
"""A final table's columns: the tournament, the labels, the rounds and the players."""
RatingInfo = tuple[str, str, str, str]
"""A player's four information columns in the rating-commission table (seed 003: exactly four)."""
FreeRound = Literal["bye", "skip", "late skip", "withdrawn", "walkover"]
"""A round without a game, as the rating-commission table marks it; a ``late skip`` only where
the scheme has a deadline for skips (``Traits.skip_deadline``): a skip or a withdrawal
announced after it, the round is an absence.  A ``withdrawn`` round pays what the scheme pays
for it (sport-handicap: a skip's half, in time)."""


@dataclass(frozen=True)
class SchemePaper:
    card: Callable[[Tournament, Mapping[str, str], int], Callable[[int], Face]]
    """The face of each player's card, given the labels and the rounds of the event."""
    final_table: Callable[[Tournament, Sequence[Event], int], Document]
    """The table in the seed's hand format (after an unfinished round, titled so)."""
    rating_columns: str
    """The rating-commission table's four information columns, as its header names them."""
    rating_info: Callable[[Tournament, int], dict[int, RatingInfo]]
    """Those four columns of each player."""
    free_mark: Callable[[Tournament, FreeRound], str]
    """The rating table's mark of a round without a game (``bye``, ``skip``, ``late skip``,
    ``walkover``), by what the scheme pays for it."""
    most_stones: Callable[[Mapping[str, Any]], int]
    """The highest handicap its parameters allow (the EGF table's ``HA[h…]``): each scheme names
    it its own way (``handicap_cap``, OpenGotha's ``hdCeiling``), and one read by name gave a
    Swiss event of even games ``HA[h9]`` (a review)."""
    score_format: Callable[[float], str] = number
    """How the main value is written in the standings."""
    opponents_by_place: bool = False
    """Its final table lists the players by place and names each opponent by his row (as
    OpenGotha's standings do); the others name him by his number."""
    round_note: Callable[[Tournament, int, Mapping[str, str]], str] | None = None
    """A line under a round's protocol saying what its boards decide (a play-off's stage and
    game), where the scheme has one."""
    final_score: str | None = None
    """The label of the main value in its final table where it is not the standings' (its
    ``score_name``): sport-handicap's strength after the final correction, «Итог. сила» on
    paper, was «Сила» in the app's final table beside cards that say another strength."""
    most_rounds: Callable[[Tournament], int] | None = None
    """The rounds a blank form has room for where the event does not know its count yet (a
    best of three play-off's every game of every stage): a trial's blank table had five."""
    table_columns: TableColumns | None = None
    """Its final table's columns for ``rounds`` rounds of ``players`` (a round robin's crosstable
    has one per player), which its blank form has too: a FORS trial's blank table had no
    start points nor coefficient.  None: the play-off's, whose table is its bracket."""
    free_legend: Mapping[str, str] | None = None
    """The rating table's legend of its free-round marks in each language, where the usual one
    (``0+`` as a win, ``0=`` half a point, ``0-`` nothing) misreads the scheme's: a play-off
    has no points, and its ``0+`` is a player going on without a game."""


def capped(params: Mapping[str, Any]) -> int:
    """``most_stones`` of a scheme whose handicaps stop at ``handicap_cap`` (none where its
    ``handicap`` parameter, if it has one, says ``none``)."""
    return 0 if params.get("handicap") == "none" else int(params["handicap_cap"])


def rows_after(tournament: Tournament, after: int) -> dict[int, Row]:
    return {r.player: r for r in standings_after(tournament, after).rows}


def first_place(row: Row) -> str:
    """The place as the rating table writes it: the first of a shared range, 0 for none."""
    return row.place.split("-")[0] or "0"


def unsigned(value: float) -> str:
    return f"{max(0.0, value):g}"


def mark_of_points(value: float, win: float, loss: float) -> str:
    """``+``, ``=`` or ``-`` for points paid without a game, measured against a game's."""
    return "+" if value >= win else "-" if value <= loss else "="
