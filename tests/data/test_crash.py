"""A writer killed with SIGKILL at random moments never leaves a broken file."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from data.ledger import Ledger
from schemes import actions

ROOT = Path(__file__).parents[2]


def test_sigkill_at_random_moments_leaves_a_prefix_of_the_events(tmp_path: Path) -> None:
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
            ledger.check()  # replays cleanly
        assert len(events) >= seen, "no committed event is lost"
        # a prefix: every registration names the event count before it
        assert all(e.data["surname"] == f"P{e.id - 1}" for e in events[1:])
        seen = len(events)
    assert seen > 30, "the writer got to append between the kills"
