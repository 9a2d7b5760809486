"""Work the app does in a thread (a pairing, the paperwork, a hall's sync, the demo): its
refusals are said by the work itself; an exception none of them names — a bug of ours, or of
a library under it — is said in one line and the app goes on.  Left to Textual, such an
exception closed the app with a traceback in the middle of a round, or, where the worker was
told not to, was swallowed and left its caller waiting for ever (a hall's sync never ran
again, without a word).  None of this work writes the tournament file: the app's thread
does, once the work is back (``hand``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.dom import DOMNode

from tui.i18n import _

SHOWN = 300
"""The characters of an exception's text a notice shows (its kind and where it began)."""


def in_thread(
    node: DOMNode, work: Callable[[], None], failed: Callable[[str], None], group: str, exclusive: bool = False
) -> None:
    """Run ``work`` in a thread of ``node``; ``failed`` hears, on the app's thread, the line
    that says an exception escaped it (and puts the screen back: a bar, a loading table).
    The work hands its result over with ``hand``, never ``call_from_thread`` itself."""
    app = node.app

    def guarded() -> None:
        try:
            work()
        except Exception as error:  # what no refusal names: said, never a closed app or a silent stop
            hand(app, failed, internal(error))  # ``failed`` failing too is said, not lost

    node.run_worker(guarded, thread=True, group=group, exclusive=exclusive, exit_on_error=False)


def hand(app: App[Any], then: Callable[..., object], *args: object) -> None:
    """From a thread: ``then(*args)`` on the app's thread.  An exception in it is said there,
    once, and stays there: Textual raised it again in the thread, where ``in_thread``'s guard
    ran ``failed`` after ``then`` had half run — the paperwork's bar closed twice, and the
    tournament screen under it (a review).  ``then`` puts its screen back before anything
    that could fail."""

    def run() -> None:
        try:
            then(*args)
        except Exception as error:  # a bug of ours in the hand-over: said, the app goes on
            app.notify(internal(error), severity="error", timeout=30)

    app.call_from_thread(run)


def internal(error: Exception) -> str:
    """The one line that says an exception no refusal names: its kind and where it began."""
    text = " ".join(str(error).split())[:SHOWN]
    return _("Internal error of Tengen ({kind}: {error}): this was not done", kind=type(error).__name__, error=text)
