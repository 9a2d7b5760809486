"""The pieces every final table is made of (each scheme's table is in ``paperwork/per_scheme``),
and how the values in tables are written."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from paperwork.labels import after_words
from paperwork.sheet import half_points
from schemes.algorithms.true_rating import rating_label
from schemes.log.events import Event
from schemes.registry import get_scheme, is_final_table
from schemes.state.model import Tournament

if TYPE_CHECKING:  # fpdf2 loads where a document is made, not for a scheme's columns and marks
    from paperwork.document import Document

FORMAT: dict[str, Callable[[float], str]] = {
    "coefficient": half_points,
    "correction": lambda v: f"{v:+.1f}" if v else "0",
    "true_rating": rating_label,
}
"""How a tie-break value is written where it is not a plain number."""
PORTRAIT_COLUMNS = 14


def title(document: Document, tournament: Tournament, after_round: int) -> str:
    """«Итоговая таблица», «Таблица после 3-го тура», or before any round is over «Таблица до
    первого тура», as the standings say it (a check found «после 0-го тура»)."""
    if is_final_table(tournament, after_round):
        return document.labels["final_table"]
    return document.labels["table_after"].format(after=after_words(document.labels, after_round))


def table_document(
    tournament: Tournament, events: Sequence[Event], after_round: int, columns: int, rows_by: str = ""
) -> Document:
    """A titled page, turned to landscape when ``columns`` do not fit a portrait one; a table
    whose row order changes as the event ends says it in the title (``rows_by``: ``place`` or
    ``number``)."""
    from paperwork.document import Document  # the PDF library, for a document only (TYPE_CHECKING above)

    document = Document(tournament, events, "", landscape=columns > PORTRAIT_COLUMNS, after_round=after_round)
    document.title_line = title(document, tournament, after_round)
    if rows_by:
        document.title_line = document.labels[f"rows_by_{rows_by}"].format(title=document.title_line)
    document.add_page()
    return document


def rounds_of(tournament: Tournament) -> int:
    return get_scheme(tournament.settings.scheme).total_rounds(tournament) or tournament.paired_rounds


def by_number(tournament: Tournament) -> list[int]:
    return sorted(tournament.players, key=lambda p: (tournament.numbers.get(p, 10**6), p))
