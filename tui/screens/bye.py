"""Who sits out an odd round: the referee's choice among the players who may, each one's
earlier bye said beside him (a second one is then asked about)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from schemes.errors import Notice
from tui.i18n import _
from tui.screens.dialog import Dialog
from tui.translated import Translated
from tui.widgets import EndedList, plain, while_on_top


class ByeScreen(Translated, Dialog[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="bye.cancel")]

    def __init__(
        self, question: str, players: Sequence[tuple[int, str, Notice | None]], default: int | None = None
    ) -> None:
        super().__init__()
        self.question = question
        self.players = players
        """Each player's id, his label and his earlier bye, if he had one."""
        self.default = default if any(p == default for p, _label, _bye in players) else None
        """Whom the pairing would seat out («Да» to the pairing question), where it says."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="heading", markup=False)
            if self.default is not None:
                yield Label(_("The cursor is on the player the pairing would seat out: ↑↓ for another"), markup=False)
            elif any(bye is None for _player, _label, bye in self.players):  # else it starts on the last
                yield Label(_("The cursor is on the lowest player without a bye yet: ↑ for another"), markup=False)
            yield EndedList(
                *(
                    Option(
                        plain(
                            label + (f" — {_('had a bye: round {rounds}', rounds=bye.fields['rounds'])}" if bye else "")
                        ),
                        id=str(p),
                    )  # fmt: skip
                    for p, label, bye in self.players
                ),
                id="bye-players",
            )

    def on_mount(self) -> None:
        """The cursor on the pairing's own choice (a trial's Enter on the table's last, below
        a McMahon floor, made a pairing OpenGotha would not), else on the bottom's offer; the
        dialog says which (a trial took it for the top and pressed ↓ to reach the 4th); it stops
        at the list's ends (a trial's ↓ from the bottom wrapped to the leaders, and the 6th
        place sat out without a word)."""
        options = self.query_one(EndedList)
        # the bottom, where byes go: the lowest who has not had one (the list's last may have)
        fresh = [i for i, (_player, _label, bye) in enumerate(self.players) if bye is None]
        offered = fresh or list(range(len(self.players)))
        chosen = [i for i, (player, _label, _bye) in enumerate(self.players) if player == self.default]
        options.highlighted = (chosen or offered)[-1] if offered else None
        options.focus()

    @while_on_top
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)
