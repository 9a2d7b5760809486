"""A writer killed with SIGKILL at random moments never leaves a broken file, nor a kept
state that says anything but what the file replays to."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from data import state_cache
from data.ledger import Ledger
from data.store import TournamentFile
from schemes.log import actions
from schemes.log.replay import replay

ROOT = Path(__file__).parents[2]


def test_sigkill_at_random_moments_leaves_a_prefix_of_the_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # the writer keeps states too
    monkeypatch.setattr(state_cache, "WORTH_KEEPING", 1)
    monkeypatch.setattr(state_cache, "STALE_TAIL", 3)
    path = tmp_path / "t.json"
    Ledger.create(path, [actions.create("Crash cup", "round-robin")]).close()
    rng = random.Random(1)
    seen = 1
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _attempt in range(30):
        child = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("crash_writer.py")), str(path)],
            stdout=subprocess.PIPE,
            env=env,
            cwd=ROOT,
        )
        assert child.stdout is not None and child.stdout.readline() == b"ready\n"
        time.sleep(rng.uniform(0.0, 0.15))
        child.send_signal(signal.SIGKILL)
        child.wait()
        with Ledger(path) as ledger:
            events = ledger.events
            assert ledger.check() == replay(TournamentFile(path).events)  # kept or replayed: the same
        assert len(events) >= seen, "no committed event is lost"
        # a prefix: every registration names the event count before it
        assert all(e.data["surname"] == f"P{e.id - 1}" for e in events[1:])
        seen = len(events)
    assert seen > 30, "the writer got to append between the kills"


TESTDATA = ROOT.parent / "shared" / "testdata"


@pytest.mark.parametrize("command", ["import", "new --from"])
def test_a_new_file_killed_while_written_is_whole_or_absent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """Issue 25: ``import opengotha`` and ``new --from`` wrote the creation, then the rest: a
    kill between left a one-event stub, and the next try said the file exists.  One write:
    after a kill at any moment there is no file, or the whole tournament."""
    source = TESTDATA / "opengotha" / "juvisy2019.xml"
    if not source.is_file():
        pytest.skip(f"needs the test data in {TESTDATA}")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    base = tmp_path / "base.json"
    subprocess.run([sys.executable, "-m", "tui", "import", "opengotha", str(source), str(base)], env=env, check=True,
                   capture_output=True)  # fmt: skip

    def argv(target: Path) -> list[str]:
        if command == "import":
            return ["import", "opengotha", str(source), str(target)]
        return ["new", str(target), "--scheme", "mcmahon", "--rounds", "5", "--name", "Next", "--from", str(base)]

    whole = tmp_path / "whole.json"
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tui", *argv(whole)], env=env, check=True, capture_output=True)
    took = time.perf_counter() - started  # the kills fall before, during and after the write
    expected = len(TournamentFile(whole).events)
    assert expected > 10
    rng = random.Random(7)
    outcomes = set()
    # from before the program starts to after it ends (the first kill comes at once, the last
    # once it has exited: both outcomes whatever the load, two suites at once included), and
    # around the write between
    for attempt, share in enumerate((0.0, 0.05, 0.3, 0.5, 0.7, 0.8, 0.9, 1.0, 1.1, 1.3, 1.6, 2.2, None)):
        target = tmp_path / f"t{attempt}.json"
        child = subprocess.Popen([sys.executable, "-m", "tui", *argv(target)], env=env, cwd=tmp_path,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        if share is None:
            child.wait()
        else:
            time.sleep(share * took * rng.uniform(0.9, 1.1))
        child.send_signal(signal.SIGKILL)
        child.wait()
        if target.exists():
            assert len(TournamentFile(target).events) == expected, "the whole tournament, never a stub"
            outcomes.add("whole")
        else:
            outcomes.add("absent")
            again = subprocess.run([sys.executable, "-m", "tui", *argv(target)], env=env, capture_output=True)
            assert again.returncode == 0 and len(TournamentFile(target).events) == expected, "a new try works"
    assert outcomes == {"whole", "absent"}, "killed both before and after the write"
