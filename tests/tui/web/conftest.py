"""A real server of the players' pages on 127.0.0.1, over a fresh tournament of its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from data.hall.serve import Serving, start
from tests.tui.web.players import hall_tournament
from tui.web.site import site


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, Serving]]:
    path = hall_tournament(tmp_path / "t.json")
    serving = start(None, 0, "127.0.0.1", site(path))
    try:
        yield path, serving
    finally:
        serving.stop()
