"""A yes/no question before something the referee might not mean."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from tui.i18n import _


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("escape", "no", "Cancel", id="confirm.cancel"),
        Binding("y,д", "yes", "Yes", id="confirm.yes"),
        Binding("n,н", "no", "No", id="confirm.no"),
    ]
    AUTO_FOCUS = "#yes"

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Yes"), id="yes", variant="primary")
                yield Button(_("No"), id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)
