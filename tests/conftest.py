"""Settings of the test processes themselves (not of Tengen)."""

import gc
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
"""The project's shared test data (real tournament files, the seeds' tables, OpenGotha's
engine outputs), beside the clone; a clone elsewhere has none."""


def pytest_sessionstart() -> None:
    """The cycle collector in bigger steps, and not over what is loaded before the first
    test (modules, classes: they live as long as the process).  Its full collections over
    Textual's and hypothesis's long-lived objects took a fifth of the suite's time."""
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``shared_data`` is skipped, saying why, where ``../shared`` is absent."""
    if item.get_closest_marker("shared_data") is not None and not SHARED.exists():
        pytest.skip(f"needs the test data in {SHARED}")


def pytest_configure(config: pytest.Config) -> None:
    """Numba's compiled pairing code in one folder for every test process of this machine
    (compiling it takes seconds; the folder is the tests', never the user's cache).  The
    command line speaks the system's language: the tests run it in English unless a test
    sets ``LANG`` itself, whatever the developer's own locale."""
    config.addinivalue_line("markers", "shared_data: reads ../shared beside the clone (skipped without it)")
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        os.environ.pop(name, None)
    os.environ["LANG"] = "C.UTF-8"
    uid = os.getuid() if hasattr(os, "getuid") else 0
    os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(tempfile.gettempdir(), f"tengen-tests-numba-{uid}"))


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
