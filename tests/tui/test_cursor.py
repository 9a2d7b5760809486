"""Where the cursor is after a step: on what the referee was looking at, or on the first
thing he has to mend (found by a fresh-eyed trial of the app at 80×24)."""

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, OptionList

from tests.conftest import TESTDATA
from tests.tui.conftest import app_on, escape_alone, run_test, until
from tui.app import TengenApp
from tui.panes.standings import StandingsPane
from tui.screens.player_form import PlayerFormScreen
from tui.screens.rating_lookup import RatingLookupScreen
from tui.screens.start import StartScreen
from tui.screens.tournament import TournamentScreen

pytestmark = pytest.mark.usefixtures("russian")


def rows(app: TengenApp) -> list[list[str]]:
    table = app.screen.query_one("#standings-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def highlighted(app: TengenApp) -> str | None:
    options = app.screen.query_one("#tournaments", OptionList)
    assert options.highlighted is not None
    return options.get_option_at_index(options.highlighted).id


async def test_a_dialog_closed_on_the_start_screen_leaves_the_cursor_on_its_tournament(folder: Path) -> None:
    """Down to the third tournament, F1 and Esc (or the palette, or the new-tournament form):
    Enter opens the third, not the first again."""
    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("down", "down")
        await pilot.pause()
        third = highlighted(app)
        for keys in (["f1"], ["ctrl+p"], ["n"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert not isinstance(app.screen, StartScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and highlighted(app) == third
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen) and str(app.screen.session.path) == third
        await pilot.press("q")
        await pilot.pause()
        assert highlighted(app) == third  # opened: now first in the list, and the cursor on it
        assert app.screen.query_one("#tournaments", OptionList).highlighted == 0


async def test_escape_leaves_the_cross_table_and_the_teams_before_the_tournament(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        pane = app.screen.query_one(StandingsPane)
        plain = None
        for view in ("t", "g"):
            await pilot.press("f4")
            await pilot.pause()
            plain = plain or rows(app)
            await pilot.press(view)
            await pilot.pause()
            assert (pane.rounds_table, pane.teams) == (view == "t", view == "g") and rows(app) != plain
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TournamentScreen)
            assert (pane.rounds_table, pane.teams) == (False, False) and rows(app) == plain
        escape_alone(app)
        await until(pilot, lambda: isinstance(app.screen, StartScreen))


@pytest.mark.shared_data
async def test_the_rating_list_lookup_without_a_list_asks_for_the_file_first(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "f")
        await pilot.pause()
        assert isinstance(app.screen, RatingLookupScreen)
        assert app.screen.focused is app.screen.query_one("#list-path", Input)
        await pilot.press(*"nowhere.txt", "enter")  # no such list: the cursor stays to mend the name
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#list-path", Input)
        assert str(app.screen.query_one("#list-status").render()) == "nowhere.txt: нет такого файла или папки"
        path = app.screen.query_one("#list-path", Input)
        path.value = str(TESTDATA / "egf_db.txt")
        await pilot.press("enter")  # a list read: the cursor to the name, and names are found
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#prefix", Input)
        await pilot.press(*"Shikshin Il")
        await pilot.pause()
        assert app.screen.query_one("#found", OptionList).option_count == 1
        path.value = "nowhere.txt"
        path.focus()
        await pilot.press("enter")  # a wrong name after a good list: nothing found from the old one
        await pilot.pause()
        assert app.screen.focused is path and app.screen.query_one("#found", OptionList).option_count == 0
        await pilot.press("tab", "S")
        await pilot.pause()
        assert app.screen.query_one("#found", OptionList).option_count == 0


@pytest.mark.shared_data
async def test_a_rating_list_named_alone_is_the_data_folders_read_on_tab_and_searched_in_latin(folder: Path) -> None:
    """A referee's trial: ``egf_db.txt`` was looked for in the folder the app started from,
    Tab out of the field read nothing, a name typed before the list was read was not searched,
    and ``Шикшин`` found nobody in a list of Latin names."""
    (folder / "egf_db.txt").write_bytes((TESTDATA / "egf_db.txt").read_bytes())
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "f")
        await pilot.pause()
        path = app.screen.query_one("#list-path", Input)
        assert path.value.endswith("/") and Path(path.value).expanduser() == app.folder  # the folder to type after
        path.value = "egf_db.txt"
        await pilot.press("tab", *"Шикшин Ил")
        await pilot.pause()
        found = app.screen.query_one("#found", OptionList)
        assert [str(found.get_option_at_index(i).prompt).split("  ")[0] for i in range(found.option_count)] == [
            "Shikshin Ilja"
        ]
        assert app.screen.query_one("#prefix", Input).value == "Шикшин Ил"
        path.value = "nowhere.txt"
        await pilot.press("shift+tab", "enter")  # another list named: nothing found from the old one
        await pilot.pause()
        assert found.option_count == 0
        path.value = "egf_db.txt"
        await pilot.press("enter")  # read again: the name typed before is searched in it at once
        await pilot.pause()
        assert found.option_count == 1


async def test_an_entry_undone_in_the_log_stays_under_the_cursor(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f5", "down", "down")
        await pilot.pause()
        table = app.screen.query_one("#log-table", DataTable)
        entry = table.cursor_row, str(table.get_row_at(table.cursor_row)[0])
        await pilot.press("u", "y")
        await pilot.pause()
        assert str(table.get_row_at(0)[-1]).startswith(f"отменена запись {entry[1]}: ")  # the undo itself, on top
        assert (table.cursor_row, str(table.get_row_at(table.cursor_row)[0])) == (entry[0] + 1, entry[1])
        assert str(table.get_row_at(table.cursor_row)[2]) == "отменено"


async def test_a_refused_player_puts_the_cursor_in_the_first_field_to_mend(folder: Path) -> None:
    """No given name and a wrong rank: both said, the cursor in the name (above the rank)."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "a", *"Тест", "tab", "tab", *"zz", "enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, PlayerFormScreen)
        assert str(form.query_one("#name-error").render()) and str(form.query_one("#strength-error").render())
        assert form.focused is form.query_one("#name", Input)


async def test_a_new_round_starts_at_board_1_and_the_cursor_stays_on_its_board(folder: Path) -> None:
    """A new round starts at board 1, wherever the cursor was.  Only the boards waiting (f): a
    result of another board, entered elsewhere (a hall's other laptop), takes its row away,
    and the cursor stays on its board, not on its row.  All the boards again: the cursor
    follows the typing, and a result taken back (or put back) is under the cursor."""
    from schemes.log import actions

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "down", "down")
        await pilot.pause()
        table = app.screen.query_one("#boards", DataTable)
        assert table.cursor_row == 2
        await pilot.press("n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.state.paired_rounds == 4 and table.cursor_row == 0
        await pilot.press("f", "down", "down", "down")
        await pilot.pause()
        assert str(table.get_row_at(table.cursor_row)[0]) == "4"
        assert app.screen.act(actions.result(4, 1, "W+"))  # as a synced result is: the tab drawn again
        await pilot.pause()
        assert [str(table.get_row_at(i)[0]) for i in range(table.row_count)] == ["2", "3", "4", "5"]
        assert str(table.get_row_at(table.cursor_row)[0]) == "4"
        await pilot.press("f")  # every board again
        await pilot.press("4", "w", "2", "b")  # board 4, then board 2: the cursor follows the typing
        await pilot.pause()
        await pilot.press("down", "down")  # the referee looks elsewhere, then takes back the last entry
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert 2 not in app.screen.session.state.round(4).results
        assert str(table.get_row_at(table.cursor_row)[0]) == "2"
        await pilot.press("up", "ctrl+y")
        await pilot.pause()
        assert str(table.get_row_at(table.cursor_row)[0]) == "2"


async def test_a_board_number_typed_is_forgotten_when_another_round_is_shown(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "2")
        await pilot.pause()
        assert str(app.screen.query_one("#round-info").render()).startswith("Доска 2_")
        await pilot.press("left_square_bracket")  # round 2, whose board 2 was not meant
        await pilot.pause()
        line = str(app.screen.query_one("#round-info").render())
        assert line.startswith("Тур 2") and "Доска 2_" not in line


async def test_a_second_v_leaves_why_this_opponent_open(folder: Path) -> None:
    """Its first count takes a second and more: a v pressed again meanwhile closed it at once."""
    from tui.screens.why import WhyScreen

    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "1", "v", "v")
        await app.workers.wait_for_complete()  # weighed in a thread
        await pilot.pause()
        assert isinstance(app.screen, WhyScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
