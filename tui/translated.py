"""Screens and panes whose words follow the interface language.

Bindings are written with English descriptions; ``translate_bindings`` gives the
node the same bindings described in the interface language, so the footer and the
command palette speak it.  A language switch recomposes the screen, which runs
``compose`` again with the new words.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding, BindingsMap

from tui.i18n import _


class Translated:
    BINDINGS: list[Binding] = []

    def translate_bindings(self) -> None:
        """The node's bindings — its own and those it inherits (a screen's Tab and Shift+Tab) —
        described in the interface language."""
        merged = type(self)._merge_bindings()  # type: ignore[attr-defined]
        self._bindings = BindingsMap.from_keys(
            {
                key: [replace(b, description=_(b.description)) for b in bindings]
                for key, bindings in merged.key_to_bindings.items()
            }  # fmt: skip
        )
        self.refresh_bindings()

    def on_mount(self) -> None:
        self.translate_bindings()

    async def recompose_translated(self) -> None:
        await self.recompose()
        self.translate_bindings()
        self.after_recompose()

    def after_recompose(self) -> None:
        """Fill what compose left empty (tables) again."""
