"""Blank forms, printed before the event (issue 17): for the referee who runs a round on
paper when the laptop dies, and copies the results in later.

The grids are those of the filled documents — the card's rounds, the protocol's boards,
the final table's players × rounds — with the scheme's own column titles, and every cell
empty but the row numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from paperwork.cards import CARD_H, CARD_W, INSET, card_places, card_top
from paperwork.document import Document
from paperwork.rounds import PROTOCOL_FONT, PROTOCOL_ROW
from paperwork.sheet import Column
from paperwork.table_parts import PORTRAIT_COLUMNS
from paperwork.wall_sheets import protocol_columns
from schemes.log.events import Event
from schemes.registry import get_scheme
from schemes.state.model import Tournament

LIMIT = 1000
"""The most cards, boards or players a blank form is asked for (a typo like 4000 is refused)."""


def blank_cards(tournament: Tournament, events: Sequence[Event], count: int, rounds: int) -> Document:
    """``count`` participant cards, four to a page: the number box, the name line, and a row
    per round for the opponent, colour and handicap, result and the running value."""
    document = Document(tournament, events, "", page_header=False)
    document.set_margins(0, 0, 0)
    text = document.labels
    columns = [
        Column(text["round"], 4),
        Column(text["opponent"], 6),
        Column(text["colour_handicap"], 7),
        Column(text["result"], 6),
        Column(text[get_scheme(tournament.settings.scheme).score_name], 7),
    ]
    rows = [[str(r)] + [""] * (len(columns) - 1) for r in range(1, rounds + 1)]
    width = CARD_W - 2 * INSET
    for x, y in card_places(document, count):
        card_top(document, tournament, x, y, 0)  # filled by hand: no round of the file's
        document.rect(x, y + 5, 14, 12)
        document.set_xy(x + 16, y + 6)
        document.fit_cell(width - 16, 5, f"{text['name']}:", align="L", size=8)
        document.line(x + 40, y + 10.5, x + width, y + 10.5)
        document.set_xy(x + 16, y + 12)
        document.fit_cell(width - 16, 5, f"{text['rank']} / {text['rating']}:", align="L", size=8)
        document.line(x + 40, y + 16.5, x + width, y + 16.5)
        room = CARD_H - 2 * INSET - 30
        height = min(6.0, room / max(1, rounds))
        document.set_xy(x, y + 21)
        document.draw_table(columns, rows, height=height, font_size=8, header_height=6, x=x, width=width)
    return document


def blank_protocol(tournament: Tournament, events: Sequence[Event], boards: int) -> Document:
    """A round's protocol with ``boards`` empty boards: the round, then names and results by hand."""
    document = Document(tournament, events, "")
    text = document.labels
    document.title_line = f"{text['protocol']} — {text['round']} ____"
    document.add_page()
    columns = protocol_columns(text, tournament.settings.scheme)
    rows = [[str(b)] + [""] * (len(columns) - 1) for b in range(1, boards + 1)]
    document.draw_table(columns, rows, height=PROTOCOL_ROW, font_size=PROTOCOL_FONT, header_height=7)
    return document


def blank_table(tournament: Tournament, events: Sequence[Event], players: int, rounds: int) -> Document:
    """The final table with ``players`` empty rows and ``rounds`` round columns (opponent and
    result in each), then the scheme's value and the place."""
    document = Document(tournament, events, "", landscape=6 + rounds > PORTRAIT_COLUMNS)
    text = document.labels
    document.title_line = text["final_table"]
    document.add_page()
    columns = [Column(text["no"], 3), Column(text["name"], 18, "L"), Column(text["rank"], 4)]
    columns += [Column(str(r), 6) for r in range(1, rounds + 1)]
    columns += [Column(text[get_scheme(tournament.settings.scheme).score_name], 6), Column(text["place"], 4)]
    rows = [[str(p)] + [""] * (len(columns) - 1) for p in range(1, players + 1)]
    document.draw_table(columns, rows, height=6, font_size=8, header_height=7)
    return document
