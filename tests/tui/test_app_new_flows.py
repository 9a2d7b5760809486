"""Pilot tests of the newer flows: an OpenGotha file opened from the start screen and
"why this opponent", a McMahon tournament from the form, team standings, the play-off
bracket, and a player's details."""

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, OptionList

from schemes.log import actions
from tests.tui.conftest import (
    answered,
    app_state,
    copy_demo,
    new_tournament_form,
    notes,
    run_test,
    setting_asked,
    until,
    warnings_read,
)
from tui.app import TengenApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.new_tournament import NewTournamentScreen
from tui.screens.tournament import TournamentScreen
from tui.screens.why import WhyScreen

TESTDATA = Path(__file__).parents[2].parent / "shared" / "testdata" / "opengotha"


pytestmark = pytest.mark.usefixtures("russian")


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A copy of OpenGotha's sample McMahon file (16 players, 5 rounds) in the test's folder."""
    copied = tmp_path / "simplemm.xml"
    shutil.copy(TESTDATA / "simplemm.xml", copied)
    return copied


async def opened_in_silence(pilot: Any) -> None:
    """An import with nothing to say opens its tournament with no warnings over it: simplemm.xml's
    FFG licences, ratings' origins, director and short name are carried, not «not kept»."""
    from tui.screens.notices import NoticesScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, TournamentScreen))
    await pilot.pause()
    assert not isinstance(pilot.app.screen, NoticesScreen)


async def test_open_an_opengotha_file_pair_and_ask_why(tmp_path: Path, source: Path) -> None:
    (tmp_path / "simplemm.json").write_text("not mine")  # no tournament, never replaced: the next name, unasked
    # played on 13×13, which Tengen does not keep: said (its FFG licences, the director… are carried, unsaid)
    source.write_text(source.read_text(encoding="utf-8").replace('size="19"', 'size="13"'), encoding="utf-8")
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(110, 36)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one(Input).value = str(source)
        await pilot.press("enter")
        await pilot.pause()
        question = app.screen  # where it goes, and how many rounds: all by default
        assert "simplemm-2.json" in question.prompt and question.query_one(Input).value == "5"
        await answered(pilot, question, "9")
        assert app.screen is question and not (tmp_path / "simplemm-2.json").exists()
        await answered(pilot, question, "5")
        heading, said = await warnings_read(pilot)
        assert heading == "Импортирован из simplemm.xml в simplemm-2.json; предупреждения импорта (1):"
        assert said.startswith("• Не сохраняются: размер доски 13")
        assert (tmp_path / "simplemm.json").read_text() == "not mine"
        assert (tmp_path / "simplemm-2.json").is_file()
        state = app.screen.session.state
        assert (state.settings.scheme, state.paired_rounds, len(state.players)) == ("mcmahon", 5, 16)
        await pilot.press("f3", "1", "v")
        await app.workers.wait_for_complete()  # weighed in a thread
        await pilot.pause()
        assert isinstance(app.screen, WhyScreen)
        table = app.screen.query_one("#why", DataTable)
        first = [str(c) for c in table.get_row_at(0)]
        assert first[0] == "не встречались" and len(first) == 4
        assert [str(c) for c in table.get_row_at(table.row_count - 1)][0] == "итого"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert "Доска 1_" not in str(app.screen.query_one("#round-info").render())  # v took the number
        await pilot.press("2", "v")  # the next board's digits start afresh: board 2, not 12
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, WhyScreen)
        second = state.round(5).board(2)  # the last round, the one shown
        assert second is not None and {app.screen.why.pair.a, app.screen.why.pair.b} == {second.white, second.black}


async def test_an_opengotha_file_opened_again_offers_the_tournament_imported_from_it(
    tmp_path: Path, source: Path
) -> None:
    """A trial: the referee opening «his OpenGotha file» again the next morning was offered a
    second import, ``-2.json``, and would have gone on in a stale copy of his round 4."""
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        app.open_tournament(source)
        await pilot.pause()
        await answered(pilot, app.screen, "4")
        await opened_in_silence(pilot)
        await pilot.press("ctrl+w")
        await pilot.pause()
        app.open_tournament(source)
        await pilot.pause()
        said = str(app.screen.query_one("Label").render())
        assert said.startswith("Рядом с simplemm.xml уже есть simplemm.json: скорее всего, это турнир, импортированный")
        assert [str(b.label) for b in app.screen.query("Button")] == ["Открыть его", "Импортировать заново", "Отмена"]
        await pilot.press("enter")  # «Открыть его» in focus
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert app.screen.session.path == (tmp_path / "simplemm.json").resolve()
        assert app.screen.session.state.paired_rounds == 4
        assert not (tmp_path / "simplemm-2.json").exists()


async def test_an_opengotha_file_is_imported_up_to_the_round_chosen(tmp_path: Path, source: Path) -> None:
    """Its last round paired in part, or the next pairing to compare with OpenGotha's: the
    referee takes the rounds he wants (the command line's --rounds); Esc imports nothing."""
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        app.open_tournament(source)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["simplemm.xml"]
        app.open_tournament(source)
        await pilot.pause()
        for typed in ("9" * 5000, "6"):  # int() refuses 4,300 digits with a traceback; the file has 5
            app.screen.query_one("#answer", Input).value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert "Целое число от 0 до 5" in str(app.screen.query_one("#answer-error").render())
        await answered(pilot, app.screen, "2")
        await opened_in_silence(pilot)
        state = app.screen.session.state
        assert (state.paired_rounds, len(state.players), state.settings.rounds) == (2, 16, 5)


async def test_an_opengotha_file_where_nothing_can_be_written_is_imported_into_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attack: an OpenGotha file on a read-only stick was asked for its rounds, then refused
    («диск только для чтения») with no way out; the new tournament goes to the data folder,
    which the question names (made if the laptop never used it), and opens."""
    import os

    disc, data = tmp_path / "disc", tmp_path / "Tengen"
    disc.mkdir()
    source = disc / "simplemm.xml"
    shutil.copy(TESTDATA / "simplemm.xml", source)
    writable = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != disc and writable(path, mode))  # read-only
    app = TengenApp(None, folder=data, open_viewer=False)
    async with run_test(app, size=(100, 30)) as pilot:
        app.open_tournament(source)
        await pilot.pause()
        assert f"в новый турнир {data / 'simplemm.json'}:" in str(app.screen.query_one("Label").render())
        await answered(pilot, app.screen, "4")
        await opened_in_silence(pilot)
        assert app.screen.session.path == (data / "simplemm.json").resolve()
    assert sorted(p.name for p in disc.iterdir()) == ["simplemm.xml"]


async def test_a_read_only_files_earlier_import_is_offered_and_a_namesake_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review: the data folder's unrelated «simplemm.json» was offered as «beside
    simplemm.xml, most likely imported from it», «Open it» in focus."""
    import os

    from tui.cli import main

    disc, data = tmp_path / "disc", tmp_path / "Tengen"
    disc.mkdir()
    source = disc / "simplemm.xml"
    shutil.copy(TESTDATA / "simplemm.xml", source)
    data.mkdir()
    assert main(["new", str(data / "simplemm.json"), "--scheme", "mcmahon", "--rounds", "5",
                 "--name", "Совсем другой турнир"]) == 0  # fmt: skip
    writable = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != disc and writable(path, mode))
    app = TengenApp(None, folder=data, open_viewer=False)
    async with run_test(app, size=(100, 30)) as pilot:
        app.open_tournament(source)  # a namesake's: no question, the next name
        await pilot.pause()
        assert f"в новый турнир {data / 'simplemm-2.json'}:" in str(app.screen.query_one("Label").render())
        await answered(pilot, app.screen, "4")
        await opened_in_silence(pilot)
        await pilot.press("ctrl+w")
        await pilot.pause()
        (data / "simplemm.json").unlink()
        (data / "simplemm-2.json").rename(data / "simplemm.json")
        app.open_tournament(source)  # its own earlier import: offered, where it is
        await pilot.pause()
        said = str(app.screen.query_one("Label").render())
        assert said.startswith(f"{data / 'simplemm.json'} уже есть: скорее всего, это турнир, импортированный"), said


async def test_a_broken_xml_is_a_notification(tmp_path: Path) -> None:
    bad = tmp_path / "broken.xml"
    bad.write_text("<Tournament><Games><Game/></Games>")
    app = TengenApp(str(bad), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, TournamentScreen)
        assert any("broken.xml" in n for n in notes(app))
        assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.xml"]


async def test_why_is_for_mcmahon_and_swiss(folder: Path) -> None:
    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(110, 36)) as pilot:
        await pilot.press("f3", "v")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert any("только Мак-Магон" in n for n in notes(app))


async def test_a_new_mcmahon_tournament_from_the_form_its_yes_or_no_chosen_as_da_or_net(tmp_path: Path) -> None:
    """The form offers McMahon with OpenGotha's parameters behind «Ещё параметры», explained
    in Russian; a bad bar is shown beside its field there.  OpenGotha's yes-or-no parameters
    are chosen there as «да»/«нет» (a Russian referee saw ``true``/``false``, to be typed);
    what was chosen comes back, and the tournament keeps exactly what OpenGotha's
    ``true``/``false`` made before (the form passes them on as they were), the defaults the rest."""
    from textual.widgets import Label, Select
    from textual.widgets._select import SelectOverlay

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "mcmahon")
        form.query_one("#name", Input).value = "Кубок Мак-Магона"
        assert form.query_one("#rounds", Input).value == "5"  # McMahon needs its rounds
        assert not form.query("#param-genMMBar")  # forty parameters are not on the form itself
        await pilot.press("f2")
        await pilot.pause()
        step = app.screen
        texts = [str(label.render()) for label in step.query(Label)]
        assert any(t.startswith("genMMBar — планка Мак-Магона") for t in texts)
        flags = ("paiBaDeterministic", "exactWholeField", "hdBasedOnMMS", "genRoundDownNBWMMS")
        field = {key: step.query_one(f"#param-{key}", Select) for key in flags}
        assert field["paiBaDeterministic"].value == "true"  # OpenGotha's true, chosen as «да»
        shown = {key: str(field[key].query_one("SelectCurrent Static#label").render()) for key in flags}
        assert (shown["paiBaDeterministic"], shown["exactWholeField"]) == ("да", "нет")
        second = step.query_one("#param-paiMaAdditionalPlacementCritSystem2", Select)
        assert str(second.query_one("SelectCurrent Static#label").render()) == "нет"  # a trial read OpenGotha's «NULL»
        field["paiBaDeterministic"].focus()
        await pilot.press("enter")
        await pilot.pause()
        drop_down = field["paiBaDeterministic"].query_one(SelectOverlay)
        assert drop_down.outer_size.height == 2 + 2  # its two answers in a border: it took 12 rows, over the footer
        await pilot.press("down", "enter")  # «нет», with the arrows
        await pilot.pause()
        field["exactWholeField"].value = "true"
        field["hdBasedOnMMS"].value = "false"
        field["genRoundDownNBWMMS"].value = "true"  # its default: not listed as changed
        step.query_one("#param-genMMBar", Input).value = "12q"
        await pilot.press("f10")
        await pilot.pause()
        assert "12q" in str(step.query_one("#param-genMMBar-error").render())
        assert step.focused is step.query_one("#param-genMMBar", Input)
        step.query_one("#param-genMMBar", Input).value = "3d"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form
        typed = {"paiBaDeterministic": "false", "exactWholeField": "true", "hdBasedOnMMS": "false", "genMMBar": "3d"}
        assert form.params["mcmahon"] == typed  # OpenGotha's words, as before
        said = "Заданы параметры: genMMBar 3d, hdBasedOnMMS нет, paiBaDeterministic нет, exactWholeField да"
        assert str(form.query_one("#params-set", Label).render()) == said  # seen before «Создать» (a trial did not)
        await pilot.press("f2")  # what was chosen comes back
        await pilot.pause()
        again = app.screen
        assert again.query_one("#param-paiBaDeterministic", Select).value == "false"
        assert again.query_one("#param-exactWholeField", Select).value == "true"
        assert again.query_one("#param-genMMBar", Input).value == "3d"
        await pilot.press("escape", "f10")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        await until(pilot, lambda: said in notes(app))  # and told once made
        stored = app.screen.session.state.settings.params
        written = app.screen.session.events[0].data["params"]
        assert written == actions.create("Кубок Мак-Магона", "mcmahon", 5, params=typed)[1]["params"]  # the form's
        assert (stored["paiBaDeterministic"], stored["exactWholeField"], stored["hdBasedOnMMS"]) == (False, True, False)
        assert (stored["genMMBar"], stored["placementCriteria"]) == ("3D", ["MMS", "SOSM", "SOSOSM"])


async def test_enter_on_a_list_of_the_form_opens_it_and_enter_there_chooses(tmp_path: Path) -> None:
    """Enter on «Схема» (and on «Язык документов») opens its list, as Textual's Select does,
    and Enter in the list chooses and leaves the form open: a trial's referee reported
    Enter there creating the tournament, with a scheme that cannot be changed afterwards.
    Enter in a text field still creates it, as Enter saves the player's form: every field
    holds a working value or a refusal beside it, and the scheme is on the first line,
    above the name where the cursor starts."""
    from textual.widgets import Select

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot)
        await pilot.press(*"Кубок", "shift+tab")
        scheme = form.query_one("#scheme", Select)
        assert form.focused is scheme
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form and scheme.expanded
        await pilot.press("down", "down", "down", "down", "enter")
        await pilot.pause()
        assert app.screen is form and not scheme.expanded and form.focused is scheme
        assert (scheme.value, form.scheme) == ("mcmahon", "mcmahon")
        language = form.query_one("#lang", Select)
        language.focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert app.screen is form and language.value == "en"
        assert list(tmp_path.glob("*.json")) == []  # nothing created yet
        form.query_one("#name", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        settings = app.screen.session.state.settings
        assert (settings.name, settings.scheme, settings.lang) == ("Кубок", "mcmahon", "en")


async def test_a_play_off_of_the_best_of_another_tournament_from_the_form(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A referee's trial: the form offered no way to take the best of the Swiss into a
    play-off (only ``new --from``).  A name alone is in the data folder; a cut inside a
    shared place is said; a count without a tournament, or a count of one, is refused in place."""
    from textual.widgets import Select

    from tui.cli import main

    source = tmp_path / "swiss.json"
    assert main(["new", str(source), "--scheme", "swiss", "--rounds", "3", "--name", "Швейцарка", "--place", "Казань",
                 "--dates", "5-6.12.2026", "--time", "60+30sx3", "--komi", "7.5", "--lang", "en",
                 "--online"]) == 0  # fmt: skip
    for i in range(16):
        assert (
            main(["-f", str(source), "player", "add", "--surname", f"Игрок{i:02d}", "--name", "Я", "--rank", "5k"]) == 0
        )
    assert main(["-f", str(source), "pair"]) == 0
    for board in range(1, 9):
        assert main(["-f", str(source), "result", "1", str(board), "W+"]) == 0
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "playoff")
        form.query_one("#name", Input).value = "Финал четырёх"
        form.query_one("#top", Input).value = "1"
        await pilot.press("f10")
        await pilot.pause()
        assert str(form.query_one("#top-error").render()) == "2 или больше, например 8"
        form.query_one("#top", Input).value = "4"
        await pilot.press("f10")
        await pilot.pause()
        assert str(form.query_one("#source-error").render()) == "Укажите турнир, из которого взять 4 лучших"
        form.query_one("#source", Input).value = "swiss.json"
        await pilot.press("f2")  # the seeding in force: the places (the form said «по рейтингу», a trial)
        await pilot.pause()
        assert app.screen.query_one("#param-seeding", Select).value == "registration"
        await pilot.press("escape", "f10")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        state = app.screen.session.state
        assert (state.settings.scheme, len(state.players)) == ("playoff", 4)
        assert state.settings.params["seeding"] == "registration"
        out = "Игрок04 Я, Игрок05 Я, Игрок06 Я, Игрок07 Я"  # the standings' order of a shared place: by number
        assert (
            f"Граница 4 лучших проходит внутри общего места 1-8: по порядку в турнирном положении за ней — {out}"
            in notes(app)
        ), notes(app)
        assert "4 игрока из swiss.json" in notes(app)
        # a trial's play-off sent the commission «December 7» and no time control: the fields left empty, the Swiss's
        held = state.settings
        assert (held.place, held.dates, held.time) == ("Казань", "2026-12-05..2026-12-06", "60+30sx3")
        assert held.online is False  # the form's «Турнир в интернете» said «нет»
        assert ("Место, даты и контроль времени, не заполненные здесь, взяты из swiss.json: Казань · "
                "2026-12-05..2026-12-06 · 60+30sx3") in notes(app)  # fmt: skip
    app = TengenApp(str(source), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:  # from the Swiss's own standings: F4, o (a trial found no way)
        await pilot.press("f4", "o")
        await until(pilot, lambda: isinstance(app.screen, NewTournamentScreen))
        form = app.screen
        filled = {key: form.query_one(f"#{key}", Input).value for key in ("name", "file", "place", "dates", "time",
                                                                           "source", "top")}  # fmt: skip
        assert filled == {
            "name": "Швейцарка — плей-офф",
            "file": "shveytsarka-pley-off",
            "place": "Казань",
            "dates": "2026-12-05..2026-12-06",
            "time": "60+30sx3",
            "source": "swiss.json",
            "top": "8",
        }
        assert form.query_one("#scheme", Select).value == "playoff"
        assert (form.query_one("#komi", Input).value, form.query_one("#lang", Select).value) == (
            "7.5",
            "en",
        )  # a review
        assert form.query_one("#online", Select).value == "yes"  # the Swiss was played online: its play-off too
        form.query_one("#top", Input).value = "4"
        await pilot.press("f10")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen) and app.screen.session.path != source)
        state = app.screen.session.state
        assert (state.settings.name, state.settings.scheme, len(state.players)) == (
            "Швейцарка — плей-офф",
            "playoff",
            4,
        )
        assert app.screen.session.path == tmp_path / "shveytsarka-pley-off.json"
        assert state.settings.online is True
        assert len(app.screen_stack) == 2  # the Swiss closed under it: the start screen, the play-off
        shown = [n.message for n in app._notifications]  # on screen, not only posted: closing the Swiss cleared them
        assert "4 игрока из swiss.json" in shown and any("не окончен" in n for n in shown), shown
        await pilot.press("f4", "o")  # a play-off of a play-off: said, no form
        await pilot.pause()
        assert notes(app)[-1] == "Этот турнир — плей-офф: его положение — сетка"
        assert isinstance(app.screen, TournamentScreen)
    monkeypatch.setattr(TournamentScreen, "closing_question", lambda self: "Закрыть турнир? Его страницы остановятся.")
    elsewhere = tmp_path / "stick"  # an event kept outside the data folder: its play-off made beside it (a review)
    elsewhere.mkdir()
    moved = elsewhere / "swiss.json"
    shutil.copy(source, moved)
    app = TengenApp(str(moved), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:  # «Нет» to closing a Swiss that serves: made, and said where
        await pilot.press("f4", "o")
        await until(pilot, lambda: isinstance(app.screen, NewTournamentScreen))
        app.screen.query_one("#name", Input).value = "Второй"
        await pilot.press("f10")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen))
        assert app.screen.session.path == moved and (elsewhere / "vtoroy.json").is_file()
        assert f"Плей-офф записан в {elsewhere / 'vtoroy.json'}: откройте его с начального экрана" in notes(app)
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "playoff")
        form.query_one("#name", Input).value = "Финал по местам"
        await pilot.press("f2")  # before the source is named: «по рейтингу» shown, and left so
        await pilot.pause()
        assert app.screen.query_one("#param-seeding", Select).value == "rating"
        app.screen.query_one("#param-games_per_match", Input).value = "3"  # what he opened them for
        await pilot.press("f10")
        await pilot.pause()
        form.query_one("#top", Input).value = "4"
        form.query_one("#source", Input).value = "swiss.json"
        await pilot.press("f10")
        await pilot.pause()
        params = app.screen.session.state.settings.params
        assert (params["seeding"], params["games_per_match"]) == ("registration", 3)  # by the places (a review)
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "playoff")
        form.query_one("#name", Input).value = "Финал по рейтингу 2"
        form.query_one("#top", Input).value = "4"
        form.query_one("#source", Input).value = "swiss.json"
        await pilot.press("f2")
        await pilot.pause()
        app.screen.query_one("#param-seeding", Select).value = "rating"  # chosen: kept, though the scheme's default
        await pilot.press("f10")
        await pilot.pause()
        await pilot.press("f10")
        await pilot.pause()
        assert app.screen.session.state.settings.params["seeding"] == "rating"


async def test_the_new_tournament_form_fits_80x24_and_knows_the_rounds(tmp_path: Path) -> None:
    """Every field and button of the form in view at 80×24, its keys in the footer and F1;
    a round robin's rounds left to the field (4 players play 3), and the folder named."""
    from textual.widgets import Button, Footer, Select

    from tui.screens.help import HelpScreen

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        for widget in [*form.query(Input), *form.query(Select), *form.query(Button)]:
            region = widget.region
            assert region.width and 0 <= region.y and region.bottom <= 23, widget  # above the footer
        assert form.query(Footer)
        assert str(tmp_path) in str(form.query_one("#target").render())
        rounds, komi = form.query_one("#rounds", Input), form.query_one("#komi", Input)
        assert (komi.value, komi.disabled) == ("6.5", False)
        form.query_one("#scheme", Select).value = "sport-handicap"
        await pilot.pause()
        assert rounds.value == "7"  # the seed's seven rounds (a trial found 5 offered)
        assert komi.disabled and komi.value == "" and komi.placeholder == "схема назначает сама на каждой доске"
        form.query_one("#scheme", Select).value = "gamma"
        await pilot.pause()
        assert rounds.value == "5"  # not typed over: it follows the scheme
        assert (komi.value, komi.disabled) == ("6.5", False)  # open again, the usual komi
        form.query_one("#rounds", Input).value = "3"  # typed before the scheme was chosen
        form.query_one("#scheme", Select).value = "sport-handicap"
        await pilot.pause()
        assert rounds.value == "3"  # typed: kept
        form.query_one("#scheme", Select).value = "round-robin"
        await pilot.pause()
        assert rounds.value == "" and rounds.placeholder == "схема считает сама"
        assert rounds.disabled  # closed: a count typed there made a round robin no field could pair
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = dict(app.screen.keys)
        assert {"Создать", "Ещё параметры", "Отмена", "Следующее поле"} <= set(keys.values())
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press(*"Круг")
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        for surname in ("Аров", "Бегунов", "Вагин", "Гусев"):
            app.screen.act(actions.register(app.screen.session.events, surname=surname, name="Иван", rank="2k"))
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.state.paired_rounds == 1  # no "created with 5" refusal


async def test_team_standings_in_the_app(folder: Path) -> None:
    """g on the standings shows the teams (here by club: the demo's players have no team)."""
    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(100, 30)) as pilot:
        await pilot.press("f4", "right_square_bracket", "right_square_bracket", "g")
        await pilot.pause()
        table = app.screen.query_one("#standings-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert {row[1] for row in rows} >= {"StP", "Vla"}
        # clubs: nobody has a named team
        assert "Зачёт клубов после 3-го тура" in str(app.screen.query_one("#standings-info").render())


def play_off_round_one_played(demo: Path, tmp_path: Path) -> Path:
    """Eight players seeded by a Gamma demo's places (the ``demo_once`` folder ``demo``,
    copied), round 1 played (white won every board)."""
    from tui.cli import main

    copy_demo(demo, tmp_path / "demo")
    path = tmp_path / "cup.json"
    source = str(tmp_path / "demo" / "gamma.json")
    assert main(["new", str(path), "--scheme", "playoff", "--name", "Кубок", "--from", source, "--top", "8"]) == 0
    assert main(["-f", str(path), "pair"]) == 0
    for board in (1, 2, 3, 4):
        assert main(["-f", str(path), "result", "1", str(board), "W+"]) == 0
    return path


async def test_the_play_off_bracket_in_the_app(demo_once: Path, tmp_path: Path) -> None:
    """Eight players seeded by a Gamma demo's places, round 1 played: k shows the bracket."""
    from textual.widgets import Static

    path = play_off_round_one_played(demo_once, tmp_path)
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "k")
        await pilot.pause()
        text = "\n".join(str(w.render()) for w in app.screen.query(Static))
        assert "Сетка плей-офф" in text and "1/4 финала:" in text
        assert ">1. Широков Дмитрий (1d) 1" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        await pilot.press("m")  # a trial's swap asked for numbers, then was refused or changed nothing
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert notes(app)[-1] == "Кто с кем играет, решает сетка: в плей-офф игроков не меняют местами"
        await pilot.press("f2", "a")  # a trial filled in the form, and F10 refused it
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert notes(app)[-1] == "Плей-офф: после жеребьёвки 1-го тура добавить игрока нельзя"


async def test_a_play_off_result_the_bracket_refuses_is_said_before_any_question(
    demo_once: Path, tmp_path: Path
) -> None:
    """A play-off trial: a round 1 result changed under round 2's pairing asked «Заменить?»,
    then refused the «Да».  The refusal comes first, and no question."""
    from tui.cli import main

    path = play_off_round_one_played(demo_once, tmp_path)
    assert main(["-f", str(path), "pair"]) == 0
    before = path.read_bytes()
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "left_square_bracket", "1", "b")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)  # no question asked
        assert notes(app)[-1] == ("2-й тур составлен по тому, кто прошёл дальше: чтобы изменить этот результат, "
                                  "сначала отмените жеребьёвку 2-го тура")  # fmt: skip
    assert path.read_bytes() == before


async def test_a_play_off_round_names_its_final_and_third_place_boards(demo_once: Path, tmp_path: Path) -> None:
    """A referee's trial: the play-off's last round showed two boards, and nothing said which
    was the final and which the match for third place (only the bracket, behind ``k``)."""
    from textual.widgets import Static

    from tui.cli import main

    copy_demo(demo_once, tmp_path / "demo")
    path = tmp_path / "cup.json"
    source = str(tmp_path / "demo" / "gamma.json")
    assert main(["new", str(path), "--scheme", "playoff", "--name", "Кубок", "--from", source, "--top", "4",
                 "--param", "third_place=on"]) == 0  # fmt: skip
    assert main(["-f", str(path), "pair"]) == 0
    for board in (1, 2):
        assert main(["-f", str(path), "result", "1", str(board), "W+"]) == 0
    assert main(["-f", str(path), "pair"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        final = app.screen.session.state.round(2)
        finalists = {b.number: {b.white, b.black} for b in final.boards}
        winners = {app.screen.session.state.round(1).boards[i].white for i in (0, 1)}
        board = next(n for n, pair in finalists.items() if pair == winners)
        said = str(app.screen.query_one("#round-free", Static).render())
        assert said == f"Финал: доска {board} · Матч за 3-е место: доска {3 - board}"
        await pilot.press("[")  # round 1, the semi-finals: said as the protocol says them
        await pilot.pause()
        assert str(app.screen.query_one("#round-free", Static).render()) == "Полуфинал: доски 1, 2"


async def test_a_players_details_in_the_form(folder: Path) -> None:
    """The date of birth and the sex are checked in place; the details are saved."""
    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(100, 40)) as pilot:
        await pilot.press("f2", "a")
        await pilot.pause()
        form = app.screen
        values = {"surname": "Петрова", "name": "Анна", "strength": "12k", "patronymic": "Сергеевна",
                  "birth": "31.02.2014", "sex": "ж", "team": "Школа 5", "category": "дети"}  # fmt: skip
        for field, value in values.items():
            form.query_one(f"#{field}", Input).value = value
        form.query_one("#surname", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "неверная дата рождения" in str(form.query_one("#birth-error").render())
        form.query_one("#birth", Input).value = "28.02.2014"
        form.query_one("#surname", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        player = max(app.screen.session.state.players.values(), key=lambda p: p.id)
        assert (player.formal_name, player.birth, player.sex, player.team, player.category) == (
            "Петрова Анна Сергеевна", "2014-02-28", "f", "Школа 5", "дети",
        )  # fmt: skip
        assert notes(app)[-1] == (  # right for a woman too («игрок» agrees); the demo has paired rounds 1-3
            "Игрок зарегистрирован: Петрова Анна; играет с 4-го тура, прошедшие туры — пропуски"
        )


async def test_the_mcmahon_settings_changed_in_f8(folder: Path) -> None:
    """F8 of the McMahon event (two rounds paired), one setting after another.  OpenGotha's
    yes-or-no parameters are shown as «да»/«нет», and Enter on one asks «да или нет?»
    (answered with the arrows or ``н``) rather than waiting for ``false`` to be typed; Esc
    changes nothing, and ctrl+z undoes the change like any other.  A bad bar is refused under
    the field, the dialog kept (it closed); a komi typed as it already is makes no event for
    ctrl+z to find first.  Fewer rounds than two is refused under the field with the log's own
    words; 6 is taken, and ctrl+z undoes it.  A round robin's rounds say at once that its
    field counts them."""
    from textual.widgets import Label
    from textual.widgets._footer import FooterKey

    from tui.screens.confirm import ChoiceScreen

    app = TengenApp(str(folder / "mcmahon.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        table = app.screen.query_one("#settings-table", DataTable)

        def shown(key: str) -> str:
            return str(app.screen.query_one("#settings-table", DataTable).get_row(key)[1])

        assert (shown("paiBaDeterministic"), shown("exactWholeField")) == ("да", "нет")
        keys = [(key.key, key.description) for key in app.screen.query("FooterKey").results(FooterKey)]
        assert keys[:2] == [("f1", "Клавиши"), ("enter", "Изменить")]  # what Enter does here (a trial guessed it)
        table.move_cursor(row=table.get_row_index("paiBaDeterministic"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.question.startswith("paiBaDeterministic — ") and app.screen.question.endswith(": да или нет?")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.session.state.settings.params["paiBaDeterministic"] is True
        await pilot.press("enter", "н")
        await pilot.pause()
        assert app.screen.session.state.settings.params["paiBaDeterministic"] is False
        assert shown("paiBaDeterministic") == "нет"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.session.state.settings.params["paiBaDeterministic"] is True
        assert notes(app)[-1].endswith("paiBaDeterministic нет")  # what was undone

        dialog = await setting_asked(app, pilot, "genMMBar")
        await answered(pilot, dialog, "12q")  # refused under the field, the dialog kept (it closed)
        assert app.screen is dialog and "12q" in str(dialog.query_one("#answer-error", Label).render())
        await answered(pilot, dialog, "2d")
        assert app.screen.session.state.settings.params["genMMBar"] == "2D"
        events = len(app.screen.session.events)
        await answered(pilot, await setting_asked(app, pilot, "komi"), "7,5")  # the demo's komi 7.5 as typed in Russian
        assert notes(app)[-1] == "Ничего не изменено: настройки уже такие"
        assert len(app.screen.session.events) == events  # no event for ctrl+z to find first

        dialog = await setting_asked(app, pilot, "rounds")
        await answered(pilot, dialog, "1")
        refusal = str(dialog.query_one("#answer-error", Label).render())
        assert app.screen is dialog and refusal == "уже составлено туров: 2, меньше быть не может"
        await answered(pilot, dialog, "6")
        assert app.screen.session.state.settings.rounds == 6
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.session.state.settings.rounds == 5
    app = TengenApp(str(folder / "round-robin.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        assert isinstance(await setting_asked(app, pilot, "rounds"), TournamentScreen)
        assert notes(app)[-1] == "Круговая: число туров следует из состава"


async def test_the_paperwork_language_is_chosen_by_its_name_in_the_settings(folder: Path) -> None:
    """F8, Enter on «язык документов» asks «Русский» or «Английский» (no code to type); the
    choice is an event, shown by its name, and ctrl+z takes it back.  A trial's F8 read
    «контроль времени | 40+5/15 | контроль времени»: where the meaning says what the name
    says, it is left empty."""
    from tui.screens.confirm import ChoiceScreen

    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        table = app.screen.query_one("#settings-table", DataTable)
        meaning = {str(table.get_row_at(i)[0]): str(table.get_row_at(i)[2]).strip() for i in range(table.row_count)}
        assert meaning["контроль времени"] == "" and meaning["язык документов"] == ""
        assert meaning["коми"] == "объявленное коми в партиях на равных"
        dialog = await setting_asked(app, pilot, "lang")
        assert isinstance(dialog, ChoiceScreen) and dialog.question == "Язык документов?"
        assert [words for _code, words in dialog.answers] == ["Русский", "Английский"]
        await pilot.press("right", "enter")
        await pilot.pause()
        assert app.screen.session.state.settings.lang == "en"
        assert str(app.screen.query_one("#settings-table", DataTable).get_row("lang")[1]) == "английский"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.session.state.settings.lang == "ru"
        assert notes(app)[-1] == "Отменено: изменены настройки: язык документов английский"  # not «en»


async def test_an_online_event_is_chosen_in_the_form_and_changed_in_the_settings(tmp_path: Path) -> None:
    """«Турнир в интернете» (OpenGotha's ``bInternet``): «нет» in the new form until chosen,
    beside the time control; F8's Enter asks «Да» or «Нет», an event ctrl+z takes back."""
    from textual.widgets import Select

    from tests.tui.conftest import shown_text
    from tui.screens.confirm import ChoiceScreen

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "sport-handicap")
        online = form.query_one("#online", Select)
        assert online.value == "no" and online.region.bottom <= 23  # in view at 80×24
        assert online.region.y == form.query_one("#time", Input).region.y + 1  # the line under the time
        online.focus()
        await pilot.press("enter", "up", "enter")  # «да», above «нет»
        await pilot.pause()
        assert online.value == "yes"
        assert re.search(r"Турнир в интернете +да ", shown_text(app))
        form.query_one("#name", Input).value = "Кубок КГС"
        form.query_one("#time", Input).value = "45+30sx1"
        await pilot.press("f10")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen))
        assert app.screen.session.state.settings.online is True
        dialog = await setting_asked(app, pilot, "online")
        assert isinstance(dialog, ChoiceScreen)
        assert dialog.question == "Турнир проходит в интернете? (Класс EGF тогда не выше D)"
        assert [words for _code, words in dialog.answers] == ["Да", "Нет"]
        await pilot.press("н")
        await pilot.pause()
        assert app.screen.session.state.settings.online is False
        row = app.screen.query_one("#settings-table", DataTable).get_row("online")
        assert [str(cell).strip() for cell in row[:2]] == ["в интернете", "нет"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.session.state.settings.online is True
        assert notes(app)[-1] == "Отменено: изменены настройки: в интернете нет"


def test_the_bracket_text_names_each_stage_in_russian() -> None:
    from tests.builders import Log
    from tui import views

    log = Log("playoff")
    for i in range(16):
        log.add(f"P{i:02d}", rating=2500 - 10 * i)
    log.pair()
    assert views.bracket_lines(log.state, "ru")[0] == "1/8 финала:"
    assert views.bracket_lines(log.state, "en")[0] == "1/8 finals:"


async def test_a_new_tournament_goes_into_the_data_folder_whatever_folder_is_listed(
    folder: Path, tmp_path: Path
) -> None:
    """``tengen demo DIR`` lists DIR's tournaments, but a new one is made in the data folder
    (``~/Tengen``), which the form names."""
    from textual.widgets import OptionList

    data = tmp_path / "Tengen"
    app = TengenApp(None, folder=data, open_viewer=False, also=folder)
    async with run_test(app, size=(80, 24)) as pilot:
        assert app.screen.query_one(OptionList).option_count == 6  # the demo's tournaments
        await pilot.press("n")
        await pilot.pause()
        assert str(data / "turnir.json") in str(app.screen.query_one("#target").render())
        await pilot.press(*"Кубок", "f10")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert (data / "kubok.json").is_file() and not (folder / "kubok.json").exists()


async def test_an_english_form_offers_english_paperwork_and_english_samples(tmp_path: Path) -> None:
    """An English referee's trial: the new tournament's paperwork was Russian unless he noticed
    the field, the file was «turnir.json», and the dates sample was 05.12.2026-06.12.2026."""
    from textual.widgets import Input, Select

    from tui import i18n

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    i18n.set_language("en")
    try:
        async with run_test(app, size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert form.query_one("#lang", Select).value == "en"
            assert str(tmp_path / "tournament.json") in str(form.query_one("#target").render())
            assert form.query_one("#dates", Input).placeholder == "for example 2026-12-05..2026-12-06"
            await pilot.press(*"Cup")  # the file follows the title (its first suggestion was the import's language)
            await pilot.pause()
            assert form.query_one("#file", Input).value == "cup"
    finally:
        i18n.set_language("ru")
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#lang", Select).value == "ru"
        assert app.screen.query_one("#dates", Input).placeholder == "например, 05.12.2026-06.12.2026"
        await pilot.press(*"Кубок")  # «turnir» follows the title as «tournament» did: the form's, not the import's
        await pilot.pause()
        assert app.screen.query_one("#file", Input).value == "kubok"
        form = app.screen
        form.query_one("#file", Input).value = ""  # typed in, then emptied: the title's again (it stayed «turnir»)
        await pilot.pause()
        assert str(tmp_path / "kubok.json") in str(form.query_one("#target").render())
        await pilot.press(*" осени")
        await pilot.pause()
        assert form.query_one("#file", Input).value == "kubok-oseni"


async def test_the_parameters_step_speaks_in_words(tmp_path: Path) -> None:
    """A choice is a list in words (chosen with the arrows), a list of tie-breaks is written
    in words and read back as their names; a word not known is refused in Russian."""
    from textual.widgets import Select

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "round-robin")
        await pilot.press(*"Круг", "f2")
        await pilot.pause()
        step = app.screen
        numbering = step.query_one("#param-numbering", Select)
        assert str(numbering.selection) == "lot"
        assert [str(prompt) for prompt, _value in numbering._options][:3] == ["жребий", "по рейтингу", "вручную"]
        numbering.value = "rating"
        tiebreaks = step.query_one("#param-tiebreaks", Input)
        assert tiebreaks.value == "Бухгольц, личная встреча"
        tiebreaks.value = "Бухгольц, Ничья"
        await pilot.press("f10")
        await pilot.pause()
        error = str(step.query_one("#param-tiebreaks-error").render())
        assert "неизвестный доп. показатель 'Ничья'" in error and "Койя" in error and "koya" not in error
        tiebreaks.value = "койя, Бухгольц, истинный рейтинг, зоннеборн-бергер"  # no «», a hyphen for its dash
        await pilot.press("f10")
        await pilot.pause()
        assert app.screen is form
        await pilot.press("f10")
        await pilot.pause()
        params = app.screen.session.state.settings.params
        assert (params["numbering"], params["tiebreaks"]) == (
            "rating", ["koya", "buchholz", "true_rating", "sonneborn_berger"],
        )  # fmt: skip


async def test_a_default_in_words_is_read_back_and_no_meaning_is_said_twice(tmp_path: Path) -> None:
    """FORS's base rank offered as «слабейший» (not «auto») and read back as its default; a
    parameter whose name says all it means is said once (not «очки за победу — очки за победу»)."""
    from textual.widgets import Label, Select

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "fors")
        await pilot.press(*"Осень", "f2")
        await pilot.pause()
        assert app.screen.query_one("#param-base_rank", Input).value == "слабейший"
        await pilot.press("f10")  # the default, in words, is no change
        await pilot.pause()
        assert app.screen is form and form.params.get("fors") == {}
        form.query_one("#scheme", Select).value = "sport-handicap"
        await pilot.press("f2")
        await pilot.pause()
        said = [str(label.render()) for label in app.screen.query(Label) if label.has_class("param")]
        assert "очки за победу" in said and not any("очки за победу — очки за победу" in text for text in said)


async def test_a_file_typed_as_a_path_goes_there_and_nonsense_hurts_nothing(tmp_path: Path) -> None:
    app = TengenApp(None, folder=tmp_path / "Tengen", open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot)
        form.query_one("#name", Input).value = "Кубок"
        form.query_one("#file", Input).value = "~nobody-here-at-all/cup"
        await pilot.pause()
        assert "~nobody-here-at-all" in str(form.query_one("#target").render())
        form.query_one("#file", Input).value = str(tmp_path / "elsewhere")
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen) and (tmp_path / "elsewhere.json").is_file()


async def test_the_standings_title_with_rounds_still_played_is_wrapped_not_cut(folder: Path) -> None:
    """A review: the teams' title with the missing results of two rounds ran past 80 columns,
    and its keys («+ −: сколько; c: клубы») were cut off.  The title wraps (three lines at
    most), every word of it on the screen."""
    import random

    from data.service import Service
    from tests.tui.conftest import shown_text

    with Service(folder / "round-robin.json", writable=True) as service:  # rounds 4 and 5 paired, no result in
        for _ in range(2):
            service.commit(actions.pair(service.state, random.Random(1), early=True))
    app = TengenApp(str(folder / "round-robin.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "right_square_bracket", "right_square_bracket", "g")
        await pilot.pause()
        shown = " ".join(shown_text(app).split())
        assert "в 4-м туре на досках 1, 2, 3, в 5-м туре на досках 1, 2, 3" in shown
        assert "(+ −: сколько; c: команды)" in shown


async def test_a_round_being_played_ctrl_c_and_undoing_its_pairing(folder: Path) -> None:
    """A round paired, one result in.  The standings stepped to a round still being played
    showed no sign of the missing results; Ctrl+C (a habit) showed Textual's English hint
    with its markup as typed.  Ctrl+Z held down went on past a round's results and took its
    boards away without a word; the pairing's undo now asks («Нет» in focus), a result's does
    not, and each undo's note replaces the one before."""
    from textual.widgets import Static

    from tui.screens.confirm import ConfirmScreen

    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.press("1", "w", "f4")
        await pilot.pause()
        session = app.screen.session
        title = app.screen.query_one("#standings-info", Static)
        assert str(title.render()) == "Турнирное положение после 3-го тура"
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert str(title.render()) == "Турнирное положение после 4-го тура (ещё нет результатов на досках 2, 3, 4, 5)"
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert notes(app)[-1] == "Чтобы выйти, нажмите ctrl+q: всё введённое уже сохранено"
        await pilot.press("f3", "ctrl+z")  # the result: no question
        await pilot.pause()
        assert not session.state.round(4).results and isinstance(app.screen, TournamentScreen)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "жеребьёвку 4-го тура" in app.screen.question
        await pilot.press("enter")  # «Нет»
        await pilot.pause()
        assert session.state.paired_rounds == 4
        await pilot.press("ctrl+z", "y")
        await pilot.pause()
        assert session.state.paired_rounds == 3
        assert [n for n in notes(app) if n.startswith("Отменено")][-1].startswith("Отменено: составлен 4-й тур")
        assert len(app._notifications) == 1
        await pilot.press("f3", "n", "y")  # paired again, then the log's «u» on it asks the same way («Нет» first)
        await app.workers.wait_for_complete()
        await pilot.press("f5")
        await pilot.pause()
        table = app.screen.query_one("#log-table", DataTable)
        assert str(table.get_row_at(0)[-1]).startswith("составлен 4-й тур")
        table.move_cursor(row=0)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.paired_rounds == 4


async def test_escape_on_a_new_tournament_form_filled_in_asks_first(tmp_path: Path) -> None:
    """A trial: Esc on the form filled in closed it without a word, where the player form asks.
    Now it asks («Нет» first); an untouched form closes at once."""
    from tui.screens.confirm import ConfirmScreen
    from tui.screens.new_tournament import NewTournamentScreen
    from tui.screens.start import StartScreen

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await new_tournament_form(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await new_tournament_form(app, pilot)
        await pilot.press(*"Кубок", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # «Нет»: the form and its typing stay
        await pilot.pause()
        assert isinstance(app.screen, NewTournamentScreen) and app.screen.value("name") == "Кубок"
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_a_long_name_takes_the_room_the_standings_leave(tmp_path: Path) -> None:
    """A trial: «Васильев-Задунайский-Преображен…» was cut at 32 cells with a third of the
    80-column screen empty.  It is whole where the other columns leave it room; a name longer
    than the room is cut to it."""
    from tui.cli import main

    path = tmp_path / "cup.json"
    assert main(["new", str(path), "--scheme", "playoff", "--name", "Кубок"]) == 0
    for surname, name, rank in (("Васильев-Задунайский-Преображенский", "Константин", "2d"), ("Ли", "Чан", "5d"),
                                ("Щ" * 90, "Щ", "1k")):  # fmt: skip
        assert main(["-f", str(path), "player", "add", "--surname", surname, "--name", name, "--rank", rank]) == 0
    assert main(["-f", str(path), "pair"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one("#standings-table", DataTable)
        names = [str(table.get_row_at(i)[2]) for i in range(table.row_count)]
        assert "Васильев-Задунайский-Преображенский Константин" in names
        longest = next(name for name in names if name.startswith("Щ"))
        assert longest.endswith("…") and 46 <= len(longest) < 80 - 20


async def test_a_withdrawal_the_log_refuses_is_said_before_the_question(demo_once: Path, tmp_path: Path) -> None:
    """A trial: w on a finalist once every round was paired asked «с 4-го тура?» of three, and
    «Да» closed the app with a traceback.  The refusal comes at once, the file unchanged."""
    from tui.cli import main

    path = play_off_round_one_played(demo_once, tmp_path)
    assert main(["-f", str(path), "pair"]) == 0
    for board in (1, 2):
        assert main(["-f", str(path), "result", "2", str(board), "W+"]) == 0
    assert main(["-f", str(path), "pair"]) == 0
    before = path.read_bytes()
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "w")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert notes(app)[-1].startswith("Все туры уже составлены (последний — 3-й): снимать не с чего")
    assert path.read_bytes() == before


async def test_f8_mends_a_round_robins_count_of_rounds_before_round_1(tmp_path: Path) -> None:
    """A review: the pairing's refusal sent the referee to F8, which showed the field's 5 where
    3 was kept, so typing 5 did nothing.  F8 shows the count kept, takes the field's, and then
    the round is paired; another count is refused beside the field."""
    from tests.tui.conftest import answered, setting_asked
    from tui.cli import main

    path = tmp_path / "rr.json"
    assert main(["new", str(path), "--scheme", "round-robin", "--name", "X", "--rounds", "3"]) == 0
    for i in range(6):
        assert main(["-f", str(path), "player", "add", "--surname", f"P{i}", "--name", "N", "--rank", "1k"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        dialog = await setting_asked(app, pilot, "rounds")
        from textual.widgets import Input

        assert dialog.query_one(Input).value == "3"
        await answered(pilot, dialog, "4")
        assert app.screen is dialog  # refused beside the field: «участники играют 5 туров…»
        await answered(pilot, dialog, "5")
        session = app.screen.session
        assert session.state.settings.rounds is None
        await pilot.press("f3", "n")
        await pilot.pause()
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.state.paired_rounds == 1


@pytest.mark.parametrize("club", ["Спартак", "Белый камень, Москва12", "Я" * 70])
async def test_a_teams_players_cut_at_80_columns_end_with_an_ellipsis(tmp_path: Path, club: str) -> None:
    """A trial: the team's players stopped at «Lebedev 1,» at the screen's edge, nothing to say
    that more followed.  Cut to the width with «…»; a long team's name gives way (a review: a
    team of 22 letters pushed its members off the screen, one of 70 the points too)."""
    from tui.cli import main

    path = tmp_path / "cup.json"
    assert main(["new", str(path), "--scheme", "swiss", "--rounds", "3", "--name", "Кубок"]) == 0
    for i in range(8):
        assert main(["-f", str(path), "player", "add", "--surname", f"Длиннофамильный{i}", "--name", "Ян",
                     "--rank", "1k", "--club", club]) == 0  # fmt: skip
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "right_square_bracket", "right_square_bracket", "g")
        await pilot.pause()
        table = app.screen.query_one("#standings-table", DataTable)
        team, players = str(table.get_row_at(0)[1]), str(table.get_row_at(0)[5])
        assert players.endswith("…") and players.startswith("Длиннофамильный")
        assert team == club if len(club) < 30 else team.endswith("…")
        assert sum(column.get_render_width(table) for column in table.columns.values()) <= 80


async def test_a_document_refused_leaves_the_others_written(tmp_path: Path) -> None:
    """A review: F6 with the bracket ticked before round 1 said why it could not be drawn, and
    the registration list ticked after it was never written, unsaid."""
    from tui.cli import main
    from tui.widgets import MarkedList

    path = tmp_path / "po.json"
    assert main(["new", str(path), "--scheme", "playoff", "--name", "Кубок"]) == 0
    for i in range(4):
        assert main(["-f", str(path), "player", "add", "--surname", f"Игрок{i}", "--name", "Я", "--rank", "5k"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        marks = app.screen.query_one(MarkedList)
        assert marks.selected == ["cards", "registration"]
        assert marks.titles["table"] == "сетка плей-офф"  # not «итоговая таблица» (a review)
        marks.highlighted = app.screen.kinds.index("table")
        await pilot.press("space", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
    said = notes(app)
    assert "Сетка плей-офф: сетка складывается при жеребьёвке 1-го тура: проведите её, затем печатайте сетку" in said
    assert (tmp_path / "po-cards.pdf").exists() and (tmp_path / "po-registration.pdf").exists()
    assert not list(tmp_path.glob("po-table*"))


async def test_esc_in_the_schemes_parameters_asks_before_dropping_what_was_changed(tmp_path: Path) -> None:
    """An attack: Esc in «Ещё параметры» dropped McMahon's typed club groups unasked, where the
    forms ask.  Changed, it asks with «Нет» in focus (back in what was typed); untouched, it
    closes at once."""
    from tests.tui.conftest import until
    from tui.screens.confirm import ConfirmScreen

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        form = await new_tournament_form(app, pilot, "mcmahon")
        await pilot.press("f2")
        await pilot.pause()
        step = app.screen
        step.query_one("#param-genMMBar", Input).value = "3d"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question == "Закрыть форму? Введённое не сохранится."
        await pilot.press("enter")  # «Нет» in focus
        await pilot.pause()
        assert app.screen is step and step.query_one("#param-genMMBar", Input).value == "3d"
        await pilot.press("escape", "y")
        await until(pilot, lambda: app.screen is form)
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen.query_one("#param-genMMBar", Input).value != "3d"
        await pilot.press("escape")  # untouched: closed at once
        await until(pilot, lambda: app.screen is form)


async def test_an_imports_warnings_are_all_shown_the_files_own_first(tmp_path: Path) -> None:
    """A switch's three notes of players whose declared rank is not their rank hid the rest,
    the Turkish machine's among them (155 of the 775 real files have three or more): the
    file's own come first.  Then a trial saw three of a file's fourteen, the rest promised by
    a command that needed a new file: every one is listed, and the arrows scroll the list."""
    from textual.containers import VerticalScroll
    from textual.widgets import Label

    from tests.builders import turkish
    from tui.screens.notices import NoticesScreen

    text = turkish((TESTDATA / "simplemm.xml").read_text(encoding="utf-8")).replace('size="19"', 'size="13"')
    for rank in ("10K", "1D", "7D", "3D", "6D"):  # five players declared a rank below their own
        text = text.replace(f'grade="{rank}" name', f'grade="{int(rank[:-1]) + 1}{rank[-1]}" name', 1)
    source = tmp_path / "turkish.xml"
    source.write_text(text, encoding="utf-8")
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        app.imported(source, tmp_path / "turkish.json", 5)
        await until(pilot, lambda: isinstance(app.screen, NoticesScreen) and app.screen.drawn_at is not None)
        await pilot.pause()  # keys before it is drawn are nobody's (``Question.unread``): a loaded machine's first
        dialog = app.screen
        assert dialog.question == "Импортирован из turkish.xml в turkish.json; предупреждения импорта (7):"
        said = [str(label.render()) for label in dialog.query(".notice").results(Label)]
        assert len(said) == 7 and said[0].startswith("• Файл сохранён OpenGotha на турецкой машине")
        assert said[1].startswith("• Не сохраняются: размер доски 13") and said[2].startswith("• Игрок 1 (Robin Clé)")
        box = dialog.query_one("#notices", VerticalScroll)
        assert box.virtual_size.height > box.size.height  # more than the screen: it scrolls
        await pilot.press("down", "down")
        await until(pilot, lambda: box.scroll_y == 2, seen=lambda: (app_state(app), box.scroll_y, box.max_scroll_y))
        assert app.screen is dialog
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen))


def test_the_parameters_set_are_said_as_the_settings_tab_says_them() -> None:
    """A review read «Заданы параметры: handicap_cap = 5» in the Russian app: the settings tab
    says «предел форы»; OpenGotha's parameters keep their names, their yes and no in words."""
    from tui import i18n
    from tui.screens.new_tournament import changed

    i18n.set_language("ru")
    assert changed({"handicap_cap": "5", "seeding": "registration"}) == (
        "Заданы параметры: предел форы 5, посев по регистрации"
    )
    assert changed({"paiBaDeterministic": "false"}) == "Заданы параметры: paiBaDeterministic нет"
    assert changed({}) == ""


async def rest_offered(pilot: Any, rounds: int, absent: str = "", key: str = "n", bye: str = "") -> list[str]:
    """simplemm.xml of ``rounds`` rounds, its round 5 paired in part (tables 1 and 3 left off,
    ``absent`` out of it), opened as an import of its 5 rounds, and ``key`` pressed in the
    rounds tab: the import's warnings read; the question asked is on screen."""
    from tests.builders import in_part
    from tui.screens.confirm import ChoiceScreen

    source = pilot.app.folder / "part.xml"
    text = in_part((TESTDATA / "simplemm.xml").read_text(encoding="utf-8"), "[13]", absent, bye)
    source.write_text(text.replace('numberOfRounds="5"', f'numberOfRounds="{rounds}"'), encoding="utf-8")
    pilot.app.open_tournament(source)
    await pilot.pause()
    await answered(pilot, pilot.app.screen, "5")
    said = await warnings_read(pilot)
    await pilot.press("f3", key)
    await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))
    return said


async def test_the_rest_of_a_round_paired_in_part_is_paired_from_the_rounds_tab(tmp_path: Path) -> None:
    """A switch in the middle of a round: OpenGotha paired those who had come, the latecomers
    are on no board.  The import says which key pairs them; n offers it first, «Поставить в
    пары» in focus, and the four take the tables left free, the boards on the wall unmoved;
    n again offers the next round alone."""
    from tui.screens.confirm import ChoiceScreen

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        said = await rest_offered(pilot, 6)
        assert any("клавиша n во вкладке туров ставит их в пары, не трогая остальных досок" in s for s in said)
        assert app.screen.question == "В 5-м туре без пары: 4 игрока. Поставить в пары, не трогая остальные доски?"
        assert [str(b.label) for b in app.screen.query("Button")] == [
            "Поставить в пары", "Жеребьёвка 6-го тура", "Нет"
        ]  # fmt: skip
        kept = app.screen_stack[-2].session.state.round(5).boards  # the tournament under the question
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: app.screen.session.state.round(5).boards != kept)
        await pilot.pause()
        boards = app.screen.session.state.round(5).boards
        assert [b.number for b in boards] == [1, 2, 3, 4, 5, 6, 7, 8]
        assert [b for b in boards if b.number in (2, 4, 5, 6, 7, 8)] == list(kept)
        assert "5-й тур: игроки без пары поставлены в пары" in notes(app)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert app.screen.question.endswith("Провести жеребьёвку 6-го тура всё равно?")  # round 5 not played yet
        assert "без пары" not in app.screen.question


async def test_the_rest_of_the_last_round_is_offered_without_a_round_after_it(tmp_path: Path) -> None:
    """The event's last round paired in part: n offers pairing its rest or nothing, not a
    round the event does not have."""
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await rest_offered(pilot, 5)
        assert [str(b.label) for b in app.screen.query("Button")] == ["Поставить в пары", "Нет"]
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.screen.session.state.round(5).boards) == 6


async def test_the_referee_chooses_who_of_an_odd_rest_sits_out(tmp_path: Path) -> None:
    """N («choosing the bye») over an odd rest: «Выбрать свободного» in focus, then the rest's
    three in the list, the cursor on OpenGotha's own choice; the one chosen sits out and the
    other two are paired on table 1."""
    from tests.tui.conftest import shown_text
    from tui.screens.bye import ByeScreen

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await rest_offered(pilot, 5, absent="Karadaban", key="N")
        assert [str(b.label) for b in app.screen.query("Button")] == ["Поставить в пары", "Выбрать свободного", "Нет"]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ByeScreen))
        options = app.screen.query_one(OptionList)
        listed = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert [label.split(".")[0] for label in listed] == ["3", "12", "9"]  # Noguchi, Lefebvre, Lemoine: placed
        assert "Lemoine" in listed[options.highlighted or 0]  # OpenGotha's own bye of the rest, said so
        assert "Курсор — на том, кого оставит свободным жеребьёвка" in shown_text(app)
        await pilot.press("home", "enter")  # Noguchi
        await app.workers.wait_for_complete()
        await until(pilot, lambda: bool(app.screen.session.state.round(5).byes))
        state = app.screen.session.state
        assert [state.players[p].surname for p in state.round(5).byes] == ["Noguchi"]
        first = state.round(5).board(1)
        assert first is not None and {state.players[first.white].surname, state.players[first.black].surname} == {
            "Lemoine", "Lefebvre"
        }  # fmt: skip


async def test_an_odd_rests_repeat_game_is_asked_saying_another_bye_may_avoid_it(tmp_path: Path) -> None:
    """An attack: «Поставить в пары» over an odd rest whose bye, OpenGotha's, leaves a repeat
    game asked only whether to allow it; the referee's own choice of the bye avoided it.  The
    question says so, «Нет» in focus, and N then pairs without the repeat."""
    from tests.tui.conftest import shown_text
    from tui.screens.bye import ByeScreen
    from tui.screens.confirm import ConfirmScreen

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await rest_offered(pilot, 5, absent="Karadaban")
        await pilot.press("enter")  # «Поставить в пары»
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Жеребьёвка даёт свободный тур игроку" in shown_text(app) and "Lemoine" in shown_text(app)
        assert "N, «Выбрать свободного»" in shown_text(app)
        await pilot.press("enter")  # «Нет» in focus: nothing paired
        await pilot.pause()
        assert len(app.screen.session.state.round(5).boards) == 6
        await pilot.press("N")
        await until(pilot, lambda: not isinstance(app.screen, TournamentScreen))
        await pilot.press("enter")  # «Выбрать свободного»
        await until(pilot, lambda: isinstance(app.screen, ByeScreen))
        await pilot.press("home", "enter")  # Noguchi sits out: Lemoine and Lefebvre never met
        await app.workers.wait_for_complete()
        await until(pilot, lambda: len(app.screen.session.state.round(5).boards) == 7)
        assert not any("повтор" in note for note in notes(app)[-2:])


async def test_an_odd_rest_beside_the_rounds_bye_takes_the_bye_back(tmp_path: Path) -> None:
    """An attack: «Поставить в пары» over an odd rest beside the round's bye was refused, with
    advice to mark a skip; before the round's first result the bye's player plays instead,
    which the question says."""
    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await rest_offered(pilot, 5, bye="KARADABANDENIS")
        assert app.screen.question == (
            "В 5-м туре без пары: 3 игрока. Поставить в пары, не трогая остальные доски?\n"
            "14. Karadaban D. (6d) играет вместо свободного тура"
        )
        assert [str(b.label) for b in app.screen.query("Button")] == ["Поставить в пары", "Нет"]
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: len(app.screen.session.state.round(5).boards) == 8)
        assert app.screen.session.state.round(5).byes == ()
