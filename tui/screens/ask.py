"""A one-line question: a path, a pair of numbers, a list of rounds."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class AskScreen(ModalScreen[str | None]):
    """The answer, or None for Esc.  ``check`` (the refusal of an answer, empty for none) keeps
    the question open under a refusal: a setting typed wrong closed the dialog, and the
    referee opened it again to type it all anew."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]
    AUTO_FOCUS = "#answer"

    def __init__(self, prompt: str, value: str = "", check: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.prompt, markup=False)
            yield Input(self.value, id="answer")
            yield Label("", id="answer-error", classes="error", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        answer = event.value.strip()
        refusal = self.check(answer) if self.check is not None else ""
        show_error(self.query_one("#answer-error", Label), refusal)
        if not refusal:
            self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)


def show_error(label: Label, message: str) -> None:
    """A field's problem under it; the line is hidden while there is none."""
    label.update(message)
    label.set_class(bool(message), "shown")
