"""A tournament: players, rounds, standings and log in tabs; undo, redo, print, export.

Every change goes through ``act``, which turns a refusal into a notification (never a
traceback) and redraws the pane on show; the other panes redraw when shown.
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, Static, TabbedContent, TabPane

from data.errors import Refused, TournamentFileError
from data.service import Change, Output, Service
from schemes.errors import InvalidEvent, Notice
from schemes.log.actions import Action
from schemes.log.events import RESULT_RECORDED, Event
from schemes.registry import get_scheme, is_final_table
from tui import settings
from tui.app import TengenApp
from tui.i18n import _, event_text, said, scheme_title
from tui.panes.log import LogPane
from tui.panes.pane import Pane
from tui.panes.players import PlayersPane
from tui.panes.rounds import RoundsPane
from tui.panes.settings import SettingsPane
from tui.panes.standings import StandingsPane
from tui.serving import PagesServer
from tui.threads import hand, in_thread
from tui.translated import Translated
from tui.views import redone_note, shown_name, shown_path, undone_note
from tui.widgets import Footer, cut, footer_under_a_dialog

if TYPE_CHECKING:
    from tui.hall_link import HallLink
    from tui.screens.progress import ProgressScreen

TABS = (
    ("players", "Players", "F2", PlayersPane),
    ("rounds", "Rounds", "F3", RoundsPane),
    ("standings", "Standings", "F4", StandingsPane),
    ("log", "Log", "F5", LogPane),
    ("settings", "Settings", "F8", SettingsPane),
)

REACHED_EVERY = 5.0
"""Seconds between two looks at this laptop's address on the network, for the pages' line."""


class TournamentScreen(Translated, Screen[None]):
    # The footer of an 80-column terminal holds the pane's main keys and these three; the
    # tabs carry their F-keys in their titles, and F1 lists everything.
    BINDINGS = [
        Binding("f2", "show('players')", "Players", show=False, id="tournament.players"),
        Binding("f3", "show('rounds')", "Rounds", show=False, id="tournament.rounds"),
        Binding("f4", "show('standings')", "Standings", show=False, id="tournament.standings"),
        Binding("f5", "show('log')", "Log", show=False, id="tournament.log"),
        Binding("f8", "show('settings')", "Settings", show=False, id="tournament.settings"),
        Binding("ctrl+z", "undo", "Undo", id="tournament.undo"),
        Binding("ctrl+y", "redo", "Redo", show=False, id="tournament.redo"),
        Binding(
            "f6", "print", "Print", show=False, id="tournament.print"
        ),  # F1 lists it: the tabs' own keys fill 80 columns
        Binding("f7", "export", "Export: rating table, OpenGotha file (XML)", show=False, id="tournament.export"),
        Binding("f9", "hall", "Hall", show=False, id="tournament.hall"),
        Binding("f12", "pages", "Players' pages", show=False, id="tournament.pages"),
        Binding("ctrl+w,q", "close", "Close", show=False, id="tournament.close"),
        Binding("escape", "escape", "Close, or take the notifications away", show=False, id="tournament.escape"),
    ]
    app = getters.app(TengenApp)
    """Tengen's app: whether printed files open in a viewer."""
    AUTO_FOCUS = ""
    """``on_mount`` puts the cursor in the shown tab's table: Textual's own choice, the tabs,
    had it first, and the table was drawn once without the cursor, then again with it."""

    def __init__(self, session: Service) -> None:
        super().__init__()
        self.session = session
        self.link: HallLink | None = None
        """The hall's sync, while the tournament is a hall's."""
        self.pages = PagesServer(self)
        """The players' pages (and a hall's peers), served while the referee has it on."""
        self.pairing: int | None = None
        """The round being paired in a thread (``RoundsPane.pair``), if one is: nothing else is
        entered meanwhile."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """None of its keys before it stands (its ``on_mount`` done): «⏎», «o» and ctrl+z typed
        at once on the start screen undid in a screen whose tabs were not up yet, and the app
        fell over."""
        return self.is_mounted

    async def recompose_translated(self) -> None:
        """The words of the new language, the referee's place kept: only what ``compose``
        wrote in words is written again — the tabs' titles, the panes' own
        (``Pane.retranslate``) — and every pane is drawn again from the state.  Composed anew,
        the screen showed the rounds tab whatever tab was shown, and its new panes had
        forgotten the round and the table shown, the search typed, the cursor (trials)."""
        tabs = self.query_one(TabbedContent)
        for tab, title, key, _kind in TABS:
            tabs.get_tab(tab).label = f"{_(title)} {key}"
        for pane in self.panes:
            pane.retranslate()
        self.redraw()  # the bindings are translated already (``action_switch_language``)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="title", markup=False)
        yield Static(id="hall-line", markup=False)
        yield Static(id="pages-line", markup=False)
        initial = "rounds" if self.session.state.players else "players"
        with TabbedContent(initial=initial):
            for tab, title, key, pane in TABS:
                with TabPane(f"{_(title)} {key}", id=tab):
                    yield pane(id=f"{tab}-pane")
        yield Footer(show_command_palette=False)  # ctrl+p is in F1's list, in Russian

    def on_mount(self) -> None:
        self.sub_title = shown_name(self.session.path.name)
        self.redraw()
        self.keep_focus()
        for copy in self.session.sync_copies():  # another laptop's entries, left beside it by a sync tool
            self.notify(said(copy), severity="warning", timeout=30)
        self.start_link()
        self.set_interval(REACHED_EVERY, self.show_pages)  # the laptop may join the hall's Wi-Fi meanwhile

    def on_screen_suspend(self) -> None:
        footer_under_a_dialog(self, covered=True)

    def on_screen_resume(self) -> None:
        footer_under_a_dialog(self, covered=False)

    def start_link(self) -> None:
        """A hall's tournament syncs with its peers from the moment it opens, and serves them
        (unless the referee switched that off for it): the peers only fetch, so what a
        laptop that serves nothing enters never reaches the others."""
        if self.link is None and self.session.state.hall is not None:
            # the hall's code (git, HTTP) loads for a hall's tournament only: not while the
            # referee of a lone event waits for board 1
            from data.hall.hall import is_hall
            from tui.hall_link import HallLink

            if not is_hall(self.session.path):
                return
            self.link = HallLink(self)
            self.show_hall()
            self.link.start()
            if settings.serves_hall(self.app.folder, self.session.path):
                self.pages.start()  # nothing when it serves already (made a hall: restarted by the caller)

    @property
    def panes(self) -> list[Pane]:
        return list(self.query(Pane))

    def active_pane(self) -> Pane:
        return self.query_one(f"#{self.query_one(TabbedContent).active}-pane", Pane)

    def redraw(self) -> None:
        """After a change: the title and the pane on show now, the others when shown."""
        self.show_title()
        self.show_hall()
        self.show_pages()
        for pane in self.panes:
            pane.stale = True
        self.active_pane().show(self.session)
        self.refresh_bindings()  # a hall's chief handed on: the keys of his own come or go
        self.call_after_refresh(self.keep_focus)

    def show_title(self) -> None:
        """The tournament's name, scheme and round reached, fitted to the width (again when the
        terminal is resized: the paper's keys at the right kept the old width's place)."""
        state = self.session.state
        total = get_scheme(state.settings.scheme).total_rounds(state)
        name, scheme, paired = state.settings.name, scheme_title(state.settings.scheme), state.paired_rounds

        def titled(name: str) -> str:
            """The round reached, and of how many where that is known (a best of three's is
            not until its final: a trial read «тур 3 из ?»)."""
            if paired and total:
                return _("{name} · {scheme} · round {paired} of {total}", name=name, scheme=scheme, paired=paired,
                         total=total)  # fmt: skip
            if paired:
                return _("{name} · {scheme} · round {paired}", name=name, scheme=scheme, paired=paired)
            if total:
                return _("{name} · {scheme} · rounds: {total}, not paired yet", name=name, scheme=scheme, total=total)
            return _("{name} · {scheme} · not paired yet", name=name, scheme=scheme)

        shown = self.query_one("#title", Static)
        # its width, or before its first layout the screen's less its padding
        room = shown.content_region.width or self.app.size.width - 2
        over = cell_len(titled(name)) - room
        # the tournament's name gives way, not the round reached (80 columns cut «жеребьёвки ещё не было»)
        title = titled(cut(name, max(cell_len(name) - over, 12))) if over > 0 else titled(name)
        opengotha = get_scheme(self.session.state.settings.scheme).traits.opengotha
        shown.update(self.with_keys(title, room, opengotha))

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_title)  # once the title has its new width

    @staticmethod
    def with_keys(title: str, room: int, opengotha: bool = False) -> str:
        """The title, and at its right the keys of the paper where there is room: F6 and F7 are
        dialogs, not tabs, and no footer at 80 columns has room for them (a trial found printing
        only in F1's list); F7 names the OpenGotha file too where the event is OpenGotha's (a
        trial found it only in the README)."""
        paper = _("F6 Print · F7 Rating table, OpenGotha") if opengotha else _("F6 Print · F7 Rating table")
        for keys in (paper, _("F6 Print")):
            gap = room - cell_len(title) - cell_len(keys)
            if gap >= 2:
                return title + " " * gap + keys
        return title

    def show_hall(self) -> None:
        """The header's line of the hall's laptops, when each was heard (only in a hall)."""
        line = self.query_one("#hall-line", Static)
        state = self.session.state
        line.display = state.hall is not None
        if self.link is not None and state.hall is not None:
            from tui.hall import laptops_line

            line.update(laptops_line(state, self.link.laptops, self.link.device))
            line.set_class(any(laptop.silent or laptop.diverged for laptop in self.link.laptops), "silent")

    def show_pages(self) -> None:
        """The line of the players' pages' address, while they are served: an IPv4 address
        and a port, so the line is 52 columns at most in either language and fits 80×24.
        Nothing once the screen's widgets are gone: the server, started in a thread, may
        answer as the tournament closes (its line removed before the screen's unmount)."""
        found = self.query("#pages-line")
        if not found:
            return
        line = found.first(Static)
        address = self.pages.address
        line.display = address is not None
        if address is not None:
            line.update(_("Players' pages: {address}/ (F12)", address=address))
            line.set_class(self.pages.unreachable, "silent")

    def keep_focus(self) -> None:
        """The cursor back in the pane's table when nothing has it (a table redrawn or
        loading loses it), so the pane's keys stay in the footer and keep working."""
        if self.focused is None and self.is_current:
            table = self.active_pane().query("DataTable")
            if table:
                self.set_focus(table.first())

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        pane = self.active_pane()
        if pane.stale:
            pane.show(self.session)
        pane.opened()
        table = pane.query("DataTable")
        if table:
            self.set_focus(table.first())

    def action_show(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    # -- changes --------------------------------------------------------------------
    def act(self, action: Action) -> Change | None:
        """Commit one action; a refusal is a notification and writes nothing."""
        return self.act_all([action])

    def act_all(self, actions: Sequence[Action]) -> Change | None:
        """Commit actions in one write; a refusal is a notification and writes nothing."""
        if self.busy_pairing():
            return None
        try:
            change = self.session.commit_all(actions)
        except (InvalidEvent, TournamentFileError, Refused) as error:  # Refused: a hall's laptop not enrolled yet
            self.notify(said(error), severity="error", timeout=8)
            return None
        self.acted(change.warnings)
        return change

    def take_chief(self) -> bool:
        """This laptop takes the chief's role (``Service.take_chief``)."""
        return self.changed(self.session.take_chief)

    def hand_chief(self, device: str) -> bool:
        """The chief's role handed to ``device`` (``Service.hand_chief``: not to a silent laptop)."""
        return self.changed(lambda: self.session.hand_chief(device))

    def changed(self, change: Callable[[], Change]) -> bool:
        """A change the service checks beyond the rules (the chief's role); a refusal is a notification."""
        try:
            done = change()
        except (InvalidEvent, TournamentFileError, Refused) as error:
            self.notify(said(error), severity="error", timeout=8)
            return False
        self.acted(done.warnings)
        return True

    def acted(self, warnings: Sequence[Notice]) -> None:
        for warning in warnings:
            self.notify(said(warning), severity="warning", timeout=8)
        self.redraw()

    def entry_text(self, event: Event) -> str:
        """An entry of the log as the log pane words it: players by number and name, an undo
        by what it undid."""
        from schemes.log.history import seated_when_entered

        state, events = self.session.state, self.session.events  # a result by its board's players, as seated then
        return event_text(event, state=state, events=events, seats=seated_when_entered(events))

    def busy_pairing(self) -> bool:
        """Whether a round is being paired, said if so: a trial's ctrl+z during the pairing's
        wait took back a registration, and the pairing then made was refused in the log's
        words («в нумерации каждый игрок должен быть ровно один раз»)."""
        if self.pairing is None:
            return False
        self.notify(_("Round {round} is being paired: wait for it", round=self.pairing), severity="warning")
        return True

    def undo(self, target: int | None = None) -> None:
        if self.busy_pairing():
            return
        try:
            undone = self.session.undo(target)
        except (InvalidEvent, TournamentFileError, Refused) as error:
            self.notify(said(error), severity="error", timeout=8)
            return
        self.app.clear_notifications()  # one undo after another: the last says what it undid, not a pile
        note = undone_note(undone.state, undone.subject)
        said_gone = _("Undone: {what}", what=self.entry_text(undone.subject))
        self.notify(f"{said_gone}; {note}" if note else said_gone)
        for warning in undone.warnings:
            self.notify(said(warning), severity="warning", timeout=8)
        self.redraw()
        self.point_at(undone.subject)

    def action_undo(self) -> None:
        """Ctrl+Z; the undo of a round's pairing asks first (held down, ctrl+z went on past
        the round's results and took its boards away too)."""
        from schemes.log import events as ev
        from tui.screens.confirm import ConfirmScreen

        if self.busy_pairing():
            return
        try:
            subject = self.session.undo_subject()
            self.session.check_undo(subject.id)  # refused before the question, not after its yes
        except InvalidEvent as error:
            self.notify(said(error), severity="error", timeout=8)
            return
        if subject.kind != ev.ROUND_PAIRED:
            self.undo()
            return
        question = _("Undo the pairing of round {round}? Its boards go; it can be paired again",
                     round=subject.data["round"])  # fmt: skip
        self.app.push_screen(ConfirmScreen(question, default=False), lambda yes: self.undo() if yes else None)

    def action_redo(self) -> None:
        if self.busy_pairing():
            return
        try:
            redone = self.session.redo()
        except (InvalidEvent, TournamentFileError, Refused) as error:
            self.notify(said(error), severity="error", timeout=8)
            return
        note = redone_note(redone.state, redone.subject)
        said_back = _("Redone: {what}", what=self.entry_text(redone.subject))
        self.notify(f"{said_back}; {note}" if note else said_back, severity="warning" if note else "information")
        self.redraw()
        self.point_at(redone.subject)

    def point_at(self, event: Event) -> None:
        """The rounds tab's cursor on the board of a result undone or redone (its round shown)."""
        rounds = self.active_pane()
        if (
            isinstance(rounds, RoundsPane)
            and event.kind == RESULT_RECORDED
            and event.data["round"] == rounds.shown_round
        ):
            rounds.jump_to(event.data["board"])

    def action_escape(self) -> None:
        """Esc takes the notifications away first, then closes the tournament: a referee's trial
        pressed it to be rid of «1-й тур не закончен…», found the start screen, and the next
        keys ran its commands."""
        if len(self.app._notifications):  # Textual's own count, expired ones left out
            self.app.clear_notifications()
        else:
            self.action_close()

    def action_close(self) -> None:
        """Close the tournament; where this laptop serves (a hall's laptop, the players' pages)
        ask first, «Нет» in focus: a trial's chief pressed Esc to go back from the settings, and
        the hall, the phones and the projector lost their server without a word."""
        if self.app.held_down():  # Escape or q held: its first closed a dialog over it (``held_down``)
            return
        if self.busy_pairing():  # its thread writes the round into this tournament when done: a trial
            return  # closed it meanwhile, read an internal error on the start screen, and had no round
        self.close_then(lambda: None)

    def close_then(self, then: Callable[[], object], otherwise: Callable[[], object] = lambda: None) -> None:
        """Close the tournament, asked first where this laptop serves (``closing_question``),
        then ``then`` (another tournament opened); «Нет» leaves it open, and ``otherwise`` says
        what that leaves."""
        from tui.screens.confirm import ConfirmScreen

        question = self.closing_question()
        if question is None:
            self.close_now()
            then()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.close_now()
                then()
            else:
                otherwise()

        self.app.push_screen(ConfirmScreen(question, default=False), answer)

    def closing_question(self) -> str | None:
        """What closing the tournament (or quitting the app) stops, where this laptop serves."""
        if self.link is not None and self.pages.serving:
            return _("Close the tournament? This laptop leaves the hall until it is opened again, and its "
                     "players' pages stop.")  # fmt: skip
        if self.link is not None:
            return _("Close the tournament? This laptop leaves the hall until it is opened again.")
        if self.pages.serving:
            return _("Close the tournament? Its players' pages stop: the phones and the projector lose them.")
        return None

    def close_now(self) -> None:
        """Close the tournament (everything is saved); its notifications and its server go with it."""
        if self.link is not None:
            self.link.close()
        self.pages.close()
        self.session.close()
        self.app.clear_notifications()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        if self.link is not None:
            self.link.close()
        self.pages.close()
        self.session.close()

    # -- the hall ---------------------------------------------------------------------
    def action_hall(self) -> None:
        """The hall's dialog: its secret, laptops, serving and a sync by hand; for a
        tournament of one laptop, making it a hall."""
        from tui.screens.hall_dialog import HallScreen, MakeHallScreen

        if self.link is not None:
            self.app.push_screen(HallScreen(self.link, self.pages))
            return

        def named(name: str | None) -> None:
            if name is not None:
                self.make_hall(name)

        self.app.push_screen(MakeHallScreen(), named)

    def make_hall(self, name: str) -> None:
        """Make the tournament a hall founded by this laptop, then show its secret.  The hall
        is made through a writable service of its own (``hall.init``): the app's is closed
        first and the file opened again after, whatever came of it."""
        from data.hall import hall
        from tui.app import _opened

        path = self.session.path
        self.session.close()
        made = True
        try:
            founded = hall.init(path, name)
            if founded.unrecorded is not None:
                self.notify(said(founded.unrecorded), severity="warning", timeout=10)
        except (Refused, InvalidEvent, TournamentFileError) as error:
            self.notify(said(error), severity="error")
            made = False
        except OSError as error:
            from data.errors import os_reason

            self.notify(_("{path}: {reason}", path=path.name, reason=said(os_reason(error))), severity="error")
            made = False
        try:
            self.session = _opened(path)
        except (TournamentFileError, InvalidEvent) as error:  # another program took it meanwhile
            self.notify(said(error), severity="error", timeout=10)
            self.app.pop_screen()
            return
        self.redraw()
        if made:
            self.start_link()
            self.pages.restart()  # serving the pages alone until now: the peers' fetches too
            self.notify(_("{path} is a hall now", path=path.name))
            self.action_hall()

    def action_pages(self) -> None:
        """The players' pages: start or stop serving them, their address and its QR code."""
        from tui.screens.pages_dialog import PagesScreen

        self.app.push_screen(PagesScreen(self.pages, hall=self.link is not None))

    # -- paperwork ------------------------------------------------------------------
    def action_print(self) -> None:
        from tui.screens.print_dialog import PrintScreen

        def chosen(choice: tuple[list[str], int | None] | None) -> None:
            if choice:
                self.print_documents(*choice)

        grouping = self.query_one(StandingsPane).grouping
        self.app.push_screen(PrintScreen(self.session.state, self.pages.address, grouping), chosen)

    def print_documents(self, kinds: list[str], round_number: int | None) -> None:
        from tui.screens.progress import ProgressScreen

        progress = ProgressScreen(len(kinds))
        self.app.push_screen(progress)
        pages = self.pages.address  # where the protocol's code points: this laptop's address now
        shown = self.query_one(StandingsPane)
        teams = (shown.team_best, shown.grouping)  # as the standings tab shows them (a trial printed best 3 of teams)
        in_thread(self, lambda: self.write_documents(kinds, round_number, progress, pages, teams),
                  lambda said: self.printed(progress, [], said), group="print")  # fmt: skip

    def write_documents(
        self,
        kinds: list[str],
        round_number: int | None,
        progress: ProgressScreen,
        pages: str | None,
        teams: tuple[int, str],
    ) -> None:
        """Runs in a thread: each PDF next to the tournament file, the bar moving on; while
        the players' pages are served (``pages``), the protocol with the QR code of its round's
        page: what a player at the wall wants on the phone; the team standings counting the
        best and grouped as the standings tab shows them (``teams``: ``+``, ``−``, ``c``)."""
        from paperwork.build import print_to, round_of
        from paperwork.document import write
        from paperwork.kinds import UNNUMBERED
        from paperwork.rounds import protocol
        from paperwork.tables import teams as team_standings
        from tui.views import document_label

        state, events = self.session.state, list(self.session.events)
        written: list[Output] = []
        undrawn: list[str] = []
        refused: list[str] = []  # a document that cannot be made now: the others still are (a review)
        stem = self.session.path.with_suffix("")
        try:
            for kind in kinds:
                hand(self.app, progress.doing, _("Writing {document}…", document=document_label(state, kind, teams[1])))
                try:
                    number = round_of(kind, state, round_number)
                    named = f"{teams[1]}s" if kind == "teams" and teams[1] != "team" else kind  # clubs apart from teams
                    name = f"{stem}-{named}.pdf" if kind in UNNUMBERED else f"{stem}-{named}-{number}.pdf"
                    target = self.session.free_output(name)
                    if kind == "protocol" and pages is not None:
                        undrawn += write(protocol(state, events, number, f"{pages}/round/{number}"), target)
                    elif kind == "teams":
                        undrawn += write(team_standings(state, events, number, *teams), target)
                    else:
                        undrawn += print_to(target, kind, state, events, number)
                except Refused as error:  # a bracket before round 1: the registration list after it is written
                    refused.append(f"{document_label(state, kind, teams[1])}: {said(error)}")  # which (a review)
                    continue
                written.append(target)
                hand(self.app, progress.done_one)
        except (ValueError, OSError, TournamentFileError) as error:
            hand(self.app, self.printed, progress, written, "\n".join([*refused, said(error)]), undrawn)
            return
        hand(self.app, self.printed, progress, written, "\n".join(refused) or None, undrawn)

    def printed(
        self, progress: ProgressScreen, outputs: list[Output], error: str | None, undrawn: Sequence[str] = ()
    ) -> None:
        progress.finish()
        if error:
            self.notify(error, severity="error", timeout=10)
        from paperwork.document import undrawn_notice

        notice = undrawn_notice(undrawn)
        if notice is not None:  # a Chinese name left out of the papers: said once, not found blank at the wall
            self.notify(said(notice), severity="warning", timeout=15)
        written = [output.path for output in outputs]
        if written:
            folder = shown_path(written[0].parent)
            self.notify(_("Written to {folder}: {files}", folder=folder, files="\n".join(p.name for p in written)),
                        timeout=8)  # fmt: skip
            for output in outputs:
                self.say_renamed(output)
            if not self.app.open_viewer:
                return
            try:
                for path in written:
                    quiet = subprocess.DEVNULL
                    opened = subprocess.Popen(["xdg-open", str(path)], stdout=quiet, stderr=quiet)
                    # waited for aside: a child never waited for stays a zombie while Tengen runs (a trial)
                    threading.Thread(target=opened.wait, daemon=True).start()
            except OSError:  # none, or one that does not start (a broken xdg-open): the files are there
                self.notify(
                    _("No PDF viewer here: open the files from {folder} to print them", folder=folder),
                    severity="warning",
                    timeout=20,
                )

    def say_renamed(self, output: Output) -> None:
        """Why a document is under «name (2)»: its own name held by a folder, a tournament or no
        plain file (a trial looked for the name it knew and wondered at the other)."""
        if output.instead_of is not None:
            self.notify(_("{name} is taken by a folder, a tournament or a file that is not a document: written as "
                          "{other}", name=output.instead_of.name, other=output.path.name), severity="warning",
                        timeout=10)  # fmt: skip

    def action_export(self) -> None:
        """F7: the rating table (its Latin names from the EGD list the referee last searched,
        where it still is) or an OpenGotha file, beside the tournament."""
        from data.importers import ImportFailed
        from paperwork.rating_table import placeholders, writes_latin
        from tui.screens.export_dialog import ExportScreen
        from tui.screens.rating_lookup import rating_list

        remembered = Path(settings.text(self.app.folder, "rating_list"))
        listed = remembered if str(remembered) != "." and remembered.is_file() else None

        def chosen(choice: tuple[str, bool, bool] | None) -> None:
            if choice is None:
                return
            from data.opengotha import GothaFileError, write
            from paperwork.rating_table import export

            what, latin, egf = choice
            stem = self.session.path.stem
            warnings: tuple[Notice, ...] = ()
            if what == "opengotha":
                target = self.session.path.with_name(f"{stem}-opengotha.xml")
                try:
                    written = write(self.session.state)
                except GothaFileError as error:  # more rounds than OpenGotha holds
                    self.notify(said(error), severity="error", timeout=10)
                    return
                text, warnings = written.text, written.warnings
            else:
                target = self.session.path.with_name(f"{stem}-rating{'-egf' if egf else ''}.txt")
                try:
                    latin_out = writes_latin(self.session.state, latin, egf)
                    ratings = rating_list(listed) if latin_out and listed is not None else None
                except (OSError, ImportFailed) as error:
                    self.notify(said(error), severity="error", timeout=10)
                    return
                text = export(self.session.state, self.session.events, latin, egf, ratings)
            try:
                output = self.session.free_output(str(target))
                output.write(text.encode("utf-8"))
            except (TournamentFileError, Refused) as error:
                self.notify(said(error), severity="error", timeout=10)
                return
            where = shown_path(output.path)
            done = (
                _("OpenGotha file written to {path}", path=where)
                if what == "opengotha"
                else _("Rating table written to {path}", path=where)
            )
            self.notify(done, timeout=8)
            self.say_renamed(output)
            for warning in warnings:
                self.notify(said(warning), severity="warning", timeout=10)

        shown = [said(warning) for warning in placeholders(self.session.state)]  # Latin unticked: whose names
        state = self.session.state
        under_way = not is_final_table(state, state.paired_rounds)
        side_by_side = get_scheme(state.settings.scheme).traits.opengotha and under_way
        self.app.push_screen(ExportScreen(shown, listed, side_by_side), chosen)
