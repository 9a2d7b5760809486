"""Benchmarks of what the referee waits for (not tests: run by hand; numbers go into the note).

    python bench/run.py              # everything, as a table
    python bench/run.py --json       # the same as one JSON object
    python bench/run.py append pair  # some groups only

Every measurement is a whole ``tengen`` command as a fresh process (imports, reading and
checking the file, the work, writing), repeated; the table gives the median and the
range (min–max).  Growth ratios compare the medians of the same command on a small and a
large input: on a noisy machine a ratio says more than a time.  See bench/README.md.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from data.store import TournamentFile  # noqa: E402
from schemes.log import actions  # noqa: E402
from schemes.log.events import Event  # noqa: E402
from schemes.log.history import append  # noqa: E402
from schemes.state.model import Tournament  # noqa: E402

REPEAT = 5
CACHE: dict[str, str] = {}
"""The environment's cache folders for the commands: the bench's own, not the user's (its
state cache and numba's, and the commands' bytecode)."""


def environment() -> dict[str, str]:
    """The commands' environment: the bench's cache folders, and bytecode written, as an
    installed Tengen has it (pip compiles it).  Where ``PYTHONDONTWRITEBYTECODE`` is set (this
    machine's kind sets it) every command compiled Tengen's modules anew from the sources:
    0.3 s of each command's CPU time on this machine, which no referee pays."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | CACHE


GROUPS = ("append", "read", "pair", "blocked", "sparse", "mcmahon", "opengotha", "rest", "cards", "paper", "bulk")
ENGINE = ROOT.parent / "shared" / "opengotha-engine"
"""OpenGotha 3.51.02's own pairing engine, built headless (see its README)."""


class Log:
    """Events built in memory through the referee's actions (fast: no disk)."""

    def __init__(self, scheme: str, rounds: int | None, **params: str) -> None:
        self.events: list[Event] = []
        self.state: Tournament | None = None
        self.commit(actions.create("Bench", scheme, rounds, params=params))

    def commit(self, action: tuple[str, dict]) -> None:
        done = append(self.events, *action, "2026-11-30T00:00:00+00:00", self.state)
        self.events.append(done.event)
        self.state = done.state

    def write(self, path: Path) -> Path:
        TournamentFile.create(path, self.events).close()
        return path


def players(log: Log, count: int, rng: random.Random) -> list[int]:
    start = len(log.state.players) if log.state else 0
    for i in range(count):
        log.commit(actions.register(log.events, surname=f"Игрок{start + i:05d}", name="Тест",
                                    rating=rng.randint(100, 2700)))  # fmt: skip
    return sorted(log.state.players)


def play(log: Log, rounds: int, rng: random.Random, leave_open: int = 0) -> None:
    """Pair and fill ``rounds`` rounds; the last keeps ``leave_open`` boards without a result."""
    for index in range(rounds):
        log.commit(actions.pair(log.state, rng, allow_repeats=True))
        played = log.state.rounds[-1]
        boards = played.boards[:-leave_open] if leave_open and index == rounds - 1 else played.boards
        for board in boards:
            log.commit(actions.result(played.number, board.number, rng.choice(("W+", "B+"))))


PEAKS: list[int] = []
"""The peak memory (KB) of each process run since the measurement began."""
CPUS: list[float] = []
"""The CPU time (user + system, s) of each process run since the measurement began: on a
machine shared with other work a wall time says how busy it was, a CPU time less so."""
SPAWNER = """
import json, os, subprocess, sys, time
for line in sys.stdin:
    command, cwd, env = json.loads(line)
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    print(json.dumps([time.perf_counter() - start, os.waitstatus_to_exitcode(status), usage.ru_maxrss,
                      usage.ru_utime + usage.ru_stime]), flush=True)
"""
"""Runs the measured commands and reports their time and peak memory.  A process's peak
(``ru_maxrss``) counts the memory of whatever it was forked from, so the commands are
started from this small process, started before the bench grows, not from the bench."""
_spawner: subprocess.Popen[str] | None = None


def process(command: list[str], check: bool = True) -> float:
    """Run ``command`` to its end; its wall time (its peak memory goes to ``PEAKS``)."""
    global _spawner
    if _spawner is None:
        _spawner = subprocess.Popen([sys.executable, "-c", SPAWNER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    text=True)  # fmt: skip
    assert _spawner.stdin is not None and _spawner.stdout is not None
    _spawner.stdin.write(json.dumps([command, str(ROOT), environment()]) + "\n")
    _spawner.stdin.flush()
    took, code, peak, cpu = json.loads(_spawner.stdout.readline())
    if check and code:
        raise subprocess.CalledProcessError(code, command)
    PEAKS.append(peak)
    CPUS.append(cpu)
    return float(took)


def run(*argv: str) -> float:
    return process([sys.executable, "-m", "tui", *argv])


def measure(results: dict, name: str, step: Callable[[int], float], target: str = "") -> None:
    PEAKS.clear()
    CPUS.clear()
    times = [step(i) for i in range(REPEAT)]
    results[name] = {"median": statistics.median(times), "min": min(times), "max": max(times), "target": target,
                     "peak_mb": max(PEAKS, default=0) / 1024,
                     "cpu": statistics.median(CPUS) if len(CPUS) == REPEAT else None}  # fmt: skip


def event_log(size: int) -> Log:
    """A round robin log of about ``size`` events whose last round has results missing."""
    rng = random.Random(size)
    count = max(20, int((2 * size) ** 0.5) // 2 * 2)  # a round robin of n players has ~n²/2 results
    log = Log("round-robin", None, numbering="rating")
    players(log, count, rng)
    while len(log.events) < size - count // 2:
        play(log, 1, rng)
    play(log, 1, rng, leave_open=2 * REPEAT + 2)
    return log


def bench_append(results: dict, folder: Path) -> None:
    """A result typed on files of growing logs: first with the state cache the command
    before left (the referee's every slip but the first), then with none (the first
    command on a file, or after an undo: the whole log is replayed)."""
    for size in (1_000, 5_000, 20_000, 50_000):
        log = event_log(size)
        path = log.write(folder / f"log-{size}.json")
        number = log.state.paired_rounds
        missing = iter(log.state.rounds[-1].missing)
        label = f"{size // 1000}k"
        run("-f", str(path), "pairings", str(number), "--json")  # the cache, as any command leaves it

        def typed(_: int, path: Path = path, number: int = number, missing: Iterator[int] = missing) -> float:
            return run("-f", str(path), "result", str(number), str(next(missing)), "W+")

        def first(index: int) -> float:
            shutil.rmtree(Path(CACHE["XDG_CACHE_HOME"]) / "tengen", ignore_errors=True)
            return typed(index)

        measure(results, f"append_{label}", typed, "about the same at every size")
        measure(results, f"append_{label}_cold", first)
        measure(
            results,
            f"read_{label}",
            lambda i, path=path, number=number: run("-f", str(path), "pairings", str(number), "--json"),
        )


def bench_pair(results: dict, folder: Path) -> None:
    """``tengen pair`` of the next round of a 1,000-player event, each Swiss-like scheme."""
    for scheme in ("gamma", "sport-handicap", "fors"):
        rng = random.Random(7)
        log = Log(scheme, 7)
        players(log, 1000, rng)
        play(log, 3, rng)
        path = log.write(folder / f"pair-{scheme}.json")
        measure(results, f"pair_{scheme}_1000", lambda i, path=path: _pair_copy(path, folder, i), "< 1 s")


def _pair_copy(path: Path, folder: Path, index: int) -> float:
    """Pair on a fresh copy each time (a pairing changes the file)."""
    copy = folder / f"{path.stem}-{index}.json"
    copy.write_bytes(path.read_bytes())
    return run("-f", str(copy), "pair")


def adversarial(kind: str, size: int, folder: Path) -> Path:
    """blocked: the field in two halves of odd size, each player blocking the other half, so
    no pairing without a blocked pair exists and every candidate must be disproved;
    sparse: each player may meet only the 8 nearest in registration order."""
    rng = random.Random(size)
    log = Log("sport-handicap", 5)
    ids = players(log, size, rng)
    if kind == "blocked":
        first, second = ids[: size // 2 + 1], ids[size // 2 + 1 :]
        for player in first:
            log.commit(actions.edit(player, block=second))
    else:
        position = {p: i for i, p in enumerate(ids)}
        for player in ids:
            near = {ids[(position[player] + d) % size] for d in range(-4, 5)}
            log.commit(actions.edit(player, block=[p for p in ids if p not in near]))
    return log.write(folder / f"{kind}-{size}.json")


def bench_adversarial(results: dict, folder: Path, kind: str) -> None:
    for size in (500, 1000):
        path = adversarial(kind, size, folder)
        extra = ("--allow-repeats",) if kind == "blocked" else ()
        measure(
            results,
            f"pair_{kind}_{size}",
            lambda i, path=path, extra=extra: _pair_copy_with(path, folder, i, extra),
            "< 1 s" if size == 1000 else "",
        )


def _pair_copy_with(path: Path, folder: Path, index: int, extra: tuple[str, ...]) -> float:
    copy = folder / f"{path.stem}-{index}.json"
    copy.write_bytes(path.read_bytes())
    # a refusal (no pairing at all) is an answer too
    return process([sys.executable, "-m", "tui", "-f", str(copy), "pair", *extra], check=False)


def bench_mcmahon(results: dict, folder: Path) -> None:
    """``tengen pair`` of round 3 of a McMahon event of 250, 1,000 and 3,000 players (2 rounds
    played by Tengen), paired both ways: as OpenGotha pairs (a field over 600 in its groups,
    Gabow's matching) and ``exactWholeField`` (the whole field in one exact matching)."""
    for exact in (False, True):
        for size in (250, 1000, 3000):
            rng = random.Random(size)
            log = Log("mcmahon", 5, **({"exactWholeField": "true"} if exact else {}))
            players(log, size, rng)
            play(log, 2, rng)
            name = f"mcmahon{'_exact' if exact else ''}-{size}"
            path = log.write(folder / f"{name}.json")
            target = {250: "< 0.5 s", 1000: "< 1.5 s", 3000: "< 3 s CPU, < 250 MB" if exact else "< 4 s"}[size]
            measure(results, f"pair_{name.replace('-', '_')}", lambda i, path=path: _pair_copy(path, folder, i), target)


def bench_opengotha(results: dict, folder: Path) -> None:
    """A McMahon round of 200, 600, 1,000 and 2,000 players on the same file, Tengen's
    ``pair`` and OpenGotha's own engine side by side, each a whole process: three rounds
    played by the engine itself (``gen_tournament.py build``), the fourth paired.  Tengen's
    boards are checked to be the engine's.  The matcher's compilation, once per
    installation, is measured apart.  Needs Java."""
    jar = ENGINE / "opengotha-engine.jar"
    if shutil.which("java") is None or not jar.exists():
        print("opengotha: skipped (needs java and ../shared/opengotha-engine)", file=sys.stderr)
        return
    compiled = False
    for size in (200, 600, 1000, 2000):
        xml = folder / f"og-{size}.xml"
        build = [sys.executable, str(ENGINE / "gen_tournament.py"), "build", "-n", str(size), "--seed", "1",
                 "--played", "3", "-o", str(xml)]  # fmt: skip
        subprocess.run(build, check=True, capture_output=True)
        path = folder / f"og-{size}.json"
        run("import", "opengotha", str(xml), str(path))
        if not compiled:
            shutil.rmtree(Path(CACHE["XDG_CACHE_HOME"]) / "tengen", ignore_errors=True)
            results["compile_matcher"] = {**_once(lambda path=path: _pair_copy(path, folder, 99)), "target": "once"}
            compiled = True
        measure(results, f"tengen_mcmahon_{size}", lambda i, path=path: _pair_copy(path, folder, i))

        def engine(_: int, xml: Path = xml) -> float:
            return process(["java", "-jar", str(jar), str(xml), "4"])

        measure(results, f"opengotha_mcmahon_{size}", engine)
        same = _same_boards(xml, path, folder)
        results[f"same_boards_{size}"] = {"median": same, "min": same, "max": same, "target": "1"}


def _same_boards(xml: Path, path: Path, folder: Path) -> float:
    """1.0 when Tengen's pairing of round 4 is the engine's, table for table; else 0.0."""
    from data.ledger import Ledger  # noqa: PLC0415
    from schemes.systems.gotha.pairing import opengotha_key  # noqa: PLC0415

    engine = subprocess.run(["java", "-jar", str(ENGINE / "opengotha-engine.jar"), str(xml), "4"], capture_output=True,
                            check=True, text=True)  # fmt: skip
    theirs = sorted(
        (line["table"], line["white"], line["black"], line["handicap"])
        for line in map(json.loads, engine.stdout.splitlines())
        if "table" in line
    )
    copy = folder / f"{path.stem}-check.json"
    copy.write_bytes(path.read_bytes())
    run("-f", str(copy), "pair")
    with Ledger(copy, writable=False) as ledger:
        state = ledger.state
    key = {p.id: opengotha_key(p.surname, p.name) for p in state.players.values()}
    ours = sorted((b.number, key[b.white], key[b.black], b.handicap) for b in state.rounds[-1].boards)
    return float(ours == theirs)


def bench_rest(results: dict, folder: Path) -> None:
    """``tengen pair --rest`` on round 4 of the 2,000-player file of ``bench_opengotha`` paired in
    part (every other of the engine's boards kept, the bye too: 1,000 players left), and
    OpenGotha's Pair on the same rows (``tests/reference/tools/RestPair.java``), each a whole
    process; ``same_boards_rest_2000`` says whether the new tables are OpenGotha's.  Needs Java."""
    jar = ENGINE / "opengotha-engine.jar"
    if shutil.which("java") is None or not jar.exists():
        print("rest: skipped (needs java and ../shared/opengotha-engine)", file=sys.stderr)
        return
    built = folder / "rest-classes"
    subprocess.run(["javac", "-cp", str(jar), "-d", str(built), str(ROOT / "tests/reference/tools/RestPair.java")],
                   check=True, capture_output=True)  # fmt: skip
    whole = folder / "rest-whole.xml"
    subprocess.run([sys.executable, str(ENGINE / "gen_tournament.py"), "build", "-n", "2000", "--seed", "1",
                    "--played", "3", "-o", str(whole)], check=True, capture_output=True)  # fmt: skip
    engine = subprocess.run(["java", "-jar", str(jar), str(whole), "4"], capture_output=True, check=True, text=True)
    lines = [json.loads(line) for line in engine.stdout.splitlines() if line.strip()]
    kept = "".join(
        f'<Game blackPlayer="{x["black"]}" handicap="{x["handicap"]}" knownColor="true" result="RESULT_UNKNOWN" '
        f'roundNumber="4" tableNumber="{x["table"]}" whitePlayer="{x["white"]}"/>\n'
        for x in lines
        if "table" in x and x["table"] % 2
    )
    byes = "".join(f'<ByePlayer player="{x["bye"]}" roundNumber="4"/>\n' for x in lines if "bye" in x)
    xml = folder / "rest-2000.xml"
    text = whole.read_text(encoding="utf-8").replace("</Games>", f"{kept}</Games>", 1)
    xml.write_text(text.replace("</ByePlayers>", f"{byes}</ByePlayers>", 1) if "</ByePlayers>" in text else
                   text.replace("</Tournament>", f"<ByePlayers>\n{byes}</ByePlayers>\n</Tournament>"),
                   encoding="utf-8")  # fmt: skip
    path = folder / "rest-2000.json"
    run("import", "opengotha", str(xml), str(path))
    measure(results, "tengen_rest_2000", lambda i: _pair_copy_with(path, folder, i, ("--rest",)))
    rest_pair = ["java", "-cp", f"{jar}:{built}", "info.vannier.gotha.RestPair", str(xml), "4"]
    measure(results, "opengotha_rest_2000", lambda _: process(rest_pair))
    theirs = sorted(
        (line["table"], line["white"], line["black"], line["handicap"])
        for line in map(
            json.loads, subprocess.run(rest_pair, capture_output=True, check=True, text=True).stdout.split()
        )
        if "table" in line
    )
    same = float(_new_boards(path, folder) == theirs)
    results["same_boards_rest_2000"] = {"median": same, "min": same, "max": same, "target": "1"}


def _new_boards(path: Path, folder: Path) -> list[tuple[int, str, str, int]]:
    """The boards ``pair --rest`` adds to the latest round of ``path`` (on a copy), as the
    engine prints them."""
    from data.ledger import Ledger  # noqa: PLC0415
    from schemes.systems.gotha.pairing import opengotha_key  # noqa: PLC0415

    copy = folder / f"{path.stem}-check.json"
    copy.write_bytes(path.read_bytes())
    with Ledger(copy, writable=False) as ledger:
        before = {b.number for b in ledger.state.rounds[-1].boards}
    run("-f", str(copy), "pair", "--rest")
    with Ledger(copy, writable=False) as ledger:
        state = ledger.state
    key = {p.id: opengotha_key(p.surname, p.name) for p in state.players.values()}
    return sorted((b.number, key[b.white], key[b.black], b.handicap) for b in state.rounds[-1].boards
                  if b.number not in before)  # fmt: skip


def _once(step: Callable[[], float]) -> dict[str, float]:
    """A measurement taken once (a first time cannot be repeated)."""
    took = step()
    return {"median": took, "min": took, "max": took}


def bench_cards(results: dict, folder: Path) -> None:
    for size in (250, 1000):
        rng = random.Random(size)
        log = Log("gamma", 5)
        players(log, size, rng)
        play(log, 2, rng)
        path = log.write(folder / f"cards-{size}.json")
        target = "< 4 s" if size == 1000 else ""
        measure(
            results,
            f"cards_{size}",
            lambda i, path=path, size=size: run(
                "-f", str(path), "print", "cards", "-o", str(folder / f"cards-{size}-{i}.pdf")
            ),
            target,
        )


PAPER_SIZES = (250, 1000, 3000)
PAPER = {
    "print_cards": ("print", "cards"),
    "print_table": ("print", "table"),
    "print_protocol": ("print", "protocol"),
    "export_rating": ("export", "rating"),
}
"""What the referee prints at the big event, each ``tengen -f F <command> -o X``."""
PAPER_TARGETS = {"print_cards": "< 2 s", "print_table": "< 1 s", "print_protocol": "< 0.5 s",
                 "export_rating": "< 0.3 s", "app_board1": "< 1 s"}  # fmt: skip
"""The issue's goals, at 1,000 players."""


def bench_paper(results: dict, folder: Path) -> None:
    """The waits of a big McMahon event of 250, 1,000 and 3,000 players, ten rounds played by
    Tengen: its cards, its final table, the last round's protocol, the rating table, and the
    app until the rounds tab shows board 1 (``app_board1_N``, a whole process in tmux)."""
    for size in PAPER_SIZES:
        rng = random.Random(size)
        log = Log("mcmahon", 10)
        players(log, size, rng)
        play(log, 10, rng)
        path = log.write(folder / f"paper-{size}.json")
        run("-f", str(path), "pairings", "1", "--json")  # the state cache, as any command leaves it
        for name, (command, what) in PAPER.items():
            out = folder / f"{name}-{size}.{'txt' if command == 'export' else 'pdf'}"

            def printed(_: int, path: Path = path, command: str = command, what: str = what, out: Path = out) -> float:
                return run("-f", str(path), command, what, "-o", str(out))

            measure(results, f"{name}_{size}", printed, PAPER_TARGETS[name] if size == 1000 else "")
        if shutil.which("tmux") is None:
            print("app_board1: skipped (needs tmux)", file=sys.stderr)
            continue
        measure(results, f"app_board1_{size}", lambda i, path=path: app_board1(path, folder, i),
                PAPER_TARGETS["app_board1"] if size == 1000 else "")  # fmt: skip


BOARD_1 = re.compile(r"^\s*1\s+\S+\s+\d+\. ", re.MULTILINE)
"""The rounds tab's first row: board 1, its result, white's number and name."""


def app_board1(path: Path, folder: Path, index: int) -> float:
    """``python -m tui F`` in a terminal of 160×50 (tmux, a server of the bench's own): the
    wall time from its start until the screen shows board 1; its peak memory, read from the
    process before it is closed, goes to ``PEAKS``."""
    tmux = ["tmux", "-L", f"tengen-bench-{os.getpid()}-{path.stem}-{index}"]  # a server of its own: none left behind
    home = folder / "home"
    home.mkdir(exist_ok=True)
    env = (
        f"env -u PYTHONDONTWRITEBYTECODE HOME={home} XDG_CACHE_HOME={CACHE['XDG_CACHE_HOME']} "
        f"PYTHONPYCACHEPREFIX={CACHE['PYTHONPYCACHEPREFIX']} TERM=xterm-256color"
    )
    subprocess.run([*tmux, "new-session", "-d", "-x", "160", "-y", "50", "-s", "bench", "sleep 600"], check=True)
    window = f"bench:app{index}"
    try:
        start = time.perf_counter()  # the terminal's server runs already: only the app's start is timed
        subprocess.run([*tmux, "new-window", "-d", "-t", "bench", "-n", f"app{index}",
                        f"{env} {sys.executable} -m tui {path}"], check=True, cwd=ROOT)  # fmt: skip
        while True:
            screen = subprocess.run([*tmux, "capture-pane", "-p", "-t", window], capture_output=True, text=True)
            if BOARD_1.search(screen.stdout):
                took = time.perf_counter() - start
                break
            if time.perf_counter() - start > 60:
                raise TimeoutError(f"board 1 of {path.name} not shown in 60 s")
            time.sleep(0.005)
        pid = subprocess.run([*tmux, "display-message", "-p", "-t", window, "#{pane_pid}"], capture_output=True,
                             text=True, check=True).stdout.strip()  # fmt: skip
        status = Path(f"/proc/{pid}/status").read_text()
        PEAKS.append(int(re.search(r"VmHWM:\s+(\d+)", status).group(1)))  # type: ignore[union-attr]
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        CPUS.append((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))  # utime, stime: its CPU so far
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    return took


def bench_bulk(results: dict, folder: Path) -> None:
    """Lists and files of the largest sizes a referee could bring, and hostile ones: a
    registration list of 1,000 to 20,000 rows (the limit), a workbook stating a million
    rows (refused), an OpenGotha file of 2,000 players and five rounds (OpenGotha's own
    limit), an EGD list with lines of 30,000 blanks (``player find``)."""
    from openpyxl import Workbook

    for size in (1_000, 5_000, 20_000):
        rows = folder / f"list-{size}.csv"
        rng = random.Random(size)
        rows.write_text("surname,name,rating\n" + "".join(f"Игрок{i},Тест,{rng.randint(100, 2700)}\n"
                                                         for i in range(size)), encoding="utf-8")  # fmt: skip

        def imported(index: int, rows: Path = rows, size: int = size) -> float:
            path = folder / f"bulk-{size}-{index}.json"
            run("new", str(path), "--scheme", "mcmahon", "--rounds", "5", "--name", "Bulk")
            return run("-f", str(path), "player", "import", str(rows))

        measure(results, f"import_csv_{size // 1000}k", imported, "its size, not its square")
    book = Workbook()
    book.active.append(["surname", "name", "rating"])
    book.active.cell(row=1_048_576, column=1, value="x")
    sheet = folder / "million.xlsx"
    book.save(sheet)
    target = folder / "bulk-xlsx.json"
    run("new", str(target), "--scheme", "mcmahon", "--rounds", "5", "--name", "Bulk")
    measure(
        results,
        "refuse_xlsx_1m_rows",
        lambda i: process(
            [sys.executable, "-m", "tui", "-f", str(target), "player", "import", str(sheet)], check=False
        ),
        "at once",
    )
    log = Log("mcmahon", 5)
    players(log, 2_000, random.Random(5))
    play(log, 5, random.Random(5))
    source = log.write(folder / "bulk-og-2000.json")  # og-2000 is the opengotha group's, in the same folder
    xml = folder / "bulk-og-2000.xml"
    run("-f", str(source), "export", "opengotha", "-o", str(xml))
    measure(results, "import_opengotha_2000x5", lambda i: run("import", "opengotha", str(xml),
                                                              str(folder / f"og-back-{i}.json")))  # fmt: skip
    egd = folder / "egd.txt"
    good = "  12345678 Ivanov Ivan                 RU  Msk    2d   --  2150  12  T100101\n"
    egd.write_text("PIN  Name  GoR\n<pre>\n" + ("12345678 Ab" + " " * 30_000 + "x\n") * 100 + good)
    measure(results, "egd_find_100_lines_of_30k_blanks", lambda i: run("player", "find", str(egd), "Ivanov"))


RATIOS = {
    "import_csv_20k_vs_1k": ("import_csv_20k", "import_csv_1k"),
    "append_50k_vs_5k": ("append_50k", "append_5k"),
    "append_cold_50k_vs_5k": ("append_50k_cold", "append_5k_cold"),
    "read_50k_vs_5k": ("read_50k", "read_5k"),
    "pair_blocked_1000_vs_500": ("pair_blocked_1000", "pair_blocked_500"),
    "pair_sparse_1000_vs_500": ("pair_sparse_1000", "pair_sparse_500"),
    **{
        f"pair_mcmahon{kind}_{big}_vs_{small}": (f"pair_mcmahon{kind}_{big}", f"pair_mcmahon{kind}_{small}")
        for kind in ("", "_exact")
        for big, small in ((1000, 250), (3000, 1000))
    },
    "cards_1000_vs_250": ("cards_1000", "cards_250"),
    **{
        f"{name}_{big}_vs_{small}": (f"{name}_{big}", f"{name}_{small}")
        for name in (*PAPER, "app_board1")
        for small, big in zip(PAPER_SIZES, PAPER_SIZES[1:], strict=False)
    },
    **{f"tengen_vs_opengotha_{n}": (f"tengen_mcmahon_{n}", f"opengotha_mcmahon_{n}") for n in (200, 600, 1000, 2000)},
    "tengen_mcmahon_2000_vs_200": ("tengen_mcmahon_2000", "tengen_mcmahon_200"),
    "opengotha_mcmahon_2000_vs_200": ("opengotha_mcmahon_2000", "opengotha_mcmahon_200"),
    "tengen_vs_opengotha_rest_2000": ("tengen_rest_2000", "opengotha_rest_2000"),
}


def main(argv: list[str]) -> dict:
    process([sys.executable, "-c", "pass"])  # the spawner starts while the bench is small
    unknown = [a for a in argv if a not in GROUPS and a != "--json"]
    if unknown:  # «--help» ran every group for minutes
        print(f"usage: bench/run.py [--json] [GROUP ...]; groups: {' '.join(GROUPS)} (not {' '.join(unknown)})",
              file=sys.stderr)  # fmt: skip
        sys.exit(2)
    as_json = "--json" in argv
    chosen = [a for a in argv if a in GROUPS] or list(GROUPS)
    results: dict = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        CACHE["XDG_CACHE_HOME"] = str(folder / "cache")
        CACHE["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        packages = [str(ROOT / package) for package in ("schemes", "data", "paperwork", "tui")]
        subprocess.run([sys.executable, "-m", "compileall", "-q", *packages], env=environment(), check=True)
        if "append" in chosen or "read" in chosen:
            bench_append(results, folder)
        if "pair" in chosen:
            bench_pair(results, folder)
        for kind in ("blocked", "sparse"):
            if kind in chosen:
                bench_adversarial(results, folder, kind)
        if "mcmahon" in chosen:
            bench_mcmahon(results, folder)
        if "opengotha" in chosen:
            bench_opengotha(results, folder)
        if "rest" in chosen:
            bench_rest(results, folder)
        if "cards" in chosen:
            bench_cards(results, folder)
        if "paper" in chosen:
            bench_paper(results, folder)
        if "bulk" in chosen:
            bench_bulk(results, folder)
    ratios = {
        name: results[big]["median"] / results[small]["median"]
        for name, (big, small) in RATIOS.items()
        if big in results and small in results
    }
    cpu_ratios = {
        name: results[big]["cpu"] / results[small]["cpu"]
        for name, (big, small) in RATIOS.items()
        if results.get(big, {}).get("cpu") and results.get(small, {}).get("cpu")
    }
    report = {name: value["median"] for name, value in results.items()} | {"ratios": ratios, "cpu_ratios": cpu_ratios}
    report["peak_mb"] = {name: value["peak_mb"] for name, value in results.items() if value.get("peak_mb")}
    report["cpu"] = {name: value["cpu"] for name, value in results.items() if value.get("cpu") is not None}
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{'measurement':<28} {'median':>8} {'min–max':>17} {'cpu':>8} {'peak':>7}  target")
        for name, value in results.items():
            if name.startswith("same_boards"):
                print(f"{name:<28} {'yes' if value['median'] == 1 else 'NO':>8}")
                continue
            spread = f"{value['min']:.3f}–{value['max']:.3f}"
            peak = f"{value.get('peak_mb', 0):.0f} MB" if value.get("peak_mb") else ""
            cpu = f"{value['cpu']:.3f}s" if value.get("cpu") is not None else ""
            print(f"{name:<28} {value['median']:>7.3f}s {spread:>17} {cpu:>8} {peak:>7}  {value['target']}")
        for name, ratio in ratios.items():
            by_cpu = f"   (cpu x{cpu_ratios[name]:.2f})" if name in cpu_ratios else ""
            print(f"ratio {name:<36} x{ratio:.2f}{by_cpu}")
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
