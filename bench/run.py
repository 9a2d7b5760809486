"""Benchmarks of the core (not tests: run by hand, numbers go into the closing note).

    python bench/run.py            # all, with the issue's targets
    python bench/run.py replay     # one of: replay, append, query, pair

- replay: replay plus standings of a 1,000-player round robin with 10 rounds of
  results (about 6,000 events); target < 0.3 s.  Standings include every tie-break,
  the iterative true rating too (the JSON shows them all).
- append: one appended event to that file on disk (lock held, fsync); target < 50 ms.
- query: ``tengen -f FILE standings`` as a fresh process on a 400-player file; target
  well under 0.5 s.
- pair: pairing one round of the 1,000-player round robin.
- gamma: a 1,000-player Gamma event, 10 rounds with random results, each round paired;
  target median < 0.5 s per round.
- gamma-hard: 16 players, 15 rounds (everyone must meet everyone); target < 2 s a round.
- sport: a 1,000-player sport-handicap event, 7 rounds, pairing and standings each
  round; target median < 0.5 s per round.
- fors: the same for FORS (its pairing order needs every tie-break before each round).
- mcmahon: McMahon as OpenGotha pairs it, the exact matching of the whole field: 4 rounds
  at 200, 500 and 1,000 players, the pairing of each round (costs of every pair, the bye,
  the matching, colours), with the growth ratios; targets 200 < 0.3 s, 1,000 < 2 s.
  ``mcmahon-3000`` adds 3,000 players (target < 15 s).
- egd: loading the EGD rating list of shared/testdata (42,824 players) and searching it
  by name prefix (target < 50 ms a search once loaded).
- app: a 400-player Gamma tournament opened in the app (a fresh process, imports
  included) until its first screen is drawn, target < 1.5 s; one result entered until
  the pairing table shows it, target < 100 ms.
- pdf: 400 participant cards in one PDF (target < 5 s), a 200-board protocol (< 1 s),
  and the final table of that 400-player event.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from data.ledger import Ledger, now  # noqa: E402
from data.store import TournamentFile  # noqa: E402
from schemes import actions  # noqa: E402
from schemes.events import Event, InvalidEvent  # noqa: E402
from schemes.history import append  # noqa: E402
from schemes.registry import get_scheme  # noqa: E402
from schemes.replay import replay  # noqa: E402

CODES = ("W+", "B+", "W+", "B+", "draw", "W+F")


@dataclass
class Simulation:
    events: list[Event] = field(default_factory=list)
    pair_seconds: list[float] = field(default_factory=list)
    standings_seconds: list[float] = field(default_factory=list)
    forced: list[int] = field(default_factory=list)
    """Rounds with no pairing free of repeats (found out, then forced as a referee would)."""


def simulate(scheme: str, players: int, rounds: int, seed: int = 1, **params: str) -> Simulation:
    """An event of ``scheme`` with random ratings and results, built event by event."""
    rng = random.Random(seed)
    run = Simulation()
    state = None

    def commit(action: tuple[str, dict]) -> None:
        nonlocal state
        appended = append(run.events, *action, now(), state)
        run.events.append(appended.event)
        state = appended.state

    commit(actions.create("Bench", scheme, rounds if scheme != "round-robin" else None, params=params))
    for i in range(players):
        commit(actions.register(run.events, surname=f"Игрок{i:04d}", name="Тест", rating=rng.randint(100, 2700)))
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        try:
            action = actions.pair(state, rng)
        except InvalidEvent:
            action = actions.pair(state, rng, allow_repeats=True)
            run.forced.append(number)
        run.pair_seconds.append(time.perf_counter() - start)
        commit(action)
        for board in state.round(number).boards:
            commit(actions.result(number, board.number, rng.choice(CODES)))
        start = time.perf_counter()
        get_scheme(scheme).standings(state, number)
        run.standings_seconds.append(time.perf_counter() - start)
    return run


def build_events(players: int, rounds: int) -> list[Event]:
    """The round robin log the core benchmarks use."""
    return simulate("round-robin", players, rounds, numbering="rating", tiebreaks="buchholz,head_to_head").events


def write_file(events: list[Event], folder: Path, name: str) -> Path:
    path = folder / name
    with TournamentFile.create(path, events[0]) as tournament_file:
        table = tournament_file._db.table("events")  # one bulk write instead of 6,000 appends
        from tinydb.table import Document

        table.insert_multiple(Document(e.to_json(), doc_id=e.id) for e in events[1:])
    return path


def timed(function, repeat: int = 5) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def bench_replay(events: list[Event]) -> None:
    scheme = get_scheme("round-robin")
    t_replay, state = timed(lambda: replay(events))
    after = state.paired_rounds
    t_standings, _ = timed(lambda: scheme.standings(state, after))
    print(f"replay {len(events)} events: {t_replay * 1000:.0f} ms (median of 5)")
    print(f"standings with every tie-break, true rating included: {t_standings * 1000:.0f} ms")
    print(f"replay + standings: {(t_replay + t_standings) * 1000:.0f} ms  [target < 300 ms]")


def bench_append(events: list[Event], folder: Path) -> None:
    path = write_file(events, folder, "append.json")
    with Ledger(path, writable=True) as ledger:
        ledger.check()
        times = []
        for i in range(20):
            start = time.perf_counter()
            ledger.commit(actions.edit(1 + i, club=f"C{i}"))
            times.append(time.perf_counter() - start)
    print(
        f"one append to a {len(events)}-event file: median {statistics.median(times) * 1000:.1f} ms, "
        f"max {max(times) * 1000:.1f} ms  [target < 50 ms]"
    )


def bench_query(folder: Path) -> None:
    path = write_file(build_events(400, 7), folder, "query.json")
    command = [sys.executable, "-m", "tui", "-f", str(path), "standings"]
    t, _ = timed(lambda: subprocess.run(command, cwd=ROOT, capture_output=True, check=True))
    print(f"tengen standings on a 400-player, 7-round file (fresh process): {t * 1000:.0f} ms  [target < 500 ms]")


def bench_pair(events: list[Event]) -> None:
    state = replay(events[: events.index(next(e for e in events if e.kind == "round_paired"))])
    t, _ = timed(lambda: actions.pair(state, random.Random(1)))
    print(f"pair round 1 of a 1,000-player round robin: {t * 1000:.0f} ms")


APP_PROBE = """
import asyncio, sys, time
start = time.perf_counter()
from tui.app import TengenApp
from schemes import actions

async def main():
    app = TengenApp(sys.argv[1], folder=__import__("pathlib").Path(sys.argv[2]), open_viewer=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print("first", time.perf_counter() - start)
        screen = app.screen
        for board in range(1, 21):
            begin = time.perf_counter()
            screen.act(actions.result(screen.session.state.paired_rounds, board, "W+"))
            print("result", time.perf_counter() - begin)

asyncio.run(main())
"""


def bench_app() -> None:
    run = simulate("gamma", 400, 3)
    events = run.events[: max(i for i, e in enumerate(run.events) if e.kind == "round_paired") + 1]
    with tempfile.TemporaryDirectory() as folder:
        path = write_file(events, Path(folder), "app.json")
        done = subprocess.run(
            [sys.executable, "-c", APP_PROBE, str(path), folder], cwd=ROOT, capture_output=True, text=True, check=True
        )
    first = [float(line.split()[1]) for line in done.stdout.splitlines() if line.startswith("first")]
    results = [float(line.split()[1]) for line in done.stdout.splitlines() if line.startswith("result")]
    print(
        f"app with 400 players: first screen after {first[0]:.2f} s  [target < 1.5 s]; a result to the updated "
        f"table: median {statistics.median(results) * 1000:.0f} ms, max {max(results) * 1000:.0f} ms  [target < 100 ms]"
    )


def bench_egd() -> None:
    from data.importers import RatingList

    path = ROOT.parent / "shared" / "testdata" / "egf_db.txt"
    t_load, ratings = timed(lambda: RatingList.read(path), 3)
    queries = ["Shik", "a", "Lee", "Zatonsk", "M", "Kim J", "Petrov", "van"]
    t_search, _ = timed(lambda: [ratings.search(q) for q in queries], 5)
    print(
        f"egd list of {len(ratings.players)} players: load {t_load * 1000:.0f} ms, "
        f"search {t_search / len(queries) * 1000:.3f} ms  [target < 50 ms]"
    )


def bench_pdf() -> None:
    from paperwork.build import document

    run = simulate("gamma", 400, 5)
    state = replay(run.events)

    def render(kind: str) -> int:
        built = document(kind, state, run.events, 5)
        built.output()
        return built.pages_count

    for kind, target in (("cards", "< 5 s"), ("protocol", "< 1 s"), ("table", "")):
        t, pages = timed(lambda kind=kind: render(kind), 3)
        print(
            f"pdf {kind} of a 400-player gamma event ({pages} pages): {t:.2f} s"
            + (f"  [target {target}]" if target else "")
        )


def _report(name: str, times: list[float], target: str) -> None:
    print(f"{name}: median {statistics.median(times):.3f} s, max {max(times):.3f} s per round  [{target}]")


def main(which: list[str]) -> None:
    which = which or [
        "replay", "append", "query", "pair", "gamma", "gamma-hard", "sport", "fors", "mcmahon", "pdf", "egd", "app",
    ]  # fmt: skip
    if "app" in which:
        bench_app()
    if "egd" in which:
        bench_egd()
    if "pdf" in which:
        bench_pdf()
    for name, scheme in (("sport", "sport-handicap"), ("fors", "fors")):
        if name in which:
            run = simulate(scheme, 1000, 7)
            _report(
                f"{scheme} 1,000 players x 7 rounds, pairing + standings",
                [a + b for a, b in zip(run.pair_seconds, run.standings_seconds, strict=True)],
                "target median < 0.5 s",
            )
    if "mcmahon" in which or "mcmahon-3000" in which:
        sizes = (200, 500, 1000) + ((3000,) if "mcmahon-3000" in which else ())
        medians = {}
        for size in sizes:
            times = simulate("mcmahon", size, 4).pair_seconds
            medians[size] = statistics.median(times)
            _report(
                f"mcmahon {size:,} players x 4 rounds, pairing",
                times,
                {200: "target < 0.3 s", 1000: "target < 2 s", 3000: "target < 15 s"}.get(size, "—"),
            )
        ratios = [f"{b:,}/{a:,}: x{medians[b] / medians[a]:.1f}" for a, b in zip(sizes, sizes[1:], strict=False)]
        print("  growth of the median: " + ", ".join(ratios))
    if "gamma" in which:
        _report(
            "gamma 1,000 players x 10 rounds, pairing",
            simulate("gamma", 1000, 10).pair_seconds,
            "target median < 0.5 s",
        )
    if "gamma-hard" in which:
        runs = [simulate("gamma", 16, 15, seed) for seed in range(1, 21)]
        times = [t for run in runs for t in run.pair_seconds]
        _report("gamma 16 players x 15 rounds, 20 events, pairing", times, "target < 2 s each")
        forced = sum(len(run.forced) for run in runs)
        print(f"  rounds with no pairing free of repeats (proved, then forced): {forced} of {len(times)}")
    which = [w for w in which if w in ("replay", "append", "query", "pair")]
    if not which:
        return
    start = time.perf_counter()
    events = build_events(1000, 10)
    print(f"(built {len(events)} events in {time.perf_counter() - start:.1f} s)")
    with tempfile.TemporaryDirectory() as folder:
        for name in which:
            if name == "replay":
                bench_replay(events)
            elif name == "append":
                bench_append(events, Path(folder))
            elif name == "query":
                bench_query(Path(folder))
            elif name == "pair":
                bench_pair(events)


if __name__ == "__main__":
    main(sys.argv[1:])
