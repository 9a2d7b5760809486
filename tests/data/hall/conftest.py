"""Laptops of a hall in one test: each a folder with its tournament file and its own config
folder (where its device id lives), switched by ``XDG_CONFIG_HOME``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from data.hall import hall
from data.hall.device import this_device
from data.service import Service
from schemes.log import actions
from tests.conftest import copied_once


@dataclass
class Laptop:
    name: str
    folder: Path
    monkeypatch: pytest.MonkeyPatch

    @property
    def file(self) -> Path:
        return self.folder / "t.json"

    @contextmanager
    def here(self) -> Iterator[Laptop]:
        """Act as this laptop (its device id)."""
        self.monkeypatch.setenv("XDG_CONFIG_HOME", str(self.folder / "config"))
        yield self

    @property
    def device(self) -> str:
        with self.here():
            return this_device()

    def commit(self, action: Any) -> Any:
        with self.here(), Service(self.file, writable=True) as service:
            return service.commit(action).state

    def result(self, number: int, board: int, code: str) -> Any:
        return self.commit(actions.result(number, board, code))

    def undo(self) -> Any:
        """Its own last entry taken back, as its ctrl+z does."""
        with self.here(), Service(self.file, writable=True) as service:
            return service.undo().state

    def redo(self) -> Any:
        with self.here(), Service(self.file, writable=True) as service:
            return service.redo().state

    def pair(self) -> Any:
        with self.here(), Service(self.file, writable=True) as service:
            return service.commit(actions.pair(service.state, random.Random(1))).state

    def sync(self, *sources: str | Path) -> hall.Synced:
        with self.here():
            return hall.sync(self.file, [str(s) for s in sources])

    def join(self, source: str | Path, secret: str) -> hall.Synced:
        with self.here():
            return hall.join(str(source), self.file, secret, self.name)

    @property
    def state(self) -> Any:
        with Service(self.file) as service:
            return service.state

    def standings(self) -> str:
        """What ``standings --json`` prints, as the command line prints it."""
        from tui import views

        state = self.state
        return json.dumps(views.standings_json(state, state.latest_complete_round), ensure_ascii=False)


def laptops_in(root: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Laptop]:
    """A maker of laptops, each a new folder of ``root`` by its name."""

    def make(name: str) -> Laptop:
        folder = root / name
        folder.mkdir()
        return Laptop(name, folder, monkeypatch)

    return make


@pytest.fixture
def laptops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Laptop]:
    return laptops_in(tmp_path, monkeypatch)


def found(laptops: Callable[[str], Laptop]) -> tuple[Laptop, str]:
    """The chief's laptop: a McMahon of eight players, made a hall; and the secret."""
    chief = laptops("chief")
    with chief.here():
        service = Service.create(chief.file, [actions.create("Hall cup", "mcmahon", 3)])
        service.commit_all(actions.registrations([], [{"surname": f"P{i}", "rank": f"{i}k"} for i in range(1, 9)]))
        service.close()
        secret = hall.init(chief.file, "Chief").secret
    return chief, secret


@pytest.fixture
def founded(laptops: Callable[[str], Laptop]) -> tuple[Laptop, str]:
    return found(laptops)


def everyone(stick: Path, *laptops: Laptop) -> None:
    """Each laptop syncs through the stick, twice round (what one brings, the next takes)."""
    for _ in range(2):
        for laptop in laptops:
            laptop.sync(stick)


def same_everywhere(*laptops: Laptop) -> str:
    standings = {laptop.name: laptop.standings() for laptop in laptops}
    assert len(set(standings.values())) == 1, standings
    files = {laptop.name: laptop.file.read_bytes() for laptop in laptops}
    assert len(set(files.values())) == 1, "the same events, the same bytes"
    return standings[laptops[0].name]


Three = tuple[Laptop, Laptop, Laptop, Path, str]
"""The chief's laptop, two helpers', the stick they joined through, and the hall's secret."""


def three_laptops(root: Path, monkeypatch: pytest.MonkeyPatch) -> Three:
    """The chief's hall (``found``) and two helpers joined through a stick in ``root``, everyone
    synced twice round."""
    laptops = laptops_in(root, monkeypatch)
    chief, secret = found(laptops)
    stick = root / "stick"
    stick.mkdir()
    table2, table3 = laptops("table2"), laptops("table3")
    chief.sync(stick)
    table2.join(stick, secret)
    table3.join(stick, secret)
    everyone(stick, chief, table2, table3)
    return chief, table2, table3, stick, secret


@pytest.fixture
def hall_of_three(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Three:
    """Three laptops heard just now: for a test that needs them heard within the last minute."""
    return three_laptops(tmp_path, monkeypatch)


SECRET = "secret.txt"
"""The hall's secret, kept beside the laptops' folders of a hall built once."""


def _three_built(folder: Path) -> None:
    folder.mkdir()
    with pytest.MonkeyPatch.context() as monkeypatch:
        *_laptops, secret = three_laptops(folder, monkeypatch)
    (folder / SECRET).write_text(secret, encoding="ascii")


@pytest.fixture
def hall_of_three_once(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Three:
    """``hall_of_three`` built once per run and copied here (``copied_once``): building it (two
    joins, eight syncs) took a sixth of a second of CPU in each of some forty tests.  Its files
    name no folder of their own (each laptop's tournament, its hall's bare repository and its
    config folder holding its device id; the stick's bare repository), so a copy is the same
    hall in another folder; what a process remembers of a hall is by its path or by a chain's
    tip, which names the chain's content.  What a copy cannot be is recent: its laptops were
    last heard when it was built, maybe minutes before the test."""
    copied_once(tmp_path_factory, "hall-of-three", _three_built, tmp_path)
    chief, table2, table3 = (Laptop(name, tmp_path / name, monkeypatch) for name in ("chief", "table2", "table3"))
    return chief, table2, table3, tmp_path / "stick", (tmp_path / SECRET).read_text(encoding="ascii")


def a_second_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each entry a second after the one before, later than the hall's own: within one second
    the merge orders concurrent entries by device, and a test wants its own order."""
    import data.ledger

    seconds = iter(range(3600))

    def ticking() -> str:
        second = next(seconds)
        return f"2030-01-01T10:{second // 60:02d}:{second % 60:02d}+00:00"

    monkeypatch.setattr(data.ledger, "now", ticking)
