"""Add or edit a player, with each field's problem shown under it."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label

from data import codes
from data.service import Service
from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.log.actions import SEXES
from schemes.log.replay import checked_block, checked_fields
from schemes.registry import get_scheme
from schemes.state.model import TEXT_DETAILS, Player, Tournament
from schemes.values.dates import parse_birth
from schemes.values.names import names_someone
from schemes.values.ranks import rank_of_rating, read_strength
from tui.i18n import _, said
from tui.screens.ask import show_error
from tui.screens.confirm import ConfirmScreen, close_asking
from tui.screens.dialog import Dialog
from tui.translated import Translated
from tui.views import usual_country
from tui.widgets import Field, Footer, while_on_top

FIELDS = (
    ("surname", "Surname"),
    ("name", "Given name"),
    ("strength", "Rating or rank (2150, 2d, or both: 2150 2d)"),
    ("country", "Country code (RU)"),
    ("club", "Club or city"),
    ("block", "Must not meet (ids: 3 7)"),
    ("patronymic", "Patronymic"),
    ("birth", "Date of birth (2014-05-03)"),
    ("sex", "Sex (f or m)"),
    ("team", "Team"),
    ("category", "Category"),
)
OPTIONAL = tuple(field for field, _label in FIELDS if field in TEXT_DETAILS)
"""The form's fields of free text (``TEXT_DETAILS``), kept as typed (the date of birth and the
sex are checked)."""


class PlayerFormScreen(Translated, Dialog[dict[str, Any] | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="player_form.cancel"),
        Binding("f10", "save", "Save", id="player_form.save"),
    ]
    AUTO_FOCUS = "#surname"

    def __init__(self, player: Player | None, session: Service) -> None:
        super().__init__()
        self.player = player
        self.session = session
        """The tournament the player is (to be) registered in: its checks run in the form, so a
        refusal shows under its field and the form stays as typed (a trial's «Не играет с: 99»
        was refused after the form had closed, and everything typed was lost)."""

    @property
    def state(self) -> Tournament:
        """The tournament as it is now: a hall's merge may bring a player while the form is open."""
        return self.session.state

    def values(self) -> dict[str, str]:
        p = self.player
        if p is None:
            country = usual_country(self.state)  # a new player's country as most have it
            return {"country": country} if country else {}
        strength = p.rank_label if p.rating is None else str(p.rating)
        if p.rating is not None and p.rank != rank_of_rating(p.rating):  # a declared rank beside: shown, kept
            strength += f" {p.rank_label}"
        return {
            "surname": p.surname,
            "name": p.name,
            "strength": strength,
            "country": p.country,
            "club": p.club,
            "block": " ".join(map(str, sorted(p.block))),
            "patronymic": p.patronymic,
            "birth": p.birth,
            "sex": {"f": _("f"), "m": _("m")}.get(p.sex, ""),
            "team": p.team,
            "category": p.category,
        }

    def label(self, field: str, label: str) -> str:
        """A field's label; the strength's offers a rating and a rank together only where the
        scheme keeps both (a play-off trial typed the hint's «2150 2d» and was refused)."""
        if field == "strength" and not get_scheme(self.state.settings.scheme).traits.opengotha:
            return "Rating or rank (2150 or 2d)"
        return label

    def compose(self) -> ComposeResult:
        values = self.values()
        with VerticalScroll(classes="dialog"):
            yield Label(_("Edit a player") if self.player else _("Add a player"), classes="heading", markup=False)
            shown = get_scheme(self.state.settings.scheme).traits.keeps_apart or values.get("block")
            for field, label in FIELDS:  # «must not meet» only where the pairing keeps them apart
                widgets = (Label(_(self.label(field, label)), markup=False), Field(values.get(field, ""), id=field),
                           Label("", id=f"{field}-error", classes="error", markup=False))  # fmt: skip
                for widget in widgets:
                    if field == "block" and not shown:  # never set otherwise: an error's label hides till said
                        widget.display = False
                    yield widget
            with Horizontal(classes="buttons"):
                yield Button(_("Save"), id="save", variant="primary")
                yield Button(_("Cancel"), id="cancel")
        yield Footer(show_command_palette=False)  # the form fills 24 lines: what Enter and Esc do stays in view

    def on_mount(self) -> None:
        """The cursor in the surname, and the form from its top (the heading and the surname's
        label stay in view on a 24-line terminal; the rest scrolls)."""
        self.call_after_refresh(self.query_one(VerticalScroll).scroll_home, animate=False)

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.save()
        else:
            self.dismiss(None)

    @while_on_top
    def on_input_submitted(self) -> None:
        self.save()

    def action_save(self) -> None:
        self.save()

    def save(self) -> None:
        fields, problems = self.read()
        for field, _label in FIELDS:
            show_error(self.query_one(f"#{field}-error", Label), problems.get(field, ""))
        if not problems:
            twin = None if self.player else actions.looks_registered(self.state, fields["surname"], fields["name"])
            if twin is None:
                self.dismiss(fields)
                return

            def answered(yes: bool | None) -> None:
                if yes:
                    self.dismiss(fields)

            self.app.push_screen(registered_already(twin), answered)
            return
        first = next((field for field, _label in FIELDS if field in problems), None)  # the cursor to the first to mend
        if first is not None:
            self.query_one(f"#{first}", Input).focus()

    def read(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The fields for ``actions.register``/``edit``, and a message per bad field."""
        text = {field: self.query_one(f"#{field}", Input).value.strip() for field, _label in FIELDS}
        fields: dict[str, Any] = {"surname": text["surname"], "name": text["name"]}
        problems: dict[str, str] = {}
        if not names_someone(text["surname"]):
            problems["surname"] = _("Give a surname")
        if not names_someone(text["name"]):
            problems["name"] = _("Type the given name")
        try:
            if text["strength"]:
                fields.update(read_strength(text["strength"]))
                actions.check_declared_rank(self.state, fields.get("rating"), fields.get("rank"))
            else:
                problems["strength"] = _("Give a rating (2150) or a rank (2d)")
        except InvalidEvent as error:  # a RankError too
            problems["strength"] = said(error)
        if text["country"]:
            try:
                fields["country"] = codes.country(text["country"])
            except ValueError as error:
                problems["country"] = said(error)
        elif self.player:
            fields["country"] = ""
        fields["club"] = text["club"]
        try:
            fields["block"] = [int(part) for part in text["block"].replace(",", " ").split()]
            checked_block(self.state.players, self.player.id if self.player else None, fields["block"])
        except InvalidEvent as error:  # a ValueError too: before the ids' own
            problems["block"] = said(error)
        except ValueError:
            problems["block"] = _("Player ids, like 3 7")
        fields.update({key: text[key] for key in OPTIONAL})
        try:
            fields["birth"] = parse_birth(text["birth"])
        except InvalidEvent as error:
            problems["birth"] = said(error)
        sex = SEXES.get(text["sex"].casefold())
        if sex is None:
            problems["sex"] = _("f or m")
        else:
            fields["sex"] = sex
        for field, value in fields.items():  # as the registration will check them: beside the field
            if isinstance(value, str) and field not in problems and field in text:
                try:
                    checked_fields({field: value})
                except InvalidEvent as error:
                    problems[field] = said(error)
        return fields, problems

    def action_cancel(self) -> None:
        """Esc, pressed by habit in a form half typed (a trial lost a player so): asked first,
        «Нет» in focus; an untouched form closes at once, as does the «Отмена» button."""
        before = self.values()
        close_asking(self, any(typed.value != before.get(str(typed.id), "") for typed in self.query(Input)))


def registered_already(twin: Player) -> ConfirmScreen:
    """The question before registering a second player of ``twin``'s name: the form's, and the
    rating list's (a trial registered the same person twice from it, unasked).  «Нет» in
    focus: a trial's Enter, by habit, registered the same player twice, and the phantom would
    be paired and lose by forfeit."""
    question = _("{name} is registered already (No. {id}). Register another player of that name?",
                 name=twin.full_name, id=twin.id)  # fmt: skip
    return ConfirmScreen(question, default=False)
