"""The history of the tournament, newest first, with undo of any entry."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable

from schemes.events import retracted_ids
from tui.i18n import _, event_text
from tui.panes.pane import Pane
from tui.session import Session
from tui.widgets import PlainTable


class LogPane(Pane):
    BINDINGS = [Binding("u", "undo_entry", "Undo this entry", id="log.undo_this_entry")]

    def compose(self) -> ComposeResult:
        table = PlainTable(id="log-table", zebra_stripes=True, cursor_type="row")
        table.add_columns("#", _("Time"), _("Entry"), "")
        yield table

    def show(self, session: Session) -> None:
        table = self.query_one(DataTable)
        table.clear()
        undone = retracted_ids(session.events)
        for event in reversed(session.events):
            when = event.at[11:19] if event.at else ""
            table.add_row(
                str(event.id), when, event_text(event), _("undone") if event.id in undone else "", key=str(event.id)
            )
        self.stale = False

    def action_undo_entry(self) -> None:
        table = self.query_one(DataTable)
        if table.row_count:
            row_key, _column = table.coordinate_to_cell_key(table.cursor_coordinate)
            self.screen.undo(int(row_key.value))
