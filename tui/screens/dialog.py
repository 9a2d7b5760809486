"""The base of every dialog: a screen over another, closed once and only from the top."""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

from tui.widgets import Lines

Result = TypeVar("Result")


class Dialog(ModalScreen[Result]):
    """Textual's ``dismiss`` closes whatever screen is on top: a second Enter of a key held
    down reached a dialog after the first had closed it, and it closed the screen under it —
    the tournament, shut unasked, and then the start screen, the last one, and the app fell
    over (a trial's fast hands, in every dialog with a line to type in).  A dialog closes only
    itself, from the top: closed already, or covered by another, it closes nothing."""

    def action_scroll_lines(self, by: int) -> None:
        """Scroll the dialog's warnings (``widgets.Lines``, out of the Tab order) by ``by`` lines."""
        for lines in self.query(Lines):
            lines.scroll_relative(y=by, animate=False)

    def dismiss(self, result: Result | None = None) -> AwaitComplete:
        if self.app.screen is not self:
            return AwaitComplete()  # awaited, it is done at once
        return super().dismiss(result)
