"""The full-screen app: start screen, a tournament's screen, and the dialogs between.

Russian by default, English by the setting kept in the data folder.  Every binding
of the current screen and of its focused pane is offered in the command palette too,
taken from the bindings themselves so the footer and the palette never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
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
    BINDINGS = [Binding("f1,question_mark", "help", "Keys", id="app.help")]
    KEYS = {"help": "Keys"}
    """The English descriptions of the app's own bindings, translated by ``translate_own_bindings``."""

    def __init__(self, path: str | None = None, folder: Path = DATA_FOLDER, open_viewer: bool = True) -> None:
        super().__init__()
        self.path = path
        self.folder = folder
        self.open_viewer = open_viewer
        """Open printed PDFs with the system viewer (off in tests)."""
        i18n.set_language(settings.language(folder))
        self.title = _("Tengen")
        self.translate_own_bindings()

    def translate_own_bindings(self) -> None:
        """The app's own key (F1) described in the interface language, like the screens' keys."""
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [
                replace(b, description=_(type(self).KEYS[b.action])) if b.action in type(self).KEYS else b
                for b in bindings
            ]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Notifications carry names and paths the referee typed: text, not markup.  A
        confirmation goes after three seconds, so it never covers the boards for long; a
        refusal stays half a minute, to be read."""
        if severity == "error":
            timeout = max(timeout or 0, 30)
        elif timeout is None:
            timeout = 3
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def get_default_screen(self) -> Screen:
        return StartScreen(self.folder)

    def on_mount(self) -> None:
        if self.path:
            self.open_tournament(Path(self.path))

    def open_tournament(self, path: Path) -> bool:
        """Open ``path`` for writing; a file that cannot be opened is a notification.  An
        OpenGotha ``.xml`` is imported into a new tournament beside it, which opens."""
        if path.suffix.lower() == ".xml":
            from data.opengotha import beside, create_from

            target = beside(path)
            try:
                imported = create_from(path, target)
            except (TournamentFileError, InvalidEvent) as error:
                self.notify(said(error), severity="error", timeout=10)
                return False
            except OSError as error:
                self.notify(f"{path.name}: {error.strerror or error}", severity="error", timeout=10)
                return False
            self.notify(_("Imported from {source} into {target}", source=path.name, target=target.name))
            for warning in imported.warnings[:3]:
                self.notify(said(warning), severity="warning", timeout=10)
            if len(imported.warnings) > 3:
                more = len(imported.warnings) - 3
                self.notify(_("{count} more warnings: tengen import opengotha lists them all", count=more),
                            severity="warning", timeout=10)  # fmt: skip
            path = target
        try:
            session = Session(path)
        except (TournamentFileError, InvalidEvent) as error:
            self.notify(said(error), severity="error", timeout=10)
            return False
        settings.remember(self.folder, path)
        self.push_screen(TournamentScreen(session))
        return True

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen, keys_of

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(keys_of(self.screen)))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette offers what the keys do, in the interface language, each once; not
        Textual's own commands (themes, screenshots), which would be English."""
        yield SystemCommand(
            _("Language"), _("Switch the interface between Russian and English"), self.action_switch_language
        )
        seen = {_("Language")}
        for active in screen.active_bindings.values():
            description = active.binding.description
            if description and description not in seen and active.enabled:
                seen.add(description)
                yield SystemCommand(
                    description,
                    f"{description} ({self.get_key_display(active.binding)})",
                    lambda node=active.node, action=active.binding.action: node.run_action(action),
                )
        yield SystemCommand(_("Quit"), _("Quit"), self.action_quit)

    def action_switch_language(self) -> None:
        chosen = "en" if i18n.language() == "ru" else "ru"
        stored = settings.load(self.folder)
        stored["language"] = chosen
        settings.save(self.folder, stored)
        i18n.set_language(chosen)
        self.title = _("Tengen")
        self.translate_own_bindings()
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
