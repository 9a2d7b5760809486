"""SVG snapshots of every screen and dialog (pytest-textual-snapshot): what a referee sees
at 80×24, in Russian.  The demo is written into a fixed folder, since its path shows."""

import shutil
import tempfile
from pathlib import Path

import pytest

from tests.tui.conftest import copy_demo
from tui import i18n
from tui.app import TengenApp

FOLDER = Path(tempfile.gettempdir()) / "tengen-snapshots"


pytestmark = pytest.mark.xdist_group("snapshots")  # one worker: the folder is fixed (its path shows)


@pytest.fixture
def demo(demo_once: Path) -> Path:
    i18n.set_language("ru")
    shutil.rmtree(FOLDER, ignore_errors=True)
    copy_demo(demo_once, FOLDER)
    return FOLDER


def on(demo: Path, name: str | None) -> TengenApp:
    app = TengenApp(str(demo / name) if name else None, folder=demo, open_viewer=False)
    app.animation_level = "none"
    return app


def test_rounds_screen(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "gamma.json"), terminal_size=(80, 24))


def test_players_screen(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "fors-vladivostok.json"), press=["f2"], terminal_size=(80, 24))


def test_mcmahon_why_this_opponent(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "mcmahon.json"), press=["f3", "1", "v"], terminal_size=(80, 24))


def test_playoff_bracket(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "playoff.json"), press=["f3", "k"], terminal_size=(80, 24))


def test_standings_screen(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "sport-handicap.json"), press=["f4"], terminal_size=(80, 24))


DIALOGS = [
    ("start", None),
    ("new_tournament", ["n"]),
    ("help", ["f3", "f1"]),
    ("pair_question", ["f3", "n"]),
    ("result_question", ["f3", "b"]),  # board 1 has «Б+»: the replace question
    ("swap", ["f3", "m"]),
    ("print", ["f6"]),
    ("export", ["f7"]),
    ("player_form", ["f2", "a"]),
    ("skip", ["f2", "k"]),
    ("withdraw", ["f2", "w"]),
    ("import", ["f2", "i"]),
    ("rating_list", ["f2", "f"]),
    ("settings", ["f8"]),
    ("settings_edit", ["f8", "enter"]),
    ("prizes", ["f4", "p"]),
]


@pytest.mark.parametrize("name, keys", DIALOGS, ids=[name for name, _keys in DIALOGS])
def test_every_dialog(demo: Path, snap_compare, name: str, keys: list[str] | None) -> None:
    app = on(demo, None) if name in ("start", "new_tournament") else on(demo, "gamma.json")
    assert snap_compare(app, press=keys or [], terminal_size=(80, 24))
