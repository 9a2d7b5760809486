"""Every warning a file read into a tournament gave (an OpenGotha import's), in a list that
scrolls: notifications showed three of a switched file's fourteen, and the rest only by a
command that needed a new file to write into (a trial)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from tui.i18n import _, sentence, visible
from tui.screens.confirm import Question
from tui.widgets import Lines, lines_keys


class NoticesScreen(Question[None]):
    """A heading over the warnings, one answer («Понятно»).  A question, so that an Enter
    typed before it was drawn (the import's own Enter, held down) does not close it unread;
    the arrows scroll the list, which is longer than the screen where a file says much."""

    BINDINGS = [*lines_keys("notices")]

    def __init__(self, heading: str, lines: Sequence[str]) -> None:
        super().__init__(heading, [("ok", _("Understood"))], "ok")
        self.lines = [visible(sentence(line)) for line in lines]  # a file's names are nobody's checked text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, markup=False, classes="question")
            with Lines(id="notices"):
                for line in self.lines:
                    yield Label("• " + line, markup=False, classes="notice")
            with Horizontal(classes="buttons"):
                yield Button(_("Understood"), id="ok", variant="primary")

    def answered(self, answer: str | None) -> None:
        return None
