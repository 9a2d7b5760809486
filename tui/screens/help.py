"""F1: every key of the screen the referee is on, with what it does."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label

from tui.i18n import _
from tui.screens.dialog import Dialog
from tui.widgets import PlainTable


class HelpScreen(Dialog[None]):
    BINDINGS = [Binding("escape,f1,q", "close", "Close", id="help.close")]

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog help"):
            yield Label(_("Keys of this screen (Esc closes)"), classes="heading", markup=False)
            table = PlainTable(id="keys", cursor_type="row", show_header=False)
            table.add_columns(_("Key"), _("What it does"))
            for key, description in self.keys:
                table.add_row(key, description)
            yield table

    def action_close(self) -> None:
        self.dismiss(None)
