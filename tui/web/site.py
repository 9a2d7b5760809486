"""The players' pages served: a Starlette application over one tournament file, read-only
by construction (it holds no writer, opens the file only to read it, and answers every
method but GET and HEAD with 405).

One watcher looks at the file four times a second; when it changed (a result typed on the
command line or in the app, a hall's merge), it reads the new state once, renders the pages
the crowd reads most, and tells every open page through server-sent events (``/live``):
each page fetches itself anew, so a result shows on every phone within a second or so.

A page is rendered once per state and address and kept, so four hundred phones cost one
render. What a visitor can vary is bounded: each page reads only its own query keys (the
rest neither reach the page nor make it new), numbers are taken modulo what exists. The
visitors' renders run one at a time in a thread of their own, and the watcher's in another,
so a crowd asking for pages nobody asked before delays only itself, never the next result."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import os
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from data.service import Service
from schemes.errors import Worded
from schemes.state.model import Tournament
from tui.web import pages
from tui.web.html import Markup

LOOK_EVERY = 0.25
"""Seconds between two looks at the tournament file."""
KEEP_ALIVE = 15.0
"""Seconds between two comments on a quiet live connection (a phone's Wi-Fi drops idle ones)."""
KEPT_PAGES = 256
"""Rendered pages kept, the least recently read dropped first (every round, language and
slide of an event many times over)."""
RENDERS_WAITING = 64
"""Pages being made or waiting for the visitors' thread at most: a visitor asking for yet
another is told the laptop is busy (an attack's flood of searches, each a new page, queued
without end: 1 GB in a minute, the latest round's page 115 s late).  Each result has every
open page asked for again, a player's search among them: a review's 60 phones on 60 searches
met 27 «busy» at 16 (their pages ask again, ``live.js``)."""

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
    "img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
"""On every answer: a page runs no script but this server's and loads nothing from elsewhere,
whatever a name holds."""
HTML = "text/html; charset=utf-8"
COMPRESSED = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
ASSETS = {"/style.css": "text/css; charset=utf-8", "/live.js": "text/javascript; charset=utf-8"}
Query = tuple[tuple[str, str], ...]
View = Callable[[pages.Visit], Markup]
Key = tuple[str, ...]


@dataclass(frozen=True)
class Snapshot:
    state: Tournament
    version: str


@dataclass(frozen=True)
class Asked:
    """A page as a route understood it: its own path, the query keys it reads, how to make it."""

    path: str
    query: Query
    view: View


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        seen = os.stat(path)
    except OSError:
        return None
    return seen.st_mtime_ns, seen.st_size, seen.st_ino


def _read(path: Path) -> Snapshot:
    """The state now, and a version every change moves: the file's size and time (an append
    grows it, a hall's merge adds events; its log is not parsed when the state is kept)."""
    stamp = _stamp(path)
    with Service(path) as service:
        return Snapshot(service.state, f"{stamp[1]:x}-{stamp[0]:x}" if stamp else "0")


def _visit(snapshot: Snapshot, asked: Asked, lang: str | None) -> pages.Visit:
    shown, chosen = pages.language_of(snapshot.state, lang)
    return pages.Visit(snapshot.state, shown, chosen, snapshot.version, asked.path, asked.query)


def _key(visit: pages.Visit) -> Key:
    """What a rendered page is kept by: the state's version first (a page of the state before
    is never served after), the address, the language it is read in."""
    return (visit.version, visit.path, visit.lang, visit.chosen or "", *(f"{k}={v}" for k, v in visit.query))


Made = tuple[int, bytes, bytes]
"""A page made: its status, its bytes, and the same compressed (``gzip``)."""


def _made(visit: pages.Visit, view: View) -> Made:
    """A page and its compressed bytes, made once for every visitor of this state: each result
    sends every open page anew, 150 KB for a big event's pairing, to 400 phones on the hall's
    Wi-Fi (a review); compressed, a fifteenth of it."""
    try:
        status, body = 200, view(visit).encode("utf-8")
    except pages.NotFound as missing:
        status, body = 404, pages.missing(visit, str(missing)).encode("utf-8")
    return status, body, gzip.compress(body, 6, mtime=0)


def _takes_gzip(request: Request) -> bool:
    """Whether the visitor's browser reads a compressed page (every browser does; a script may
    not, and ``gzip;q=0`` refuses it)."""
    for offered in request.headers.get("accept-encoding", "").split(","):
        coding, *params = (part.strip().lower() for part in offered.split(";"))
        if coding == "gzip":
            quality = next((param[2:] for param in params if param.startswith("q=")), "1")
            try:
                return float(quality) > 0
            except ValueError:
                return False
    return False


class Site:
    """The pages of one tournament file, as it is now."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp = _stamp(path)
        self.snapshot, warm = self._warmed(path)
        self._rendered: OrderedDict[Key, Made] = OrderedDict()
        self._warm = dict(warm)
        """The latest pairing and the standings, made at start and as the file changed: kept
        apart from the pages read since, which 300 searches pushed them out of (an attack)."""
        self._pending: dict[Key, asyncio.Future[Made]] = {}
        """Renders under way: a second visitor asking for the same page waits for the first's."""
        self._visitors = ThreadPoolExecutor(1, thread_name_prefix="tengen-pages")
        self._watcher = ThreadPoolExecutor(1, thread_name_prefix="tengen-watch")
        self._changed = asyncio.Event()
        self._assets = {name: (resources.files("tui.web") / name[1:]).read_bytes() for name in ASSETS}

    def close(self) -> None:
        self._visitors.shutdown(wait=False, cancel_futures=True)
        self._watcher.shutdown(wait=False, cancel_futures=True)

    async def watch(self) -> None:
        """Read the file anew whenever it changes, render the most-read pages, then wake the
        live connections (so the first phones to ask find their page made)."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(LOOK_EVERY)
            stamp = _stamp(self.path)
            if stamp == self._stamp or stamp is None:
                continue
            try:
                snapshot, warm = await loop.run_in_executor(self._watcher, self._warmed, self.path)
            except (Worded, OSError, ValueError):  # mid-copy, locked for a merge: the next look reads it
                continue
            self._rendered.clear()  # a page of the state before is never served again (a trial: 0.9 GB kept)
            self._warm = dict(warm)
            self._stamp, self.snapshot = stamp, snapshot
            changed, self._changed = self._changed, asyncio.Event()
            changed.set()

    @staticmethod
    def _warmed(path: Path) -> tuple[Snapshot, list[tuple[Key, Made]]]:
        """The new state, with its latest pairing and its standings rendered."""
        snapshot = _read(path)
        state = snapshot.state
        latest = state.paired_rounds
        asked = [Asked("/standings", (), lambda visit: pages.standings(visit, None))]
        if latest:
            asked.append(Asked(f"/round/{latest}", (), lambda visit: pages.pairing(visit, latest)))
        warm = []
        for one in asked:
            visit = _visit(snapshot, one, None)
            warm.append((_key(visit), _made(visit, one.view)))
        return snapshot, warm

    def _keep(self, key: Key, made: Made) -> None:
        self._rendered[key] = made
        self._rendered.move_to_end(key)
        while len(self._rendered) > KEPT_PAGES:
            self._rendered.popitem(last=False)

    async def changed(self, timeout: float) -> bool:
        """Whether the state changed within ``timeout`` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)
            return True
        return False

    async def render(self, request: Request, asked: Asked) -> Response:
        """A page of the current state: kept, or being made for another visitor, or made now
        in the visitors' thread; a page that is not there is a 404 in words, made at once (a
        few lines) and not kept."""
        snapshot = self.snapshot
        visit = _visit(snapshot, asked, request.query_params.get("lang"))
        key = _key(visit)
        made = self._warm.get(key) or self._rendered.get(key)
        if made is not None:
            if key in self._rendered:
                self._rendered.move_to_end(key)
        else:
            pending = self._pending.get(key)
            if pending is None:
                if len(self._pending) >= RENDERS_WAITING:
                    return self.missing(request, status=503)
                pending = asyncio.get_running_loop().run_in_executor(self._visitors, _made, visit, asked.view)
                self._pending[key] = pending
                pending.add_done_callback(lambda done: self._settled(key, done))
            made = await asyncio.shield(pending)
        status, body, compressed = made
        if _takes_gzip(request):
            return Response(compressed, status, headers={**HEADERS, **COMPRESSED}, media_type=HTML)
        return Response(body, status, headers={**HEADERS, "Vary": "Accept-Encoding"}, media_type=HTML)

    def _settled(self, key: Key, done: asyncio.Future[Made]) -> None:
        self._pending.pop(key, None)
        if not done.cancelled() and done.exception() is None and done.result()[0] == 200:
            self._keep(key, done.result())

    def missing(self, request: Request, reason: str | None = None, status: int = 404) -> Response:
        """A page that is not there (its language switch leads to the event, never to the
        address asked for), or, ``status`` 500, one that could not be made, or, 503, one the
        laptop has no time for now (``RENDERS_WAITING``)."""
        visit = _visit(self.snapshot, Asked("/", (), pages.event), request.query_params.get("lang"))
        if status >= 500:  # of no version: a page first loaded so asks for itself at once (a review: kept «busy»)
            visit = replace(visit, version="")
        if status == 500:
            body = pages.missing(visit, visit.say("Try again in a moment"), visit.say("This page could not be made"))
        elif status == 503:
            body = pages.missing(visit, visit.say("The page asks again by itself in a few seconds"),
                                 visit.say("The laptop is busy"))  # fmt: skip  # «через минуту» it was not
        else:
            body = pages.missing(visit, reason or visit.say("There is no such page here"))
        headers = {**HEADERS, "Retry-After": "2"} if status == 503 else HEADERS
        return Response(body.encode("utf-8"), status, headers=headers, media_type=HTML)

    async def asset(self, request: Request) -> Response:
        name = request.url.path
        return Response(self._assets[name], headers=HEADERS, media_type=ASSETS[name])


def _number(text: str | None) -> int | None:
    """A whole number a visitor typed, None for anything else (a 404, not a traceback)."""
    if text is None or not (text.isascii() and text.isdigit() and len(text) < 6):
        return None
    return int(text)


def site(path: Path) -> ASGIApp:
    """The application serving ``path``'s pages (read when it starts: a file that cannot be
    read is refused before a port is taken)."""
    pages_of = Site(path)

    def state() -> Tournament:
        return pages_of.snapshot.state

    async def event(request: Request) -> Response:
        return await pages_of.render(request, Asked("/", (), pages.event))

    async def pairing(request: Request) -> Response:
        number = _number(request.path_params["round"])
        if number is None:
            return pages_of.missing(request)
        return await pages_of.render(request, Asked(f"/round/{number}", (), lambda v: pages.pairing(v, number)))

    async def standings(request: Request) -> Response:
        given = request.query_params.get("after")
        after = None if given is None else _number(given)
        if given is not None and after is None:
            return pages_of.missing(request)
        query = () if after is None else (("after", str(after)),)
        return await pages_of.render(request, Asked("/standings", query, lambda v: pages.standings(v, after)))

    async def player(request: Request) -> Response:
        q = request.query_params.get("q", "")[: pages.QUERY_LONGEST]
        query = (("q", q),) if q else ()
        return await pages_of.render(request, Asked("/player", query, lambda v: pages.player(v, q)))

    async def projector(request: Request) -> Response:
        given = request.query_params.get("slide")
        number = 0 if given is None else _number(given)
        if number is None:
            return pages_of.missing(request)
        slide = number % len(pages.slides(state()))
        query = () if given is None else (("slide", str(slide)),)
        return await pages_of.render(request, Asked("/projector", query, lambda v: pages.projector(v, slide)))

    listening = [0]
    """The live connections open now."""

    async def live(request: Request) -> Response:
        """The page's news of each change, held open; half the connections the process may hold
        at most, so that the pages and the peers keep the other half (an attack: eight thousand
        held open from a hundred addresses left neither a page nor a sync answered)."""
        from data.hall.serve import connections_allowed

        if request.method == "HEAD":  # its headers alone: the stream's connection was held for good (an attack)
            return Response("", media_type="text/event-stream", headers=HEADERS)
        if listening[0] >= connections_allowed() // 2:
            return Response("", status_code=503, headers={**HEADERS, "Retry-After": "30"})

        async def stream() -> AsyncIterator[str]:
            listening[0] += 1  # counted once it runs: a stream never begun is never ended
            try:
                yield f"retry: 1000\ndata: {pages_of.snapshot.version}\n\n"
                while True:
                    if await pages_of.changed(KEEP_ALIVE):
                        yield f"data: {pages_of.snapshot.version}\n\n"
                    else:
                        yield ": still here\n\n"
            finally:
                listening[0] -= 1

        headers = {**HEADERS, "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.create_task(pages_of.watch())
        try:
            yield
        finally:
            watcher.cancel()
            pages_of.close()

    async def not_found(request: Request, _error: Exception) -> Response:
        return pages_of.missing(request)

    async def failed(request: Request, _error: Exception) -> Response:
        return pages_of.missing(request, status=500)

    read = ["GET", "HEAD"]
    routes = [
        Route("/", event, methods=read),
        Route("/round/{round}", pairing, methods=read),
        Route("/standings", standings, methods=read),
        Route("/player", player, methods=read),
        Route("/projector", projector, methods=read),
        Route("/live", live, methods=read),
        *(Route(name, pages_of.asset, methods=read) for name in ASSETS),
    ]
    application = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found, Exception: failed})
    application.router.redirect_slashes = False  # its redirect names the Host the visitor sent: a 404 instead

    async def read_only(scope: Scope, receive: Receive, send: Send) -> None:
        """Every method but GET and HEAD refused before any route sees it, on every path."""
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
            answer = Response("read-only: GET and HEAD only\n", 405, headers={**HEADERS, "Allow": "GET, HEAD"},
                              media_type="text/plain")  # fmt: skip
            await answer(scope, receive, send)
            return
        await application(scope, receive, send)

    return read_only
