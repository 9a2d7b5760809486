"""Who wins which prize, after the round the standings show (the usual rules: places 1-3,
women and categories when there are any, the special prizes that apply, one prize each);
under the table, who would have had a prize but has one already."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label

from schemes.registry import is_final_table
from schemes.state.model import Tournament
from tui import views
from tui.i18n import _
from tui.screens.dialog import Dialog
from tui.translated import Translated
from tui.widgets import Column, Footer, PlainTable


class PrizesScreen(Translated, Dialog[None]):
    BINDINGS = [Binding("escape,q,p", "close", "Close", id="prizes.close")]

    def __init__(self, tournament: Tournament, after_round: int) -> None:
        super().__init__()
        self.tournament, self.after_round = tournament, after_round

    def compose(self) -> ComposeResult:
        state = self.tournament
        prizes = self.prizes = views.prizes_of(state, self.after_round)
        with Vertical(classes="dialog wide"):
            final = is_final_table(state, self.after_round)  # as the paper's title: the final prizes need no round
            title = (
                _("Prize winners") if final else _("Prizes {after}", after=views.after_round_words(self.after_round))
            )
            yield Label(title + views.results_waiting(state, self.after_round), markup=False)
            if not prizes:  # an empty table said nothing of why (an English referee's trial)
                yield Label(_("No prize is decided yet"), id="no-prizes", classes="hint", markup=False)
            yield PlainTable(id="prizes", zebra_stripes=True, cursor_type="row")
            notes = views.prize_notes(state, prizes)
            if notes:  # in a box of their own: fifteen notes left the winners' table no row at 80×24 (a trial)
                with VerticalScroll(id="prize-notes-box"):
                    yield Label("\n".join(notes), id="prize-notes", classes="hint", markup=False)
        yield Footer(show_command_palette=False)  # how to close it, in view (a trial looked for it)

    def on_mount(self) -> None:
        """The table fitted to the dialog: the winners' names give way, the value stays."""
        state = self.tournament
        rows = [
            (
                str(index),
                [
                    views.prize_title(prize.name),
                    "; ".join(
                        f"{state.numbers.get(p, '')}. {state.players[p].full_name}".lstrip(". ") for p in prize.players
                    ),
                    views.prize_decided(prize),
                ],
            )  # fmt: skip
            for index, prize in enumerate(self.prizes)
        ]
        columns = [Column("prize", _("Prize"), gives_way=1), Column("winner", _("Winner"), gives_way=2, wrap=True),
                   Column("value", _("Decided by"))]  # fmt: skip
        self.query_one(PlainTable).fill(columns, rows, min(self.app.size.width, 100) - 8)

    def action_close(self) -> None:
        self.dismiss(None)
