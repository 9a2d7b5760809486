"""Paper for one round: the protocol on the wall and the slips on the boards."""

from __future__ import annotations

from collections.abc import Sequence

from paperwork import qr
from paperwork.document import FAMILY, MARGIN, Document, shown_date
from paperwork.people import identity, number_of
from paperwork.wall_sheets import komi_text, protocol_sheet
from schemes.log.events import Event
from schemes.registry import not_playing
from schemes.state.model import Board, Round, Tournament

PROTOCOL_ROW = 5.6  # 40 boards and the signatures fit one page
PROTOCOL_FONT = 11.0  # names read on the wall from a metre
QR_COLUMN = 50.0
"""The width in mm the code of the players' page and its address take at the right, under
the table; who is not playing and the signatures are written beside it."""
QR_FONT, QR_LINE = 6.0, 2.6
"""The address under the code: small, but what a player types where the camera fails."""


def protocol(tournament: Tournament, events: Sequence[Event], round_number: int, page: str | None = None) -> Document:
    """The round's protocol for the wall (it is the pairing list too: Tengen prints no other);
    with ``page``, the address of the round's players' page, its QR code under the table at
    the right, beside who is not playing and the signatures, so it never covers a board.
    An address a phone cannot open is refused (``qr.NotAPage``) before anything is drawn."""
    address = None if page is None else qr.checked(page)
    sheet = protocol_sheet(tournament, round_number)
    played = tournament.round(round_number)
    assert played is not None  # the sheet is of a paired round
    document = Document(tournament, events, "")
    document.title_line = sheet.title
    document.add_page()
    document.draw_table(sheet.columns, sheet.rows, height=PROTOCOL_ROW, font_size=PROTOCOL_FONT, header_height=7)
    width = document.epw if address is None else _code_beside(document, address)
    _not_playing(document, tournament, played, width)
    _signatures(document, width)
    return document


def _code_beside(document: Document, address: str) -> float:
    """The code of ``address`` at the right under the table (on a new page when the room
    left is too short for it), its address under it; the width left beside it."""
    quiet = qr.QUIET * qr.MODULE
    side = qr.side(address)
    document.set_font(FAMILY, "", QR_FONT)
    lines = document.line_count(QR_COLUMN, QR_LINE, address)
    if document.get_y() + quiet + side + 1 + lines * QR_LINE > document.bottom:
        document.add_page()
    top = document.get_y()
    right = document.l_margin + document.epw
    qr.draw(document, address, right - side, top + quiet)
    document.set_xy(right - QR_COLUMN, top + quiet + side + 1)
    document.multi_cell(QR_COLUMN, QR_LINE, address, align="R")
    document.set_xy(document.l_margin, top)
    return document.epw - QR_COLUMN - quiet


def _not_playing(document: Document, tournament: Tournament, played: Round, width: float) -> None:
    document.ln(2)
    for key, players in not_playing(tournament, played.number).items():
        if not players:
            continue
        names = "; ".join(f"{number_of(tournament, p)} {tournament.players[p].full_name}".strip() for p in players)
        lines = document.line_count(width, 4.5, f"{document.labels[key]}: {names}")
        if document.get_y() + 4.5 * lines > document.bottom:
            document.add_page()
        document.set_font(FAMILY, "", 9)
        document.multi_cell(width, 4.5, f"{document.labels[key]}: {names}", new_x="LMARGIN", new_y="NEXT")


def _signatures(document: Document, width: float) -> None:
    if document.room_left() < 14:
        document.add_page()
    document.ln(6)
    document.set_font(FAMILY, "", 9)
    half = width / 2
    for key in ("chief_referee", "secretary"):
        document.cell(half, 6, f"{document.labels[key]}: ____________________", align="L")
    document.ln(6)


SLIP_W, SLIP_H = 105.0, 297.0 / 4


def slips(tournament: Tournament, events: Sequence[Event], round_number: int) -> Document:
    """One slip per board, eight to a page, with cut lines between them."""
    played = tournament.round(round_number)
    if played is None:
        raise ValueError(f"round {round_number} is not paired")
    document = Document(tournament, events, "", page_header=False)
    document.set_margins(0, 0, 0)
    for index, board in enumerate(played.boards):
        if index % 8 == 0:
            document.add_page()
            document.cut_guides([SLIP_W], [SLIP_H, 2 * SLIP_H, 3 * SLIP_H])
        x = (index % 2) * SLIP_W
        y = ((index % 8) // 2) * SLIP_H
        _slip(document, tournament, played, board, x, y)
    return document


def _slip(document: Document, tournament: Tournament, played: Round, board: Board, x: float, y: float) -> None:
    text = document.labels
    inner = SLIP_W - 14
    document.set_xy(x + 7, y + 6)  # the event and the day the slip was made (paperwork.md: every document)
    document.fit_cell(inner * 0.75, 5, tournament.settings.name, align="L", size=8)
    document.fit_cell(inner * 0.25, 5, shown_date(document.made.date(), tournament.settings.lang), align="R", size=8)
    document.set_xy(x + 7, y + 11)
    heading = f"{text['slip']} · {text['round_n'].format(n=played.number)} · {text['board']} {board.number}"
    document.fit_cell(inner, 6, heading, align="L", bold=True, size=11)
    for offset, (key, player) in enumerate((("white", board.white), ("black", board.black))):
        no, names, rank = identity(tournament, player)
        document.set_xy(x + 7, y + 19 + offset * 7)
        document.fit_cell(18, 6, f"{text[key]}:", align="L", size=9)
        document.fit_cell(
            inner - 18, 6, tuple(f"{no}. {name} ({rank})".lstrip(". ") for name in names), align="L", bold=True, size=10
        )
    document.set_xy(x + 7, y + 34)
    document.fit_cell(
        inner, 5, f"{text['handicap']}: {board.handicap}    {text['komi']}: {komi_text(board, text)}", align="L", size=9
    )
    draw = "jigo" if board.jigo_possible else "triple_ko"
    for offset, key in enumerate(("white_won", "black_won", draw)):
        left = x + 7 + offset * inner / 3
        document.rect(left, y + 42, 3.5, 3.5)
        document.set_xy(left + 4.5, y + 41.5)
        document.fit_cell(inner / 3 - 5, 4.5, text[key], align="L", size=8)
    for offset, key in enumerate(("signature_white", "signature_black")):
        document.set_xy(x + 7 + offset * inner / 2, y + 55)
        document.fit_cell(inner / 2, 5, f"{text[key]}:", align="L", size=8)
        document.line(x + 7 + offset * inner / 2, y + 66, x + 7 + offset * inner / 2 + inner / 2 - 4, y + 66)
    document.set_xy(MARGIN, MARGIN)
