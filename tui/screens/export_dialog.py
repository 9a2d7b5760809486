"""The rating-commission table: Latin names or not, RFG or EGF form."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Label

from tui.i18n import _


class ExportScreen(ModalScreen[tuple[bool, bool] | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#export"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Export rating table"), classes="heading", markup=False)
            yield Checkbox(_("Latin names"), id="latin")
            yield Checkbox(_("EGF format"), id="egf")
            with Horizontal(classes="buttons"):
                yield Button(_("Export"), id="export", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "export":
            self.dismiss((self.query_one("#latin", Checkbox).value, self.query_one("#egf", Checkbox).value))
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
