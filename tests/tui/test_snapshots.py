"""SVG snapshots of every screen and dialog (pytest-textual-snapshot): what a referee sees
at 80×24, in Russian.  The demo is written into ``~/Tengen`` of a home folder of the
test's own: its path shows as ``~/Tengen`` whatever the machine, and two runs at once
never share a folder (a fixed one in the system's temporary folder made a second run fail)."""

from pathlib import Path

import pytest
from textual.widgets import Input

from tests.tui.conftest import copy_demo
from tui import i18n, settings
from tui.app import TengenApp


@pytest.fixture
def demo(demo_once: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The demo in ``~/Tengen``; a field's cursor drawn steadily: Textual blinks it every half
    second of the clock, so a screenshot taken later than that after the field got focus (a
    loaded machine) caught it off, one cell away from the snapshot."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    i18n.set_language("ru")
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = tmp_path / "Tengen"
    copy_demo(demo_once, folder)
    return folder


def on(demo: Path, name: str | None) -> TengenApp:
    app = TengenApp(str(demo / name) if name else None, folder=demo, open_viewer=False)
    app.animation_level = "none"
    return app


def test_rounds_screen(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "gamma.json"), terminal_size=(80, 24))


def test_players_screen(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "fors-vladivostok.json"), press=["f2"], terminal_size=(80, 24))


def test_mcmahon_why_this_opponent(demo: Path, snap_compare) -> None:
    async def weighed(pilot) -> None:  # the weights are computed in a thread
        await pilot.press("f3", "1", "v")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        pilot.app.clear_notifications()  # «Взвешиваю доску 1…», where it took long enough to be said

    assert snap_compare(on(demo, "mcmahon.json"), run_before=weighed, terminal_size=(80, 24))


def test_playoff_bracket(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "playoff.json"), press=["f3", "k"], terminal_size=(80, 24))


def test_standings_screen(demo: Path, snap_compare) -> None:
    assert snap_compare(on(demo, "sport-handicap.json"), press=["f4"], terminal_size=(80, 24))


def test_scheme_params_dialog(demo: Path, snap_compare) -> None:
    """«Ещё параметры» of a new McMahon tournament: OpenGotha's yes-or-no ones as «да»/«нет»."""

    async def opened(pilot) -> None:
        from textual.widgets import Select

        await pilot.press("n")
        await pilot.pause()
        pilot.app.screen.query_one("#scheme", Select).value = "mcmahon"
        await pilot.press("f2")
        await pilot.pause()
        pilot.app.screen.query_one("#param-paiBaDeterministic").focus()  # scrolled to the first
        await pilot.pause()

    assert snap_compare(on(demo, None), run_before=opened, terminal_size=(80, 24))


def test_import_warnings_dialog(demo: Path, snap_compare) -> None:
    """An import's warnings, more than the dialog shows: the list scrolls above «Понятно»."""

    async def shown(pilot) -> None:
        from tui.screens.notices import NoticesScreen

        lines = ["не сохраняются: лицензии FFG (16), статусы лицензий FFG (16), источники рейтингов (16), "
                 "директор 'Theo', краткое название 'simplemm_3511'",
                 "туры 2–4: партий без результата: 17 (не засчитываются никому)"]  # fmt: skip
        lines += [
            f"игрок {n} (Игрок {n}): заявленный ранг 2k не равен его рангу 3k: записан ранг 3k" for n in range(12)
        ]
        heading = "Импортирован из cup.xml в cup.json; предупреждения импорта (14):"
        pilot.app.push_screen(NoticesScreen(heading, lines))
        await pilot.pause()

    assert snap_compare(on(demo, "gamma.json"), run_before=shown, terminal_size=(80, 24))


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


# -- the hall: the same secret and device ids every run, so the QR code and the order of a
# dispute's entries are the snapshot's
SECRET = "TENG-ENHA-LLSE-CRET-ABCD-EFGH-IJ"
CHIEF, TABLE = "c" * 32, "7" * 32


def laptop(monkeypatch: pytest.MonkeyPatch, root: Path, device: str) -> None:
    """Act as the laptop whose device id is ``device`` (its config folder under ``root``)."""
    config = root / f"config-{device[:4]}"
    (config / "tengen").mkdir(parents=True, exist_ok=True)
    (config / "tengen" / "device").write_text(device + "\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))


@pytest.fixture
def hall_of_one(demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The demo's Gamma event made a hall by the chief's laptop."""
    from data.hall import hall
    from data.hall import secret as signing

    monkeypatch.setattr(signing, "new_secret", lambda: SECRET)
    laptop(monkeypatch, tmp_path, CHIEF)
    hall.init(demo / "gamma.json", "Главный")
    settings.remember_serving(demo, demo / "gamma.json", False)  # the port would differ: switched off by the referee
    return demo


def test_make_hall_dialog(demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snap_compare) -> None:
    laptop(monkeypatch, tmp_path, CHIEF)
    assert snap_compare(on(demo, "gamma.json"), press=["f9"], terminal_size=(80, 24))


def test_hall_dialog(hall_of_one: Path, snap_compare) -> None:
    """The secret's QR code beside the laptops, the switch and the sync by hand, at 80×24."""
    assert snap_compare(on(hall_of_one, "gamma.json"), press=["f9"], terminal_size=(80, 24))


def test_hall_dialog_with_a_helper(
    hall_of_one: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snap_compare
) -> None:
    """The chief's dialog once a helper has joined and been enrolled: its third button,
    «Передать…» (the chief's role), beside the other two, all three inside the dialog at 80×24."""
    from data.hall import hall
    from tui.screens import hall_dialog

    monkeypatch.setattr(hall_dialog, "heard", lambda laptop, device, now=None: "этот ноутбук" if laptop.device == device
                        else "3 с назад")  # fmt: skip  # not the clock's: a loaded machine heard it a second later
    chief, stick = hall_of_one / "gamma.json", tmp_path / "stick"
    stick.mkdir()
    hall.sync(chief, [str(stick)])
    laptop(monkeypatch, tmp_path, TABLE)
    hall.join(str(stick), tmp_path / "table.json", SECRET, "Стол 2")
    laptop(monkeypatch, tmp_path, CHIEF)
    hall.sync(chief, [str(stick)])  # enrols the helper
    assert snap_compare(on(hall_of_one, "gamma.json"), press=["f9"], terminal_size=(80, 24))


def test_join_hall_dialog(demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snap_compare) -> None:
    laptop(monkeypatch, tmp_path, TABLE)
    assert snap_compare(on(demo, None), press=["j"], terminal_size=(80, 24))


def test_dispute_dialog(hall_of_one: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snap_compare) -> None:
    """Board 2 of the latest round entered differently on two laptops, neither seeing the other's."""
    from data.hall import hall
    from data.service import Service
    from schemes.log import actions
    from tui import hall as tui_hall
    from tui.screens import dispute

    monkeypatch.setattr(dispute, "clock", lambda at: "14:03:12")
    monkeypatch.setattr(tui_hall, "heard", lambda laptop, device, now=None: "этот ноутбук" if laptop.device == device
                        else "3 с назад")  # fmt: skip  # when the helper's chain came: a second earlier or later
    chief, stick = hall_of_one / "gamma.json", tmp_path / "stick"
    stick.mkdir()
    hall.sync(chief, [str(stick)])
    laptop(monkeypatch, tmp_path, TABLE)
    table = tmp_path / "table.json"
    hall.join(str(stick), table, SECRET, "Стол 2")
    laptop(monkeypatch, tmp_path, CHIEF)
    hall.sync(chief, [str(stick)])
    laptop(monkeypatch, tmp_path, TABLE)
    hall.sync(table, [str(stick)])
    latest = Service(chief).state.paired_rounds
    with Service(table, writable=True) as service:
        service.commit(actions.result(latest, 2, "B+"))
    hall.sync(table, [str(stick)])
    laptop(monkeypatch, tmp_path, CHIEF)
    with Service(chief, writable=True) as service:
        service.commit(actions.result(latest, 2, "W+"))
    hall.sync(chief, [str(stick)])
    assert 2 in Service(chief).state.round(latest).disputes
    assert snap_compare(on(hall_of_one, "gamma.json"), press=["f3", "2", "d"], terminal_size=(80, 24))
