"""The players' table and form as a referee uses them (issue 24): clubs kept as typed, the
edit's notification naming the player as edited, a first name required, the status in
view at 80 columns, Escape closing the tournament."""

import random
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Input

from paperwork.rating_table import export
from tests.tui.conftest import escape_alone, form_sent, notes, run_test, until
from tui import i18n
from tui.app import TengenApp
from tui.screens.player_form import PlayerFormScreen
from tui.screens.start import StartScreen


def app_on(folder: Path, name: str) -> TengenApp:
    i18n.set_language("ru")
    return TengenApp(str(folder / name), folder=folder, open_viewer=False)


async def fill(pilot, app: TengenApp, **fields: str) -> None:
    for field, value in fields.items():
        app.screen.query_one(f"#{field}", Input).value = value
    app.screen.query_one("#surname", Input).focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_a_club_is_kept_as_typed_and_the_tables_use_codes(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "a")
        await pilot.pause()
        await fill(pilot, app, surname="Новиков", name="Пётр", strength="1850", club="Владивосток")
        session = app.screen.session
        player = max(session.state.players)
        assert session.state.players[player].club == "Владивосток"
        table = app.screen.query_one("#players-table", DataTable)
        table.move_cursor(row=table.get_row_index(str(player)))
        await pilot.press("e")
        await pilot.pause()
        await fill(pilot, app, surname="Новикова", club="Хабаровск")
        assert session.state.players[player].club == "Хабаровск"
        assert notes(app)[-1] == "Сохранено: Новикова Пётр"  # the name as edited, not the old one
        await pilot.press("f3", "n", "y")  # on a board: the table lists only those who came
        await app.workers.wait_for_complete()
        await pilot.pause()
        line = next(line for line in export(session.state, session.events).splitlines() if "Новикова" in line)
        assert " Kha " in line  # the commission's table writes the city's code


async def test_a_declared_rank_is_shown_beside_the_rating_and_changed_there(tmp_path: Path) -> None:
    """A trial: an OpenGotha player rated 1113 who plays as a 7k showed «1113» in the form; the
    referee typed his new rank, 6k, over it and the rating was gone.  The form shows both,
    and the rank typed beside keeps the rating; a rank alone, the rating erased in sight,
    leaves none."""
    from data.service import Service
    from schemes.log import actions

    service = Service.create(tmp_path / "mm.json", [actions.create("Кубок", "mcmahon", 5)])
    service.commit_all(actions.registrations([], [
        {"surname": "Мрочек", "name": "Ян", "rating": 1113, "rank": "7k"},
        {"surname": "Пётров", "name": "Иван", "rating": 1850}]))  # fmt: skip
    service.close()
    app = app_on(tmp_path, "mm.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        table = app.screen.query_one("#players-table", DataTable)
        session = app.screen.session
        for player, shown in ((2, "1850"), (1, "1113 7k")):  # his rating's own rank is not repeated
            table.move_cursor(row=table.get_row_index(str(player)))
            await pilot.press("e")
            await pilot.pause()
            assert app.screen.query_one("#strength", Input).value == shown
            if player == 2:
                await pilot.press("escape")
                await pilot.pause()
        await fill(pilot, app, strength="1113 6k")
        assert (session.state.players[1].rank, session.state.players[1].rating) == (15, 1113)
        await pilot.press("e")
        await pilot.pause()
        await fill(pilot, app, strength="5k")
        assert (session.state.players[1].rank, session.state.players[1].rating) == (16, None)


async def test_the_form_reads_names_and_strengths_as_the_imported_lists_do(folder: Path) -> None:
    """A first name is required; a surname with no letter names nobody (a list's row is
    refused for it too), and a number of three digits or more is a rating, as a list's rating
    column reads it; a rank beside it is said to be refused where the scheme takes the rank
    from the rating."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "a")
        await pilot.pause()
        assert isinstance(app.screen, PlayerFormScreen)
        await fill(pilot, app, surname="Новиков", strength="2d")
        assert isinstance(app.screen, PlayerFormScreen)
        assert "Укажите имя" in str(app.screen.query_one("#name-error").render())
        await fill(pilot, app, surname="-", name="Пётр", strength="050")
        assert isinstance(app.screen, PlayerFormScreen)
        assert "Укажите фамилию" in str(app.screen.query_one("#surname-error").render())
        assert str(app.screen.query_one("#strength-error").render()).strip() == ""
        await fill(pilot, app, surname="Новиков", strength="1850 5k")  # the rating decides the rank in Gamma
        assert str(app.screen.query_one("#strength-error").render()) == (
            "ранг рядом с рейтингом хранится в Мак-Магоне и швейцарской системе: здесь ранг — ранг рейтинга (3k); "
            "укажите только рейтинг"
        )
        await fill(pilot, app, strength="050")
        session = app.screen.session
        assert session.state.players[max(session.state.players)].rating == 50


async def test_a_cut_name_keeps_its_initial_and_a_blocked_player_is_named_by_his_number(tmp_path: Path) -> None:
    """A FORS trial at 80 columns: names cut to «Сидоров…» (Сидоров or Сидорова?) while the
    country column said RU on every row, and «Не играет с» showed 14, a registration id, on a
    table whose № 14 was another player.  The name gives its first name first, the country
    goes where all have one, and the blocked player is his №."""
    from tui.cli import main

    path = tmp_path / "fors.json"
    assert main(["new", str(path), "--scheme", "fors", "--rounds", "3", "--name", "Кубок"]) == 0
    surnames = ("Константинопольская", "Сидорова", "Сидоров", "Петров")
    for surname, rank in zip(surnames, ("1k", "3d", "2d", "5k"), strict=True):
        assert main(["-f", str(path), "player", "add", "--surname", surname, "--name", "Александра", "--rank", rank,
                     "--country", "RU", "--club", "Владивосток"]) == 0  # fmt: skip
    assert main(["-f", str(path), "player", "edit", "1", "--block", "2"]) == 0
    assert main(["-f", str(path), "player", "withdraw", "3", "--from", "2"]) == 0
    assert main(["-f", str(path), "pair"]) == 0
    app = app_on(tmp_path, "fors.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        table = app.screen.query_one("#players-table", DataTable)
        assert "country" not in list(table.columns)
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        names = [row[list(table.columns).index("name")] for row in rows]
        assert names == ["Константинопольская А.", "Сидорова Александра", "Сидоров Александра", "Петров Александра"]
        number = app.screen.session.state.numbers[2]
        assert rows[0][list(table.columns).index("blocked")] == f"№{number}" and number != 2


async def test_the_withdrawal_key_brings_a_withdrawn_player_back(folder: Path) -> None:
    """``w`` withdraws the player under the cursor, his status in view at 80 columns; ``w`` on
    a withdrawn player asks to bring him back (the spec's «returns»), «Нет» in focus; «Да»
    puts him in the next round's field, with no skip where nothing was missed."""
    from tui.screens.confirm import ConfirmScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "w", "y")
        await pilot.pause()
        table = app.screen.query_one("#players-table", DataTable)
        status = list(table.columns).index("status")
        assert str(table.get_row_at(0)[status]) == "выбыл с тура 4"
        left = sum(c.get_render_width(table) for c in list(table.columns.values())[: status + 1])
        assert left <= 80  # its column ends inside the screen, no scrolling needed
        player = app.screen.query_one("#players-table", DataTable).cursor_row + 1
        assert app.screen.session.state.players[player].withdrawn_from == 4
        await pilot.press("w")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        state = app.screen_stack[-2].session.state
        named = f"{state.numbers[player]}. {state.players[player].full_name}"  # which of two namesakes (a trial)
        assert dialog.question == f"Вернуть в турнир с 4-го тура: {named}?"  # a trial: «Вернуть Лебедев Максим»
        await pilot.press("enter")  # «Нет»: nothing changes
        await pilot.pause()
        back = app.screen.session.state.players[player]
        assert back.withdrawn_from == 4
        await pilot.press("w", "y")
        await pilot.pause()
        back = app.screen.session.state.players[player]
        assert (back.withdrawn_from, back.skips) == (None, frozenset())
        table = app.screen.query_one("#players-table", DataTable)
        assert str(table.get_row_at(0)[list(table.columns).index("status")]) == ""


def test_a_players_skips_read_the_same_before_and_after_their_rounds() -> None:
    """A trial: the list said «пропускает 2» of a player once round 2 was played; the skip is
    named, whenever it is (and withdrawn, «выбыл с тура 4», as it was)."""
    from schemes.state.model import Player
    from tui.panes.players import PlayersPane

    player = Player(7, "Кутасов", "Илья", 10)
    assert PlayersPane.status(player, False) == ""
    assert PlayersPane.status(Player(7, "Кутасов", "Илья", 10, skips=frozenset({2})), False) == "пропуск: 2"
    assert PlayersPane.status(Player(7, "Кутасов", "Илья", 10, skips=frozenset({4, 2})), False) == "пропуск: 2 4"


def test_a_late_skip_is_marked_where_the_scheme_has_a_deadline() -> None:
    """A trial: sport-handicap's F2 said «пропуск тура 3» of a skip worth 5 and of one announced
    late, worth 0: a late round is marked «!», as on paper; where the scheme has no deadline
    nothing is late."""
    from dataclasses import replace

    from schemes.state.model import Player
    from tui.panes.players import PlayersPane

    def status(deadline: bool, skips: set[int], late: set[int], withdrawn: int | None = None) -> str:
        player = Player(7, "Кутасов", "Илья", 10, skips=frozenset(skips), late=frozenset(late))
        return PlayersPane.status(replace(player, withdrawn_from=withdrawn), deadline)

    assert status(True, {3}, {3}) == "пропуск: 3!" and status(False, {3}, {3}) == "пропуск: 3"
    assert status(True, {3}, set()) == "пропуск: 3"
    assert status(True, {2, 4, 5}, {4, 5}) == "пропуск: 2 4! 5!"
    assert status(True, set(), {4}, withdrawn=4) == "выбыл с тура 4!"


async def test_a_late_rounds_mark_is_explained_under_the_list(folder: Path) -> None:
    """A trial read «пропуск: 3!» in F2 and did not know the «!»; the paper's legend says it.
    Under the list while a status shows it, and not otherwise."""
    from textual.widgets import Static

    from data.service import Service
    from schemes.log import actions

    path = folder / "sport-handicap.json"
    with Service(path) as service:
        state = service.state
    assert state.settings.scheme == "sport-handicap" and state.paired_rounds < (state.settings.rounds or 0)
    app = app_on(folder, path.name)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        legend = app.screen.query_one("#players-legend", Static)
        assert not legend.display
    coming = state.paired_rounds + 1  # announced once the round before it is paired: late
    player = next(p for p in state.players.values() if p.withdrawn_from is None and coming not in p.skips)
    with Service(path, writable=True) as service:
        service.commit(actions.skip(player.id, [coming]))
    app = app_on(folder, path.name)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        legend = app.screen.query_one("#players-legend", Static)
        assert legend.display and str(legend.render()) == "! после тура — объявлено поздно: как неявка"
        table = app.screen.query_one("#players-table", DataTable)
        assert str(table.get_row(str(player.id))[5]) == f"пропуск: {coming}!"
        assert table.region.bottom <= legend.region.y  # under the list, not over its rows


async def test_skipping_asks_nothing_once_every_round_is_paired(folder: Path) -> None:
    """A trial: after the last round was paired, ``k`` still opened the skip dialog, and the
    refusal came only after the rounds were typed.  Now it is said at once; before, the
    question gives its example as one («например 2 3»), not as rounds he skips."""
    from tui.screens.ask import AskScreen

    app = app_on(folder, "fors-vladivostok.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "k")
        await pilot.pause()
        assert not isinstance(app.screen, AskScreen)
        total = app.screen.session.state.paired_rounds
        assert notes(app)[-1] == f"Все туры ({total}) уже составлены"
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "k")
        await pilot.pause()
        assert isinstance(app.screen, AskScreen) and app.screen.prompt.endswith(": пропускаемые туры, например 2 3")


async def test_escape_on_a_filtered_list_shows_everyone_before_it_closes(folder: Path) -> None:
    """Esc on the players' table (the focus there after F2) shows everyone where a search
    filtered them, and on the whole list closes the tournament."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen.focused, DataTable)
        everyone = app.screen.query_one(DataTable).row_count
        await pilot.press("slash", *"матв", "enter")  # the search, then back on the list
        await pilot.pause()
        assert 0 < app.screen.query_one(DataTable).row_count < everyone
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one("#search", Input).value == ""
        assert app.screen.query_one(DataTable).row_count == everyone
        assert isinstance(app.screen.focused, DataTable)
        escape_alone(app)
        await until(pilot, lambda: isinstance(app.screen, StartScreen))


async def test_the_search_finds_a_player_by_his_number(folder: Path) -> None:
    """The number on the boards and the cards (``870. Игрок00869``), typed in the search: the
    players whose number begins with it."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        numbers = app.screen.session.state.numbers
        wanted = max(numbers.values())
        await pilot.press("slash")
        await pilot.pause()
        search = app.screen.query_one("#search", Input)
        search.value = str(wanted)
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        shown = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert shown == [str(wanted)] and app.focused is search
        await pilot.press("down")  # from the box to the list found, as Enter goes (a trial pressed ↓)
        await pilot.pause()
        assert app.focused is table and table.row_count == 1
        await pilot.press("down", "up")  # the list's own keys move its cursor
        await pilot.pause()
        assert app.focused is table


async def test_the_search_finds_a_player_by_his_id_whole(tmp_path: Path) -> None:
    """A hall trial: the header named possible twins by their ids («10003=20003») before round
    1, and the search found nobody by them (it took them for numbers, none given yet)."""
    from tui.cli import main

    path = tmp_path / "cup.json"
    assert main(["new", str(path), "--scheme", "mcmahon", "--rounds", "3", "--name", "Cup"]) == 0
    for surname in ("Первый", "Второй", "Третий"):
        assert main(["-f", str(path), "player", "add", "--surname", surname, "--name", "А", "--rank", "1k"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        app.screen.query_one("#search", Input).value = "2"
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert [str(table.get_row_at(i)[2]) for i in range(table.row_count)] == ["Второй А"]


async def test_the_search_finds_an_accented_name_typed_without_its_accents(tmp_path: Path) -> None:
    """A trial at a European event: «horvath» found nobody in the players tab, nor «odon horv»."""
    from tui.cli import main

    path = tmp_path / "bled.json"
    assert main(["new", str(path), "--scheme", "mcmahon", "--rounds", "3", "--name", "Bled"]) == 0
    for surname, name in (("Horváth", "Ödön"), ("Müller", "Jürgen"), ("Horn", "Anna")):
        assert main(["-f", str(path), "player", "add", "--surname", surname, "--name", name, "--rank", "1k"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        for query, found in (
            ("horvath", ["Horváth Ödön"]),
            ("odon horv", ["Horváth Ödön"]),
            ("hor", ["Horn Anna", "Horváth Ödön"]),
        ):
            app.screen.query_one("#search", Input).value = query
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            assert sorted(str(table.get_row_at(i)[2]) for i in range(table.row_count)) == found, query


async def test_notifications_go_with_the_tournament(folder: Path) -> None:
    """A refusal's notification does not outlive the tournament it was about (Textual
    keeps the notifications on show in ``App._notifications``)."""
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "9", "9", "w")
        await pilot.pause()
        assert any("нет доски 99" in n for n in notes(app)) and len(app._notifications) == 1
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert len(app._notifications) == 0


async def test_the_prizes_say_who_was_passed_over(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "p")
        await pilot.pause()
        notes_shown = str(app.screen.query_one("#prize-notes").render())
        assert "больше всех побед:" not in notes_shown  # Кутасов has as many wins as Широков: no note
        assert (
            "самая длинная серия побед: 4. Широков Дмитрий (1d) впереди (подряд: 3), но уже есть приз «1 место»"
            in notes_shown
        )


async def test_one_notation_on_screen_as_on_paper(folder: Path) -> None:
    """The table of every round names opponents as the paper does (McMahon: by row, as
    OpenGotha's standings), writes half points as ½, and says what its marks mean."""
    from paperwork.marks import points

    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "t")
        await pilot.pause()
        table = app.screen.query_one("#standings-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert [row[1] for row in rows] == [str(i) for i in range(1, len(rows) + 1)]  # rows, not player numbers
        assert "победа над игроком строки 5 (#)" in str(app.screen.query_one("#standings-legend").render())
        assert str(list(table.columns.values())[1].label) == "#"  # the row, not «№» (a trial read it as his number)
    assert (points(22.5), points(0.5), points(22), points(-1.5)) == ("22½", "½", "22", "-1½")


async def test_a_player_registered_in_advance_is_confirmed_when_he_comes(folder: Path) -> None:
    """McMahon (OpenGotha's PRE): his status says so, he is not paired, and ``c`` on his row
    confirms him — from then on he is paired; a player registered already is left as he is."""
    from tui.cli import main

    path = folder / "mcmahon.json"
    assert main(["-f", str(path), "player", "add", "--surname", "Заранее", "--name", "Пётр", "--rank", "3k",
                 "--pre"]) == 0  # fmt: skip
    assert main(["-f", str(path), "player", "add", "--surname", "Заранее", "--name", "Мария", "--rank", "5k",
                 "--sex", "ж", "--pre"]) == 0  # fmt: skip
    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        session = app.screen.session
        late = max(session.state.players) - 1
        table = app.screen.query_one("#players-table", DataTable)
        status = list(table.columns).index("status")
        assert str(table.get_row(str(late))[status]) == "предв. рег."
        upcoming = session.state.paired_rounds + 1
        assert upcoming == 3 and not session.state.players[late].available_in(upcoming)
        table.move_cursor(row=table.get_row_index(str(late)))
        await pilot.press("c")
        await pilot.pause()
        assert notes(app)[-1] == "Заранее Пётр пришёл: в парах с 3-го тура"
        assert session.state.players[late].available_in(upcoming)
        assert str(table.get_row(str(late))[status]) == "пропуск: 1 2"  # registered after they were paired
        await pilot.press("c")
        await pilot.pause()
        assert notes(app)[-1] == "Заранее Пётр — уже в списке, не предварительно"
        table.move_cursor(row=table.get_row_index(str(late + 1)))
        await pilot.press("c")
        await pilot.pause()
        assert notes(app)[-1] == "Заранее Мария пришла: в парах с 3-го тура"  # a word agrees with her sex


async def test_confirming_is_refused_where_nobody_registers_in_advance(folder: Path) -> None:
    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "c")
        await pilot.pause()
        assert notes(app)[-1] == "Предварительная регистрация — из OpenGotha: только Мак-Магон и швейцарская система"
        assert not app.screen.query_one("PlayersPane").check_action("confirm", ())


async def test_a_surname_too_long_is_said_beside_it_and_nothing_typed_is_lost(folder: Path) -> None:
    """A 600-letter surname closed the form with a notification, and everything typed was
    gone; the registration's own checks now run in the form, each beside its field."""
    from textual.widgets import Label

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "a")
        await pilot.pause()
        count = len(app.screen.app.screen_stack[-2].session.state.players)
        await fill(pilot, app, surname="Я" * 600, name="Пётр", strength="1850", club="Клуб\tX")
        assert isinstance(app.screen, PlayerFormScreen)
        assert (
            str(app.screen.query_one("#surname-error", Label).render())
            == "фамилия: 600 знаков, допустимо не больше 100"
        )
        assert "невидимый" in str(app.screen.query_one("#club-error", Label).render())
        assert app.screen.query_one("#name", Input).value == "Пётр"
        await fill(pilot, app, surname="Новиков", club="Клуб")
        assert not isinstance(app.screen, PlayerFormScreen)
        assert len(app.screen.session.state.players) == count + 1


def asks_must_not_meet(form: PlayerFormScreen) -> bool:
    """Whether the form asks whom the player must not meet: both its label and its field shown
    (a Swiss trial's form took «Не играет с: 3», which its pairing then ignored)."""
    from textual.widgets import Label

    labels = [str(label.render()) for label in form.query(Label) if label.display]
    shown = "Не играет с (рег. номера: 3 7)" in labels
    assert form.query_one("#block", Input).display is shown
    return shown


async def test_a_block_of_no_one_or_of_himself_is_said_beside_it_and_nothing_typed_is_lost(folder: Path) -> None:
    """A trial typed «Не играет с: 99» in a filled form: the form closed with «Нет игрока 99» and
    the player was lost; editing a player to block himself did the same.  Said beside the field."""
    from textual.widgets import Label

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "a")
        await pilot.pause()
        count = len(app.screen.app.screen_stack[-2].session.state.players)
        labels = [str(label.render()) for label in app.screen.query(Label)]
        assert "Рейтинг или ранг (2150 или 2d)" in labels  # Gamma keeps no rank beside a rating (a trial)
        assert isinstance(app.screen, PlayerFormScreen) and asks_must_not_meet(app.screen)  # Gamma keeps them apart
        await fill(pilot, app, surname="Новиков", name="Пётр", strength="1850", block="99")
        assert isinstance(app.screen, PlayerFormScreen)
        assert str(app.screen.query_one("#block-error", Label).render()) == "нет игрока 99"
        assert app.screen.query_one("#surname", Input).value == "Новиков"
        from schemes.log import actions

        session = app.screen.app.screen_stack[-2].session  # a player comes meanwhile (a hall's merge, a review)
        late = session.commit(actions.register(session.events, surname="Поздний", name="Ян", rank="1k")).event
        await fill(pilot, app, block=str(late.data["player"]))
        assert not isinstance(app.screen, PlayerFormScreen)
        state = app.screen.session.state
        assert len(state.players) == count + 2 and state.players[count + 2].block == {count + 1}
        await pilot.press("home", "e")
        await pilot.pause()
        first = app.screen.player
        await fill(pilot, app, block=str(first.id))
        assert isinstance(app.screen, PlayerFormScreen)
        assert str(app.screen.query_one("#block-error", Label).render()).endswith("не может быть запрещён сам себе")


async def test_the_form_offers_a_rank_beside_a_rating_where_the_scheme_keeps_both(folder: Path) -> None:
    """McMahon's form: a rank beside a rating offered (McMahon keeps both), and no «Не играет
    с» (its pairing does not keep players apart)."""
    from textual.widgets import Label

    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "a")
        await pilot.pause()
        assert isinstance(app.screen, PlayerFormScreen)
        assert "Рейтинг или ранг (2150, 2d или оба: 2150 2d)" in [str(x.render()) for x in app.screen.query(Label)]
        assert not asks_must_not_meet(app.screen)


async def test_home_and_end_go_to_the_first_and_the_last_player(folder: Path) -> None:
    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "end")
        await pilot.pause()
        table = app.screen.query_one("#players-table", DataTable)
        assert table.cursor_row == table.row_count - 1 > 0
        await pilot.press("home")
        await pilot.pause()
        assert table.cursor_row == 0


async def test_esc_on_a_form_half_typed_asks_before_the_typing_is_lost(folder: Path) -> None:
    """A trial pressed Esc by habit in a half-filled «Новый игрок» and lost it: now Esc asks,
    «Нет» in focus (Enter keeps the form as typed); an untouched form closes at once."""
    from tui.screens.confirm import ConfirmScreen

    app = app_on(folder, "gamma.json")
    async with run_test(app, size=(80, 24)) as pilot:
        before = len(app.screen.session.state.players)
        await pilot.press("f2", "a")
        await pilot.pause()
        await pilot.press("escape")  # nothing typed: closed at once
        await pilot.pause()
        assert not isinstance(app.screen, PlayerFormScreen | ConfirmScreen)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Новиков", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Введённое не сохранится" in str(app.screen.query_one(".question").render())
        await pilot.press("enter")  # «Нет»: back in the form, the surname as typed
        await pilot.pause()
        assert isinstance(app.screen, PlayerFormScreen)
        assert app.screen.query_one("#surname", Input).value == "Новиков"
        await pilot.press("escape", "y")
        await pilot.pause()
        assert not isinstance(app.screen, PlayerFormScreen | ConfirmScreen)
        assert len(app.screen.session.state.players) == before


async def test_withdrawing_from_a_round_robin_says_what_his_opponents_score(tmp_path: Path) -> None:
    """A trial: the withdrawn player's later opponents each had a bye worth 0, which decided
    the title, and nothing had said so before the «Да»."""
    from tui.cli import main
    from tui.screens.confirm import ConfirmScreen

    path = tmp_path / "rr.json"
    assert main(["new", str(path), "--scheme", "round-robin", "--name", "Клуб", "--param", "numbering=rating"]) == 0
    for surname, rating in (("Иванов", "2400"), ("Петров", "2300"), ("Сидоров", "2200"), ("Ёлкин", "2100")):
        assert main(["-f", str(path), "player", "add", "--surname", surname, "--name", "Я", "--rating", rating]) == 0
    app = app_on(tmp_path, "rr.json")
    async with run_test(app, size=(80, 24)) as pilot:  # before round 1 he leaves the table itself: nothing said
        await pilot.press("f2", "w")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and app.screen.details == ""
    assert main(["-f", str(path), "pair"]) == 0
    app = app_on(tmp_path, "rr.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "w")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Снять с турнира с 2-го тура: 1. Иванов Я?"
        assert app.screen.details == (
            "Его соперники с 2-го тура получат свободный тур (очков за него: 0). Чтобы им засчитали "
            "победу, не снимайте его, а вносите его партии как неявки (W, B)."
        )


async def test_a_prize_shared_shows_every_winner_at_80_columns(tmp_path: Path) -> None:
    """A trial read «2. Петров Пётр; 3.…» in the prizes at 80 columns: the winners of a shared
    prize wrap onto more lines rather than being cut."""
    from data.ledger import Ledger
    from schemes.log import actions

    path = tmp_path / "cup.json"
    names = ("Константинопольский", "Длиннофамильная-Заболоцкая", "Иванов", "Петров")
    with Ledger.create(path, [actions.create("Кубок", "round-robin", None)]) as ledger:
        for surname in names:
            ledger.commit(actions.register(ledger.events, surname=surname, name="Александр", rating=2000))
        ledger.commit(actions.pair(ledger.state, random.Random(1)))
        for board in (1, 2):
            ledger.commit(actions.result(1, board, "draw"))
    app = app_on(tmp_path, "cup.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "p")  # two jigos: all four share the first place
        await pilot.pause()
        table = app.screen.query_one("#prizes", DataTable)
        shown = " ".join(str(table.get_row_at(0)[1]).split())
        assert all(f"{surname} Александр" in shown for surname in names), shown


async def test_prizes_not_decided_yet_say_so(tmp_path: Path) -> None:
    """An English referee's trial: before any place was decided the prizes were a heading over
    an empty table, with no word of why."""
    from textual.widgets import Label

    from data.ledger import Ledger
    from schemes.log import actions

    path = tmp_path / "cup.json"
    with Ledger.create(path, [actions.create("Кубок", "playoff", None)]) as ledger:
        for surname in ("Иванов", "Петров", "Сидоров", "Козлов"):
            ledger.commit(actions.register(ledger.events, surname=surname, name="Иван", rating=2000))
    app = app_on(tmp_path, "cup.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "p")
        await pilot.pause()
        assert str(app.screen.query_one("#no-prizes", Label).render()) == "Ни один приз ещё не разыгран"


async def test_many_notes_under_the_prizes_leave_the_winners_in_view(tmp_path: Path) -> None:
    """A trial at 80×24: fifteen notes of players passed over («женщины: 1, 2, 3 место: …
    Ковалёва впереди» at each place) filled the window and left the winners' table no row.
    A group's note names a player once, and the notes keep to a box of six lines."""
    from data.ledger import Ledger
    from schemes.log import actions

    path = tmp_path / "cup.json"
    made = actions.create("Кубок", "round-robin", None, dates="05.12.2026", params={"numbering": "rating"})
    born = {0: "1950-01-01", 1: "2016-01-01"}  # the oldest and the youngest are among the winners
    with Ledger.create(path, [made]) as ledger:
        for i in range(12):  # the six who win share the first place, each in a category of his own
            ledger.commit(actions.register(ledger.events, surname=f"Игрок{i}", name="Анна", rating=2400 - 50 * i,
                                           category="АБВГДЕ"[i % 6], birth=born.get(i, "1990-01-01")))  # fmt: skip
        ledger.commit(actions.pair(ledger.state, random.Random(1)))
        rating = {p.id: p.rating or 0 for p in ledger.state.players.values()}
        for board in ledger.state.round(1).boards:
            ledger.commit(actions.result(1, board.number, "W+" if rating[board.white] > rating[board.black] else "B+"))
    app = app_on(tmp_path, "cup.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f4", "p")
        await pilot.pause()
        lines = str(app.screen.query_one("#prize-notes").render()).splitlines()
        assert len(set(lines)) == len(lines) == 6, lines  # each group's once, А to Е
        assert app.screen.query_one("#prize-notes-box").size.height <= 6
        assert app.screen.query_one("#prizes", DataTable).size.height >= 8


async def registered_late(pilot: Any) -> None:
    """Поздний Пётр, 3k, registered in the players tab's form (F2, a) once rounds are paired."""
    await pilot.press("f2", "a")
    await pilot.pause()
    await form_sent(pilot, pilot.app.screen, "Поздний", "Пётр", "3k")


async def test_a_latecomer_is_told_and_shown_to_skip_the_rounds_before_he_came(folder: Path) -> None:
    """A McMahon trial registered a player after round 1 was paired: round 1 became his skip
    (worth OpenGotha's absence value), which neither the registration nor F2 said."""
    app = app_on(folder, "mcmahon.json")
    async with run_test(app, size=(80, 24)) as pilot:
        session = app.screen.session
        assert session.state.paired_rounds == 2
        await registered_late(pilot)
        assert notes(app)[-1] == "Игрок зарегистрирован: Поздний Пётр; играет с 3-го тура, прошедшие туры — пропуски"
        table = app.screen.query_one("#players-table", DataTable)
        late = max(session.state.players)
        assert str(table.get_row(str(late))[list(table.columns).index("status")]) == "пропуск: 1 2"


async def test_a_latecomer_before_the_rounds_first_result_is_told_n_pairs_him(tmp_path: Path) -> None:
    """An attack: a latecomer registered while round 1's games had not begun was told he skips
    it, while n would seat him in it."""
    from tui.cli import main

    path = tmp_path / "mm.json"
    assert main(["new", str(path), "--scheme", "mcmahon", "--rounds", "3", "--name", "Клуб"]) == 0
    for surname in ("Ан", "Бе", "Ве", "Ге"):
        assert main(["-f", str(path), "player", "add", "--surname", surname, "--name", "И", "--rank", "5k"]) == 0
    assert main(["-f", str(path), "player", "add", "--surname", "Заранее", "--name", "Мария", "--rank", "5k",
                 "--sex", "ж", "--pre"]) == 0  # fmt: skip
    assert main(["-f", str(path), "pair"]) == 0
    app = app_on(tmp_path, "mm.json")
    async with run_test(app, size=(80, 24)) as pilot:
        await registered_late(pilot)
        assert notes(app)[-1] == ("Игрок зарегистрирован: Поздний Пётр; в 1-м туре без пары — n на вкладке туров")
        table = app.screen.query_one("#players-table", DataTable)
        late = str(max(app.screen.session.state.players))
        assert str(table.get_row(late)[list(table.columns).index("status")]) == "без пары в 1-м туре"
        table.move_cursor(row=table.get_row_index("5"))  # registered in advance, come now: n may seat her too
        await pilot.press("c")
        await pilot.pause()
        assert notes(app)[-1] == "Заранее Мария пришла: в 1-м туре без пары — n на вкладке туров"


async def test_the_last_player_of_a_long_list_shows_at_80x24_with_no_sideways_scrolling(tmp_path: Path) -> None:
    """A trial's 24 players at 80×24: the table was fitted to the pane's width, but Textual
    narrows it by the search box's margins, so its last column ran off, a horizontal scrollbar
    came, and End put the cursor on the 24th player under it (the 23rd was the last seen)."""
    from data.service import Service
    from schemes.log import actions
    from tests.tui.conftest import shown_text

    players = [{"surname": f"Константинопольский{n}", "name": "Александр", "rating": 2400 - 37 * n,
                "club": "Санкт-Петербург"} for n in range(1, 25)]  # fmt: skip
    with Service.create(tmp_path / "long.json", [actions.create("Фора", "sport-handicap", None)]) as service:
        service.commit_all(actions.registrations([], players))
        service.commit(actions.pair(service.state, random.Random(1)))
        service.commit(actions.withdraw(service.state, 24, 2))  # the status column widens
    app = TengenApp(str(tmp_path / "long.json"), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "end")
        await pilot.pause()
        table = app.screen.query_one("#players-table", DataTable)
        assert not table.show_horizontal_scrollbar and table.virtual_size.width <= table.scrollable_content_region.width
        assert table.cursor_row == 23
        last = [line for line in shown_text(app).splitlines() if line.startswith(" 24 ")]
        assert len(last) == 1 and "выбыл с тура 2" in last[0] and "Санкт-Пет…" in last[0]  # the club first


async def test_the_last_players_row_stays_in_sight_when_he_withdraws(tmp_path: Path) -> None:
    """A trial's 26 Gamma players: the last one withdrawn, his row went under the footer, the
    cursor on it and End doing nothing.  The table was filled while the question hid the
    footer, a row taller, and scrolled for that height."""
    from data.service import Service
    from schemes.log import actions

    players = [{"surname": f"Игрок{n}", "name": "Иван", "rating": 2400 - 37 * n} for n in range(1, 27)]
    with Service.create(tmp_path / "g.json", [actions.create("Гамма", "gamma", 5)]) as service:
        service.commit_all(actions.registrations([], players))
        service.commit(actions.pair(service.state, random.Random(1)))
    app = TengenApp(str(tmp_path / "g.json"), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f2", "end")
        await pilot.pause()
        table = app.screen.query_one("#players-table", DataTable)
        assert table.cursor_row == 25 and table.scroll_y == table.max_scroll_y > 0
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: app.screen.session.state.players[26].withdrawn_from is not None)
        await pilot.pause()
        await pilot.pause()
        assert table.cursor_row == 25 and table.scroll_y == table.max_scroll_y
