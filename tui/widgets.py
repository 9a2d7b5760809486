"""Widgets that show what the referee typed as text, never as markup.

Textual reads a ``str`` in a table cell, a label or a notification as markup, so a
player called ``Smith [/x]`` would crash the screen and ``Ivanov [moscow]`` lose a
word.  Every name, club and title the app shows goes through these.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import DataTable, SelectionList


def plain(value: Any) -> Text:
    """``value`` as literal text: brackets stay brackets."""
    return value if isinstance(value, Text) else Text(str(value), end="")


class PlainTable(DataTable[Any]):
    """A DataTable whose string cells are literal text."""

    def add_row(self, *cells: Any, **options: Any) -> Any:
        return super().add_row(*(plain(cell) if isinstance(cell, str) else cell for cell in cells), **options)

    def update_cell(self, row_key: Any, column_key: Any, value: Any, **options: Any) -> None:
        super().update_cell(row_key, column_key, plain(value) if isinstance(value, str) else value, **options)


class MarkedList(SelectionList[str]):
    """A SelectionList whose items say ``[x]`` or ``[ ]`` in words as well as in colour, so a
    monochrome terminal (or a colour-blind referee) sees which documents are ticked."""

    def __init__(self, *items: tuple[str, str, bool], **options: Any) -> None:
        self.titles = {value: title for title, value, _selected in items}
        super().__init__(
            *((self.marked(title, selected), value, selected) for title, value, selected in items), **options
        )

    @staticmethod
    def marked(title: str, selected: bool) -> Text:
        return Text(f"[{'x' if selected else ' '}] {title}", end="")

    def on_selection_list_selection_toggled(self, event: SelectionList.SelectionToggled[str]) -> None:
        value = event.selection.value
        self.replace_option_prompt_at_index(
            event.selection_index, self.marked(self.titles[value], value in self.selected)
        )
