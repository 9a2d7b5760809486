"""Settings of the test processes themselves (not of Tengen)."""

import contextlib
import fcntl
import gc
import importlib.util
import itertools
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
"""The clone's folder."""
SHARED = ROOT.parent / "shared"
"""The project's shared test data (real tournament files, the seeds' tables, OpenGotha's
engine outputs), beside the clone; a clone elsewhere has none."""
TESTDATA = SHARED / "testdata"
"""The test data beside the clone (EGF lists, OpenGotha files, results tables)."""


def pytest_sessionstart() -> None:
    """The cycle collector in bigger steps, and not over what is loaded before the first
    test (modules, classes: they live as long as the process).  Its full collections over
    Textual's and hypothesis's long-lived objects took a fifth of the suite's time."""
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    os.fsync = _to_the_page_cache


def _to_the_page_cache(fd: Any) -> None:
    """``os.fsync`` in the test processes: the descriptor checked as fsync checks it (a closed
    one is EBADF), the bytes left in the system's page cache.  The suite's own processes made
    some 29,000 fsyncs (each command's file, its backup, their folder): 20 s of waiting here,
    many times that on a virtual machine's disk, and the only thing they add is surviving a
    power cut, which no test can cause.  Every reader of a test's files, a process killed with
    ``kill -9`` included, sees the same bytes without them.  The programs the tests start
    (``python -m tui``, the crash tests' writers) keep the real fsync, and the tests of a
    failing fsync (a full disk) replace it with their own."""
    os.fstat(fd if isinstance(fd, int) else fd.fileno())


def pytest_sessionfinish() -> None:
    """What the tests left for the cycle collector collected now, the rest frozen: pytest
    then collects five times more at its very end, each time over every object the process
    still holds (Textual's, hypothesis's, the imported states), after an xdist process has
    told it is done, and execnet interrupts a process not ended 5 s after that (a SIGINT, a
    warning in the output: on a loaded machine the five took that long).  What is garbage is
    collected all the same, here, while pytest still reports what a finaliser raises."""
    gc.collect()
    gc.collect()
    gc.freeze()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``shared_data`` is skipped, saying why, where ``../shared`` is absent."""
    if item.get_closest_marker("shared_data") is not None and not SHARED.exists():
        pytest.skip(f"needs the test data in {SHARED}")


@pytest.hookimpl(trylast=True)  # after pytest's own: its cache and temporary folders are there
def pytest_configure(config: pytest.Config) -> None:
    """The command line speaks the system's language: the tests run it in English unless a
    test sets ``LANG`` itself, whatever the developer's own locale.  Numba's compiled pairing
    code is kept in pytest's cache folder of this clone (``.pytest_cache``, beside
    ``.hypothesis``): compiling it costs every process 4 s, and numba writes its files
    atomically, so two runs of the suite at once share them safely; a clone elsewhere has its
    own, and the user's cache is never touched.  Without pytest's cache (``-p
    no:cacheprovider``) the code is compiled into the run's own temporary folder.  Where that
    folder is empty, a process of its own compiles it while xdist's processes collect the
    tests (``_compile_pairing_once``).

    Where ``PYTHONDONTWRITEBYTECODE`` is set (this machine's kind sets it), the test
    processes and the programs they start (``python -m tui``, ``hall serve``: some fifty of
    them) keep their bytecode there too (``PYTHONPYCACHEPREFIX``), never beside the sources:
    each compiled Tengen's modules anew, two fifths of a program's start, and each xdist
    process rewrote and compiled the 140 test modules (collecting took 11 s of CPU in each,
    4 s with the bytecode kept).  Python and pytest write those files atomically too.  The
    controller changes the environment before it starts its processes, which inherit it.

    Ctrl+C is Ctrl+C: a run started in the background by a shell without job control (``cmd
    &`` in a script) finds SIGINT ignored and passes that on to every program it starts, and
    ``hall serve`` then ignored the SIGINT its tests stop it with (the test failed, the
    servers lived on).  The tests' processes take SIGINT as a Python started from a terminal
    does, and what they start gets it as the system's default."""
    config.addinivalue_line("markers", "shared_data: reads ../shared beside the clone (skipped without it)")
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        os.environ.pop(name, None)
    os.environ["LANG"] = "C.UTF-8"
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as ``tengen`` itself runs (``tui.cli.main``)
    if "NUMBA_CACHE_DIR" not in os.environ:  # an xdist worker has its controller's
        os.environ["NUMBA_CACHE_DIR"] = str(_kept(config, "numba"))
    if os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.dont_write_bytecode:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.setdefault("PYTHONPYCACHEPREFIX", str(_kept(config, "pycache")))
        sys.dont_write_bytecode = False  # this process's own imports from here on: the test modules
        sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
    if config.getoption("--snapshot-report", None) == "snapshot_report.html":  # the default: the current folder
        config.option.snapshot_report = str(config._tmp_path_factory.getbasetemp() / "snapshot_report.html")
    if not hasattr(config, "workerinput") and _processes(config) > 1:
        _compile_pairing_once(Path(os.environ["NUMBA_CACHE_DIR"]), config)
        _collected_once_first(config)
    if hasattr(config, "workerinput") and os.environ.get(_COMPILING_NOW):
        _first_compile_waits(*os.environ[_COMPILING_NOW].split(":", 1))


def _processes(config: pytest.Config) -> int:
    """The test processes xdist starts (0 without it; ``auto`` and ``logical`` as many)."""
    wanted = config.getoption("numprocesses", None)
    return wanted if isinstance(wanted, int) else 2 if wanted else 0


def _compile_pairing_once(folder: Path, config: pytest.Config) -> None:
    """McMahon and Swiss pairings, made once when numba's cache of the pairing's loops is
    empty (a fresh clone, as on CI), by a process of their own (``tests.compile_once``)
    started now, while xdist starts its processes and they collect the tests; a process's
    first compiling waits for it (``_first_compile_waits``), the tests that pair nothing run
    meanwhile.  Each process compiled the same loops at its first pairing, the three at once,
    15–20 s of CPU each on two cores already shared by the tests; held back until it was done,
    they left a core idle for 11 s.  A cache there (or partly there: code changed since) is
    left to the processes, as it always was."""
    if folder.is_dir() and any(folder.iterdir()):
        return
    scratch = Path(tempfile.mkdtemp(dir=config._tmp_path_factory.getbasetemp()))
    said = scratch / "said.txt"
    with said.open("wb") as output:
        done = scratch / "compiled"
        process = subprocess.Popen([sys.executable, "-m", "tests.compile_once", str(scratch), str(done)], cwd=ROOT,
                                   stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)  # fmt: skip
    config.stash[_COMPILING] = (process, said)
    threading.Thread(target=process.wait, daemon=True).start()  # reaped at once: gone is gone, for the waiting
    os.environ[_COMPILING_NOW] = f"{process.pid}:{done}"  # xdist's processes inherit it


def _collected_once_first(config: pytest.Config) -> None:
    """Where no module of Tengen has its bytecode yet (a fresh clone, as on CI: pip installs
    the libraries without theirs), the tests are collected once by a process of its own before
    xdist starts its processes, and Python writes the bytecode of every module collecting
    imports.  The three processes each compiled the same modules at once, Textual's, numba's
    and the tests' (8 s of CPU each where it takes 2 s with the bytecode there), on two cores
    already shared with numba's compiling (``_compile_pairing_once``, started before, runs
    meanwhile).  A collecting that fails or takes over two minutes is let go: the processes
    compile for themselves, as they always could, and say what is wrong."""
    if Path(importlib.util.cache_from_source(str(ROOT / "tui" / "app.py"))).exists():
        return
    within = config._tmp_path_factory.getbasetemp() / "collected"  # not a numbered folder of its own: pytest keeps 3
    argv = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
            "--basetemp", str(within), "-o", "addopts=", *config.args]  # fmt: skip
    with contextlib.suppress(subprocess.TimeoutExpired):
        subprocess.run(argv, cwd=config.invocation_params.dir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=120, check=False)  # fmt: skip


_COMPILING = pytest.StashKey[tuple[subprocess.Popen[bytes], Path]]()
_COMPILING_NOW = "TENGEN_TESTS_COMPILING"
"""``PID:FILE`` of the process compiling the pairing's loops, and the file it writes when done."""


def _first_compile_waits(pid: str, done: str) -> None:
    """In an xdist process: the first loop numba would compile waits until the compiling
    process is done (``_compile_pairing_once``), then loads it from the cache — the tests
    that pair nothing run meanwhile (they waited for it all, one core idle for some 11 s of
    a fresh clone's run).  At most two minutes; a compiling that failed or ended without its
    file leaves numba to compile here, as it always could."""
    from numba.core.dispatcher import Dispatcher

    compile_for_args = Dispatcher._compile_for_args

    def waiting(self: Any, *args: Any, **kwargs: Any) -> Any:
        Dispatcher._compile_for_args = compile_for_args  # type: ignore[method-assign]
        deadline = time.monotonic() + 120
        while not Path(done).exists() and Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        return compile_for_args(self, *args, **kwargs)

    Dispatcher._compile_for_args = waiting  # type: ignore[method-assign]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (the README's command): four processes on two cores, where the pilot tests'
    waits for the screen and the hall's for their syncs leave a core idle now and then (two
    left a fifth of the run's CPU unused; measured as CI runs it on two cores, three took 196
    and 199 s, four 172 and 179 s, five 207 s); one for each core where there are more, six at
    most (each holds some 300 MB, and collects every test again)."""
    return max(4, min(os.cpu_count() or 1, 6))


def pytest_unconfigure(config: pytest.Config) -> None:
    """The compiling process said, where it failed (the processes compiled for themselves);
    a run ended before it was done (interrupted, a collection error) stops it."""
    process, said = config.stash.get(_COMPILING, (None, None))
    if process is None or said is None:
        return
    if process.poll() is None:
        process.kill()
        process.wait()
    elif process.returncode > 0:  # failed, not killed by a signal (Ctrl+C reaches it too)
        sys.stderr.write(f"compiling the pairing's loops failed:\n{said.read_text(errors='replace')}")


def _kept(config: pytest.Config, name: str) -> Path:
    """A folder of pytest's cache of this clone, or of the run's temporary folder without it."""
    cache = getattr(config, "cache", None)
    return cache.mkdir(name) if cache is not None else config._tmp_path_factory.getbasetemp() / name


@pytest.fixture(scope="session")
def own_homes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where ``own_home`` makes each test's folders: ``0``, ``1``… (one listing of the run's
    temporary folder per test is what pytest's numbered folders cost; a count costs none)."""
    return tmp_path_factory.mktemp("own")


_TESTS = itertools.count()


@pytest.fixture(autouse=True)
def own_home(own_homes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test has a home, a cache, a configuration and a temporary folder of its own, outside the
    folder it is given (which some tests list): what Tengen keeps in ``~/.cache/tengen``, a
    ``~/`` typed on a command line, a ``tempfile`` of the code or of a child process land
    there, never in the user's home nor in the system's temporary folder, which two runs of
    the suite at once would share."""
    own = own_homes / str(next(_TESTS))
    for name in ("home", "tmp"):
        (own / name).mkdir(parents=True)
    monkeypatch.setenv("HOME", str(own / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(own / "home" / ".cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(own / "home" / ".config"))  # the laptop's id (a developer's set it)
    monkeypatch.setenv("TMPDIR", str(own / "tmp"))
    monkeypatch.setattr(tempfile, "tempdir", str(own / "tmp"))


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """A test leaves the environment variables as it found them (``monkeypatch.setenv``
    restores them; a bare ``os.environ[...] =`` in a test or in the code it runs would leak
    into every later test of the process): what it changed is put back and said."""
    before = dict(os.environ)
    yield
    if dict(os.environ) != before:
        changed = sorted(set(before.items()) ^ set(os.environ.items()))
        os.environ.clear()
        os.environ.update(before)
        item.warn(pytest.PytestWarning(f"the test changed environment variables: {changed}"))


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object]) -> Path:
    """The folder ``name`` that ``make`` fills, made once for the whole run: by the first of
    xdist's processes to ask, the others waiting for it (a lock), then all reading the same
    folder.  It lives in the run's own temporary folder (xdist's processes each have theirs
    inside it), so two runs of the suite at once make one each; what ``make`` left half
    done (it failed) is not taken, the next to ask makes it anew."""
    base = tmp_path_factory.getbasetemp()
    run = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = run / f"once-{name}"
    with open(run / f"once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not folder.is_dir():
            partial = run / f"once-{name}.partial"
            shutil.rmtree(partial, ignore_errors=True)
            make(partial)
            partial.rename(folder)
    return folder


def copy_into(source: Path, target: Path, pattern: str = "*") -> Path:
    """What ``source`` holds (its entries matching ``pattern``) copied into ``target``: files
    with their times, folders whole, links as links."""
    target.mkdir(parents=True, exist_ok=True)
    for path in source.glob(pattern):
        if path.is_dir() and not path.is_symlink():
            shutil.copytree(path, target / path.name, symlinks=True)
        else:
            shutil.copy2(path, target / path.name, follow_symlinks=False)
    return target


def copied_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object], into: Path
) -> Path:
    """The folder ``make`` fills, made once per run (``made_once``) and copied into ``into``,
    a test's own folder, as if the test had made it there: for setups that cost more than
    copying their files (a chain of commands, each a replay and a write; a hall's joins and
    syncs).  ``make`` runs within the first test to ask (its home, its patches), so what it
    makes must not depend on which test that was."""
    return copy_into(made_once(tmp_path_factory, name, make), into)


@pytest.fixture(scope="session")
def demo_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo tournaments, written once per run (writing them runs every action of five
    events: seconds) and copied for each test process, which has its folder to itself as if
    it had written them; tests that change them copy them first."""
    from tui.demo import write_demo

    return copied_once(tmp_path_factory, "demo", write_demo, tmp_path_factory.mktemp("demo-once"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Without ``../shared`` a test that reads it is skipped, saying so, instead of failing:
    the failure is recognised by the file the system could not find (an ``OSError`` under
    ``../shared`` anywhere in the exception's chain), never by its message."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.failed and call.excinfo is not None and not SHARED.exists() and _needs_shared(call.excinfo.value):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: needs the test data in {SHARED}")


def _needs_shared(error: BaseException | None, seen: frozenset[int] = frozenset()) -> bool:
    if error is None or id(error) in seen:
        return False
    if isinstance(error, OSError) and str(error.filename or "").startswith(str(SHARED)):
        return True
    return _needs_shared(error.__cause__, seen | {id(error)}) or _needs_shared(error.__context__, seen | {id(error)})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of one ``xdist_group`` side by side, where its first one was: xdist gives a
    group to one process in this order, and a run without xdist keeps what the group's tests
    share (an imported state in memory) as they do."""
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        marker = item.get_closest_marker("xdist_group")
        if marker is not None:
            first.setdefault(str(marker.args[0] if marker.args else marker.kwargs.get("name")), index)

    def place(pair: tuple[int, pytest.Item]) -> int:
        marker = pair[1].get_closest_marker("xdist_group")
        if marker is None:
            return pair[0]
        return first[str(marker.args[0] if marker.args else marker.kwargs.get("name"))]

    items[:] = [item for _, item in sorted(enumerate(items), key=place)]
