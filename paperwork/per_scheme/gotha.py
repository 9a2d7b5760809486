"""McMahon and Swiss on paper, as OpenGotha prints them: the card with the MMS (or NBW),
the table in place order, the rating table's place, score, SOS and SOSOS."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from paperwork.card_face import Face, blank_rows, finished
from paperwork.marks import colour, opponent_mark, opponent_number, result_symbol
from paperwork.people import name_options
from paperwork.scheme_paper import FreeRound, RatingInfo, SchemePaper, first_place, mark_of_points, rows_after, unsigned
from paperwork.sheet import Column, Text, half_points, number, standings_after
from paperwork.table_parts import FORMAT, rounds_of, table_document
from schemes.log.events import Event
from schemes.registry import get_scheme
from schemes.state.model import Tournament
from schemes.state.records import Free, Kind, outcomes
from schemes.systems.gotha import pairing as gotha
from schemes.systems.gotha.rules import Rules
from schemes.systems.gotha.scores import Sheet, ordered
from schemes.values.places import every, ranked

if TYPE_CHECKING:  # fpdf2 loads where a document is made, not for a scheme's columns and marks
    from paperwork.document import Document


def card(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    """McMahon and Swiss (OpenGotha's card has none; this is the FORS card with the main score):
    the opponent, his rank, colour, handicap, result and the score after each round."""
    rules, sheets = gotha.sheets_after(tournament, tournament.paired_rounds)
    table = outcomes(tournament, tournament.paired_rounds)
    done = finished(tournament)
    places = _places(sheets, rules, tournament.paired_rounds - 1) if done else {}
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
                    "" if isinstance(outcome, Free) else str(outcome.handicap),
                    result_symbol(outcome),
                    "" if outcome.kind is Kind.PENDING else half_points(sheet.value(main, r - 1) / 2),
                ]
            )
        return Face(header, columns, blank_rows(columns, rows, rounds))

    return face


def _places(sheets: Mapping[int, Sheet], rules: Rules, r: int) -> dict[int, str]:
    """The places ``Gotha.standings`` gives after round ``r + 1``, from the sheets the cards
    have already: asking the standings scored the whole event a second time (1.1 s of the
    cards of 1,000 players).  Its order (``ordered``), a place shared by the players equal
    on every criterion, labelled as every place is (``places.ranked``)."""
    order = [sheet.entrant.id for sheet in ordered(sheets, rules.criteria, r)]  # fills DC and SDC first
    values = [(c, every({p: sheet.value(c, r) for p, sheet in sheets.items()})) for c in rules.criteria]
    return {player: place for place, player in ranked(order, values)[0]}


def table_columns(tournament: Tournament, text: Mapping[str, str], rounds: int, players: int) -> list[Column]:
    return _columns(tournament, text, rounds, standings_after(tournament, tournament.paired_rounds).columns)


def _columns(tournament: Tournament, text: Mapping[str, str], rounds: int, criteria: Sequence[str]) -> list[Column]:
    """Row, place, name, rank, club; the opponent's row with the result a round; the main score
    and the chosen criteria."""
    main = get_scheme(tournament.settings.scheme).score_name
    columns = [
        Column(text["row_no"], 4),  # the row each opponent is named by («5+»), as OpenGotha's Num: not his № (a trial)
        Column(text["place"], 4),
        Column(text["name"], 18, "L"),
        Column(text["rank"], 4),
        Column(text["club"], 5),
    ]
    columns += [Column(str(r), 6) for r in range(1, rounds + 1)]
    return columns + [Column(text[main], 5)] + [Column(text[k], 6) for k in criteria]


def final_table(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    """McMahon and Swiss as OpenGotha's standings print them: rows in place order, each round
    the opponent's row with the result, colour and handicap (``12+/w2``), the main score and
    the chosen criteria."""
    rounds = rounds_of(tournament)
    standings = standings_after(tournament, after_round)
    criteria = standings.columns
    document = table_document(tournament, events, after_round, 7 + rounds + len(criteria))
    text = document.labels
    position = {row.player: index for index, row in enumerate(standings.rows, start=1)}
    table = outcomes(tournament, after_round)
    columns = _columns(tournament, text, rounds, criteria)
    rows: list[list[Text]] = []
    for index, row in enumerate(standings.rows, start=1):
        p = tournament.players[row.player]
        cells: list[Text] = [str(index), row.shown_place, tuple(name_options(p)), p.rank_label, p.club]
        for r in range(rounds):
            outcomes_of = table[row.player]
            if r < len(outcomes_of):
                outcome = outcomes_of[r]
                mark = opponent_mark(outcome, position)
                if outcome.opponent is not None:
                    mark += f"/{'w' if outcome.white else 'b'}{outcome.handicap or ''}"
                cells.append(mark)
            else:
                cells.append("")
        cells += [number(row.score)] + [FORMAT.get(k, number)(row.tiebreaks[k]) for k in criteria]
        rows.append(cells)
    document.draw_table(columns, rows, height=5.5, font_size=7.5, header_height=9)
    document.legend([text[k] for k in criteria])
    return document


def _rating_info(sos: str, sosos: str) -> Callable[[Tournament, int], dict[int, RatingInfo]]:
    def rating_info(tournament: Tournament, after: int) -> dict[int, RatingInfo]:
        rows = rows_after(tournament, after)
        return {
            p: (
                first_place(rows[p]),
                unsigned(rows[p].score),
                unsigned(rows[p].tiebreaks[sos]),
                unsigned(rows[p].tiebreaks[sosos]),
            )
            for p in rows
        }

    return rating_info


def _free_mark(prefix: str) -> Callable[[Tournament, FreeRound], str]:
    def free_mark(tournament: Tournament, kind: FreeRound) -> str:
        """What OpenGotha's parameters pay for a bye or an absence (a withdrawn round is one), in half
        points."""
        if kind == "walkover":
            return "+"
        return mark_of_points(tournament.settings.params[prefix + ("Bye" if kind == "bye" else "Absent")], 2, 0)

    return free_mark


def _most_stones(params: Mapping[str, Any]) -> int:
    return int(params["hdCeiling"])


MCMAHON = SchemePaper(
    card,
    final_table,
    "Pl MMS SOS SOSOS",
    _rating_info("SOSM", "SOSOSM"),
    _free_mark("genMMS2Value"),
    _most_stones,
    opponents_by_place=True,
    table_columns=table_columns,
)
SWISS = SchemePaper(
    card,
    final_table,
    "Pl NBW SOS SOSOS",
    _rating_info("SOSW", "SOSOSW"),
    _free_mark("genNBW2Value"),
    _most_stones,
    opponents_by_place=True,
    table_columns=table_columns,
)
