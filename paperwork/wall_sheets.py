"""The sheets the wall and the players' phones both show: a round's boards as the protocol
lists them and the standings after a round, as words and values (``paperwork.sheet``), in
either language.

The paper draws them (``paperwork/rounds.py``, ``paperwork/tables.py``) and the players'
pages write them as HTML (``tui/web/pages.py``): the same words, numbers and marks. Kept
apart from the drawing so that the players' pages load no PDF library — fpdf2 with
fontTools and Pillow is half a second of CPU at every start of ``hall serve`` and of the
app's server.
"""

from __future__ import annotations

from collections.abc import Mapping

from paperwork.labels import after_words, labels
from paperwork.people import identity
from paperwork.per_scheme import score_title, written
from paperwork.sheet import Column, Sheet, Text, number, standings_after
from schemes.registry import get_scheme
from schemes.state.model import Board, Tournament


def values_before(tournament: Tournament, round_number: int) -> dict[int, str]:
    """Each player's level or points before the round, as the scheme's standings give it."""
    rows = standings_after(tournament, round_number - 1).rows
    return {row.player: number(row.score) for row in rows}


def komi_text(board: Board, text: Mapping[str, str]) -> str:
    komi = f"{board.komi:g}"
    return f"{komi} ({text['nigiri']})" if board.nigiri else komi


def stones_text(board: Board) -> str:
    """A board's handicap stones as the paper prints them: none for an even game (spec
    sport-handicap: «stones (none for N = 1)»; a trial read «Фора: 0» as a handicap)."""
    return str(board.handicap) if board.handicap else ""


def protocol_columns(text: Mapping[str, str], scheme: str) -> list[Column]:
    """The protocol's columns: board, then each player's number, name, rank and the value
    standings show (level, points, MMS…), handicap, komi, the result to fill in."""
    value = text[get_scheme(scheme).score_name]
    return [
        Column(text["board"], 7),
        Column(text["no"], 4, alike="no"),
        Column(text["white"], 20, "L", alike="name"),
        Column(text["rank"], 5.5, alike="rank"),
        Column(value, 5, alike="value"),
        Column(text["no"], 4, alike="no"),
        Column(text["black"], 20, "L", alike="name"),
        Column(text["rank"], 5.5, alike="rank"),
        Column(value, 5, alike="value"),
        Column(text["handicap"], 6),
        Column(text["komi"], 10),
        Column(text["result"], 8),
    ]


def protocol_sheet(tournament: Tournament, round_number: int, lang: str | None = None) -> Sheet:
    """A round's boards as the protocol lists them (its result column left to fill in), in
    ``lang`` (the tournament's by default; a players' page may be read in the other)."""
    played = tournament.round(round_number)
    if played is None:
        raise ValueError(f"round {round_number} is not paired")
    text = labels(lang or tournament.settings.lang)
    title = f"{text['protocol']} — {text['round_n'].format(n=played.number)}"
    if "lowest_top_level" in played.extra:
        title += " · " + text["lowest_top_level"].format(level=played.extra["lowest_top_level"])
    value = values_before(tournament, round_number)
    rows: list[list[Text]] = []
    for board in played.boards:
        seated = played.seated(board)  # a reprint after the nigiri: in the colours played
        white, black = identity(tournament, seated[0]), identity(tournament, seated[1])
        rows.append([str(board.number), *white, value[seated[0]], *black, value[seated[1]],
                     stones_text(board), komi_text(board, text), ""])  # fmt: skip
    return Sheet(title, protocol_columns(text, tournament.settings.scheme), rows)


def standings_sheet(tournament: Tournament, after_round: int, lang: str | None = None) -> Sheet:
    """The standings after a round: place, player, the scheme's score and its own tie-break
    columns in its order, in ``lang`` (the tournament's by default)."""
    table = standings_after(tournament, after_round)
    keys = table.columns
    text = labels(lang or tournament.settings.lang)
    columns = [
        Column(text["place"], 5),
        Column(text["no"], 4),
        Column(text["name"], 24, "L"),
        Column(text["rank"], 4),
        Column(text[score_title(tournament, after_round)], 6),
    ] + [Column(text[k], 6) for k in keys]
    body: list[list[Text]] = [
        [
            row.shown_place,
            *identity(tournament, row.player),
            written(tournament, "score", row.score),
            *(written(tournament, k, row.tiebreaks[k]) for k in keys),
        ]
        for row in table.rows
    ]
    title = text["standings"].format(after=after_words(text, after_round))
    return Sheet(title, columns, body, [text[k] for k in keys])
