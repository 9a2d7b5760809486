"""Paper for the rounds: the protocol on the wall and the slips on the boards of one round,
and the schedule of every round where the table fixes them in advance."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from data.errors import Refused
from paperwork import qr
from paperwork.document import FAMILY, MARGIN, Document, shown_date
from paperwork.people import identity, number_of
from paperwork.per_scheme import paper
from paperwork.sheet import Column, Text
from paperwork.wall_sheets import komi_text, protocol_sheet, stones_text
from schemes.log.events import Event
from schemes.registry import get_scheme, names_with, not_playing
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
    notes = [document.labels["reverse_komi"]] if any(board.komi < 0 for board in played.boards) else []
    decides = paper(tournament).round_note  # what the boards decide: a play-off's stage and game
    if decides is not None:
        notes.append(decides(tournament, played.number, document.labels))
    for note in filter(None, notes):
        document.ln(2)
        document.set_font(FAMILY, "", 9)
        document.multi_cell(width, 4.5, note, new_x="LMARGIN", new_y="NEXT")
    _not_playing(document, tournament, not_playing(tournament, played.number), width)
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


def _not_playing(document: Document, tournament: Tournament, lists: Mapping[str, list[int]], width: float) -> None:
    """Who is on no board, and why (``schemes.registry.not_playing``), a line per reason."""
    document.ln(2)
    for key, players in lists.items():
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


def schedule(tournament: Tournament, events: Sequence[Event], round_number: int = 0) -> Document:
    """Every round of a table fixed in advance (``Traits.scheduled``: a round robin's Berger
    table), for the wall and the players once they have their numbers (round 1 paired): the
    rounds paired as the log has them (a board changed by hand included), the others as the
    table seats them with the skips and withdrawals known now.  ``round_number`` is not read:
    the schedule holds them all."""
    scheme = get_scheme(tournament.settings.scheme)
    if not scheme.traits.scheduled:
        raise Refused("the schedule is for {schemes}: the other schemes pair each round from the one before",
                      schemes=", ".join(names_with("scheduled")))  # fmt: skip
    if not tournament.numbers:
        raise Refused("the players get their numbers when round 1 is paired: pair it, then print the schedule")
    document = Document(tournament, events, "")
    text = document.labels
    document.title_line = text["schedule"]
    document.add_page()
    columns = [Column(text["board"], 7), Column(text["no"], 4), Column(text["white"], 24, "L"),
               Column(text["rank"], 5.5), Column(text["no"], 4), Column(text["black"], 24, "L"),
               Column(text["rank"], 5.5), Column(text["handicap"], 6), Column(text["komi"], 9)]  # fmt: skip
    decides = paper(tournament).round_note
    for number in range(1, (scheme.total_rounds(tournament) or tournament.paired_rounds) + 1):
        played = tournament.round(number)
        if played is None:
            pairing = scheme.pair(tournament, number, random.Random(0), None)  # the table: no draw is left
            boards, off = pairing.boards, _off_the_table(tournament, number, pairing.byes)
        else:
            boards, off = played.boards, not_playing(tournament, number)
        rows: list[list[Text]] = [[str(board.number), *identity(tournament, board.white),
                                   *identity(tournament, board.black), stones_text(board), komi_text(board, text)]
                                  for board in boards]  # fmt: skip
        note = decides(tournament, number, text) if decides is not None else ""  # a double round robin's cycle
        if document.room_left() < 9 + 4.5 * bool(note) + 5.6 * len(rows) + 6 + 4.5 * sum(map(bool, off.values())):
            document.add_page()  # one page a round
        document.ln(2)
        document.fit_cell(document.epw, 5, text["round_n"].format(n=number), align="L", bold=True, size=11)
        document.ln(5)
        if note:
            document.set_font(FAMILY, "", 9)
            document.multi_cell(document.epw, 4.5, note, new_x="LMARGIN", new_y="NEXT")
        document.draw_table(columns, rows, height=5.6, font_size=10, header_height=6)
        _not_playing(document, tournament, off, document.epw)
    return document


def _off_the_table(tournament: Tournament, number: int, byes: Sequence[int]) -> dict[str, list[int]]:
    """Who a round not paired yet leaves off its boards, as ``not_playing`` lists a paired
    one's: the table's byes, the skips announced, the withdrawn (nobody of a table fixed in
    advance is registered in advance or left unassigned)."""
    players = tournament.players.values()
    skips = [p.id for p in players if p.skips_round(number) and not p.withdrawn_by(number)]
    by_number = sorted(byes, key=tournament.numbers.__getitem__)
    return {"byes": by_number, "skips": sorted(skips), "withdrawn": tournament.withdrawn(number)}


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
    komi = f"{text['komi']}: {komi_text(board, text)}"
    if board.komi < 0:  # a reverse komi, said where it is played (a trial asked what «-3.5» meant)
        komi += f" ({text['white_pays']})"
    stones = f"{text['handicap']}: {board.handicap}    " if board.handicap else ""
    document.fit_cell(inner, 5, stones + komi, align="L", size=9)
    draw = "jigo" if board.jigo_possible else "triple_ko"
    drawn = get_scheme(tournament.settings.scheme).traits.draws  # a play-off replays a drawn game: no box for it
    for offset, key in enumerate(("white_won", "black_won", *([draw] if drawn else []))):
        left = x + 7 + offset * inner / 3
        document.rect(left, y + 42, 3.5, 3.5)
        document.set_xy(left + 4.5, y + 41.5)
        document.fit_cell(inner / 3 - 5, 4.5, text[key], align="L", size=8)
    if board.nigiri:  # the ticks then read in the colours played (as the app's «s» takes them)
        document.rect(x + 7, y + 48, 3.5, 3.5)
        document.set_xy(x + 11.5, y + 47.5)
        no, names, _rank = identity(tournament, board.black)
        black = f"{no}. {names[-1]}".lstrip(". ")
        document.fit_cell(inner - 5, 4.5, text["nigiri_swapped"].format(black=black), align="L", size=8)
    for offset, key in enumerate(("signature_white", "signature_black")):
        document.set_xy(x + 7 + offset * inner / 2, y + 55)
        document.fit_cell(inner / 2, 5, f"{text[key]}:", align="L", size=8)
        document.line(x + 7 + offset * inner / 2, y + 66, x + 7 + offset * inner / 2 + inner / 2 - 4, y + 66)
    document.set_xy(MARGIN, MARGIN)
