"""Round robin on paper: the card, the crosstable, the rating table's place, points, Buchholz and wins."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from paperwork.card_face import Face, blank_rows, final_places, finished
from paperwork.marks import colour, opponent_number, result_symbol
from paperwork.people import identity
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
from paperwork.sheet import Column, Text, number, standings_after
from paperwork.table_parts import FORMAT, by_number, table_document
from schemes.algorithms.berger import even_size, meeting_round
from schemes.log.events import Event
from schemes.registry import is_final_table
from schemes.state.model import Tournament
from schemes.state.records import Free, Game, Kind, Outcome, outcomes
from schemes.systems.round_robin import ROUND_ROBIN, round_points

if TYPE_CHECKING:  # fpdf2 loads where a document is made, not for a scheme's columns and marks
    from paperwork.document import Document


def card(tournament: Tournament, text: Mapping[str, str], rounds: int) -> Callable[[int], Face]:
    table = outcomes(tournament, tournament.paired_rounds)
    bye_points = tournament.settings.params["bye_points"]
    done = finished(tournament)
    places = final_places(tournament) if done else {}
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
        return Face(header, columns, blank_rows(columns, rows, rounds))

    return face


def table_columns(tournament: Tournament, text: Mapping[str, str], rounds: int, players: int) -> list[Column]:
    """The blank crosstable: a column against each of ``players`` by number."""
    chosen = standings_after(tournament, tournament.paired_rounds).columns
    return _columns(text, [str(n) for n in range(1, players + 1)], chosen)


def _columns(text: Mapping[str, str], against: Sequence[str], chosen: Sequence[str]) -> list[Column]:
    """Number, name, rank; a column against each player, headed by his number; points, the
    chosen tie-breaks, place."""
    columns = [Column(text["no"], 3), Column(text["name"], 16, "L"), Column(text["rank"], 3.5)]
    columns += [Column(label, 3.5) for label in against]
    return columns + [Column(text["points"], 4.5)] + [Column(text[k], 5) for k in chosen] + [Column(text["place"], 4)]


def final_table(tournament: Tournament, events: Sequence[Event], after_round: int) -> Document:
    """The square crosstable.  Once the last round is in, the rows go by place, first place on
    top, and the columns in the same order, so the diagonal stays on the diagonal (seed 004:
    «Итоговая таблица формируется с учётом занятых мест»); each column is headed by the
    number of the player it is against.  While the event runs, the working table keeps the
    number order, in which the referee fills it in.  The title says which order it is."""
    standings = standings_after(tournament, after_round)
    final = is_final_table(tournament, after_round)
    order = [r.player for r in standings.rows] if final else by_number(tournament)
    numbered = [p for p in order if p in tournament.numbers] or order
    document = table_document(tournament, events, after_round, 6 + len(numbered), "place" if final else "number")
    text = document.labels
    table = outcomes(tournament, after_round)
    bye_points = tournament.settings.params["bye_points"]
    rows_by_player = {r.player: r for r in standings.rows}
    chosen = standings.columns
    columns = _columns(text, [str(tournament.numbers.get(p, "")) for p in numbered], chosen)
    rows: list[list[Text]] = []
    for player in numbered:
        row = rows_by_player[player]
        cells: list[Text] = [*identity(tournament, player)]
        cells += ["×" if other == player else _cell(tournament, after_round, player, table[player], other)
                  for other in numbered]  # fmt: skip
        cells += [number(sum(round_points(o, bye_points) for o in table[player]))]
        cells += [FORMAT.get(k, number)(row.tiebreaks[k]) for k in chosen] + [row.place]
        rows.append(cells)
    document.draw_table(columns, rows, height=6, font_size=8, header_height=7)
    return document


_SCORE = {1.0: "1", 0.5: "½", 0.0: "0"}


def _cell(tournament: Tournament, after_round: int, player: int, mine: Sequence[Outcome], other: int) -> str:
    """``player``'s cell against ``other`` (``mine``: his outcomes), each cycle's game in turn:
    its result (``1``, ``½``, ``0``; ``!`` where it was not played); where the two did not sit
    together in the round the Berger table has them meet, what that round was for him
    (``_missed``).  Nothing where their game is still to come or its result is not in."""
    numbers = tournament.numbers
    size = even_size(len(numbers))
    marks: list[str] = []
    for cycle in range(int(tournament.settings.params["cycles"])):
        first = cycle * (size - 1)
        together = [o for o in mine if first < o.round <= first + size - 1 and o.opponent == other]
        marks += [_SCORE[o.score.value] + ("!" if o.forfeit else "") for o in together if isinstance(o, Game)]
        if not together and player in numbers and other in numbers:
            met = first + meeting_round(numbers[player], numbers[other], size)
            marks += _missed(tournament, after_round, player, mine, met)
    return " ".join(marks)


def _missed(tournament: Tournament, after_round: int, player: int, mine: Sequence[Outcome], met: int) -> list[str]:
    """``player``'s round ``met``, which the Berger table gave to his game with a player he did
    not sit with: as every other table marks it, ``++`` a free round (the other one absent:
    its points are in his total), ``--`` his own skip or withdrawal; ahead of that round, ``--``
    where his absence is known already (a trial read a withdrawn player's blank cells as games
    still to come), else nothing."""
    if met <= after_round:
        free = next((o for o in mine if o.round == met and isinstance(o, Free)), None)
        return [] if free is None else ["++" if free.kind is Kind.BYE else "--"]
    return [] if tournament.players[player].available_in(met) else ["--"]


def rating_info(tournament: Tournament, after: int) -> dict[int, RatingInfo]:
    rows = rows_after(tournament, after)
    return {
        p: (
            first_place(rows[p]),
            unsigned(rows[p].score),
            unsigned(rows[p].tiebreaks["buchholz"]),
            unsigned(rows[p].tiebreaks["wins"]),
        )
        for p in rows
    }


def free_mark(tournament: Tournament, kind: FreeRound) -> str:
    """The bye's points (a parameter); a skip pays nothing."""
    if kind == "walkover":
        return "+"
    return mark_of_points(tournament.settings.params["bye_points"] if kind == "bye" else 0.0, 1.0, 0.0)


def round_note(tournament: Tournament, number: int, text: Mapping[str, str]) -> str:
    """Which cycle of a double round robin round ``number`` is of, under its protocol and in its
    schedule: the second's boards are the first's, colours reversed, and a trial's schedule of
    fourteen rounds said nothing of where the second began.  Nothing for a single cycle."""
    cycles = int(tournament.settings.params["cycles"])
    total = ROUND_ROBIN.total_rounds(tournament) or tournament.settings.rounds
    if cycles < 2 or not total:
        return ""
    cycle = min(cycles, (number - 1) // max(1, total // cycles) + 1)
    return text["cycle_n" if cycle == 1 else "cycle_n_reversed"].format(n=cycle, of=cycles)


PAPER = SchemePaper(card, final_table, "Pl Pts Bh W", rating_info, free_mark, capped, round_note=round_note,
                    table_columns=table_columns)  # fmt: skip
