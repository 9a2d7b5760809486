"""An open hall tournament's link to its peers: a sync every 2 s and a sync by hand (the
server they fetch from is the tournament screen's, ``tui.serving``, with the players' pages).

The network is never waited for on the app's thread: each sync fetches in a thread worker
(``data.hall.hall.fetch_all``, which takes no lock), then merges what came on the app's
thread into the app's own open, writable tournament (``merge_into``: quick, no network), and
the screen redraws when the log changed.  The merge is skipped when the chains are those it
last merged and nobody asked to be enrolled: a merge replays the whole log, which a keystroke
would wait for every 2 s on a long event.  A problem (a peer unreachable, a wrong secret) is
a notification when the problems change, not at every sync.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from data.errors import Refused, TournamentFileError
from data.hall import hall
from data.hall.device import this_device
from data.hall.hall import Laptop
from data.hall.repo import HallRepo, as_source, hall_path
from data.store import real_path
from schemes.errors import InvalidEvent, Notice
from schemes.state.model import Tournament
from tui.hall import worded
from tui.i18n import _, said
from tui.threads import hand, in_thread, internal

if TYPE_CHECKING:
    from textual.timer import Timer

    from tui.screens.tournament import TournamentScreen

PERIOD = 2.0
"""Seconds between two syncs with the known peers (as ``tengen hall serve``)."""

FAILED = (Refused, InvalidEvent, TournamentFileError, OSError)
"""What a sync may meet: said in one line, never a traceback."""


@dataclass(frozen=True)
class Fetched:
    """What a fetch brought, for the app's thread to merge and show."""

    problems: tuple[str, ...]
    moved: bool
    """The chains are not those the app last merged, or a laptop asked the chief to enrol it:
    worth a merge."""
    laptops: tuple[Laptop, ...]
    sources: tuple[str, ...] | None
    """What the referee asked to sync with by hand (None: the background sync)."""


class HallLink:
    """Owned by the tournament screen while a hall tournament is open."""

    def __init__(self, screen: TournamentScreen) -> None:
        self.screen = screen
        self.device = this_device()
        self.laptops: tuple[Laptop, ...] = ()
        self.problems: tuple[str, ...] = ()
        """The background sync's problems last said (said again only when they change)."""
        self.failure = ""
        """The background merge's failure last said: said once, forgotten when a merge works
        (not through ``problems``, whose end reads «the peers are reached again»)."""
        self.busy = False
        self.finished = 0
        """Syncs done since the link began (what a test counts: a sync may take less time
        than a look at ``busy``)."""
        self.queued: tuple[str, ...] | None = None
        """A sync by hand asked for while another sync ran: it runs next."""
        self.merged_once = False
        self.left_out: tuple[Notice, ...] = ()
        """The entries of the hall its log leaves out (``Synced.left_out``), as the last merge found."""
        self.merged_tips: Mapping[str, bytes] | None = None
        """The chains' tips as the app's last merge began.  Not «did this fetch move them»: the
        laptop's own ``hall serve`` or ``hall sync`` may have fetched first, its merge refused
        by the app's lock, and a trial's app showed 66 events for a minute where the laptop
        held 68.  Read before the merge, not after: a chain fetched while it ran was taken for
        merged (a review)."""
        self.closed = False
        self.timer: Timer | None = None

    @property
    def path(self) -> Path:
        return self.screen.session.path

    @property
    def state(self) -> Tournament:
        return self.screen.session.state

    def repo(self) -> HallRepo:
        return HallRepo(hall_path(real_path(self.path)))

    @property
    def secret(self) -> str:
        with self.repo() as repo:
            return repo.secret

    # -- the sync ---------------------------------------------------------------------
    def start(self) -> None:
        self.timer = self.screen.set_interval(PERIOD, self.tick)
        self.tick()

    def tick(self) -> None:
        if not self.busy and not self.closed:
            self.sync(None)

    def sync_now(self, source: str) -> None:
        """A sync the referee asked for: with ``source`` (a folder, a stick, an address) or,
        when empty, with every known peer; said when done, whatever it brought."""
        sources = (as_source(source),) if source else ()  # host:port is a laptop, for the fetch and the push
        if self.busy:
            self.queued = sources
            return
        self.sync(sources)

    def sync(self, sources: tuple[str, ...] | None) -> None:
        self.busy = True
        state, path, serves = self.state, self.path, self.screen.pages.address  # where peers fetch from us

        def work() -> None:
            fetched = self.fetch(path, state, sources, serves)
            if not self.closed:
                hand(self.screen.app, self.fetched, fetched)

        def failed(said: str) -> None:  # the next sync runs: one stuck «busy» stopped them all
            if self.closed:
                return
            if sources is None:
                self.failed_once(said)
                self.done()
            else:
                self.fetched(Fetched((said,), False, self.laptops, sources))

        in_thread(self.screen, work, failed, group="hall")

    def fetch(self, path: Path, state: Tournament, sources: tuple[str, ...] | None, serves: str | None) -> Fetched:
        """In a thread: fetch from the sources (or the known peers), without the lock."""
        try:
            with HallRepo(hall_path(real_path(path))) as repo:
                peers = list(sources) if sources else repo.peers
                problems = hall.fetch_all(repo, self.device, state, peers, serves)
                repo.refuse(problems)  # for ``hall status``, as a sync's: an attack's forged chain was a toast alone
                if sources is not None and not peers:  # by hand, the field empty, no peer known
                    problems.append(hall.NobodyToAsk())
                asked = state.hall is not None and state.hall.chief == self.device and hall.waiting_to_join(repo, state)
                laptops = tuple(hall.laptops(state, repo, self.device)) if state.hall is not None else ()
                moved = repo.tips() != self.merged_tips or asked
        except FAILED as error:
            return Fetched((said(error),), False, self.laptops, sources)
        return Fetched(tuple(worded(p) for p in problems), moved, laptops, sources)

    def fetched(self, fetched: Fetched) -> None:
        """On the app's thread: merge what came into the open tournament, redraw if it grew.
        Whatever fails in it, the next sync runs (one stuck «busy» stopped them all); said
        once (``failed_once``: a merge failing every 2 s said so every 2 s), or by ``hand``
        for a sync the referee asked for."""
        if self.closed:
            return
        try:
            self.merged(fetched)
        except Exception as error:
            self.done()
            if fetched.sources is not None:
                raise
            self.failed_once(internal(error))

    def failed_once(self, said: str) -> None:
        """The background sync's own failure (an exception, not a peer's silence), said once
        until a sync works again."""
        if said != self.failure:
            self.screen.notify(said, severity="error", timeout=30)
        self.failure = said

    def merged(self, fetched: Fetched) -> None:
        problems, added, changed = list(fetched.problems), 0, False
        chief = self.state.hall.chief if self.state.hall is not None else None
        if fetched.moved or not self.merged_once or fetched.sources is not None:
            try:
                with self.repo() as repo:
                    tips = repo.tips()  # before: a chain another program fetches during the merge is merged next
                    merged = hall.merge_into(self.screen.session, repo, self.device)
                    self.merged_tips = tips
            except FAILED as error:
                problems.append(said(error))
            else:
                self.merged_once = True
                self.left_out = merged.left_out
                added = merged.added
                problems += [worded(p) for p in merged.problems]
                for notice in merged.dropped:  # an entry gone from every laptop: said, never silently
                    self.screen.notify(said(notice), severity="warning", timeout=30)
                changed = merged.changed
        self.laptops = fetched.laptops
        if changed:  # not only a longer log: one in and one of its own out left a trial's app on a vanished round
            self.said_of_the_role(chief)
            self.screen.redraw()
        else:
            self.screen.show_hall()
        self.failure = ""  # this sync worked: a failure again is said again
        if fetched.sources is None:
            self.say(tuple(problems))
            self.done()
            return
        self.push(fetched.sources, problems, added)

    def said_of_the_role(self, before: str | None) -> None:
        """The chief's role come here, or gone from here, by another laptop's entry: said (a
        trial's chief got the role back from a helper unsaid, only «n» in the footer showing it;
        a chief whose role a helper took went on unaware)."""
        hall = self.state.hall
        if hall is None or hall.chief == before:
            return
        if hall.chief == self.device:
            self.screen.notify(_("This laptop is the chief's now: the pairing and the settings are made here"),
                               timeout=15)  # fmt: skip
        elif before == self.device:
            name = hall.laptops[hall.chief].name if hall.chief in hall.laptops else hall.chief[:8]
            self.screen.notify(_("The chief's role went to the laptop {name}: the pairing and the settings are "
                                 "made there now", name=name), severity="warning", timeout=15)  # fmt: skip

    def push(self, sources: Sequence[str], problems: list[str], added: int) -> None:
        """After a sync by hand: our chain onto the folders among the sources (a stick), in a
        thread (a stick is slow), then what the sync did, said."""
        path = self.path

        def work() -> None:
            try:
                with HallRepo(hall_path(real_path(path))) as repo:
                    pushed = [worded(p) for p in hall.push_all(repo, self.device, list(sources))]
            except FAILED as error:
                pushed = [said(error)]
            if not self.closed:
                hand(self.screen.app, self.synced, problems + pushed, added)

        def failed(said: str) -> None:
            if not self.closed:
                self.synced([*problems, said], added)

        in_thread(self.screen, work, failed, group="hall")

    def synced(self, problems: Sequence[str], added: int) -> None:
        for problem in dict.fromkeys(problems):  # a stick's «no such folder» once, not for its fetch and its push
            self.screen.notify(problem, severity="error")
        if not problems:
            self.screen.notify(_("Synced: {count} new events", count=added))
        self.done()

    def done(self) -> None:
        self.busy = False
        self.finished += 1
        if self.queued is not None and not self.closed:
            sources, self.queued = self.queued, None
            self.sync(sources)

    def say(self, problems: tuple[str, ...]) -> None:
        """The background sync's problems, when they are not those said last."""
        if problems == self.problems:
            return
        if problems:
            self.screen.notify("; ".join(problems), severity="warning", timeout=8)
        elif self.problems:
            self.screen.notify(_("The peers are reached again"))
        self.problems = problems

    def close(self) -> None:
        """The tournament closes: no more syncs (the server is the screen's, closed with it)."""
        self.closed = True
        if self.timer is not None:
            self.timer.stop()
