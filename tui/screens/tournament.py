"""One tournament: its standings and the pairing of the latest round."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static, TabbedContent, TabPane

from data.errors import TournamentFileError
from data.ledger import Ledger
from schemes.model import Tournament
from tui import views


class TournamentScreen(Screen[None]):
    BINDINGS = [
        Binding("s", "show('standings')", "Standings"),
        Binding("p", "show('pairings')", "Pairings"),
        Binding("t", "show('settings')", "Settings"),
        Binding("r", "reload", "Reload"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title")
        with TabbedContent(initial="standings"):
            with TabPane("Standings", id="standings"):
                yield DataTable(id="standings-table", zebra_stripes=True, cursor_type="row")
            with TabPane("Pairings", id="pairings"):
                yield DataTable(id="pairings-table", zebra_stripes=True, cursor_type="row")
            with TabPane("Settings", id="settings"):
                yield DataTable(id="settings-table", zebra_stripes=True, cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def action_show(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def action_reload(self) -> None:
        try:
            state = Ledger(self.path).state
        except TournamentFileError as error:
            self.notify(str(error), severity="error", timeout=10)
            return
        self.sub_title = self.path.name
        settings = state.settings
        self.query_one("#title", Static).update(
            f"{settings.name}  ·  {settings.scheme}  ·  {state.paired_rounds} round(s) paired"
        )
        self._fill_standings(state)
        self._fill_pairings(state)
        self._fill_settings(state)

    def _fill_standings(self, state: Tournament) -> None:
        table = self.query_one("#standings-table", DataTable)
        table.clear(columns=True)
        data = views.standings_json(state, views.latest_complete_round(state))
        keys = [k for k in (data["rows"][0]["tiebreaks"] if data["rows"] else {}) if k != "points"]
        table.add_columns("Place", "No", "Name", "Rank", "Score", *keys)
        for row in data["rows"]:
            table.add_row(
                row["place"], row["no"] or "", row["name"], row["rank"], f"{row['score']:g}",
                *(f"{row['tiebreaks'][k]:g}" for k in keys),
            )

    def _fill_pairings(self, state: Tournament) -> None:
        table = self.query_one("#pairings-table", DataTable)
        table.clear(columns=True)
        table.add_columns("Board", "White", "Black", "Hcp", "Komi", "Result")
        if not state.rounds:
            return
        data = views.pairings_json(state, state.paired_rounds)
        for board in data["boards"]:
            table.add_row(
                board["board"], views.player_label(state, board["white"]),
                views.player_label(state, board["black"]), board["handicap"], f"{board['komi']:g}",
                board["result"] or "",
            )

    def _fill_settings(self, state: Tournament) -> None:
        table = self.query_one("#settings-table", DataTable)
        table.clear(columns=True)
        table.add_columns("Setting", "Value", "Meaning")
        for key, value, meaning in views.settings_rows(state):
            table.add_row(key, value, meaning)
