"""The full-screen app: start screen, a tournament's screen, and the dialogs between.

Russian by default, English by the setting kept in the data folder.  Every binding
of the current screen and of its focused pane is offered in the command palette too,
taken from the bindings themselves so the footer and the palette never disagree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from textual.app import App, SystemCommand
from textual.notifications import SeverityLevel
from textual.screen import Screen

from data.errors import TournamentFileError
from schemes.events import InvalidEvent
from tui import i18n, settings
from tui.i18n import _, said
from tui.screens.start import StartScreen
from tui.screens.tournament import TournamentScreen
from tui.session import Session
from tui.translated import Translated

DATA_FOLDER = Path.home() / "Tengen"


class TengenApp(App[None]):
    CSS_PATH = "app.tcss"

    def __init__(self, path: str | None = None, folder: Path = DATA_FOLDER, open_viewer: bool = True) -> None:
        super().__init__()
        self.path = path
        self.folder = folder
        self.open_viewer = open_viewer
        """Open printed PDFs with the system viewer (off in tests)."""
        i18n.set_language(settings.language(folder))
        self.title = _("Tengen")

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Notifications carry names and paths the referee typed: text, not markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def get_default_screen(self) -> Screen:
        return StartScreen(self.folder)

    def on_mount(self) -> None:
        if self.path:
            self.open_tournament(Path(self.path))

    def open_tournament(self, path: Path) -> bool:
        """Open ``path`` for writing; a file that cannot be opened is a notification."""
        try:
            session = Session(path)
        except (TournamentFileError, InvalidEvent) as error:
            self.notify(said(error), severity="error", timeout=10)
            return False
        settings.remember(self.folder, path)
        self.push_screen(TournamentScreen(session))
        return True

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(_("Language"), _("Switch the interface between Russian and English"),
                            self.action_switch_language)
        seen = set()
        nodes = [screen] + ([screen.focused] if screen.focused else [])
        nodes += [node for node in screen.query("Pane") if node.display]
        for node in nodes:
            for key, bindings in node._bindings.key_to_bindings.items():
                for binding in bindings:
                    if binding.show and binding.description and binding.description not in seen:
                        seen.add(binding.description)
                        yield SystemCommand(binding.description, f"{binding.description} ({key})",
                                            lambda node=node, action=binding.action: node.run_action(action))

    def action_switch_language(self) -> None:
        chosen = "en" if i18n.language() == "ru" else "ru"
        stored = settings.load(self.folder)
        stored["language"] = chosen
        settings.save(self.folder, stored)
        i18n.set_language(chosen)
        self.title = _("Tengen")
        for screen in self.screen_stack:
            for node in [screen, *screen.query("*")]:
                if isinstance(node, Translated):
                    node.translate_bindings()
            if isinstance(screen, Translated):
                screen.call_later(screen.recompose_translated)
        self.notify(_("Interface language: {language}", language=_("English" if chosen == "en" else "Russian")))


def run(path: str | None, folder: Path | None = None) -> None:
    """Open ``path``, or the start screen of ``folder`` (the data folder by default)."""
    TengenApp(path, folder or DATA_FOLDER).run()
