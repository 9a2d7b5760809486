"""The tournament's settings and every parameter of its scheme, with what each means."""

from __future__ import annotations

from textual.app import ComposeResult
from tui.widgets import PlainTable
from textual.widgets import DataTable

from tui import views
from tui.i18n import _
from tui.panes.pane import Pane
from tui.session import Session


class SettingsPane(Pane):
    def compose(self) -> ComposeResult:
        table = PlainTable(id="settings-table", zebra_stripes=True, cursor_type="row")
        table.add_columns(_("Setting"), _("Value"), _("Meaning"))
        yield table

    def show(self, session: Session) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for key, value, meaning in views.settings_rows(session.state):
            table.add_row(key, value, _(meaning) if meaning else "")
        self.stale = False
