"""The base of every dialog (a screen over another, closed once and only from the top), and
the guard of what the referee chooses in a screen (``while_on_top``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen
from textual.widget import Widget

Result = TypeVar("Result")
Node = TypeVar("Node", bound=Widget)
Params = ParamSpec("Params")


class Dialog(ModalScreen[Result]):
    """Textual's ``dismiss`` closes whatever screen is on top: a second Enter of a key held
    down reached a dialog after the first had closed it, and it closed the screen under it —
    the tournament, shut unasked, and then the start screen, the last one, and the app fell
    over (a trial's fast hands, in every dialog with a line to type in).  A dialog closes only
    itself, from the top: closed already, or covered by another, it closes nothing."""

    def dismiss(self, result: Result | None = None) -> AwaitComplete:
        if self.app.screen is not self:
            return AwaitComplete()  # awaited, it is done at once
        return super().dismiss(result)


def while_on_top(handler: Callable[Concatenate[Node, Params], None]) -> Callable[Concatenate[Node, Params], None]:
    """A handler of what the referee chose — a line submitted, a button pressed, an option or a
    row selected — that acts only while its screen is the one on top: the Enters of a key held
    down each reached the widget before the first had opened a question over it, and each opened
    another (three «уже в списке?», the last answer falling over; a restore question left over
    that rolled back the file worked in since; «уже открыт» said of the app itself)."""

    @wraps(handler)
    def guarded(node: Node, /, *args: Params.args, **kwargs: Params.kwargs) -> None:
        if node.screen is node.app.screen:
            handler(node, *args, **kwargs)

    return guarded
