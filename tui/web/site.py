"""The players' pages served: a Starlette application over one tournament file, read-only
by construction (it holds no writer, opens the file only to read it, and answers every
method but GET and HEAD with 405).

One watcher looks at the file four times a second; when it changed (a result typed on the
command line or in the app, a hall's merge), it reads the new state once and tells every
open page through server-sent events (``/live``): each page fetches itself anew, so a
result shows on every phone within a second or so. Pages are rendered once per state and
kept until the next, so four hundred phones cost one render."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
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
KEPT_PAGES = 512
"""Rendered pages kept for the current state (every round, language and slide many times over)."""

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
    "img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
"""On every answer: a page runs no script but this server's and loads nothing from elsewhere,
whatever a name holds."""
Answer = Callable[[Request], Awaitable[Response]]
ASSETS = {"/style.css": "text/css; charset=utf-8", "/live.js": "text/javascript; charset=utf-8"}


@dataclass(frozen=True)
class Snapshot:
    state: Tournament
    version: str


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


class Site:
    """The pages of one tournament file, as it is now."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp = _stamp(path)
        self.snapshot = _read(path)
        self._rendered: dict[tuple[str, ...], tuple[int, bytes]] = {}
        """Pages by state and address (the version first: a page of the state before is never served after)."""
        self._rendering = threading.Lock()
        self._changed = asyncio.Event()
        self._assets = {name: (resources.files("tui.web") / name[1:]).read_bytes() for name in ASSETS}

    async def watch(self) -> None:
        """Read the file anew whenever it changes; wake the live connections."""
        while True:
            await asyncio.sleep(LOOK_EVERY)
            stamp = _stamp(self.path)
            if stamp == self._stamp or stamp is None:
                continue
            try:
                snapshot = await asyncio.to_thread(lambda: self._warmed(_read(self.path)))
            except (Worded, OSError, ValueError):  # mid-copy, locked for a merge: the next look reads it
                continue
            self._stamp, self.snapshot = stamp, snapshot
            changed, self._changed = self._changed, asyncio.Event()
            changed.set()

    async def changed(self, timeout: float) -> bool:
        """Whether the state changed within ``timeout`` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)
            return True
        return False

    async def render(self, request: Request, page: Callable[[pages.Visit], Markup]) -> Response:
        """A page of the current state, 404 in words when it is not there: from what is kept
        without leaving the event loop, else rendered in a thread."""
        snapshot, asked = self.snapshot, request.query_params.get("lang")
        query = tuple((k, v[: pages.QUERY_LONGEST]) for k, v in request.query_params.items() if k != "lang")
        kept = self._rendered.get(_key(snapshot, request.url.path, asked, query))
        if kept is None:
            kept = await asyncio.to_thread(self.page, snapshot, request.url.path, asked, query, page)
        status, body = kept
        return Response(body, status, headers=HEADERS, media_type="text/html; charset=utf-8")

    def page(
        self, snapshot: Snapshot, path: str, asked: str | None, query: tuple[tuple[str, str], ...],
        page: Callable[[pages.Visit], Markup],
    ) -> tuple[int, bytes]:  # fmt: skip
        """A page rendered once for every visitor asking for the same. One render at a time:
        a crowd asking for a page that just changed waits for one render, not forty at once
        fighting for the interpreter."""
        key = _key(snapshot, path, asked, query)
        with self._rendering:
            kept = self._rendered.get(key)
            if kept is None:
                lang, chosen = pages.language_of(snapshot.state, asked)
                visit = pages.Visit(snapshot.state, lang, chosen, snapshot.version, path, query)
                try:
                    kept = (200, page(visit).encode("utf-8"))
                except pages.NotFound as missing:
                    kept = (404, pages.missing(visit, str(missing)).encode("utf-8"))
                if len(self._rendered) >= KEPT_PAGES:
                    self._rendered.clear()
                self._rendered[key] = kept
        return kept

    def _warmed(self, snapshot: Snapshot) -> Snapshot:
        """The pages the crowd reads most (the latest pairing, the standings) rendered before
        the new state is shown, so no visitor waits for them."""
        latest, after = snapshot.state.paired_rounds, snapshot.state.latest_complete_round
        if latest:
            self.page(snapshot, f"/round/{latest}", None, (), lambda visit: pages.pairing(visit, latest))
        self.page(snapshot, "/standings", None, (), lambda visit: pages.standings(visit, after))
        return snapshot

    async def asset(self, request: Request) -> Response:
        name = request.url.path
        return Response(self._assets[name], headers=HEADERS, media_type=ASSETS[name])


def _key(snapshot: Snapshot, path: str, asked: str | None, query: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """What a rendered page is kept by: the state's version first (a page of the state before
    is never served after), the address, the language it is read in."""
    lang, chosen = pages.language_of(snapshot.state, asked)
    return (snapshot.version, path, lang, chosen or "", *(f"{k}={v}" for k, v in query))


def _number(request: Request, name: str, default: int) -> int | None:
    """A query's or path's whole number; None for anything else (a 404, not a traceback)."""
    value = request.path_params.get(name, request.query_params.get(name))
    if value is None:
        return default
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None


def site(path: Path) -> ASGIApp:
    """The application serving ``path``'s pages (read when it starts: a file that cannot be
    read is refused before a port is taken)."""
    pages_of = Site(path)

    def page(view: Callable[[pages.Visit], Markup]) -> Answer:
        async def answer(request: Request) -> Response:
            return await pages_of.render(request, view)

        return answer

    def numbered(name: str, view: Callable[[pages.Visit, int], Markup], default: Callable[[Tournament], int]) -> Answer:
        async def answer(request: Request) -> Response:
            number = _number(request, name, default(pages_of.snapshot.state))
            if number is None:
                return await pages_of.render(request, _missing)
            return await pages_of.render(request, lambda visit: view(visit, number))

        return answer

    async def search(request: Request) -> Response:
        query = request.query_params.get("q", "")
        return await pages_of.render(request, lambda visit: pages.player(visit, query))

    async def live(request: Request) -> StreamingResponse:
        async def stream() -> AsyncIterator[str]:
            yield f"retry: 1000\ndata: {pages_of.snapshot.version}\n\n"
            while True:
                if await pages_of.changed(KEEP_ALIVE):
                    yield f"data: {pages_of.snapshot.version}\n\n"
                else:
                    yield ": still here\n\n"

        headers = {**HEADERS, "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.create_task(pages_of.watch())
        try:
            yield
        finally:
            watcher.cancel()

    async def not_found(request: Request, _error: Exception) -> Response:
        return await pages_of.render(request, _missing)

    read = ["GET", "HEAD"]
    routes = [
        Route("/", page(pages.event), methods=read),
        Route("/round/{round}", numbered("round", pages.pairing, lambda s: s.paired_rounds), methods=read),
        Route("/standings", numbered("after", pages.standings, lambda s: s.latest_complete_round), methods=read),
        Route("/player", search, methods=read),
        Route("/projector", numbered("slide", pages.projector, lambda s: 0), methods=read),
        Route("/live", live, methods=read),
        *(Route(name, pages_of.asset, methods=read) for name in ASSETS),
    ]
    application = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found})

    async def read_only(scope: Scope, receive: Receive, send: Send) -> None:
        """Every method but GET and HEAD refused before any route sees it, on every path."""
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
            answer = Response("read-only: GET and HEAD only\n", 405, headers={**HEADERS, "Allow": "GET, HEAD"},
                              media_type="text/plain")  # fmt: skip
            await answer(scope, receive, send)
            return
        await application(scope, receive, send)

    return read_only


def _missing(visit: pages.Visit) -> Markup:
    raise pages.NotFound(visit.say("There is no such page here"))
