"""Pilot tests of the app as it stands: opening a tournament, the start screen, the palette."""

from pathlib import Path

from textual.widgets import DataTable, OptionList, TabbedContent

from tui.app import TengenApp
from tui.demo import write_demo


async def test_a_tournament_opens_on_its_standings(tmp_path: Path) -> None:
    path = tmp_path / "round-robin.json"
    write_demo(tmp_path)
    app = TengenApp(str(path), folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        standings = app.screen.query_one("#standings-table", DataTable)
        assert standings.row_count == 6
        assert standings.get_row_at(0)[:3] == ["1", 5, "Затонских Антон"]
        await pilot.press("p")
        assert app.screen.query_one(TabbedContent).active == "pairings"
        pairings = app.screen.query_one("#pairings-table", DataTable)
        assert pairings.row_count == 3
        assert pairings.get_row_at(1)[-1] == "W+F"


async def test_a_damaged_file_is_a_notification_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    app = TengenApp(str(path), folder=tmp_path)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert any("not a Tengen tournament" in n.message for n in app._notifications)


async def test_start_screen_lists_tournaments_and_opens_the_demo(tmp_path: Path) -> None:
    write_demo(tmp_path)
    app = TengenApp(None, folder=tmp_path)
    async with app.run_test() as pilot:
        options = app.screen.query_one(OptionList)
        assert options.option_count == 4
        await pilot.press("d")
        await pilot.pause()
        assert (tmp_path / "demo" / "gamma.json").exists()
        demo = app.screen.query_one(OptionList)
        demo.highlighted = demo.get_option_index(str(tmp_path / "demo" / "gamma.json"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#standings-table", DataTable).row_count == 11


async def test_screen_bindings_are_in_the_command_palette(tmp_path: Path) -> None:
    app = TengenApp(str(write_demo(tmp_path)[0]), folder=tmp_path)
    async with app.run_test():
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Standings", "Pairings", "Reload"} <= titles


async def test_settings_show_every_scheme_parameter(tmp_path: Path) -> None:
    write_demo(tmp_path)
    app = TengenApp(str(tmp_path / "fors-vladivostok.json"), folder=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        table = app.screen.query_one("#settings-table", DataTable)
        rows = {table.get_row_at(i)[0]: table.get_row_at(i)[1] for i in range(table.row_count)}
        for key in ("start_per_rank", "base_rank", "stones_per_rank", "handicap_cap", "win_points",
                    "loss_points", "bye_points", "skip_points", "tiebreaks"):
            assert key in rows
        assert rows["start_per_rank"] == "5" and rows["win_points"] == "20" and rows["rounds"] == "5"
