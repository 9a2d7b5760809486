"""Choose the documents to print and their round.  While the players' pages are served, the
protocol carries the QR code of its round's page by itself (said here, so it is no surprise)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label

from paperwork.kinds import kinds_for
from schemes.awards.teams import has_teams
from schemes.registry import get_scheme, is_final_table
from schemes.state.model import Tournament
from tui.i18n import _
from tui.screens.ask import show_error
from tui.screens.dialog import Dialog
from tui.views import document_label
from tui.widgets import Field, MarkedList, while_on_top


class PrintScreen(Dialog[tuple[list[str], int | None] | None]):
    """Space ticks a document, Enter prints (anywhere but on the Cancel button)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="print_dialog.cancel"),
        Binding("enter", "enter", "Print", priority=True, id="print_dialog.print"),
        Binding("f10", "print", "Print", show=False, id="print_dialog.print_f10"),  # as every form's F10 (a trial)
    ]

    def __init__(self, state: Tournament, pages: str | None = None, grouping: str = "team") -> None:
        super().__init__()
        self.state = state
        self.pages = pages
        """The players' pages' address while they are served."""
        self.grouping = grouping
        """What the team standings group, as the standings tab shows them: they print so."""
        self.kinds = kinds_for(
            get_scheme(state.settings.scheme).traits.scheduled and bool(state.numbers), has_teams(state)
        )
        """The documents its scheme prints (the schedule only where the rounds are fixed, once
        round 1 has numbered the players: ticked before, its refusal stopped the documents
        after it)."""

    def compose(self) -> ComposeResult:
        preselected = _preselected(self.state)
        with Vertical(classes="dialog print"):
            yield Label(_("Print documents"), classes="heading", markup=False)
            yield MarkedList(
                *((document_label(self.state, kind, self.grouping), kind, kind in preselected) for kind in self.kinds),
                id="kinds",
            )
            with Horizontal(classes="round-row"):
                yield Label(_("Round (empty: the latest)"), markup=False)
                yield Field(id="round")
                yield Label("", id="print-error", classes="error", markup=False)
            if self.pages is not None:
                yield Label(_("The protocol carries the QR code of its round's page: {address}/round/…",
                              address=self.pages), id="print-qr", markup=False)  # fmt: skip
            with Horizontal(classes="buttons"):
                yield Button(_("Print"), id="print", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "print":
            self.submit()
        else:
            self.dismiss(None)

    @while_on_top
    def on_input_submitted(self) -> None:
        self.submit()

    def submit(self) -> None:
        kinds = self.query_one(MarkedList).selected
        text = self.query_one("#round", Input).value.strip()
        error = self.query_one("#print-error", Label)
        if not kinds:
            show_error(error, _("Choose at least one document"))
            return
        if text and not (text.isascii() and text.isdigit() and len(text) < 4):
            show_error(error, _("the round: a number, like 3"))
            return
        if text and not 0 <= int(text) <= self.state.paired_rounds:
            show_error(error, _("round {round} is not paired", round=text))
            return
        self.dismiss(([k for k in self.kinds if k in kinds], int(text) if text else None))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter in the round's field is the field's: it prints once what was typed before it is
        in (``on_input_submitted``).  Taken at once, as everywhere else in the dialog, it printed
        the latest round's protocol for «1⏎» typed fast (a trial: the field had not read the 1)."""
        return not (action == "enter" and isinstance(self.focused, Input))

    def action_enter(self) -> None:
        self.action_print()

    def action_print(self) -> None:
        focused = self.focused
        if focused is not None and focused.id == "cancel":
            self.dismiss(None)
        else:
            self.submit()

    def action_cancel(self) -> None:
        self.dismiss(None)


def _preselected(state: Tournament) -> set[str]:
    """What a referee prints next: before round 1 the registration list and the cards; during
    the event the latest round's protocol and the cards; once the final table stands (every
    round played, every result in) the final table — a trial found the protocol of a round
    long over ticked there."""
    if not state.rounds:
        return {"registration", "cards"}
    if is_final_table(state, state.paired_rounds):
        return {"table"}
    return {"protocol", "cards"}
