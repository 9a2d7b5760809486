"""Screens and panes whose words follow the interface language.

Bindings are written with English descriptions; ``translate_bindings`` gives the
node the same bindings described in the interface language, so the footer and the
command palette speak it.  A language switch recomposes the screen, which runs
``compose`` again with the new words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.binding import BindingsMap

from tui.i18n import _

# A widget to the type checker, which then knows what the methods below call; a plain mixin at
# run time: Textual follows a class's first Textual base alone for its default CSS and its CSS
# type names, so ``Pane(Translated, Vertical)`` would lose Vertical's.
if TYPE_CHECKING:
    from textual.widget import Widget as _Node
else:
    _Node = object


class Translated(_Node):
    """Mixed into screens and panes only (each a widget)."""

    def translate_bindings(self) -> None:
        """The node's bindings — its own and those it inherits (a screen's Tab and Shift+Tab) —
        described in the interface language."""
        merged = type(self)._merge_bindings()
        self._bindings = BindingsMap.from_keys(
            {
                key: [
                    replace(b, description=_(b.description), tooltip=_(b.tooltip) if b.tooltip else "")
                    for b in bindings
                ]
                for key, bindings in merged.key_to_bindings.items()
            }  # fmt: skip
        )
        self.refresh_bindings()

    def on_mount(self) -> None:
        self.translate_bindings()

    recomposing = False
    """While ``recompose`` has taken the old children away and not yet mounted the new ones:
    what runs meanwhile (a dialog typed shut over the screen in the same burst of keys) finds
    none of them."""

    async def recompose_translated(self) -> None:
        self.recomposing = True
        try:
            await self.recompose()
        finally:
            self.recomposing = False
        self.translate_bindings()
        self.after_recompose()

    def after_recompose(self) -> None:
        """Fill what compose left empty (tables) again."""
