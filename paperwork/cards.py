"""Participant cards: four A6 cards to an A4 sheet, one per player, in number order.

A card has a row for every round of the event, filled where the round is paired and
blank otherwise, so the same card serves at registration (empty) and after any
round.  Its header carries the start values and, once the last round is complete,
the final ones.  Each scheme fills the columns its seed's card has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from paperwork.document import FAMILY, Column, Document, half_points, number
from paperwork.marks import colour, colour_handicap, opponent_mark, opponent_number, result_symbol
from schemes import fors, gamma, gotha, sport_handicap
from schemes.events import Event
from schemes.model import Tournament
from schemes.names import rating_order
from schemes.ranks import rank_label
from schemes.records import Kind, outcomes
from schemes.registry import get_scheme, is_final_table
from schemes.round_robin import round_points

CARD_W, CARD_H = 105.0, 297.0 / 2
INSET = 5.0
PER_PAGE = 4


@dataclass(frozen=True)
class Face:
    """What one card shows: header values, the round table, and the notes line."""

    header: list[tuple[str, str]]
    columns: list[Column]
    rows: list[list[str]]


def _finished(tournament: Tournament) -> bool:
    return is_final_table(tournament, tournament.paired_rounds)


def _places(tournament: Tournament) -> dict[int, str]:
    rows = get_scheme(tournament.settings.scheme).standings(tournament, tournament.paired_rounds).rows
    return {row.player: row.place for row in rows}


def _blank(columns: list[Column], rows: list[list[str]], rounds: int) -> list[list[str]]:
    """The filled rows, then blank ones numbered up to the last round."""
    return rows + [[str(r)] + [""] * (len(columns) - 1) for r in range(len(rows) + 1, rounds + 1)]


def _gamma(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    paired = tournament.paired_rounds
    cards = gamma.cards(tournament, paired) if tournament.rounds else {}
    done = _finished(tournament)
    places = _places(tournament) if done else {}
    columns = [
        Column(text["round"], 7),
        Column(text["level_before"], 5),
        Column(text["opponent"], 7),
        Column(text["opp_level"], 6),
        Column(text["colour_handicap"], 8),
        Column(text["opp_final"], 7),
    ]

    def face(player: int) -> Face:
        card = cards.get(player)
        header = [(text["start_level"], str(card.levels[0]) if card else "")]
        if done and card:
            header += [
                (text["final_level"], str(card.level)),
                (text["technical"], str(card.technical)),
                (text["coefficient"], half_points(gamma.coefficient(player, cards))),
                (text["place"], places[player]),
            ]
        rows = []
        for r, outcome in enumerate(card.outcomes if card else (), start=1):
            top = tournament.round(r).extra.get("lowest_top_level", "")
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
        return Face(header, columns, _blank(columns, rows, rounds))

    return face


def _sport_handicap(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    cards = sport_handicap.cards(tournament, tournament.paired_rounds)
    done = _finished(tournament)
    standing = {r.player: r for r in sport_handicap.SPORT_HANDICAP.standings(tournament, tournament.paired_rounds).rows}
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
                (text["correction"], f"{row.tiebreaks['correction']:+.1f}"),
                (text["final_strength"], f"{row.score:.1f}"),
                (text["place"], row.place),
            ]
        rows = []
        for r, outcome in enumerate(card.outcomes, start=1):
            other = cards.get(outcome.opponent) if outcome.opponent is not None else None
            played = outcome.kind in (Kind.GAME, Kind.PENDING)
            rows.append(
                [
                    str(r),
                    str(card.strengths[r - 1]),
                    opponent_mark(outcome, tournament.numbers),
                    str(other.strengths[r - 1]) if other else "",
                    colour(outcome, text),
                    f"{outcome.handicap}/{number(outcome.komi)}" if played else "",
                    "" if outcome.kind is Kind.PENDING else str(card.points[r - 1]),
                    "" if outcome.kind is Kind.PENDING else str(card.strengths[r]),
                ]
            )
        return Face(header, columns, _blank(columns, rows, rounds))

    return face


def _fors(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    table = fors.totals(tournament, tournament.paired_rounds)
    ranks = fors.start_ranks(tournament)
    done = _finished(tournament)
    places = _places(tournament) if done else {}
    columns = [
        Column(text["round"], 4),
        Column(text["opponent"], 6),
        Column(text["opp_rank"], 6),
        Column(text["colour"], 5),
        Column(text["handicap"], 5),
        Column(text["result"], 6),
        Column(text["points"], 5),
        Column(text["sum"], 6),
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
                    str(outcome.handicap) if opponent is not None else "",
                    result_symbol(outcome),
                    "" if pending else number(totals.points[r - 1]),
                    "" if pending else number(totals.running[r - 1]),
                ]
            )
        return Face(header, columns, _blank(columns, rows, rounds))

    return face


def _round_robin(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    table = outcomes(tournament, tournament.paired_rounds)
    bye_points = tournament.settings.params["bye_points"]
    done = _finished(tournament)
    places = _places(tournament) if done else {}
    columns = [
        Column(text["round"], 4),
        Column(text["opponent"], 6),
        Column(text["colour"], 5),
        Column(text["result"], 5),
        Column(text["points"], 6),
    ]

    def face(player: int) -> Face:
        header = [(text["place"], places[player])] if done else []
        rows, running = [], 0.0
        for r, outcome in enumerate(table[player], start=1):
            running += round_points(outcome, bye_points)
            rows.append(
                [
                    str(r),
                    opponent_number(outcome, tournament.numbers),
                    colour(outcome, text),
                    result_symbol(outcome),
                    "" if outcome.kind is Kind.PENDING else number(running),
                ]
            )
        if done:
            header.insert(0, (text["points"], number(running)))
        return Face(header, columns, _blank(columns, rows, rounds))

    return face


def _gotha(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    """McMahon and Swiss (OpenGotha's card has none; this is the FORS card with the main score):
    the opponent, his rank, colour, handicap, result and the score after each round."""
    rules, sheets = gotha.sheets_after(tournament, tournament.paired_rounds)
    table = outcomes(tournament, tournament.paired_rounds)
    done = _finished(tournament)
    places = _places(tournament) if done else {}
    main = rules.main
    columns = [
        Column(text["round"], 4),
        Column(text["opponent"], 6),
        Column(text["opp_rank"], 6),
        Column(text["colour"], 5),
        Column(text["handicap"], 5),
        Column(text["result"], 6),
        Column(text[main], 6),
    ]

    def face(player: int) -> Face:
        sheet = sheets[player]
        header = [(text["rank"], tournament.players[player].rank_label)]
        if main == "MMS":
            header.append((text["start_mms"], number(sheet.start)))
        if done:
            header += [(text[main], half_points(sheet.value(main, tournament.paired_rounds - 1) / 2))]
            header += [(text["place"], places[player])]
        rows = []
        for r, outcome in enumerate(table[player], start=1):
            opponent = outcome.opponent
            rows.append(
                [
                    str(r),
                    opponent_number(outcome, tournament.numbers),
                    tournament.players[opponent].rank_label if opponent is not None else "",
                    colour(outcome, text),
                    str(outcome.handicap) if opponent is not None else "",
                    result_symbol(outcome),
                    "" if outcome.kind is Kind.PENDING else half_points(sheet.value(main, r - 1) / 2),
                ]
            )
        return Face(header, columns, _blank(columns, rows, rounds))

    return face


def _playoff(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    """A play-off card: the seed, then each game's opponent, colour and result."""
    table = outcomes(tournament, tournament.paired_rounds)
    done = _finished(tournament)
    places = _places(tournament) if done else {}
    columns = [
        Column(text["round"], 4),
        Column(text["opponent"], 6),
        Column(text["colour"], 5),
        Column(text["result"], 5),
    ]

    def face(player: int) -> Face:
        header = [(text["seed"], str(tournament.numbers.get(player, "")))]
        if done:
            header.append((text["place"], places[player]))
        rows = [
            [str(r), opponent_number(o, tournament.numbers), colour(o, text), result_symbol(o)]
            for r, o in enumerate(table[player], start=1)
        ]
        return Face(header, columns, _blank(columns, rows, rounds))

    return face


FACES = {
    "gamma": _gamma,
    "sport-handicap": _sport_handicap,
    "fors": _fors,
    "round-robin": _round_robin,
    "mcmahon": _gotha,
    "swiss": _gotha,
    "playoff": _playoff,
}


def cards(tournament: Tournament, events: Sequence[Event], players: Sequence[int] | None = None) -> Document:
    """Cards for ``players`` (default: everyone, by number, or by rating before the draw)."""
    document = Document(tournament, events, "", page_header=False)
    document.set_margins(0, 0, 0)
    text = document.text
    rounds = get_scheme(tournament.settings.scheme).total_rounds(tournament) or tournament.paired_rounds
    face = FACES[tournament.settings.scheme](tournament, text, rounds)
    if players is None:
        ordered = rating_order(tournament.players.values())
        players = sorted((p.id for p in ordered), key=lambda p: tournament.numbers.get(p, 10**6))
    for index, player in enumerate(players):
        if index % PER_PAGE == 0:
            document.add_page()
            document.cut_guides([CARD_W], [CARD_H])
        x = (index % 2) * CARD_W + INSET
        y = ((index % PER_PAGE) // 2) * CARD_H + INSET
        _card(document, tournament, player, face(player), x, y)
    if not players:
        document.add_page()
    return document


def _card(document: Document, tournament: Tournament, player_id: int, face: Face, x: float, y: float) -> None:
    text = document.text
    width = CARD_W - 2 * INSET
    player = tournament.players[player_id]
    document.set_xy(x, y)
    document.fit_cell(width * 0.65, 4, tournament.settings.name, align="L", size=7)
    document.fit_cell(width * 0.35, 4, text["card"], align="R", size=7)
    # number box, name, strength and club
    no = tournament.numbers.get(player_id)
    document.rect(x, y + 5, 14, 12)
    document.set_xy(x, y + 5)
    document.fit_cell(14, 12, "" if no is None else str(no), bold=True, size=16)
    document.set_xy(x + 16, y + 5)
    document.fit_cell(width - 16, 6, player.full_name, align="L", bold=True, size=11)
    details = [player.rank_label]
    if player.rating is not None:
        details.insert(0, f"{text['rating']} {player.rating}")
    details += [part for part in (player.country, player.club) if part]
    document.set_xy(x + 16, y + 11)
    document.fit_cell(width - 16, 6, " · ".join(details), align="L", size=8)
    # header values
    top = y + 19
    if face.header:
        document.set_font(FAMILY, "", 7)
        cell = width / len(face.header)
        for index, (label, value) in enumerate(face.header):
            document.set_xy(x + index * cell, top)
            document.fit_cell(cell, 4, label, border="LTR", size=6.5)
            document.set_xy(x + index * cell, top + 4)
            document.fit_cell(cell, 5, value, border="LBR", bold=True, size=9)
    # rounds
    table_top = top + 11
    notes_height = 11
    room = y + CARD_H - 2 * INSET - notes_height - table_top - 6
    height = min(6.0, room / max(1, len(face.rows)))
    document.set_xy(x, table_top)
    document.table(
        face.columns, face.rows, height=height, font_size=min(8.0, height * 1.6), header_height=6, x=x, width=width
    )
    # notes: who he must not meet, and room to write
    blocked = ", ".join(str(tournament.numbers.get(b, b)) for b in sorted(player.block))
    document.set_xy(x, y + CARD_H - 2 * INSET - notes_height + 1)
    document.fit_cell(
        width, 5, f"{text['blocked']}: {blocked}" if blocked else f"{text['blocked']}:", align="L", size=7.5
    )
    document.set_xy(x, y + CARD_H - 2 * INSET - notes_height + 6)
    document.fit_cell(width, 5, f"{text['notes']}:", align="L", size=7.5)
    document.line(x + 18, y + CARD_H - 2 * INSET, x + width, y + CARD_H - 2 * INSET)
