"""A one-line question: a path, a pair of numbers, a list of rounds."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.suggester import Suggester
from textual.widgets import Input, Label

from tui.i18n import _
from tui.screens.dialog import Dialog
from tui.views import completed_path
from tui.widgets import Field, while_on_top


class PathSuggester(Suggester):
    """The rest of a path being typed, greyed after it (``views.completed_path``)."""

    def __init__(self, folder: Path, endings: tuple[str, ...], offered: str) -> None:
        super().__init__(use_cache=False, case_sensitive=True)  # a file copied in meanwhile is offered
        self.folder = folder
        self.endings = endings
        self.offered = offered

    async def get_suggestion(self, value: str) -> str | None:
        """Listed in a thread: a folder on a stick pulled out keeps its listing waiting, not the
        app.  Nothing for the folder the dialog offers, untouched: its first file greyed there
        would read as a default."""
        if value == self.offered:
            return None
        return await asyncio.to_thread(completed_path, value, self.folder, self.endings)


class AskScreen(Dialog[str | None]):
    """The answer, or None for Esc.  ``check`` (the refusal of an answer, empty for none) keeps
    the question open under a refusal: a setting typed wrong closed the dialog, and the
    referee opened it again to type it all anew.  A path asked for (``paths_in``: the folder
    of a name typed alone) is completed as a shell does: its rest greyed, taken with Tab or →;
    ``endings``: the files offered (any for none)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="ask.cancel"),
        Binding("tab", "complete", "Complete the path", show=False, id="ask.complete"),
    ]
    AUTO_FOCUS = "#answer"

    def __init__(self, prompt: str, value: str = "", check: Callable[[str], str] | None = None,
                 paths_in: Path | None = None, endings: tuple[str, ...] = ()) -> None:  # fmt: skip
        super().__init__()
        self.prompt = prompt
        self.value = value
        self.check = check
        self.suggester = None if paths_in is None else PathSuggester(paths_in, endings, value)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.prompt, markup=False)
            yield Field(self.value, id="answer", suggester=self.suggester)
            yield Label("", id="answer-error", classes="error", markup=False)
            yield Label(_("⏎: done · Esc: cancel"), classes="keys", markup=False)  # it has no buttons (a trial)

    @while_on_top
    def on_input_submitted(self, event: Input.Submitted) -> None:
        answer = event.value.strip()
        refusal = self.check(answer) if self.check is not None else ""
        show_error(self.query_one("#answer-error", Label), refusal)
        if not refusal:
            self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_complete(self) -> None:
        """Takes the greyed rest, as → at the end of the line does; nothing in a question of
        no path, nor with the cursor inside the line."""
        answer = self.query_one("#answer", Input)
        if self.suggester is not None and answer.cursor_at_end:
            answer.action_cursor_right()


def show_error(label: Label, message: str) -> None:
    """A field's problem under it; the line is hidden while there is none."""
    label.update(message)
    label.set_class(bool(message), "shown")
