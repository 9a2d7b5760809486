"""What goes out of Tengen: the rating-commission table (the RFG form with Latin names or
not, or the EGF form, Latin throughout), or the tournament as an OpenGotha file (to check it
side by side)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from tui.i18n import _
from tui.screens.confirm import AnswersInFocus
from tui.screens.dialog import Dialog
from tui.widgets import Lines, MarkedList, lines_keys, while_on_top


class ExportScreen(AnswersInFocus, Dialog[tuple[str, bool, bool] | None]):
    """Dismissed with what to write (``rating`` or ``opengotha``) and the rating table's two
    options, or None.  Before the referee chooses, it says where the table's Latin names come
    from and what the table will write in place of what is missing (``XX``, ``xxxx``), naming
    the players, as the command line warns after writing."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="export_dialog.cancel"),
        Binding("left", "app.focus_previous", "Previous answer", show=False, id="export_dialog.previous"),
        Binding("right", "app.focus_next", "Next answer", show=False, id="export_dialog.next"),
        *lines_keys("export_dialog"),  # the options' own arrows where they have the focus
    ]
    """The arrows move between the answers, as in every question (Tab too)."""
    AUTO_FOCUS = "#export"
    """The answers in focus, as in every question (the arrows move between them); the
    rating table's options are a Tab away (in focus first, Enter ticked one instead)."""

    def __init__(
        self, warnings: Sequence[str] = (), rating_list: Path | None = None, side_by_side: bool = False
    ) -> None:
        super().__init__()
        self.warnings = warnings
        """The table's notices (``placeholders``): whose names make it Latin whatever the tick
        says (never mixed), as a trial left the box unticked and got a Latin table unsaid."""
        self.rating_list = rating_list
        self.side_by_side = side_by_side
        """The OpenGotha file is what goes out next: an OpenGotha scheme's event under way, which
        the referee checks beside OpenGotha round by round; the rating table is sent once, at
        the end (a trial's Enter wrote the table mid-event when it wanted the file)."""

    def on_mount(self) -> None:
        if self.side_by_side:
            self.query_one("#opengotha", Button).focus()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Export"), classes="heading", markup=False)
            yield MarkedList(
                (_("Latin names"), "latin", False), (_("EGF format (all Latin)"), "egf", False), id="options"
            )
            if self.rating_list is None:
                source = _("Latin names by the transliteration table (no rating list chosen: f on the players' tab F2)")
            else:
                source = _("Latin names as the rating list {name} spells them, the others transliterated",
                           name=self.rating_list.name)  # fmt: skip
            yield Label(source, id="latin-source", markup=False)
            with Lines(id="export-warnings"):  # many: the answers under them stay on the screen
                for number, warning in enumerate(self.warnings):
                    yield Label(_("Rating table: {warning}", warning=warning), id=f"export-warning-{number}",
                                classes="export-warning", markup=False)  # fmt: skip
            with Horizontal(classes="buttons"):
                yield Button(_("Rating table"), id="export", variant="primary")
                yield Button(_("OpenGotha file"), id="opengotha")
                yield Button(_("Cancel"), id="cancel")

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        chosen = self.query_one(MarkedList).selected
        if event.button.id == "export":
            self.dismiss(("rating", "latin" in chosen, "egf" in chosen))
        elif event.button.id == "opengotha":
            self.dismiss(("opengotha", False, False))
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
