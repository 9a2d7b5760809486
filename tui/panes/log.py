"""The history of the tournament, newest first, with undo of any entry (asked first).

An undone entry says so at the start of its line and is dimmed, so it is seen at once at
80 columns; an entry too long for the width wraps onto more lines, never cut."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from data.service import Service, another_laptop
from schemes.errors import InvalidEvent
from schemes.log import events as ev
from schemes.log.events import Event, retracted_ids
from schemes.log.history import seated_when_entered
from tui.i18n import _, event_text, said
from tui.panes.pane import Pane
from tui.views import local_time
from tui.widgets import Column, PlainTable, cut


class LogPane(Pane):
    BINDINGS = [Binding("u", "undo_entry", "Undo this entry", id="log.undo_this_entry")]

    def compose(self) -> ComposeResult:
        yield PlainTable(id="log-table", zebra_stripes=True, cursor_type="row")

    def show(self, session: Service) -> None:
        undone = retracted_ids(session.events)
        seats = seated_when_entered(session.events)
        hall = session.state.hall

        def made_by(event: Event) -> str:
            """The laptop that made an entry, in a hall (a trial untangling a dispute could not
            tell who had typed what); the column is left out of a tournament on one laptop."""
            laptop = hall.laptops.get(event.origin.device) if hall and event.origin else None
            return cut(laptop.name, 12) if laptop else ""  # a name of 40 would leave the entry no room

        rows = [
            (
                str(event.id),
                [
                    str(event.id),
                    local_time(event.at),
                    made_by(event),
                    _("undone") if event.id in undone else "",
                    event_text(
                        event,
                        laptops=hall.laptops if hall else None,
                        state=session.state,
                        events=session.events,
                        seats=seats,
                    ),  # fmt: skip
                ],
            )  # fmt: skip
            for event in reversed(session.events)
        ]
        columns = [
            Column("id", "#"),
            Column("time", _("Time")),
            Column("laptop", _("Laptop"), optional=True),
            Column("undone", "", optional=True),
            Column("entry", _("Entry"), gives_way=1, wrap=True),
        ]
        table = self.query_one(PlainTable)
        table.fill(columns, rows, self.width_to_fill())
        for key, cells in rows:
            if cells[3]:  # an undone entry, dimmed
                table.update_cell(key, "entry", Text(cells[4], style="dim strike", end=""))
        self.stale = False

    def opened(self) -> None:
        """On the newest entry, each time the tab is opened: a trial came back after nine
        results, the cursor on an old entry and the new ones scrolled out of sight above, and
        «u» undid the old one (asked first, naming it)."""
        table = self.query_one(PlainTable)
        table.move_cursor(row=0, animate=False)
        table.scroll_home(animate=False)

    def action_undo_entry(self) -> None:
        """Undo the entry under the cursor, after saying which (it may be days old)."""
        from tui.screens.confirm import ConfirmScreen

        key = self.query_one(PlainTable).cursor_key()
        if key is None:
            return
        event = self.session.events[int(key) - 1]
        try:
            self.session.check_undo(event.id)  # refused before the question, not after its yes
        except InvalidEvent as error:
            self.notify(said(error), severity="error", timeout=8)
            return
        question = _("Undo entry {event}: {what}?", event=event.id, what=self.tournament_screen.entry_text(event))
        others = another_laptop(self.session.state, event.origin)
        if others is not None:  # a trial undid another laptop's result unawares: said, «Нет» first
            question = _("Entry of the laptop {laptop}.", laptop=others) + " " + question
        pairing = event.kind == ev.ROUND_PAIRED  # its boards go with it: «Нет» first, as ctrl+z asks
        self.app.push_screen(
            ConfirmScreen(question, default=not (pairing or others is not None)),
            lambda yes: self.tournament_screen.undo(event.id) if yes else None,
        )
