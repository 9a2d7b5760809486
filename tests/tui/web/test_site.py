"""The players' pages from a real server on 127.0.0.1: read-only by construction, live within
2 s of a result, bad requests answered in words, and ``hall serve`` serving a tournament
that is no hall."""

from __future__ import annotations

import contextlib
import http.client
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

from data.hall.serve import Serving, start
from data.service import Service
from schemes.log import actions
from tests.tui.web.players import hall_tournament
from tui.web.site import site


def ask(serving: Serving, method: str, target: str, body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=5)
    try:
        connection.request(method, quote(target, safe="/?=&%"), body=body)
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def test_the_pages_are_served_with_a_policy_that_runs_no_foreign_script(served: tuple[Path, Serving]) -> None:
    _path, serving = served
    for target in ("/", "/round/1", "/standings", "/standings?after=1", "/player?q=елк", "/projector?slide=3"):
        status, headers, body = ask(serving, "GET", target)
        assert status == 200 and headers["content-type"] == "text/html; charset=utf-8", target
        assert (
            "script-src 'self'" in headers["content-security-policy"] and headers["x-content-type-options"] == "nosniff"
        )
        assert body.startswith(b"<!doctype html>")
    status, headers, body = ask(serving, "GET", "/style.css")
    assert status == 200 and headers["content-type"].startswith("text/css") and b"@media" in body
    status, headers, body = ask(serving, "GET", "/live.js")
    assert status == 200 and headers["content-type"].startswith("text/javascript") and b"EventSource" in body
    status, headers, body = ask(serving, "HEAD", "/round/1")
    assert status == 200 and body == b"" and int(headers["content-length"]) > 1000


def test_a_page_is_sent_compressed_to_a_browser_that_reads_it(served: tuple[Path, Serving]) -> None:
    """A review: each result sends every open page anew, 150 KB of a big event's pairing to
    each of 400 phones on the hall's Wi-Fi.  A browser saying it reads gzip gets the page
    compressed, the same bytes once unpacked; one that does not (or refuses it) gets them plain."""
    import gzip

    _path, serving = served
    for accepted, compressed in [("gzip, deflate, br", True), ("br;q=1.0, gzip;q=0.8", True), ("identity", False),
                                 ("gzip;q=0", False), ("", False)]:  # fmt: skip
        connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=5)
        try:
            connection.request("GET", "/round/1", headers={"Accept-Encoding": accepted} if accepted else {})
            answer = connection.getresponse()
            headers, body = {k.lower(): v for k, v in answer.getheaders()}, answer.read()
        finally:
            connection.close()
        assert headers["vary"] == "Accept-Encoding" and answer.status == 200
        assert (headers.get("content-encoding") == "gzip") == compressed, accepted
        page = gzip.decompress(body) if compressed else body
        assert page == ask(serving, "GET", "/round/1")[2] and page.startswith(b"<!doctype html>")


def test_every_method_but_get_and_head_is_refused_and_the_file_unchanged(served: tuple[Path, Serving]) -> None:
    path, serving = served
    before = path.read_bytes()
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        for target in ("/", "/round/1", "/live", "/player?q=x", "/no/such/page", "/git-receive-pack"):
            status, headers, _body = ask(serving, method, target, b"result=1 1 W+")
            assert (status, headers["allow"]) == (405, "GET, HEAD"), (method, target)
    assert path.read_bytes() == before


def test_what_is_no_page_is_a_404_in_words(served: tuple[Path, Serving]) -> None:
    _path, serving = served
    for target in ("/round/2", "/round/x", "/round/99999999", "/standings?after=7", "/standings?after=-1",
                   "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/tui/web/site.py", "/t.json", "/static/",
                   "/info/refs?service=git-upload-pack", "/tengen/device"):  # fmt: skip
        status, _headers, body = ask(serving, "GET", target)
        assert status == 404 and "Такой страницы нет".encode() in body, target
        assert b"Traceback" not in body and b"root:" not in body


def test_a_bad_query_is_text(served: tuple[Path, Serving]) -> None:
    _path, serving = served
    for target in ("/player?q=%ff%fe%00", "/player?q=" + "я" * 5000, "/player?q=%3Cscript%3E&lang=%3Cb%3E"):
        status, _headers, body = ask(serving, "GET", target)
        assert status == 200 and b"<script>" not in body.replace(b'<script src="/live.js" defer></script>', b"")


def test_a_result_reaches_an_open_page_within_two_seconds(served: tuple[Path, Serving]) -> None:
    path, serving = served
    connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=5)
    connection.request("GET", "/live")
    live = connection.getresponse()
    assert live.status == 200 and live.getheader("content-type", "").startswith("text/event-stream")
    first = _data(live)
    with Service(path, writable=True) as service:
        service.commit(actions.result(1, 2, "B+"))
    entered = time.monotonic()
    second = _data(live)
    assert time.monotonic() - entered < 2.0 and second != first
    connection.close()
    _status, _headers, body = ask(serving, "GET", "/round/1")
    assert f'data-version="{second}"'.encode() in body
    assert b'<tr id="board-2">' in body and '<td class="result">Ч+</td></tr>'.encode() in body


def _data(stream: http.client.HTTPResponse) -> str:
    """The next ``data:`` line of a server-sent event stream."""
    while True:
        line = stream.readline().decode()
        if line.startswith("data: "):
            return line[6:].strip()


def test_hall_serve_serves_a_tournament_that_is_no_hall(tmp_path: Path) -> None:
    path = hall_tournament(tmp_path / "t.json")
    argv = [sys.executable, "-m", "tui", "-f", str(path), "hall", "serve", "--port", "0", "--bind", "127.0.0.1"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert process.stdout is not None
        process.stdout.readline()
        pages = process.stdout.readline()
        assert pages.startswith("the players' pages: http://127.0.0.1:"), pages  # the interface's language: English
        address = urlsplit(pages.split(": ", 1)[1].strip())
        connection = http.client.HTTPConnection("127.0.0.1", address.port, timeout=5)
        connection.request("GET", "/player?q=elk")
        answer = connection.getresponse()
        assert answer.status == 200 and "Ёлкина".encode() in answer.read()
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert not (tmp_path / "t.json.hall").exists()


def test_a_server_reading_each_change_keeps_none_of_the_states_before(tmp_path: Path) -> None:
    """A 700-player hall's trial: each ``hall serve`` grew by a megabyte at every result and
    never gave it back (924 MB by round 3).  The command line freezes what a read builds out
    of the cycle collector's sight (``ledger.for_one_command``): right for a command that
    ends, a leak for a server reading the file anew at each change.  Here the real ``hall
    serve``, its process's command, re-reads two changes, and has frozen nothing."""
    path = hall_tournament(tmp_path / "t.json")
    script = f"""
import gc, http.client, socket, sys, threading, time
from data.service import Service
from schemes.log import actions
from tui import cli
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
sys.argv = ["tengen", "-f", {str(path)!r}, "hall", "serve", "--port", str(port), "--bind", "127.0.0.1",
            "--no-discovery"]
threading.Thread(target=cli.main, daemon=True).start()
def won() -> int:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/round/1")
        page = connection.getresponse().read().decode()
    except OSError:
        return -1
    return page.count(">W+<") + page.count(">Б+<")
for board in (2, 3):
    with Service({str(path)!r}, writable=True) as service:
        service.commit(actions.result(1, board, "W+"))
    deadline = time.monotonic() + 30
    while won() < board and time.monotonic() < deadline:
        time.sleep(0.05)
print(won(), gc.get_freeze_count())
"""
    root = Path(__file__).resolve().parents[3]
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=root, timeout=90)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[-2:] == ["3", "0"], run.stdout  # every change read; nothing kept from the collector


def test_the_pages_kept_are_those_of_the_state_now(tmp_path: Path) -> None:
    """A page of the state before a change is never served again: 256 of them were kept, a
    700-player event's pairing and standings 400 KB a change (a trial's server grew by it)."""
    import asyncio

    from tui.web.site import Site

    path = hall_tournament(tmp_path / "t.json")

    async def change() -> set[str]:
        pages = Site(path)
        before = pages.snapshot.version
        watching = asyncio.create_task(pages.watch())
        for board in (2, 3):
            with Service(path, writable=True) as service:
                service.commit(actions.result(1, board, "W+"))
            version = pages.snapshot.version
            for _ in range(200):
                if pages.snapshot.version != version:
                    break
                await asyncio.sleep(0.05)
        watching.cancel()
        pages.close()
        assert pages.snapshot.version != before
        return {key[0] for key in [*pages._rendered, *pages._warm]} | {pages.snapshot.version}

    assert len(asyncio.run(change())) == 1  # the latest pairing and the standings of now, no older one


def test_the_pages_load_no_pdf_library(tmp_path: Path) -> None:
    """The pages are the paper's sheets as HTML (``paperwork.wall_sheets``), never a PDF:
    importing fpdf2 (with fontTools and Pillow) was half a second of every ``hall serve``'s
    start.  Every kind of page served, in a process of its own that has what ``hall serve``
    imports and every scheme's paperwork."""
    path = hall_tournament(tmp_path / "t.json")
    made = f"""
import http.client, sys
import tui.cli, tui.cli_hall
from data.hall.serve import start
from paperwork.per_scheme import paper_of
from schemes.registry import ENTRIES
from tui.web.site import site
for scheme in ENTRIES:
    paper_of(scheme)
serving = start(None, 0, "127.0.0.1", site({str(path)!r}))
for target in ("/", "/round/1", "/standings", "/standings?after=1", "/player?q=elk", "/projector?slide=1",
               "/projector?slide=2", "/projector?slide=3"):
    connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=5)
    connection.request("GET", target)
    assert connection.getresponse().status == 200, target
    connection.close()
serving.stop()
print(sorted({{name.split(".")[0] for name in sys.modules}} & {{"fpdf", "fontTools", "PIL"}}))
"""
    root = Path(__file__).resolve().parents[3]
    run = subprocess.run([sys.executable, "-c", made], capture_output=True, text=True, cwd=root, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "[]"


def test_serving_an_unreadable_file_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\xff\xfe not a tournament")
    argv = [sys.executable, "-m", "tui", "-f", str(junk), "hall", "serve", "--port", "0", "--bind", "127.0.0.1"]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, timeout=30)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert junk.read_bytes() == b"\xff\xfe not a tournament"


def test_a_server_started_under_a_low_limit_of_open_files_holds_more_live_pages(tmp_path: Path) -> None:
    """A desktop's usual limit is 1,024 open files; 700 phones each hold a live page. The
    server raises its own limit; here it starts under 256 and holds 300."""
    import resource
    import socket

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1024:
        pytest.skip(f"this machine allows {hard} open files: too few to test 300 connections and the server's 8,192")
    if soft < 1024:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))  # this test's own 300 connections
    path = hall_tournament(tmp_path / "t.json")
    argv = [sys.executable, "-m", "tui", "-f", str(path), "hall", "serve", "--port", "0", "--bind", "127.0.0.1"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                               preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard)))  # fmt: skip
    held: list[socket.socket] = []
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().rsplit(":", 1)[1].split()[0])
        for _ in range(300):
            held.append(socket.create_connection(("127.0.0.1", port), timeout=10))
            held[-1].sendall(b"GET /live HTTP/1.1\r\nHost: x\r\n\r\n")
        for connection in held:
            assert b"data: " in _until(connection, b"data: ")
    finally:
        for connection in held:
            connection.close()
        process.terminate()
        process.wait(timeout=10)


def _until(connection: Any, wanted: bytes) -> bytes:
    seen = b""
    while wanted not in seen:
        chunk = connection.recv(4096)
        if not chunk:
            break
        seen += chunk
    return seen


def test_a_client_that_never_finishes_its_headers_is_cut(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from data.hall import serve

    monkeypatch.setattr(serve, "HEADERS_WITHIN", 0.5)
    serving = start(None, 0, "127.0.0.1", site(hall_tournament(tmp_path / "t.json")))
    try:
        silent = socket.create_connection(("127.0.0.1", serving.port), timeout=5)
        dribbling = socket.create_connection(("127.0.0.1", serving.port), timeout=5)
        dribbling.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        began = time.monotonic()
        assert silent.recv(100) == b"" and dribbling.recv(100) == b""  # closed by the server
        assert time.monotonic() - began < 3
        assert ask(serving, "GET", "/")[0] == 200  # the others are answered all along
    finally:
        serving.stop()


def test_connections_beyond_what_the_open_files_allow_are_closed_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    from data.hall import serve

    monkeypatch.setattr(serve, "connections_allowed", lambda: 20)
    serving = start(None, 0, "127.0.0.1", site(hall_tournament(tmp_path / "t.json")))
    held = [socket.create_connection(("127.0.0.1", serving.port), timeout=5) for _ in range(20)]
    try:
        extra = socket.create_connection(("127.0.0.1", serving.port), timeout=5)
        extra.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        with contextlib.suppress(ConnectionResetError):
            assert extra.recv(100) == b""  # no room: cut, not queued
        for connection in held:
            connection.close()
        deadline = time.monotonic() + 5
        while ask(serving, "GET", "/")[0] != 200:  # room again once they are gone
            assert time.monotonic() < deadline
    finally:
        for connection in held:
            connection.close()
        serving.stop()


def test_live_connections_keep_half_the_room_for_the_pages_and_the_peers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attack held eight thousand ``/live`` connections open from a hundred addresses: no
    page and no peer was answered.  Half the room at most: the next is a 503, a page is
    answered, and a live connection closed makes room again."""
    import socket

    from data.hall import serve

    monkeypatch.setattr(serve, "connections_allowed", lambda: 20)
    serving = start(None, 0, "127.0.0.1", site(hall_tournament(tmp_path / "t.json")))
    held: list[socket.socket] = []

    def listen() -> bytes:
        """A live connection opened: its answer's first line (the connection kept)."""
        connection = socket.create_connection(("127.0.0.1", serving.port), timeout=5)
        connection.sendall(b"GET /live HTTP/1.1\r\nHost: x\r\n\r\n")
        held.append(connection)
        return connection.recv(4096).split(b"\r\n")[0]

    try:
        assert [listen() for _ in range(10)] == [b"HTTP/1.1 200 OK"] * 10  # each stream begun, counted
        assert listen() == b"HTTP/1.1 503 Service Unavailable"
        assert ask(serving, "GET", "/")[0] == 200
        status, headers, _body = ask(serving, "HEAD", "/live")  # its headers, the connection ended (an attack:
        assert (status, headers["content-type"]) == (200, "text/event-stream; charset=utf-8")  # held for good)
        held.pop(0).close()
        deadline = time.monotonic() + 5
        while listen() != b"HTTP/1.1 200 OK":  # its stream ended: room again
            assert time.monotonic() < deadline
            time.sleep(0.1)
    finally:
        for connection in held:
            connection.close()
        serving.stop()


def test_a_page_reads_only_its_own_query_keys(served: tuple[Path, Serving]) -> None:
    _path, serving = served
    for target in ("/", "/round/1", "/standings", "/player?q=елк", "/projector"):
        plain = ask(serving, "GET", target)
        joined = "&" if "?" in target else "?"
        for junk in ("path=x", "path=x&page=1", "z=" + "a" * 3000, "query=1&version=2"):
            status, _headers, body = ask(serving, "GET", f"{target}{joined}{junk}")
            assert status == 200 and body == plain[2], (target, junk)  # the same page, kept once


def test_numbers_are_taken_as_what_exists(served: tuple[Path, Serving]) -> None:
    _path, serving = served
    slides = ask(serving, "GET", "/projector?slide=1")[2]
    assert ask(serving, "GET", "/projector?slide=10001")[2] == slides  # two slides: 10001 is the second
    assert b'url=/projector?slide=0"' in slides
    assert ask(serving, "GET", "/round/01")[2] == ask(serving, "GET", "/round/1")[2]


def test_no_link_on_any_page_leads_off_the_server(served: tuple[Path, Serving]) -> None:
    _path, serving = served
    for target in ("//evil.example/x", "/%2F%2Fevil.example", "/%09/evil.example", "/round/1/", "/" + "a" * 5000):
        connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=5)
        connection.putrequest("GET", target, skip_host=True)
        connection.putheader("Host", "evil.example")
        connection.endheaders()
        answer = connection.getresponse()
        body = answer.read()
        assert answer.status == 404 and answer.getheader("location") is None, target
        links = re.findall(rb'href="([^"]*)"', body)
        assert links and all(link.startswith(b"/") and not link.startswith(b"//") for link in links), (target, links)
        assert len(body) < 5000  # the address asked for is not repeated back
        connection.close()


def test_a_page_that_fails_is_a_500_in_words(served: tuple[Path, Serving], monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.web import pages

    _path, serving = served

    def broken(visit: pages.Visit) -> str:
        raise RuntimeError("a bug")

    monkeypatch.setattr(pages, "event", broken)
    status, headers, body = ask(serving, "GET", "/?lang=en")
    assert status == 500 and headers["content-type"] == "text/html; charset=utf-8"
    assert b"This page could not be made" in body and b"a bug" not in body and b"Traceback" not in body


def test_a_flood_of_new_pages_is_told_busy_and_the_latest_pages_stay_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attack: searches nobody made before, from 16 connections each closed at once, queued
    renders without end (1 GB in a minute, the latest round's page 115 s late), and 300 of them
    pushed the latest pairing out of the pages kept.  A new page beyond ``RENDERS_WAITING`` is
    «busy» (503, in words, again in 2 s); the latest pairing and the standings, made when the
    file changed, stay made whatever is read."""
    from tui.web import site as web

    monkeypatch.setattr(web, "KEPT_PAGES", 2)
    path = hall_tournament(tmp_path / "t.json")
    serving = start(None, 0, "127.0.0.1", site(path))
    version = re.compile(rb'data-version="([^"]*)"')

    def shown() -> bytes:
        found = version.search(ask(serving, "GET", "/")[2])
        assert found is not None
        return found.group(1)

    try:
        before = shown()
        with Service(path, writable=True) as service:
            service.commit(actions.result(1, 2, "B+"))
        deadline = time.monotonic() + 10
        while shown() == before:  # the watcher has made the latest pages
            assert time.monotonic() < deadline
            time.sleep(0.05)
        for n in range(10):  # the pages kept are two: searches push each other out
            assert ask(serving, "GET", f"/player?q=Игрок{n}")[0] == 200
        made: list[str] = []
        real = web._made
        monkeypatch.setattr(web, "_made", lambda visit, view: made.append(visit.path) or real(visit, view))
        assert ask(serving, "GET", "/round/1")[0] == ask(serving, "GET", "/standings")[0] == 200
        assert made == []  # both still made, not made again
        monkeypatch.setattr(web, "RENDERS_WAITING", 0)
        status, headers, body = ask(serving, "GET", "/player?q=Игрок99&lang=en")
        assert (status, headers["retry-after"]) == (503, "2") and b"The laptop is busy" in body and made == []
        assert b"asks again by itself in a few seconds" in body  # not «in a minute»: its page asks in 2-4 s
        assert ask(serving, "GET", "/round/1")[0] == 200  # made already: served
    finally:
        serving.stop()


def test_a_crowd_asking_for_new_pages_does_not_delay_a_result(tmp_path: Path) -> None:
    """Searches nobody made before, from 40 connections at once: each is a render; the next
    result still reaches an open page within 2 s (the watcher renders in a thread of its own)."""
    import threading

    path = hall_tournament(tmp_path / "t.json", extra=400)
    serving = start(None, 0, "127.0.0.1", site(path))
    stop = threading.Event()

    def search(seed: int) -> None:
        n = 0
        while not stop.is_set():
            n += 1
            ask(serving, "GET", f"/player?q=Игрок{seed}{n}")

    crowd = [threading.Thread(target=search, args=(i,), daemon=True) for i in range(40)]
    try:
        connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=10)
        connection.request("GET", "/live")
        live = connection.getresponse()
        first = _data(live)
        for thread in crowd:
            thread.start()
        time.sleep(1)
        with Service(path, writable=True) as service:
            service.commit(actions.result(1, 2, "B+"))
        entered = time.monotonic()
        assert _data(live) != first and time.monotonic() - entered < 2.0
        connection.close()
    finally:
        stop.set()
        for thread in crowd:
            thread.join(timeout=10)
        serving.stop()


def test_the_apps_server_stops_when_the_app_closes_its_input(tmp_path: Path) -> None:
    """``hall serve --for-app`` (the app's server, a process of its own) lives as long as the
    app holds its input: closed (or the app killed, which closes it), it stops."""
    path = hall_tournament(tmp_path / "t.json")
    argv = [sys.executable, "-m", "tui", "-f", str(path), "hall", "serve", "--port", "0", "--bind", "127.0.0.1",
            "--for-app"]  # fmt: skip
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdin is not None
    port = int(process.stdout.readline().rsplit(":", 1)[1].split()[0])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/")
    assert connection.getresponse().status == 200
    connection.close()
    time.sleep(0.5)  # still serving while the app holds its input
    assert process.poll() is None
    process.stdin.close()
    assert process.wait(timeout=5) == 0
    assert process.stderr is not None and process.stderr.read() == ""
