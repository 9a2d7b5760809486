"""What every tab of the tournament screen shares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.actions import parse as parse_action
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Key

from data.service import Service
from tui.layout import latin
from tui.translated import Translated

if TYPE_CHECKING:
    from tui.screens.tournament import TournamentScreen


class Pane(Translated, Vertical):
    """A tab's content.  It redraws from the session when the screen says the
    tournament changed, and only while it is shown (a hidden pane redraws when it
    is shown again), so an entry costs the redraw of one pane."""

    BINDINGS = [Binding("f1", "app.help", "Keys", id="pane.help")]
    """F1 first in every tab's footer: at 80 columns the footer ends where the keys of the
    tab run out of room, and F1 (the list of all of them) was the one cut off."""

    stale = True
    filled_width: int | None = None
    """The width the pane's table was last fitted to (None: its table is not fitted to a width)."""

    def show(self, session: Service) -> None:
        """Redraw from the session's state."""

    def opened(self) -> None:
        """The tab brought into view (F-key, click): where the pane starts (most keep their cursor)."""

    def width_to_fill(self) -> int:
        """The width to fit the table to now (the app's, before the pane is first laid out),
        kept; less the widest pair of side margins of the pane's children shown, by which
        Textual's vertical layout narrows each of them: the players' search box, inset by a
        cell at each side, made the table two cells narrower than it was fitted to, and its
        last row went under a horizontal scrollbar (a trial: End showed the 23rd of 24)."""
        self.filled_width = self.size.width or self.app.size.width
        margins = [child.styles.margin for child in self.children if child.display]
        return self.filled_width - max((m.left + m.right for m in margins), default=0)

    def on_resize(self) -> None:
        """The table fitted again to a new width; not to the one it was fitted to: a tab shown
        is filled first (it was stale) and then resized from nothing to that very width, and a
        second filling measured and drew the whole table again."""
        if self.is_attached and not self.stale and self.filled_width not in (None, self.size.width):
            self.call_after_refresh(self.refit)

    def refit(self) -> None:
        """Filled again once the resize is laid out: filled within it, a table whose columns
        take their cells' width drew them as wide as their titles (the cross-table's «2-» as
        «2», its «240.0» as «240.», widened from 60 columns to 80: a re-read in tmux)."""
        if self.is_attached:
            self.show(self.session)

    @property
    def tournament_screen(self) -> TournamentScreen:
        """The screen this pane is a tab of: its session, and ``act`` for every change (which
        turns a refusal into a notification and redraws)."""
        from tui.screens.tournament import TournamentScreen  # it imports the panes

        screen = self.screen
        if not isinstance(screen, TournamentScreen):
            raise TypeError(f"{type(self).__name__} is a tab of a tournament's screen, not of {type(screen).__name__}")
        return screen

    @property
    def session(self) -> Service:
        return self.tournament_screen.session

    def retranslate(self) -> None:
        """The words ``compose`` gave written again in the interface language (the screen's
        ``recompose_translated``, which keeps the pane itself and what it shows); what
        ``show`` writes is written by the redraw after it."""

    def not_here(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why this tournament's scheme has no such action (in the interface language), or None."""
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key only where the scheme has what it does (F1, the footer and the palette then
        do not offer it); pressed anyway, ``on_key`` says why."""
        return not self.is_attached or self.not_here(action, parameters) is None

    async def on_key(self, event: Key) -> None:  # async: a pane may run an action here (RoundsPane)
        keys = self._bindings.key_to_bindings
        for binding in keys.get(event.key, keys.get(latin(event.key), [])):
            _namespace, action, parameters = parse_action(binding.action)
            reason = self.not_here(action, parameters) if self.is_attached else None
            if reason:
                self.notify(reason, severity="warning")
                event.stop()
                return
