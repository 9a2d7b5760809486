"""A new laptop joins a hall (from the start screen): where the hall's tournament comes from
(a laptop serving it, ``http://host:port``, or a folder: a USB stick), the secret the chief's
laptop shows, this laptop's name and the file to make here.  The copy is fetched in a
thread (a laptop over the Wi-Fi may take seconds, and the chief's enrols this one while it
waits); a refusal is one line and the form stays, to be corrected."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Label

from data.errors import Refused, TournamentFileError
from data.hall import hall, secret
from data.hall.device import this_device
from data.hall.repo import hall_path
from data.store import untaken
from schemes.errors import InvalidEvent
from tui import settings
from tui.i18n import _, said
from tui.screens.ask import show_error
from tui.screens.dialog import Dialog
from tui.threads import hand, in_thread
from tui.translated import Translated
from tui.views import shown_path, typed_path
from tui.widgets import Field, while_on_top

FIELDS = (
    ("source", "Where from"),
    ("secret", "The hall's secret"),
    ("laptop", "This laptop's name"),
    ("file", "Tournament file"),
)
HINTS = {"source": "http://host:port, or a USB stick's folder", "secret": "XXXX-XXXX-…"}


class JoinScreen(Translated, Dialog[Path | None]):
    """Dismissed with the new tournament's path once it is made (the start screen opens it)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="join_hall.cancel"),
        Binding("f10", "join", "Join", id="join_hall.join"),  # as every form's F10 (a trial pressed it: nothing)
        Binding("f1", "app.help", "Keys", id="join_hall.help"),
    ]
    AUTO_FOCUS = "#source"

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        """Where a file named without a folder is made (the data folder)."""
        self.joining = False

    def compose(self) -> ComposeResult:
        made = untaken(
            self.folder / "hall.json", lambda path: path.exists() or path.is_symlink() or hall_path(path).exists()
        )  # a second hall of the season: «hall.json exists already»
        defaults = {"file": made.name}
        with Vertical(classes="dialog form"):
            yield Label(_("Join a hall"), classes="heading", markup=False)
            for key, title in FIELDS:
                with Horizontal(classes="row"):
                    yield Label(_(title), markup=False)
                    yield Field(defaults.get(key, ""), id=key, placeholder=_(HINTS.get(key, "")))
            yield Label(_("A file without a folder is made in {folder}", folder=shown_path(self.folder)),
                        classes="hint", markup=False)  # fmt: skip
            yield Label("", id="join-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Join"), id="join", variant="primary")
                yield Button(_("Cancel"), id="cancel")
        yield Footer(show_command_palette=False)  # its keys, as every form shows them (a trial saw none)

    def value(self, key: str) -> str:
        return self.query_one(f"#{key}", Input).value.strip()

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "join":
            self.submit()
        else:
            self.dismiss(None)

    @while_on_top
    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter goes to the next field still empty, and joins once none is (a trial pressed
        Enter in a filled form's first field and waited)."""
        keys = [key for key, _title in FIELDS]
        start = keys.index(event.input.id) + 1 if event.input.id in keys else 0
        empty = next((key for key in keys[start:] + keys[:start] if not self.value(key)), None)
        if empty is not None and empty != event.input.id:
            self.query_one(f"#{empty}", Input).focus()
        else:  # none empty, or only this one: said under the form («Заполните: …»)
            self.submit()

    @while_on_top
    def action_join(self) -> None:
        self.submit()

    def target(self) -> Path:
        path = typed_path(self.value("file"), self.folder)
        return path if path.suffix else path.with_suffix(".json")

    def submit(self) -> None:
        error = self.query_one("#join-error", Label)
        missing = next((title for key, title in FIELDS if not self.value(key)), None)
        if missing:
            show_error(error, _("Fill in: {field}", field=_(missing)))
            return
        try:
            secret.normal(self.value("secret"))
        except InvalidEvent as refused:
            show_error(error, said(refused))
            return
        show_error(error, "")
        if self.joining:
            return
        self.joining = True
        source, path = self.value("source"), self.target()
        if not source.startswith(("http://", "https://")):
            source = str(Path(source).expanduser())
        self.notify(_("Joining the hall at {source}…", source=source), timeout=4)
        words, name = self.value("secret"), self.value("laptop")

        def work() -> None:
            try:
                if path.parent == self.folder:  # the data folder a laptop never used has yet to be made
                    self.folder.mkdir(parents=True, exist_ok=True)
                joined = hall.join(source, path, words, name)
            except (Refused, InvalidEvent, TournamentFileError) as refused:
                hand(self.app, self.refused, said(refused))
                return
            except OSError as failed:
                where = failed.filename or source  # the tournament's file too (a review named the hall for it)
                hand(self.app, self.refused, _("{path}: {reason}", path=str(where), reason=said(failed)))
                return
            enrolled = joined.state.hall is not None and this_device() in joined.state.hall.laptops
            hand(self.app, self.joined, path, joined.added, enrolled, source, [said(p) for p in joined.problems])

        in_thread(self, work, self.refused, group="join")

    def refused(self, reason: str) -> None:
        self.joining = False
        self.notify(reason, severity="error")

    def joined(self, path: Path, events: int, enrolled: bool, source: str, problems: list[str]) -> None:
        self.joining = False
        settings.remember_sync_source(self.folder, path, source)  # F9 offers it for the next sync
        for problem in problems:  # what the join refused, and a laptop that was in the hall already
            self.notify(problem, severity="warning", timeout=10)
        if enrolled:
            self.notify(_("joined: {events} events in {path}", events=events, path=path.name))
        else:
            self.notify(_("copied {events} events to {path}; the chief's laptop enrols this one at its next sync",
                          events=events, path=path.name), timeout=10)  # fmt: skip
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)
