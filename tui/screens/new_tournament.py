"""The form for a new tournament: scheme, name, file, rounds, place, dates, komi, time
control, whether it is played online and the paperwork's language, one line each so that
the whole form fits 80×24;
the scheme's own parameters behind «Ещё параметры» (``scheme_params``).  Each field's
problem shows under it and goes as soon as the field is typed in again."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.notifications import SeverityLevel
from textual.widgets import Button, Input, Label, Select

from data.errors import Refused, TournamentFileError
from data.service import Entrants, Service, entrants_from
from paperwork.translit import latin
from schemes.errors import BadSetting, InvalidEvent
from schemes.log import actions
from schemes.registry import SCHEMES, get_scheme, names_with
from schemes.state.model import DEFAULT_KOMI, Tournament
from schemes.values.timecontrol import TimeControlError, parse_time
from tui.i18n import LANGUAGE_NAMES, _, language, said, scheme_title
from tui.screens.ask import show_error
from tui.screens.dialog import Dialog
from tui.translated import Translated
from tui.views import shown_path, typed_path, worded
from tui.widgets import Field, Footer, while_on_top

FIELDS = (  # id, label, the form shown in the empty field (the dates as each language writes them)
    ("name", "Name", ""),
    ("file", "File", ""),
    ("rounds", "Number of rounds", ""),
    ("place", "Venue", ""),
    ("dates", "Dates", "2026-12-05..2026-12-06"),
    ("komi", "Komi", ""),
    ("time", "Time control", "40+5/15, 60+30sx3, 45+30s, 60"),
    ("source", "Players from", ""),
    ("top", "How many best", ""),
)

MEANT = {
    "source": "if taken from another event, e.g. swiss.json",
    "top": "empty: all its players; 8: its best 8",
}
"""What two fields of a rarer use are for, in the empty field: a FORS referee read «How many
best» as a question to him (two trials)."""

OFFERED_ROUNDS = 5
"""The rounds the form offers where a scheme has no default of its own: a weekend's usual, typed over."""


def file_name(title: str) -> str:
    """The file name a tournament's title suggests: transliterated, lower case, words joined
    by hyphens (``Кубок школы №5`` → ``kubok-shkoly-5``)."""
    words = re.findall(r"[a-z0-9]+", latin(title).lower())
    return "-".join(words)[:40].strip("-") or latin(_("tournament"))  # «turnir» in Russian


@dataclass(frozen=True)
class Made:
    """A tournament the form made, and what the referee is to be told of it once it is open
    (the players taken, the settings inherited): told before, a tournament closing under it
    took the notices with it (a review of F4's play-off)."""

    path: Path
    told: tuple[tuple[str, SeverityLevel, float], ...] = ()

    def tell(self, app: App[Any]) -> None:
        for message, severity, timeout in self.told:
            app.notify(message, severity=severity, timeout=timeout)


class NewTournamentScreen(Translated, Dialog[Made | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="new_tournament.cancel"),
        Binding("f2", "more", "More parameters", id="new_tournament.more_parameters"),
        Binding("f10", "create", "Create", id="new_tournament.create"),
        Binding("f1", "app.help", "Keys", id="new_tournament.help"),
    ]
    AUTO_FOCUS = "#name"
    """The cursor in the name at once: Textual's own choice, the form's scrolling container, then
    the name, restyled the whole form twice (a sixth of opening it)."""

    def __init__(self, folder: Path, best_of: tuple[Path, Tournament] | None = None) -> None:
        """``best_of``: a play-off of that tournament's best (its file and state), the form filled
        in for it — its F4 offers one: a trial's referee found no way from a finished event to
        its play-off but the start screen and a file name he never typed."""
        super().__init__()
        self.folder = folder
        self.scheme = next(iter(SCHEMES))  # the registry's first
        self.preset: dict[str, str] = {}
        """The fields filled in for ``best_of``: what the referee has not typed, as the empty ones."""
        if best_of is not None:
            path, state = best_of
            self.folder = path.parent  # made beside its event, where the referee keeps it (a review)
            self.scheme = names_with("bracket")[0]
            held = state.settings
            shown = path.name  # «Игроки из турнира», read in that folder
            top = "8" if len(state.numbers) >= 8 else "4"
            self.preset = {"name": _("{name} — play-off", name=held.name), "place": held.place, "dates": held.dates,
                           "time": held.time, "source": shown, "top": top, "komi": f"{held.komi:g}",
                           "lang": held.lang, "online": "yes" if held.online else "no"}  # fmt: skip
            self.preset["file"] = file_name(self.preset["name"])
        self.params: dict[str, dict[str, str]] = {}
        """What the referee typed in «Ещё параметры», per scheme (a scheme changed back keeps them)."""
        self.suggested = self.preset.get("file", file_name(""))
        """The file name last suggested from the title: while the field holds it, it follows the
        title.  The form's own, in its language (a class's, it was the language of the import)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog form"):
            yield Label(_("New tournament"), classes="heading", markup=False)
            with Horizontal(classes="row"):
                yield Label(_("Scheme"), markup=False)
                yield Select(
                    [(scheme_title(name), name) for name in SCHEMES], value=self.scheme, allow_blank=False, id="scheme"
                )
            for field, label, hint in FIELDS:
                with Horizontal(classes="row"):
                    yield Label(_(label), markup=False)
                    # "for example": a bare sample in grey looked filled in, and stayed empty
                    sample = _("for example {sample}", sample=_(hint)) if hint else _(MEANT.get(field, ""))
                    yield Field(self.default(field), placeholder=sample, id=field)
                yield Label("", id=f"{field}-error", classes="error", markup=False)
                if field == "file":
                    yield Label("", id="target", classes="hint", markup=False)
                if field == "time":  # beside the time: the two give the EGF class
                    with Horizontal(classes="row"):
                        yield Label(_("Online event"), markup=False)
                        yield Select([(_("yes"), "yes"), (_("no"), "no")], value=self.preset.get("online", "no"),
                                     allow_blank=False, id="online")  # fmt: skip
            with Horizontal(classes="row"):
                yield Label(_("Paperwork language"), markup=False)
                # the interface's: an English referee's form gave Russian paperwork unasked (a trial)
                yield Select([(_(name), code) for code, name in LANGUAGE_NAMES.items()],
                             value=self.preset.get("lang", language()), allow_blank=False, id="lang")  # fmt: skip
            yield Label("", id="general-error", classes="error", markup=False)
            yield Label("", id="params-set", classes="hint", markup=False).set_styles("display: none;")
            with Horizontal(classes="buttons"):
                yield Button(_("Create"), id="create", variant="primary")
                yield Button(_("More parameters"), id="more")
                yield Button(_("Cancel"), id="cancel")
        yield Footer(show_command_palette=False)

    def default(self, field: str) -> str:
        given = {"file": file_name(""), "komi": str(DEFAULT_KOMI), "rounds": self.rounds_default(), **self.preset}
        return given.get(field, "")

    def rounds_default(self) -> str:
        """The scheme's default rounds (``Traits.default_rounds``), else five to type over; none
        where it counts them."""
        traits = get_scheme(self.scheme).traits
        return str(traits.default_rounds or OFFERED_ROUNDS) if traits.rounds_required else ""

    def on_mount(self) -> None:
        self.show_rounds()
        self.show_komi()
        self.show_target()

    def show_komi(self) -> None:
        """A scheme that sets every board's komi (``Traits.komi_by_rule``) leaves the field
        closed, and says so: a trial typed a komi that no board took."""
        komi = self.query_one("#komi", Input)
        by_rule = get_scheme(self.scheme).traits.komi_by_rule
        komi.placeholder = _("the scheme sets it on each board") if by_rule else ""
        komi.disabled = by_rule
        komi.value = "" if by_rule else komi.value or str(DEFAULT_KOMI)

    def show_rounds(self) -> None:
        """A scheme that knows its rounds (a round robin by the field, a play-off by the
        bracket) leaves the field empty, closed, and says so: a count typed there anyway (a
        trial typed 3 for six players) made a round robin that no field could pair."""
        rounds = self.query_one("#rounds", Input)
        knows = not get_scheme(self.scheme).traits.rounds_required
        rounds.placeholder = _("the scheme counts them") if knows else ""
        rounds.disabled = knows
        if knows or not rounds.value or rounds.value == self.rounds_offered:  # not typed over: the scheme's
            rounds.value = self.rounds_default()
        self.rounds_offered = rounds.value

    def target(self) -> Path:
        """The file to create: a name in the data folder, or a path of the referee's (``~`` his home)."""
        # an emptied field is the title's name again (it stayed «turnir», a second one then refused: a trial)
        typed = typed_path(self.value("file").removesuffix(".json") or file_name(self.value("name")), self.folder)
        return typed.with_name(typed.name + ".json")

    def show_target(self) -> None:
        self.query_one("#target", Label).update(_("Saved as {path}", path=shown_path(self.target())))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "scheme" and event.value != self.scheme:
            self.scheme = str(event.value)
            self.show_rounds()
            self.show_komi()
            self.show_params()

    def show_params(self) -> None:
        """The parameters set on «Ещё параметры» for the scheme chosen, seen before «Создать» (a
        trial found a bye worth 0 only when a bye gave nothing); the line hidden while none is."""
        said = changed(self.params.get(self.scheme, {}))
        shown = self.query_one("#params-set", Label)
        shown.update(said)
        shown.display = bool(said)

    rounds_offered = ""
    """The rounds last offered for the scheme: while the field holds them, they follow the scheme."""

    def on_input_changed(self, event: Input.Changed) -> None:
        field = event.input.id or ""
        self.error(field, "")  # the problem said goes once the field is typed in again
        if field == "time":
            self.error("time", self.time_hint(event.value))
        elif field == "name":
            file = self.query_one("#file", Input)
            if file.value in (self.suggested, ""):
                self.suggested = file.value = file_name(event.value)
        if field == "file":
            self.show_target()

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
        if message:
            self.query_one(f"#{field}-error", Label).scroll_visible(animate=False)

    def value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value.strip()

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        {"create": self.action_create, "more": self.action_more}[event.button.id or "create"]()

    @while_on_top
    def on_input_submitted(self) -> None:
        self.action_create()

    def action_more(self, problems: Mapping[str, str] | None = None) -> None:
        """The scheme's parameters, on a step of their own (McMahon has forty)."""
        from tui.screens.scheme_params import SchemeParamsScreen

        def chosen(values: dict[str, str] | None) -> None:
            if values is not None:
                self.params[self.scheme] = values
                self.error("general", "")
                self.show_params()

        traits = get_scheme(self.scheme).traits
        defaults = dict(traits.from_places) if self.value("source") else {}  # a play-off seeded by the places
        typed = self.params.get(self.scheme, {})
        self.app.push_screen(SchemeParamsScreen(self.scheme, typed, problems or {}, defaults), chosen)

    def action_create(self) -> None:
        for field, _label, _hint in FIELDS:
            self.error(field, "")
        self.error("general", "")
        problems = {}
        if not self.value("name"):
            problems["name"] = _("Name the tournament")
        rounds = None
        try:
            rounds = actions.rounds_of(self.value("rounds")) if self.value("rounds") else None
        except InvalidEvent as error:
            problems["rounds"] = said(error)
        try:
            by_rule = get_scheme(self.scheme).traits.komi_by_rule  # the field closed: the boards' are the scheme's
            komi = DEFAULT_KOMI if by_rule else actions.komi_of(self.value("komi"))
        except InvalidEvent as error:
            problems["komi"] = said(error)
        top = None
        if self.value("top"):
            typed = self.value("top")
            if not (typed.isascii() and typed.isdigit()) or len(typed) > 4 or int(typed) < 2:
                problems["top"] = _("2 or more, like 8")
            else:
                top = int(typed)
        path = self.target()
        if path.exists():
            problems["file"] = _("{path} exists already: choose another name", path=path.name)
        entrants = Entrants([])
        held: dict[str, str] = {key: self.value(key) for key in ("place", "dates", "time")}
        inherited = None
        if self.value("source") and "top" not in problems:
            try:
                entrants = entrants_from(typed_path(self.value("source"), self.folder), top)
                if not self.preset:  # filled in from the event already: a field emptied stays so (a review)
                    held, inherited = entrants.settings(self.scheme, **held)
            except (Refused, TournamentFileError) as error:
                problems["source"] = said(error)
        elif top is not None and "top" not in problems:
            problems["source"] = _("Name the tournament to take the best {top} from", top=top)
        if problems:
            for field, message in problems.items():
                self.error(field, message)
            self.query_one(f"#{next(iter(problems))}", Input).focus()
            return
        try:
            action = actions.create(
                self.value("name"),
                self.scheme,
                rounds,
                held["place"],
                held["dates"],
                komi,
                held["time"],
                str(self.query_one("#lang", Select).value),
                entrants.params(self.scheme, self.params.get(self.scheme, {})),
                actions.online_of(str(self.query_one("#online", Select).value)),
            )
            path.parent.mkdir(parents=True, exist_ok=True)
            with Service.create(path, [action, *actions.registrations([], entrants.profiles)]) as service:
                made = service.made
        except (InvalidEvent, TournamentFileError) as error:
            self.place_error(error)
            return
        except OSError as error:
            from data.errors import os_reason

            self.error("file", _("{path}: {reason}", path=shown_path(path.parent), reason=said(os_reason(error))))
            return
        told: list[tuple[str, SeverityLevel, float]] = []
        if entrants.profiles:
            count = _("{count:player|players} from {source}", count=len(entrants.profiles), source=self.value("source"))
            told.append((count, "information", 5))
        told += [(said(notice), "warning", 10) for notice in entrants.notices]
        if inherited is not None:
            told.append((said(inherited), "information", 8))
        if self.params.get(self.scheme):
            told.append((changed(self.params[self.scheme]), "information", 10))
        told += [(said(notice), "warning", 10) for notice in made]
        self.dismiss(Made(path, tuple(told)))

    def place_error(self, error: InvalidEvent | TournamentFileError) -> None:
        """Show a refusal under the field it names; a parameter's opens «Ещё параметры» with
        the refusal beside it."""
        setting = error.setting if isinstance(error, BadSetting) else ""
        if isinstance(error, BadSetting) and setting in {p.key for p in get_scheme(self.scheme).params}:
            self.error("general", _("More parameters: {problem}", problem=f"{_(setting)}: {said(error.beside)}"))
            self.action_more({setting: said(error.beside)})
        elif setting in {field for field, _label, _hint in FIELDS}:
            self.error(setting, said(error))
            self.query_one(f"#{setting}", Input).focus()
        else:
            self.error("general", said(error))

    def action_cancel(self) -> None:
        """Esc, pressed by habit in a form filled in (a trial lost one so): asked first, «Нет»
        in focus, as the player form asks; an untouched form closes at once, as does «Отмена»."""
        from tui.screens.confirm import close_asking

        typed = any(self.value(field) != self.default(field) for field, _label, _hint in FIELDS if field != "file")
        online = self.query_one("#online", Select).value != self.preset.get("online", "no")
        close_asking(self, typed or online or any(self.params.values()))  # the file's name follows the tournament's


def changed(values: Mapping[str, str]) -> str:
    """The parameters set on «Ещё параметры», named and worded as the settings tab says them
    («предел форы 5»; OpenGotha's keep their names); nothing where none is."""
    if not values:
        return ""
    said = ", ".join(f"{_(key)} {worded(key, text)}" for key, text in values.items())
    return _("Parameters set: {params}", params=said)
