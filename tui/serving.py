"""The players' pages served from the tournament screen: one server per open tournament,
whatever it is (``../shared/spec/hall.md``, "The players' view").

One owner, because there is one port: a hall's laptop answers its peers' fetches and the
players' phones on the same server, so the hall's dialog (F9) and the pages' dialog (F12)
switch the same thing, and the hall's sync reads its address from here to tell the peers
where this laptop serves.

The server runs in a process of its own (``tengen hall serve --for-app``): in the app's
process, four hundred phones reading the pairing every few seconds doubled the time a
keystroke took to show and made the slowest ones take a second (``bench/players.py``), for
the interpreter is one. The process starts in about a second, so it is started from a thread
(the switch says «Запускается…» meanwhile); it stops when the app closes its input — or dies,
which closes it too — so no server outlives the app."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from data.errors import Refused
from data.store import real_path
from tui import settings
from tui.i18n import language, said
from tui.threads import hand

if TYPE_CHECKING:
    from tui.screens.tournament import TournamentScreen

OFFERED = 8390
"""The port a laptop serves on, as the dialogs name it."""
PORT = OFFERED
"""The port a server is started on; any free one when another program holds it (0: any free one)."""
BIND = "0.0.0.0"
"""Every address of this laptop: the hall's Wi-Fi reaches it whatever its address there."""
LOOPBACK = "127.0.0.1"
"""The address ``reachable`` gives a laptop on no network: no phone reaches it."""
STOPS_WITHIN = 5.0
"""Seconds a server's process has to stop once told (open pages are cut after one); then it is killed."""


class Apart:
    """The server's process, and the port it listens on."""

    def __init__(self, process: subprocess.Popen[bytes], port: int) -> None:
        self.process, self.port = process, port

    def stop(self) -> None:
        """Its input closed, so it stops by itself; killed if it lingers."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=STOPS_WITHIN)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def free(port: int, bind: str) -> bool:
    """Whether ``port`` can be had here now (else the server takes any free one)."""
    try:
        with socket.create_server((bind, port)):
            return True
    except OSError:
        return False


def launch(path: Path, port: int, bind: str) -> Apart:
    """``tengen -f path hall serve --for-app`` started, once it listens; refused in its own
    words (one line, in the app's language) when it could not start."""
    argv = [sys.executable, "-m", "tui", "-f", str(path), "hall", "serve", "--port", str(port), "--bind", bind,
            "--for-app"]  # fmt: skip
    env = {**os.environ, "LC_MESSAGES": "ru_RU.UTF-8" if language() == "ru" else "en_US.UTF-8"}
    with tempfile.TemporaryFile() as errors:  # read only if it fails; a pipe nobody reads could fill
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, env=env,
                                   start_new_session=True)  # fmt: skip
        assert process.stdout is not None
        line = process.stdout.readline().decode("utf-8", "replace")
        listening = re.search(r"http://\S+:(\d+)", line)
        if listening is not None:
            return Apart(process, int(listening.group(1)))
        process.wait()
        errors.seek(0)
        said_lines = errors.read().decode("utf-8", "replace").strip().splitlines()
    reason = said_lines[-1].removeprefix("tengen: ") if said_lines else f"exit status {process.returncode}"
    raise Refused("{reason}", reason=reason[:300])


class PagesServer:
    """Owned by the tournament screen while a tournament is open: the server, if it runs."""

    def __init__(self, screen: TournamentScreen) -> None:
        self.screen = screen
        self.server: Apart | None = None
        self.wanted: object | None = None
        """The start the switch asks for now, until its process is here (``start``)."""
        self.settled = threading.Event()
        """Set once the last start or stop left the port as it will stay: its server taken, or
        stopped (``start`` waits for it)."""
        self.settled.set()
        self.closed = False
        self.watchers: list[Callable[[], object]] = []
        """What shows the server (an open dialog): told at once when it starts or stops."""

    @property
    def serving(self) -> bool:
        """Serving, or about to: what the switches show."""
        return self.server is not None or self.starting

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

    @property
    def starting(self) -> bool:
        """Its process is on its way (the switch stays on, the address is not known yet)."""
        return self.wanted is not None

    def start(self) -> bool:
        """Serve on port 8390 (any free port when it is taken): the pages, and in a hall the
        peers' fetches too, from a process started in a thread; a failure is a notification.
        Whether it serves or is on its way.  It starts once the last start or stop has left
        the port as it stays: on, off and on again at once on F12's switch moved the pages off
        8390, away from the phones, the projector and the printed QR codes (an attack)."""
        if self.serving or self.closed:
            return self.serving
        token = self.wanted = object()
        before, mine = self.settled, threading.Event()
        self.settled = mine
        path, app = real_path(self.screen.session.path), self.screen.app

        def run() -> None:
            before.wait(STOPS_WITHIN + 1)
            try:
                server: Apart | None = launch(path, PORT if free(PORT, BIND) else 0, BIND)
                problem = None
            except (Refused, OSError) as error:
                server, problem = None, said(error)
                if PORT and not free(PORT, BIND):  # taken since the look (another app started at once)
                    try:
                        server, problem = launch(path, 0, BIND), None
                    except (Refused, OSError) as again:
                        problem = said(again)
            if self.closed or self.wanted is not token:  # switched off (or closed) while it started
                if server is not None:
                    server.stop()
                mine.set()
                return
            hand(app, self._started, token, server, problem, mine)

        threading.Thread(target=run, daemon=True).start()
        return True

    def _started(self, token: object, server: Apart | None, problem: str | None, settled: threading.Event) -> None:
        if self.closed or self.wanted is not token:  # switched off (or closed) since its thread looked
            self._stop_apart(server, settled)
            return
        self.wanted = None
        settled.set()
        if server is None:
            self.screen.notify(problem or "", severity="error", timeout=8)
        else:
            self.server = server
        self.shown()

    def _stop_apart(
        self, server: Apart | None, settled: threading.Event, then: Callable[[], object] | None = None
    ) -> None:
        """``server`` stopped in a thread (open pages are cut within a second), then ``settled``
        set and ``then`` run on the app's thread."""
        app = self.screen.app

        def stop() -> None:
            if server is not None:
                server.stop()
            settled.set()
            if then is not None and not self.closed:
                hand(app, then)

        threading.Thread(target=stop, daemon=True).start()

    def shown(self) -> None:
        """The screen's line and any open dialog redrawn as the server is now."""
        self.screen.show_pages()
        for watcher in list(self.watchers):
            watcher()

    def serve(self, on: bool) -> bool:
        """What a dialog's switch asks: started or stopped; whether it serves now (a start
        that failed leaves it off, and the switch says so)."""
        if self.screen.link is not None:  # a hall's laptop serves from its opening unless switched off
            settings.remember_serving(self.screen.app.folder, self.screen.session.path, on)
        if on:
            return self.start()
        self.stop()
        return False

    def stop(self, then: Callable[[], object] | None = None) -> None:
        """The server stopped in a thread (open pages are cut within a second); ``then`` runs
        on the app's thread once the port is free again.  One on its way is stopped as it comes."""
        server = self.server
        self.server, self.wanted = None, None
        if server is None:
            return
        self.settled = threading.Event()
        self._stop_apart(server, self.settled, then)
        if not self.closed:  # closing: the screen's lines may be gone already
            self.shown()

    def restart(self) -> None:
        """Serving again as the tournament is now (made a hall: the peers' fetches join the
        pages), once the old server let the port go; nothing when it does not serve."""
        if self.server is not None:
            self.stop(then=self.start)

    def close(self) -> None:
        """The tournament closes: the server goes with it."""
        self.closed = True
        self.stop()
