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
from schemes import actions
from schemes.replay import replay

ROOT = Path(__file__).parents[2]


def test_sigkill_at_random_moments_leaves_a_prefix_of_the_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # the writer keeps states too
    monkeypatch.setattr(state_cache, "WORTH_KEEPING", 1)
    monkeypatch.setattr(state_cache, "STALE_TAIL", 3)
    path = tmp_path / "t.json"
    Ledger.create(path, actions.create("Crash cup", "round-robin")).close()
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
