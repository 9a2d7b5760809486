"""A one-line question: a path, a pair of numbers, a list of rounds."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class AskScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]
    AUTO_FOCUS = "#answer"

    def __init__(self, prompt: str, value: str = "") -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.prompt, markup=False)
            yield Input(self.value, id="answer")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


def show_error(label: Label, message: str) -> None:
    """A field's problem under it; the line is hidden while there is none."""
    label.update(message)
    label.set_class(bool(message), "shown")
