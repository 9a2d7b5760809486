"""A writer killed inside git's lock files leaves the hall usable; writers wait for each other.

The kills are real: a child process killed by SIGKILL at the moment git's library has made a
lock file and not yet renamed it (the window a ``kill -9`` of a ``hall sync`` hit at random in
the suite, after which every later sync failed with a traceback)."""

from __future__ import annotations

import errno
import fcntl
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from data.errors import Refused
from data.hall import guard
from data.hall.repo import PREFIX, HallRepo, hall_path
from data.store import TournamentFile
from tests.data.hall.conftest import Laptop, everyone, same_everywhere

KILLED_INSIDE = """
import os, signal, sys
from pathlib import Path
from dulwich import file
from data.hall import hall
from data.service import Service
from schemes.log import actions

root, where, what, tournament, stick = sys.argv[1:]
close = file._GitFile.close

def killed(self):
    lock = os.fsdecode(self._lockfilename)
    if lock.startswith(root + os.sep) and where in lock[len(root):].replace(os.sep, "/"):
        os.kill(os.getpid(), signal.SIGKILL)
    close(self)

file._GitFile.close = killed
if what == "result":
    with Service(Path(tournament), writable=True) as service:
        service.commit(actions.result(1, 2, "W+"))
else:
    hall.sync(Path(tournament), [stick])
"""


def _killed_inside(laptop: Laptop, root: Path, where: str, what: str, stick: Path) -> None:
    """``laptop`` enters a result or syncs, and is killed inside the first lock file of git's
    library under ``root`` whose path holds ``where``."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(laptop.folder / "config")}
    arguments = [str(root.resolve()), where, what, str(laptop.file), str(stick)]
    child = subprocess.run([sys.executable, "-c", KILLED_INSIDE, *arguments],
                           env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr


def _locks(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*.lock"))


@pytest.mark.parametrize(
    ("where", "what", "whose"),
    [
        ("objects/", "result", "table2"),  # the entry's loose object, in table2's hall repository
        ("refs/tengen/", "result", "table2"),  # its chain's tip
        ("refs/tengen/", "sync", "stick"),  # table2's chain pushed onto the stick
        (".idx", "sync", "table2"),  # the index of the pack a fetch from the stick brought
    ],
)
def test_a_writer_killed_inside_a_git_lock_leaves_the_hall_syncing(hall_of_three, where, what, whose) -> None:
    chief, table2, table3, stick, _secret = hall_of_three
    chief.pair()
    chief.result(1, 1, "B+")
    everyone(stick, chief, table2, table3)
    if whose == "stick":
        table2.result(1, 2, "W+")  # in table2's chain: the sync pushes it
    elif what == "sync":
        chief.result(1, 2, "W+")  # on the stick: the sync fetches it
        chief.sync(stick)
    left = stick if whose == "stick" else hall_path(table2.file)
    _killed_inside(table2, left, where, what, stick)
    assert any(where.strip("/") in lock for lock in _locks(left)), "the kill left git's lock file behind"
    if what == "result":
        assert TournamentFile(table2.file).events[-1].data["board"] == 2, "the entry is kept in the file"
    everyone(stick, table2, chief, table3)
    same_everywhere(chief, table2, table3)
    assert {b: r.code for b, r in chief.state.rounds[0].results.items()} == {1: "B+", 2: "W+"}
    assert _locks(left) == [], "what the killed writer left is gone"
    table2.result(1, 3, "B+")  # and the next entry travels as usual
    everyone(stick, table2, chief)
    assert chief.state.rounds[0].results[3].code == "B+"


def test_a_live_writers_lock_is_waited_for_not_removed(founded, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another thread inside the guard, its lock file made: a second write waits for it to
    finish instead of taking the lock file for a dead writer's."""
    chief, _secret = founded
    with HallRepo(hall_path(chief.file)) as repo:
        tip = repo.tips()[chief.device]
        ref = PREFIX + b"other"
        lock = Path(repo.path) / "refs" / "tengen" / "other.lock"
        inside, leave = threading.Event(), threading.Event()

        def live_writer() -> None:
            with guard.writing(repo.repo):
                lock.write_bytes(tip + b"\n")
                inside.set()
                leave.wait(10)
                lock.unlink()

        writer = threading.Thread(target=live_writer)
        writer.start()
        inside.wait(10)
        moved: list[bool] = []
        second = threading.Thread(target=lambda: moved.append(guard.set_tip(repo.repo, ref, None, tip)))
        second.start()
        time.sleep(0.3)
        assert lock.exists() and not moved, "the second write waits"
        leave.set()
        writer.join(10)
        second.join(10)
        assert moved == [True] and repo.tips()["other"] == tip


def test_another_process_inside_for_too_long_is_one_line(founded, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process stopped inside the guard: an entry gives up after a while, saying why, and
    the tournament file is as it was (the entry is not half made: in the file, not in the chain)."""
    chief, _secret = founded
    folder = hall_path(chief.file)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, sys, time; f = open(sys.argv[1], 'a'); "
         "fcntl.flock(f, fcntl.LOCK_EX); print('in', flush=True); time.sleep(60)", str(folder / "tengen-writing")],
        stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "in\n"
        monkeypatch.setattr(guard, "WAIT", 0.3)
        before = chief.file.read_bytes()
        with pytest.raises(Refused, match="is being written by another program: try again"):
            chief.pair()
        assert chief.file.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()


def test_a_disk_that_locks_no_files_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hall's folder on a disk that locks no files (a network share: ENOLCK) fell over with
    the system's English words; said in the catalogue's, the folder left as it was."""

    def no_locks(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    with pytest.raises(Refused) as refused, guard.making(tmp_path):
        pass
    assert str(refused.value) == f"{tmp_path}: the disk locks no files, a network folder?"
    assert list(tmp_path.iterdir()) == []


def test_a_tip_made_where_there_was_none_never_replaces_one_made_meanwhile(tmp_path: Path) -> None:
    """A review: two laptops writing one new stick at once — one laptop that found no copy of a
    chain there wrote its older tip over the longer one the other had just written (git's «no
    old value» sets a ref whatever it holds)."""
    from dulwich.objects import Blob
    from dulwich.refs import Ref
    from dulwich.repo import Repo

    stick = Repo.init_bare(str(tmp_path / "stick"), mkdir=True)
    older, newer = (Blob.from_string(text) for text in (b"older", b"newer"))
    for made in (older, newer):
        stick.object_store.add_object(made)
    ref = Ref(PREFIX + b"a" * 32)
    assert guard.set_tip(stick, ref, None, newer.id)  # the other laptop, first
    assert not guard.set_tip(stick, ref, None, older.id)  # this one, which had found none
    assert stick.refs[ref] == newer.id
    assert guard.set_tip(stick, ref, newer.id, older.id)  # a move from what it holds still moves it
    loose = tmp_path / "stick" / ref.decode()
    for left in (b"", b"garbage\n", b"0" * 40 + b"\n"):  # a power cut's ref: it names nothing held
        loose.write_bytes(left)
        assert guard.set_tip(stick, ref, None, newer.id) and stick.refs[ref] == newer.id, left  # made anew (a review)
