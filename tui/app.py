"""The full-screen app: start screen, a tournament's screen, and the dialogs between.

Russian by default, English by the setting kept in the data folder.  Every binding
of the current screen and of its focused pane is offered in the command palette too
(``tui.commands``), taken from the bindings themselves so the footer, F1 and the palette
never disagree.
"""

from __future__ import annotations

import codecs
import os
from collections import deque
from dataclasses import replace
from functools import partial
from pathlib import Path

from rich.console import RenderableType
from textual.app import App
from textual.binding import Binding
from textual.events import Event, InputEvent, Key
from textual.message import Message
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen

from data.errors import TournamentFileError, os_reason
from data.service import Service
from data.store import Behind, Damaged, backup_path, damaged_name, restore
from schemes.errors import InvalidEvent
from tui import i18n, settings, views
from tui.commands import TengenCommands
from tui.i18n import _, said, sentence, visible
from tui.layout import latin
from tui.translated import Translated

DATA_FOLDER = Path.home() / "Tengen"

ESCAPE_HELD = 1.0
"""Seconds within which a leaving key follows another as a held key's repeat: longer than the
pause before a key repeats (0.25 to 0.66 s by the systems' defaults), so a held Escape's stream
never closes the tournament, nor a held ``q``'s quits the app (``TengenApp.held_down``)."""
LEAVING = ("escape", "q")
"""The keys that leave a screen: Escape closes the tournament, ``q`` closes it and quits the app."""
FOCUS_KEYS = ("tab", "shift+tab")
"""The keys that move the focus to the next widget or the one before (``TengenApp.on_event``)."""


def _undecodable_keys_replaced() -> None:
    """A byte from the terminal that is not UTF-8 (a KOI8-R or Windows-1251 terminal's Cyrillic
    letter, a stray byte) is «�» typed, not the end of the app: Textual's input thread decodes
    strictly, and one such byte closed the app with a traceback holding the whole tournament
    (a durability attack).  Where Textual reads the terminal so (its Linux driver)."""
    try:
        from textual.drivers import linux_driver
    except ImportError:  # no termios: another system's driver
        return
    if getattr(linux_driver, "getincrementaldecoder", None) is codecs.getincrementaldecoder:

        def replacing(encoding: str) -> partial[codecs.IncrementalDecoder]:
            return partial(codecs.getincrementaldecoder(encoding), errors="replace")

        vars(linux_driver)["getincrementaldecoder"] = replacing  # the module's own import, not a name it exports


_undecodable_keys_replaced()


class NoticesCleared(Message):
    """The notifications shown so far go (``TengenApp.clear_notifications``)."""


class TengenApp(App[None]):
    CSS_PATH = "app.tcss"
    COMMANDS = {TengenCommands}
    """The palette offers Tengen's commands only: not Textual's system commands (English)."""
    BINDINGS = [
        Binding("f1", "help", "Keys", id="app.help"),
        Binding("question_mark", "help", "Keys", show=False, id="app.help_question_mark"),  # once in the footer
    ]
    KEYS = {"help": "Keys"}
    """The English descriptions of the app's own bindings, translated by ``translate_own_bindings``."""

    def __init__(
        self, path: str | None = None, folder: Path = DATA_FOLDER, open_viewer: bool = True, also: Path | None = None
    ) -> None:
        super().__init__()
        self.path = path
        self.folder = folder
        """The data folder: the settings, and where a new tournament is made."""
        self.also = also
        """Another folder whose tournaments the start screen lists (the one ``tengen demo`` wrote)."""
        self.open_viewer = open_viewer
        """Open printed PDFs with the system viewer (off in tests)."""
        self.redrawing = False
        """The screens are being composed again in a new language (``redraw_translated``)."""
        self.leaving = False
        """Quitting: what is typed now is for no screen (``on_event``)."""
        self.shown_since = 0.0
        """When the screen on top came up (Textual's clock of its messages): a key typed before
        was meant for another (``on_event``)."""
        self.leaving_keys: deque[Key] = deque(maxlen=64)
        """The last leaving keys typed, as they came (``held_down``)."""
        self.leaving_key: Key | None = None
        """The leaving key whose bindings run now (``held_down``)."""
        i18n.set_language(settings.language(folder))
        self.title = _("Tengen")
        self.translate_own_bindings()

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """Quit, taking no more input (``on_event``)."""
        self.leaving = True
        super().exit(result, return_code, message)

    async def on_event(self, event: Event) -> None:
        """Keys and clicks after quitting go nowhere: «qn» typed at once opened the form of a
        new tournament while the app was closing, and the half-built form fell over on the way
        out, its traceback on the terminal.  A key goes to the screen that was on top when it
        was typed, or nowhere: of a burst, the keys after one that opened or closed a screen
        acted on the next — «by» answered «Заменить?» before it was drawn (a result replaced
        unread), Escape held down closed a dialog and the tournament under it."""
        if self.leaving and isinstance(event, InputEvent):
            return
        if isinstance(event, Key) and (event.time < self.shown_since or self.unread_question(event)):
            return
        if isinstance(event, Key) and event.key in FOCUS_KEYS and self.focused is not None:
            # Tab moves the focus as the app reads it, not once it has bubbled back up from the
            # widget it leaves: the keys read after it went into that widget (a trial's «Tab Tab
            # End ⌫⌫ 50 ⏎» in one burst saved «Матве50» for a surname; an attack's «Tab 1 ⏎» from
            # F6's list printed the latest round).  The keys before it are that widget's already,
            # and it reads them in order (a field: ``Field``).  A widget's own Tab is its own still.
            if await self._check_bindings(event.key):
                return
        if not (isinstance(event, Key) and latin(event.key) in LEAVING):
            await super().on_event(event)
            return
        if event.is_forwarded:  # back from the widget it went to, unused there (a «q» typed into a field is text)
            self.leaving_keys.append(event)
        self.leaving_key = event
        try:
            await super().on_event(event)  # its bindings run in here
        finally:
            self.leaving_key = None

    def held_down(self) -> bool:
        """The leaving key whose binding runs came within ``ESCAPE_HELD`` of another of its kind
        before it: a key held down.  A terminal stamps the repeats as it reads them, after the
        screen the first one closed, so they came as the next screen's: Escape held closed a
        dialog and the tournament under it (tmux, F7 and three Escapes), ``q`` held closed the
        tournament and quit the app.  What leaves the tournament or the app leaves on a key
        typed alone (``TournamentScreen``, ``StartScreen``)."""
        key = self.leaving_key
        if key is None:
            return False
        kind = latin(key.key)
        return any(
            other is not key and latin(other.key) == kind and 0 <= key.time - other.time < ESCAPE_HELD
            for other in self.leaving_keys
        )

    def unread_question(self, key: Key) -> bool:
        """A question on top that was not drawn yet when ``key`` was typed (``Question.unread``)."""
        from tui.screens.confirm import Question

        return isinstance(self.screen, Question) and self.screen.unread(key.time)

    def screen_came_up(self, _screen: Screen[object]) -> None:
        self.shown_since = Message().time  # the clock keys are stamped by

    async def on_key(self, event: Key) -> None:
        """A key no binding takes, typed on the Russian layout (``ц``): the key at its place
        on the Latin one (``w``), as if the layout had been switched (``tui.layout``).  Runs
        before Textual looks up the bindings of the key itself (a question's ``н``), so it
        leaves every key that has one to them."""
        active = self.screen.active_bindings
        bound = None if event.key in active else active.get(latin(event.key))
        if bound is not None and bound.enabled:
            event.stop()
            await self.run_action(bound.binding.action, bound.node)

    def translate_own_bindings(self) -> None:
        """The app's own key (F1) described in the interface language, like the screens' keys."""
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [
                replace(b, description=_(type(self).KEYS[b.action])) if b.action in type(self).KEYS else b
                for b in bindings
            ]

    def clear_notifications(self) -> None:
        """In turn with the notifications posted before it: Textual clears at once but shows a
        notification a message later, so a burst of undos — each clearing its predecessor's
        notice, then posting its own — left every notice up (a trial's fast hands)."""
        self.post_message(NoticesCleared())

    def on_notices_cleared(self) -> None:
        super().clear_notifications()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Notifications carry names and paths the referee typed: text, never markup, whatever
        the caller says (a widget's ``notify`` asks for markup by default, and a surname
        ``[b]Жирный[/b]`` came out bold).  A
        confirmation goes after three seconds, so it never covers the boards for long; a
        refusal, one line, stays ten seconds, to be read (long lists go into dialogs, and
        closing the tournament clears its notifications).  It reads as a sentence: a refusal
        the command line writes after «tengen: » begins with a small letter (``sentence``)."""
        if severity == "error":
            timeout = max(timeout or 0, 10)
        elif timeout is None:
            timeout = 3
        super().notify(visible(sentence(message)), title=title, severity=severity, timeout=timeout, markup=False)

    def on_notify(self, event: Notify) -> None:
        """A notice shown already is not shown twice: ctrl+y held piled «Нечего возвращать» up,
        and some stayed drawn for good (an attack in tmux).  The new one takes the old one's
        place, its time anew (kept, the second press's refusal went with the first's time: a
        review).  Judged as each comes up, after the clearings posted before it."""
        new = event.notification
        for shown in list(self._notifications):
            if shown.message == new.message and shown.severity == new.severity:
                self._unnotify(shown, refresh=False)

    def get_default_screen(self) -> Screen[None]:
        from tui.screens.start import StartScreen  # the screens import the app (``getters.app``): here, not above

        return StartScreen(self.folder, self.also)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self.screen_came_up, immediate=True)
        if self.path:
            self.open_tournament(Path(self.path))

    def open_tournament(self, path: Path) -> bool:
        """Open ``path`` for writing; a file that cannot be opened is a notification.  An
        OpenGotha ``.xml`` is imported (``import_opengotha``) into a new tournament, which opens."""
        if path.suffix.lower() == ".xml":
            self.import_opengotha(path)
            return False
        return self.open_written(path)

    def import_opengotha(self, path: Path) -> None:
        """An OpenGotha file as a new tournament beside it; where a tournament of its name is
        there already (most often the one imported from it before), asked first whether to
        open that one, in focus: a trial's referee, opening «his OpenGotha file» again the next
        morning, was offered a second import and would have gone on in a stale copy."""
        from data.store import is_tournament
        from tui.screens.confirm import ChoiceScreen

        earlier = self.imported_beside(path).with_suffix(".json")
        if not is_tournament(earlier):  # another file of that name is no earlier import: the next name
            self.ask_rounds(path)
            return
        if earlier.parent == path.parent:
            question = _("{earlier} is beside {source} already: most likely the tournament imported from it before. "
                         "Open it, or import {source} anew into another file?",
                         earlier=earlier.name, source=path.name)  # fmt: skip
        elif self.same_tournament(path, earlier):  # a read-only file's import is in the data folder
            question = _("{earlier} is there already: most likely the tournament imported from {source} before. "
                         "Open it, or import {source} anew into another file?",
                         earlier=views.shown_path(earlier), source=path.name)  # fmt: skip
        else:  # another tournament of that file's name (two sticks' «tournament.xml»): not offered (a review)
            self.ask_rounds(path)
            return
        answers = [("open", _("Open it")), ("import", _("Import anew")), ("no", _("Cancel"))]

        def answer(chosen: str | None) -> None:
            if chosen == "open":
                self.open_written(earlier)
            elif chosen == "import":
                self.ask_rounds(path)

        self.push_screen(ChoiceScreen(question, answers, "open"), answer)

    @staticmethod
    def same_tournament(path: Path, earlier: Path) -> bool:
        """Whether the tournament ``earlier`` bears the name an import of the OpenGotha file
        ``path`` gives (what tells an earlier import of it from a namesake's file)."""
        from data.opengotha import scan
        from data.store import summary

        try:
            named = scan(path).created[1]["name"]
        except (TournamentFileError, InvalidEvent, OSError):
            return False
        about = summary(earlier)
        return about is not None and about.name == named

    def imported_beside(self, path: Path) -> Path:
        """The name an import of ``path`` is made beside: its own, or the same in the data
        folder where nothing can be written beside it (a file on a read-only stick or disc was
        refused after the question, with no way out: an attack)."""
        return path if os.access(path.parent, os.W_OK) else self.folder / path.name

    def ask_rounds(self, path: Path) -> None:
        """The import of an OpenGotha file, after asking how many of its rounds to take (all by
        default; fewer to compare the next pairing with OpenGotha's — a last round paired only
        in part is finished in place, ``actions.pair_rest``): a trial's import happened at once,
        to a file it was never told of, with every round."""
        from data.opengotha import beside, scan
        from tui.screens.ask import AskScreen

        try:
            scanned = scan(path)
        except (TournamentFileError, InvalidEvent, OSError) as error:
            self.refused(path, error)
            return
        target = beside(self.imported_beside(path))

        def refusal(text: str) -> str:
            typed = text.strip()  # its length looked at before int(), which refuses 4,300 digits with a traceback
            if not (typed.isascii() and typed.isdigit() and len(typed) <= 3 and int(typed) <= scanned.last):
                return _("A whole number from 0 to {last}", last=scanned.last)
            return ""

        shown = target.name if target.parent == path.parent else views.shown_path(target)
        question = _("Import {source} as the new tournament {target}: how many rounds of games to take "
                     "(the file has {last}; 0 — the players alone)?",
                     source=path.name, target=shown, last=scanned.last)  # fmt: skip
        self.push_screen(
            AskScreen(question, str(scanned.last), refusal),
            lambda rounds: self.imported(path, target, int(rounds)) if rounds is not None else None,
        )

    def imported(self, path: Path, target: Path, rounds: int) -> None:
        from data.opengotha import create_from

        try:
            target.parent.mkdir(parents=True, exist_ok=True)  # the data folder a laptop never used yet
            imported = create_from(path, target, rounds)
        except (TournamentFileError, InvalidEvent, OSError) as error:
            self.refused(path, error)
            return
        done = _("Imported from {source} into {target}", source=path.name, target=target.name)
        if not self.open_written(target) or not imported.warnings:
            self.notify(done)
            return
        from tui.screens.notices import NoticesScreen

        # the file's own first (a Turkish machine's, games lost, what is not kept), one player's after: a
        # switch's rank notes came first (155 of 775 real files have three or more)
        warnings = sorted(imported.warnings, key=lambda notice: "player" in notice.fields)
        heading = _("Imported from {source} into {target}; the import's warnings ({count}):", source=path.name,
                    target=target.name, count=len(warnings))  # fmt: skip
        # over the tournament once it is drawn (pushed at once, its tabs had no tab active yet)
        self.call_after_refresh(self.push_screen, NoticesScreen(heading, [said(warning) for warning in warnings]))

    def refused(self, path: Path, error: TournamentFileError | InvalidEvent | OSError) -> None:
        """What went wrong with the file ``path``, as a notification."""
        if isinstance(error, OSError):
            self.notify(_("{path}: {reason}", path=path.name, reason=said(os_reason(error))), severity="error")
        else:
            self.notify(said(error), severity="error", timeout=10)

    def open_written(self, path: Path) -> bool:
        """Open the tournament file ``path``; one that cannot be opened is a notification, or,
        damaged with a backup beside it, a question whether to put the backup back."""
        try:
            session = _opened(path)
        except (TournamentFileError, InvalidEvent) as error:
            if not (isinstance(error, Damaged) and self.offer_backup(error)):
                self.notify(said(error), severity="error", timeout=10)
            return False
        from tui.screens.tournament import TournamentScreen

        settings.remember(self.folder, path)
        self.push_screen(TournamentScreen(session))
        return True

    def offer_backup(self, error: Damaged) -> bool:
        """Ask whether to put back the backup of the damaged file ``error`` names, showing what
        the backup holds (``tengen restore``'s question: the app said to type that command in a
        terminal); where the backup does not read either, say so and what is left to do (the
        start screen's «Enter — что можно сделать» led to the advice to restore it: a
        review).  False where there is no backup."""
        from tui.screens.confirm import ConfirmScreen

        path, backup = error.path, backup_path(error.path)
        if not backup.exists():
            return False
        try:
            with Service(backup) as held:
                holds = views.file_held(backup, held, codes=False)
        except (TournamentFileError, InvalidEvent, OSError):
            self.notify(_("{file} cannot be opened: {what}; its backup {backup} does not read either: nothing to put "
                          "back. Both files are left as they are (folder {folder}); open a copy kept elsewhere: on a "
                          "stick, on another laptop of the hall", file=path.name, what=said(error.what),
                          backup=backup.name, folder=views.shown_path(path.parent)),
                        severity="error", timeout=20)  # fmt: skip
            return True

        behind = isinstance(error, Behind)  # the backup is the newer one

        def answer(yes: bool | None) -> None:
            if not yes:  # left as they are, and what is left to do said (a trial met the start screen, unsaid)
                self.notify(_("{file} is not opened: tengen restore {file} puts {backup} back; to work on the file "
                              "as it is, rename {backup}", file=path.name, backup=backup.name),
                            severity="warning", timeout=15)  # fmt: skip
                return
            try:
                kept = restore(path)
            except (TournamentFileError, InvalidEvent, OSError) as failed:
                self.refused(path, failed)
                return
            self.notify(_("{file} is put back from {backup}", file=path.name, backup=backup.name)
                        + (_("; the file as it was is kept as {kept}", kept=kept.name) if kept else "")
                        + (_("; the entry made last before the older copy came is in neither: check the last "
                             "results") if behind else ""), timeout=15)  # fmt: skip
            self.open_written(path)

        named = {"file": path.name, "what": said(error.what), "backup": backup.name}
        question = (
            _("{file} cannot be opened: {what}. Put back {backup}, which holds them?", **named)
            if behind
            else _("{file} cannot be opened: {what}. Put back {backup}, its previous state?", **named)
        )
        if path.exists():
            question += " " + _("The file as it is now is kept as {kept}.", kept=damaged_name(path).name)
        self.push_screen(ConfirmScreen(question, details=holds), answer)
        return True

    async def action_quit(self) -> None:
        """Ctrl+Q: where an open tournament is served (a hall's laptop, the players' pages), asked
        first as closing it is, «Нет» in focus (a review: it stopped them without a word)."""
        from tui.screens.confirm import ConfirmScreen
        from tui.screens.tournament import TournamentScreen

        served = next((screen for screen in self.screen_stack if isinstance(screen, TournamentScreen)), None)
        question = None if served is None else served.closing_question()
        if question is None:
            self.exit()
            return
        self.push_screen(ConfirmScreen(question, default=False), lambda yes: self.exit() if yes else None)

    def action_help_quit(self) -> None:
        """Ctrl+C, pressed by habit to quit: how to quit, in the interface language (Textual's
        own hint is English, with its markup shown as typed)."""
        self.notify(_("To quit, press ctrl+q: everything entered is saved already"), markup=False)

    def action_help(self) -> None:
        from tui.commands import screen_commands
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen([(c.key, c.description) for c in screen_commands(self.screen)]))

    def action_command_palette(self) -> None:
        """ctrl+p: the palette of Tengen's own commands (``tui.commands``), in the interface language."""
        from textual.command import CommandPalette

        from tui.commands import Palette

        if not CommandPalette.is_open(self):  # type: ignore[arg-type]  # Textual wants App[object], which no App[None] is
            self.push_screen(Palette())

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
        if not self.redrawing:
            self.redrawing = True
            self.call_later(self.redraw_translated)
        self.notify(_("Interface language: {language}", language=_(i18n.LANGUAGE_NAMES[chosen])))

    async def redraw_translated(self) -> None:
        """Every screen composed again in the language chosen last: once for a burst of
        switches — «lln» typed at once composed the start screen again while its first redraw
        was mounting, and Textual's header crashed the app (an attack).  A screen still being
        put up (a tournament opened by the key before: «⏎l» typed at once crashed on its tabs)
        is waited for: its words are written again once it stands."""
        if not all(s.is_mounted for s in self.screen_stack if isinstance(s, Translated) and s.is_attached):
            self.set_timer(0.02, self.redraw_translated)
            return
        try:
            for screen in list(self.screen_stack):
                if isinstance(screen, Translated) and screen.is_attached:
                    await screen.recompose_translated()
        finally:
            self.redrawing = False


def run(path: str | None, also: Path | None = None) -> None:
    """Open ``path``, or the start screen, which lists the tournaments of ``also`` too (the
    demo's folder); settings and new tournaments stay in the data folder (``~/Tengen``)."""
    TengenApp(path, DATA_FOLDER, also=also).run()


def _opened(path: Path) -> Service:
    """The tournament open for writing for as long as its screen is (the lock keeps a second
    program from writing behind the app's back), replayed now: a damaged file is refused
    before its screen opens, and its lock let go."""
    session = Service(path, writable=True)
    try:
        session.check()
    except BaseException:
        session.close()
        raise
    return session
