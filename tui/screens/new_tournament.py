"""The form for a new tournament: scheme, rounds, name, place, dates, time control,
komi, language and the scheme's parameters, with each field's problem shown under it."""

from __future__ import annotations

import re
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select

from data.errors import TournamentFileError
from data.ledger import Ledger
from paperwork.translit import latin
from schemes import actions
from schemes.events import BadSetting, InvalidEvent
from schemes.registry import SCHEMES, get_scheme
from schemes.timecontrol import TimeControlError, parse_time
from tui.i18n import _, said
from tui.screens.ask import show_error
from tui.views import param_text

FIELDS = (  # id, label, default
    ("name", "Name", ""),
    ("file", "File", "turnir"),
    ("place", "Venue", ""),
    ("dates", "Dates (05.12.2026-06.12.2026)", ""),
    ("rounds", "Number of rounds", "5"),
    ("komi", "Komi", "6.5"),
    ("time", "Time control (40+5/15, 60+30sx3, 45+30s, 60)", ""),
)


def file_name(title: str) -> str:
    """The file name a tournament's title suggests: transliterated, lower case, words joined
    by hyphens (``Кубок школы №5`` → ``kubok-shkoly-5``)."""
    words = re.findall(r"[a-z0-9]+", latin(title).lower())
    return "-".join(words)[:40].strip("-") or "turnir"


class NewTournamentScreen(ModalScreen[Path | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="new_tournament.cancel")]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.scheme = "gamma"

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Label(_("New tournament"), classes="heading", markup=False)
            yield Label(_("Scheme"), markup=False)
            yield Select([(_(name), name) for name in SCHEMES], value=self.scheme, allow_blank=False, id="scheme")
            for field, label, default in FIELDS:
                yield Label(_(label), markup=False)
                yield Input(default, id=field)
                yield Label("", id=f"{field}-error", classes="error", markup=False)
            yield Label(_("Paperwork language"), markup=False)
            yield Select([("Русский", "ru"), ("English", "en")], value="ru", allow_blank=False, id="lang")
            yield Label(_("Parameters of the scheme"), classes="heading", markup=False)
            yield VerticalScroll(id="params")
            yield Label("", id="general-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Create"), id="create", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    async def on_mount(self) -> None:
        await self.show_params()
        self.query_one("#name", Input).focus()

    async def show_params(self) -> None:
        box = self.query_one("#params", VerticalScroll)
        await box.remove_children()
        for param in get_scheme(self.scheme).params:
            await box.mount(
                Label(f"{param.key} — {_(param.help)}", markup=False),
                Input(param_text(param.default), id=f"param-{param.key}"),
                Label("", id=f"param-{param.key}-error", classes="error", markup=False),
            )

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "scheme" and event.value != self.scheme:
            self.scheme = str(event.value)
            await self.show_params()

    suggested = file_name("")
    """The file name last suggested from the title: while the field holds it, it follows the title."""

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "time":
            self.error("time", self.time_hint(event.value))
        elif event.input.id == "name":
            file = self.query_one("#file", Input)
            if file.value == self.suggested:
                self.suggested = file.value = file_name(event.value)

    @staticmethod
    def time_hint(text: str) -> str:
        if not text.strip():
            return ""
        try:
            control = parse_time(text)
        except TimeControlError as error:
            return said(error)
        return "" if control.rated_in_russia else _("Not rated: under 60 effective minutes")

    def error(self, field: str, message: str) -> None:
        show_error(self.query_one(f"#{field}-error", Label), message)

    def value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value.strip()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.create()
        else:
            self.dismiss(None)

    def on_input_submitted(self) -> None:
        self.create()

    def create(self) -> None:
        for field, _label, _default in FIELDS:
            self.error(field, "")
        self.error("general", "")
        problems = {}
        if not self.value("name"):
            problems["name"] = _("Give a name")
        rounds = self.value("rounds")
        if rounds and not rounds.isdigit():
            problems["rounds"] = _("A whole number")
        if not re.fullmatch(r"-?\d+(\.5|\.0)?", self.value("komi")):
            problems["komi"] = _("A number like 6.5")
        path = self.folder / (self.value("file").removesuffix(".json") + ".json")
        if path.exists():
            problems["file"] = _("{path} exists already", path=path)
        if problems:
            for field, message in problems.items():
                self.error(field, message)
            return
        params = {p.key: self.query_one(f"#param-{p.key}", Input).value.strip() for p in get_scheme(self.scheme).params}
        try:
            action = actions.create(
                self.value("name"),
                self.scheme,
                int(rounds) if rounds else None,
                self.value("place"),
                self.value("dates"),
                float(self.value("komi")),
                self.value("time"),
                str(self.query_one("#lang", Select).value),
                params,
            )
            self.folder.mkdir(parents=True, exist_ok=True)
            Ledger.create(path, action).close()
        except (InvalidEvent, TournamentFileError) as error:
            self.place_error(error)
            return
        self.dismiss(path)

    def place_error(self, error: InvalidEvent | TournamentFileError) -> None:
        """Show a refusal under the field it names, or under the form."""
        setting = error.setting if isinstance(error, BadSetting) else ""
        if setting in {p.key for p in get_scheme(self.scheme).params}:
            self.error(f"param-{setting}", said(error))
        elif setting in {field for field, _label, _default in FIELDS}:
            self.error(setting, said(error))
        else:
            self.error("general", said(error))

    def action_cancel(self) -> None:
        self.dismiss(None)
