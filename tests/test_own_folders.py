"""The suite's own promise (``tests/conftest.py``'s ``own_home``): whatever Tengen keeps by
itself goes into the test's own folders, so two runs at once, or a developer's settings,
never meet."""

import os
from pathlib import Path

from data.hall.device import this_device


def test_the_laptops_id_is_kept_in_the_tests_own_home() -> None:
    """A review: with ``XDG_CONFIG_HOME`` set on the developer's machine a test wrote the
    laptop's real id there, shared by every run."""
    home = Path(os.environ["HOME"])
    for variable in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        assert Path(os.environ[variable]).is_relative_to(home), variable
    device = this_device()
    assert (home / ".config" / "tengen" / "device").read_text().strip() == device
