"""Widgets that show what the referee typed as text, never as markup.

Textual reads a ``str`` in a table cell, a label or a notification as markup, so a
player called ``Smith [/x]`` would crash the screen and ``Ivanov [moscow]`` lose a
word.  Every name, club and title the app shows goes through these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import wraps
from itertools import accumulate
from typing import Any, Concatenate, ParamSpec, Self, TypeVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events, widgets
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, OptionList
from textual.widgets._footer import FooterKey
from textual.widgets.data_table import ColumnKey, RowKey
from textual.widgets.option_list import Option

Node = TypeVar("Node", bound=Widget)
Params = ParamSpec("Params")


def while_on_top(handler: Callable[Concatenate[Node, Params], None]) -> Callable[Concatenate[Node, Params], None]:
    """A handler of what the referee chose — a line submitted, a button pressed, an option or a
    row selected — that acts only while its screen is the one on top: the Enters of a key held
    down each reached the widget before the first had opened a question over it, and each opened
    another (three «уже в списке?», the last answer falling over; a restore question left over
    that rolled back the file worked in since; «уже открыт» said of the app itself)."""

    @wraps(handler)
    def guarded(node: Node, /, *args: Params.args, **kwargs: Params.kwargs) -> None:
        if node.screen is node.app.screen:
            handler(node, *args, **kwargs)

    return guarded


def _quiet_select_lists() -> None:
    """A drop-down list's footer said «esc Dismiss menu», Textual's English, the only English
    on a Russian screen: its Escape is kept, unlisted (Escape closes a list everywhere)."""
    from textual.widgets._select import SelectOverlay

    SelectOverlay.BINDINGS = [Binding("escape", "dismiss", "Dismiss menu", show=False)]
    SelectOverlay._merged_bindings = SelectOverlay._merge_bindings()


_quiet_select_lists()


class Footer(widgets.Footer):
    """Textual's footer, without two costs of its redrawing (each change of focus or screen
    redraws it: half of the time the app spends on a key press went there).  Its keys are made
    as compact as the footer from the start: Textual makes each compact, then takes that back
    once it is mounted, two restyles of every key.  And it is not redrawn when the keys it
    would show are the very ones it shows (the same bindings, enabled and tooltips alike):
    focus moving within a table or a form changes nothing in it.  It looks the same."""

    _shown: object = None
    """What the footer was composed from: ``_keys`` of its screen then."""

    def _keys(self, screen: Screen[Any]) -> object:
        palette = self.app.COMMAND_PALETTE_BINDING
        active = screen.active_bindings.values()
        keys = tuple((b.binding, b.enabled, b.tooltip) for b in active if b.binding.show or b.binding.key == palette)
        return keys, self.compact, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE

    def compose(self) -> Iterator[Widget]:
        self._shown = self._keys(self.screen) if self._bindings_ready else None
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def _unchanged(self) -> bool:
        return self._shown is not None and self.is_attached and self._keys(self.screen) == self._shown

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self._unchanged() and screen is self.screen:
            return
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        """Composed anew only when the keys differ from those shown by then: a change of focus
        tells the footer several times before it redraws (opening a tournament, eight times:
        a fifth of the opening), and each told asked for a redraw of its own.  Nor while its
        screen is out of sight (the start screen under a tournament opened from the command
        line): a screen shown again tells its footer (Textual's ``stack_updates``), which
        then draws the keys of that moment."""
        if self.is_attached and self._in_sight() and not self._unchanged():
            await super().recompose()

    def _in_sight(self) -> bool:
        """Its screen is on top, or seen through every screen above it (a dialog's see-through
        background).  Textual's ``is_current`` counts the screen under the top one in any case."""
        stack = self.app.screen_stack
        return self.screen in stack and all(s.styles.background.a < 1 for s in stack[stack.index(self.screen) + 1 :])


def footer_under_a_dialog(screen: Screen[Any], covered: bool) -> None:
    """A screen's footer hidden while a dialog covers it (``ScreenSuspend``) and shown again
    when it is on top (``ScreenResume``): seen through a dialog's background it named keys
    that do nothing there («w Победа белых» under the print dialog; F1 pressed, nothing — a
    trial).  The dialogs that have keys of their own show them in a footer of their own."""
    for footer in screen.query(Footer):
        footer.display = not covered


def plain(value: object) -> Text:
    """``value`` as literal text: brackets stay brackets."""
    return value if isinstance(value, Text) else Text(str(value), end="")


class Field(widgets.Input):
    """Textual's input field, acting on its own keys (Backspace, Delete, the arrows, Home, End,
    Enter…) as they come.  Textual inserts a letter as the field gets it, but runs a key's
    binding only once the key has bubbled up to the app: of Backspace and «8» read together
    (a slow ssh, a paste, a script) the «8» went in first and the Backspace took it away — a
    trial's rating 1990 was saved as 1199, unsaid.  Its own bindings are the ones Textual
    would have found first for it, so nothing else changes."""

    async def _on_key(self, event: events.Key) -> None:
        self._restart_blink()  # as Textual's own field does for every key (its cursor shown while keys come)
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, ()):
                if not binding.priority and await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    return
        await super()._on_key(event)


def right(value: str) -> Text:
    """A number's cell, or its column's title, right-aligned: the digits of a column stand
    under each other as on paper (``numbers_right``), where «85.0» under «240.0», or «-3»
    under «12», read as another order of size."""
    return Text(value, end="", justify="right")


class PlainTable(DataTable[Any]):
    """A DataTable whose string cells are literal text; ``fill`` fits its columns to a width.
    Home and End go to the first and the last row (Textual's scroll sideways, which a table
    fitted to the width never needs: the 17th player took 16 presses of Down)."""

    BINDINGS = [
        Binding("home", "scroll_top", "First row", show=False, id="table.first_row"),
        Binding("end", "scroll_bottom", "Last row", show=False, id="table.last_row"),
    ]

    room = 0
    """The cells it may take where it moves by whole columns (``by_columns``); 0: it scrolls as
    Textual's tables do."""

    def by_columns(self, fixed: int, room: int) -> None:
        """Wider than the screen: its first ``fixed`` columns stay in sight while → and ← move
        the others by whole columns, and it is as wide as what shows whole.  Scrolled by cells,
        a column half gone read as its neighbour's («08» under the tail of «Очки» was 108), and
        one cut at the right edge as a value («4» under «К» was 443: a re-read in tmux).  An
        empty last column ``room`` cells wide lets the last one come to the left edge."""
        self.fixed_columns, self.room = fixed, room
        self.styles.overflow_y = "scroll"  # its scrollbar always there: its room is never a column's
        self.add_column("", width=room, key="room")
        self.call_after_refresh(self.move_columns, 0)  # the columns measured by then

    def clear(self, columns: bool = False) -> Self:
        if columns and self.room:
            self.fixed_columns, self.room = 0, 0
            self.styles.width = self.styles.overflow_y = None
        return super().clear(columns)

    def move_columns(self, by: int) -> None:
        """The columns past the fixed ones moved ``by`` whole columns (0: onto the edge of the
        one cut at the left now, after a new filling), no further than the last shows whole."""
        if not self.room:
            return
        widths = [c.get_render_width(self) for c in self.ordered_columns[:-1]]
        fixed, gutter = sum(widths[: self.fixed_columns]), self.styles.scrollbar_size_vertical
        room = self.room - fixed - gutter
        edges = list(accumulate(widths[self.fixed_columns :], initial=0))
        at = max(i for i, edge in enumerate(edges) if edge <= self.scroll_x)
        last = next(i for i, edge in enumerate(edges) if edges[-1] - edge <= room)
        first = min(max(at + by, 0), last)
        self.scroll_to(x=edges[first], animate=False, immediate=True)
        shown = 0
        for width in widths[self.fixed_columns + first :]:
            if shown + width > room:
                break
            shown += width
        self.styles.width = fixed + shown + gutter

    def action_cursor_right(self) -> None:
        if self.room:
            self.move_columns(1)
        else:
            super().action_cursor_right()

    def action_cursor_left(self) -> None:
        if self.room:
            self.move_columns(-1)
        else:
            super().action_cursor_left()

    def add_row(self, *cells: Any, **options: Any) -> RowKey:
        return super().add_row(*(plain(cell) if isinstance(cell, str) else cell for cell in cells), **options)

    def update_cell(self, row_key: RowKey | str, column_key: ColumnKey | str, value: Any, **options: Any) -> None:
        super().update_cell(row_key, column_key, plain(value) if isinstance(value, str) else value, **options)

    def cursor_key(self) -> str | None:
        """The key of the row under the cursor (``fill`` keys every row), None in an empty table."""
        if self.row_count == 0:
            return None
        row_key, _column = self.coordinate_to_cell_key(self.cursor_coordinate)
        return row_key.value

    def move_to(self, key: str | None) -> None:
        """The cursor on the row keyed ``key``, where there is one (the row it was on before a
        fill, a board typed, the board of a result undone)."""
        if key is not None and key in self.rows:
            self.move_cursor(row=self.get_row_index(key))

    def fill(self, columns: Sequence[Column], rows: Sequence[tuple[str, Sequence[str]]], width: int) -> None:
        """The table anew, its columns fitted to ``width`` terminal cells: each as wide as
        its widest cell, the flexible ones narrowed first when they do not all fit, their cells
        shortened (or wrapped onto more lines).  The cursor stays on its row's key (the same
        player, board or entry, though rows came or went above it), or on its row's number
        when that key is gone."""
        cursor, under = self.cursor_row, self.cursor_key()
        kept = [i for i, c in enumerate(columns) if not c.optional or any(cells[i] for _key, cells in rows)]
        columns = [columns[i] for i in kept]
        rows = [(key, [cells[i] for i in kept]) for key, cells in rows]
        natural = [
            max([1, cell_len(c.title), *(cell_len(cells[i]) for _key, cells in rows)]) for i, c in enumerate(columns)
        ]
        room = width - 2 * len(columns) - 3  # each cell's padding, the scrollbar and its gutter
        widths = fit_widths(natural, [c.gives_way for c in columns], room, keeps=[c.keeps or 6 for c in columns])
        self.clear(columns=True)
        for column, column_width in zip(columns, widths, strict=True):
            self.add_column(cut(column.title, column_width) or " ", key=column.key, width=column_width)
        wraps = any(c.wrap for c in columns)
        for key, cells in rows:
            shown = [
                text if column.wrap or cell_len(text) <= w else (column.shorten or cut)(text, w)
                for column, w, text in zip(columns, widths, cells, strict=True)
            ]
            if wraps:  # Textual's rows of several lines cannot measure an empty cell
                shown = [text or " " for text in shown]
            self.add_row(*shown, key=key, height=None if wraps else 1)
        if rows:
            self.move_cursor(row=min(cursor, len(rows) - 1))
            self.move_to(under)

    def on_resize(self) -> None:
        """The cursor's row kept in sight when the table's height changes: filled while a dialog
        hid the footer, the table was a row taller, and once the footer came back the last
        player's row, just withdrawn, was under it, the cursor on it, and End did nothing (a trial)."""
        if self.row_count:
            self.call_after_refresh(lambda: self.move_cursor(row=self.cursor_row, column=self.cursor_column))


class EndedList(OptionList):
    """An option list whose cursor stops at its first and last option, where Textual's goes
    round: in a list ordered by the standings, ↓ past the bottom must not land on the leader."""

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()


class MarkedList(OptionList):
    """A list of things to tick, each saying ``[x]`` or ``[ ]`` in words (a monochrome
    terminal, a colour-blind referee): Space or Enter ticks the one under the cursor.
    Textual's own SelectionList draws a toggle of its own beside such words (``▐X▌``)."""

    BINDINGS = [Binding("space", "tick", "Tick", show=False, id="marked_list.tick")]
    """``tick``, not ``toggle``: every Textual node has a ``toggle`` action of its own (of an attribute)."""

    def __init__(self, *items: tuple[str, str, bool], **options: Any) -> None:
        self.titles = {value: title for title, value, _selected in items}
        self.ticked = {value for _title, value, selected in items if selected}
        super().__init__(*(Option(self.marked(value), id=value) for _title, value, _selected in items), **options)

    @property
    def selected(self) -> list[str]:
        """The ticked values, in the list's order."""
        return [value for value in self.titles if value in self.ticked]

    def marked(self, value: str) -> Text:
        return Text(f"[{'x' if value in self.ticked else ' '}] {self.titles[value]}", end="")

    def action_tick(self) -> None:
        if self.highlighted is None:
            return
        value = self.get_option_at_index(self.highlighted).id or ""
        self.ticked ^= {value}
        self.replace_option_prompt(value, self.marked(value))

    @while_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_tick()


class Lines(VerticalScroll, can_focus=False):
    """Lines of warnings above a dialog's answers, scrolled by the mouse or by the dialog's
    keys (``lines_keys``), never in the Tab order: a focusable list took the Tab that went to
    the export's options, and the Enter meant for an answer."""


def lines_keys(owner: str) -> list[Binding]:
    """A dialog's keys for its ``Lines`` (``Dialog.action_scroll_lines``), their ids the
    dialog's own (``owner``): the export's warnings below its seventh line were out of the
    keyboard's reach (a trial, a review)."""
    return [
        Binding("up", "scroll_lines(-1)", "Scroll up", show=False, id=f"{owner}.scroll_up"),
        Binding("down", "scroll_lines(1)", "Scroll down", show=False, id=f"{owner}.scroll_down"),
        Binding("pageup", "scroll_lines(-5)", "Page up", show=False, id=f"{owner}.page_up"),
        Binding("pagedown", "scroll_lines(5)", "Page down", show=False, id=f"{owner}.page_down"),
    ]


@dataclass(frozen=True)
class Column:
    """A column of a ``PlainTable.fill``: its key, its title and how it gives way."""

    key: str
    title: str
    gives_way: int = 0
    """When the columns do not fit the width: 0 keeps its width; the others are narrowed,
    those of the highest number first (the club before the name)."""
    keeps: int = 0
    """The cells it keeps before it gives way as a column of ``gives_way`` 1 does (0: none)."""
    wrap: bool = False
    """Its text wraps onto more lines rather than being shortened (meanings, log entries)."""
    shorten: Callable[[str, int], str] | None = None
    """How a cell is shortened to a width (a name keeps its number and rank); else cut with ``…``."""
    optional: bool = False
    """Left out while none of its cells holds anything (no country given, nobody blocked)."""


def cut(text: str, width: int) -> str:
    """``text`` in ``width`` terminal cells at most, an ellipsis where it was cut."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(width - 1, 0)).rstrip() + "…"


def fit_widths(
    natural: Sequence[int],
    gives_way: Sequence[int],
    available: int,
    least: int = 6,
    keeps: Sequence[int] | None = None,
) -> list[int]:
    """Widths that fit ``available`` cells: the columns that give way 0 keep their own width;
    the others are narrowed, those that give way first (the highest number) before the rest,
    the widest of them first, down to ``least`` (or their own width, if less).  A column that
    ``keeps`` more than ``least`` cells gives way first only down to them, and then as those
    that give way 1 do (the club: to «Санкт-Пет…» before a name loses a letter, then both)."""
    widths = list(natural)
    kept = keeps or [least] * len(widths)

    def turn(i: int) -> int:
        return gives_way[i] if widths[i] > kept[i] else min(gives_way[i], 1)

    excess = sum(widths) - available
    while excess > 0:
        narrowable = [i for i, w in enumerate(widths) if gives_way[i] and w > min(least, natural[i])]
        if not narrowable:
            break
        first = max(turn(i) for i in narrowable)
        widest = max((i for i in narrowable if turn(i) == first), key=lambda i: widths[i])
        widths[widest] -= 1
        excess -= 1
    return widths
