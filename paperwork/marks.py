"""How one round of one player is written on cards and in tables, as the seeds write it.

``5+`` beat number 5, ``5-`` lost to him, ``5=`` a draw, ``!`` a game decided without
play; ``++`` a bye and ``--`` a skip (Gamma's card notation, used for every scheme);
colour and handicap as ``+2`` (white, giving 2) or ``-2`` (black, receiving 2).
"""

from __future__ import annotations

from collections.abc import Mapping

from schemes.records import Kind, Outcome, Score

SYMBOL = {Score.WIN: "+", Score.LOSS: "-", Score.DRAW: "="}


def opponent_mark(
    outcome: Outcome, numbers: Mapping[int, int], result_first: bool = False, bye: str = "++", skip: str = "--"
) -> str:
    """``5+`` and the like (``+5`` with ``result_first``, as FORS tables write it);
    ``++`` for a bye, ``--`` for a skip or a round after withdrawal (the cards' marks;
    Gamma's table writes a single ``+`` and ``-``)."""
    if outcome.kind is Kind.BYE:
        return bye
    if outcome.kind in (Kind.SKIP, Kind.WITHDRAWN):
        return skip
    opponent = str(numbers.get(outcome.opponent, outcome.opponent))
    if outcome.kind is Kind.PENDING:
        return opponent
    result = f"{SYMBOL[outcome.score]}{'!' if outcome.forfeit else ''}"
    return result + opponent if result_first else opponent + result


def opponent_number(outcome: Outcome, numbers: Mapping[int, int]) -> str:
    """The opponent's number alone (the result has its own column); ``++``/``--`` as above."""
    if outcome.opponent is None:
        return opponent_mark(outcome, numbers)
    return str(numbers.get(outcome.opponent, outcome.opponent))


def colour_handicap(outcome: Outcome) -> str:
    """``+h`` for white, ``-h`` for black; an even game before its result: ``±0``."""
    if outcome.kind is Kind.BYE:
        return "+"
    if outcome.kind in (Kind.SKIP, Kind.WITHDRAWN):
        return "-"
    if outcome.kind is Kind.PENDING and outcome.nigiri:
        return "±0"
    return f"{'+' if outcome.white else '-'}{outcome.handicap}"


def colour(outcome: Outcome, text: Mapping[str, str]) -> str:
    if outcome.kind in (Kind.GAME, Kind.PENDING):
        return text["w"] if outcome.white else text["b"]
    return ""


def result_symbol(outcome: Outcome) -> str:
    if outcome.kind is not Kind.GAME:
        return ""
    return SYMBOL[outcome.score] + ("!" if outcome.forfeit else "")
