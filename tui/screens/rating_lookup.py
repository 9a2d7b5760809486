"""Find a player in a rating list by the start of his name, and register him."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from data.errors import os_reason
from data.importers import ImportFailed, RatedPlayer, RatingList
from paperwork.translit import latin
from tui import settings
from tui.i18n import _, said
from tui.screens.dialog import Dialog
from tui.views import shown_path, typed_path
from tui.widgets import Field, plain, while_on_top

_loaded: dict[Path, RatingList] = {}
"""Lists already read in this session: loading one takes a fifth of a second."""


def rating_list(path: Path) -> RatingList:
    """The EGD list at ``path``, read once a session (the lookup and the rating table's Latin
    names share it); ``OSError`` or ``ImportFailed`` when it cannot be read."""
    if path not in _loaded:
        _loaded[path] = RatingList.read(path)
    return _loaded[path]


class RatingLookupScreen(Dialog[RatedPlayer | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="rating_lookup.cancel")]
    AUTO_FOCUS = ""
    """``on_mount`` chooses: the name when the list is read, else the list's file (Textual's
    own choice came after it and put the cursor in the name even with no list to search)."""

    def __init__(self, folder: Path, path: Path | None) -> None:
        super().__init__()
        self.folder = folder
        self.path = path or Path(settings.text(folder, "rating_list"))
        self.ratings: RatingList | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(_("Rating list file"), markup=False)
            yield Field(str(self.path) if str(self.path) != "." else shown_path(self.folder) + "/", id="list-path")
            yield Label("", id="list-status", markup=False)
            yield Label(_("Name starts with"), markup=False)
            yield Field(id="prefix")
            yield OptionList(id="found")

    def on_mount(self) -> None:
        if self.path.is_file():
            self.load(self.path)
        self.query_one("#prefix" if self.ratings is not None else "#list-path", Input).focus()

    def load(self, path: Path) -> None:
        """The list read, or none (its reason said): the names found are always from the file
        the dialog names, never from one read before."""
        self.query_one(OptionList).clear_options()
        try:
            self.ratings = rating_list(path)
        except (OSError, ImportFailed) as error:
            self.ratings = None
            said_why = (  # the system's refusal in the referee's words; a list's own names its file
                _("{path}: {reason}", path=path.name, reason=said(os_reason(error)))
                if isinstance(error, OSError)
                else said(error)
            )
            self.query_one("#list-status", Label).update(said_why)
            return
        stored = settings.load(self.folder)
        stored["rating_list"] = str(path)
        settings.save(self.folder, stored)
        self.query_one("#list-status", Label).update(_("{count} players in the list", count=len(self.ratings.players)))

    @while_on_top
    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "list-path":
            self.load_typed(event.value)
            if self.ratings is not None:
                self.query_one("#prefix", Input).focus()
        else:  # to the players found, the first under the cursor: Enter there took none (an attack)
            found = self.query_one(OptionList)
            found.focus()
            if found.option_count and found.highlighted is None:
                found.highlighted = 0

    def on_input_blurred(self, event: Input.Blurred) -> None:
        """Tab out of the file's field reads it too (only Enter did: the name typed next found
        nothing, and nothing said why)."""
        if event.input.id == "list-path" and self.app.screen is self:  # not as the dialog closes
            self.load_typed(event.value)

    def load_typed(self, text: str) -> None:
        """The list the field names (a name alone in the data folder the dialog's field
        starts from), unless it is the one read already; the name typed so far searched in it."""
        path = typed_path(text, self.folder)
        if path.is_dir():  # the field as it starts (``~/Tengen/``), or emptied: no list named yet
            return
        if self.ratings is None or path != self.path:
            self.path = path
            self.load(path)
        self.search(self.query_one("#prefix", Input).value)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "prefix":
            self.search(event.value)

    def search(self, prefix: str) -> None:
        """The players whose name starts with ``prefix``: a list of Latin names is searched in
        Latin letters when a name typed in Cyrillic finds none (``Шикшин`` finds Shikshin)."""
        found = self.query_one(OptionList)
        found.clear_options()
        if self.ratings is None or not prefix.strip():
            return
        players = self.ratings.search(prefix) or self.ratings.search(latin(prefix))
        found.add_options(
            Option(plain(f"{p.surname} {p.name}  {p.grade}  GoR {p.gor}  {p.country} {p.club}  ({p.pin})"), id=p.pin)
            for p in players
        )

    @while_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        pin = event.option.id  # each option's id is its player's PIN
        self.dismiss(self.ratings.by_pin(pin) if self.ratings and pin is not None else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
