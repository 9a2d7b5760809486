"""A dialog that shows the server of the players' pages and the peers as it is now."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from tui.serving import PagesServer

# A widget to the type checker; a plain mixin at run time (see ``tui.translated``).
if TYPE_CHECKING:
    from textual.widget import Widget as _Node
else:
    _Node = object


class FollowsTheServer(_Node):
    """Mixed into the hall's and the pages' dialogs: both show the one server underneath,
    which changes without them (restarted when a tournament becomes a hall, the laptop joining
    a Wi-Fi, a peer heard from)."""

    pages: PagesServer
    SHOWN: ClassVar[str]
    """A widget ``show`` fills: while the dialog closes it is gone before the dialog is."""

    def follow(self) -> None:
        """Show the server now, every second, and at each of its news until the dialog closes."""
        self._show_if_open()
        self.set_interval(1.0, self._show_if_open)
        self.pages.watchers.append(self._show_if_open)

    def on_unmount(self) -> None:
        if self._show_if_open in self.pages.watchers:
            self.pages.watchers.remove(self._show_if_open)

    def _show_if_open(self) -> None:
        """Nothing while the dialog closes: the server's news came between the removal of its
        widgets and its own, and the app fell on a missing one (seen once under load)."""
        if self.query(self.SHOWN):
            self.show()

    def show(self) -> None:
        raise NotImplementedError
