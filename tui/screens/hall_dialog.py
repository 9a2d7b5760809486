"""The hall's dialog (F9): several laptops sharing this tournament.

For a tournament of one laptop it makes it a hall, this laptop its chief.  For a hall it
shows the secret (as text and as a QR code a helper's phone scans off the screen), the
laptops and when each was heard, the disputed boards, a switch to serve the peers, and a
sync by hand with a folder (a USB stick) or an address."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static, Switch

from tui import settings
from tui.hall import disputes, heard, laptop_name, qr_text
from tui.hall_link import HallLink
from tui.i18n import _, said
from tui.screens.ask import show_error
from tui.screens.dialog import Dialog
from tui.screens.following import FollowsTheServer
from tui.serving import OFFERED, PagesServer
from tui.translated import Translated
from tui.widgets import Field, while_on_top


def grouped(secret: str) -> str:
    """The secret in groups of four, as a helper reads it out and types it (any grouping is taken)."""
    return "-".join(secret[i : i + 4] for i in range(0, len(secret), 4))


class MakeHallScreen(Translated, Dialog[str | None]):
    """The name of this laptop, then the tournament is a hall (or Esc: it is not)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="make_hall.cancel")]
    AUTO_FOCUS = "#laptop-name"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("A hall: several laptops, one tournament"), classes="heading", markup=False)
            yield Label(_("Several laptops will share this tournament: helpers enter results and register "
                          "players on theirs, this one pairs the rounds (the chief's)."), markup=False)  # fmt: skip
            yield Label(_("This laptop's name"), markup=False)
            yield Field(_("Chief"), id="laptop-name")
            yield Label("", id="make-hall-error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Make it a hall"), id="make", variant="primary")
                yield Button(_("Cancel"), id="cancel")

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "make":
            self.submit()
        else:
            self.dismiss(None)

    @while_on_top
    def on_input_submitted(self) -> None:
        self.submit()

    def submit(self) -> None:
        name = self.query_one("#laptop-name", Input).value.strip()
        if not name:
            show_error(self.query_one("#make-hall-error", Label), _("Give this laptop a name"))
            return
        self.dismiss(name[:40])

    def action_cancel(self) -> None:
        self.dismiss(None)


LAPTOP_LINES = 6
"""The lines the laptops' list has (``#hall-laptops``' height at 80×24), its heading among them."""


class HallScreen(FollowsTheServer, Translated, Dialog[None]):
    """What a hall's laptop shows and does; its lines follow the sync underneath."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="hall_dialog.close"),
        Binding("ctrl+l", "left_out", "Left out of the hall's log", show=False, id="hall_dialog.left_out"),
    ]
    SHOWN = "#hall-laptops"
    AUTO_FOCUS = "#sync-source"

    def __init__(self, link: HallLink, pages: PagesServer) -> None:
        super().__init__()
        self.link = link
        self.pages = pages
        """The one server of the peers and the players' pages (its switch here is the pages' dialog's too)."""

    def compose(self) -> ComposeResult:
        secret = grouped(self.link.secret)
        with Vertical(classes="dialog hall", id="hall-dialog"):
            with Horizontal(id="hall-body"):
                yield Static(qr_text(secret), id="qr")
                with Vertical(id="hall-side"):
                    yield Label(_("The hall's secret (helpers join with it):"), markup=False)
                    yield Label(secret, id="hall-secret", markup=False)
                    yield Static(id="hall-laptops", markup=False)
                    yield Label("", id="hall-disputes", markup=False)
                    with Horizontal(id="serve-row"):
                        yield Switch(self.pages.serving, id="serve")
                        yield Label("", id="serve-label", markup=False)
                    yield Label(_("Sync now with a folder (a USB stick) or http://…; empty: the peers"),
                                markup=False)  # fmt: skip
                    last = settings.sync_source(self.link.screen.app.folder, self.link.path)
                    yield Field(last, id="sync-source", placeholder="/media/usb, http://192.168.1.5:8390")
                    with Horizontal(classes="buttons"):
                        yield Button(_("Sync now"), id="sync", compact=True)
                        yield Button(_("Chief…"), id="chief", compact=True)
                        yield Button(_("Take the chief's role…"), id="take", compact=True)
                        yield Button(_("Close"), id="close", compact=True)

    def on_mount(self) -> None:
        self.query_one("#hall-dialog").border_title = _("Hall")
        self.follow()

    def show(self) -> None:
        """The laptops, the disputes and the server as they are now."""
        state = self.link.state
        hall = state.hall
        if hall is None:  # never: the dialog is a hall's
            return
        known = {laptop.device: laptop for laptop in self.link.laptops}
        lines = [_("Laptops:")]
        for enrolled in hall.laptops.values():
            laptop = known.get(enrolled.device)
            when = heard(laptop, self.link.device) if laptop else (
                _("this laptop") if enrolled.device == self.link.device else "…")  # fmt: skip
            lines.append(f" {laptop_name(enrolled.name, enrolled.device == hall.chief)}: {when}")
        if self.link.device not in hall.laptops:  # joined: listed once the chief's laptop has enrolled it
            lines.append(f" {_('this laptop is not enrolled yet')}")
        if len(lines) > LAPTOP_LINES:  # a sixth laptop was cut off unsaid (a trial): the rest named on one line
            rest = list(hall.laptops.values())[LAPTOP_LINES - 2 :]
            names = ", ".join(laptop.name for laptop in rest)
            lines = [*lines[: LAPTOP_LINES - 1], " " + _("and {count} more: {names}", count=len(rest), names=names)]
        self.query_one("#hall-laptops", Static).update("\n".join(lines))
        counted = _("Disputed boards: {count}", count=disputes(state))
        if self.link.left_out:  # said for good, not only by the toast of the sync that left them out (a trial)
            counted += " · " + _("left out of the hall's log: {count} (ctrl+l)", count=len(self.link.left_out))
        self.query_one("#hall-disputes", Label).update(counted)
        self.query_one("#chief", Button).display = bool(self.others())
        self.query_one("#take", Button).display = self.lost_chief() is not None
        with self.prevent(Switch.Changed):  # what the server is, not what the referee asks
            self.query_one("#serve", Switch).value = self.pages.serving  # restarted underneath when made a hall
        serving = self.pages.address
        off = "\n".join((_("Serving the peers: off (port {port})", port=OFFERED),
                         _("What is entered here reaches no other laptop.")))  # fmt: skip
        starting = _("Starting…") if self.pages.starting else off
        self.query_one("#serve-label", Label).update(
            _("Serving at {address}", address=serving) if serving else starting
        )

    def on_switch_changed(self, event: Switch.Changed) -> None:
        event.stop()
        self.pages.serve(event.value)
        self.show()  # off again when it could not start

    @while_on_top
    def on_input_submitted(self) -> None:
        self.sync()

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "sync":
            self.sync()
        elif event.button.id == "chief":
            self.hand_on()
        elif event.button.id == "take":
            self.take_on()
        else:
            self.dismiss(None)

    def others(self) -> list[tuple[str, str]]:
        """The laptops this one may hand the chief's role to (device, name): the others
        enrolled, when this laptop is the chief (the role is handed on by its holder)."""
        hall = self.link.state.hall
        if hall is None or hall.chief != self.link.device:
            return []
        return [(d, laptop.name) for d, laptop in hall.laptops.items() if d != self.link.device]

    def hand_on(self) -> None:
        """Ask which laptop becomes the chief's (Esc: none), then hand the role on: an event
        like any other, replicated to every laptop."""
        from tui.screens.confirm import ChoiceScreen

        others = dict(self.others())
        if not others:
            return

        def chosen(answer: str | None) -> None:
            device = (answer or "").removeprefix("laptop-")
            if device in others and self.link.screen.hand_chief(device):
                self.notify(_("the chief's laptop is now {name}", name=others[device]))
                self.show()

        answers = [(f"laptop-{device}", name) for device, name in others.items()] + [("cancel", _("Cancel"))]
        question = _("Hand the chief's role (pairing, settings) to which laptop?")
        self.app.push_screen(ChoiceScreen(question, answers, "cancel"), chosen)

    def lost_chief(self) -> str | None:
        """The chief's laptop's name where this laptop, enrolled, may take its role: the
        chief's has not been heard for over a minute (a dead disk, a stolen laptop)."""
        hall = self.link.state.hall
        if hall is None or hall.chief == self.link.device or self.link.device not in hall.laptops:
            return None
        chief = next((laptop for laptop in self.link.laptops if laptop.device == hall.chief), None)
        return chief.name if chief is not None and chief.silent else None

    def take_on(self) -> None:
        """Ask, «Нет» in focus, then take the chief's role for this laptop."""
        from tui.screens.confirm import ConfirmScreen

        name = self.lost_chief()
        if name is None:
            return

        def answer(yes: bool | None) -> None:
            if yes and self.link.screen.take_chief():
                self.notify(_("This laptop is the chief's now"))
                self.show()

        question = _("The chief's laptop ({name}) has not been heard for over a minute. Make this laptop the "
                     "chief's? Pairing and the settings move here; that laptop becomes a helper when it hears of "
                     "it.", name=name)  # fmt: skip
        self.app.push_screen(ConfirmScreen(question, default=False), answer)

    def sync(self) -> None:
        source = self.query_one("#sync-source", Input).value.strip()
        if source:
            settings.remember_sync_source(self.link.screen.app.folder, self.link.path, source)
        self.notify(_("Syncing with {source}…", source=source) if source else _("Syncing with the peers…"), timeout=2)
        self.link.sync_now(source)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_left_out(self) -> None:
        """Every entry the hall's log leaves out, each with its laptop and why, in a list that
        scrolls: the count alone could not be looked into from the app (a review)."""
        from tui.screens.notices import NoticesScreen

        gone = self.link.left_out
        if not gone:
            self.notify(_("Nothing is left out of the hall's log"))
            return
        heading = _("Left out of the hall's log ({count}):", count=len(gone))
        self.app.push_screen(NoticesScreen(heading, [said(notice) for notice in gone]))
