"""Laptops over the network, as in the hall: real ``tengen hall serve`` processes on
127.0.0.1, real fetches, real ``tengen`` commands — results entered on three laptops at
once, a wrong secret, a stranger serving forged events, what the server refuses, and
``kill -9`` in the middle of syncs.  After each, every laptop's ``standings --json`` is the
same and no entry is lost."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from data.hall import hall
from data.hall.repo import HallRepo, hall_path
from data.hall.secret import challenge, endpoint, proven, session_token
from data.store import TournamentFile
from schemes.errors import Worded
from tests.data.hall.conftest import Laptop

ROOT = Path(__file__).parents[3]
pytestmark = pytest.mark.xdist_group("hall-network")  # one network of servers per module, on one worker
PATIENCE = 300
"""Seconds a command may take before the test fails as hung.  The first McMahon pairing of a
fresh clone compiles numba's loops (some 30 s of CPU); with two runs of the suite at once on
two cores, twelve processes sharing them, it took more than a minute."""


def tengen(laptop: Laptop, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui", *argv], env=_env(laptop), cwd=laptop.folder,
                          capture_output=True, text=True, timeout=PATIENCE)  # fmt: skip


def _env(laptop: Laptop) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(laptop.folder / "config")}


class Servers:
    """``hall serve`` processes, stopped together."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[str]] = []

    def serve(self, laptop: Laptop, *peers: str) -> str:
        """Start ``hall serve`` for a laptop; its address."""
        argv = [sys.executable, "-m", "tui", "-f", str(laptop.file), "hall", "serve", "--port", "0", "--bind",
                "127.0.0.1", "--no-discovery", *[f"--peer={peer}" for peer in peers]]  # fmt: skip
        process = subprocess.Popen(argv, env=_env(laptop), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.started.append(process)
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, (line, process.stderr.read() if process.poll() is not None else "")
        return "http://" + line.split("http://")[1].split()[0]

    def stop(self) -> None:
        for process in self.started:
            process.send_signal(signal.SIGINT)
        for process in self.started:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def until_the_same(*laptops: Laptop, after: int = 0, timeout: float = 60.0) -> str:
    """Wait for every laptop's standings to be the same, after round ``after`` (the servers
    sync every 2 s, a cycle longer on a loaded machine; the wait ends as soon as they agree,
    so its length costs nothing when all is well): standings before any complete round are
    the same with any results.
    Watched in this process (``Laptop.standings``: a look is three replays, not three
    processes), then each laptop's own ``standings --json`` says it."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            done = _the_same({laptop.standings() for laptop in laptops}, after)
        except Worded:  # what the command says in one line (exit 2, nothing on stdout): not yet the same
            done = False
        if done:
            seen = {tengen(laptop, "-f", str(laptop.file), "standings", "--json").stdout for laptop in laptops}
            done = _the_same(seen, after)
            if done:
                return seen.pop()
        if time.monotonic() > deadline:
            assert done, [(laptop.name, TournamentFileState(laptop.file).rounds) for laptop in laptops]
        time.sleep(0.2)


def _the_same(seen: set[str], after: int) -> bool:
    return len(seen) == 1 and json.loads(next(iter(seen)))["after_round"] == after


def _session(base: str, secret: str) -> str:
    """A peer's ``nonce:token`` for the laptop at ``base``, as a laptop of the hall makes it
    (``hall._session``): the laptop's proof checked first."""
    asked, reached = challenge(), urllib.parse.urlsplit(base)
    with urllib.request.urlopen(f"{base}/tengen/proof?challenge={asked}", timeout=5) as answer:
        told = json.loads(answer.read())
    assert proven(secret, asked, told["nonce"], endpoint(reached.hostname or ""), told["proof"])
    return f"{told['nonce']}:{session_token(secret, told['nonce'])}"


def _told(repo: HallRepo, secret: str, where: str) -> object:
    """What the laptop serving ``repo`` answers a peer of the hall asking ``where``."""
    from data.hall import serve

    serving = serve.start(repo, 0, "127.0.0.1")
    try:
        base = f"http://127.0.0.1:{serving.port}"
        request = urllib.request.Request(f"{base}{where}")
        request.add_header("Authorization", "Basic " + base64.b64encode(_session(base, secret).encode()).decode())
        with urllib.request.urlopen(request, timeout=5) as answer:
            return json.loads(answer.read())
    finally:
        serving.stop()


def _get(url: str, token: str | None = None, method: str = "GET") -> int:
    """The status of a request showing ``token`` (``nonce:token``, ``_session``)."""
    request = urllib.request.Request(url, method=method, data=b"0000" if method == "POST" else None)
    if token is not None:
        request.add_header("Authorization", "Basic " + base64.b64encode(token.encode()).decode())
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


# The tests of one laptop serving in this process come first: the module's servers (``network``,
# started by the first test that asks for them, stopped at the module's end) sync every 2 s
# meanwhile, and would go on syncing through these tests for nothing.


def test_a_proof_and_a_refusal_are_answered_at_the_door_and_the_peers_let_in_are_counted(
    founded: tuple[Laptop, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attack: a stranger asking for proofs over 16 connections, each closed at once, queued
    requests without end for git's eight threads (3.3 GB in 90 s, a helper's result 65 s late).
    A proof and a refusal are answered at the door, never queued; a laptop of the hall finding
    no room inside (here none at all) is told to ask again."""
    from data.hall import serve

    chief, secret = founded
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        serving = serve.start(repo, 0, "127.0.0.1")
        try:
            token = _session(serving.address, secret)
            assert _get(f"{serving.address}/info/refs?service=git-upload-pack", token) == 200
            monkeypatch.setattr(serve, "PEERS_WAITING", 0)
            assert _get(f"{serving.address}/info/refs?service=git-upload-pack", token) == 503
            assert _session(serving.address, secret)  # the proof: still answered, and proven
            assert _get(f"{serving.address}/info/refs?service=git-upload-pack") == 401
            assert _get(f"{serving.address}/tengen/proof?challenge=zz") == 400
            with pytest.raises(hall.BrokeOff) as busy:  # a laptop of the hall, busy: not «not a hall's laptop»
                hall._take_chains(repo, "b" * 32, serving.address, "table9", None)  # (a review: it was forgotten)
            assert str(busy.value) == f"{serving.address}: it is busy with other laptops: asked again at the next sync"
        finally:
            serving.stop()


def test_a_body_still_coming_after_its_answer_does_not_keep_the_connection_for_ever(
    founded: tuple[Laptop, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fetch without the secret is answered 401 before its body is whole; a byte of that body
    arriving afterwards used to cancel every deadline (an attack): the connection, and the file
    it holds, stayed open for ever. It is cut at the keep-alive's end like any idle one."""
    import socket

    from data.hall import serve

    chief, _secret = founded
    monkeypatch.setattr(serve, "KEEP_ALIVE", 0.3)
    monkeypatch.setattr(serve, "HEADERS_WITHIN", 0.3)
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        serving = serve.start(repo, 0, "127.0.0.1")
        try:
            with socket.create_connection(("127.0.0.1", serving.port), timeout=5) as connection:
                connection.sendall(b"POST /git-upload-pack HTTP/1.1\r\nHost: x\r\n"
                                   b"Content-Length: 100000\r\n\r\n0032want ")  # fmt: skip
                assert connection.recv(4096).startswith(b"HTTP/1.1 401")
                connection.sendall(b"0")
                began = time.monotonic()
                with contextlib.suppress(ConnectionResetError):
                    while connection.recv(4096):
                        pass
                assert time.monotonic() - began < 3
        finally:
            serving.stop()


async def _slow_page(scope: Any, receive: Any, send: Any) -> None:
    """A page that reads its body, then takes 1.5 s to answer (``/slow``)."""
    if scope["type"] != "http":
        return
    if scope["path"] == "/slow":
        while (await receive()).get("more_body"):
            pass
        await asyncio.sleep(1.5)
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


def _answers(connection: Any, within: float) -> bytes:
    """Everything the server sends until it closes (or ``within`` seconds pass)."""
    import socket

    connection.settimeout(within)
    got = b""
    with contextlib.suppress(ConnectionResetError, socket.timeout):
        while data := connection.recv(65536):
            got += data
    return got


@pytest.mark.parametrize("rest_later", [False, True], ids=["sent whole", "its body's end later"])
def test_a_request_pipelined_behind_another_is_answered_however_long_it_takes(
    founded: tuple[Laptop, str], monkeypatch: pytest.MonkeyPatch, rest_later: bool
) -> None:
    """Two requests in one packet, the second slow to answer: the idle deadline armed when the
    first was answered cut the second in the middle of its answer (a review)."""
    import socket

    from data.hall import serve

    chief, _secret = founded
    for name, seconds in (("KEEP_ALIVE", 0.3), ("HEADERS_WITHIN", 0.3), ("BODY_SILENCE", 0.5)):
        monkeypatch.setattr(serve, name, seconds)
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        serving = serve.start(repo, 0, "127.0.0.1", _slow_page)
        try:
            with socket.create_connection(("127.0.0.1", serving.port), timeout=5) as connection:
                connection.sendall(b"GET /fast HTTP/1.1\r\nHost: x\r\n\r\nPOST /slow HTTP/1.1\r\nHost: x\r\n"
                                   b"Content-Length: 10\r\n\r\n12345" + (b"" if rest_later else b"67890"))  # fmt: skip
                if rest_later:
                    time.sleep(0.1)
                    connection.sendall(b"67890")
                assert _answers(connection, 4).count(b"HTTP/1.1 200") == 2
        finally:
            serving.stop()


def test_an_upgrade_to_a_websocket_is_answered_as_a_page_and_its_connection_counted_out(
    founded: tuple[Laptop, str],
) -> None:
    """uvicorn handed a request to upgrade to a WebSocket (where a WebSocket library is
    installed) to a protocol of its own, and the connection was never counted out: sixty-four
    of them from one address and that address was refused for good (a review)."""
    import socket

    from data.hall import serve

    chief, _secret = founded
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        serving = serve.start(repo, 0, "127.0.0.1", _slow_page)
        before = serve._Guarded.held.get("127.0.0.1", 0)
        try:
            for _ in range(3):
                with socket.create_connection(("127.0.0.1", serving.port), timeout=5) as connection:
                    connection.sendall(b"GET /x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                                       b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                       b"Sec-WebSocket-Version: 13\r\n\r\n")  # fmt: skip
                    assert connection.recv(4096).startswith(b"HTTP/1.1 200")
            deadline = time.monotonic() + 5
            while serve._Guarded.held.get("127.0.0.1", 0) > before and time.monotonic() < deadline:
                time.sleep(0.02)
            assert serve._Guarded.held.get("127.0.0.1", 0) == before
        finally:
            serving.stop()


def test_peers_that_stop_in_the_middle_of_their_request_are_cut_and_the_others_answered(
    founded: tuple[Laptop, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten fetches whose Wi-Fi dies after the headers (the body never whole, the connection
    half-open): each held one of the eight threads answering peers, for ever, and the laptop
    answered no peer again; now each is cut after ``BODY_SILENCE`` and a peer is answered."""
    import socket

    from data.hall import serve

    chief, secret = founded
    monkeypatch.setattr(serve, "BODY_SILENCE", 0.5)
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        serving = serve.start(repo, 0, "127.0.0.1")
        authorised = base64.b64encode(_session(f"http://127.0.0.1:{serving.port}", secret).encode())
        stalled = [socket.create_connection(("127.0.0.1", serving.port), timeout=5) for _ in range(10)]
        try:
            for connection in stalled:
                connection.sendall(b"POST /git-upload-pack HTTP/1.1\r\nHost: x\r\nAuthorization: Basic " + authorised
                                   + b"\r\nContent-Type: application/x-git-upload-pack-request\r\n"
                                   b"Content-Length: 1000\r\n\r\n0032want ")  # fmt: skip
            began = time.monotonic()
            for connection in stalled:  # the server closes it (its answer may have begun)
                with contextlib.suppress(ConnectionResetError):
                    while connection.recv(4096):
                        pass
            assert time.monotonic() - began < 3
            refs = f"http://127.0.0.1:{serving.port}/info/refs?service=git-upload-pack"
            assert _get(refs, _session(f"http://127.0.0.1:{serving.port}", secret)) == 200
        finally:
            for connection in stalled:
                connection.close()
            serving.stop()


def test_a_body_dribbled_a_byte_at_a_time_is_cut_when_its_time_is_up(
    founded: tuple[Laptop, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attack: a byte every eight seconds kept each silence under ``BODY_SILENCE``, and sixteen
    such fetches held a laptop's peers' side as long as the attacker liked; a body must be whole
    within ``BODY_WITHIN``."""
    import socket

    from data.hall import serve

    chief, secret = founded
    monkeypatch.setattr(serve, "BODY_SILENCE", 0.5)
    monkeypatch.setattr(serve, "BODY_WITHIN", 0.8)
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        serving = serve.start(repo, 0, "127.0.0.1")
        authorised = base64.b64encode(_session(f"http://127.0.0.1:{serving.port}", secret).encode())
        with socket.create_connection(("127.0.0.1", serving.port), timeout=5) as dribbling:
            dribbling.sendall(b"POST /git-upload-pack HTTP/1.1\r\nHost: x\r\nAuthorization: Basic " + authorised
                              + b"\r\nContent-Type: application/x-git-upload-pack-request\r\n"
                              b"Content-Length: 1000\r\n\r\n0032want ")  # fmt: skip
            began, cut = time.monotonic(), False
            while time.monotonic() - began < 4 and not cut:
                time.sleep(0.15)  # a byte now and then, never silent for BODY_SILENCE
                try:
                    dribbling.sendall(b"a")  # of the wanted commit's name
                except OSError:
                    cut = True
            assert cut and time.monotonic() - began < 2
        serving.stop()


def test_a_laptop_tells_its_peers_of_the_proven_laptops_only(founded: tuple[Laptop, str]) -> None:
    """An attack: a stranger's silent addresses, heard by zeroconf on the chief's laptop, were
    told on through ``/tengen/peers`` and held the syncs of helpers that listened to no
    zeroconf; only the laptops that proved they know the secret are told on."""
    chief, secret = founded
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        repo.add_peers(["http://10.9.9.1:8390", "http://10.0.0.2:8390"])
        repo.prove("http://10.0.0.2:8390")
        assert _told(repo, secret, "/tengen/peers") == ["http://10.0.0.2:8390"]


@pytest.mark.parametrize(
    ("serves", "remote", "added"),
    [
        ("http://127.0.0.1:18149", "10.149.0.2", False),  # its loopback, from another machine: ours here
        ("http://localhost:18149", "10.149.0.2", False),
        ("http://[::1]:18149", "10.149.0.2", False),
        ("http://127.1:18149", "10.149.0.2", False),  # other spellings of it (an attack, with the secret)
        ("http://2130706433:18149", "10.149.0.2", False),
        ("http://0x7f000001:18149", "10.149.0.2", False),
        ("http://[::ffff:127.0.0.1]:18149", "10.149.0.2", False),
        ("http://0.0.0.0:18149", "10.149.0.2", False),
        ("http://127.0.0.1:18149", "127.0.0.1", True),  # from this machine: a peer (two terminals)
        ("http://10.149.0.2:8390", "10.149.0.2", True),
    ],
)
def test_a_laptop_serving_on_its_loopback_is_no_peer_of_another_machine(
    founded: tuple[Laptop, str], serves: str, remote: str, added: bool
) -> None:
    """A trial: a helper's ``hall serve --bind 127.0.0.1`` introduced itself at that address,
    and the chief asked his own laptop there every minute, «no laptop of the hall answers»."""
    from data.hall import serve
    from data.hall.secret import sign_hello

    chief, secret = founded
    hello = {"device": "d" * 32, "name": "Стол 2", "serves": serves, "at": "2026-12-07T05:00:00+00:00"}
    environ = {"HTTP_X_TENGEN_HELLO": json.dumps(hello), "HTTP_X_TENGEN_HELLO_MAC": sign_hello(secret, hello),
               "REMOTE_ADDR": remote}  # fmt: skip
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        serve._introduced(repo, environ)
        assert (serves in repo.peers) is added


def test_a_laptop_heard_through_a_peer_is_heard_as_of_the_peers_hearing(founded: tuple[Laptop, str]) -> None:
    """A review: a helper the chief cannot reach, whose chain comes through another helper,
    was «silent» on the chief once introductions stopped counting.  A peer tells when it
    last heard each laptop (``/tengen/heard``); its chains came with it, so the laptop is
    heard as of then — never later than now, never this laptop itself, never earlier."""
    from datetime import UTC, datetime

    from data.hall import hall

    chief, secret = founded
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        repo.hear(["b" * 32], "2026-01-01T10:00:00+00:00")
        assert _told(repo, secret, "/tengen/heard") == repo.heard
        repo.hear(["b" * 32, "c" * 32], "2026-01-01T09:00:00+00:00")
        later = json.dumps({"b" * 32: "2026-01-01T13:00:00+03:00", "c" * 32: "2026-01-01T08:00:00+00:00",
                            "own": "2026-01-01T11:00:00+00:00", "d" * 32: "3026-01-01T00:00:00+00:00",
                            "e" * 32: "not a time", "f" * 32: "2026-01-01T11:00:00"})  # fmt: skip
        before = datetime.now(UTC).isoformat(timespec="seconds")
        hall._heard_through(repo, later.encode(), "own")
        heard = repo.heard
        assert heard["b" * 32] == "2026-01-01T10:00:00+00:00"  # 13:00 at +03:00, later than 09:00
        assert heard["c" * 32] == "2026-01-01T09:00:00+00:00"  # not earlier than heard here
        assert before <= heard["d" * 32] <= datetime.now(UTC).isoformat(timespec="seconds")  # a clock ahead: now
        assert {"own", "e" * 32, "f" * 32}.isdisjoint(heard)
        hall._heard_through(repo, b"[1, 2]", "own")  # not a table of times: nothing
        assert repo.heard == heard


@pytest.fixture(scope="module")
def network(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Laptop, list[Laptop], list[str], str, Servers]]:
    """The chief serving, two helpers joined over the network and serving too (once for the
    module: starting three servers and two enrolments takes seconds)."""
    from data.hall import hall
    from data.service import Service
    from schemes.log import actions

    folder = tmp_path_factory.mktemp("network")
    monkeypatch = pytest.MonkeyPatch()
    made = []
    for name in ("chief", "table2", "table3"):
        (folder / name).mkdir()
        made.append(Laptop(name, folder / name, monkeypatch))
    chief, *helpers = made
    with chief.here():
        service = Service.create(chief.file, [actions.create("Hall cup", "mcmahon", 5)])
        service.commit_all(actions.registrations([], [{"surname": f"P{i}", "rank": f"{i}k"} for i in range(1, 9)]))
        service.close()
        secret = hall.init(chief.file, "Chief").secret
    monkeypatch.undo()
    servers = Servers()
    try:
        chief_url = servers.serve(chief)
        urls = [chief_url]
        for helper in helpers:
            joined = tengen(helper, "hall", "join", chief_url, str(helper.file), "--secret", secret, "--name",
                            helper.name)  # fmt: skip
            assert joined.returncode == 0 and joined.stdout.startswith("joined:"), joined.stdout + joined.stderr
            assert joined.stdout.splitlines()[1] == (  # the others only fetch: served, or nobody sees it
                f"what is entered here reaches the others from this laptop: open {helper.file} in the app, or keep "
                f"tengen -f {helper.file} hall serve running"
            )
            urls.append(servers.serve(helper, chief_url))
        yield chief, helpers, urls, secret, servers
    finally:
        servers.stop()


def laptops_of(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> Laptop:
    (tmp_path / name).mkdir()
    return Laptop(name, tmp_path / name, monkeypatch)


def test_results_on_three_laptops_at_once_reach_every_laptop(network) -> None:
    chief, (table2, table3), _urls, _secret, _servers = network
    paired = tengen(chief, "-f", str(chief.file), "pair")
    assert paired.returncode == 0, paired.stderr
    until_the_same(chief, table2, table3)
    assert tengen(table2, "-f", str(table2.file), "result", "1", "4", "B+").returncode == 0
    entries = [(chief, 1, "W+"), (table2, 2, "B+"), (table3, 3, "W+")]  # one laptop, one writer: one each
    running = [subprocess.Popen([sys.executable, "-m", "tui", "-f", str(laptop.file), "result", "1", str(board), code],
                                env=_env(laptop), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for laptop, board, code in entries]  # fmt: skip
    for process in running:
        _out, err = process.communicate(timeout=PATIENCE)
        assert process.returncode == 0, err
    until_the_same(chief, table2, table3, after=1)
    results = {b: r.code for b, r in TournamentFileState(table3.file).rounds[0].results.items()}
    assert results == {1: "W+", 2: "B+", 3: "W+", 4: "B+"}
    status = json.loads(tengen(chief, "-f", str(chief.file), "hall", "status", "--json").stdout)
    assert status["chief"] == status["device"] and len(status["devices"]) == 3 and status["disputes"] == 0
    assert all(d["last_heard"] for d in status["devices"] if d["id"] != status["device"])


def TournamentFileState(path: Path):  # noqa: N802 - reads like the value it is
    from schemes.log.replay import replay

    return replay(TournamentFile(path).events)


def test_a_wrong_secret_is_one_line_and_makes_nothing(network, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _chief, _helpers, urls, _secret, _servers = network
    stranger = laptops_of(tmp_path, "stranger", monkeypatch)
    tried = tengen(
        stranger, "hall", "join", urls[0], str(stranger.file), "--secret", "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ"
    )
    assert tried.returncode == 2 and tried.stderr.strip() == f"tengen: {urls[0]}: the secret is not this hall's"
    assert not stranger.file.exists() and not hall_path(stranger.file).exists()


def test_the_server_lets_peers_fetch_and_nothing_else(network) -> None:
    _chief, _helpers, urls, secret, _servers = network
    token = _session(urls[0], secret)
    assert _get(f"{urls[0]}/info/refs?service=git-upload-pack") == 401
    assert _get(f"{urls[0]}/info/refs?service=git-upload-pack", "wrong") == 401
    nonce = token.split(":")[0]  # a token of the old kind (one for ever), or one for a nonce never issued
    assert _get(f"{urls[0]}/info/refs?service=git-upload-pack", f"tengen:{session_token(secret, 'tengen')}") == 401
    assert _get(f"{urls[0]}/info/refs?service=git-upload-pack", f"{nonce}:{session_token(secret, nonce[::-1])}") == 401
    assert _get(f"{urls[0]}/tengen/proof?challenge=zz") == 400
    assert _get(f"{urls[0]}/info/refs?service=git-upload-pack", token) == 200
    assert _get(f"{urls[1]}/info/refs?service=git-upload-pack", token) == 401  # the chief's nonce: good there only
    deep = urllib.request.Request(
        f"{urls[0]}/info/refs?service=git-upload-pack",
        headers={"Authorization": "Basic " + base64.b64encode(token.encode()).decode(), "X-Tengen-Hello": "[" * 5000},
    )
    with urllib.request.urlopen(deep, timeout=5) as answer:  # an introduction nested too deep: ignored, not a 500
        assert answer.status == 200
    assert _get(f"{urls[0]}/info/refs?service=git-receive-pack", token) == 405
    assert _get(f"{urls[0]}/git-receive-pack", token, "POST") == 405
    assert _get(f"{urls[0]}/HEAD", token) == 404 and _get(f"{urls[0]}/objects/info/packs", token) == 404
    assert _get(f"{urls[0]}/tengen-secret", token) == 404
    assert _get(f"{urls[0]}/tengen/device") == 401  # the hall's own paths need the secret
    assert _get(f"{urls[0]}/standings") == _get(f"{urls[0]}/") == 200  # the players' pages, on the same port, need none
    assert _get(f"{urls[0]}/", None, "POST") == 405


def test_a_laptop_typed_as_host_and_port_is_synced_with(network) -> None:
    """hall.md: a peer may be typed as ``host:port``; a trial's was looked for as a folder."""
    from data.hall import hall

    _chief, (table2, _table3), urls, _secret, _servers = network
    with table2.here():
        synced = hall.sync(table2.file, [urls[0].removeprefix("http://")])
    assert synced.problems == ()


def test_a_stranger_passing_a_laptops_proof_on_is_not_taken_for_one(network) -> None:
    """An attack: a stranger asked for its proof asked the chief's laptop the same question and
    handed its answer back; the helper took it for a laptop of the hall, gave it a fetch token,
    and the stranger read the whole hall with it.  The proof names the end the chief was
    reached at, which is not the end the helper reached: refused, and nothing shown."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from data.errors import Refused
    from data.hall import hall

    _chief, (table2, _table3), urls, _secret, _servers = network
    shown: list[dict[str, str]] = []

    class Relay(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            shown.append(dict(self.headers))
            with urllib.request.urlopen(urls[0] + self.path, timeout=5) as answer:  # the chief's own proof
                body = answer.read()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    relay = ThreadingHTTPServer(("127.0.0.2", 0), Relay)  # another machine than the chief's (127.0.0.1)
    threading.Thread(target=relay.serve_forever, daemon=True).start()
    address = f"http://127.0.0.2:{relay.server_address[1]}"
    try:
        with table2.here(), HallRepo(hall_path(table2.file)) as repo:
            with pytest.raises(Refused) as refused:
                hall.fetch(repo, table2.device, address, "Table 2", "http://127.0.0.1:1")
            assert address not in repo.proven
    finally:
        relay.shutdown()
        relay.server_close()
    assert str(refused.value) == f"{address}: the secret is not this hall's"
    assert len(shown) == 1 and "Authorization" not in shown[0]  # the proof asked for, no token after it


def test_a_stranger_serving_forged_events_is_refused_and_named(
    network, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stranger who learnt the fetch token (the secret itself never travels) serves a chain
    of events it signed without the secret: refused, named in ``hall status``, nothing merged."""
    chief, (table2, _table3), _urls, secret, servers = network
    stranger = laptops_of(tmp_path, "stranger", monkeypatch)
    from tests.data.hall.test_hall import _forge

    fake = "f" * 32
    forged = {"device": fake, "seq": 1, "seen": {}, "kind": "result_recorded", "at": "2026-12-01T10:00:00+00:00",
              "data": {"round": 1, "board": 1, "code": "B+"}, "mac": "0" * 64}  # fmt: skip
    folder = hall_path(stranger.file)
    HallRepo.create(folder, secret).close()  # what a served repository needs: here, only its token
    _forge(folder, fake, [json.dumps(forged).encode()])
    stranger.file.write_bytes(chief.file.read_bytes())
    url = servers.serve(stranger)
    before = tengen(table2, "-f", str(table2.file), "standings", "--json").stdout
    synced = tengen(table2, "-f", str(table2.file), "hall", "sync", url)
    assert synced.returncode == 2 and "MAC is wrong" in synced.stderr and len(synced.stderr.splitlines()) == 1
    status = json.loads(tengen(table2, "-f", str(table2.file), "hall", "status", "--json").stdout)
    assert any("MAC is wrong" in refused for refused in status["refused"])
    russian = subprocess.run([sys.executable, "-m", "tui", "-f", str(table2.file), "hall", "status"],
                             env={**_env(table2), "LC_MESSAGES": "ru_RU.UTF-8"}, capture_output=True, text=True,
                             timeout=PATIENCE)  # fmt: skip
    said = f"отвергнуто: {url}: {fake[:8]}: подпись неверна: событие подписано не секретом этого зала"
    assert said in russian.stdout.splitlines()  # recorded by an English sync, said in Russian
    assert tengen(table2, "-f", str(table2.file), "standings", "--json").stdout == before


def test_kill_9_during_syncs_loses_nothing(network) -> None:
    chief, (table2, table3), urls, _secret, _servers = network
    until_the_same(chief, table2, table3, after=TournamentFileState(chief.file).latest_complete_round)
    paired = tengen(chief, "-f", str(chief.file), "pair")
    assert paired.returncode == 0, paired.stderr
    number = TournamentFileState(chief.file).paired_rounds
    for board in (1, 2, 3, 4):
        assert tengen(chief, "-f", str(chief.file), "result", str(number), str(board), "W+").returncode == 0
    rng = random.Random(5)
    for _attempt in range(8):
        process = subprocess.Popen([sys.executable, "-m", "tui", "-f", str(table3.file), "hall", "sync", urls[0]],
                                   env=_env(table3), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        time.sleep(rng.uniform(0.05, 0.6))
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert TournamentFile(table3.file).events, "the file is whole after each kill"
    finished = tengen(table3, "-f", str(table3.file), "hall", "sync", urls[0])
    assert finished.returncode == 0, finished.stderr
    until_the_same(chief, table2, table3, after=number)
    assert len(TournamentFile(table3.file).events) == len(TournamentFile(chief.file).events)


def _multicast_on_loopback() -> bool:
    """Whether zeroconf reaches itself on 127.0.0.1 here (a machine without multicast cannot)."""
    import socket as sockets

    from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, Zeroconf

    seen: list[str] = []

    class Listener:
        def add_service(self, zc: object, type_: str, name: str) -> None:
            seen.append(name)

        def update_service(self, *args: object) -> None:
            pass

        def remove_service(self, *args: object) -> None:
            pass

    try:
        one = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        other = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    except OSError:
        return False
    try:
        probe = f"p{os.getpid()}-{random.randrange(1 << 30)}._tengenprobe._tcp.local."  # two runs at once differ
        one.register_service(ServiceInfo("_tengenprobe._tcp.local.", probe,
                                         addresses=[sockets.inet_aton("127.0.0.1")], port=1))  # fmt: skip
        ServiceBrowser(other, "_tengenprobe._tcp.local.", Listener())
        deadline = time.monotonic() + 3
        while not seen and time.monotonic() < deadline:
            time.sleep(0.1)
        return bool(seen)
    finally:
        one.close()
        other.close()


def _copy_live(source: Path, target: Path) -> None:
    """A copy of the hall folder of a laptop that is serving: a sync may add a pack or put
    small ones together while the copy is taken (a file listed, then gone: ``shutil.Error``),
    so a copy that met one is taken again."""
    for _attempt in range(20):
        try:
            shutil.copytree(source, target)
            return
        except shutil.Error:
            shutil.rmtree(target, ignore_errors=True)
            time.sleep(0.1)
    raise AssertionError(f"{source} changed under every copy")


def test_laptops_of_one_hall_find_each_other_and_no_other_hall(
    network, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two laptops serving with discovery on (no ``--peer``) learn each other's address; a
    laptop of another hall announcing itself in the same room is not taken as a peer."""
    if not _multicast_on_loopback():
        pytest.skip("this machine has no multicast on 127.0.0.1 (zeroconf cannot reach itself)")
    _chief, (table2, table3), _urls, _secret, _servers = network
    from data.hall import hall

    other = laptops_of(tmp_path, "other", monkeypatch)
    with other.here():
        from data.service import Service
        from schemes.log import actions

        Service.create(other.file, [actions.create("Other cup", "mcmahon", 3)]).close()
        hall.init(other.file, "Other")
    started = []
    addresses = []
    for laptop in (table2, table3, other):
        copy = other
        if laptop is not other:  # a copy of a helper's tournament and hall folder, as another laptop
            copy = laptops_of(tmp_path, f"{laptop.name}-d", monkeypatch)
            copy.file.write_bytes(laptop.file.read_bytes())
            _copy_live(hall_path(laptop.file), hall_path(copy.file))
            (hall_path(copy.file) / "tengen-peers.json").unlink(missing_ok=True)
        argv = [sys.executable, "-m", "tui", "-f", str(copy.file), "hall", "serve", "--port", "0", "--bind",
                "127.0.0.1"]  # fmt: skip
        process = subprocess.Popen(argv, env=_env(copy), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started.append((copy, process))
        assert process.stdout is not None
        addresses.append("http://" + process.stdout.readline().split("http://")[1].split()[0])
    try:
        first, second = started[0][0], started[1][0]
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            with HallRepo(hall_path(first.file)) as one, HallRepo(hall_path(second.file)) as two:
                if addresses[1] in one.peers and addresses[0] in two.peers:
                    break
            time.sleep(0.3)
        with HallRepo(hall_path(first.file)) as one, HallRepo(hall_path(second.file)) as two:
            assert addresses[1] in one.peers and addresses[0] in two.peers
            assert addresses[2] not in one.peers and addresses[2] not in two.peers
    finally:
        for _copy, process in started:
            process.send_signal(signal.SIGINT)
        try:
            for _copy, process in started:
                process.wait(timeout=10)
        finally:  # one that did not stop fails the test, and is not left announcing itself to later runs
            for _copy, process in started:
                if process.poll() is None:
                    process.kill()
                    process.wait()


def test_every_laptop_learns_every_other_from_its_peers(network) -> None:
    """The third laptop joined from the chief only; through the chief's peers it fetches from
    the helper directly (one hop from every laptop to every other)."""
    _chief, (table2, table3), urls, _secret, _servers = network
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        with HallRepo(hall_path(table3.file)) as three, HallRepo(hall_path(table2.file)) as two:
            learnt = urls[1] in three.peers and urls[2] in two.peers
            if learnt and urls[2] not in three.peers and urls[1] not in two.peers:
                break
        time.sleep(0.3)
    with HallRepo(hall_path(table3.file)) as three, HallRepo(hall_path(table2.file)) as two:
        assert urls[1] in three.peers and urls[2] in two.peers
        assert urls[2] not in three.peers and urls[1] not in two.peers  # itself, once named, left out (a minute)


def test_a_laptop_on_a_network_with_no_way_out_says_its_interfaces_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trial: laptops on a plain switch (no router, no default route) showed «http://127.0.0.1:8390»
    as their address, which the helpers typed.  The route out answers where there is one;
    else an interface's address; else, with none, the loopback."""
    import socket

    from data.hall import serve

    class NoRoute(socket.socket):
        def connect(self, address: object) -> None:
            raise OSError(101, "Network is unreachable")

    assert serve.reachable("10.1.2.3") == "10.1.2.3"  # bound where the referee said
    monkeypatch.setattr(serve.socket, "socket", NoRoute)
    monkeypatch.setattr(serve, "interface_addresses", lambda: ["10.149.0.3"])
    assert serve.reachable("0.0.0.0") == "10.149.0.3"
    monkeypatch.setattr(serve, "interface_addresses", lambda: [])
    assert serve.reachable("") == "127.0.0.1"


def test_the_interfaces_addresses_are_read_without_the_loopback() -> None:
    """The address the route out uses is one of them (this machine's, where it has one)."""
    import ipaddress
    import socket

    from data.hall.serve import interface_addresses

    found = interface_addresses()
    assert all(not ipaddress.ip_address(a).is_loopback and ipaddress.ip_address(a).version == 4 for a in found)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
        except OSError:
            return  # no route out here: nothing to compare with
        assert probe.getsockname()[0] in found


def test_a_server_bound_to_an_ipv6_address_gives_an_address_a_browser_opens(founded: tuple[Laptop, str]) -> None:
    """An attack: ``--bind ::1`` printed ``http://::1:18156``, which nothing opens, and ``--bind ::``
    introduced itself as ``http://:::PORT``, which no laptop took."""
    import socket

    from data.errors import Refused
    from data.hall import serve

    if not socket.has_ipv6:
        pytest.skip("this machine has no IPv6")
    chief, _secret = founded
    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        try:
            serving = serve.start(repo, 0, "::1")
        except Refused:
            pytest.skip("this machine's loopback has no IPv6 address")
        try:
            assert serving.address == f"http://[::1]:{serving.port}"
        finally:
            serving.stop()
        every = serve.start(repo, 0, "::")  # every address: the one shown answers (IPv4's too)
        try:
            assert "::" not in every.address
            with urllib.request.urlopen(f"{every.address}/tengen/device", timeout=5) as answer:
                raise AssertionError(answer.status)  # a peer's question: the hall's secret is asked first
        except urllib.error.HTTPError as refused:
            assert refused.code == 401
        finally:
            every.stop()


def test_a_session_overheard_is_refused_from_another_address(founded: tuple[Laptop, str]) -> None:
    """An attack: one ``Authorization`` header overheard on the Wi-Fi (the hall speaks plain
    HTTP) let another machine copy the whole tournament; the nonce is the asker's address's."""
    import http.client

    from data.hall import serve

    chief, secret = founded

    def asked(source: str, where: str, authorization: str = "") -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=5, source_address=(source, 0))
        try:
            connection.request("GET", where, headers={"Authorization": authorization} if authorization else {})
            answer = connection.getresponse()
            return answer.status, answer.read()
        finally:
            connection.close()

    with chief.here(), HallRepo(hall_path(chief.file)) as repo:
        serving = serve.start(repo, 0, "127.0.0.1")
        try:
            status, told = asked("127.0.0.2", f"/tengen/proof?challenge={challenge()}")
            nonce = json.loads(told)["nonce"]
            shown = "Basic " + base64.b64encode(f"{nonce}:{session_token(secret, nonce)}".encode()).decode()
            assert asked("127.0.0.2", "/tengen/device", shown)[0] == 200
            assert asked("127.0.0.3", "/tengen/device", shown)[0] == 401  # the same header, from elsewhere
        finally:
            serving.stop()
