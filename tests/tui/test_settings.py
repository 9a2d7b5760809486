"""The app's own settings file (``settings.json`` in the data folder) is JSON a referee may
have edited by hand: a value of the wrong kind is as good as none, never a crash."""

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from tests.tui.conftest import run_test
from tui import settings
from tui.app import TengenApp
from tui.screens.rating_lookup import RatingLookupScreen
from tui.screens.start import StartScreen
from tui.views import shown_path

pytestmark = pytest.mark.usefixtures("russian")


def edited(folder: Path, text: str) -> Path:
    (folder / "settings.json").write_text(text, encoding="utf-8")
    return folder


def test_settings_that_are_no_settings_are_none(tmp_path: Path) -> None:
    """Found by an attack: JSON nested deeper than the parser goes stopped the app at its start
    (a RecursionError), a pipe so named held it before it drew anything; a huge file is no
    settings either.  Each is read as no settings, and the app starts in Russian."""
    import os

    for text in ("[" * 100_000 + "]" * 100_000, '{"language": "en", "x": "' + "y" * 1_100_000 + '"}'):
        assert settings.load(edited(tmp_path, text)) == {}
    (tmp_path / "settings.json").unlink()
    os.mkfifo(tmp_path / "settings.json")
    assert settings.load(tmp_path) == {} and settings.language(tmp_path) == "ru"


@pytest.mark.parametrize("recent", ["5", '"/tmp"', "{}", "null"])
def test_recent_tournaments_of_the_wrong_kind_are_none(tmp_path: Path, recent: str) -> None:
    assert settings.recent(edited(tmp_path, f'{{"recent": {recent}}}')) == []


@pytest.mark.parametrize("language", ["5", '["en"]', "null", '"de"'])
def test_a_language_of_the_wrong_kind_is_russian(tmp_path: Path, language: str) -> None:
    assert settings.language(edited(tmp_path, f'{{"language": {language}}}')) == "ru"


@pytest.mark.parametrize("sources", ["5", '"/media/usb"', "[]", '{"T": 5}', '{"T": "' + "x" * 2000 + '"}'])
def test_a_sync_source_of_the_wrong_kind_is_none(tmp_path: Path, sources: str) -> None:
    tournament = tmp_path / "T"
    text = sources.replace('"T"', f'"{tournament}"')
    assert settings.sync_source(edited(tmp_path, f'{{"hall_sync_sources": {text}}}'), tournament) == ""


def test_the_last_sync_source_of_each_tournament_is_kept(tmp_path: Path) -> None:
    cup, league = tmp_path / "cup.json", tmp_path / "league.json"
    settings.remember_sync_source(tmp_path, cup, "/media/usb")
    settings.remember_sync_source(tmp_path, league, "http://192.168.1.5:8390")
    settings.remember_sync_source(tmp_path, cup, "/media/stick")
    assert (settings.sync_source(tmp_path, cup), settings.sync_source(tmp_path, league)) == (
        "/media/stick", "http://192.168.1.5:8390",
    )  # fmt: skip
    for n in range(60):
        settings.remember_sync_source(tmp_path, tmp_path / f"{n}.json", "/media/usb")
    assert settings.sync_source(tmp_path, cup) == "" and settings.sync_source(tmp_path, tmp_path / "59.json")


async def test_the_start_screen_opens_over_a_damaged_list_of_recent_tournaments(folder: Path) -> None:
    app = TengenApp(None, folder=edited(folder, '{"recent": 5}'), open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#tournaments", OptionList).option_count == 6  # the folder's own


async def test_the_rating_list_lookup_opens_over_a_damaged_last_list(folder: Path) -> None:
    app = TengenApp(str(folder / "gamma.json"), folder=edited(folder, '{"rating_list": 5}'), open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "f")
        await pilot.pause()
        assert isinstance(app.screen, RatingLookupScreen)
        assert app.screen.query_one("#list-path", Input).value == shown_path(app.folder) + "/"  # none remembered


def test_the_settings_never_replace_a_tournament_named_settings(tmp_path: Path) -> None:
    """A referee's tournament called «settings» in the data folder was rewritten with the
    app's settings at the next tournament opened: it is left alone (and not read as them)."""
    from data.ledger import Ledger
    from schemes.log import actions

    Ledger.create(tmp_path / "settings.json", [actions.create("settings", "round-robin")]).close()
    before = (tmp_path / "settings.json").read_bytes()
    settings.remember(tmp_path, tmp_path / "other.json")
    assert (tmp_path / "settings.json").read_bytes() == before
    assert settings.load(tmp_path) == {} and settings.recent(tmp_path) == []
