"""Settings of the test processes themselves (not of Tengen)."""

import gc


def pytest_sessionstart() -> None:
    """The cycle collector in bigger steps, and not over what is loaded before the first
    test (modules, classes: they live as long as the process).  Its full collections over
    Textual's and hypothesis's long-lived objects took a fifth of the suite's time."""
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
