"""The one entry to the paperwork: which document, for which round, into which file."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from data.service import Output, after_round, paired_round
from paperwork import blanks, cards, rounds, tables
from paperwork.document import Document, write
from paperwork.kinds import KINDS as KINDS  # the one list; re-exported for the app
from paperwork.kinds import OF_A_ROUND
from paperwork.per_scheme import paper
from schemes.log.events import Event
from schemes.registry import get_scheme
from schemes.state.model import Tournament

_BUILDERS: dict[str, Callable[[Tournament, Sequence[Event], int], Document]] = {
    "cards": lambda t, e, r: cards.cards(t, e),
    "protocol": rounds.protocol,
    "slips": rounds.slips,
    "schedule": rounds.schedule,
    "standings": tables.standings,
    "table": tables.final_table,
    "registration": lambda t, e, r: tables.registration(t, e),
    "teams": lambda t, e, r: tables.teams(t, e, r),
    "prizes": tables.prizes,
    "blank-cards": lambda t, e, r: blank("blank-cards", t, e),
    "blank-protocol": lambda t, e, r: blank("blank-protocol", t, e),
    "blank-table": lambda t, e, r: blank("blank-table", t, e),
}


def blank(
    kind: str,
    tournament: Tournament,
    events: Sequence[Event],
    players: int | None = None,
    boards: int | None = None,
    rounds: int | None = None,
) -> Document:
    """A blank form (``blank-cards``, ``blank-protocol``, ``blank-table``) of the sizes the
    referee named, each other one its default (``blank_size``): cards or table rows for
    ``players``, a protocol's ``boards``, the cards' and the table's ``rounds``."""
    players = players or blank_size(tournament, "players")
    rounds = rounds or blank_size(tournament, "rounds")
    if kind == "blank-cards":
        return blanks.blank_cards(tournament, events, players, rounds)
    if kind == "blank-protocol":
        return blanks.blank_protocol(tournament, events, boards or blank_size(tournament, "boards"))
    return blanks.blank_table(tournament, events, players, rounds)


def blank_size(tournament: Tournament, what: str) -> int:
    """A blank form's size when the referee names none: the players registered (40 before
    any), half as many boards, the event's rounds (5 when open)."""
    players = len(tournament.players) or 40
    if what == "players":
        return players
    if what == "boards":
        return (players + 1) // 2
    most = paper(tournament).most_rounds
    known = get_scheme(tournament.settings.scheme).total_rounds(tournament) or (most(tournament) if most else 0)
    return known or tournament.paired_rounds or 5


def round_of(kind: str, tournament: Tournament, number: int | None) -> int:
    """The round a document is for: the one named, else a round's protocol and slips are for
    the latest paired round, the other documents for the latest complete one; refused
    (``Refused``) when that round is not paired."""
    return paired_round(tournament, number) if kind in OF_A_ROUND else after_round(tournament, number)


def document(kind: str, tournament: Tournament, events: Sequence[Event], round_number: int) -> Document:
    return _BUILDERS[kind](tournament, events, round_number)


def print_to(
    output: Output, kind: str, tournament: Tournament, events: Sequence[Event], round_number: int
) -> tuple[str, ...]:
    """The document written; the letters its font could not draw (``document.write``)."""
    return write(document(kind, tournament, events, round_number), output)
