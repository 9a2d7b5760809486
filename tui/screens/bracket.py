"""The play-off bracket as text, stage after stage (``views.bracket_lines``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.i18n import _
from tui.screens.dialog import Dialog


class BracketScreen(Dialog[None]):
    BINDINGS = [Binding("escape,q,k", "close", "Close", id="bracket.close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Static(_("Play-off bracket"), classes="heading", markup=False)
            yield Static("\n".join(self.lines) or _("No round is paired yet"), markup=False)
            if self.lines:  # a trial could not tell the marks from seeds
                yield Static(_("> goes through; the number after a player: the games he won"), id="bracket-legend",
                             markup=False)  # fmt: skip

    def action_close(self) -> None:
        self.dismiss(None)
