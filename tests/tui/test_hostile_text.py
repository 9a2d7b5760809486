"""Names are text: markup in a name is shown as typed, never read as markup (issue 12)."""

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static

from tests.tui.conftest import notes, run_test
from tui.app import TengenApp
from tui.cli import main


async def test_brackets_in_names_clubs_and_titles_are_shown_as_typed(tmp_path: Path) -> None:
    path = str(tmp_path / "t.json")
    assert main(["new", path, "--scheme", "gamma", "--rounds", "3", "--name", "Cup [red] [/x]"]) == 0
    assert (
        main(
            ["-f", path, "player", "add", "--surname", "Smith [/x]", "--name", "J", "--rank", "3k", "--club", "[bold]x"]
        )
        == 0
    )
    assert main(["-f", path, "player", "add", "--surname", "Ivanov [moscow]", "--name", "I", "--rank", "2k"]) == 0
    assert main(["-f", path, "pair"]) == 0
    app = TengenApp(path, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        shown = [str(app.screen.query_one("#title", Static).render())]
        for key in ("f2", "f3", "f4", "f5", "f8"):
            await pilot.press(key)
            await pilot.pause()
            for table in app.screen.query(DataTable):
                shown += [" ".join(map(str, table.get_row_at(i))) for i in range(table.row_count)]
        text = "\n".join(shown)
        for typed in ("Cup [red] [/x]", "Smith [/x] J", "Ivanov [moscow] I", "[bold]x"):
            assert typed in text
        app.notify("Smith [/x]")  # a notification with a name in it
        app.screen.notify("[b]Жирный[/b]")  # a widget's notify asks for markup: still text
        await pilot.pause()
        shown = {n.message: n.markup for n in app._notifications}  # what the toasts will draw
        assert shown["[b]Жирный[/b]"] is False and shown["Smith [/x]"] is False


@asynccontextmanager
async def next_round_paired(path: Path) -> AsyncIterator[tuple[TengenApp, Any]]:
    """The app on the demo's Gamma with its next round paired (round 4), results to type."""
    app = TengenApp(str(path), folder=path.parent, open_viewer=False)
    async with run_test(app, size=(120, 40)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        yield app, pilot


async def test_a_full_disk_is_a_message_and_the_app_keeps_running(folder: Path, monkeypatch) -> None:
    import errno
    import os

    path = folder / "gamma.json"
    async with next_round_paired(path) as (app, pilot):
        before = path.read_bytes()

        def full(fd: int) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "fsync", full)
        await pilot.press("3", "w")
        await pilot.pause()
        assert any("диск заполнен" in n for n in notes(app))  # the system's reason, in Russian
        assert 3 not in app.screen.session.state.round(4).results
        monkeypatch.undo()
        assert path.read_bytes() == before
        await pilot.press("3", "w")  # room again: the same key works
        await pilot.pause()
        assert app.screen.session.state.round(4).results[3].code == "W+"


async def test_a_file_put_in_place_of_the_open_one_is_not_written_over(folder: Path) -> None:
    """A newer copy from another laptop copied over the file the app holds: the app's next
    entry wrote its own older log over it, and the copy was gone at the one after."""
    import shutil

    path = folder / "gamma.json"
    async with next_round_paired(path) as (app, pilot):
        newer = folder / "newer.json"
        shutil.copyfile(path, newer)
        assert main(["-f", str(newer), "result", "4", "1", "B+"]) == 0  # a slip typed there
        os.replace(newer, path)
        copied = path.read_bytes()
        await pilot.press("3", "w")
        await pilot.pause()
        assert any("изменила другая программа" in n and "откройте его заново" in n for n in notes(app))
        assert 3 not in app.screen.session.state.round(4).results
        assert path.read_bytes() == copied


async def test_a_very_long_name_leaves_the_points_in_sight(tmp_path: Path) -> None:
    """One 120-character name pushed every player's points off the standings at 80 columns:
    the name is cut («…») in the standings and the cross-table, the points stay on screen."""
    from tests.tui.test_language import shown_text

    path = str(tmp_path / "t.json")
    assert main(["new", path, "--scheme", "mcmahon", "--rounds", "3", "--name", "Кубок"]) == 0
    for surname, rank in (("Щ" * 100, "1d"), ("Петров", "1k"), ("Сидоров", "2k"), ("Ёлкин", "3k")):
        assert main(["-f", path, "player", "add", "--surname", surname, "--name", "Я" * 20, "--rank", rank]) == 0
    assert main(["-f", path, "pair"]) == 0
    for board in (1, 2):
        assert main(["-f", path, "result", "1", str(board), "W+"]) == 0
    app = TengenApp(path, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        for key, score_column in (("f4", 4), ("t", -1)):
            await pilot.press(key)
            await pilot.pause()
            table = app.screen.query_one("#standings-table", DataTable)
            row = next(map(table.get_row_at, range(table.row_count)), None)
            assert row is not None and str(row[2]).startswith("ЩЩЩ") and str(row[2]).endswith("…")
            line = next(line for line in shown_text(app).splitlines() if "ЩЩЩ" in line)
            assert f" {row[score_column]} " in line.split("…", 1)[1] + " ", (key, line)


async def test_a_files_name_and_a_lock_holders_words_never_reach_the_terminal(tmp_path: Path) -> None:
    """A durability attack: a tournament named ``x\\x1b]0;PWNED\\x07\\x1b[2J…`` in the data folder
    retitled the terminal and cleared the start screen; a lock holder's command did so from a
    notification.  What a terminal acts on is shown «?», in the list, the title and a notice."""
    from textual.widgets import OptionList

    from schemes.errors import Worded
    from tui.i18n import said

    made = tmp_path / "cup.json"
    assert main(["new", str(made), "--scheme", "gamma", "--rounds", "3", "--name", "Кубок"]) == 0
    hostile = tmp_path / "x\x1b]0;PWNED\x07\x1b[2Jred.json"
    os.rename(made, hostile)
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("x?]0;PWNED??[2Jred.json" in prompt for prompt in prompts), prompts
        holder = Worded("process {pid} on {host} ({command})", pid=7, host="vm", command="h\x1b]0;LOCKPWN\x07x")
        app.notify(said(holder) + "\n" + "\x1b[31m")
        await pilot.pause()
        assert [n.message for n in app._notifications][-1] == "Процесс 7 на vm: h?]0;LOCKPWN?x\n?[31m"
    app = TengenApp(str(hostile), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.sub_title == "x?]0;PWNED??[2Jred.json"
