"""How one round of one player is written on cards, in tables and on screen: one notation
everywhere (issue 24), explained by a legend wherever it is printed.

``5+`` beat number 5, ``5-`` lost to him, ``5=`` a draw, ``!`` a game decided without
play; ``++`` a bye and ``--`` a skip or a round after withdrawal (Gamma's card notation,
used for every scheme); colour and handicap as ``+2`` (white, giving 2) or ``-2`` (black,
receiving 2); half a point as ``½`` (``22½``).  The rating-commission table keeps its own
format (``0+``, ``0=``, ``0-`` for a round without a game), explained in its comments.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from schemes.state.records import Free, Game, Kind, Outcome, Pending, Score

SYMBOL = {Score.WIN: "+", Score.LOSS: "-", Score.DRAW: "="}


def points(value: float) -> str:
    """Points as every table and screen writes them: whole numbers plain, a half as ``½``
    (``22½``, not the seeds' ``22+``, which reads as "beat number 22" beside a result), and a
    Sonneborn–Berger's quarter as ``¼`` or ``¾`` (a trial read ``27.75`` beside ``5½``)."""
    sign, size = ("-" if value < 0 else ""), abs(value)
    whole = int(size)
    fraction = _FRACTIONS.get(size - whole)
    if fraction:
        return f"{sign}{whole or ''}{fraction}"
    return f"{value:g}"


_FRACTIONS = {0.25: "¼", 0.5: "½", 0.75: "¾"}


LEGEND = (  # a mark, the label of what it means; listed when a cell holds the mark
    (re.compile(r"^\d+\+"), "legend_win"),
    (re.compile(r"^\d+-"), "legend_loss"),
    (re.compile(r"^\d+="), "legend_draw"),
    (re.compile(r"^[+]\d"), "legend_win_first"),  # FORS's table writes the result first: +2/50
    (re.compile(r"^-\d"), "legend_loss_first"),
    (re.compile(r"^=\d"), "legend_draw_first"),
    (re.compile(r"^[10½]!?( |$)"), "legend_crosstable"),  # a round robin's square table: 1, ½, 0
    (re.compile(r"^(?!--!$).*!"), "legend_forfeit"),
    (re.compile(r"^\+\+$"), "legend_bye"),
    (re.compile(r"^--$"), "legend_skip"),
    (re.compile(r"^--!$"), "legend_late_skip"),
    (re.compile(r"^0[+=-]"), "legend_free"),
    (re.compile(r"\d½"), "legend_half"),
)


COLOURED = re.compile(r"/[wb]\d*$")
"""A mark with its colour and handicap (OpenGotha's ``2+/w1``; FORS's ``+2/50`` is its points)."""


BY_ROW = ("legend_win", "legend_loss", "legend_draw")
"""The marks whose number is the opponent's row where a table names him so (``by_row``)."""


def legend(cells: Iterable[str], text: Mapping[str, str], by_row: bool = False) -> str:
    """What the marks found in ``cells`` mean, in ``text``'s words (one line); ``by_row`` where
    the table names each opponent by his row (McMahon and Swiss, as OpenGotha's standings: a
    trial read «5+ — победа над № 5» as the player numbered 5 on the boards).  Each distinct
    mark is matched once: a table of 1,000 players and ten rounds writes 10,000 cells but a
    few thousand marks (the twelve patterns over every cell were a tenth of its time)."""
    written = set(cells)
    marks = {mark.split("/")[0] for cell in written for mark in cell.split()}  # a double round robin's «-- 1»
    found = {key for mark in marks for pattern, key in LEGEND if pattern.search(mark)}
    coloured = any(COLOURED.search(cell) for cell in written)  # a trial found McMahon's 2+/w1 unexplained
    said = [text[f"{key}_row" if by_row and key in BY_ROW else key] for _pattern, key in LEGEND if key in found]
    return "; ".join(said + ([text["legend_colour"]] if coloured else []))


def opponent_mark(
    outcome: Outcome, numbers: Mapping[int, int], result_first: bool = False, late_counts: bool = False
) -> str:
    """``5+`` and the like (``+5`` with ``result_first``, as FORS tables write it);
    ``++`` for a bye, ``--`` for a skip or a round after withdrawal — ``--!`` where it was
    announced too late and the scheme counts that as an absence (``late_counts``:
    ``Traits.skip_deadline``; a trial read sport-handicap's 0 and 5 points as one «--»)."""
    if isinstance(outcome, Free):
        return "++" if outcome.kind is Kind.BYE else "--!" if late_counts and outcome.late else "--"
    opponent = str(numbers.get(outcome.opponent, outcome.opponent))
    if isinstance(outcome, Pending):
        return opponent
    result = f"{SYMBOL[outcome.score]}{'!' if outcome.forfeit else ''}"
    return result + opponent if result_first else opponent + result


def opponent_number(outcome: Outcome, numbers: Mapping[int, int]) -> str:
    """The opponent's number alone (the result has its own column); ``++``/``--`` as above."""
    if outcome.opponent is None:
        return opponent_mark(outcome, numbers)
    return str(numbers.get(outcome.opponent, outcome.opponent))


def colour_handicap(outcome: Outcome) -> str:
    """``+h`` for white, ``-h`` for black; an even game before its result: ``±0``; a
    walkover without a board, nothing."""
    if isinstance(outcome, Free):
        return "+" if outcome.kind is Kind.BYE else "-"
    if isinstance(outcome, Game) and not outcome.seated:
        return ""
    if isinstance(outcome, Pending) and outcome.nigiri:
        return "±0"
    return f"{'+' if outcome.white else '-'}{outcome.handicap}"


def colour(outcome: Outcome, text: Mapping[str, str]) -> str:
    if isinstance(outcome, Free) or (isinstance(outcome, Game) and not outcome.seated):
        return ""
    return text["w"] if outcome.white else text["b"]


def result_symbol(outcome: Outcome) -> str:
    if not isinstance(outcome, Game):
        return ""
    return SYMBOL[outcome.score] + ("!" if outcome.forfeit else "")
