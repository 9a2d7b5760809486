"""The ctrl+p palette holds Tengen's commands only, in the interface language (issue 24)."""

from pathlib import Path

from textual.command import CommandList, CommandPalette
from textual.widgets import Input

from tests.tui.conftest import run_test, until
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


async def test_the_language_switched_from_the_palette_keeps_the_tab_and_no_dialog_stays_in_the_old_one(
    folder: Path,
) -> None:
    """A trial: the language switched from the palette over the standings (F4) left the
    referee on the rounds tab; over the print dialog (F6) it left the dialog in Russian.  The
    tab is kept; over a dialog the palette offers no language (Escape, then switch)."""
    from textual.widgets import TabbedContent

    from tests.tui.conftest import shown_text

    i18n.set_language("ru")
    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f6", "ctrl+p")
        await until(pilot, lambda: CommandPalette.is_open(app))
        await app.workers.wait_for_complete()
        await pilot.pause()
        offered = shown(app)
        assert any(line.startswith("Выход") for line in offered)
        assert not any(line.startswith("Язык") for line in offered)
        await pilot.press("escape", "escape")
        await until(pilot, lambda: not isinstance(app.screen, CommandPalette) and not app.screen.is_modal)
        await pilot.press("f4", "ctrl+p")
        await until(pilot, lambda: CommandPalette.is_open(app))
        await pilot.press(*"язык")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: i18n.language() == "en" and not app.redrawing)
        await pilot.pause()
        assert app.screen.query_one(TabbedContent).active == "standings"
        assert "Standings F4" in shown_text(app)
    i18n.set_language("ru")
