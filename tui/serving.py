"""The players' pages served from the tournament screen: one server per open tournament,
whatever it is (``../shared/spec/hall.md``, "The players' view").

One owner, because there is one port: a hall's laptop answers its peers' fetches and the
players' phones on the same server (``data.hall.serve.start``), so the hall's dialog (F9) and
the pages' dialog (F12) switch the same thing, and the hall's sync reads its address from
here to tell the peers where this laptop serves.  Starting is quick (a socket and a thread),
so it runs on the app's thread; stopping waits for open pages to be cut (about a second),
so it runs in a thread of its own and the keys never wait for it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from data.errors import Refused
from data.hall.repo import HallRepo, hall_path
from data.store import real_path
from tui.hall_link import FAILED
from tui.i18n import said

if TYPE_CHECKING:
    from data.hall.serve import Serving
    from tui.screens.tournament import TournamentScreen

PORT = 8390
"""The port a laptop serves on; any free one when another program holds it."""
BIND = "0.0.0.0"
"""Every address of this laptop: the hall's Wi-Fi reaches it whatever its address there."""
LOOPBACK = "127.0.0.1"
"""The address ``reachable`` gives a laptop on no network: no phone reaches it."""


class PagesServer:
    """Owned by the tournament screen while a tournament is open: the server, if it runs."""

    def __init__(self, screen: TournamentScreen) -> None:
        self.screen = screen
        self.server: Serving | None = None
        self.served: HallRepo | None = None
        """The hall's repository the server reads, open while it serves (None: no hall)."""
        self.closed = False

    @property
    def serving(self) -> bool:
        return self.server is not None

    @property
    def address(self) -> str | None:
        """Where phones and peers reach this laptop now (``http://host:port``), while it
        serves: asked anew each time, since the laptop may have joined the hall's Wi-Fi (or
        been given another address there) after the server started."""
        if self.server is None:
            return None
        from data.hall.serve import reachable

        return f"http://{reachable(BIND)}:{self.server.port}"

    @property
    def unreachable(self) -> bool:
        """Serving, but on no network: only this laptop can open the pages."""
        address = self.address
        return address is not None and address.startswith(f"http://{LOOPBACK}:")

    def start(self) -> bool:
        """Serve on port 8390 (any free port when it is taken): the pages, and in a hall the
        peers' fetches too; a failure is a notification.  Whether it serves."""
        if self.serving or self.closed:
            return self.serving
        from data.hall.serve import start
        from tui.web.site import site

        path, repo = self.screen.session.path, None
        try:
            if self.screen.link is not None:  # a hall's: its peers fetch from the same port
                repo = HallRepo(hall_path(real_path(path)))
            pages = site(real_path(path))
            try:
                server = start(repo, PORT, BIND, pages)
            except Refused:
                server = start(repo, 0, BIND, pages)
        except FAILED as error:
            if repo is not None:
                repo.close()
            self.screen.notify(said(error), severity="error", timeout=8)
            return False
        self.server, self.served = server, repo
        self.screen.show_pages()
        return True

    def serve(self, on: bool) -> bool:
        """What a dialog's switch asks: started or stopped; whether it serves now (a start
        that failed leaves it off, and the switch says so)."""
        if on:
            return self.start()
        self.stop()
        return False

    def stop(self, then: Callable[[], object] | None = None) -> None:
        """The server stopped in a thread (open pages are cut within a second), its repository
        closed; ``then`` runs on the app's thread once the port is free again."""
        server, repo = self.server, self.served
        self.server = self.served = None
        if server is None:
            return
        app = self.screen.app

        def stop() -> None:
            server.stop()
            if repo is not None:
                repo.close()
            if then is not None and not self.closed:
                app.call_from_thread(then)

        threading.Thread(target=stop, daemon=True).start()
        if not self.closed:  # closing: the screen's lines may be gone already
            self.screen.show_pages()

    def restart(self) -> None:
        """Serving again as the tournament is now (made a hall: the peers' fetches join the
        pages), once the old server let the port go; nothing when it does not serve."""
        if self.serving:
            self.stop(then=self.start)

    def close(self) -> None:
        """The tournament closes: the server goes with it."""
        self.closed = True
        self.stop()
