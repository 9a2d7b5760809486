"""Sport-handicap on paper: the card and final table of the seed's strengths, the rating
table's place, start and end strengths and final value."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from paperwork.card_face import Face, blank_rows, finished
from paperwork.marks import colour, opponent_mark
from paperwork.people import identity
from paperwork.scheme_paper import FreeRound, RatingInfo, SchemePaper, first_place, rows_after, unsigned
from paperwork.sheet import Column, Text, standings_after
from paperwork.table_parts import FORMAT, by_number, rounds_of, table_document
from schemes.log.events import Event
from schemes.state.model import Tournament
from schemes.state.records import Free, Kind
from schemes.systems import sport_handicap

if TYPE_CHECKING:  # fpdf2 loads where a document is made, not for a scheme's columns and marks
    from paperwork.document import Document


def card(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    cards = sport_handicap.cards(tournament, tournament.paired_rounds)
    done = finished(tournament)
    standing = {r.player: r for r in standings_after(tournament, tournament.paired_rounds).rows}
    columns = [
        Column(text["round"], 4),
        Column(text["strength_before"], 6),
        Column(text["opponent"], 6),
        Column(text["opp_strength"], 6),
        Column(text["colour"], 5),
        Column(text["stones_komi"], 7),
        Column(text["points_round"], 5),
        Column(text["strength_after"], 6),
    ]

    def face(player: int) -> Face:
        card = cards[player]
        header = [(text["start_strength"], str(card.strengths[0]))]
        if done:
            row = standing[player]
            header += [
                (text["correction"], FORMAT["correction"](row.tiebreaks["correction"])),  # «0» as on the table
                (text["final_strength"], f"{row.score:.1f}"),
                (text["place"], row.place),
            ]
        rows = []
        for r, outcome in enumerate(card.outcomes, start=1):
            other = cards.get(outcome.opponent) if outcome.opponent is not None else None
            rows.append(
                [
                    str(r),
                    str(card.strengths[r - 1]),
                    opponent_mark(outcome, tournament.numbers, late_counts=True),
                    str(other.strengths[r - 1]) if other else "",
                    colour(outcome, text),
                    "" if isinstance(outcome, Free) else f"{outcome.handicap}/{outcome.komi:g}",
                    "" if outcome.kind is Kind.PENDING else str(card.points[r - 1]),
                    "" if outcome.kind is Kind.PENDING else str(card.strengths[r]),
                ]
            )
        return Face(header, columns, blank_rows(columns, rows, rounds))

    return face


def table_columns(tournament: Tournament, text: Mapping[str, str], rounds: int, players: int) -> list[Column]:
    """Number, name, rank, start strength; opponent and result, strength after, a round; the
    final correction, the final strength, place."""
    columns = [
        Column(text["no"], 3),
        Column(text["name"], 16, "L"),
        Column(text["rank"], 3.5),
        Column(text["start_strength"], 4.5),
    ]
    for r in range(1, rounds + 1):
        columns += [
            Column(text["opp_res_short"], 4, group=text["round_n"].format(n=r), marks=True),
            Column(text["strength"], 4, group=text["round_n"].format(n=r)),
        ]
    return columns + [Column(text["correction"], 6), Column(text["final_strength"], 5), Column(text["place"], 4)]


def final_table(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    rounds = rounds_of(tournament)
    document = table_document(tournament, events, after_round, 8 + 2 * rounds)
    text = document.labels
    cards = sport_handicap.cards(tournament, after_round)
    places = {r.player: r for r in standings_after(tournament, after_round).rows}
    columns = table_columns(tournament, text, rounds, len(tournament.players))
    rows: list[list[Text]] = []
    for player in by_number(tournament):
        card = cards[player]
        cells: list[Text] = [*identity(tournament, player), str(card.strengths[0])]
        for r in range(rounds):
            if r < len(card.outcomes):
                mark = opponent_mark(card.outcomes[r], tournament.numbers, late_counts=True)
                cells += [mark, str(card.strengths[r + 1])]
            else:
                cells += ["", ""]
        row = places[player]
        cells += [FORMAT["correction"](row.tiebreaks["correction"]), f"{row.score:.1f}", row.place]
        rows.append(cells)
    document.draw_table(columns, rows, height=5.5, font_size=7.5, header_height=9)
    return document


def rating_info(tournament: Tournament, after: int) -> dict[int, RatingInfo]:
    rows = rows_after(tournament, after)
    cards = sport_handicap.cards(tournament, after)
    return {
        p: (
            first_place(rows[p]),
            str(cards[p].strengths[0]),
            str(cards[p].strength),
            unsigned(round(rows[p].score * 10)),
        )
        for p in rows
    }


def free_mark(tournament: Tournament, kind: FreeRound) -> str:
    """A round without a game pays half, a walkover too, but a skip announced after its
    deadline is an absence and pays nothing (spec sport-handicap, as ``cards`` counts them)."""
    return "-" if kind == "late skip" else "="


PAPER = SchemePaper(
    card,
    final_table,
    "Pl St End Fin",
    rating_info,
    free_mark,
    lambda _params: 9,
    lambda v: f"{v:.1f}",
    final_score="final_strength",
    table_columns=table_columns,
)  # its handicaps are the rank difference, uncapped
