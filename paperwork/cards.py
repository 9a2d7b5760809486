"""Participant cards: four A6 cards to an A4 sheet, one per player, in number order.

A card has a row for every round of the event, filled where the round is paired and
blank otherwise, so the same card serves at registration (empty) and after any
round.  Its header carries the start values and, once the last round is complete,
the final ones.  Each scheme fills the columns its seed's card has (its face is in
``paperwork/per_scheme``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from paperwork.card_face import Face
from paperwork.document import Document, shown_date
from paperwork.people import name_options
from paperwork.per_scheme import paper
from paperwork.table_parts import rounds_of
from schemes.log.events import Event
from schemes.registry import get_scheme
from schemes.state.model import Tournament, rating_order

CARD_W, CARD_H = 105.0, 297.0 / 2
CARD_MARKS = ("legend_win", "legend_loss", "legend_draw", "legend_forfeit", "legend_bye", "legend_skip",
              "legend_late_skip", "legend_half")  # fmt: skip
"""The card's marks explained (every card may hold any of them by the end of the event)."""
LATE_MARKS = ("legend_late_skip",)
"""What only a scheme with a deadline for skips writes (``Traits.skip_deadline``: «--!»)."""
DRAW_MARKS = ("legend_draw", "legend_half")
"""What only a game that can be drawn writes (a play-off replays it: a trial read «5= — ничья» there)."""
INSET = 5.0
PER_PAGE = 4
NOTES_HEIGHT = 11.0
"""Who he must not meet, and a line for the referee's notes."""
LEGEND_LINE = 2.3


def cards(tournament: Tournament, events: Sequence[Event], players: Sequence[int] | None = None) -> Document:
    """Cards for ``players`` (default: everyone, by number, or by rating before the draw)."""
    document = Document(tournament, events, "", page_header=False)
    document.set_margins(0, 0, 0)
    text = document.labels
    face = paper(tournament).card(tournament, text, rounds_of(tournament))
    if players is None:
        ordered = rating_order(tournament.players.values())
        players = sorted((p.id for p in ordered), key=lambda p: tournament.numbers.get(p, 10**6))
    blocks = tournament.blocks()
    for (x, y), player in zip(card_places(document, len(players)), players, strict=True):
        draw_card(document, tournament, face(player), x, y, player, blocks[player])
    return document


def card_places(document: Document, count: int) -> Iterator[tuple[float, float]]:
    """Where each of ``count`` cards goes, four to a page: a new page with its cut guides
    before every fourth, a page even for none (the filled cards and the blank ones alike)."""
    for index in range(count):
        if index % PER_PAGE == 0:
            document.add_page()
            document.cut_guides([CARD_W], [CARD_H])
        yield (index % 2) * CARD_W + INSET, ((index % PER_PAGE) // 2) * CARD_H + INSET
    if count == 0:
        document.add_page()


def card_top(document: Document, tournament: Tournament, x: float, y: float, filled: int) -> None:
    """A card's top line: the event's name, what the card is, the round it is ``filled`` up to
    (none on a blank card) and the day it was made (paperwork.md: every document; a card is
    reprinted after each round, and a trial could not tell this round's from the last)."""
    width = CARD_W - 2 * INSET
    what = [document.labels["card"]]
    if filled:
        what.append(document.labels["round_n"].format(n=filled))
    what.append(shown_date(document.made.date(), tournament.settings.lang))
    document.set_xy(x, y)
    document.fit_cell(width * 0.45, 4, tournament.settings.name, align="L", size=7)
    document.fit_cell(width * 0.55, 4, " · ".join(what), align="R", size=7)


def draw_card(
    document: Document,
    tournament: Tournament,
    face: Face,
    x: float,
    y: float,
    player_id: int | None = None,
    blocked: Sequence[int] = (),
) -> None:
    """One card at ``x``, ``y``: a player's (``player_id``), or with no player a blank one to
    fill by hand, with the scheme's own header and columns (a review found the blank cards'
    five generic columns missing seed 000's, which a referee working on paper needs)."""
    text = document.labels
    width = CARD_W - 2 * INSET
    card_top(document, tournament, x, y, tournament.paired_rounds if player_id is not None else 0)
    # number box, name, strength and club
    no = None if player_id is None else tournament.numbers.get(player_id)
    document.box(x, y + 5, 14, 12)
    document.set_xy(x, y + 5)
    document.fit_cell(14, 12, "" if no is None else str(no), bold=True, size=16)
    if player_id is None:  # lines to write them on
        for top, label in ((y + 6, text["name"]), (y + 12, f"{text['rank']} / {text['rating']}")):
            document.set_xy(x + 16, top)
            document.fit_cell(width - 16, 5, f"{label}:", align="L", size=8)
            document.line(x + 40, top + 4.5, x + width, top + 4.5)
    else:
        player = tournament.players[player_id]
        document.set_xy(x + 16, y + 5)
        document.fit_cell(width - 16, 6, name_options(player), align="L", bold=True, size=11)  # initials, not a cut
        details = [player.rank_label]
        if player.rating is not None:
            details.insert(0, f"{text['rating']} {player.rating}")
        details += [part for part in (player.country, player.club) if part]
        document.set_xy(x + 16, y + 11)
        document.fit_cell(width - 16, 6, " · ".join(details), align="L", size=8)
    # header values
    top = y + 19
    if face.header:
        document.use_font("", 7)
        cell = width / len(face.header)
        for index, (label, value) in enumerate(face.header):
            document.set_xy(x + index * cell, top)
            document.fit_cell(cell, 4, label, border="LTR", size=6.5)
            document.set_xy(x + index * cell, top + 4)
            document.fit_cell(cell, 5, value, border="LBR", bold=True, size=9)
    # what the marks mean at the foot, over the notes (inside the margin: a trial found its
    # last line on the cut line, and at the sheet's edge, where no printer prints)
    bottom = y + CARD_H - 2 * INSET
    traits = get_scheme(tournament.settings.scheme).traits
    left_out = (() if traits.draws else DRAW_MARKS) + (() if traits.skip_deadline else LATE_MARKS)
    legend = "; ".join(text[mark] for mark in CARD_MARKS if mark not in left_out) + "."
    document.use_font("", 5.5)
    legend_top = bottom - document.line_count(width, LEGEND_LINE, legend) * LEGEND_LINE
    notes_top = legend_top - 1.5 - NOTES_HEIGHT
    # rounds
    table_top = top + 11
    room = notes_top - table_top - 6
    height = min(6.0, room / max(1, len(face.rows)))
    document.set_xy(x, table_top)
    document.draw_table(
        face.columns, face.rows, height=height, font_size=min(8.0, height * 1.6), header_height=6, x=x, width=width
    )
    # notes: who he must not meet, where the scheme keeps players apart (a trial found «Не
    # играет с:» on every card of a round robin, where everyone meets everyone), and room to write
    if traits.keeps_apart:
        numbers = ", ".join(str(tournament.numbers.get(b, b)) for b in blocked)
        document.set_xy(x, notes_top + 1)
        document.fit_cell(
            width, 5, f"{text['blocked']}: {numbers}" if numbers else f"{text['blocked']}:", align="L", size=7.5
        )
    document.set_xy(x, notes_top + 6)
    document.fit_cell(width, 5, f"{text['notes']}:", align="L", size=7.5)
    document.line(x + 18, notes_top + NOTES_HEIGHT, x + width, notes_top + NOTES_HEIGHT)
    document.set_xy(x, legend_top)
    document.use_font("", 5.5)
    document.lines(width, LEGEND_LINE, legend)
