"""Gamma on paper (seed 001): the card with the level before and after each round, the
final table by numbers, the rating table's rating, level, coefficient and place."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from paperwork.card_face import Face, blank_rows, final_places, finished
from paperwork.marks import colour_handicap, opponent_mark
from paperwork.people import name_options, number_of
from paperwork.scheme_paper import FreeRound, RatingInfo, SchemePaper, capped, first_place, rows_after, unsigned
from paperwork.sheet import Column, Text, half_points, standings_after
from paperwork.table_parts import by_number, rounds_of, table_document
from schemes.log.events import Event
from schemes.state.model import Tournament
from schemes.state.records import Kind
from schemes.systems import gamma

if TYPE_CHECKING:  # fpdf2 loads where a document is made, not for a scheme's columns and marks
    from paperwork.document import Document


def card(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    paired = tournament.paired_rounds
    cards = gamma.cards(tournament, paired) if tournament.rounds else {}
    done = finished(tournament)
    places = final_places(tournament) if done else {}
    columns = [
        Column(text["round"], 7),
        Column(text["level_before"], 5),
        Column(text["opponent"], 7),
        Column(text["opp_level"], 6),
        Column(text["colour_handicap"], 8, numbers=False),
        Column(text["opp_final"], 7),
    ]

    def face(player: int) -> Face:
        card = cards.get(player)
        if card is None:  # no round paired yet: the card is blank
            return Face([(text["start_level"], "")], columns, blank_rows(columns, [], rounds))
        header = [(text["start_level"], str(card.levels[0]))]
        if done:
            header += [
                (text["final_level"], str(card.level)),
                (text["technical"], str(card.technical)),
                (text["coefficient"], half_points(gamma.coefficient(player, cards))),
                (text["place"], places[player]),
            ]
        rows = []
        for r, outcome in enumerate(card.outcomes, start=1):
            top = tournament.rounds[r - 1].extra.get("lowest_top_level", "")
            other = cards.get(outcome.opponent) if outcome.opponent is not None else None
            final = ""
            if done and other:
                final = half_points(other.level + other.technical / 2)
            elif done and outcome.kind is not Kind.PENDING:
                final = str(card.levels[r - 1])  # seed 000: a round without a game counts his own level
            rows.append(
                [
                    f"{r} ({top})",
                    str(card.levels[r - 1]),
                    opponent_mark(outcome, tournament.numbers),
                    str(other.levels[r - 1]) if other else "",
                    colour_handicap(outcome),
                    final,
                ]
            )
        return Face(header, columns, blank_rows(columns, rows, rounds))

    return face


def table_columns(tournament: Tournament, text: Mapping[str, str], rounds: int, players: int) -> list[Column]:
    """Number, name, rating, start level; colour and handicap, opponent and result a round;
    final level, technical sum, coefficient, place (seed 000)."""
    columns = [
        Column(text["no"], 3),
        Column(text["name"], 19, "L"),
        Column(text["rating"], 4.5),
        Column(text["start_level"], 4.5),
    ]
    for r in range(1, rounds + 1):
        columns += [
            Column(text["col_hcp_short"], 4, group=text["round_n"].format(n=r), numbers=False),
            Column(text["opp_res_short"], 4, group=text["round_n"].format(n=r), marks=True),
        ]
    return columns + [
        Column(text["level"], 5),
        Column(text["technical"], 3.5),
        Column(text["coefficient"], 5),
        Column(text["place"], 4),
    ]


def final_table(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    rounds = rounds_of(tournament)
    document = table_document(tournament, events, after_round, 8 + 2 * rounds)
    text = document.labels
    cards = gamma.cards(tournament, after_round) if tournament.rounds else {}
    places = {r.player: r for r in standings_after(tournament, after_round).rows} if tournament.rounds else {}
    columns = table_columns(tournament, text, rounds, len(tournament.players))
    rows: list[list[Text]] = []
    for player in by_number(tournament):
        p = tournament.players[player]
        card = cards.get(player)
        cells: list[Text] = [
            number_of(tournament, player),
            name_options(p),
            "" if p.rating is None else str(p.rating),
            str(card.levels[0]) if card else "",
        ]
        for r in range(rounds):
            outcome = card.outcomes[r] if card and r < len(card.outcomes) else None
            cells += [colour_handicap(outcome), opponent_mark(outcome, tournament.numbers)] if outcome else ["", ""]
        row = places.get(player)
        cells += [
            str(card.level) if card else "",
            str(card.technical) if card else "",
            half_points(row.tiebreaks["coefficient"]) if row else "",
            row.place if row else "",
        ]
        rows.append(cells)
    document.draw_table(columns, rows, height=5.5, font_size=7.5, header_height=9)
    document.notes([text["gamma_columns"] + "."])  # the seed's short titles, which a trial could not read
    return document


def rating_info(tournament: Tournament, after: int) -> dict[int, RatingInfo]:
    rows = rows_after(tournament, after)
    return {
        p: (
            str(max(0, tournament.players[p].sort_rating)),
            unsigned(rows[p].score),
            unsigned(round(rows[p].tiebreaks["coefficient"] * 10)),
            first_place(rows[p]),
        )
        for p in rows
    }


def free_mark(tournament: Tournament, kind: FreeRound) -> str:
    """A bye raises the level, as a win; a skip or a withdrawal does not."""
    return "-" if kind in ("skip", "withdrawn") else "+"


PAPER = SchemePaper(card, final_table, "Rating L Kb Pl", rating_info, free_mark, capped, table_columns=table_columns)
