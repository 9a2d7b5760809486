"""The players' pages under a hall's crowd: a load on loopback, bounded in count and time.
Not a test: run by hand; the numbers go into the note.

    python bench/players.py                  # 400 clients for 60 s
    python bench/players.py --clients 100 --seconds 20

A 400-player McMahon event, round 1 paired (200 boards). The players' pages are served as
the referee's switch serves them: the Textual app (headless, on the same tournament) starts
``tengen hall serve --for-app``; the referee enters a result every 2 s in the app
(``TournamentScreen.act``, as its rounds tab does). Another process holds the crowd: every
client keeps a live connection (``/live``, server-sent events) and reads the pairing
(``/round/1``) every 5 s, its first read at a random moment of the first 5 s.

Measured: every page read's time (first byte sent to last byte read) and its status; for each
result, how long until each live connection heard of it; the app's keystroke time while it
serves (a key pressed every 0.5 s, until the screen has answered); peak memory of the serving
process. Printed: counts, errors, percentiles (goal: page p99 < 200 ms, live < 2 s).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def made(path: Path) -> None:
    from tests.tui.web.players import hall_tournament

    hall_tournament(path, extra=394)


# -- the laptop: the app, serving ------------------------------------------------------------


def laptop(path: str, every: float, ready: Any, done: Any, out: Any) -> None:
    """The app headless on ``path``, serving its pages as the referee's switch does (F12: a
    process of its own); keystroke times, before the crowd comes and while it reads. Its
    settings and recent files in the bench's folder, never the user's."""
    import os

    os.environ["XDG_CONFIG_HOME"] = str(Path(path).parent / "config")
    asyncio.run(_laptop(Path(path), every, ready, done, out))


async def _laptop(path: Path, every: float, ready: Any, done: Any, out: Any) -> None:
    from schemes.log import actions
    from tui import serving
    from tui.app import TengenApp
    from tui.i18n import set_language

    set_language("ru")
    serving.BIND = "127.0.0.1"
    serving.PORT = 0
    app = TengenApp(str(path))
    keys: list[float] = []
    entered: list[float] = []
    quiet: list[float] = []

    async def key() -> float:
        began = time.perf_counter()
        await pilot.press("down")
        await pilot.pause()
        return time.perf_counter() - began

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.pages.start()  # type: ignore[attr-defined]
        while screen.pages.server is None:  # type: ignore[attr-defined]
            await asyncio.sleep(0.05)
        for _ in range(10):  # the same keystroke before the crowd comes: what it costs unloaded
            quiet.append(await key())
            await asyncio.sleep(0.5)
        ready.send(screen.pages.server.port)  # type: ignore[attr-defined]
        began_at, board = time.monotonic(), 2
        while not done.poll():
            keys.append(await key())
            if every and time.monotonic() - began_at > 3 + every * len(entered):  # the referee types a result
                screen.act(actions.result(1, board, random.choice(("W+", "B+"))))  # type: ignore[attr-defined]
                entered.append(time.time())
                board += 1
            await asyncio.sleep(0.5)
        peak = _peak_of(screen.pages.server.process.pid)  # type: ignore[attr-defined]
        screen.pages.stop()  # type: ignore[attr-defined]
    out.send({"keys": keys, "quiet": quiet, "peak_mb": peak, "entered": entered})


def _peak_of(pid: int) -> float:
    """A process's peak memory so far (MB), from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# -- the crowd -----------------------------------------------------------------------------


async def _read(port: int, target: str) -> tuple[int, float]:
    began = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    answer = await reader.read()
    writer.close()
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0
    return status, time.perf_counter() - began


async def _client(port: int, seconds: float, pages: list[tuple[int, float]], heard: list[float]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    await writer.drain()

    async def listen() -> None:
        first = True
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"data: "):
                if not first:
                    heard.append(time.time())
                first = False

    listening = asyncio.create_task(listen())
    end = time.monotonic() + seconds
    await asyncio.sleep(random.uniform(0, 5))
    while time.monotonic() < end:
        try:
            pages.append(await _read(port, "/round/1"))
        except OSError:
            pages.append((0, 0.0))
        await asyncio.sleep(5)
    heard.append(-time.time())  # when it stopped listening (negative: not a notice)
    listening.cancel()
    writer.close()


def crowd(port: int, clients: int, seconds: float, out: Any) -> None:
    async def run() -> dict[str, Any]:
        pages: list[tuple[int, float]] = []
        heard: list[list[float]] = [[] for _ in range(clients)]
        await asyncio.gather(*(_client(port, seconds, pages, heard[i]) for i in range(clients)))
        return {"pages": pages, "heard": heard}

    out.send(asyncio.run(run()))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--every", type=float, default=2.0, help="seconds between two results (0: none)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tengen-players-"))
    path = folder / "t.json"
    made(path)
    context = multiprocessing.get_context("spawn")
    ready_in, ready_out = context.Pipe()
    done_in, done_out = context.Pipe()
    laptop_in, laptop_out = context.Pipe()
    app = context.Process(target=laptop, args=(str(path), args.every, ready_out, done_in, laptop_out))
    app.start()
    port = ready_in.recv()
    crowd_in, crowd_out = context.Pipe()
    people = context.Process(target=crowd, args=(port, args.clients, args.seconds, crowd_out))
    people.start()
    seen = crowd_in.recv()
    done_out.send(True)
    the_app = laptop_in.recv()
    entered = the_app["entered"]
    for process in (app, people):
        process.join()
    times = [t for status, t in seen["pages"] if status == 200]
    errors = sum(1 for status, _t in seen["pages"] if status != 200)
    delays = []
    for heard in seen["heard"]:
        until = -min(h for h in heard if h < 0)
        for at in (at for at in entered if at < until - 1):  # entered while this client listened
            after = [h - at for h in heard if h >= at]
            delays.append(min(after) if after else float("inf"))
    report = {
        "clients": args.clients,
        "seconds": args.seconds,
        "page_reads": len(seen["pages"]),
        "page_errors": errors,
        "page_ms": {q: round(percentile(times, q) * 1000, 1) for q in (50, 90, 99)},
        "page_ms_max": round(max(times) * 1000, 1) if times else None,
        "results_entered": len(entered),
        "live_heard_s": {q: round(percentile(delays, q), 3) for q in (50, 99)},
        "live_missed": sum(1 for d in delays if d == float("inf")),
        "app_key_ms": {
            "median": round(statistics.median(the_app["keys"]) * 1000, 1),
            "p99": round(percentile(the_app["keys"], 99) * 1000, 1),
            "max": round(max(the_app["keys"]) * 1000, 1),
            "presses": len(the_app["keys"]),
            "unloaded_median": round(statistics.median(the_app["quiet"]) * 1000, 1),
        },
        "serving_process_peak_mb": round(the_app["peak_mb"], 1),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
