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

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("", id="doing", markup=False)
            yield ProgressBar(total=self.total, show_eta=False)

    def doing(self, what: str) -> None:
        self.query_one("#doing", Label).update(what)

    def done_one(self) -> None:
        self.query_one(ProgressBar).advance(1)
