"""FORS on paper: the card and the final table with the start, the points and the chosen
tie-break, the rating table's place, start, sum and tie-break."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from paperwork.card_face import Face, blank_rows, final_places, finished
from paperwork.marks import colour, opponent_mark, opponent_number, result_symbol
from paperwork.people import name_options, number_of
from paperwork.scheme_paper import (
    FreeRound,
    RatingInfo,
    SchemePaper,
    capped,
    first_place,
    mark_of_points,
    rows_after,
    unsigned,
)
from paperwork.sheet import Column, Text, number
from paperwork.table_parts import by_number, rounds_of, table_document
from schemes.log.events import Event
from schemes.state.model import Tournament
from schemes.state.records import Free, Kind
from schemes.systems import fors
from schemes.values.ranks import rank_label

if TYPE_CHECKING:  # fpdf2 loads where a document is made, not for a scheme's columns and marks
    from paperwork.document import Document


def card(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    table = fors.totals(tournament, tournament.paired_rounds)
    ranks = fors.start_ranks(tournament)
    done = finished(tournament)
    places = final_places(tournament) if done else {}
    # widths in millimetres of the card's 95: each Russian title whole at 8 pt but the group's
    columns = [
        Column(text["round"], 7.5),
        Column(text["opponent"], 9),
        Column(text["opp_rank"], 9),
        Column(text["colour"], 9.5),
        Column(text["group"], 8),
        Column(text["handicap"], 10),
        Column(text["result"], 8.5),
        Column(text["points"], 9.5),
        Column(text["sum"], 11.5),
        Column(text["row_notes"], 12),
    ]

    def face(player: int) -> Face:
        totals = table[player]
        header = [(text["rank"], rank_label(ranks[player])), (text["start_points"], number(totals.start))]
        if done:
            header += [(text["sum"], number(totals.total)), (text["place"], places[player])]
        rows = []
        for r, outcome in enumerate(totals.outcomes, start=1):
            pending = outcome.kind is Kind.PENDING
            opponent = outcome.opponent
            rows.append(
                [
                    str(r),
                    opponent_number(outcome, tournament.numbers),
                    rank_label(ranks[opponent]) if opponent is not None else "",
                    colour(outcome, text),
                    "",  # the seed's group of levels, which the spec's FORS has not: left for the pen
                    "" if isinstance(outcome, Free) else str(outcome.handicap),
                    result_symbol(outcome),
                    "" if pending else number(totals.points[r - 1]),
                    "" if pending else number(totals.running[r - 1]),
                    "",  # lateness, remarks: the referee's pen
                ]
            )
        return Face(header, columns, blank_rows(columns, rows, rounds))

    return face


def final_table(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    rounds = rounds_of(tournament)
    document = table_document(tournament, events, after_round, 6 + rounds)
    text = document.labels
    places, values, table = fors.ranking(tournament, after_round)
    place = {p: label for label, p in places}
    first = _first_tiebreak(tournament)
    columns = table_columns(tournament, text, rounds, len(table))
    rows: list[list[Text]] = []
    for player in by_number(tournament):
        totals = table[player]
        p = tournament.players[player]
        cells: list[Text] = [
            number_of(tournament, player),
            tuple(f"{name} {p.rank_label}" for name in name_options(p)),
            p.club,
            number(totals.start),
        ]
        for r in range(rounds):
            if r < len(totals.outcomes):
                mark = opponent_mark(totals.outcomes[r], tournament.numbers, result_first=True)
                cells.append(f"{mark}/{number(totals.running[r])}")
            else:
                cells.append("")
        cells += ([number(values[player][first])] if first else []) + [place[player]]
        rows.append(cells)
    document.draw_table(columns, rows, height=6, font_size=8, header_height=7)
    return document


def _first_tiebreak(tournament: Tournament) -> str | None:
    chosen = list(tournament.settings.params["tiebreaks"])
    return chosen[0] if chosen else None


def table_columns(tournament: Tournament, text: Mapping[str, str], rounds: int, players: int) -> list[Column]:
    """Number, name and rank, club, start points; ``+2/50`` a round; the coefficient (the first
    tie-break), place (spec: paperwork.md)."""
    first = _first_tiebreak(tournament)
    columns = [
        Column(text["no"], 3),
        Column(text["name"], 18, "L"),
        Column(text["club"], 4),
        Column(text["start_points"], 5),
    ]
    columns += [Column(str(r), 6) for r in range(1, rounds + 1)]
    columns += [Column(f"K ({text[first]})", 6)] if first else []
    return columns + [Column(text["place"], 4)]


def rating_info(tournament: Tournament, after: int) -> dict[int, RatingInfo]:
    rows = rows_after(tournament, after)
    _, values, totals = fors.ranking(tournament, after)
    first = _first_tiebreak(tournament)
    tied = {p for p in totals if sum(t.total == totals[p].total for t in totals.values()) > 1}
    return {
        p: (
            first_place(rows[p]),
            unsigned(totals[p].start),
            unsigned(totals[p].total),
            unsigned(values[p][first]) if first and p in tied else "0",
        )
        for p in rows
    }


def free_mark(tournament: Tournament, kind: FreeRound) -> str:
    """The points the event's parameters pay for a bye or a skip, against a win's and a loss's
    (a withdrawn round pays nothing, ``fors.game_points``)."""
    if kind == "walkover":
        return "+"
    params = tournament.settings.params
    paid = 0.0 if kind == "withdrawn" else params["bye_points" if kind == "bye" else "skip_points"]
    return mark_of_points(paid, params["win_points"], params["loss_points"])


PAPER = SchemePaper(card, final_table, "Pl St Sum K", rating_info, free_mark, capped, table_columns=table_columns)
