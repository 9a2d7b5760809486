"""The schemes the program knows, by the name the command line and the file use."""

from __future__ import annotations

from schemes.events import InvalidEvent
from schemes.fors import FORS
from schemes.gamma import GAMMA
from schemes.gotha import MCMAHON, SWISS
from schemes.model import Tournament
from schemes.playoff import PLAYOFF
from schemes.round_robin import ROUND_ROBIN
from schemes.scheme import Scheme, is_final
from schemes.sport_handicap import SPORT_HANDICAP

SCHEMES: dict[str, Scheme] = {s.name: s for s in (GAMMA, SPORT_HANDICAP, FORS, ROUND_ROBIN, MCMAHON, SWISS, PLAYOFF)}


def is_final_table(tournament: Tournament, after_round: int) -> bool:
    """``scheme.is_final`` for the tournament's own scheme."""
    return is_final(get_scheme(tournament.settings.scheme), tournament, after_round)


def skipping(tournament: Tournament, number: int) -> list[int]:
    """Who skips paired round ``number``: ``Tournament.skipping``, less, in a play-off, those
    knocked out (they are out, not skipping)."""
    found = tournament.skipping(number)
    if get_scheme(tournament.settings.scheme).everyone_plays:
        return found
    return [p for p in found if tournament.players[p].skips_round(number)]


def get_scheme(name: str) -> Scheme:
    try:
        return SCHEMES[name]
    except KeyError:
        raise InvalidEvent(
            "unknown scheme {name!r}: known are {known}", name=name[:40], known=", ".join(SCHEMES)
        ) from None
