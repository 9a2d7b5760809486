"""Settings of the test processes themselves (not of Tengen)."""

import gc
import os
import tempfile


def pytest_sessionstart() -> None:
    """The cycle collector in bigger steps, and not over what is loaded before the first
    test (modules, classes: they live as long as the process).  Its full collections over
    Textual's and hypothesis's long-lived objects took a fifth of the suite's time."""
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def pytest_configure() -> None:
    """Numba's compiled pairing code in one folder for every test process of this machine
    (compiling it takes seconds; the folder is the tests', never the user's cache).  The
    command line speaks the system's language: the tests run it in English unless a test
    sets ``LANG`` itself, whatever the developer's own locale."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        os.environ.pop(name, None)
    os.environ["LANG"] = "C.UTF-8"
    uid = os.getuid() if hasattr(os, "getuid") else 0
    os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(tempfile.gettempdir(), f"tengen-tests-numba-{uid}"))
