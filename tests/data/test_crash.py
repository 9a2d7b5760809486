"""A writer killed with SIGKILL at random moments never leaves a broken file, nor a kept
state that says anything but what the file replays to.  The writers are forked by one
server (``crash_writer.py``) that made the imports once."""

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from data import state_cache
from data.ledger import Ledger
from data.store import TournamentFile
from schemes.log import actions
from schemes.log.replay import replay

ROOT = Path(__file__).parents[2]


class Writers:
    """The fork server: ``append`` and ``tengen`` start a writer and give its pid."""

    def __init__(self) -> None:
        self.server = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("crash_writer.py"))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=ROOT,
            text=True,
        )

    def _ask(self, *words: str) -> None:
        assert self.server.stdin is not None
        self.server.stdin.write("\t".join(words) + "\n")
        self.server.stdin.flush()

    def _answer(self, word: str) -> str:
        assert self.server.stdout is not None
        said, value = self.server.stdout.readline().split()
        assert said == word
        return value

    def append(self, path: Path) -> int:
        """A writer appending registrations to ``path`` until killed, once it holds the file."""
        self._ask("append", str(path))
        return int(self._answer("ready"))

    def tengen(self, folder: Path, *argv: str) -> int:
        self._ask("tengen", str(folder), *argv)
        return int(self._answer("started"))

    def wait(self, pid: int) -> int:
        """The writer's exit status, once it has ended."""
        self._ask("wait", str(pid))
        return int(self._answer("exited"))

    def kill(self, pid: int) -> None:
        os.kill(pid, signal.SIGKILL)
        self.wait(pid)

    def close(self) -> None:
        assert self.server.stdin is not None
        self.server.stdin.close()
        self.server.wait(timeout=30)


@pytest.fixture
def writers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Writers]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # the writers keep states too
    server = Writers()
    yield server
    server.close()


def test_sigkill_at_random_moments_leaves_a_prefix_of_the_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writers: Writers
) -> None:
    monkeypatch.setattr(state_cache, "WORTH_KEEPING", 1)
    monkeypatch.setattr(state_cache, "STALE_TAIL", 3)
    path = tmp_path / "t.json"
    Ledger.create(path, [actions.create("Crash cup", "round-robin")]).close()
    rng = random.Random(1)
    seen = 1
    for _attempt in range(30):
        writer = writers.append(path)
        time.sleep(rng.uniform(0.0, 0.15))
        writers.kill(writer)
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
def test_a_new_file_killed_while_written_is_whole_or_absent(tmp_path: Path, writers: Writers, command: str) -> None:
    """Issue 25: ``import opengotha`` and ``new --from`` wrote the creation, then the rest: a
    kill between left a one-event stub, and the next try said the file exists.  One write:
    after a kill at any moment there is no file, or the whole tournament."""
    source = TESTDATA / "opengotha" / "juvisy2019.xml"
    if not source.is_file():
        pytest.skip(f"needs the test data in {TESTDATA}")
    base = tmp_path / "base.json"
    assert writers.wait(writers.tengen(tmp_path, "import", "opengotha", str(source), str(base))) == 0

    def argv(target: Path) -> list[str]:
        if command == "import":
            return ["import", "opengotha", str(source), str(target)]
        return ["new", str(target), "--scheme", "mcmahon", "--rounds", "5", "--name", "Next", "--from", str(base)]

    whole = tmp_path / "whole.json"
    started = time.perf_counter()
    assert writers.wait(writers.tengen(tmp_path, *argv(whole))) == 0
    took = time.perf_counter() - started  # the kills fall before, during and after the write
    expected = len(TournamentFile(whole).events)
    assert expected > 10
    rng = random.Random(7)
    outcomes = set()
    # from the fork to after the writer ends (the first kill comes at once, the last once it
    # has exited: both outcomes whatever the load, two suites at once included), and around
    # the write between
    for attempt, share in enumerate((0.0, 0.05, 0.3, 0.5, 0.7, 0.8, 0.9, 1.0, 1.1, 1.3, 1.6, 2.2, None)):
        target = tmp_path / f"t{attempt}.json"
        writer = writers.tengen(tmp_path, *argv(target))
        if share is None:
            assert writers.wait(writer) == 0
        else:
            time.sleep(share * took * rng.uniform(0.9, 1.1))
            writers.kill(writer)
        if target.exists():
            assert len(TournamentFile(target).events) == expected, "the whole tournament, never a stub"
            outcomes.add("whole")
        else:
            outcomes.add("absent")
            assert writers.wait(writers.tengen(tmp_path, *argv(target))) == 0, "a new try works"
            assert len(TournamentFile(target).events) == expected
    assert outcomes == {"whole", "absent"}, "killed both before and after the write"
