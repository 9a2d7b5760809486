"""The ctrl+p palette holds Tengen's commands only, in the interface language (issue 24)."""

from pathlib import Path

from textual.command import CommandList, CommandPalette
from textual.widgets import Input

from tests.tui.conftest import burst, notes, run_test, until
from tui import i18n
from tui.app import TengenApp
from tui.screens.confirm import Question


def shown(app: TengenApp) -> list[str]:
    options = app.screen.query_one(CommandList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_the_palette_offers_our_commands_in_russian(folder: Path) -> None:
    i18n.set_language("ru")
    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "ctrl+p")
        await until(pilot, lambda: CommandPalette.is_open(app))
        await app.workers.wait_for_complete()  # the search for every command, done
        await pilot.pause()
        assert app.screen.query_one(Input).placeholder == "Найти команду…"
        offered = shown(app)
        assert any(line.startswith("Жеребьёвка тура") for line in offered)
        assert any(line.startswith("Язык") for line in offered) and any(line.startswith("Выход") for line in offered)
        english = [line for line in offered if any(w in line for w in ("Cursor", "Bottom", "Page", "Home", "theme"))]
        assert english == []
        assert not any(line.startswith("Доска") for line in offered)  # the digits' hint is no command
        titles = [line.split("\n")[0] for line in offered]
        assert len(titles) == len(set(titles))  # each once
        await pilot.press(*"zzz")
        await until(pilot, lambda: any("Ничего не найдено" in line for line in shown(app)))
        for _ in range(3):
            await pilot.press("backspace")
        await pilot.press(*"жереб")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert shown(app)[0].startswith("Жеребьёвка тура")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, Question))  # the command ran: it asks before pairing


async def test_the_palette_finds_the_export_and_the_skip_by_the_words_a_referee_types(folder: Path) -> None:
    """A trial typed «экспорт» (the F7 dialog's title) and «отказ» (the seed's word for a
    skip): the palette found nothing; another «ввести» and «вручную» for a round from paper."""
    i18n.set_language("ru")
    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        export = "Экспорт: таблица для РК (рейтинг)"
        for tab, word, found in (("f3", "экспорт", export), ("f2", "отказ", "Пропуск туров"),
                                 ("f3", "вручную", "Ввести тур с бумаги"),  # a trial: only «бумаг»
                                 ("f3", "рейтинг", export),  # a trial: only «табл»
                                 ("f4", "финал", "Плей-офф лучших")):  # fmt: skip  # a trial: nothing led there
            await pilot.press(tab, "ctrl+p")
            await until(pilot, lambda: CommandPalette.is_open(app))
            await pilot.press(*word)
            await app.workers.wait_for_complete()
            await until(pilot, lambda found=found: bool(shown(app)) and shown(app)[0].startswith(found))
            await pilot.press("escape")
            await until(pilot, lambda: not CommandPalette.is_open(app))


async def test_the_language_switched_from_the_palette_keeps_what_each_tab_shows(folder: Path) -> None:
    """Trials: the language switched from the palette over the standings (F4) left the
    referee on the rounds tab, and the tabs had forgotten the search typed in F2, the cursor,
    the round and the table F4 showed; over the print dialog (F6) it left the dialog in
    Russian.  All is kept; over a dialog the palette's language says to close it first."""
    from textual.widgets import DataTable, TabbedContent

    from tests.tui.conftest import shown_text
    from tui.panes.standings import StandingsPane

    i18n.set_language("ru")
    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f6", "ctrl+p")
        await until(pilot, lambda: CommandPalette.is_open(app))
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press(*"язык")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert shown(app)[0].startswith("Язык")
        await pilot.press("enter")
        await until(pilot, lambda: not CommandPalette.is_open(app))
        assert notes(app)[-1] == "Сначала закройте окно (Esc), потом переключите язык" and i18n.language() == "ru"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, CommandPalette) and not app.screen.is_modal)
        await pilot.press("f2", "slash", *"ов", "enter")
        await pilot.pause()
        players = app.screen.query_one("#players-table", DataTable)
        found = players.row_count
        await pilot.press("down")
        await pilot.pause()
        await pilot.press("f4", "left_square_bracket", "t", "ctrl+p")
        await until(pilot, lambda: CommandPalette.is_open(app))
        await pilot.press(*"язык")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: i18n.language() == "en" and not app.redrawing)
        await pilot.pause()
        assert app.screen.query_one(TabbedContent).active == "standings"
        standings = app.screen.query_one(StandingsPane)
        assert (standings.after, standings.rounds_table) == (2, True)
        await until(pilot, lambda: "Players F2" in shown_text(app))  # the tabs laid out anew: a frame later
        text = shown_text(app)
        assert "Standings after round 2" in text and "Standings F4" in text and "Players F2" in text
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen.query_one("#search", Input).value == "ов" and players.row_count == found < 12
        assert players.cursor_row == 1 and app.screen.query_one("#search", Input).placeholder == "Search"
    i18n.set_language("ru")


async def test_a_command_is_chosen_once_however_often_enter_comes(folder: Path) -> None:
    """Enter held down (repeating) in the palette: the second reached Textual's palette after
    the first had closed it, which closed the screen under it too, the last one, and the app
    fell over.  The command runs once: its question asked once, over the tournament."""
    i18n.set_language("ru")
    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "ctrl+p")
        await until(pilot, lambda: CommandPalette.is_open(app))
        await pilot.press(*"жереб")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: shown(app)[:1] != [] and shown(app)[0].startswith("Жеребьёвка тура"))
        burst(app, "enter", "enter", "enter")  # as a repeating key arrives
        await until(pilot, lambda: isinstance(app.screen, Question))
        await pilot.pause()
        assert app.is_running and [type(s).__name__ for s in app.screen_stack] == [
            "StartScreen",
            "TournamentScreen",
            type(app.screen).__name__,
        ]
