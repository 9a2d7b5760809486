"""The rating-commission table: Latin names or not, RFG or EGF form."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from tui.i18n import _
from tui.widgets import MarkedList


class ExportScreen(ModalScreen[tuple[bool, bool] | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="export_dialog.cancel")]
    AUTO_FOCUS = "#options"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Export rating table"), classes="heading", markup=False)
            yield MarkedList((_("Latin names"), "latin", False), (_("EGF format"), "egf", False), id="options")
            with Horizontal(classes="buttons"):
                yield Button(_("Export"), id="export", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "export":
            chosen = self.query_one(MarkedList).selected
            self.dismiss(("latin" in chosen, "egf" in chosen))
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
