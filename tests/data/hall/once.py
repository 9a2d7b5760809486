"""The hall of three laptops (``conftest.hall_of_three``: the chief's, two helpers joined
through a stick, enrolled and synced) built once per run and copied into each test's folder.

Building it (two joins, eight syncs) took a sixth of a second of CPU, in each of some forty
tests.  Its files name no folder of their own (each laptop's tournament, its hall's bare
repository and its config folder holding its device id; the stick's bare repository), so a
copy is the same hall in another folder; what a process remembers of a hall is by its path
or by a chain's tip, which names the chain's content.  What a copy cannot be is recent: its
laptops were last heard when it was built, maybe minutes before the test, so a test that
needs them heard within the last minute builds its own (``hall_of_three``)."""

from __future__ import annotations

import inspect
import shutil
from pathlib import Path

import pytest

from tests.conftest import made_once
from tests.data.hall import conftest
from tests.data.hall.conftest import Laptop

NAMES = ("chief", "table2", "table3")
SECRET = "secret.txt"
"""The hall's secret as ``hall init`` gave it, kept beside the laptops' folders."""


def _build(folder: Path) -> None:
    """The conftest's own fixtures' functions, called on ``folder``: the same hall, made the
    same way."""
    folder.mkdir()
    with pytest.MonkeyPatch.context() as monkeypatch:
        laptops = inspect.unwrap(conftest.laptops)(folder, monkeypatch)
        founded = inspect.unwrap(conftest.founded)(laptops)
        *_laptops, secret = inspect.unwrap(conftest.hall_of_three)(founded, laptops, folder)
    (folder / SECRET).write_text(secret, encoding="ascii")


def hall_of_three_in(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Laptop, Laptop, Laptop, Path, str]:
    """The hall of three copied into ``tmp_path``: as ``hall_of_three`` gives it."""
    built = made_once(tmp_path_factory, "hall-of-three", _build)
    for name in (*NAMES, "stick"):
        shutil.copytree(built / name, tmp_path / name, symlinks=True)
    chief, table2, table3 = (Laptop(name, tmp_path / name, monkeypatch) for name in NAMES)
    return chief, table2, table3, tmp_path / "stick", (built / SECRET).read_text(encoding="ascii")
