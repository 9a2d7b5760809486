"""What every tab of the tournament screen shares."""

from __future__ import annotations

from textual.containers import Vertical

from tui.session import Session
from tui.translated import Translated


class Pane(Translated, Vertical):
    """A tab's content.  It redraws from the session when the screen says the
    tournament changed, and only while it is shown (a hidden pane redraws when it
    is shown again), so an entry costs the redraw of one pane."""

    stale = True

    def show(self, session: Session) -> None:
        """Redraw from the session's state."""

    @property
    def session(self) -> Session:
        return self.screen.session

    def after_recompose(self) -> None:
        self.show(self.session)
