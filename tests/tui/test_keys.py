"""Keys a referee finds and habits the app forgives (issue 13): focus on open, F1, q and
Escape, confirmations before pairing and before replacing a result."""

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input

from schemes.log import actions
from tests.tui.conftest import (
    answered,
    app_on,
    burst,
    escape_alone,
    form_sent,
    notes,
    run_test,
    setting_asked,
    until,
)
from tui.app import TengenApp
from tui.screens.confirm import ConfirmScreen, Question
from tui.screens.help import HelpScreen
from tui.screens.player_form import PlayerFormScreen
from tui.screens.start import StartScreen
from tui.screens.tournament import TournamentScreen

pytestmark = pytest.mark.usefixtures("russian")


async def test_q_and_escape_close_the_tournament_but_escape_first_leaves_the_search(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "slash", "q")  # q typed into the search box
        await pilot.pause()
        assert app.screen.query_one("#search", Input).value == "q"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert isinstance(app.screen.focused, DataTable)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
    # Esc with nothing else to do closes it too: the next test's last key


async def test_escape_takes_the_notifications_away_before_it_closes_the_tournament(folder: Path) -> None:
    """A trial: a referee pressed Esc to be rid of «1-й тур не закончен…» and found the start
    screen, where his next keys ran its commands."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3")
        app.notify("1-й тур не закончен")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen) and len(app._notifications) == 0
        escape_alone(app)
        await until(pilot, lambda: isinstance(app.screen, StartScreen))


async def test_pairing_asks_first_without_the_notices_of_before_and_no_pairs_nothing(folder: Path) -> None:
    """N asks before it pairs, and «нет» pairs nothing.  A trial: an imported file's notices lay
    over the lower half of the pairing question, so it is asked without them."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        app.notify("Игрок 18: заявленный ранг 11K не равен его рангу 10K: записан ранг 10K", timeout=30)
        await pilot.press("f3", "n")
        await pilot.pause()
        assert isinstance(app.screen, Question) and not app._notifications
        assert "Провести жеребьёвку 4-го тура?" in str(app.screen.query_one("Label").render())
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.session.state.paired_rounds == 3


async def test_the_player_form_is_typed_at_once_and_a_player_who_looks_registered_asks(folder: Path) -> None:
    """The dialog opens with the cursor in its first field (typed at once, no Tab first); a
    player who looks registered already needs a confirmation, «Нет» (in focus) back in what
    was typed."""
    app = app_on(folder, "gamma.json")  # Матвеев Евгений is player 1
    async with run_test(app, size=(80, 24)) as pilot:
        screen = app.screen
        count = len(screen.session.state.players)
        await pilot.press("f2", "a")
        await pilot.pause()
        assert isinstance(app.screen, PlayerFormScreen)
        form = app.screen
        await pilot.press("К", "и", "м")
        assert form.query_one("#surname", Input).value == "Ким"
        await form_sent(pilot, form, "матвеев", "Евгений", "2d")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Матвеев Евгений — уже в списке (рег. № 1)" in str(app.screen.query_one("Label").render())
        await pilot.press("enter")  # «Нет» in focus: a trial's Enter by habit registered him twice
        await pilot.pause()
        assert form is app.screen and form.query_one("#surname", Input).value == "матвеев"  # back in what he typed
        assert len(screen.session.state.players) == count
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")  # another Матвеев Евгений indeed: registered
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert len(screen.session.state.players) == count + 1


async def test_settings_are_edited_as_events_and_undone(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f8")
        await pilot.pause()
        table = app.screen.query_one("#settings-table", DataTable)
        table.move_cursor(row=table.get_row_index("komi"))
        await pilot.press("enter")
        await pilot.pause()
        answer = app.screen.query_one("#answer", Input)
        assert answer.value == "6.5"
        answer.value = "7,5"  # a Russian decimal comma
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.session.state.settings.komi == 7.5
        assert [str(c) for c in table.get_row_at(table.get_row_index("komi"))][:2] == ["коми", "7.5"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.session.state.settings.komi == 6.5
        table.move_cursor(row=table.get_row_index("scheme"))
        await pilot.press("enter")
        await pilot.pause()
        assert any("задаётся при создании" in n for n in notes(app))


async def test_a_seed_schemes_parameters_change_until_round_1_is_paired(tmp_path: Path) -> None:
    """A trial typed FORS's tie-breaks in the wrong order and had to make the tournament again,
    every player with it: before round 1 a parameter is the referee's to change (Gamma's demo,
    paired, refuses it and says why)."""
    from tui.cli import main

    path = tmp_path / "fors.json"
    assert main(["new", str(path), "--scheme", "fors", "--rounds", "5", "--name", "Клуб"]) == 0
    app = app_on(tmp_path, "fors.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await answered(pilot, await setting_asked(app, pilot, "tiebreaks"), "ks,head_to_head")
        assert app.screen.session.state.settings.params["tiebreaks"] == ["ks", "head_to_head"]


async def test_a_seed_schemes_parameters_are_fixed_once_round_1_is_paired(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        assert isinstance(await setting_asked(app, pilot, "handicap_cap"), TournamentScreen)
        assert "Гамма: параметры нельзя менять после жеребьёвки 1-го тура" in notes(app)


async def test_a_finished_round_robin_is_the_final_table_in_the_app_as_on_paper(tmp_path: Path) -> None:
    # created without --rounds: the app once asked settings.rounds (None) and said «после 3-го тура»
    from data.ledger import Ledger
    from tests.builders import round_robin

    log, _ids = round_robin([2400, 2300, 2200, 2100])
    for number in (1, 2, 3):
        log.pair()
        for board in (1, 2):
            log.result(number, board, "W+")
    path = tmp_path / "rr.json"
    Ledger.create(path, [(e.kind, dict(e.data)) for e in log.events]).close()
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        assert str(app.screen.query_one("#standings-info").render()) == "Итоговая таблица"


async def test_player_lists_as_referees_have_them_through_the_app(folder: Path) -> None:
    # a Russian Excel CSV (";", Windows-1251, no header, Cyrillic ranks), then an .xlsx
    from openpyxl import Workbook

    csv = folder / "spisok.csv"
    csv.write_bytes("Ким;Ли;3к;;\nПак;Су;2 дан;;Москва\n".encode("cp1251"))
    book = Workbook()
    for row in (["Фамилия", "Имя", "Рейтинг|ранг"], ["Ли", "Ан", 1950], ["О", "Ми", "5к"]):
        book.active.append(row)
    xlsx = folder / "spisok.xlsx"
    book.save(xlsx)
    app = app_on(folder, "sport-handicap.json")
    async with run_test(app, size=(80, 24)) as pilot:
        for path in (csv, xlsx):
            await pilot.press("f2", "i")
            await pilot.pause()
            app.screen.query_one("#answer", Input).value = str(path)
            await pilot.press("enter")
            await pilot.pause()
        players = list(app.screen.session.state.players.values())[-4:]
        assert [(p.full_name, p.rank_label, p.club) for p in players] == [
            ("Ким Ли", "3k", ""),
            ("Пак Су", "2d", "Москва"),  # the club as typed
            ("Ли Ан", "2k", ""),
            ("О Ми", "5k", ""),
        ]


async def test_a_new_tournament_opened_on_the_russian_layout_with_russian_dates(tmp_path: Path) -> None:
    """``т``, the key of ``n`` on the Russian layout, opens the form; its dates are typed as
    Russians write them."""
    from tui.screens.new_tournament import NewTournamentScreen

    app = TengenApp(None, folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("т")
        await pilot.pause()
        assert isinstance(app.screen, NewTournamentScreen)
        form = app.screen
        form.query_one("#name", Input).value = "Кубок школы"
        form.query_one("#dates", Input).value = "5-6.12.2026"
        form.query_one("#name", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        settings = app.screen.session.state.settings
        assert (settings.name, settings.dates) == ("Кубок школы", "2026-12-05..2026-12-06")
        assert app.screen.session.path.name == "kubok-shkoly.json"


GAMMA_KEYS = {  # what F1 lists on the rounds of a Gamma event
    "Победа белых",
    "Победа чёрных",
    "Жеребьёвка тура",
    "Отменить",
    "Печать",
    "Джиго или тройное ко",  # as the slips say it where komi leaves no jigo (a trial)
    "Поменять игроков",
    "Экспорт: таблица для РК (рейтинг), файл OpenGotha",
    "Закрыть",
}


async def test_f1_names_every_key_of_a_result(folder: Path) -> None:
    """A trial: on the Russian layout the ``x`` F1 names for «both lose» types ``ч``, which
    enters «Ч+», and F1 never said so.  F1 lists each key that does a thing."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = {description: key for key, description in app.screen.keys}
        assert (keys["Победа белых"], keys["Победа чёрных"], keys["Клавиши"]) == ("w, б", "b, ч", "f1, ?")
        assert "super" not in " ".join(keys.values())  # Textual's macOS copy key is no key of ours


@pytest.mark.parametrize(
    "name, offered, not_offered",
    [
        ("mcmahon.json", {"Почему этот соперник", "Джиго или тройное ко"}, {"Сетка"}),
        ("playoff.json", {"Сетка"}, {"Почему этот соперник", "Джиго или тройное ко"}),
        ("gamma.json", GAMMA_KEYS, {"Сетка", "Почему этот соперник"}),
    ],
)
async def test_f1_lists_the_keys_the_scheme_has_only(folder: Path, name: str, offered: set, not_offered: set) -> None:
    """F1 lists the keys of the screen, and on a McMahon event not the play-off's bracket
    (issue 24); Escape closes the list, and the key pressed anyway says why."""
    app = app_on(folder, name)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        described = set(dict(app.screen.keys).values())
        assert offered <= described and not (not_offered & described)
        await pilot.press("escape", "k" if "Сетка" in not_offered else "v")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert any("только" in n or "есть только" in n for n in notes(app))


async def test_the_print_dialog_ticks_in_words_only(folder: Path) -> None:
    """Each document says [x] or [ ] and nothing else (no ▐X▌ of Textual's own); Space ticks."""
    from tui.widgets import MarkedList

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        marks = app.screen.query_one(MarkedList)
        prompts = [str(marks.get_option_at_index(i).prompt) for i in range(marks.option_count)]
        assert prompts[:3] == ["[x] карточки", "[x] протокол тура", "[ ] бланки результатов"]
        await pilot.press("down", "down", "space")
        await pilot.pause()
        assert marks.selected == ["cards", "protocol", "slips"]
        assert str(marks.get_option_at_index(2).prompt) == "[x] бланки результатов"
        assert "▐" not in app.export_screenshot() and "▌X" not in app.export_screenshot()


async def test_keys_typed_on_the_russian_layout_act_as_the_keys_at_their_places(folder: Path) -> None:
    """Names typed in Cyrillic, the layout left Russian: ``ц`` is the key of ``w``, ``И`` of
    ``B``, ``х`` of ``[`` — while a text field keeps its letters and a question its д/н."""
    from schemes.state.model import BLACK_BY_FORFEIT, WHITE_WINS
    from tui.panes.rounds import RoundsPane

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "т")  # n: pair the next round
        await pilot.pause()
        assert isinstance(app.screen, Question)
        await pilot.press("н")  # нет: the question's own key, not the y at its place
        await pilot.pause()
        assert app.screen.session.state.paired_rounds == 3
        await pilot.press("т", "д")  # да
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("1", "ц", "2", "И")
        await app.workers.wait_for_complete()
        await pilot.pause()
        results = app.screen.session.state.round(4).results
        assert {board: result.code for board, result in results.items()} == {1: WHITE_WINS, 2: BLACK_BY_FORFEIT}
        await pilot.press("х")  # [: the round before
        await pilot.pause()
        assert app.screen.query_one(RoundsPane).viewing == 3
        await pilot.press("f2", "ф")  # a: add a player
        await pilot.pause()
        assert isinstance(app.screen, PlayerFormScreen)
        await pilot.press("ф", "ц")
        assert app.screen.query_one("#surname", Input).value == "фц"
    # the start screen's т: test_a_new_tournament_opened_on_the_russian_layout_with_russian_dates


async def test_a_tournaments_key_on_the_start_screen_says_none_is_open(folder: Path) -> None:
    """A trial closed the tournament with Esc unawares, pressed F7 to export, met silence and
    believed he had exported.  A tournament's key on the start screen says none is open."""
    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        for count, key in enumerate(("f7", "ctrl+z"), start=1):
            await pilot.press(key)
            await until(pilot, lambda count=count: len(notes(app)) == count)
            assert notes(app)[-1] == "Турнир не открыт: выберите его в списке и нажмите Enter (n — новый турнир)"
            assert isinstance(app.screen, StartScreen)


async def test_escape_drops_a_board_number_typed_before_it_closes_the_tournament(folder: Path) -> None:
    from tui.panes.rounds import RoundsPane

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "5")
        await pilot.pause()
        pane = app.screen.query_one(RoundsPane)
        assert pane.board_typed == "5" and "Доска 5_" in str(pane.query_one("#round-info").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        assert pane.board_typed == "" and "Доска 5_" not in str(pane.query_one("#round-info").render())
        escape_alone(app)
        await until(pilot, lambda: isinstance(app.screen, StartScreen))


async def test_a_key_refused_after_a_board_number_does_not_glue_it_to_the_next(folder: Path) -> None:
    """A trial: ``1 s`` refused (the pairing set board 1's colours), then ``5 w`` for board 5
    recorded board 15, without a word."""
    from schemes.state.model import WHITE_WINS
    from tui.panes.rounds import RoundsPane

    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        pane = app.screen.query_one(RoundsPane)
        played = app.screen.session.state.round(pane.viewing)
        assert not played.board(1).nigiri and not played.results and len(played.boards) == 6  # no board 15
        await pilot.press("1", "s")
        await pilot.pause()
        assert "s — только для нигири" in notes(app)[-1]
        await pilot.press("5", "w")
        await pilot.pause()
        results = app.screen.session.state.round(pane.viewing).results
        assert {board: result.code for board, result in results.items()} == {5: WHITE_WINS}
        await pilot.press("2", "s", "backspace", "3", "b")  # the number edited: typed on
        await pilot.pause()
        assert set(app.screen.session.state.round(pane.viewing).results) == {3, 5}


async def test_result_keys_ask_for_the_cursors_board_and_the_letters_of_the_cells_enter_results(folder: Path) -> None:
    """A result key without a board number asks about the cursor's board.  The cells write Б+
    and Ч+; on the Russian layout ``ч`` is the ``x`` of both lose, which was recorded at once,
    and ``б`` did nothing; a rare verdict asks, «Нет» in focus."""
    from schemes.state.model import BLACK_WINS, BOTH_LOSE, WHITE_WINS
    from tui.screens.confirm import ConfirmScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert "Доска 1: Победа белых?" in str(app.screen.query_one("Label").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.session.state.round(4).results == {}
        await pilot.press("1", "б", "2", "ч")
        await pilot.pause()
        results = app.screen.session.state.round(4).results
        assert {board: result.code for board, result in results.items()} == {1: WHITE_WINS, 2: BLACK_WINS}
        await pilot.press("3", "x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question.startswith(
            "Доска 3: Оба проиграли без игры (решение судьи)?"
        )
        await pilot.press("enter")  # «Нет» in focus: a key pressed by mistake, then Enter by habit
        await pilot.pause()
        assert 3 not in app.screen.session.state.round(4).results
        await pilot.press("3", "x", "д")
        await pilot.pause()
        assert app.screen.session.state.round(4).results[3].code == BOTH_LOSE
        await pilot.press("4", "w", "4", "a", "enter")  # a rare verdict over a result: «Нет» first too
        await pilot.pause()
        assert app.screen.session.state.round(4).results[4].code == WHITE_WINS


async def test_an_s_typed_for_one_board_is_not_carried_to_the_next_number(folder: Path) -> None:
    """A review: ``1 s 2 w`` recorded board 2 with its colours swapped — the win of the
    player listed black — where the ``s`` was for board 1."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.state.round(4).board(1).nigiri
        await pilot.press("1", "s", "2", "w")
        await pilot.pause()
        recorded = app.screen.session.state.round(4).results
        assert {board: (r.code, r.swapped) for board, r in recorded.items()} == {2: ("W+", False)}


async def player_sent_in_a_burst(pilot: Any, app: TengenApp, *values: str) -> None:
    """The player form opened (F2, a), its surname, name and strength typed, and Enter held down."""
    await pilot.press("f2", "a")
    await pilot.pause()
    for field, value in zip(("#surname", "#name", "#strength"), values, strict=True):
        app.screen.query_one(field, Input).value = value
    burst(app, "enter", "enter", "enter")


async def test_enter_held_down_closes_a_dialog_once(folder: Path) -> None:
    """A trial's fast hands: Enter held down in a dialog with a line to type reached it again
    after it had closed, and closed the screen under it — the tournament, shut unasked — and
    then the start screen, the last one, and the app fell over.  The file opens once and stays
    open; the player is registered once, his tournament still open."""

    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one(Input).value = str(folder / "gamma.json")
        burst(app, "enter", "enter", "enter")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen) and app.screen.is_mounted)
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["StartScreen", "TournamentScreen"]
        tournament = app.screen
        count = len(tournament.session.state.players)
        await player_sent_in_a_burst(pilot, app, "Козлов", "Олег", "3k")
        await until(pilot, lambda: app.screen is tournament)
        await pilot.pause()
        assert app.screen is tournament and app.is_running
        assert len(tournament.session.state.players) == count + 1


async def test_a_key_typed_before_a_question_was_up_does_not_answer_it(folder: Path) -> None:
    """A trial typed «by» at once on a board with its result (and pasted a shell command into
    the rounds tab): the «y» answered «Заменить?» before it was drawn, and the result was
    replaced unread.  The question stays until a key typed after it answers it."""
    from schemes.state.model import BLACK_WINS

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        played = app.screen.session.state.round(3)
        before = played.results[1].code
        assert before != BLACK_WINS
        burst(app, "1", "b", "y")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause()
        assert "уже записан" in app.screen.question and isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")  # typed with the question in sight: it answers
        await pilot.pause()
        assert app.screen.session.state.round(3).results[1].code == BLACK_WINS


async def test_a_key_typed_after_a_question_was_put_up_but_before_it_was_drawn_answers_nothing(
    folder: Path,
) -> None:
    """An attack in tmux: «1 b», and «y» 20 ms later — after «Заменить?» was put up, 40 ms
    before it was drawn — replaced the result unread (a terminal stamps each key as it reads
    it).  A key typed before the question was drawn answers nothing."""
    from textual.events import Key

    from schemes.state.model import BLACK_WINS

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        tournament = app.screen
        before = tournament.session.state.round(3).results[1].code
        await pilot.press("1", "b")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen) and app.screen.drawn_at is not None)
        question = app.screen
        assert question.made_at < question.drawn_at
        early = Key("y", "y")
        early.time = (question.made_at + question.drawn_at) / 2  # typed before it was drawn
        app.post_message(early)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is question and tournament.session.state.round(3).results[1].code == before
        await pilot.press("y")  # typed with the question in sight: it answers
        await until(pilot, lambda: app.screen is tournament)
        assert tournament.session.state.round(3).results[1].code == BLACK_WINS


async def test_enter_held_down_over_a_choice_that_asks_asks_once(folder: Path) -> None:
    """An attack: each Enter of a held key reached the form before the first had asked over it,
    and each asked again — three «уже в списке?», the last answer falling over (a traceback) —
    and on the start screen three Enters on a damaged file left two «Вернуть копию?» that rolled
    back, later, the file worked in since; on a good one, the app said the file was open in
    another program: itself.  One question, one opening."""
    from tui.cli import main

    app = app_on(folder, "gamma.json")  # Матвеев Евгений is player 1
    async with run_test(app, size=(80, 24)) as pilot:
        tournament = app.screen
        count = len(tournament.session.state.players)
        await player_sent_in_a_burst(pilot, app, "Матвеев", "Евгений", "2d")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack][1:] == [
            "TournamentScreen",
            "PlayerFormScreen",
            "ConfirmScreen",
        ]
        await pilot.press("y")
        await until(pilot, lambda: app.screen is tournament)
        assert len(tournament.session.state.players) == count + 1 and app.is_running
    path = folder / "gamma.json"
    assert main(["-f", str(path), "settings", "--place", "Томск"]) == 0  # a backup to offer
    path.write_bytes(path.read_bytes()[:100])
    app = app_on(folder, None)
    async with run_test(app, size=(80, 24)) as pilot:
        options = app.screen.query_one("#tournaments")
        options.highlighted = next(
            i for i in range(options.option_count) if options.get_option_at_index(i).id == str(path.resolve())
        )
        burst(app, "enter", "enter", "enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["StartScreen", "ConfirmScreen"]
        await pilot.press("escape")
        await pilot.pause()
        options.highlighted = next(
            i for i in range(options.option_count) if options.get_option_at_index(i).id == str(folder / "mcmahon.json")
        )
        burst(app, "enter", "enter", "enter")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen) and app.screen.is_mounted)
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack] == ["StartScreen", "TournamentScreen"]
        assert not any("уже открыт" in note for note in notes(app))


async def test_a_print_covered_by_the_palette_still_closes_its_bar() -> None:
    """An attack: ctrl+p typed while a print ran; the print's end closed the palette instead of
    its progress bar, which then stayed for good.  The bar closes once it is on top again."""
    from textual.app import App

    from tui.screens.confirm import ConfirmScreen as Over
    from tui.screens.progress import ProgressScreen

    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        progress = ProgressScreen(3)
        app.push_screen(progress)
        app.push_screen(Over("Над ним?"))
        await pilot.pause()
        progress.finish()
        await pilot.pause()
        assert isinstance(app.screen, Over) and progress in app.screen_stack
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert progress not in app.screen_stack and len(app.screen_stack) == 1


async def test_undos_held_down_leave_one_notice(folder: Path) -> None:
    """A trial's fast hands: ctrl+z held down left a pile of «Отменено: …» notices, where each
    undo means to say what it undid in place of the one before (Textual cleared at once and
    showed a notice a message later).  The last undo's notice alone stays."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f8")
        for place in ("Томск", "Омск", "Тверь"):
            app.screen.act(actions.change_settings(place=place))
        await pilot.pause()
        burst(app, "ctrl+z", "ctrl+z", "ctrl+z")
        await pilot.pause()
        await pilot.pause()
        shown = [notification.message for notification in app._notifications]
        assert len(shown) == 1 and shown[0].startswith("Отменено: ") and "Томск" in shown[0]


async def test_a_refusal_held_down_is_shown_once(folder: Path) -> None:
    """An attack in tmux: ctrl+y held with nothing to redo piled «Нечего возвращать» up, seven
    deep, and some stayed drawn after they expired.  A notice shown already is not shown again."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        burst(app, *["ctrl+y"] * 7)
        await until(pilot, lambda: len(notes(app)) >= 7)  # each said, and each but the first not shown again
        await pilot.pause()
        assert [notification.message for notification in app._notifications] == ["Нечего возвращать"]


async def test_escape_held_down_closes_the_dialog_not_the_tournament_under_it(folder: Path) -> None:
    """An attack: Escape held down in a dialog closed it, and the next Escape of the burst the
    tournament under it, unasked.  A key goes to the screen on top when it was typed: the
    dialog closes, the tournament stays; an Escape typed once it is in sight closes it."""
    from tui.screens.export_dialog import ExportScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        tournament = app.screen
        await pilot.press("f7")
        await until(pilot, lambda: isinstance(app.screen, ExportScreen))
        burst(app, "escape", "escape", "escape")
        await until(pilot, lambda: app.screen is tournament)
        await pilot.pause()
        assert app.screen is tournament and tournament in app.screen_stack
        escape_alone(app)
        await until(pilot, lambda: tournament not in app.screen_stack)


async def test_escape_held_down_in_a_terminal_leaves_the_tournament_open(folder: Path) -> None:
    """A terminal stamps a held Escape's repeats as it reads them: after the dialog the first
    closed, so they were the tournament's, and closed it (tmux, F7 and three Escapes).  An
    Escape within a second of the one before does not close the tournament; one typed a second
    after the last closes it."""
    from tests.tui.conftest import key_at
    from tui.app import ESCAPE_HELD
    from tui.screens.export_dialog import ExportScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        tournament = app.screen
        await pilot.press("f7")
        await until(pilot, lambda: isinstance(app.screen, ExportScreen))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is tournament)
        for repeat in (0.03, 0.06, 0.09):  # the repeats, read once the tournament is in sight
            key_at(app, "escape", app.shown_since + repeat)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is tournament
        key_at(app, "escape", app.shown_since + 0.1 + ESCAPE_HELD)
        await until(pilot, lambda: tournament not in app.screen_stack)


async def test_q_held_down_closes_the_tournament_and_does_not_quit(folder: Path) -> None:
    """An attack in tmux: ``q`` held closed the tournament, and its repeats, read on the start
    screen, quit the app (its pages and its hall's server with it); held over F1, it closed the
    keys' list and the tournament.  A ``q`` a second after the last closes, or quits."""
    from tests.tui.conftest import key_at
    from tui.app import ESCAPE_HELD

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        tournament = app.screen
        await pilot.press("f1")  # over a dialog q closes, the tournament under it stays (a review)
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("q")
        await until(pilot, lambda: app.screen is tournament)
        for repeat in (0.5, 0.53):
            key_at(app, "q", app.leaving_keys[-1].time + repeat)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is tournament
        key_at(app, "q", app.leaving_keys[-1].time + 0.1 + ESCAPE_HELD)
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        first = app.leaving_keys[-1].time
        for repeat in (0.5, 0.53, 0.56):  # the repeats, after the pause before a key repeats
            key_at(app, "q", first + repeat)
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, StartScreen)
        key_at(app, "q", first + 0.57 + ESCAPE_HELD)
        await until(pilot, lambda: not app.is_running)


async def test_arrows_typed_at_once_in_a_question_move_as_many_answers(folder: Path) -> None:
    """An attack: «← ← ⏎» typed at once in a question of three answers moved one answer, and
    Enter gave the one in focus before: the answer the referee had left.  Two arrows, two
    answers; Enter gives the one reached."""
    from tui.screens.confirm import ChoiceScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        answers = [("black", "Победа чёрных"), ("white", "Победа белых"), ("later", "Потом")]
        chosen: list[str | None] = []
        app.push_screen(ChoiceScreen("Доска 2?", answers, "later"), chosen.append)
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and app.screen.drawn_at is not None)
        burst(app, "left", "left", "enter")  # at once, the question in sight
        await until(pilot, lambda: chosen != [])
        assert chosen == ["black"]


async def test_tab_in_a_question_stops_at_the_last_answer(folder: Path) -> None:
    """An attack: Tab in «Закрыть турнир?» went round from «Нет» (in focus) to «Да», and Enter
    closed the tournament.  Tab and Shift+Tab step as the arrows do, stopping at either end."""
    from tui.screens.confirm import ConfirmScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        answers: list[bool | None] = []
        app.push_screen(ConfirmScreen("Закрыть?", default=False), answers.append)
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("tab", "enter")
        await until(pilot, lambda: answers != [])
        assert answers == [False]
        app.push_screen(ConfirmScreen("Закрыть?", default=False), answers.append)
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("shift+tab", "shift+tab", "enter")
        await until(pilot, lambda: len(answers) == 2)
        assert answers == [False, True]


def test_a_byte_the_terminal_sends_that_is_no_utf8_is_a_replacement_character() -> None:
    """A durability attack: one byte of a KOI8-R terminal's letter closed the app with a
    traceback (Textual's input thread decodes strictly).  The app's terminal reader replaces it,
    and goes on decoding what follows."""
    from textual.drivers import linux_driver

    import tui.app  # noqa: F401  # its import sets the reader

    decode = linux_driver.getincrementaldecoder("utf-8")().decode
    assert decode(b"\xff\xd0") + decode(b"\x96", final=True) == "\ufffdЖ"


async def test_answers_too_many_for_a_row_are_one_a_line_all_on_the_screen(folder: Path) -> None:
    """A hall trial: handing the chief's role on, five laptops and «Отмена» ran off the right
    edge at 80 columns, «Отмена» in focus unseen; a dispute of three results did the same
    with «Потом».  Such answers are one a line, every one on the screen; the arrows still
    step through them, and Enter gives the one reached."""
    from textual.widgets import Button

    from tui.screens.confirm import ChoiceScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        answers = [(f"laptop-{n}", f"Стол {n} (Кириллова-Ярошевская)") for n in range(1, 6)] + [("cancel", "Отмена")]
        chosen: list[str | None] = []
        app.push_screen(ChoiceScreen("Кому передать роль главного?", answers, "cancel"), chosen.append)
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and app.screen.drawn_at is not None)
        buttons = list(app.screen.query(Button))
        assert [b.id for b in buttons] == [answer for answer, _words in answers]
        for button in buttons:
            region = button.region
            assert region.height == 1 and region.right <= 80 and region.bottom <= 24, button.id
            assert str(button.label) in (words for _answer, words in answers)
        assert len({b.region.y for b in buttons}) == 6  # one a line
        await pilot.press("up", "up", "enter")
        await until(pilot, lambda: chosen != [])
        assert chosen == ["laptop-4"]
        few = [("black", "Победа чёрных"), ("white", "Победа белых"), ("later", "Потом")]
        app.push_screen(ChoiceScreen("Доска 2?", few, "later"), chosen.append)
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and app.screen.drawn_at is not None)
        assert len({b.region.y for b in app.screen.query(Button)}) == 1  # a row, as before


async def test_a_backspace_and_a_letter_read_together_act_in_the_order_typed(folder: Path) -> None:
    """A trial (tmux, keys sent at once as over a slow ssh or from a script): End, four
    Backspaces and «1990» in a player's rating saved 1199, unsaid.  Textual inserts a letter
    as the field gets it, but runs a key's binding (Backspace) only once the key has bubbled
    up to the app: the «9» went in before the Backspace that came before it, which then took
    it away.  Every field of the app acts on its own keys as they come (``tui.widgets.Field``)."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "e")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, PlayerFormScreen)
        field = form.query_one("#strength", Input)
        field.focus()
        await pilot.pause()
        before = field.value
        burst(app, "end", *["backspace"] * len(before), "1", "9", "9", "0", "left", "left", "delete", "8")
        await pilot.pause()
        assert field.value == "1980"


def test_every_field_of_the_app_is_one_that_acts_on_its_keys_in_order() -> None:
    """A field made with Textual's own ``Input`` would lose a Backspace's order again."""
    import re

    import tui

    made = [
        f"{path.name}:{number}"
        for path in Path(tui.__file__).parent.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"(?<![\w.])Input\(", line)
    ]
    assert made == []


async def test_a_round_typed_fast_into_the_print_dialog_is_the_round_printed(folder: Path) -> None:
    """A trial: «1⏎» sent at once into F6's round printed the latest round's protocol: the
    dialog's Enter, taken before any widget, ran before the field had read the 1."""
    app = app_on(folder, "mcmahon.json")  # two rounds paired
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        burst(app, "tab", "1", "enter")  # from the list to the round (an attack: the 1 went to the list)
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen))
        await app.workers.wait_for_complete()
        await pilot.pause()
    assert (folder / "mcmahon-protocol-1.pdf").exists() and not (folder / "mcmahon-protocol-2.pdf").exists()


async def test_keys_typed_after_a_tab_in_one_burst_go_to_the_next_field(folder: Path) -> None:
    """A trial's «Tab Tab End ⌫⌫ 50 ⏎» sent at once into a player's form saved «Матве50» as his
    surname: Textual moved the focus once the Tab had bubbled up from the field, after the keys
    behind it had gone into the field it left."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "e")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, PlayerFormScreen) and form.focused is form.query_one("#surname", Input)
        before = form.player
        assert before is not None and before.rating is not None
        burst(app, "tab", "tab", "end", "backspace", "backspace", "5", "0", "enter")
        await until(pilot, lambda: isinstance(app.screen, TournamentScreen))
        after = app.screen.session.state.players[before.id]
        assert (after.surname, after.name) == (before.surname, before.name)
        assert str(after.rating) == str(before.rating)[:-2] + "50"
