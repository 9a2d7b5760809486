"""The full-screen app.  For now it shows a tournament (standings and pairings);
entering players and results from the app comes with the app issue.

Every binding of the current screen is offered in the command palette too, from
the bindings themselves, so the footer and the palette never disagree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from tui.screens.start import StartScreen
from tui.screens.tournament import TournamentScreen

DATA_FOLDER = Path.home() / "Tengen"


class TengenApp(App[None]):
    TITLE = "Tengen"
    CSS_PATH = "app.tcss"

    def __init__(self, path: str | None = None, folder: Path = DATA_FOLDER) -> None:
        super().__init__()
        self.path = path
        self.folder = folder

    def get_default_screen(self) -> Screen:
        if self.path:
            return TournamentScreen(Path(self.path))
        return StartScreen(self.folder)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for binding in screen.BINDINGS:
            if isinstance(binding, Binding) and binding.show and binding.description:
                yield SystemCommand(
                    binding.description, f"{binding.description} ({binding.key})",
                    lambda action=binding.action: screen.run_action(action),
                )


def run(path: str | None, folder: Path | None = None) -> None:
    """Open ``path``, or the start screen of ``folder`` (the data folder by default)."""
    TengenApp(path, folder or DATA_FOLDER).run()
