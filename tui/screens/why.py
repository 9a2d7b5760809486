"""Why this opponent: OpenGotha's cost components of a board's pair, beside each player's best
other partner in the round (McMahon, Swiss; spec: mcmahon.md)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label

from schemes.state.model import Tournament
from schemes.systems.gotha.costs import COST_NAMES
from schemes.systems.gotha.pairing import Why
from tui.i18n import _
from tui.screens.dialog import Dialog
from tui.translated import Translated
from tui.widgets import Footer, PlainTable

COMPONENT_TITLES = {
    "baseDuplicateGameCost": "not met before",
    "baseRandomCost": "random",
    "baseBWBalanceCost": "colour balance",
    "mainCategoryCost": "category",
    "mainScoreDiffCost": "score difference",
    "mainDUDDCost": "draw-up/down",
    "mainSeedCost": "seeding",
    "secHandiCost": "handicap",
    "secGeoCost": "club and country",
    "totalCost": "total",
}
"""What each of OpenGotha's components rewards, in the referee's words (larger is better)."""


class WhyScreen(Translated, Dialog[None]):
    BINDINGS = [Binding("escape,q", "close", "Close", id="why.close")]
    """Not ``v``: the first count of a session takes a second and more, and a ``v`` pressed
    again meanwhile reached this screen and closed it at once."""

    def __init__(self, tournament: Tournament, number: int, why: Why) -> None:
        super().__init__()
        self.tournament, self.number, self.why = tournament, number, why

    def name_of(self, player: int) -> str:
        p = self.tournament.players[player]
        return f"{self.number_of(player)}. {p.surname}"

    def number_of(self, player: int) -> str:
        return str(self.tournament.numbers.get(player, player))

    def compose(self) -> ComposeResult:
        """Columns headed by the players' numbers (``2–3``), so that three fit at 80 columns;
        the names are in the lines above."""
        why = self.why
        columns = [why.pair] + [best for best in (why.best_for_a, why.best_for_b) if best is not None]
        others = "; ".join(
            f"{self.number_of(w.a)}–{self.number_of(w.b)} {self.tournament.players[w.b].surname}" for w in columns[1:]
        )
        with Vertical(classes="dialog weights"):
            yield Label(
                _(
                    "Round {round}: {a} – {b}",
                    round=self.number,
                    a=self.name_of(why.pair.a),
                    b=self.name_of(why.pair.b),
                ),
                markup=False,
            )
            yield Label(_("Their best other partners: {others}", others=others or "—"), markup=False)
            yield Label(  # a player's other partner may weigh more: the whole field's sum decides
                _("OpenGotha's weights, the larger the better; the pairing takes the largest sum over all the boards"),
                markup=False,
            )
            table = PlainTable(id="why", zebra_stripes=True, cursor_type="row")
            table.add_column(_("Component"), key="component")
            for index, weighed in enumerate(columns):
                table.add_column(f"{self.number_of(weighed.a)}–{self.number_of(weighed.b)}", key=str(index))
            for name in (*COST_NAMES, "totalCost"):
                table.add_row(_(COMPONENT_TITLES[name]), *(f"{w.costs[name]:,}".replace(",", " ") for w in columns))
            yield table
        yield Footer(show_command_palette=False)  # how to close it: its one key, in view

    def action_close(self) -> None:
        self.dismiss(None)
