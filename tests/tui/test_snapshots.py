"""SVG snapshots of the key screens (pytest-textual-snapshot): what a referee sees at 80×24."""

from pathlib import Path

import pytest

from tui import i18n
from tui.app import TengenApp
from tui.demo import write_demo


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    i18n.set_language("ru")
    write_demo(tmp_path)
    return tmp_path


def test_rounds_screen(demo: Path, snap_compare) -> None:
    assert snap_compare(TengenApp(str(demo / "gamma.json"), folder=demo, open_viewer=False), terminal_size=(80, 24))


def test_players_screen(demo: Path, snap_compare) -> None:
    app = TengenApp(str(demo / "fors-vladivostok.json"), folder=demo, open_viewer=False)
    assert snap_compare(app, press=["f2"], terminal_size=(80, 24))


def test_standings_screen(demo: Path, snap_compare) -> None:
    app = TengenApp(str(demo / "sport-handicap.json"), folder=demo, open_viewer=False)
    assert snap_compare(app, press=["f4"], terminal_size=(80, 24))
