"""The players' pages (F12): start or stop serving them, and their address as text and as a
QR code a helper or a player points a phone at, off the referee's screen.

Any tournament has them (a hall's laptop serves its peers on the same server, so the switch
here is the hall dialog's too).  The address is said as it is now, every second: the laptop
may join the hall's Wi-Fi after the pages started, and on no network at all the dialog says
that no phone can reach them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static, Switch

from tui.hall import qr_text
from tui.i18n import _
from tui.screens.dialog import Dialog
from tui.screens.following import FollowsTheServer
from tui.serving import OFFERED, PagesServer
from tui.translated import Translated
from tui.widgets import while_on_top


class PagesScreen(FollowsTheServer, Translated, Dialog[None]):
    """The switch, the address and its QR code; its lines follow the server underneath."""

    BINDINGS = [Binding("escape", "close", "Close", id="pages_dialog.close")]
    SHOWN = "#pages-switch"
    AUTO_FOCUS = "#pages-switch"

    def __init__(self, pages: PagesServer, hall: bool) -> None:
        super().__init__()
        self.pages = pages
        self.hall = hall
        """A hall's laptop: its peers fetch from the same server (said, so stopping it is no surprise)."""
        self.shown: str | None = None
        """The page whose QR code is drawn (drawn anew only when it changes)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog pages", id="pages-dialog"):
            with Horizontal(id="pages-body"):
                yield Static(id="pages-qr")
                with Vertical(id="pages-side"):
                    yield Label(_("Pairings, results and standings on the players' phones and the projector, "
                                  "from this laptop over the hall's Wi-Fi."), markup=False)  # fmt: skip
                    with Horizontal(id="pages-row"):
                        yield Switch(self.pages.serving, id="pages-switch")
                        yield Label("", id="pages-label", markup=False)
                    yield Label("", id="pages-address", markup=False)
                    yield Label("", id="pages-note", markup=False)
                    if self.hall:
                        yield Label(_("In a hall the same server lets the peers fetch (F9)."), markup=False)
                    with Horizontal(classes="buttons"):
                        yield Button(_("Close"), id="close", compact=True)

    def on_mount(self) -> None:
        self.query_one("#pages-dialog").border_title = _("Players' pages")
        self.follow()

    def show(self) -> None:
        """The switch, its line, the address and its code as the server is now (it may have
        been restarted underneath: a tournament made a hall)."""
        with self.prevent(Switch.Changed):  # what the server is, not what the referee asks
            self.query_one("#pages-switch", Switch).value = self.pages.serving
        address = self.pages.address
        page = None if address is None else f"{address}/"
        off = _("Off (port {port})", port=OFFERED)
        self.query_one("#pages-label", Label).update(
            _("Serving") if page else _("Starting…") if self.pages.starting else off
        )
        self.query_one("#pages-address", Label).update(page or "")
        self.query_one("#pages-address", Label).display = page is not None
        if self.pages.unreachable:
            note = _("This laptop is on no network: only it can open the pages. Join the hall's Wi-Fi.")
        elif page:
            note = _("Point a phone's camera at the code, or type the address into a browser.")
        elif self.pages.starting:
            note = ""
        else:
            note = _("Switch it on to serve the pages.")
        self.query_one("#pages-note", Label).update(note)
        self.query_one("#pages-note", Label).set_class(self.pages.unreachable, "warning")
        qr = self.query_one("#pages-qr", Static)
        qr.display = page is not None
        if page is not None and page != self.shown:
            qr.update(qr_text(page))
        self.shown = page

    def on_switch_changed(self, event: Switch.Changed) -> None:
        event.stop()
        self.pages.serve(event.value)
        self.show()  # off again when it could not start

    @while_on_top
    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
