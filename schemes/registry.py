"""The schemes the program knows, by the name the command line and the file use."""

from __future__ import annotations

from schemes.base.scheme import Scheme, is_final
from schemes.errors import InvalidEvent
from schemes.state.model import Tournament
from schemes.systems.fors import FORS
from schemes.systems.gamma import GAMMA
from schemes.systems.gotha.pairing import MCMAHON, SWISS
from schemes.systems.playoff import PLAYOFF
from schemes.systems.round_robin import ROUND_ROBIN
from schemes.systems.sport_handicap import SPORT_HANDICAP

SCHEMES: dict[str, Scheme] = {s.name: s for s in (GAMMA, SPORT_HANDICAP, FORS, ROUND_ROBIN, MCMAHON, SWISS, PLAYOFF)}


def is_final_table(tournament: Tournament, after_round: int) -> bool:
    """``scheme.is_final`` for the tournament's own scheme."""
    return is_final(get_scheme(tournament.settings.scheme), tournament, after_round)


def not_playing(tournament: Tournament, number: int) -> dict[str, list[int]]:
    """Who is on no board of paired round ``number``, and why, in the order the pairing's
    paperwork lists them: the byes; the skips by a player's own word (an announced skip, a
    round before he came); those registered in advance and not yet confirmed (OpenGotha's
    ``PRE``); those who play the round but are on none of its boards (OpenGotha's "not
    assigned", in a round an OpenGotha file recorded so — a play-off's knocked-out are
    neither); the withdrawn."""
    played = tournament.round(number)
    off = [tournament.players[p] for p in tournament.skipping(number)]
    everyone = get_scheme(tournament.settings.scheme).everyone_plays
    return {
        "byes": list(played.byes) if played else [],
        "skips": [p.id for p in off if p.absent_from(number)],
        "in_advance": [p.id for p in off if p.in_advance_for(number) and not p.absent_from(number)],
        "not_assigned": [p.id for p in off if everyone and p.available_in(number)],
        "withdrawn": tournament.withdrawn(number),
    }


def get_scheme(name: str) -> Scheme:
    try:
        return SCHEMES[name]
    except KeyError:
        raise InvalidEvent(
            "unknown scheme {name!r}: known are {known}", name=name[:40], known=", ".join(SCHEMES)
        ) from None
