"""Blank forms, printed before the event (issue 17): for the referee who runs a round on
paper when the laptop dies, and copies the results in later.

The grids are those of the filled documents — the card's rounds, the protocol's boards,
the final table's players × rounds — with the scheme's own column titles, and every cell
empty but the row numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from paperwork.card_face import Face
from paperwork.cards import card_places, draw_card
from paperwork.document import Document
from paperwork.labels import labels
from paperwork.per_scheme import paper
from paperwork.rounds import PROTOCOL_FONT, PROTOCOL_ROW
from paperwork.sheet import Column
from paperwork.table_parts import PORTRAIT_COLUMNS
from paperwork.wall_sheets import protocol_columns
from schemes.log import actions
from schemes.log.events import Event
from schemes.log.history import append
from schemes.registry import get_scheme
from schemes.state.model import Tournament

LIMIT = 1000
"""The most cards, boards or players a blank form is asked for (a typo like 4000 is refused)."""


def blank_cards(tournament: Tournament, events: Sequence[Event], count: int, rounds: int) -> Document:
    """``count`` participant cards, four to a page, as the filled ones: the number box, lines
    for the name and strength, the scheme's header boxes and a row per round under its own
    columns (seed 000's for Gamma), the notes and the legend — every value left to the hand."""
    document = Document(tournament, events, "", page_header=False)
    document.set_margins(0, 0, 0)
    face = _blank_face(tournament, events, document.labels, rounds)
    for x, y in card_places(document, count):
        draw_card(document, tournament, face, x, y)
    return document


def _blank_face(tournament: Tournament, events: Sequence[Event], text: Mapping[str, str], rounds: int) -> Face:
    """The scheme's card of a player just registered in an event of its settings alone, its
    values emptied: each scheme's face says its header and columns, none is retyped here."""
    kind, data = actions.register(events[:1], surname="-", name="-", rank="1k")
    registered = append(events[:1], kind, data).state
    player = next(iter(registered.players))
    face = paper(registered).card(registered, text, rounds)(player)
    rows = [[str(r)] + [""] * (len(face.columns) - 1) for r in range(1, rounds + 1)]
    return Face([(label, "") for label, _value in face.header], face.columns, rows)


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
    """The scheme's final table with ``players`` empty rows for ``rounds`` rounds; a play-off's
    (its own table is the bracket) a round's opponent and result each, its value, the place."""
    text = labels(tournament.settings.lang)
    made = paper(tournament).table_columns
    if made is not None:
        columns = made(tournament, text, rounds, players)
    else:
        columns = [Column(text["no"], 3), Column(text["name"], 18, "L"), Column(text["rank"], 4)]
        columns += [Column(str(r), 6) for r in range(1, rounds + 1)]
        columns += [Column(text[get_scheme(tournament.settings.scheme).score_name], 6), Column(text["place"], 4)]
    document = Document(tournament, events, "", landscape=len(columns) > PORTRAIT_COLUMNS)
    document.title_line = text["final_table"]
    document.add_page()
    rows = [[str(p)] + [""] * (len(columns) - 1) for p in range(1, players + 1)]
    document.draw_table(columns, rows, height=6, font_size=8, header_height=7)
    return document
