"""``hall serve``: this laptop's chains for its peers to fetch, and a sync with the known
peers every 2 s.

Read-only by construction: git's upload-pack is the only service (no receive-pack: no push
reaches this laptop), there are no dumb-HTTP files, and every request but the question for
this laptop's proof (``/tengen/proof``) needs a session's token, made from the nonce that
proof gave; a laptop that fetches introduces itself (signed), so the chief's laptop enrols
it and everyone learns where it serves."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import ipaddress
import json
import re
import resource
import socket
import struct
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar, cast
from urllib.parse import parse_qs, urlsplit
from wsgiref.types import StartResponse as Start

import uvicorn
from a2wsgi import WSGIMiddleware
from dulwich.repo import Repo
from dulwich.server import BackendRepo, DictBackend, UploadPackHandler
from dulwich.web import HTTPGitApplication
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from data.errors import FileLocked, Refused, os_reason
from data.hall import hall
from data.hall import secret as signing
from data.hall.device import this_device
from data.hall.repo import HallRepo, as_source, ask, hall_path, host_named, requests
from data.store import real_path
from schemes.errors import Notice, Worded

PERIOD = 2.0
"""Seconds between two syncs with the peers."""


Answer = tuple[int, list[tuple[bytes, bytes]], bytes]
"""A status, its headers and its body, answered at once."""
PEERS_WAITING = 16
"""Requests of the hall's laptops being answered or waiting for git's eight threads at most: a
laptop of the hall syncs with one or two at a time; one more is told to ask again."""


def _door(repo: HallRepo, device: str, git: ASGIApp) -> ASGIApp:
    """The peers' side as its requests arrive: the question for this laptop's proof answered,
    and a request without a session's token refused, at once on the event loop (two MACs);
    only the hall's laptops reach git's threads, ``PEERS_WAITING`` at most.  An attack: a
    stranger asking for proofs over 16 connections, each closed at once, queued requests
    without end for the threads that answered them: 3.3 GB in 90 s, and a helper's result
    reached the chief 65 s late."""
    inside = 0

    async def door(scope: Scope, receive: Receive, send: Send) -> None:
        nonlocal inside
        if scope["type"] != "http":
            await git(scope, receive, send)
            return
        answer = _at_the_door(repo, device, scope)
        if answer is None and inside >= PEERS_WAITING:
            answer = 503, [(b"retry-after", b"2")], b"this laptop is busy: ask again\n"
        if answer is not None:
            status, headers, body = answer
            headers = [(b"content-type", b"text/plain" if status != 200 else b"application/json"), *headers,
                       (b"content-length", str(len(body)).encode("ascii"))]  # fmt: skip
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        inside += 1
        try:
            await git(scope, receive, send)
        finally:
            inside -= 1

    return door


def _at_the_door(repo: HallRepo, device: str, scope: Scope) -> Answer | None:
    """The answer to a request that needs no thread: the proof (asked before any token: the
    asker checks us first), and the refusal of a request without a token; None to let in."""
    where, method = scope.get("path", ""), scope.get("method", "")
    if where == "/tengen/proof" and method == "GET":
        asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("challenge", [""])[0]
        if not _CHALLENGE.fullmatch(asked):
            return 400, [], b"a challenge is 64 hex digits\n"
        nonce = signing.nonce(repo.secret, time.time(), device, _client(scope))
        reached = signing.endpoint((scope.get("server") or ("", 0))[0])  # the end the asker reached
        answer = {"nonce": nonce, "proof": signing.proof(repo.secret, asked, nonce, reached), "bound": "address"}
        return 200, [], json.dumps(answer).encode("ascii")
    shown = dict(scope.get("headers") or []).get(b"authorization", b"").decode("latin-1")
    if not _authorised(repo.secret, device, shown, _client(scope)):
        return 401, [(b"www-authenticate", b'Basic realm="tengen hall"')], b"the hall's secret is needed\n"
    return None


def application(repo: HallRepo, device: str) -> Callable[[dict[str, Any], Start], Iterable[bytes]]:
    """What a laptop of the hall asks for once ``_door`` let it in (its token checked)."""

    def app(environ: dict[str, Any], start: Start) -> Iterable[bytes]:
        method, where = environ.get("REQUEST_METHOD", ""), environ.get("PATH_INFO", "")
        if where == "/tengen/device" and method in ("GET", "HEAD"):
            start("200 OK", [("Content-Type", "text/plain")])
            return [device.encode("ascii")]
        if where == "/tengen/peers" and method in ("GET", "HEAD"):  # so every laptop fetches from every other
            start("200 OK", [("Content-Type", "application/json")])
            return [json.dumps(repo.proven_peers).encode("utf-8")]
        if where == "/tengen/requests" and method in ("GET", "HEAD"):  # for the chief, wherever they were left
            start("200 OK", [("Content-Type", "application/json")])
            return [json.dumps(requests(repo.path)).encode("utf-8")]
        if where == "/tengen/heard" and method in ("GET", "HEAD"):  # whose chains it holds, as of when
            start("200 OK", [("Content-Type", "application/json")])
            return [json.dumps(repo.heard).encode("utf-8")]
        upload = where == "/git-upload-pack" and method == "POST"
        refs = (
            where == "/info/refs" and method == "GET" and "service=git-upload-pack" in environ.get("QUERY_STRING", "")
        )
        if not (upload or refs):
            start("405 Method Not Allowed" if where in ("/git-receive-pack", "/info/refs") else "404 Not Found",
                  [("Content-Type", "text/plain")])  # fmt: skip
            return [b"this laptop only lets its peers fetch\n"]
        _introduced(repo, environ)
        return _answered(repo.path, environ, start)

    return app


SENT_BY = 256 * 1024
"""Bytes of git's answer passed to the server at once.  Dulwich writes a pack a line at a
time (several per object) and each write crossed from the WSGI thread to the event loop and
waited there: a new laptop joining an 8,400-event hall waited 25 s for 21,000 objects."""


LINE = 65515
"""The most data one sideband line of git's protocol carries."""


class _UploadPack(UploadPackHandler):
    """Dulwich's upload-pack, its pack sent in full sideband lines: it writes a line per piece
    of an object (63,000 lines for a hall of 21,000 objects), and the fetching laptop reads
    each line in two small reads — six of the twelve seconds a new laptop took to join an
    8,400-event hall.  A dulwich that sends otherwise is used as it is."""

    def _start_pack_send_phase(self) -> None:
        super()._start_pack_send_phase()
        send, line = self.write_pack_data, self.proto.write_pkt_line
        held = bytearray()
        sending = False

        def sent(size: int) -> None:
            nonlocal sending
            piece = bytes(held[:size])
            del held[:size]
            sending = True  # the sideband's own line goes straight out
            try:
                send(piece)
            finally:
                sending = False

        def gather(data: bytes) -> None:
            held.extend(data)
            while len(held) >= LINE:
                sent(LINE)

        def write_pkt_line(data: bytes | None) -> None:
            if held and not sending:  # what the pack holds goes before any other line (the last: the flush)
                sent(len(held))
            line(data)

        self.write_pack_data = gather
        self.proto.write_pkt_line = write_pkt_line  # type: ignore[method-assign,assignment]


def _answered(path: Path, environ: dict[str, Any], start: Start) -> Iterator[bytes]:
    """Git's answer from the hall repository opened anew for this request, and closed after
    it: a sync or a command may have packed it since (``HallRepo.tidy``), and a repository
    kept open would still look for the packs it replaced.  Its writes are gathered into
    pieces of ``SENT_BY`` bytes, in their order."""
    fresh = Repo(str(path), bare=True)
    held = bytearray()

    def gathered(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], object]:
        write = start(status, headers, exc_info)

        def gather(data: bytes) -> None:
            held.extend(data)
            if len(held) >= SENT_BY:
                write(bytes(held))
                held.clear()

        return gather

    try:
        repos: dict[str, BackendRepo] = {"/": fresh}
        git = HTTPGitApplication(DictBackend(repos), handlers={b"git-upload-pack": _UploadPack})
        for piece in git(environ, cast(Start, gathered)):
            if held:
                yield bytes(held)
                held.clear()
            yield piece
        if held:
            yield bytes(held)
    finally:
        fresh.close()


_CHALLENGE = re.compile("[0-9a-f]{64}")


def _client(scope: Scope) -> str:
    """The address a request came from (the connection's, never a header's)."""
    return str((scope.get("client") or ("", 0))[0])


def _authorised(secret: str, device: str, header: str, client: str) -> bool:
    """A request showing ``nonce:token`` for a nonce this laptop issued to ``client`` within
    ``SESSION``."""
    if not header.startswith("Basic "):
        return False
    try:
        nonce, _, token = base64.b64decode(header[6:], validate=True).decode("ascii").partition(":")
    except (ValueError, UnicodeDecodeError):
        return False
    if not signing.fresh(secret, nonce, time.time(), device, client):
        return False
    return signing.same_mac(signing.session_token(secret, nonce), token)


def _introduced(repo: HallRepo, environ: dict[str, Any]) -> None:
    """A fetching laptop's signed introduction: a request to join for the chief, its address a
    peer.  Not a laptop heard: its fetch brings us none of its entries (heard is when its chain
    reaches us, ``hall.fetch``)."""
    text, mac = environ.get("HTTP_X_TENGEN_HELLO", ""), environ.get("HTTP_X_TENGEN_HELLO_MAC", "")
    try:
        hello = json.loads(text) if text else None
    except (ValueError, RecursionError):  # nested deeper than the parser goes: a 500 was answered
        return
    if not isinstance(hello, dict) or not signing.check_hello(repo.secret, hello, mac):
        return
    device = hello.get("device")
    if isinstance(device, str):
        ask(repo.path, {"hello": hello, "mac": mac})
    serves = hello.get("serves")
    if isinstance(serves, str) and len(serves) < 200 and not _loopback_from_afar(serves, environ):
        repo.add_peers([serves])  # an address, or nothing (``add_peers`` sees which)


def _loopback_from_afar(address: str, environ: dict[str, Any]) -> bool:
    """A laptop that serves on its own loopback (``--bind 127.0.0.1``) announced from another
    machine: that address is ours here, and a trial's chief was told every minute that «his»
    laptop there did not answer.  From this machine (tests, two terminals) it is a peer."""

    def loopback(host: str | None) -> bool:  # or no address at all (0.0.0.0: this machine too)
        try:
            named = ipaddress.ip_address(host_named(host or ""))
        except ValueError:
            return host_named(host or "") == "localhost"
        return named.is_loopback or named.is_unspecified

    try:
        host = urlsplit(address).hostname
    except ValueError:
        return False
    return loopback(host) and not loopback(environ.get("REMOTE_ADDR"))


GIT_PATHS = ("/info/refs", "/git-upload-pack", "/git-receive-pack")
"""What the peers' fetches ask for; everything else is the players' pages."""


HEADERS_WITHIN = 10.0
"""Seconds a connection has to finish a request's headers (when it opens, and after each answer
beyond the keep-alive): a client that dribbles them, or sends nothing, is cut."""
BODY_SILENCE = 10.0
"""Seconds a request's body may go without a byte once its headers are in: a peer whose Wi-Fi
died in the middle of its request is cut, not waited for — each such request held one of the
eight threads answering the peers for ever (a connection half-open: nothing tells the
server), and eight of them stopped this laptop's part in the hall's syncs."""
BODY_WITHIN = 60.0
"""Seconds a request's whole body may take (a peer's is a few kilobytes): a byte dribbled every
eight seconds kept each silence short, and sixteen such requests held the peers' side of a
laptop for as long as the attacker liked (an attack)."""
KEEP_ALIVE = 30
"""Seconds an idle connection is kept between requests (uvicorn's keep-alive)."""
PER_CLIENT = 64
"""Connections one address may hold: a phone opens a handful, a peer a few."""
SPARE_FILES = 256
"""Open files left to the process whatever the crowd: the app saves a result in the same
process that serves, and a save needs a file or two."""


class _Guarded(H11Protocol):
    """uvicorn's HTTP/1.1, with a deadline for a request's headers, a silence allowed in its
    body, and a cap on connections, all and per address: without them, one client on the
    Wi-Fi opening thousands of connections and never finishing a request held them all, the
    server stopped answering, and in the app the referee could no longer save (no file left
    to open)."""

    held: ClassVar[Counter[str]] = Counter()
    """Connections open by address, in this process."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address = self.client[0] if self.client else ""
        self.held[self._address] += 1
        self._deadline: asyncio.TimerHandle | None = None
        self._body_awaited = False
        self._body_since = 0.0
        crowded = (
            self.held[self._address] > PER_CLIENT and not ipaddress.ip_address(self._address or "0.0.0.0").is_loopback
        )
        if len(self.connections) > connections_allowed() or crowded:  # this laptop's own (a bench) are not capped
            transport.abort()
            return
        self._deadline = self.loop.call_later(HEADERS_WITHIN, self._too_slow)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        now = self.cycle
        if now is not None and now.more_body and not now.response_complete:  # its body must keep coming,
            if not self._body_awaited:  # and be whole within BODY_WITHIN
                self._body_since = self.loop.time()
            self._forget_deadline()
            left = BODY_WITHIN - (self.loop.time() - self._body_since)
            self._deadline = self.loop.call_later(max(0.0, min(BODY_SILENCE, left)), self._body_silent)
            self._body_awaited = True
        elif now is not cycle or self._body_awaited:  # a request whole: answered, however long it takes
            self._forget_deadline()
            self._body_awaited = False

    def on_response_complete(self) -> None:
        """The answer sent: the connection idles until the next request's headers — unless
        that request, pipelined behind, has begun already (its own deadline is armed by
        ``handle_events``, within ``super()``).  A body still arriving for the request
        answered (a 401 before it was whole) is not waited for."""
        self._forget_deadline()
        self._body_awaited = False
        answered = self.cycle
        super().on_response_complete()
        if self.cycle is answered and not self.transport.is_closing():
            self._deadline = self.loop.call_later(self.timeout_keep_alive + HEADERS_WITHIN, self._too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        self._forget_deadline()
        self.held[self._address] -= 1
        if self.held[self._address] <= 0:
            del self.held[self._address]
        super().connection_lost(exc)

    def _forget_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.abort()

    def _body_silent(self) -> None:
        """No byte of the body for ``BODY_SILENCE``, or not whole within ``BODY_WITHIN``: cut —
        unless it is this server that stopped reading (a body beyond uvicorn's buffer, waiting
        for a thread to take it)."""
        if self.flow.read_paused:  # the time it waits on us is not the peer's
            self._body_since += BODY_SILENCE
            self._deadline = self.loop.call_later(BODY_SILENCE, self._body_silent)
        else:
            self._too_slow()


def connections_allowed() -> int:
    """As many connections as the open files allow, ``SPARE_FILES`` kept back."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(64, (OPEN_FILES if soft == resource.RLIM_INFINITY else soft) - SPARE_FILES)


def _for_peers(path: str) -> bool:
    return path in GIT_PATHS or path.startswith("/tengen/")


class Serving:
    """A server answering in a thread of its own: the peers' fetches (a hall's) and the
    players' pages, on one port."""

    def __init__(self, server: uvicorn.Server, thread: threading.Thread, port: int, address: str) -> None:
        self._server, self._thread = server, thread
        self.port, self.address = port, address
        """The port it listens on, and where it is reached (what the app shows, the QR code holds)."""

    def stop(self) -> None:
        """Stopped: the listening socket closed at once, open pages cut after a second."""
        self._server.should_exit = True
        self._thread.join(timeout=5)


def start(repo: HallRepo | None, port: int, bind: str, pages: ASGIApp | None = None) -> Serving:
    """The server (the hall's ``repo`` for the peers, ``pages`` for the players), answering
    in a thread of its own; refused in one line when the address cannot be had."""
    device = this_device()
    wsgi: Any = None if repo is None else application(repo, device)  # a2wsgi types WSGI its own way
    git = None if repo is None else _door(repo, device, cast(ASGIApp, WSGIMiddleware(wsgi, workers=8)))

    async def dispatch(scope: Scope, receive: Receive, send: Send) -> None:
        if git is not None and (pages is None or _for_peers(scope.get("path", ""))):
            await git(scope, receive, send)
        elif pages is not None:
            await pages(scope, receive, send)

    _more_files()
    try:
        every = bind == "::" and socket.has_dualstack_ipv6()  # every address, IPv4's too: the one shown is one
        listening = socket.create_server((bind, port), family=socket.AF_INET6 if ":" in bind else socket.AF_INET,
                                         backlog=2048, dualstack_ipv6=every)  # fmt: skip
    except OSError as error:  # the port taken, an address not this laptop's
        raise Refused("{bind}:{port}: {reason}", bind=bind, port=port, reason=os_reason(error)) from None
    config = uvicorn.Config(dispatch, log_level="critical", access_log=False, lifespan="on" if pages else "off",
                            timeout_graceful_shutdown=1, timeout_keep_alive=KEEP_ALIVE, http=_Guarded,
                            ws="none", proxy_headers=False)  # fmt: skip  # an upgrade is a page: a WebSocket escaped
    # the guard's count; a client is its connection's address, never a header's (a token is bound to it)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        time.sleep(0.01)
    bound = listening.getsockname()[1]
    if not server.started:
        raise Refused("{bind}:{port}: {reason}", bind=bind, port=port, reason=Worded("the server did not start"))
    host = reachable(bind)
    return Serving(server, thread, bound, f"http://[{host}]:{bound}" if ":" in host else f"http://{host}:{bound}")


OPEN_FILES = 8192
"""Connections a server may hold: a desktop's usual limit of 1,024 open files is met by 700
phones each holding a live page."""


def _more_files() -> None:
    """This process's limit of open files raised to ``OPEN_FILES`` where the system lets it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES if hard == resource.RLIM_INFINITY else min(OPEN_FILES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def reachable(bind: str) -> str:
    """The address peers reach a server bound to ``bind`` at: on every address, this laptop's
    address on the hall's network — the one its route out uses (no packet is sent), else,
    on a network with no way out (a plain switch, no router: a trial's laptops showed
    127.0.0.1), the first address of its interfaces."""
    if bind not in ("", "0.0.0.0", "::"):  # every address: the one peers reach
        return bind
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        host = str(probe.getsockname()[0])
    except OSError:
        host = "0.0.0.0"
    finally:
        probe.close()
    if host.startswith("0.") or host.startswith("127."):
        host = next(iter(interface_addresses()), "127.0.0.1")
    return host


VIRTUAL = ("docker", "virbr", "br-", "veth", "vmnet", "vboxnet", "tun", "tap")
"""Interfaces of a laptop's own machines and tunnels: their addresses come after the hall's
network's (no phone reaches a container's bridge)."""


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this laptop's interfaces, loopback left out (Linux's
    ``SIOCGIFADDR``; elsewhere none, and the route out alone is asked)."""
    try:
        import fcntl

        interfaces = socket.if_nameindex()
    except (ImportError, OSError):
        return []
    found = []
    for _index, name in sorted(interfaces, key=lambda interface: interface[1].startswith(VIRTUAL)):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as asking:
            try:
                answer = fcntl.ioctl(asking.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
            except OSError:  # no IPv4 address on it
                continue
        address = socket.inet_ntoa(answer[20:24])
        if not ipaddress.ip_address(address).is_loopback:
            found.append(address)
    return found


def _a_hall(real: Path, refuse: bool) -> bool:
    """Whether the tournament is a hall's (``hall.check_hall``: refused, with ``refuse``,
    where a hall's folder lies beside a tournament that is none)."""
    from data.service import Service

    with Service(real) as reading:
        state = reading.state
    if refuse:
        hall.check_hall(real, state)
    return state.hall is not None


def serve(
    path: Path,
    port: int,
    bind: str,
    peers: list[str],
    ready: Callable[[str], None],
    pages: ASGIApp | None = None,
    discovery: bool = True,
    syncing: bool = True,
    until: threading.Event | None = None,
    failed: Callable[[Worded | OSError], None] = lambda reason: None,
    dropped: Callable[[Notice], None] = lambda notice: None,
) -> None:
    """Serve until interrupted (or ``until`` is set): a hall's laptop syncing with its peers
    every ``PERIOD`` seconds (unless ``syncing`` is off: the app that started this server syncs
    itself), announced and finding the hall's other laptops by zeroconf unless ``discovery`` is
    off; a tournament that is no hall, its players' pages alone.  A sync that fails is tried
    again at the next cycle, and ``failed`` hears why — once, until the reason changes or a
    sync succeeds (a server failing silently for ever looked like a healthy hall); ``dropped``
    hears each entry of this laptop a merge left out (``hall.Synced.dropped``)."""
    real = real_path(path)
    folder = hall_path(real)
    stop = until or threading.Event()
    if not (folder.is_dir() and _a_hall(real, pages is None)):  # a hall's folder beside no hall: pages alone
        if pages is None:
            raise Refused("{path} is not a hall (tengen hall init makes one)", path=path.name)
        serving = start(None, port, bind, pages)
        ready(serving.address)
        try:
            stop.wait()
        finally:
            serving.stop()
        return
    with HallRepo(folder) as repo:
        repo.add_peers([as_source(peer) for peer in peers])
        serving = start(repo, port, bind, pages)
        found = None
        if discovery:
            from data.hall.discovery import Discovery

            found = Discovery(repo, this_device(), bind, serving.port)
        ready(serving.address)
        try:
            said = locked = ""
            while not stop.wait(PERIOD):
                if not syncing:
                    continue
                try:
                    synced = hall.sync(real, [], serves=serving.address)
                except (Worded, OSError) as error:  # the file held by a command, a disk full: tried again
                    text = str(error)
                    # a lock said once held by the same process two syncs running (the app): a helper's
                    # «result» holds it a moment, and each was said, 16 times in a trial
                    if text != said and (not isinstance(error, FileLocked) or text == locked):
                        failed(error)
                        said = text
                    locked = text if isinstance(error, FileLocked) else ""
                else:
                    said = locked = ""
                    for notice in synced.dropped:
                        dropped(notice)
        finally:
            if found is not None:
                found.close()
            serving.stop()
