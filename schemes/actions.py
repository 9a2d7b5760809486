"""What a referee can do, turned into event data.

The command line and the app both call these, so a rule about what the referee may
type lives here once.  Each returns ``(kind, data)`` for ``history.append``, which
checks it against the whole log before anything is written.
"""

from __future__ import annotations

import random
from datetime import date
from typing import Any, Mapping, Sequence

from schemes import events as ev
from schemes.events import Event, InvalidEvent
from schemes.history import redo_target, undo_target
from schemes.model import Tournament
from schemes.ranks import RankError, check_rating, parse_rank, rank_of_rating
from schemes.registry import get_scheme
from schemes.replay import check_pairable
from schemes.scheme import PairingError, parse_params

Action = tuple[str, dict[str, Any]]


def create(
    name: str, scheme: str, rounds: int | None = None, place: str = "", dates: str = "",
    komi: float = 6.5, time: str = "", lang: str = "ru", params: Mapping[str, str] | None = None,
) -> Action:
    try:
        values = parse_params(get_scheme(scheme), params or {})
    except ValueError as error:
        raise InvalidEvent(str(error)) from None
    check_dates(dates)
    return ev.TOURNAMENT_CREATED, {
        "name": name, "scheme": scheme, "rounds": rounds, "place": place, "dates": dates,
        "komi": komi, "time": time, "lang": lang, "params": values,
    }


def check_dates(text: str) -> None:
    """Dates are ISO: ``2004-09-18`` or ``2004-09-18..2004-09-19``, the second not before the first."""
    if not text:
        return
    parts = text.split("..")
    try:
        days = [date.fromisoformat(part) for part in parts]
    except ValueError:
        raise InvalidEvent(f"bad dates {text!r}: write 2026-12-05 or 2026-12-05..2026-12-06") from None
    if len(days) > 2 or days != sorted(days):
        raise InvalidEvent(f"bad dates {text!r}: one day, or the first and the last day in order")


def profile(
    surname: str | None = None, name: str | None = None, rating: int | None = None,
    rank: str | None = None, country: str | None = None, club: str | None = None,
    block: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The player fields the referee gave; a rating wins over a rank label."""
    data: dict[str, Any] = {}
    try:
        if rating is not None:
            data["rating"] = check_rating(rating)
            data["rank"] = rank_of_rating(rating)
        elif rank is not None:
            data["rank"] = parse_rank(rank)
            data["rating"] = None
    except RankError as error:
        raise InvalidEvent(str(error)) from None
    for key, value in (("surname", surname), ("name", name), ("country", country), ("club", club)):
        if value is not None:
            data[key] = value
    if block is not None:
        data["block"] = sorted(set(block))
    return data


def register(events: Sequence[Event], **fields: Any) -> Action:
    """A registration with the next never-used player id (ids are stable forever)."""
    used = [e.data["player"] for e in events if e.kind == ev.PLAYER_REGISTERED]
    data = {"player": max(used, default=0) + 1, "name": "", **profile(**fields)}
    if "rank" not in data:
        raise InvalidEvent("give a rating or a rank")
    return ev.PLAYER_REGISTERED, data


def edit(player: int, **fields: Any) -> Action:
    data = profile(**fields)
    if not data:
        raise InvalidEvent("nothing to change: give the fields to edit")
    return ev.PLAYER_EDITED, {"player": player, **data}


def skip(player: int, rounds: Sequence[int]) -> Action:
    return ev.PLAYER_SKIPS, {"player": player, "rounds": sorted(set(rounds))}


def withdraw(state: Tournament, player: int, from_round: int | None = None) -> Action:
    start = state.paired_rounds + 1 if from_round is None else from_round
    return ev.PLAYER_WITHDRAWN, {"player": player, "from_round": start}


def pair(
    state: Tournament, rng: random.Random, number: int | None = None,
    order: Sequence[int] | None = None,
) -> Action:
    """The pairing of the next round, computed by the scheme and recorded as it is now."""
    upcoming = state.paired_rounds + 1 if number is None else number
    check_pairable(state, upcoming)
    scheme = get_scheme(state.settings.scheme)
    if order is not None and state.numbers:
        raise InvalidEvent("the players are numbered already: --order only goes with round 1")
    try:
        pairing = scheme.pair(state, upcoming, rng, order)
    except PairingError as error:
        raise InvalidEvent(str(error)) from None
    data: dict[str, Any] = {
        "round": upcoming,
        "boards": [
            {"white": b.white, "black": b.black, "handicap": b.handicap, "komi": b.komi, "nigiri": b.nigiri}
            for b in pairing.boards
        ],
        "byes": list(pairing.byes),
        "extra": dict(pairing.extra),
    }
    if pairing.order is not None:
        data["order"] = list(pairing.order)
    return ev.ROUND_PAIRED, data


def result(number: int, board: int, code: str, swapped: bool = False) -> Action:
    data: dict[str, Any] = {"round": number, "board": board, "code": code}
    if swapped:
        data["swapped"] = True
    return ev.RESULT_RECORDED, data


def undo(events: Sequence[Event], target: int | None = None) -> Action:
    chosen = undo_target(list(events)).id if target is None else target
    return ev.RETRACTED, {"event": chosen}


def redo(events: Sequence[Event]) -> Action:
    return ev.RETRACTED, {"event": redo_target(list(events)).id}
