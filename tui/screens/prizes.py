"""Who wins which prize, after the round the standings show (the usual rules: places 1-3,
women and categories when there are any, the special prizes that apply, one prize each)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from paperwork.labels import labels
from schemes.model import Tournament
from schemes.prizes import field_of, hand_out, prize_name, standard_rules
from schemes.registry import get_scheme
from tui.i18n import _, language
from tui.widgets import PlainTable


class PrizesScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,p", "close", "Close", id="prizes.close")]

    def __init__(self, tournament: Tournament, after_round: int) -> None:
        super().__init__()
        self.tournament, self.after_round = tournament, after_round

    def compose(self) -> ComposeResult:
        state = self.tournament
        standings = get_scheme(state.settings.scheme).standings(state, self.after_round)
        field = field_of(state, standings)
        words = labels(language())  # the prizes' names are the paper's words, in the interface language
        with Vertical(classes="dialog wide"):
            yield Label(_("Prizes after round {round}", round=self.after_round), markup=False)
            table = PlainTable(id="prizes", zebra_stripes=True, cursor_type="row")
            table.add_columns(_("Prize"), _("Winner"), _("Decided by"))
            for prize in hand_out(field, standard_rules(field)):
                names = "; ".join(
                    f"{state.numbers.get(p, '')}. {state.players[p].full_name}".lstrip(". ") for p in prize.players
                )
                table.add_row(prize_name(prize.name, lambda phrase: words.get(phrase, phrase)), names, prize.value)
            yield table

    def action_close(self) -> None:
        self.dismiss(None)
