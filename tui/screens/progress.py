"""A progress bar while documents are written."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, ProgressBar

from tui.screens.dialog import Dialog


class ProgressScreen(Dialog[None]):
    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total
        self.finished = False
        """The work is done: closed as soon as it is on top again."""

    def finish(self) -> None:
        """Closed when the work is done: at once, or, covered (ctrl+p typed while a print ran),
        when shown again — the end of a print closed the palette over it, and its bar stayed
        for good (an attack)."""
        self.finished = True
        self.dismiss()

    def on_screen_resume(self) -> None:
        if self.finished:
            self.dismiss()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("", id="doing", markup=False)
            yield ProgressBar(total=self.total, show_eta=False)

    def doing(self, what: str) -> None:
        self.query_one("#doing", Label).update(what)

    def done_one(self) -> None:
        self.query_one(ProgressBar).advance(1)
