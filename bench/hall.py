"""Benchmarks of the hall (``../shared/spec/hall.md``): several laptops sharing one event log
over git.  Not tests: run by hand; numbers go into the note.

    python bench/hall.py                    # everything, as a table
    python bench/hall.py latency size       # some groups: latency size folder profile
    python bench/hall.py --json             # the same as one JSON object

Every laptop is a folder of its own with its own ``XDG_CONFIG_HOME`` (its device id) and
cache; every measurement is a whole ``tengen`` process, and the serving laptops are real
``tengen hall serve`` processes on 127.0.0.1 (port 0), syncing every 2 s as in the hall.
Each process runs under ``/usr/bin/time`` for its peak memory (a process's own
``ru_maxrss`` would count the bench it was forked from).

- latency: a chief serving, a helper serving with ``--peer`` the chief, a third laptop
  joined and serving; a result typed on one laptop (``tengen result``), the time until the
  others' files hold it (polled every 50 ms, then checked with ``tengen pairings --json``);
  at the end ``standings --json`` must be byte for byte the same on the three.
- size: McMahon events of 1k, 4k and 8k events made on the chief's laptop after
  ``hall init`` as the referee makes them (one command, one commit of the chain: one
  import, then each pairing and each result its own), a new laptop's ``hall join http://…``
  (goal < 10 s) with the peak memory of the joiner and of the chief's server, and an idle
  ``hall sync`` (nothing new: the cost of the 2 s cycle) with growth ratios; the serving
  chief's CPU while idle.
- folder: the 8k event through a folder (a USB stick's stand-in): the chief's first sync
  onto it, a new laptop's join from it, the enrolment, an idle sync.
- profile: cProfile of ``hall join`` and of an idle ``hall sync`` at 8k events (the same
  command, in one process), the top functions.
"""

from __future__ import annotations

import io
import json
import os
import pstats
import random
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from data.hall.repo import HallRepo, hall_path  # noqa: E402
from data.hall.stamp import Stamper  # noqa: E402
from data.service import Service  # noqa: E402
from data.store import TournamentFile  # noqa: E402
from schemes.log import actions  # noqa: E402
from schemes.log.history import append  # noqa: E402
from schemes.log.merge import Merged  # noqa: E402

GROUPS = ("latency", "size", "folder", "profile")
REPEAT = 5
SIZES = {"1k": (200, 8), "4k": (700, 10), "8k": (1400, 10)}
"""Events of a McMahon event of (players, rounds): registrations, pairings, results."""
OPEN_BOARDS = 12
"""Boards of the last round left without a result (for the latency's entries)."""
TIME = "/usr/bin/time"
SIZES_CHOSEN: list[str] = []
"""``--sizes=1k,8k``: only these sizes in the size group."""
SHARED_CACHE: dict[str, str] = {}
"""The bench's own cache folder (numba's compiled matcher, shared; never the user's)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a bench started in the background ignores it


class Laptop:
    """A folder, its own config folder (its device id) and cache, its tournament file."""

    def __init__(self, root: Path, name: str) -> None:
        self.name = name
        self.folder = root / name
        self.folder.mkdir(parents=True)
        self.file = self.folder / "T.json"
        self.env = dict(os.environ, XDG_CONFIG_HOME=str(self.folder / "config"),
                        XDG_CACHE_HOME=SHARED_CACHE["XDG_CACHE_HOME"])  # fmt: skip
        self.env.pop("PYTHONPATH", None)

    def run(
        self, *argv: str, check: bool = True, profile: Path | None = None, files: int = 0
    ) -> tuple[float, str, int]:
        """One command to its end: its wall time, its output, its peak memory (KB); ``files``:
        under that limit of open files (a desktop's usual 1,024)."""
        peak = self.folder / ".peak"
        python = [sys.executable, *(["-m", "cProfile", "-o", str(profile)] if profile else []), "-m", "tui"]
        command = [TIME, "-f", "%M", "-o", str(peak), *python, *argv]
        start = time.perf_counter()
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))) if files else None
        done = subprocess.run(command, cwd=ROOT, env=self.env, capture_output=True, text=True, check=False,
                              preexec_fn=limit)  # fmt: skip
        took = time.perf_counter() - start
        if check and done.returncode:
            raise RuntimeError(f"{self.name}: {' '.join(argv)}: {done.returncode}\n{done.stdout}{done.stderr}")
        return took, done.stdout if done.returncode == 0 else done.stdout + done.stderr, _peak(peak)

    def tengen(self, *argv: str, check: bool = True, files: int = 0) -> tuple[float, str, int]:
        return self.run("-f", str(self.file), *argv, check=check, files=files)

    def serve(self, *peers: str) -> Server:
        return Server(self, peers)

    def device(self) -> str:
        return (self.folder / "config" / "tengen" / "device").read_text().strip()

    def state(self):  # type: ignore[no-untyped-def]
        with Service(self.file) as service:
            return service.state


def _peak(path: Path) -> int:
    try:
        return int(path.read_text().split()[-1])
    except (OSError, ValueError, IndexError):
        return 0


class Server:
    """``tengen hall serve`` of a laptop, until ``stop``: its address from its first line."""

    RUNNING: list[Server] = []

    def __init__(self, laptop: Laptop, peers: tuple[str, ...]) -> None:
        self.laptop = laptop
        self.peak_file = laptop.folder / ".serve-peak"
        argv = ["-f", str(laptop.file), "hall", "serve", "--port", "0", "--bind", "127.0.0.1", "--no-discovery"]
        for peer in peers:
            argv += ["--peer", peer]
        command = [TIME, "-f", "%M", "-o", str(self.peak_file), sys.executable, "-m", "tui", *argv]
        self.errors = open(laptop.folder / ".serve-stderr", "w")  # noqa: SIM115 - closed in stop
        self.process = subprocess.Popen(command, cwd=ROOT, env=laptop.env, stdout=subprocess.PIPE, text=True,
                                        stderr=self.errors, start_new_session=True,
                                        preexec_fn=_default_sigint)  # fmt: skip
        Server.RUNNING.append(self)
        first: list[str] = []
        reader = threading.Thread(target=lambda: first.append(self.process.stdout.readline()), daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(60)
        found = re.search(r"serving .* at (http://127\.0\.0\.1:\d+)", first[0] if first else "")
        if not found:
            self.stop()
            raise RuntimeError(f"{laptop.name}: hall serve said {first!r}")
        self.url = found.group(1)
        threading.Thread(target=self.process.stdout.read, daemon=True).start()  # type: ignore[union-attr]

    def pid(self) -> int:
        """The tengen process under /usr/bin/time."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        return int(children[0])

    def cpu(self) -> float:
        """CPU seconds the serving process has used."""
        fields = Path(f"/proc/{self.pid()}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> int:
        """Ctrl+C to the server (its own process group); its peak memory (KB)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)  # time ignores it, tengen stops
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.errors.close()
        if self in Server.RUNNING:
            Server.RUNNING.remove(self)
        return _peak(self.peak_file)


# -- building events as the chief's laptop makes them ---------------------------------------
def build(laptop: Laptop, players: int, rounds: int, seed: int = 1) -> tuple[str, int]:
    """A McMahon hall on the chief's laptop: ``new``, ``hall init``, ``player import`` (real
    commands), then every pairing and result as its own command would make it (stamped,
    checked on the state, one commit of the chain each), the file written once at the end
    (the same bytes the commands leave).  The secret and the number of events."""
    rng = random.Random(seed)
    laptop.run("new", str(laptop.file), "--scheme", "mcmahon", "--rounds", str(rounds), "--name", "Hall bench")
    secret = laptop.tengen("hall", "init", "--name", "Chief")[1].strip().splitlines()[-1]
    rows = laptop.folder / "players.csv"
    rows.write_text("surname,name,rating\n" + "".join(f"Игрок{i:05d},Тест,{rng.randint(100, 2700)}\n"
                                                     for i in range(players)), encoding="utf-8")  # fmt: skip
    laptop.tengen("player", "import", str(rows))
    saved = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = laptop.env["XDG_CONFIG_HOME"]
    try:
        device = laptop.device()
        with Service(laptop.file) as service:
            events, state = list(service.events), service.state
        with HallRepo(hall_path(laptop.file)) as repo:
            stamp = Stamper(events, device, repo.secret)

        def commit(repo: HallRepo, action: tuple[str, dict]) -> None:
            nonlocal state
            done = append(events, *action, now(), state, stamp)
            events.append(done.event)
            state = done.state
            repo.record(device, [done.event])  # as Service.commit_all: a commit per command

        for index in range(rounds):
            # the repository opened again each round: one held open across thousands of
            # commits keeps a descriptor per pack and runs out of them
            with HallRepo(hall_path(laptop.file)) as repo:
                commit(repo, actions.pair(state, rng))
                played = state.rounds[-1]
                boards = played.boards[:-OPEN_BOARDS] if index == rounds - 1 else played.boards
                for board in boards:
                    commit(repo, actions.result(played.number, board.number, rng.choice(("W+", "B+"))))
        with Service(laptop.file, writable=True) as service:
            service.rewrite(Merged(tuple(events), state, ()))
    finally:
        if saved is None:
            os.environ.pop("XDG_CONFIG_HOME", None)
        else:
            os.environ["XDG_CONFIG_HOME"] = saved
    laptop.tengen("standings", "--json")  # the file reads, and leaves its state cache as any command
    return secret, len(events)


def repack(laptop: Laptop) -> float:
    """The chief's hall repository in one pack, as its first sync leaves it (``HallRepo.tidy``:
    dulwich's repack; git's would add a bitmap dulwich then trips on); the seconds it took."""
    start = time.perf_counter()
    with HallRepo(hall_path(laptop.file)) as repo:
        repo.repo.object_store.repack()
    return time.perf_counter() - start


def packs(laptop: Laptop) -> int:
    return len(list((hall_path(laptop.file) / "objects" / "pack").glob("*.pack")))


# -- measurements ---------------------------------------------------------------------------
def record(results: dict, name: str, times: list[float], peak_kb: int = 0, target: str = "") -> None:
    results[name] = {"median": statistics.median(times), "min": min(times), "max": max(times),
                     "peak_mb": peak_kb / 1024, "target": target, "n": len(times)}  # fmt: skip
    print(f"# {name}: {results[name]}", file=sys.stderr, flush=True)  # as it goes: a run is long


def note(results: dict, name: str, value: float, unit: str = "") -> None:
    results[name] = {"value": value, "unit": unit}
    print(f"# {name}: {value} {unit}", file=sys.stderr, flush=True)


def visible_all(laptops: list[Laptop], number: int, board: int, since: float, limit: float = 15.0) -> list[float]:
    """Seconds from ``since`` until each laptop's file holds the result (all polled every 50 ms):
    the time of the look that found the file changed, then read to see whether it holds it.
    Timed after the read, a replay of the whole log by the bench itself (a tenth of a second
    at 4,200 events, more on busy cores) was counted as the laptops' latency; the read is of
    the events only (the pairings each laptop prints at the end say the result stands)."""
    found: dict[int, float] = {}
    stamps: dict[int, tuple[int, int]] = {}
    while len(found) < len(laptops):
        for index, laptop in enumerate(laptops):
            if index in found:
                continue
            try:  # read only a file that changed: the bench's reads must not slow the laptops down
                looked = time.perf_counter()
                status = laptop.file.stat()
                if stamps.get(index) == (status.st_mtime_ns, status.st_ino):
                    continue
                stamps[index] = (status.st_mtime_ns, status.st_ino)
                if any(e.kind == "result_recorded" and (e.data["round"], e.data["board"]) == (number, board)
                       for e in TournamentFile(laptop.file).events):  # fmt: skip
                    found[index] = looked - since
            except Exception:  # noqa: BLE001 - a file being replaced: poll again
                stamps.pop(index, None)
        if time.perf_counter() - since > limit:
            break
        time.sleep(0.05)
    return [found.get(index, float("inf")) for index in range(len(laptops))]


def bench_latency(results: dict, root: Path, label: str, players: int, rounds: int, entries: int = 9) -> None:
    """Three laptops serving; results typed on each in turn, seen on the other two."""
    chief, helper, third = (Laptop(root, f"lat-{label}-{n}") for n in ("chief", "helper", "third"))
    secret, count = build(chief, players, rounds)
    repack(chief)  # as left, a 4k hall's sync takes longer than the test (see size)
    note(results, f"latency_{label}_events", count)
    served = chief.serve()
    helper.run("hall", "join", served.url, str(helper.file), "--secret", secret, "--name", "Helper")
    helper_served = helper.serve(served.url)
    third.run("hall", "join", served.url, str(third.file), "--secret", secret, "--name", "Third")
    third_served = third.serve()
    laptops = [chief, helper, third]
    number = chief.state().paired_rounds
    boards = iter(chief.state().round(number).missing)
    typed, seen, hops, missed = [], [], {}, 0
    try:
        time.sleep(3)  # every laptop has heard of the others
        for index in range(entries):
            source = laptops[index % 3]
            board = next(boards)
            took, _out, _peak = source.tengen("result", str(number), str(board), "W+")
            typed.append(took)
            done = time.perf_counter()
            others = [other for other in laptops if other is not source]
            for other, delay in zip(others, visible_all(others, number, board, done), strict=True):
                seen.append(delay)
                hops.setdefault(f"{source.name.rsplit('-', 1)[1]}->{other.name.rsplit('-', 1)[1]}", []).append(delay)
                shown = json.loads(other.tengen("pairings", str(number), "--json")[1])
                missed += not any(b["board"] == board and b["result"] for b in shown["boards"])
        time.sleep(5)
        standings = {laptop.tengen("standings", "--json")[1] for laptop in laptops}
        note(results, f"latency_{label}_same_standings", float(len(standings) == 1))
        note(results, f"latency_{label}_not_in_pairings_after_15s", missed)
    finally:
        peaks = [s.stop() for s in (third_served, helper_served, served)]
    record(results, f"latency_{label}_result_cmd", typed, target="")
    record(results, f"latency_{label}_seen", seen, max(peaks), target="< 3 s (worst)")
    for pair, delays in sorted(hops.items()):
        record(results, f"latency_{label}_{pair}", delays)


BUILT: dict[str, tuple[Laptop, str, int]] = {}


def bench_size(results: dict, root: Path, full: bool = False) -> None:
    """Each size twice: as the commands leave the hall repository (a pack per command), then
    repacked into one pack (the fix suggested)."""
    for label, (players, rounds) in SIZES.items():
        if SIZES_CHOSEN and label not in SIZES_CHOSEN:
            continue
        chief = Laptop(root, f"size-{label}-chief")
        start = time.perf_counter()
        secret, count = build(chief, players, rounds)
        note(results, f"build_{label}_s", time.perf_counter() - start, "s")
        note(results, f"events_{label}", count)
        note(results, f"packs_{label}", packs(chief))
        code = chief.tengen("hall", "status", check=False, files=1024)
        note(results, f"status_{label}_as_left_ulimit_1024", 0.0 if "Too many open files" in code[1] else 1.0,
             "1 ok, 0 'Too many open files'")  # fmt: skip
        if label == "1k" or full or label == "4k":
            times = [chief.tengen("hall", "sync")[0] for _ in range(3 if label == "1k" else 1)]
            record(results, f"sync_idle_{label}_chief_as_left", times, _peak(chief.folder / ".peak"))
        if label == "1k" or full or label == "4k":
            _join(results, root, chief, secret, f"{label}_as_left")
        times = [chief.tengen("result", str(rounds), str(board), "B+")[0]
                 for board in chief.state().round(rounds).missing[-3:]]  # fmt: skip
        record(results, f"result_cmd_{label}_as_left", times)
        note(results, f"repack_{label}_s", repack(chief), "s")
        BUILT[label] = (chief, secret, count)
        times = [chief.tengen("hall", "sync")[0] for _ in range(REPEAT)]
        record(results, f"sync_idle_{label}_chief", times, _peak(chief.folder / ".peak"), "its size, not its square")
        _join(results, root, chief, secret, label, idle=True)


def _join(results: dict, root: Path, chief: Laptop, secret: str, label: str, idle: bool = False) -> None:
    """A new laptop's ``hall join http://`` from the chief serving; then, ``idle``, the
    serving chief's CPU while nothing happens and the joiner's idle ``hall sync``."""
    joiner = Laptop(root, f"join-{label}")
    served = chief.serve()
    syncs: list[float] = []
    try:
        took, out, peak = joiner.run("hall", "join", served.url, str(joiner.file), "--secret", secret,
                                     "--name", "New", check=False)  # fmt: skip
        if not out.startswith("joined"):
            last = out.strip().splitlines()
            note(results, f"join_{label}_FAILED", took, "s: " + (last[-1][:110] if last else "?"))
            return
        if idle:
            time.sleep(2.5)  # the chief's cycle after the join
            before = served.cpu()
            time.sleep(10)
            note(results, f"serve_idle_cpu_{label}", (served.cpu() - before) / 10, "of a core")
            syncs = [joiner.tengen("hall", "sync")[0] for _ in range(REPEAT)]
            sync_peak = _peak(joiner.folder / ".peak")
    finally:
        server_peak = served.stop()
    record(results, f"join_{label}", [took], peak, "< 10 s")
    note(results, f"serve_peak_mb_{label}", server_peak / 1024, "MB")
    if syncs:
        record(results, f"sync_idle_{label}", syncs, sync_peak, "its size, not its square")
        standings = {lap.tengen("standings", "--json")[1] for lap in (chief, joiner)}
        note(results, f"same_standings_{label}", float(len(standings) == 1))


def built(root: Path, label: str) -> tuple[Laptop, str, int]:
    """The chief's hall of size ``label``, built once per run (the groups after share it)."""
    if label not in BUILT:
        chief = Laptop(root, f"size-{label}-chief")
        secret, count = build(chief, *SIZES[label])
        repack(chief)
        BUILT[label] = (chief, secret, count)
    return BUILT[label]


def bench_folder(results: dict, root: Path) -> None:
    label = "8k"
    chief, secret, count = built(root, label)
    stick = root / "stick"
    stick.mkdir()
    newcomer = Laptop(root, "stick-join")
    took, _o, peak = chief.tengen("hall", "sync", str(stick))
    record(results, f"stick_{label}_chief_first_sync", [took], peak)
    note(results, f"stick_{label}_mb", sum(f.stat().st_size for f in stick.rglob("*") if f.is_file()) / 2**20, "MB")
    took, out, peak = newcomer.run("hall", "join", str(stick), str(newcomer.file), "--secret", secret, "--name", "USB")
    record(results, f"stick_{label}_join", [took], peak, "< 10 s")
    took, _o, peak = chief.tengen("hall", "sync", str(stick))
    record(results, f"stick_{label}_chief_enrols", [took], peak)
    took, _o, peak = newcomer.tengen("hall", "sync", str(stick))
    record(results, f"stick_{label}_newcomer_enrolled", [took], peak)
    assert newcomer.device() in newcomer.state().hall.laptops
    idle = [newcomer.tengen("hall", "sync", str(stick))[0] for _ in range(REPEAT)]
    record(results, f"stick_{label}_sync_idle", idle, _peak(newcomer.folder / ".peak"))


PROFILES: dict[str, str] = {}


def bench_profile(results: dict, root: Path) -> None:
    label = "8k"
    chief, secret, _count = built(root, label)
    left = Laptop(root, "profile-as-left")
    build(left, *SIZES["1k"])
    out = root / "sync-as-left.prof"
    left.run("-f", str(left.file), "hall", "sync", profile=out)
    PROFILES["hall sync, nothing new (1k, a pack per command, as left)"] = _top(out)
    joiner = Laptop(root, "profile-join")
    served = chief.serve()
    try:
        out = root / "join.prof"
        joiner.run("hall", "join", served.url, str(joiner.file), "--secret", secret, "--name", "P", profile=out)
        PROFILES["hall join http:// (8k)"] = _top(out)
        out = root / "sync.prof"
        joiner.run("-f", str(joiner.file), "hall", "sync", profile=out)
        PROFILES["hall sync, nothing new (8k)"] = _top(out)
    finally:
        served.stop()


def _top(path: Path, count: int = 14) -> str:
    text = io.StringIO()
    stats = pstats.Stats(str(path), stream=text)
    stats.sort_stats("cumulative").print_stats(count)
    stats.sort_stats("tottime").print_stats(count)
    return "\n".join(line for line in text.getvalue().splitlines() if line.strip() and "Ordered by" not in line)


RATIOS = {
    "sync_idle_8k_vs_1k": ("sync_idle_8k", "sync_idle_1k"),
    "sync_idle_8k_vs_4k": ("sync_idle_8k", "sync_idle_4k"),
    "join_8k_vs_1k": ("join_8k", "join_1k"),
    "sync_idle_chief_8k_vs_1k": ("sync_idle_8k_chief", "sync_idle_1k_chief"),
    "sync_idle_chief_as_left_4k_vs_1k": ("sync_idle_4k_chief_as_left", "sync_idle_1k_chief_as_left"),
    "join_8k_vs_4k": ("join_8k", "join_4k"),
}


def main(argv: list[str]) -> dict:
    as_json = "--json" in argv
    chosen = [a for a in argv if a in GROUPS] or list(GROUPS)
    if not Path(TIME).exists():
        sys.exit(f"{TIME} is needed (the peak memory of each process)")
    results: dict = {}
    keep = "--keep" in argv
    SIZES_CHOSEN.extend(x for a in argv if a.startswith("--sizes=") for x in a[len("--sizes=") :].split(","))
    root = Path(tempfile.mkdtemp(prefix="tengen-hall-bench-"))
    SHARED_CACHE["XDG_CACHE_HOME"] = str(root / "cache")
    os.environ["XDG_CACHE_HOME"] = str(root / "bench-cache")  # the bench's own reads
    try:
        if "latency" in chosen:
            bench_latency(results, root, "small", 40, 3)
            if "--quick" not in argv:
                bench_latency(results, root, "4k", *SIZES["4k"])
        if "size" in chosen:
            bench_size(results, root, "--full" in argv)
        if "folder" in chosen:
            bench_folder(results, root)
        if "profile" in chosen:
            bench_profile(results, root)
    finally:
        for server in list(Server.RUNNING):
            server.stop()
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
    ratios = {name: results[big]["median"] / results[small]["median"] for name, (big, small) in RATIOS.items()
              if big in results and small in results}  # fmt: skip
    report = {"results": results, "ratios": ratios, "profiles": PROFILES}
    if as_json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return report
    print(f"{'measurement':<34} {'median':>8} {'min–max':>15} {'n':>2} {'peak':>7}  target")
    for name, value in results.items():
        if "value" in value:
            shown = f"{value['value']:.3f}" if isinstance(value["value"], float) else str(value["value"])
            if name.endswith("same_standings") or name.startswith("same_standings"):
                shown = "yes" if value["value"] == 1 else "NO"
            print(f"{name:<34} {shown:>8} {value['unit']}")
            continue
        spread = f"{value['min']:.2f}–{value['max']:.2f}"
        peak = f"{value['peak_mb']:.0f} MB" if value["peak_mb"] else ""
        print(f"{name:<34} {value['median']:>7.3f}s {spread:>15} {value['n']:>2} {peak:>7}  {value['target']}")
    for name, ratio in ratios.items():
        print(f"ratio {name:<28} x{ratio:.2f}")
    for name, text in PROFILES.items():
        print(f"\n== profile: {name}\n{text}")
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
