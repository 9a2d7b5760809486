"""Widgets that show what the referee typed as text, never as markup.

Textual reads a ``str`` in a table cell, a label or a notification as markup, so a
player called ``Smith [/x]`` would crash the screen and ``Ivanov [moscow]`` lose a
word.  Every name, club and title the app shows goes through these.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import DataTable


def plain(value: Any) -> Text:
    """``value`` as literal text: brackets stay brackets."""
    return value if isinstance(value, Text) else Text(str(value), end="")


class PlainTable(DataTable[Any]):
    """A DataTable whose string cells are literal text."""

    def add_row(self, *cells: Any, **options: Any) -> Any:
        return super().add_row(*(plain(cell) if isinstance(cell, str) else cell for cell in cells), **options)

    def update_cell(self, row_key: Any, column_key: Any, value: Any, **options: Any) -> None:
        super().update_cell(row_key, column_key, plain(value) if isinstance(value, str) else value, **options)
