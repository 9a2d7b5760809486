"""The schemes the program knows, by the name the command line and the file use.

A scheme is its rules module (``schemes/systems/``), its paperwork module
(``paperwork/per_scheme/``), its tests, and one line here: the app, the command line and
the paperwork find it from this list alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from schemes.base.scheme import PairsTheRest, Scheme, is_final
from schemes.errors import InvalidEvent
from schemes.state.model import Tournament
from schemes.state.records import waiting, walkovers
from schemes.systems.fors import FORS
from schemes.systems.gamma import GAMMA
from schemes.systems.gotha.pairing import MCMAHON, SWISS
from schemes.systems.playoff import PLAYOFF
from schemes.systems.round_robin import ROUND_ROBIN
from schemes.systems.sport_handicap import SPORT_HANDICAP


@dataclass(frozen=True)
class Entry:
    """A scheme as the program lists it."""

    scheme: Scheme
    paperwork: str
    """Where its paperwork is, as ``module:attribute`` (an entry point's spelling): named, not
    imported, since the paperwork is built over the rules."""
    titles: Mapping[str, str]
    """Its name as the app and the messages say it, in each language of the interface but
    English, which says the name the command line takes (``mcmahon``)."""


ENTRIES: dict[str, Entry] = {
    entry.scheme.name: entry
    for entry in (
        Entry(GAMMA, "paperwork.per_scheme.gamma:PAPER", {"ru": "Гамма"}),
        Entry(
            SPORT_HANDICAP,
            "paperwork.per_scheme.sport_handicap:PAPER",
            {"ru": "спортивно-форовая"},
        ),
        Entry(FORS, "paperwork.per_scheme.fors:PAPER", {"ru": "ФОРС"}),
        Entry(ROUND_ROBIN, "paperwork.per_scheme.round_robin:PAPER", {"ru": "круговая"}),
        Entry(MCMAHON, "paperwork.per_scheme.gotha:MCMAHON", {"ru": "Мак-Магон"}),
        Entry(SWISS, "paperwork.per_scheme.gotha:SWISS", {"ru": "швейцарская система"}),
        Entry(PLAYOFF, "paperwork.per_scheme.playoff:PAPER", {"ru": "плей-офф"}),
    )
}
"""Every scheme, in the order the app offers them (the first is the new tournament's default)."""


class _Schemes(Mapping[str, Scheme]):
    """The schemes by name: a view of ``ENTRIES``, so a line added there is a scheme everywhere."""

    def __getitem__(self, name: str) -> Scheme:
        return ENTRIES[name].scheme

    def __iter__(self) -> Iterator[str]:
        return iter(ENTRIES)

    def __len__(self) -> int:
        return len(ENTRIES)


SCHEMES: Mapping[str, Scheme] = _Schemes()


def names_with(trait: str) -> list[str]:
    """The names of the schemes whose ``Traits`` have ``trait`` (a refusal or a help line
    naming the schemes that have a thing names them all, a new one too)."""
    return [name for name, entry in ENTRIES.items() if getattr(entry.scheme.traits, trait)]


def is_final_table(tournament: Tournament, after_round: int) -> bool:
    """``scheme.is_final`` for the tournament's own scheme."""
    return is_final(get_scheme(tournament.settings.scheme), tournament, after_round)


def not_playing(tournament: Tournament, number: int) -> dict[str, list[int]]:
    """Who is on no board of paired round ``number``, and why, in the order the pairing's
    paperwork lists them: the byes; those through without a game, their opponent absent (a
    play-off's walkovers, ``records.walkovers``); those who won their match and wait for the
    stage to end (``records.waiting``); the skips by a player's own word (an announced skip, a
    round before he came); those registered in advance and not yet confirmed (OpenGotha's
    ``PRE``); those who play the round but are on none of its boards (OpenGotha's "not
    assigned", in a round an OpenGotha file recorded so — a play-off's knocked-out are
    neither — and, before the round's first result, those who came after it was paired, whom
    its rest may seat: a trial read them under «Пропуск тура» while ``n`` offered to pair them);
    the withdrawn."""
    played = tournament.round(number)
    walked = walkovers(played) if played else {}
    off = [tournament.players[p] for p in tournament.skipping(number)]
    scheme = get_scheme(tournament.settings.scheme)
    everyone = scheme.traits.everyone_plays
    late = set()  # before the round's first result, a latecomer is for its rest (``actions.pair_rest``)
    if played is not None and not played.begun and isinstance(scheme, PairsTheRest):
        late = {p.id for p in off if p.came_after(number) and p.available_in(number + 1) and number not in p.skips}
    return {
        "byes": [p for p in played.byes if p not in walked] if played else [],
        "walkovers": list(walked),
        "waiting": waiting(played) if played else [],
        "skips": [p.id for p in off if p.absent_from(number) and p.id not in late],
        "in_advance": [
            p.id for p in off if p.in_advance_for(number) and not p.absent_from(number) and p.id not in late
        ],
        "not_assigned": [p.id for p in off if (everyone and p.available_in(number)) or p.id in late],
        "withdrawn": tournament.withdrawn(number),
    }


def latest_rest(tournament: Tournament) -> list[int]:
    """The latest round's players on no board who play it (``not_playing``'s ``not_assigned``),
    whom its rest may seat (``actions.pair_rest``); none before round 1 is paired."""
    return not_playing(tournament, tournament.paired_rounds)["not_assigned"]


def get_scheme(name: str) -> Scheme:
    return entry(name).scheme


def entry(name: str) -> Entry:
    try:
        return ENTRIES[name]
    except KeyError:
        raise InvalidEvent(
            "unknown scheme {name!r}: known are {known}", name=name[:40], known=", ".join(ENTRIES)
        ) from None
