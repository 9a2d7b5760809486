"""The base of every dialog: a screen over another, closed once."""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

Result = TypeVar("Result")


class Dialog(ModalScreen[Result]):
    """Textual's ``dismiss`` closes whatever screen is on top: a second Enter of a key held
    down reached a dialog after the first had closed it, and it closed the screen under it —
    the tournament, shut unasked, and then the start screen, the last one, and the app fell
    over (a trial's fast hands, in every dialog with a line to type in).  A dialog closed
    already closes nothing."""

    def dismiss(self, result: Result | None = None) -> AwaitComplete:
        if self not in self.app.screen_stack:
            return AwaitComplete()  # awaited, it is done at once
        return super().dismiss(result)
