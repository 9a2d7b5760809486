"""Pilot tests: a referee's flows through the app, key by key."""

import random
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Label, OptionList, Select, Static

from tests.conftest import TESTDATA
from tests.tui.conftest import app_on, burst, notes, run_test, shown_text, until
from tui import i18n
from tui.app import TengenApp
from tui.commands import palette_commands
from tui.panes.standings import StandingsPane
from tui.screens.confirm import ConfirmScreen
from tui.screens.tournament import TournamentScreen
from tui.views import shown_path
from tui.widgets import MarkedList

pytestmark = pytest.mark.usefixtures("russian")


def rows(app: TengenApp, table_id: str) -> list[list]:
    table = app.screen.query_one(f"#{table_id}", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def submit(pilot, form, field: str = "#name") -> None:
    """Enter in a field submits the form (the button may be scrolled out of view)."""
    form.query_one(field, Input).focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_the_start_screen_opens_a_tournament_skips_dead_links_and_shows_a_name_not_in_utf8(folder: Path) -> None:
    """Enter on a tournament listed opens it, Ctrl+W closes it.  An attack: a link to a
    tournament on a stick taken out (or a link loop) in the data folder crashed the app at
    every start; a tournament whose file name is cp1251 bytes (a Windows zip's) was listed as
    ``\\udccf…`` and crashed the app once opened (the demo's six listed besides: counted
    alone in ``test_a_file_named_at_start_opens_before_the_list_is_read``)."""
    import os
    import shutil

    (folder / "stick.json").symlink_to("/nonexistent/stick/cup.json")
    (folder / "loop.json").symlink_to("loop.json")
    odd = folder / os.fsdecode(b"\xcf\xf0\xe8.json")
    shutil.copy(folder / "gamma.json", odd)
    app = app_on(folder, None)
    async with run_test(app, size=(100, 30)) as pilot:
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert options.option_count == 7 and sum(label.endswith("(���.json)") for label in labels) == 1
        options.highlighted = options.get_option_index(str(odd.resolve()))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen) and app.screen.session.path == odd.resolve()
        assert len(rows(app, "boards")) == 5  # round 3 of the demo's Gamma, copied
        await pilot.press("ctrl+w")
        await pilot.pause()
        assert not isinstance(app.screen, TournamentScreen)


async def test_a_name_typed_in_the_open_dialog_is_completed_and_looked_for_in_the_data_folder(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A referee with no mouse typed whole paths letter by letter (a trial): the rest of the
    one name that begins with what he typed is shown greyed, and Tab takes it.  The dialog
    offers the data folder («…/demo/»); a referee who types over it only the file's name means
    the file he sees listed there, not one in whatever folder Tengen was started from (it said
    «no such file»)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        answer = app.screen.query_one(Input)
        await pilot.press("g", "a")  # over the folder offered: a name in it
        await until(pilot, lambda: answer.render_line(0).text.rstrip() == "gamma.json")
        assert answer.value == "ga"
        await pilot.press("tab")
        assert answer.value == "gamma.json"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert app.screen.session.path == (folder / "gamma.json").resolve()


async def test_the_open_dialog_offers_the_folder_of_the_tournament_opened_last(folder: Path, tmp_path: Path) -> None:
    """A trial opened OpenGotha files one after another from a folder of his own, and the
    dialog offered the data folder each time: he typed the path anew.  It offers the folder of
    the tournament opened last (a name typed alone is looked for there), while it is there."""
    import shutil

    own = tmp_path / "Мои файлы"
    own.mkdir()
    shutil.copy(folder / "gamma.json", own / "gamma.json")
    shutil.copy(folder / "fors-vladivostok.json", own / "fors.json")
    app = app_on(folder, str(own / "gamma.json"))
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+w")
        await until(pilot, lambda: not isinstance(app.screen, TournamentScreen))
        await pilot.press("o")
        await pilot.pause()
        answer = app.screen.query_one(Input)
        assert answer.value == f"{own}/"
        answer.value = "fors.json"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen))
        assert app.screen.session.path == (own / "fors.json").resolve()
    shutil.rmtree(own)
    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert app.screen.query_one(Input).value == f"{folder}/"  # that folder gone: the data folder


async def test_tab_leaves_a_question_of_no_path_as_it_is(folder: Path) -> None:
    """A review: Tab, bound in every one-line question, moved the cursor of «Rounds to skip»
    to the end of the line; it completes paths only."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "k")
        await pilot.pause()
        answer = app.screen.query_one(Input)
        await pilot.press("2", "space", "3", "left")
        await pilot.press("tab")
        assert (answer.value, answer.cursor_position) == ("2 3", 2)


@pytest.mark.parametrize("kept", [True, False])
async def test_the_demo_is_written_while_the_screen_lives_then_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept: bool
) -> None:
    """``d`` writes the demo in a thread, saying so, and the first time after installation
    (numba's cache empty) that its McMahon pairing waits for the compiler; ``d`` again
    meanwhile writes nothing more; the Gamma event opens once written."""
    import threading

    from tui import demo
    from tui.screens.start import StartScreen

    monkeypatch.setattr("tui.screens.start.compiled_code_kept", lambda: kept)
    release, write = threading.Event(), demo.write_demo

    def held(folder: Path) -> list[Path]:  # the compiler's half minute, held until the test has looked
        assert release.wait(30)
        return write(folder)

    monkeypatch.setattr(demo, "write_demo", held)
    app = app_on(tmp_path, None)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("d", "d")
        writing = [n for n in notes(app) if n.startswith("Запись демо-турниров в ")]
        assert len(writing) == 1 and writing[0].endswith("Tengen компилирует свой код") != kept
        assert isinstance(app.screen, StartScreen) and app.screen.writing_demo  # alive, the demo on its way
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert app.screen.session.path == (tmp_path / "demo" / "gamma.json")
        assert not (tmp_path / "demo-2").exists()  # the second d wrote no second demo


async def test_a_demo_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "demo").write_text("a file where the folder would go")
    app = app_on(tmp_path, None)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("d")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, TournamentScreen) and not app.screen.writing_demo  # d may be pressed again
        assert any("не создать папку" in n for n in notes(app)), notes(app)
        assert (tmp_path / "demo").read_text() == "a file where the folder would go"


async def test_files_of_one_name_in_two_folders_are_told_apart(folder: Path, tmp_path: Path) -> None:
    """A copy on a stick beside the one in the data folder: the same title, told apart by
    where each is; a file whose name is its own keeps the short label."""
    import shutil

    stick = tmp_path / "stick"
    stick.mkdir()
    shutil.copy(folder / "gamma.json", stick / "gamma.json")
    app = TengenApp(None, folder=folder, open_viewer=False, also=stick)
    async with run_test(app, size=(120, 30)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        gamma = sorted(label.rsplit("(", 1)[1] for label in labels if "gamma.json" in label)
        assert gamma == sorted([f"{shown_path(folder.resolve() / 'gamma.json')})",
                                f"{shown_path(stick.resolve() / 'gamma.json')})"])  # fmt: skip
        assert any(label.endswith("(mcmahon.json)") for label in labels)


async def test_new_tournament_form_shows_problems_in_place(tmp_path: Path) -> None:
    """Each problem under its field, the cursor sent there, the problem gone once the field
    is typed in; a scheme parameter's refusal opens «Ещё параметры» with it beside the field."""
    app = app_on(tmp_path, None)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        form.query_one("#file", Input).value = "cup"
        form.query_one("#time", Input).value = "40+5/20"
        await pilot.pause()
        assert "60" in str(form.query_one("#time-error").render())  # not rated, said at once
        form.query_one("#rounds", Input).value = "²"  # a digit to str.isdigit, not to int()
        await pilot.press("f10")
        await pilot.pause()
        assert "Укажите название" in str(form.query_one("#name-error").render())
        assert "неверное число туров ²: от 1 до 99" in str(form.query_one("#rounds-error").render())
        assert form.focused is form.query_one("#name", Input)  # the cursor where the first problem is
        assert form.query_one("#name-error").region.y < 24  # in view, not off the top
        await pilot.press(*"Кубок")
        await pilot.pause()
        assert not form.query_one("#name-error").display  # typed: the problem is gone
        form.query_one("#rounds", Input).value = "4"
        form.query_one("#dates", Input).value = "2026-12-06..2026-12-05"
        await submit(pilot, form)
        assert "неверные даты" in str(form.query_one("#dates-error").render())
        form.query_one("#dates", Input).value = "2026-12-05..2026-12-06"
        form.query_one("#scheme", Select).value = "fors"
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        step = app.screen
        step.query_one("#param-start_per_rank", Input).value = "many"
        await pilot.press("f10")
        await pilot.pause()
        # under its field, which names it: not its key again (a trial: «handicap_cap: 'Пермь' — не целое число»)
        assert str(step.query_one("#param-start_per_rank-error").render()) == "'many' — не целое число"
        step.query_one("#param-start_per_rank", Input).value = "10"
        await pilot.press("f10")
        await pilot.pause()
        assert app.screen is form
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert app.screen.session.state.settings.params["start_per_rank"] == 10
        assert (tmp_path / "cup.json").exists()
        # said again once made, as the command line's ``new`` says it (a review: only the field's hint did)
        assert "40+5/20 — меньше 60 минут эффективного времени: турнир не будет рейтинговым" in notes(app)


async def test_a_mcmahon_with_no_rounds_is_refused_under_the_field_in_the_forms_words(tmp_path: Path) -> None:
    """A review: the rounds emptied, F10 said «Мак-Магон: нужно число туров (--rounds)» at the
    form's foot, a command line's option in the app; it is said under the field it names."""
    from tests.tui.conftest import new_tournament_form

    app = app_on(tmp_path, None)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "mcmahon")
        form.query_one("#name", Input).value = "Кубок"
        form.query_one("#rounds", Input).value = ""
        await pilot.press("f10")
        await pilot.pause()
        assert str(form.query_one("#rounds-error").render()) == "Мак-Магон: нужно число туров"
        assert not form.query_one("#general-error").display and form.focused is form.query_one("#rounds", Input)
        assert app.screen is form and not list(tmp_path.glob("*.json"))


async def test_no_team_standings_are_offered_where_nobody_has_a_team_or_a_club(tmp_path: Path) -> None:
    """A play-off trial's F6 offered the team standings, and printed an empty table."""
    from tui.cli import main

    path = tmp_path / "cup.json"
    assert main(["new", str(path), "--scheme", "swiss", "--rounds", "3", "--name", "Кубок"]) == 0
    for surname in ("Иванов", "Петров"):
        assert main(["-f", str(path), "player", "add", "--surname", surname, "--name", "Ян", "--rank", "1k"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert "teams" not in app.screen.kinds and "table" in app.screen.kinds
        await pilot.press("escape", "f4", "g")
        await pilot.pause()
        assert notes(app)[-1] == "Ни у кого нет команды или клуба: командного зачёта нет"
        assert not app.screen.query_one("#standings-pane", StandingsPane).teams
    assert main(["-f", str(path), "player", "edit", "1", "--club", "Спартак"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert "teams" in app.screen.kinds


async def test_players_add_edit_skip_withdraw_and_search(folder: Path) -> None:
    app = app_on(folder, "round-robin.json")
    async with run_test(app, size=(120, 40)) as pilot:
        # a round robin that started takes nobody new: said at once, no form to fill in first
        await pilot.press("f2")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert notes(app)[-1] == "Круговая: после жеребьёвки 1-го тура добавить игрока нельзя"
        for key in ("i", "f"):  # an import, the rating list: a trial chose a file, and was refused after
            app.clear_notifications()
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, TournamentScreen)
            assert notes(app)[-1] == "Круговая: после жеребьёвки 1-го тура добавить игрока нельзя"
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(120, 40)) as pilot:
        await pilot.press("f2")
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        form.query_one("#surname", Input).value = "Новиков"
        form.query_one("#name", Input).value = "Пётр"
        form.query_one("#strength", Input).value = "55d"
        await submit(pilot, form, "#surname")
        await pilot.pause()
        assert "неверный ранг" in str(form.query_one("#strength-error").render())
        form.query_one("#country", Input).value = "RUS"
        form.query_one("#strength", Input).value = "2d"
        await submit(pilot, form, "#surname")
        await pilot.pause()
        assert "неизвестный код страны" in str(form.query_one("#country-error").render())
        form.query_one("#country", Input).value = ""
        form.query_one("#strength", Input).value = "1850"
        form.query_one("#club", Input).value = "Москва"
        await submit(pilot, form, "#surname")
        await pilot.pause()
        players = rows(app, "players-table")
        assert players[-1][:7] == ["12", "12", "Новиков Пётр", "3k", "1850", "пропуск: 1 2 3", "Москва"]
        # search filters as one types; a search finding nobody says so (a trial read an empty table)
        none = app.screen.query_one("#search-none", Static)
        app.screen.query_one("#search", Input).value = "[b]нет такого"
        await pilot.pause()
        assert (
            rows(app, "players-table") == [] and none.display and str(none.render()) == "Никто не найден: [b]нет такого"
        )
        app.screen.query_one("#search", Input).value = "новик"
        await pilot.pause()
        assert [r[2] for r in rows(app, "players-table")] == ["Новиков Пётр"] and not none.display
        app.screen.query_one("#players-table", DataTable).focus()
        await pilot.press("k")
        await pilot.pause()
        for typed, refused in (("абв", "Туры — целыми числами: 2 3"), ("1", "1-й тур уже составлен")):
            app.screen.query_one("#answer", Input).value = typed
            await pilot.press("enter")
            await pilot.pause()  # refused beside what was typed, kept (it closed, the typing lost)
            assert refused in str(app.screen.query_one("#answer-error").render())
            assert app.screen.query_one("#answer", Input).value == typed
        app.screen.query_one("#answer", Input).value = "5"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        state = app.screen.session.state
        assert state.players[12].skips == {5} and state.players[12].withdrawn_from == 4
        assert "выбыл" in rows(app, "players-table")[0][5]
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one("#block", Input).value = "1 2"
        await submit(pilot, app.screen, "#surname")
        await pilot.pause()
        assert app.screen.session.state.players[12].block == {1, 2}
        # the log names what was changed, not every field of the form
        from tui.i18n import event_text

        assert event_text(app.screen.session.events[-1]) == "игрок 12 изменён: не играет с 1 2"
        await pilot.press("e")
        await pilot.pause()
        await submit(pilot, app.screen, "#surname")  # nothing touched
        await pilot.pause()
        assert notes(app)[-1] == "Ничего не изменено: Новиков Пётр"
        assert app.screen.session.events[-1].data == {"player": 12, "block": [1, 2]}


async def test_rounds_pair_enter_results_by_board_undo_and_redo(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(120, 40)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        session = app.screen.session
        assert session.state.paired_rounds == 4
        info = str(app.screen.query_one("#round-info").render())
        assert "без результата: 5 из 5" in info
        await pilot.press("3", "w")  # board 3: white won
        await pilot.press("1", "s", "b")  # board 1: colours came out the other way, black won
        await pilot.press("x", "y")  # the cursor moved to board 2: both lose? yes
        await pilot.pause()
        results = session.state.round(4).results
        # black as played is the player listed as white: a trial's referee typed s w for the
        # player who played white, and the one who played black was recorded the winner
        assert results[3].code == "W+" and (results[1].code, results[1].swapped) == ("W+", True)
        assert rows(app, "boards")[0][1] == "Ч+ наоборот"  # said as it was typed
        assert results[2].code == "both-lose"
        assert "без результата: 2 из 5" in str(app.screen.query_one("#round-info").render())
        assert rows(app, "boards")[2][1] == "Б+"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert 2 not in session.state.round(4).results
        undone = [n for n in notes(app) if n.startswith("Отменено:")]  # the board by its players, as the log says it
        assert undone == [
            "Отменено: результат: тур 4, доска 2 (Матвеев Е. — Затонских А.): Оба проиграли без игры (решение судьи)"
        ], notes(app)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert session.state.round(4).results[2].code == "both-lose"
        assert any(n.startswith("Возвращено:") for n in notes(app))
        await pilot.press("9", "9", "w")
        await pilot.pause()
        assert any("нет доски 99" in n for n in notes(app))
        # a board that has a result: the app asks before replacing it, and "no" keeps it
        await pilot.press("3", "b")
        await pilot.pause()
        assert "Доска 3: уже записано «Победа белых». Заменить на «Победа чёрных»?" in str(
            app.screen.query_one("Label").render()
        )
        await pilot.press("n")
        await pilot.pause()
        assert session.state.round(4).results[3].code == "W+"
        await pilot.press("3", "b", "y")
        await pilot.pause()
        assert session.state.round(4).results[3].code == "B+"
        await pilot.press("ctrl+z")  # the replaced result is back, and the undo says so (a trial was told what went)
        await pilot.pause()
        assert notes(app)[-1].endswith(": Победа чёрных; на доске снова «Победа белых»")


async def test_swap_players_asks_before_a_repeat_game(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(120, 40)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        state = app.screen.session.state
        first = state.round(4).boards[0]
        met = next(b for b in state.round(1).boards if first.white in (b.white, b.black))
        partner = met.black if met.white == first.white else met.white
        numbers = state.numbers
        await pilot.press("m")
        await pilot.pause()
        app.screen.query_one("#answer", Input).value = f"{numbers[first.black]} {numbers[partner]}"
        await pilot.press("enter")
        await pilot.pause()
        question = str(app.screen.query_one("Label").render())  # a sentence: a trial read «игрокам № 3…»
        assert question.startswith("Игроки № ") and "уже встречались в 1-м туре" in question, question
        await pilot.press("y")
        await pilot.pause()
        board = app.screen.session.state.round(4).boards[0]
        assert {board.white, board.black} == {first.white, partner}


async def test_the_cross_table_heads_gammas_last_column_by_its_level(folder: Path) -> None:
    """A trial: Gamma's cross-table headed its levels «Очки», the standings «Уровень»."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(120, 40)) as pilot:
        await pilot.press("f4", "t")
        await pilot.pause()
        table = app.screen.query_one("#standings-table", DataTable)
        assert str(list(table.columns.values())[-1].label) == "Уровень"


async def test_wide_standings_keep_the_place_name_and_score_in_sight_and_move_by_whole_columns(
    folder: Path,
) -> None:
    """A trial scrolled FORS's nine values at 80 columns and lost whose row he read; a re-read
    scrolled by cells and read «08» under the tail of «Очки» for 108, and «4» cut at the right
    edge for 443.  The place, number, name, rank and score stay while → and ← move the others
    by whole columns, each shown whole, to the last one; a table that fits keeps them as any
    column."""
    app = app_on(folder, "fors-vladivostok.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one("#standings-table", DataTable)
        assert table.fixed_columns == 5
        heads = [str(column.label) for column in table.columns.values()][:-1]  # the last: the empty room
        assert heads[5:8] == ["Ст.", "О. с.", "П. с."]  # the paper's abbreviations, said under the table: a
        legend = str(app.screen.query_one("#standings-legend", Static).render())  # trial read «По» cut at
        assert "О. с. — Очки соп. · П. с. — Победы соп." in legend.replace("\n", " ")  # the edge as his wins
        fixed = "Место  №  Фамилия, имя       Ранг  Очки  "
        seen = []
        for key in ["right"] * 10 + ["left"] * 10:
            lines = shown_text(app).splitlines()
            line = next(line for line in lines if "Место" in line)
            header = line.strip()
            assert header.startswith(fixed)
            shown = re.split(r"\s{2,}", header[len(fixed) :].strip())  # the titles right-aligned, as their values
            assert all(head in heads[5:] for head in shown), shown  # no column cut at either edge
            row = next(line for line in lines if "Затонских" in line)  # the score under the end of
            assert "1  Затонских Антон    6d     145" in row  # «Очки», as on paper (a re-read)
            assert row.index("145") + 3 == line.index("Очки") + 4
            seen.append(shown)
            await pilot.press(key)
            await pilot.pause()
        assert {head for shown in seen for head in shown} == set(heads[5:])  # every one reached
        assert seen[0] == seen[-1] and seen[0][0] == heads[5] and len({shown[0] for shown in seen}) > 3
    app = app_on(folder, "sport-handicap.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.query_one("#standings-table", DataTable).fixed_columns == 0


async def test_a_table_widened_keeps_its_cells_whole(folder: Path) -> None:
    """A re-read in tmux: the cross-table widened from 60 columns to 80 drew each column as wide
    as its title — «2-» as «2», «240.0» as «240.» — filled within the resize."""
    app = app_on(folder, "sport-handicap.json")
    async with run_test(app, size=(60, 20)) as pilot:
        await pilot.press("f4", "t")
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert "Лю Личунь         2-   3+   4+  240.0" in shown_text(app)


async def test_log_undo_of_an_entry_and_standings(folder: Path) -> None:
    app = app_on(folder, "fors-vladivostok.json")
    async with run_test(app, size=(120, 40)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        assert str(app.screen.query_one("#standings-info").render()) == "Итоговая таблица"
        table = rows(app, "standings-table")
        assert [(r[0], r[2], r[4]) for r in table[:2]] == [("1", "Затонских Антон", "145"), ("2", "Лю Личунь", "108")]
        await pilot.press("t")
        await pilot.pause()
        assert rows(app, "standings-table")[0][3:8] == ["2+", "3+", "5+", "4+", "8+"]
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert str(app.screen.query_one("#standings-info").render()) == "Турнирное положение после 4-го тура"
        await pilot.press("f5")
        await pilot.pause()
        log = rows(app, "log-table")
        what = "результат: тур 5, доска 4 (Куташов А. — Хованец А.): Победа белых"  # the board's players named
        assert log[0][-1] == what
        assert len(log[0]) == 3  # nothing undone yet: no column for it (a trial found the entries wrapped)
        await pilot.press("u")  # asks first, naming the entry
        await pilot.pause()
        assert "Отменить запись" in str(app.screen.query_one("Label").render())
        await pilot.press("n")
        await pilot.pause()
        assert 4 in app.screen.session.state.round(5).results
        await pilot.press("u", "y")
        await pilot.pause()
        assert 4 not in app.screen.session.state.round(5).results
        assert rows(app, "log-table")[1][2] == "отменено"  # marked at the start of its line
        entry = rows(app, "log-table")[1][0]
        assert rows(app, "log-table")[0][-1] == f"отменена запись {entry}: {what}"
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert rows(app, "log-table")[0][-1] == f"возвращена запись {entry}: {what}"
        registered = rows(app, "log-table")[-2][-1]  # players by id and name, as the players' table lists them
        assert registered == "игрок 1 зарегистрирован: Затонских Антон", registered  # named once


async def test_the_log_opens_on_its_newest_entry(folder: Path) -> None:
    """A trial: back on F5 after typing nine results, the cursor stayed on the entry it had
    been on, the new ones scrolled out of sight above, and «u» undid that old one."""
    from tui.widgets import PlainTable

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f5", "down", "down", "down")
        await pilot.pause()
        table = app.screen.query_one("#log-table", PlainTable)
        assert table.cursor_row == 3
        await pilot.press("f3", "1", "w")  # board 1's result typed over: asked, «Да»
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        newest = str(len(app.screen.session.events))
        await pilot.press("f5")
        await pilot.pause()
        assert (table.cursor_row, table.cursor_key(), table.scroll_y) == (0, newest, 0)


async def test_pairing_without_repeats_impossible_asks_to_allow_them(tmp_path: Path) -> None:
    from data.ledger import Ledger
    from schemes.log import actions

    path = tmp_path / "two.json"
    with Ledger.create(path, [actions.create("Two", "gamma", 2)]) as ledger:
        for surname in ("A", "B"):
            ledger.commit(actions.register(ledger.events, surname=surname, rating=2000))
    app = app_on(tmp_path, "two.json")
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("w", "y")
        await pilot.press("n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "без повторных встреч" in str(app.screen.query_one("Label").render())
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.state.paired_rounds == 2


async def test_the_schedule_is_offered_where_the_table_fixes_the_rounds(folder: Path) -> None:
    """A round robin's print dialog offers the schedule of every round, written under a name
    with no round in it; a Gamma's, paired round by round, does not offer it."""
    from data.service import Service
    from schemes.log import actions

    with Service.create(folder / "rr.json", [actions.create("Круг", "round-robin", None)]) as service:
        service.commit_all(actions.registrations([], [{"surname": f"И{i}", "rank": "1k"} for i in range(4)]))
    for name in ("gamma.json", "rr.json"):  # a Gamma pairs round by round; a round robin not numbered yet
        app = app_on(folder, name)
        async with run_test(app, size=(80, 24)) as pilot:
            await pilot.press("f6")
            await pilot.pause()
            assert "schedule" not in app.screen.kinds and "registration" in app.screen.kinds
    app = app_on(folder, "round-robin.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        marks = app.screen.query_one(MarkedList)
        at = app.screen.kinds.index("schedule")
        assert str(marks.get_option_at_index(at).prompt) == "[ ] расписание туров"
        marks.highlighted = at
        await pilot.press("space")
        marks.highlighted = app.screen.kinds.index("blank-cards")
        await pilot.press("space")
        await pilot.pause()
        assert marks.selected == ["cards", "protocol", "schedule", "blank-cards"]
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert (folder / "round-robin-schedule.pdf").exists() and (folder / "round-robin-protocol-3.pdf").exists()
        assert (folder / "round-robin-blank-cards.pdf").exists()  # a trial: «…-blank-cards-3.pdf», of no round


async def test_every_document_the_print_dialog_offers_is_in_sight_at_80x24(folder: Path) -> None:
    """The dialog showed eight of its eleven documents at 80×24: the blank forms, printed before
    the event, were below the list's edge.  The most it holds (a round robin's twelve, with its
    schedule and the team standings) fits with the pages' QR note and a refusal beside the
    round, and its buttons stay on the screen."""
    from tui.screens.print_dialog import PrintScreen

    app = app_on(folder, "round-robin.json")
    async with run_test(app, size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TournamentScreen)
        dialog = PrintScreen(screen.session.state, pages="http://192.168.100.100:8390")
        app.push_screen(dialog)
        await pilot.pause()
        assert len(dialog.kinds) == 12
        marks = dialog.query_one(MarkedList)
        for kind in marks.selected:  # the preselected unticked, as the referee does
            marks.highlighted = dialog.kinds.index(kind)
            await pilot.press("space")
        await pilot.press("f10")
        await pilot.pause()
        assert marks.region.height == 12 + 2  # every row, between the list's two border rows
        error = dialog.query_one("#print-error", Label)
        assert error.display and str(error.render()) == "Выберите хотя бы один документ"
        assert error.region.y == dialog.query_one("#round", Input).region.y  # beside the round
        assert error.region.right <= marks.region.right
        qr = dialog.query_one("#print-qr", Label)
        assert qr.region.height == 2 and qr.region.y > error.region.y
        for button in dialog.query(Button):
            assert qr.region.bottom < button.region.y and button.region.bottom <= 23  # above the border


async def test_print_writes_pdfs_next_to_the_tournament_opened_by_a_relative_name(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F6 ticks the round's protocol and the cards, Enter prints them beside the tournament.
    ``tengen gamma.json`` in the tournament's folder: the messages name that folder, not «.»
    (a tournament named by its whole path prints beside it in
    ``test_the_pdf_viewer_is_started_for_each_file_and_leaves_no_zombie``)."""
    monkeypatch.chdir(folder)
    app = TengenApp("gamma.json", folder=folder, open_viewer=False)
    async with run_test(app, size=(100, 40)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert set(app.screen.query_one(MarkedList).selected) == {"protocol", "cards"}
        await pilot.press("enter")  # Enter prints, wherever the cursor is in the dialog
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert (folder / "gamma-protocol-3.pdf").exists() and (folder / "gamma-cards.pdf").exists()
        assert any(f"Записано в {folder}:" in n and "gamma-protocol-3.pdf" in n for n in notes(app)), notes(app)
        (folder / "gamma-protocol-3.pdf").unlink()  # a trial: a folder of that name refused the print, advising
        (folder / "gamma-protocol-3.pdf").mkdir()  # a name F6 has no field for: the next name, said
        await pilot.press("f6", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert (folder / "gamma-protocol-3 (2).pdf").read_bytes().startswith(b"%PDF")
        assert "gamma-protocol-3 (2).pdf" in notes(app)[-2], notes(app)
        assert notes(app)[-1] == (
            "Имя gamma-protocol-3.pdf занято папкой, турниром или файлом, который не документ: "
            "записано как gamma-protocol-3 (2).pdf"
        )  # why, not a riddle (a trial)


async def test_after_the_last_round_the_print_dialog_offers_the_final_table(folder: Path) -> None:
    """A trial: once every round was played and every result in, F6 still ticked the protocol
    of the last round and the cards; the referee then prints the final table."""
    app = app_on(folder, "fors-vladivostok.json")  # five rounds of five, all in
    async with run_test(app, size=(100, 40)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert app.screen.query_one(MarkedList).selected == ["table"]
        await pilot.press("f10")  # as every form's F10 (a trial pressed it, and nothing happened)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [p.name for p in folder.glob("fors-vladivostok*.pdf")] == ["fors-vladivostok-table-5.pdf"]


@pytest.mark.parametrize(("where", "raised", "written"), [
    ("build.print_to", RuntimeError("Not enough horizontal space\n to render a single character"), False),
    ("document.undrawn_notice", KeyError(17), True),
])  # fmt: skip
async def test_an_exception_while_printing_is_said_once_and_the_tournament_stays(
    folder: Path, monkeypatch: pytest.MonkeyPatch, where: str, raised: Exception, written: bool
) -> None:
    """A review: an exception the printing thread did not expect (fpdf2's own, a bug) closed
    the app with a traceback; it is said in one line, the progress bar goes, and the app is
    still there.  Another: one on the app's thread as the written files were announced came
    back into the thread, whose guard said it again and closed the bar a second time — the
    tournament screen under it."""
    import importlib

    module, name = where.split(".")

    def broken(*args: object) -> list[str]:
        raise raised

    monkeypatch.setattr(importlib.import_module(f"paperwork.{module}"), name, broken)
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(100, 40)) as pilot:
        await pilot.press("f6", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        said = f"Внутренняя ошибка Tengen ({type(raised).__name__}: {' '.join(str(raised).split())}): " \
               "это действие не выполнено"  # fmt: skip
        assert notes(app).count(said) == 1, notes(app)
        assert app.is_running and isinstance(app.screen, TournamentScreen)
        assert bool(list(folder.glob("gamma-*.pdf"))) is written


async def test_the_pdf_viewer_is_started_for_each_file_and_leaves_no_zombie(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial: each print left an ``xdg-open`` ended but never waited for, a zombie while
    Tengen ran."""
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    viewer = bin_folder / "xdg-open"
    viewer.write_text(f'#!/bin/sh\necho "$$ $1" >> {tmp_path / "opened"}\n')
    viewer.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_folder}:/usr/bin:/bin")
    app = TengenApp(str(folder / "gamma.json"), folder=folder)
    async with run_test(app, size=(100, 40)) as pilot:
        await pilot.press("f6", "enter")
        await app.workers.wait_for_complete()
        opened_file = tmp_path / "opened"
        await until(pilot, lambda: opened_file.exists() and len(opened_file.read_text().splitlines()) == 2)
        opened = dict(line.split(" ", 1) for line in opened_file.read_text().splitlines())
        assert sorted(Path(file).name for file in opened.values()) == ["gamma-cards.pdf", "gamma-protocol-3.pdf"]
        await until(pilot, lambda: not any(Path(f"/proc/{pid}").exists() for pid in opened), timeout=10)


@pytest.mark.parametrize("viewer", [None, "#!/no/such/shell\n"], ids=["none", "broken"])
async def test_without_a_viewer_that_starts_the_files_are_said_and_the_tournament_stays(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, viewer: str | None
) -> None:
    """A review: an ``xdg-open`` that does not start (its interpreter gone) raised on the
    app's thread after the bar had closed; the thread's guard closed «the bar» again — the
    tournament screen.  No viewer, or a broken one, is said the same way: where the files are."""
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    if viewer is not None:
        (bin_folder / "xdg-open").write_text(viewer)
        (bin_folder / "xdg-open").chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_folder))
    app = TengenApp(str(folder / "gamma.json"), folder=folder)
    async with run_test(app, size=(100, 40)) as pilot:
        await pilot.press("f6", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        said = f"Программы для просмотра PDF нет: откройте файлы из папки {folder}, чтобы напечатать"
        assert said in notes(app), notes(app)
        assert not any("Внутренняя ошибка" in note for note in notes(app))
        assert app.is_running and isinstance(app.screen, TournamentScreen)


async def test_export_rating_table(folder: Path) -> None:
    app = app_on(folder, "fors-vladivostok.json")
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        await pilot.press("shift+tab", "space")  # back to the options; the first, Latin names, ticked
        await pilot.click("#export")
        await pilot.pause()
        text = (folder / "fors-vladivostok-rating.txt").read_text(encoding="utf-8")
        assert "1 Zatonskikh Anton 6d RU Kha 1 30 145 0 2+/w0 3+/w2 5+/w4 4+/w3 8+/w6" in text


async def test_the_export_dialog_warns_before_writing(folder: Path) -> None:
    """Seed 003's country and club: the dialog names the player the table will write with
    ``xxxx`` before the referee chooses (gamma's Лю Личунь has no club), and says the Latin
    names are transliterated while no rating list is chosen.  The answer the arrows move to is
    drawn as the answer (a trial: «Нет» stayed blue)."""
    from textual.widgets import Button, Label

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        shown = [str(label.render()) for label in app.screen.query(Label)]
        assert "Таблица для РК: не указан клуб, записано xxxx: Лю Личунь (3)" in shown
        source = "Латиница — по таблице транслитерации (рейтинг-лист не выбран: клавиша f на вкладке «Игроки» F2)"
        assert source in shown
        assert not [line for line in shown if "латиницей" in line]  # a Cyrillic field: the tick decides
        assert not (folder / "gamma-rating.txt").exists()  # nothing written yet
        await pilot.press("right")
        await pilot.pause()
        assert [str(b.id) for b in app.screen.query(Button) if b.variant == "primary"] == ["opengotha"]
        await pilot.press("escape")
        await pilot.pause()
        assert not (folder / "gamma-rating.txt").exists()


async def export_warnings(pilot: Pilot[None]) -> list[str]:
    """F7 pressed: the export dialog's warnings, as shown."""
    await pilot.press("f7")
    await pilot.pause()
    return [str(label.render()) for label in pilot.app.screen.query(".export-warning").results(Label)]


async def test_the_export_dialog_says_a_mixed_field_is_written_in_latin_unticked(folder: Path) -> None:
    """A trial: one Latin name among Cyrillic ones made the table Latin throughout (never
    mixed), the «Имена латиницей» box unticked, and the dialog had not said so."""

    from data.service import Service
    from schemes.log import actions

    players = [{"surname": "Иванов", "name": "Пётр", "rank": "1k"}, {"surname": "Smith", "name": "John", "rank": "2k"}]
    with Service.create(folder / "mixed.json", [actions.create("Смесь", "gamma", 3)]) as service:
        service.commit_all(actions.registrations([], players))
        service.commit(actions.pair(service.state, random.Random(1)))  # the table lists who was paired
    app = app_on(folder, "mixed.json")
    async with run_test(app, size=(80, 24)) as pilot:
        warnings = await export_warnings(pilot)
        assert [w for w in warnings if "латиницей" in w] == [
            "Таблица для РК: есть имена не на кириллице, поэтому таблица будет латиницей: Smith John (2)"
        ]
        await pilot.click("#export")  # nothing ticked
        await pilot.pause()
    text = (folder / "mixed-rating.txt").read_text(encoding="utf-8")
    assert "\n1 Ivanov Petr 1k " in text and "Иванов" not in text, text
    players[1] = {"surname": "Сидoров", "name": "Иван", "rank": "3k"}  # a Latin «o»: said once, naming him
    with Service.create(folder / "one.json", [actions.create("Смесь", "gamma", 3)]) as service:
        service.commit_all(actions.registrations([], players))
        service.commit(actions.pair(service.state, random.Random(1)))
    app = app_on(folder, "one.json")
    async with run_test(app, size=(80, 24)) as pilot:
        warnings = await export_warnings(pilot)
        assert [w for w in warnings if "латиницей" in w] == [
            "Таблица для РК: в именах буквы разных алфавитов, поэтому таблица латиницей: Сидoров Иван (2)"
        ]


async def test_the_export_dialogs_answers_stay_on_an_80x24_screen_under_many_warnings(folder: Path) -> None:
    """A trial: a switched OpenGotha file's unfinished rounds, a warning each of two lines,
    pushed the three answers off the screen, unlabelled.  The rounds are one warning now, and
    the warnings scroll above the answers."""
    from textual.containers import VerticalScroll
    from textual.widgets import Button

    from data.service import Service
    from schemes.log import actions

    players = [{"surname": surname, "name": "", "rank": "1k"} for surname in ("王", "李", "张", "刘", "陈", "杨")]
    players += [{"surname": f"Smith{n}", "name": "John", "rank": "2k"} for n in range(6)]
    with Service.create(folder / "many.json", [actions.create("Много", "mcmahon", 5)]) as service:
        service.commit_all(actions.registrations([], players))
        for _round in range(4):
            service.commit(actions.pair(service.state, random.Random(1), early=True))
    app = app_on(folder, "many.json")
    async with run_test(app, size=(80, 24)) as pilot:
        warnings = await export_warnings(pilot)
        assert [w for w in warnings if "без результата" in w] == [
            "Таблица для РК: туры 1–4: партий без результата: 24, записаны 0- как несыгранные: внесите их до "
            "отправки таблицы"
        ]
        box = app.screen.query_one("#export-warnings", VerticalScroll)
        assert box.virtual_size.height > box.size.height == 7  # more than shows: it scrolls
        await pilot.press("pagedown")  # by the keyboard too (a review reached the rest by the mouse alone)
        await pilot.pause()
        assert box.scroll_y > 0 and app.screen.focused is not None and app.screen.focused.id == "opengotha"
        for button in app.screen.query(Button):
            assert button.region.bottom <= 24 and button.region.height == 3, button.id
        await pilot.press("enter")  # a McMahon under way: its OpenGotha file first
        await pilot.pause()
    assert (folder / "many-opengotha.xml").is_file()


def remember_a_rating_list(folder: Path) -> None:
    """An EGD list spelling Горячкин «Gorjachkin Andrej», remembered as the one last searched (F2, f)."""
    from tui import settings

    listed = folder / "allworld_lp.html"
    listed.write_text(
        "PIN  Name  GoR\n<pre>\n  17274356 Gorjachkin Andrej   RU  25Vl    1k   2k   1881     2  T150926O\n",
        encoding="utf-8",
    )
    settings.save(folder, {"rating_list": str(listed)})


async def test_the_exported_latin_names_come_from_the_remembered_rating_list(folder: Path) -> None:
    """The EGD list last searched (F2, f) spells the Latin names of the players in it."""
    from textual.widgets import Label

    remember_a_rating_list(folder)
    app = app_on(folder, "fors-vladivostok.json")
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        shown = [str(label.render()) for label in app.screen.query(Label)]
        assert "Латиница — как в рейтинг-листе allworld_lp.html, прочие транслитерацией" in shown
        assert not any("Таблица для РК:" in line for line in shown)  # every player has a country and club
        await pilot.press("shift+tab", "space")  # Latin names
        await pilot.click("#export")
        await pilot.pause()
    lines = (folder / "fors-vladivostok-rating.txt").read_text(encoding="utf-8").splitlines()
    assert lines[10].startswith("7 Gorjachkin Andrej 1k RU Vla") and lines[11].startswith("8 Voropaev V 1k RU Kha")


async def test_the_egf_table_is_latin_with_the_rating_lists_names(folder: Path) -> None:
    """Seed 003: the table goes to the EGF «только в латинице».  A review: the EGF form ticked
    alone was written in Cyrillic; it is Latin, and its names the remembered EGD list's."""
    remember_a_rating_list(folder)
    app = app_on(folder, "fors-vladivostok.json")
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        options = app.screen.query_one(MarkedList)
        assert options.titles == {"latin": "Имена латиницей", "egf": "Формат EGF (всё латиницей)"}
        await pilot.press("shift+tab", "down", "space")  # the EGF format alone
        assert options.selected == ["egf"]
        await pilot.click("#export")
        await pilot.pause()
    text = (folder / "fors-vladivostok-rating-egf.txt").read_text(encoding="utf-8")
    assert text.isascii() and "\n8 Gorjachkin Andrej 1k RU Vla " in text


@pytest.mark.shared_data
async def test_import_and_rating_list_lookup(folder: Path) -> None:
    csv = folder / "players.csv"
    csv.write_text("surname,name,rank\nКим,Ли,2d\nПак,Су,3k\n", encoding="utf-8")
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(120, 40)) as pilot:
        await pilot.press("f2", "i")
        await pilot.pause()
        app.screen.query_one("#answer", Input).value = csv.name  # a name alone: in the tournament's folder
        await pilot.press("enter")
        await pilot.pause()
        assert [r[2] for r in rows(app, "players-table")][-2:] == ["Ким Ли", "Пак Су"]
        # a file with a bad row: the question lists the errors by line, «Нет» in focus
        csv.write_text("surname,name,rank\nЛи,Ан,1d\nБад,Б,77k\n", encoding="utf-8")
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one("#answer", Input).value = str(csv)
        await pilot.press("enter")
        await pilot.pause()
        assert "строка 3: неверный ранг '77k'" in str(app.screen.query_one(".details").render())
        assert not any("77k" in n for n in notes(app))  # not a notification over the table
        assert app.screen.focused.id == "no"
        await pilot.press("enter")
        await pilot.pause()
        assert rows(app, "players-table")[-1][2] == "Пак Су"  # «Нет»: nothing imported
        assert notes(app)[-1] == "players.csv: ничего не импортировано"  # and said so: silence looked like a failure
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one("#answer", Input).value = str(csv)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("left", "enter")  # the arrow reaches «Да»
        await pilot.pause()
        assert rows(app, "players-table")[-1][2] == "Ли Ан"
        await pilot.press("f")
        await pilot.pause()
        lookup = app.screen
        lookup.query_one("#list-path", Input).value = str(TESTDATA / "egf_db.txt")
        lookup.query_one("#list-path", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        lookup.query_one("#prefix", Input).value = "Shikshin Il"
        await pilot.pause()
        found = lookup.query_one(OptionList)
        assert found.option_count == 1
        found.focus()
        found.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        assert rows(app, "players-table")[-1][2:5] == ["Shikshin Ilja", "7d", "2787"]
        count = len(app.screen.session.state.players)
        await pilot.press("f")  # the same person again: asked first, as the form asks (a trial's twice)
        await pilot.pause()
        app.screen.query_one("#prefix", Input).value = "Shikshin Il"
        await pilot.pause()
        app.screen.query_one("#prefix", Input).focus()
        await pilot.press("enter", "enter")  # to the list, on its first player (Enter there took none), and take him
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question.startswith("Shikshin Ilja — уже в списке (рег. № ")
        await pilot.press("n")
        await pilot.pause()
        assert len(app.screen.session.state.players) == count


async def test_errors_are_notifications_not_tracebacks(folder: Path) -> None:
    (folder / "broken.json").write_text("{not json")
    app = app_on(folder, "broken.json")
    async with run_test(app) as pilot:
        await pilot.pause()
        assert any("не турнир Tengen" in n or "не файл турнира Tengen" in n for n in notes(app))
        assert not isinstance(app.screen, TournamentScreen)
    from data.ledger import Ledger

    with Ledger(folder / "gamma.json", writable=True):  # another program writes to it
        app = app_on(folder, "gamma.json")
        async with run_test(app) as pilot:
            await pilot.pause()
            assert any("уже открыт для записи (процесс" in n for n in notes(app))


async def test_english_interface_and_the_palette(folder: Path) -> None:
    app = app_on(folder, None)
    async with run_test(app, size=(120, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert i18n.language() == "en"
        assert any(n == "Interface language: English" for n in notes(app))
        app.open_tournament(folder / "gamma.json")
        await pilot.pause()
        titles = {c.description for c in palette_commands(app.screen)}
        wanted = {"Pair next round", "White won", "Undo", "Redo", "Print", "Language"}
        wanted.add("Export: rating table, OpenGotha file (XML)")
        assert wanted <= titles
        await pilot.press("f8")
        await pilot.pause()
        settings = {r[0]: r[1] for r in rows(app, "settings-table")}
        assert settings["scheme"] == "gamma" and settings["handicap_cap"] == "9"
    app = app_on(folder, None)  # the choice is remembered
    async with run_test(app):
        assert i18n.language() == "en"


async def test_a_burst_of_language_switches_redraws_once_in_the_last_language(folder: Path) -> None:
    """An attack: «lln» or «llj» typed at once on the start screen crashed the app in Textual's header
    (the screen composed again while its first redraw was mounting).  The screens are drawn
    again once, in the language chosen last."""
    from textual.widgets import Header

    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        burst(app, *"llj")
        await pilot.pause()
        await pilot.pause()
        assert i18n.language() == "ru" and len(app.screen_stack[0].query(Header)) == 1
        assert "Секрет зала" in shown_text(app)  # the dialog to join a hall
        assert "Открыть файл" not in shown_text(app)  # the footer under the dialog, composed again, hidden still


@pytest.mark.parametrize(
    ("keys", "shown"),
    [
        (("l", "o", "enter"), "Recent tournaments and those in"),
        (("enter", "l", "f1"), "Keys of this screen (Esc closes)"),  # the later screen wins, in English
    ],
)
async def test_a_language_switch_in_a_burst_of_other_keys_keeps_the_app_up(
    folder: Path, keys: tuple[str, ...], shown: str
) -> None:
    """A shell command typed into the app by mistake crashed it (a session's own run): «lo⏎»
    shut the open-file dialog while the start screen under it was being composed in the new
    language (its list gone for a moment); «⏎l» and F1 switched while the tournament opened by
    Enter was still being put up (no tab active yet).  The app stays up, in the new language;
    the keys' list F1 opened covers the start screen before its Enter is read, and the later
    screen wins: the tournament is not opened under it (``while_on_top``)."""

    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        burst(app, *keys)
        await until(pilot, lambda: shown in shown_text(app) and "Interface language: English" in notes(app))
        assert app.is_running and i18n.language() == "en"


async def test_keys_typed_with_the_enter_that_opens_a_tournament_are_not_its_keys(folder: Path) -> None:
    """«⏎», «o» and ctrl+z typed at once on the start screen: the undo reached the tournament
    opened by Enter before its tabs were up, and the app fell over.  The open-file dialog «o»
    brought covers the start screen before its Enter is read: the later screen wins, and the
    tournament is neither opened nor undone in (a key that reaches a tournament still being
    put up is dropped: ``TournamentScreen.check_action``)."""

    from data.store import TournamentFile
    from tui.screens.ask import AskScreen

    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        path = Path(app.screen.query_one(OptionList).get_option_at_index(0).id or "")
        events_before = len(TournamentFile(path).events)
        burst(app, "enter", "o", "ctrl+z")
        await until(pilot, lambda: isinstance(app.screen, AskScreen))
        await pilot.pause()
        assert app.is_running and len(TournamentFile(path).events) == events_before
        assert [type(s).__name__ for s in app.screen_stack] == ["StartScreen", "AskScreen"]


@pytest.mark.parametrize("keys", [("q", "n"), ("q", "o", "tab")])
async def test_keys_typed_after_quitting_go_nowhere(folder: Path, keys: tuple[str, ...]) -> None:
    """«qn» typed at once on the start screen: the form of a new tournament opened while the
    app was closing and fell over half built, its traceback on the referee's terminal (so did
    the open-file question's Tab).  The app quits; the keys after go to no screen."""

    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        burst(app, *keys)
        await pilot.pause()
    assert app.return_code == 0 and [type(s).__name__ for s in app.screen_stack] in ([], ["StartScreen"])


async def test_switching_language_inside_a_tournament(folder: Path) -> None:
    from textual.widgets import Tab

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        assert [str(t.label) for t in app.screen.query(Tab)][:2] == ["Игроки F2", "Туры F3"]
        app.action_switch_language()
        await pilot.pause()
        await pilot.pause()
        assert [str(t.label) for t in app.screen.query(Tab)][:2] == ["Players F2", "Rounds F3"]
        assert len(rows(app, "boards")) == 5
        await pilot.press("n", "y")  # the panes still work after being composed again
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.state.paired_rounds == 4


async def test_export_an_opengotha_file(folder: Path) -> None:
    """F7, «Файл OpenGotha»: the McMahon event as OpenGotha opens it, beside the tournament.
    While the event is under way the file is the answer in focus (checked beside OpenGotha
    round by round; a trial's Enter wrote the rating table); once the final table stands, and
    in a scheme OpenGotha does not pair, the rating table is."""
    from data.opengotha import read

    for name, first in (("fors-vladivostok.json", "export"), ("gamma.json", "export")):
        app = app_on(folder, name)
        async with run_test(app, size=(80, 24)) as pilot:
            await pilot.press("f7")
            await pilot.pause()
            assert app.screen.focused is not None and app.screen.focused.id == first
    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        assert [str(b.id) for b in app.screen.query(Button) if b.variant == "primary"] == ["opengotha"]
        await pilot.press("enter")  # the answers in focus, the arrows move between them
        await pilot.pause()
        target = folder / "mcmahon-opengotha.xml"
        assert notes(app)[-2:] == [
            f"Файл OpenGotha записан в {shown_path(target)}",
            "Периодов бёёми: 3, а OpenGotha хранит один период по 30 с",  # what the file cannot keep, said
        ]
        state = app.screen.session.state
        back = read(target)
        assert (back.scheme, back.players, back.rounds) == ("mcmahon", len(state.players), state.paired_rounds)
        target.unlink()  # a folder of that name: the next name, said (it advised a name F7 has no field for)
        target.mkdir()
        await pilot.press("f7")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        other = folder / "mcmahon-opengotha (2).xml"
        assert notes(app)[-3] == f"Файл OpenGotha записан в {shown_path(other)}"
        assert notes(app)[-2].startswith("Имя mcmahon-opengotha.xml занято папкой")  # and why
    assert read(other).players == len(state.players)


async def test_an_event_of_more_rounds_than_opengotha_holds_is_not_exported(tmp_path: Path) -> None:
    """A trial's 22-player round robin had 21 rounds paired: the file written made OpenGotha
    crash; F7 says why there is no file, in one line, and writes none."""
    import random

    from data.service import Service
    from schemes.log import actions

    path = tmp_path / "big.json"
    with Service.create(path, [actions.create("Круг", "round-robin", None)]) as service:
        for i in range(22):
            service.commit(actions.register(service.events, surname=f"Игрок{i}", name="И", rating=2000 - i))
        for _number in range(21):
            service.commit(actions.pair(service.state, random.Random(1), early=True))
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        await pilot.press("right", "enter")
        await pilot.pause()
        assert notes(app)[-1] == "Составлено туров: 21, а файл OpenGotha вмещает не больше 20"
    assert not (tmp_path / "big-opengotha.xml").exists()


async def test_a_dialog_shows_no_keys_of_the_screen_under_it(folder: Path) -> None:
    """A trial: under the print dialog the footer still said «w Победа белых  n Жеребьёвка тура»,
    keys that do nothing there, and F1 did nothing.  The footer under a dialog is hidden; back
    on top, it is shown; a dialog with keys of its own shows its own (the player form)."""
    from tui.widgets import Footer

    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        tournament = app.screen
        assert tournament.query_one(Footer).display
        await pilot.press("f6")
        await pilot.pause()
        assert not tournament.query_one(Footer).display and "Победа белых" not in shown_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is tournament and tournament.query_one(Footer).display
        await pilot.press("f2", "a")
        await pilot.pause()
        assert "f10 Сохранить" in shown_text(app).splitlines()[-1]


async def test_the_answer_in_focus_is_the_one_drawn_as_the_answer(folder: Path) -> None:
    """«Нет» stayed blue after the arrows moved to «Да», and Enter gave «Да» (second trial)."""
    from textual.widgets import Button

    from tui.screens.confirm import ConfirmScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        answers: list[bool] = []
        app.push_screen(ConfirmScreen("?", default=False), answers.append)
        await pilot.pause()

        def blue() -> list[str]:
            return [str(b.id) for b in app.screen.query(Button) if b.variant == "primary"]

        assert blue() == ["no"]
        await pilot.press("left")
        await pilot.pause()
        assert blue() == ["yes"]
        for key in ("left", "up"):  # the arrows stop at the first answer: from «Да» they went round to «Нет»
            await pilot.press(key)
            await pilot.pause()
            assert blue() == ["yes"], key
        await pilot.press("enter")
        await pilot.pause()
        assert answers == [True]
        app.push_screen(ConfirmScreen("?", default=False), answers.append)
        await pilot.pause()
        for key in ("right", "down"):  # and at the last
            await pilot.press(key)
            await pilot.pause()
            assert blue() == ["no"], key
        await pilot.press("enter")
        await pilot.pause()
        assert answers == [True, False]


@pytest.mark.parametrize("name", ["gamma.json", "mcmahon.json", "fors-vladivostok.json", "playoff.json",
                                  "round-robin.json", "sport-handicap.json"])  # fmt: skip
async def test_every_tabs_footer_fits_80_columns_with_f1_first(folder: Path, name: str) -> None:
    """Its last keys were cut («^z О»), F1 among them; F1 comes first, and what a tab shows
    fits: a key, its words and the footer's spacing each (measured as Textual draws them)."""
    app = app_on(folder, name)
    async with run_test(app, size=(80, 24)) as pilot:
        for tab in ("f2", "f3", "f4", "f5", "f8"):
            await pilot.press(tab)
            await pilot.pause()
            shown = [b.binding for b in app.screen.active_bindings.values() if b.binding.show]
            assert shown[0].key == "f1", (tab, shown[0])
            width = sum(len(app.get_key_display(b)) + len(b.description) + 3 for b in shown)
            assert width <= 80, (name, tab, [(app.get_key_display(b), b.description) for b in shown])


async def test_an_export_never_replaces_a_tournament_of_that_name(folder: Path) -> None:
    """The app writes its exports beside the tournament under names of its own; a tournament
    kept under such a name (a copy saved as ``mcmahon-opengotha.xml``) stays as it was, as
    the command line's ``-o`` refuses it: the service checks both."""
    target = folder / "mcmahon-opengotha.xml"
    target.write_bytes((folder / "gamma.json").read_bytes())
    before = target.read_bytes()
    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "mcmahon-opengotha (2).xml" in notes(app)[-3]  # written under the next name, said, and why
        assert notes(app)[-2].startswith("Имя mcmahon-opengotha.xml занято папкой, турниром или файлом")
    assert target.read_bytes() == before


async def test_a_file_named_at_start_opens_before_the_list_is_read(folder: Path, monkeypatch) -> None:
    """``tengen FILE``: the tournament's boards come first; the start screen under it reads
    its list of tournaments (a summary of each file) only when it is shown, on closing."""
    from tui.screens import start
    from tui.widgets import PlainTable

    summaries: list[Path] = []
    fills: list[int] = []
    real_summary, real_fill = start.summary, PlainTable.fill

    def counted_summary(path: Path):  # type: ignore[no-untyped-def]
        summaries.append(path)
        return real_summary(path)

    def counted_fill(self, columns, rows, width):  # type: ignore[no-untyped-def]
        if self.id == "boards":
            fills.append(width)
        real_fill(self, columns, rows, width)

    monkeypatch.setattr(start, "summary", counted_summary)
    monkeypatch.setattr(PlainTable, "fill", counted_fill)
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert len(rows(app, "boards")) == 5
        assert summaries == []
        assert fills == [100]  # once, at the terminal's width: not again when the pane gets that width
        await pilot.resize_terminal(90, 30)
        await pilot.pause()
        assert fills == [100, 90]  # a new width fits the columns again
        await pilot.press("ctrl+w")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert options.option_count == 6  # the demo's six, listed now
        assert len(summaries) >= 6


@pytest.mark.parametrize("answer", ["y", "n"])
async def test_a_damaged_tournament_is_offered_its_backup(folder: Path, answer: str) -> None:
    """The app said to type ``tengen restore`` in a terminal; it asks, showing what the
    backup holds, and keeps the damaged file."""
    from tui.cli import main
    from tui.screens.confirm import ConfirmScreen

    path = folder / "gamma.json"
    assert main(["-f", str(path), "settings", "--place", "Томск"]) == 0  # the backup: the state before
    damaged = path.read_bytes()[:100]
    path.write_bytes(damaged)
    app = app_on(folder)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("gamma.json не открывается: не турнир Tengen (повреждён или не JSON).")
        assert app.screen.details.startswith("gamma.json.bak: Демо: турнир по схеме Гамма, записей: ")
        assert app.screen.details.endswith(": Победа чёрных")  # the backup's last result in words, not B+
        await pilot.press(answer)
        await pilot.pause()
        if answer == "n":
            assert not isinstance(app.screen, TournamentScreen)
            assert path.read_bytes() == damaged and not (folder / "gamma.json.damaged").exists()
            return
        assert isinstance(app.screen, TournamentScreen)
        assert notes(app)[-1] == (
            "gamma.json возвращён из gamma.json.bak; файл, каким он был, сохранён как gamma.json.damaged"
        )
        assert (folder / "gamma.json.damaged").read_bytes() == damaged
        assert app.screen.session.state.settings.place != "Томск"


async def test_an_older_copy_put_in_place_of_the_file_is_offered_its_newer_backup(folder: Path) -> None:
    """An attack: an older copy put back over the file opened without a word, and its next entry
    kept it as the backup, the backup's newer entries gone.  The app asks to put the backup back,
    naming its last entry; put back, the tournament holds it."""
    from tui.cli import main
    from tui.screens.confirm import ConfirmScreen

    path = folder / "gamma.json"
    older = path.read_bytes()
    assert main(["-f", str(path), "settings", "--place", "Томск"]) == 0
    assert main(["-f", str(path), "settings", "--place", "Омск"]) == 0  # the backup holds «Томск»
    path.write_bytes(older)
    app = app_on(folder)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith(
            "gamma.json не открывается: в его резервной копии gamma.json.bak есть записи, которых в нём нет (1), "
            "последняя — "
        )
        assert app.screen.question.endswith(
            " Вернуть gamma.json.bak, где они есть? Файл, какой он сейчас, сохранится как gamma.json.damaged."
        )
        await pilot.press("n")  # left as it is, and said what is left to do
        await pilot.pause()
        assert notes(app)[-1] == (
            "gamma.json не открыт: tengen restore gamma.json вернёт gamma.json.bak; чтобы "
            "работать с файлом как он есть, переименуйте gamma.json.bak"
        )
        assert path.read_bytes() == older
        await pilot.press("enter")  # opened again from the start screen's list: asked again
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert app.screen.session.state.settings.place == "Томск"
        assert (folder / "gamma.json.damaged").read_bytes() == older
        assert any(
            note.endswith(
                "; последней записи, сделанной до того, как на место файла попала старая копия, "
                "нет ни там, ни там: проверьте последние результаты"
            )
            for note in notes(app)
        )


async def test_a_sync_tools_copy_with_entries_the_file_lacks_is_said_on_opening(folder: Path) -> None:
    """An attack: a synced folder's conflict copy held another laptop's entries, unsaid."""
    from tui.cli import main

    path = folder / "gamma.json"
    copy = folder / "gamma (Судья's conflicted copy 2026-12-07).json"
    copy.write_bytes(path.read_bytes())
    assert main(["-f", str(copy), "settings", "--place", "Томск"]) == 0
    app = app_on(folder)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert (
            f"Рядом копия, которую сделала программа синхронизации, — {copy.name}: в ней есть записи, которых нет "
            "в этом файле (1), последняя — изменены настройки: место Томск; откройте её, посмотрите, введите их "
            "здесь, затем уберите копию" in notes(app)
        )


async def test_the_start_screen_marks_a_sync_tools_copy(folder: Path) -> None:
    """A trial: a conflict copy was listed as the tournament itself, sometimes above it, and a
    referee typed into it."""
    copy = folder / "gamma.sync-conflict-20261207-072700-ABCDEFG.json"
    copy.write_bytes((folder / "gamma.json").read_bytes())
    app = app_on(folder, None)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        marked = [label for label in labels if "sync-conflict" in label]
        assert len(marked) == 1 and marked[0].startswith(
            "⚠ Демо: турнир по схеме Гамма — копия gamma.json, сделанная программой синхронизации   ("
        )
        assert any(label.startswith("Демо: турнир по схеме Гамма — Гамма, тур ") for label in labels)
    from tui.cli import main

    assert main(["-f", str(copy), "settings", "--place", "Томск"]) == 0  # the copy holds an entry the file lacks
    app = app_on(folder, None)
    async with run_test(app, size=(100, 30)) as pilot:  # a trial: the tournament's line said nothing of it
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any(label.startswith(f"⚠ Демо: турнир по схеме Гамма — в копии рядом, {copy.name}, есть записи, "
                                    "которых нет в нём   (") for label in labels), labels  # fmt: skip


async def test_a_tournament_that_no_longer_reads_stays_on_the_start_screen(folder: Path) -> None:
    """An attack: a tournament emptied by a sync tool vanished from the start screen, its
    backup with it («Турниров пока нет»).  It is listed, marked, and Enter offers the backup;
    a JSON file that never was a tournament stays unlisted."""
    from tui.cli import main
    from tui.screens.confirm import ConfirmScreen

    path = folder / "gamma.json"
    assert main(["-f", str(path), "settings", "--place", "Томск"]) == 0  # the backup
    path.write_bytes(b"")
    (folder / "notes.json").write_text("{}")
    app = app_on(folder, None)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert "⚠ gamma.json: файл не читается (Enter — что можно сделать)" in labels
        assert not any("notes.json" in label for label in labels) and options.option_count == 6
        options.highlighted = labels.index("⚠ gamma.json: файл не читается (Enter — что можно сделать)")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "gamma.json.bak" in app.screen.question
        await pilot.press("escape")
        await pilot.pause()
    from tui.views import shown_path

    (folder / "gamma.json.bak").write_bytes(b"{")  # the backup damaged too: nothing to put back
    app = app_on(folder, None)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        options.highlighted = labels.index("⚠ gamma.json: файл не читается (Enter — что можно сделать)")
        await pilot.press("enter")
        await pilot.pause()
        assert notes(app)[-1] == (
            "gamma.json не открыть: не турнир Tengen (повреждён или не JSON); его резервная копия gamma.json.bak "
            f"тоже не читается, возвращать нечего. Оба файла оставлены как есть (папка {shown_path(folder)}); "
            "откройте копию, сохранённую в другом месте: "
            "на флешке, на другом ноутбуке зала"
        )
        assert path.read_bytes() == b"" and (folder / "gamma.json.bak").read_bytes() == b"{"


async def test_the_final_table_names_the_final_strength_as_the_paper_does(tmp_path: Path) -> None:
    """A sport-handicap trial: F4's final table headed «Сила» a strength after the final
    correction, beside cards with another; the paper's final table says «Итог. сила»."""
    from tests.tui.test_rounds_pane import app_on as app_at
    from tests.tui.test_rounds_pane import event

    app = app_at(event(tmp_path, 6, scheme="sport-handicap", rounds_paired=4))
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        info = str(app.screen.query_one("#standings-info", Static).render())
        heads = [str(c.label) for c in app.screen.query_one("#standings-table", DataTable).columns.values()]
        assert info.startswith("Итоговая таблица") and heads[4] == "Итог. сила"
        await pilot.press("p")  # the final prizes, titled as on paper
        await pilot.pause()
        assert str(app.screen.query_one(Label).render()) == "Призёры"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("[")  # after round 3: the standings, and their strength
        await pilot.pause()
        heads = [str(c.label) for c in app.screen.query_one("#standings-table", DataTable).columns.values()]
        assert heads[4] == "Сила"


async def test_the_team_standings_count_more_or_fewer_and_group_by_club(tmp_path: Path) -> None:
    """A Swiss trial: the app's team standings were fixed to named teams and the best 3; the
    clubs and another count were the command line's alone."""
    from tui.cli import main
    from tui.panes.standings import StandingsPane

    path = tmp_path / "cup.json"
    assert main(["new", str(path), "--scheme", "swiss", "--rounds", "3", "--name", "Кубок"]) == 0
    for surname, team, club in (("Аа", "Школа 1", "Спартак"), ("Бб", "Школа 1", "Динамо"), ("Вв", "Школа 2", "Спартак"),
                                ("Гг", "Школа 2", "Динамо")):  # fmt: skip
        assert main(["-f", str(path), "player", "add", "--surname", surname, "--name", "Ян", "--rank", "1k",
                     "--team", team, "--club", club]) == 0  # fmt: skip
    assert main(["-f", str(path), "pair"]) == 0
    for board, code in ((1, "W+"), (2, "draw")):
        assert main(["-f", str(path), "result", "1", str(board), code]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "minus")
        await pilot.pause()
        assert notes(app)[-1] == "В командном зачёте (g)"
        await pilot.press("g", "minus", "minus", "minus")
        await pilot.pause()
        info = str(app.screen.query_one("#standings-info").render())
        assert info == "Командный зачёт после 1-го тура: в зачёт 1 лучший (+ −: сколько; c: клубы)"
        assert notes(app)[-1] == "В зачёт — от 1 до 4 игроков команды"
        table = rows(app, "standings-table")
        assert sorted(row[1] for row in table) == ["Школа 1", "Школа 2"]
        assert sorted(row[2] for row in table) == ["1", "½"]  # the best one of each: a win, a draw's half
        heads = [str(c.label) for c in app.screen.query_one("#standings-table", DataTable).columns.values()]
        assert heads[4] == "Лучш." and sorted(row[4] for row in table) == ["1", "2"]  # what orders a tie (a trial)
        await pilot.press("c", "plus")
        await pilot.pause()
        info = str(app.screen.query_one("#standings-info").render())
        assert info == "Зачёт клубов после 1-го тура: в зачёт 2 лучших (+ −: сколько; c: команды)"
        assert app.screen.query_one("#standings-pane", StandingsPane).team_by == "club"
        assert sorted(row[1] for row in rows(app, "standings-table")) == ["Динамо", "Спартак"]
        await pilot.press("f6")  # a review: the printed team standings were named teams, best 3, whatever shown
        await pilot.pause()
        marks = app.screen.query_one(MarkedList)
        marks.highlighted = app.screen.kinds.index("teams")
        assert marks.titles["teams"] == "зачёт клубов"  # not «командный зачёт» (a trial)
        await pilot.press("space", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
    printed = PdfReader(tmp_path / "cup-clubs-1.pdf").pages[0].extract_text()  # the teams' file not written over
    assert "Зачёт клубов после 1-го тура (в зачёт — лучших: 2)" in printed, printed
    assert "Спартак" in printed and "Школа 1" not in printed
    assert main(["-f", str(path), "player", "edit", "1", "--team", ""]) == 0
    assert main(["-f", str(path), "player", "edit", "2", "--team", ""]) == 0
    for player in (3, 4):
        assert main(["-f", str(path), "player", "edit", str(player), "--team", "", "--club", ""]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "g", "c")  # the clubs alone: no empty table of named teams
        await pilot.pause()
        assert notes(app)[-1] == "Ни у кого нет команды: в зачёте клубы"
        assert sorted(row[1] for row in rows(app, "standings-table")) == ["Динамо", "Спартак"]


async def test_the_table_by_rounds_names_the_category_beside_places_that_restart_with_it(tmp_path: Path) -> None:
    """A trial: F4's table by rounds numbered each category from 1, as the standings do where
    the categories decide first, and showed no category at all; now its column is there."""
    from data.service import Service
    from schemes.log import actions

    players = [
        {"surname": s, "name": "X", "rank": r} for s, r in (("Ан", "3d"), ("Бор", "2d"), ("Вер", "5k"), ("Гор", "10k"))
    ]
    params = {"categoryLimits": "1K", "placementCriteria": "CAT,NBW"}
    with Service.create(tmp_path / "cat.json", [actions.create("Кат", "swiss", 3, params=params)]) as service:
        service.commit_all(actions.registrations([], players))
        service.commit(actions.pair(service.state, random.Random(1)))
        for board in service.state.rounds[0].boards:
            service.commit(actions.result(1, board.number, "W+"))
    app = TengenApp(str(tmp_path / "cat.json"), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "t")
        await pilot.pause()
        lines = shown_text(app).splitlines()
        head = next(i for i, line in enumerate(lines) if "Победы" in line)
        assert lines[head].split()[-1] == "CAT"
        assert [(line.split()[0], line.split()[-1]) for line in lines[head + 1 : head + 5]] == [
            ("1", "1"), ("2", "1"), ("1", "2"), ("2", "2"),
        ]  # fmt: skip
