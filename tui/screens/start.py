"""The first screen: recent tournaments and those in the data folder; new, open, demo."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from data.errors import os_reason
from data.state_cache import compiled_code_kept
from data.store import Summary, backup_path, copy_with_news, summary, sync_copy_of
from schemes.errors import Worded
from tui import settings
from tui.app import TengenApp
from tui.i18n import _, said, scheme_title
from tui.threads import hand, in_thread
from tui.translated import Translated
from tui.views import first_compile, shown_name, shown_path, typed_path
from tui.widgets import Footer, footer_under_a_dialog, plain, while_on_top


class StartScreen(Translated, Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New tournament", id="start.new_tournament"),
        Binding("o", "open", "Open a file", id="start.open_a_file"),
        # the footer keeps F1 and the join of a hall (a trial's helper laptop, tournaments listed,
        # showed no way to join); the demo is in the empty list's hint and in F1
        Binding("d", "demo", "Open the demo", show=False, id="start.open_the_demo"),
        Binding("j", "join", "Join a hall", id="start.join_a_hall"),
        Binding("l", "app.switch_language", "Language", id="start.language"),
        Binding("q", "quit", "Quit", id="start.quit"),
        # a tournament's keys: a trial closed it with Esc unawares, and F7 did nothing, silently
        Binding("f2,f3,f4,f5,f6,f7,f8,f9,f12,ctrl+z,ctrl+y", "no_tournament", show=False, id="start.no_tournament"),
    ]
    app = getters.app(TengenApp)
    """Tengen's app, which opens the tournament chosen here."""

    def __init__(self, folder: Path, also: Path | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.also = also
        self.writing_demo = False
        """The demo is being written (``d`` again meanwhile does nothing)."""

    def tournaments(self) -> list[tuple[Path, Summary | None]]:
        """Recent tournaments, then those in the data folder (and the other folder listed):
        only files that are tournaments — or were, and no longer read (a recent one, or one
        with its backup beside it: ``None``), which opening offers to put back (an emptied
        file vanished from the list, its backup with it: an attack)."""
        recent = [Path(p) for p in settings.recent(self.folder) if Path(p).is_file()]
        dated: list[tuple[float, Path]] = []
        for folder in (self.folder, self.also):
            for path in folder.glob("*.json") if folder is not None and folder.is_dir() else ():
                try:
                    dated.append((path.stat().st_mtime, path.resolve()))
                except (OSError, RuntimeError):  # a link whose stick is out, or a loop: crashed every start
                    continue
        here = [path for _mtime, path in sorted(dated, key=lambda item: item[0], reverse=True)]
        found: list[tuple[Path, Summary | None]] = []
        for path in dict.fromkeys(recent + here):
            about = summary(path)
            if about is not None or path in recent or backup_path(path).is_file():
                found.append((path, about))
        return found

    @staticmethod
    def label(path: Path, about: Summary | None, whole: bool = False) -> str:
        """``whole``: the file's whole path, not its name (another listed file has that name:
        a copy on a stick, last year's event in another folder)."""
        where = shown_path(path) if whole else shown_name(path.name)
        if about is None:
            return "⚠ " + _("{file}: the file does not read (Enter: what can be done)", file=where)
        original = sync_copy_of(path)
        if original is not None:  # listed as the tournament itself, a trial typed into it
            return (
                "⚠ "
                + _("{name} — a sync tool's copy of {original}", name=about.name, original=original.name)
                + f"   ({where})"
            )
        total = f" {_('of')} {about.rounds}" if about.rounds else ""
        reached = _("round {paired}", paired=about.paired) + total if about.paired else _("not paired yet")
        copy = copy_with_news(path)
        if copy is not None:  # another laptop's entries in a sync tool's copy beside it
            return "⚠ " + _("{name} — a copy beside it, {copy}, holds entries it lacks", name=about.name,
                            copy=copy.name) + f"   ({where})"  # fmt: skip
        return f"{about.name} — {scheme_title(about.scheme)}, {reached}   ({where})"

    def compose(self) -> ComposeResult:
        yield Header()
        title = (
            _(
                "Recent tournaments and those in {folder} and {other}",
                folder=shown_path(self.folder),
                other=shown_path(self.also),
            )  # fmt: skip
            if self.also
            else _("Recent tournaments and those in {folder}", folder=shown_path(self.folder))
        )
        yield Static(title, id="title", markup=False)
        yield OptionList(id="tournaments")
        empty = _("No tournaments yet: n creates one, d opens the demo, j joins a hall.")
        yield Static(empty, id="empty", markup=False)
        yield Footer(show_command_palette=False)  # ctrl+p is in F1's list, in Russian

    def after_recompose(self) -> None:
        footer_under_a_dialog(self, covered=self.app.screen is not self)  # composed again under a dialog
        self.on_screen_resume()

    def on_screen_suspend(self) -> None:
        footer_under_a_dialog(self, covered=True)

    def on_screen_resume(self) -> None:
        """Shown first, back from a tournament or a dialog: the list as it is now (not while
        the tournament named at start opens over it: the referee waits for its boards).  The
        cursor stays on the tournament it was on, unless another tournament came first in
        the list meanwhile (the one just opened: the cursor goes to it)."""
        if self.app.screen_stack[-1] is not self:  # a tournament pushed over it at start (``tengen FILE``)
            return
        if self.recomposing:  # «lo⏎» typed at once: ``after_recompose`` fills the list composed anew
            return
        footer_under_a_dialog(self, covered=False)
        files = self.tournaments()
        options = self.query_one("#tournaments", OptionList)
        first = options.get_option_at_index(0).id if options.option_count else None
        was = options.highlighted_option.id if options.highlighted_option is not None else None
        options.clear_options()
        names = Counter(p.name for p, _about in files)
        options.add_options([Option(plain(self.label(p, about, names[p.name] > 1)), id=str(p)) for p, about in files])
        options.display = bool(files)
        self.query_one("#empty", Static).display = not files
        if files:
            ids = [str(p) for p, _about in files]
            options.highlighted = ids.index(was) if ids[0] == first and was in ids else 0
            options.focus()

    @while_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # each option's id is its file's path
            self.app.open_tournament(Path(event.option.id))

    async def action_quit(self) -> None:
        """Quit, unless ``q`` is held down: its first closed the tournament, and the repeats,
        read on this screen, quit the app (an attack in tmux; ``TengenApp.held_down``)."""
        if not self.app.held_down():
            await self.app.action_quit()

    def action_no_tournament(self) -> None:
        """A key of a tournament's screen, here: said where it works, not ignored (a trial's
        referee closed the tournament with Esc unawares, pressed F7 to export, and believed he
        had)."""
        self.notify(_("No tournament is open: choose one in the list and press Enter (n — a new one)"),
                    severity="warning")  # fmt: skip

    def action_new(self) -> None:
        from tui.screens.new_tournament import Made, NewTournamentScreen

        def created(made: Made | None) -> None:
            if made is not None:
                self.app.open_tournament(made.path)
                made.tell(self.app)

        self.app.push_screen(NewTournamentScreen(self.folder), created)

    def action_join(self) -> None:
        """A new laptop of a hall: its copy of the hall's tournament, made and opened."""
        from tui.screens.join_hall import JoinScreen

        def joined(path: Path | None) -> None:
            if path is not None:
                self.app.open_tournament(path)

        self.app.push_screen(JoinScreen(self.folder), joined)

    def action_open(self) -> None:
        from tui.screens.ask import AskScreen

        start = self.open_from()

        def chosen(text: str | None) -> None:
            if text:
                self.app.open_tournament(typed_path(text, start))

        self.app.push_screen(
            AskScreen(
                _("Path of the tournament file (or an OpenGotha .xml)"),
                str(start) + "/",
                paths_in=start,
                endings=(".json", ".xml"),
            ),
            chosen,
        )

    def open_from(self) -> Path:
        """The folder «Открыть файл» offers: the one of the tournament opened last, while it is
        there (a trial opened OpenGotha files one after another from a folder of his own and
        typed its path anew each time: the dialog offered the data folder), else the data
        folder."""
        last = settings.recent(self.folder)[:1]
        return Path(last[0]).parent if last and Path(last[0]).parent.is_dir() else self.folder

    def action_demo(self) -> None:
        """Open the demo written before, or write it into a folder of its own, in a thread:
        writing pairs its McMahon event, which the first time after installation waits half a
        minute for the compiler (said), and the screen stays alive meanwhile."""
        from tui.demo import DEMOS, fresh_folder

        folder = self.folder / "demo"
        if all((folder / name).is_file() for name in DEMOS):
            self.app.open_tournament(folder / "gamma.json")
            return
        if self.writing_demo:
            return
        self.writing_demo = True
        target = fresh_folder(folder)
        writing = _("writing the demo tournaments into {folder}…", folder=shown_path(target))
        if compiled_code_kept():
            self.notify(writing, timeout=3)
        else:
            self.notify(f"{writing} {first_compile()}", timeout=60)
        in_thread(self, lambda: self.write_demo(target), lambda said: self.demo_written(None, said), group="demo")

    def write_demo(self, folder: Path) -> None:
        """Runs in a thread (``action_demo``)."""
        from tui.demo import write_demo

        try:
            paths = write_demo(folder)
        except Worded as error:
            hand(self.app, self.demo_written, None, said(error))
        except OSError as error:
            hand(self.app, self.demo_written, None, f"{shown_path(folder)}: {said(os_reason(error))}")
        else:
            hand(self.app, self.demo_written, paths[1], None)  # the Gamma event: most events' scheme

    def demo_written(self, path: Path | None, refusal: str | None) -> None:
        self.writing_demo = False
        self.app.clear_notifications()  # the "writing…" one
        if refusal is not None:
            self.notify(refusal, severity="error", timeout=10)
        elif path is not None and self.app.screen is self:
            self.app.open_tournament(path)
        elif path is not None:  # the referee went on meanwhile: told, not taken elsewhere
            self.notify(_("the demo tournaments are written into {folder}", folder=shown_path(path.parent)))
