"""The rounds table as a referee uses it at 80×24 (issue 24): columns fitted to the width
with the names shortened first, the cursor kept, boards waiting for a result on their own,
the bye chosen by hand, and the questions a slip deserves."""

import random
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.widgets import DataTable, OptionList, Static

from data.ledger import Ledger
from schemes.log import actions
from schemes.registry import get_scheme
from tests.tui.conftest import notes, run_test
from tui import i18n
from tui.app import TengenApp
from tui.screens.bye import ByeScreen
from tui.screens.confirm import Question
from tui.screens.tournament import TournamentScreen
from tui.widgets import fit_widths

LONG = ("Константинопольский", "Длиннофамильная-Заболоцкая", "Ивановский", "Петров", "Сидоров")


def event(folder: Path, players: int, scheme: str = "fors", rounds_paired: int = 0, komi: float = 6.5) -> Path:
    """A tournament file of ``players`` with long names, ``rounds_paired`` rounds played."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "cup.json"
    rounds = None if scheme == "round-robin" else 4
    with Ledger.create(path, [actions.create("Кубок", scheme, rounds, komi=komi)]) as ledger:
        for i in range(players):
            ledger.commit(
                actions.register(ledger.events, surname=f"{LONG[i % 5]}{i}", name="Анна", rating=2400 - 90 * i)
            )
        rng = random.Random(1)
        for number in range(1, rounds_paired + 1):
            ledger.commit(actions.pair(ledger.state, rng))
            for board in ledger.state.round(number).boards:
                ledger.commit(actions.result(number, board.number, "W+"))
    return path


def app_on(path: Path) -> TengenApp:
    i18n.set_language("ru")
    return TengenApp(str(path), folder=path.parent, open_viewer=False)


def cells(app: TengenApp) -> list[list[str]]:
    table = app.screen.query_one("#boards", DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def pair(pilot, app: TengenApp, *answer: str) -> None:
    await pilot.press("f3", "n", *answer)
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_long_names_give_way_and_handicap_and_komi_stay(tmp_path: Path) -> None:
    """At 80 columns: the title of an event not paired yet, then of its round 1 (with the
    paper's keys), and the boards with long names cut, handicap and komi whole."""
    app = app_on(event(tmp_path, 10))
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#title").render())
        assert title.split("  ")[0] == "Кубок · ФОРС · туров: 4, жеребьёвки ещё не было"
        assert title.endswith("  F6 Печать · F7 Таблица для РК") and len(title) == 78  # the paper's keys (a trial)
        await pair(pilot, app, "y")
        assert str(app.screen.query_one("#title").render()).split("  ")[0] == "Кубок · ФОРС · тур 1 из 4"
        table = app.screen.query_one("#boards", DataTable)
        assert table.has_focus  # the keys of the pane stay in the footer after pairing
        await pilot.pause()
        footer = [str(key.description) for key in app.screen.query("FooterKey")]
        assert "Победа белых" in footer and "Жеребьёвка тура" in footer
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= 80
        rows = cells(app)
        assert len(rows) == 5
        for row in rows:
            assert row[4].isdigit() and row[5].startswith(("0.5", "6.5"))  # handicap and komi whole
            assert row[2].endswith(")") and row[2].split(". ")[0].isdigit()  # number and rank kept
        assert any("…" in row[2] or "…" in row[3] for row in rows)  # a long surname shortened
        await pilot.press("1", "w")
        await pilot.pause()
        assert table.has_focus and app.screen.session.state.round(1).results[1].code == "W+"


async def test_a_result_replaced_asks_naming_the_players_and_f_shows_the_boards_waiting(tmp_path: Path) -> None:
    """The question before a result names the board's players, as the referee reads them off
    the slip: a board number alone let a slip of the wrong board through (a trial); it is
    whole at 80 columns.  Then ``f``: only the boards waiting for a result, entered still by
    number (the board entered leaves the list), and ``f`` again shows them all."""
    from tests.tui.test_language import shown_text

    app = app_on(event(tmp_path, 8))
    async with run_test(app, size=(80, 24)) as pilot:
        await pair(pilot, app, "y")
        await pilot.press("1", "w", "1", "b")
        await pilot.pause()
        inside = [line.split("█")[1] for line in shown_text(app).splitlines() if line.count("█") == 2]
        shown = " ".join(" ".join(inside).split())  # the dialog as it shows, its edges and what it covers out
        assert "Доска 1: уже записано «Победа белых». Заменить на «Победа чёрных»?" in shown  # wrapped, not cut
        state = app.screen_stack[-2].session.state  # the tournament's, under the question
        board = state.round(1).board(1)
        for colour, player in (("Белые", board.white), ("Чёрные", board.black)):
            assert f"{colour}: {state.numbers[player]}. {state.players[player].surname}" in shown
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.session.state.round(1).results[1].code == "W+"
        assert notes(app)[-1] == "Доска 1: результат не изменён"  # «ничего не записано» read as an empty board
        await pilot.press("3", "b")
        await pilot.press("f")
        await pilot.pause()
        assert [row[0] for row in cells(app)] == ["2", "4"]
        assert "только без результата" in str(app.screen.query_one("#round-info").render())
        await pilot.press("2", "w")  # still entered by number, and it leaves the list
        await pilot.pause()
        assert [row[0] for row in cells(app)] == ["4"]
        await pilot.press("f")
        await pilot.pause()
        assert len(cells(app)) == 4


async def test_results_typed_faster_than_the_app_land_on_their_boards(tmp_path: Path) -> None:
    """A referee typing slips as fast as keys repeat: each result key acts in the order typed,
    after its board's digits and before the next board's (the keys sent at once, no pause).
    Before that, an attack: ``³`` (AltGr+3) is a digit to ``isdigit`` and none to ``int`` —
    the app fell with a traceback; a digit key held down typed past what ``int`` reads."""
    from textual import events

    from tui.panes.rounds import RoundsPane

    app = app_on(event(tmp_path, 24))
    async with run_test(app, size=(80, 24)) as pilot:
        await pair(pilot, app, "y")
        await pilot.press("³")
        await pilot.pause()
        pane = app.screen.query_one(RoundsPane)
        assert pane.board_typed == ""
        assert app._driver is not None
        for _ in range(5000):
            app._driver.send_message(events.Key("7", "7"))
        await pilot.pause()
        assert pane.board_typed == "77777"
        await pilot.press("escape")
        await pilot.pause()
        assert pane.board_typed == "" and app.screen.session.state.round(1).results == {}
        for key in "11w12b3w1b":  # boards 11, 12, 3 and 1
            app._driver.send_message(events.Key(key, key))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        results = app.screen.session.state.round(1).results
        assert {board: result.code for board, result in results.items()} == {11: "W+", 12: "B+", 3: "W+", 1: "B+"}
        assert not isinstance(app.screen, Question)  # a typed board asks nothing


async def test_swapped_colours_on_a_board_the_pairing_fixed_asks_the_result_after(tmp_path: Path) -> None:
    """A trial: ``N s w`` on a handicap board said the colours were fixed, then recorded the
    w unasked — for the player listed white, when the referee had meant whoever he thought
    played white.  The number goes with the refused ``s``; the result key asks, under the
    players as listed, about the board the cursor stayed on: «n» records nothing, and the
    same keys again answered «y» record the win of the player listed white."""
    app = app_on(event(tmp_path, 4))
    async with run_test(app, size=(80, 24)) as pilot:
        await pair(pilot, app, "y")
        played = app.screen.session.state.round(1)
        fixed = next(b for b in played.boards if not b.nigiri)  # FORS: a handicap game
        white = app.screen.session.state.players[fixed.white].surname
        for answer in ("n", "y"):
            said = len(notes(app))
            await pilot.press(str(fixed.number), "s", "w")
            await pilot.pause()
            assert any("цвета назначены жеребьёвкой" in n for n in notes(app)[said:])
            assert isinstance(app.screen, Question)
            shown = str(app.screen.query_one("Label").render())
            assert shown.startswith(f"Доска {fixed.number}: Победа белых?\n\nБелые: ")
            assert white in shown.splitlines()[2]
            await pilot.press(answer)
            await pilot.pause()
            results = app.screen.session.state.round(1).results
            if answer == "n":
                assert fixed.number not in results
            else:
                assert (results[fixed.number].code, results[fixed.number].swapped) == ("W+", False)


async def test_a_board_whose_nigiri_swapped_the_colours_shows_them_as_played(tmp_path: Path) -> None:
    """A trial: «Ч+ наоборот» beside the winner still listed under «Белые» read as his loss.
    After ``s`` and a result, the board lists its players in the colours they played."""
    app = app_on(event(tmp_path, 4, scheme="gamma"))
    async with run_test(app, size=(80, 24)) as pilot:
        await pair(pilot, app, "y")
        board = next(b for b in app.screen.session.state.round(1).boards if b.nigiri)
        before = next(row for row in cells(app) if row[0] == str(board.number))
        await pilot.press(str(board.number), "s", "w")  # who played white won: the one listed as black
        await pilot.pause()
        if isinstance(app.screen, Question):
            await pilot.press("y")
            await pilot.pause()
        row = next(row for row in cells(app) if row[0] == str(board.number))
        number = lambda cell: cell.split(".")[0]  # noqa: E731  (names are cut to the columns' width)
        assert (row[1], number(row[2]), number(row[3])) == ("Б+ наоборот", number(before[3]), number(before[2]))


async def test_a_jigo_asks_with_no_first_and_pairing_a_finished_event_says_so_at_once(tmp_path: Path) -> None:
    """A round robin of two, komi 6.5: «j» asks (no jigo with half a point), «Нет» in focus
    records nothing and says so, «Да» records the draw.  Its one round played, pairing again
    says at once that the only round is paired (no question first)."""
    app = app_on(event(tmp_path, 2, scheme="round-robin"))
    async with run_test(app, size=(80, 24)) as pilot:
        await pair(pilot, app, "y")
        await pilot.press("1", "j")
        await pilot.pause()
        assert isinstance(app.screen, Question)
        assert "джиго не бывает" in str(app.screen.query_one("Label").render())
        await pilot.press("enter")  # the answer in focus is «Нет»
        await pilot.pause()
        assert app.screen.session.state.round(1).results == {}
        assert "Доска 1: ничего не записано" in notes(app)  # not taken for an entry
        await pilot.press("1", "j", "left", "enter")  # the arrows reach «Да»
        await pilot.pause()
        assert app.screen.session.state.round(1).results[1].code == "draw"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)  # no question first
        assert "Единственный тур уже составлен" in notes(app)  # of two players, one round


async def test_a_board_key_before_the_first_pairing_says_why_and_opens_nothing(tmp_path: Path) -> None:
    """A trial: «m» on a round robin before round 1 asked for two players' numbers (none has
    one yet) and swallowed the «n» typed next; w, 3 b, x, s and h did nothing and said
    nothing (v, a McMahon's «why this opponent», neither).  Each key in turn, in one session
    of each event: said once, nothing opened, and the «n» after it asks to pair (Esc: not
    paired, the next key)."""
    for scheme, keys in (("round-robin", [("m",), ("w",), ("3", "b"), ("x",), ("s",), ("h",)]), ("mcmahon", [("v",)])):
        (tmp_path / scheme).mkdir()
        app = app_on(event(tmp_path / scheme, 7, scheme=scheme))
        async with run_test(app, size=(80, 24)) as pilot:
            await pilot.press("f3")
            for typed in keys:
                said = len(notes(app))
                await pilot.press(*typed)
                await pilot.pause()
                assert isinstance(app.screen, TournamentScreen), typed
                assert notes(app)[said:] == ["Туры ещё не составлены: n — жеребьёвка 1-го тура."], typed
                await pilot.press("n")
                await pilot.pause()
                assert isinstance(app.screen, Question), typed
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, TournamentScreen) and app.screen.session.state.paired_rounds == 0


@pytest.mark.parametrize(("scheme", "kept", "told"), [("mcmahon", False, True), ("mcmahon", True, False),
                                                      ("fors", False, False)])  # fmt: skip
async def test_a_pairing_that_waits_for_the_compiler_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scheme: str, kept: bool, told: bool
) -> None:
    """The first McMahon or Swiss pairing after installation (numba's cache empty) waits
    half a minute for the compiler: the notification says so, and stays while it may last."""
    monkeypatch.setattr("data.state_cache._compiled_marker", lambda kind="compiled": tmp_path / f"marker-{kind}")
    for kind in ("compiled", "weighed") if kept else ():
        (tmp_path / f"marker-{kind}").touch()
    app = app_on(event(tmp_path, 4, scheme=scheme))
    async with run_test(app, size=(80, 24)) as pilot:
        await pair(pilot, app, "enter")
        assert app.screen.session.state.paired_rounds == 1
        compiles = " первая жеребьёвка (Мак-Магон и швейцарская система) после установки идёт до минуты: " \
                   "Tengen компилирует свой код"  # fmt: skip
        pairing = [n for n in notes(app) if n.startswith("Жеребьёвка 1-го тура…")]
        assert pairing == ["Жеребьёвка 1-го тура…" + (compiles if told else "")]
        if scheme != "mcmahon":
            return
        from schemes.systems.gotha import pairing as gotha_pairing

        weigh = gotha_pairing.why

        def slowly(*args: Any) -> Any:  # as its first time compiles (seconds a trial took for a hang)
            time.sleep(0.5)
            return weigh(*args)

        monkeypatch.setattr(gotha_pairing, "why", slowly)
        await pilot.press("1", "v")
        await app.workers.wait_for_complete()
        await pilot.pause()
        weighing = [n for n in notes(app) if n.startswith("Взвешиваю доску 1…")]
        assert weighing == ["Взвешиваю доску 1…" + (" в первый раз после установки дольше: Tengen компилирует свой код"
                                                     if told else "")]  # fmt: skip


async def test_the_bye_to_choose_starts_on_opengothas_below_a_mcmahon_floor(tmp_path: Path) -> None:
    """A trial: below the McMahon floor OpenGotha's bye is not the table's last (F, 4th, and
    not D, 7th, in this field, as its engine pairs it), and the cursor sat on the last: Enter
    made a pairing OpenGotha would not.  It starts on the player «Да» seats out."""
    path = tmp_path / "mm.json"
    with Ledger.create(
        path, [actions.create("Кубок", "mcmahon", 3, params={"genMMBar": "3D", "genMMFloor": "20K"})]
    ) as ledger:
        for surname, rank in (
            ("A", "5k"),
            ("B", "6k"),
            ("C", "25k"),
            ("D", "20k"),
            ("E", "7k"),
            ("F", "24k"),
            ("G", "21k"),
        ):
            ledger.commit(actions.register(ledger.events, surname=surname, name="Анна", rank=rank))
        ledger.commit(actions.pair(ledger.state, random.Random(1)))
        for board, code in zip((1, 2, 3), ("W+", "B+", "W+"), strict=True):
            ledger.commit(actions.result(1, board, code))
        by_yes = get_scheme("mcmahon").pair(ledger.state, 2, random.Random(1), None).byes
    app = app_on(path)
    async with run_test(app, size=(80, 24)) as pilot:
        state = app.screen.session.state
        assert [state.players[p].surname for p in by_yes] == ["F"]
        title = str(app.screen.query_one("#title").render())  # OpenGotha's event: F7 names its file (a trial)
        assert title.endswith("  F6 Печать · F7 Для РК, OpenGotha") and len(title) == 78
        await pilot.press("f3", "n")
        await pilot.pause()
        question = str(app.screen.query_one("Label").render())  # whom «Да» seats out, said (a trial: never)
        assert question.splitlines() == [
            f"Свободный тур: {state.numbers[by_yes[0]]}. F А. (24k)",
            "Провести жеребьёвку 2-го тура?",
        ]
        await pilot.press("right", "enter")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels[-1].split()[1] != "F" and options.highlighted is not None, labels  # not the last
        assert options.get_option_at_index(options.highlighted).id == str(by_yes[0])
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.state.round(2).byes == by_yes


async def test_a_round_is_entered_as_it_was_paired_on_paper(tmp_path: Path) -> None:
    """A trial moving a paper tournament into Tengen swapped seven times to copy one round,
    each swap through a pair that had met.  ``p`` takes the paper's boards by number, a typing
    mistake said beside the field; a pair that met before asks first; the scheme seats each
    board (handicap, komi) and ctrl+z puts the pairing back."""
    app = app_on(event(tmp_path, 7, scheme="gamma", rounds_paired=1))
    async with run_test(app, size=(80, 24)) as pilot:
        await pair(pilot, app, "y")
        state = app.screen.session.state
        by_number = {number: player for player, number in state.numbers.items()}
        paired = state.round(2)
        await pilot.press("p")
        await pilot.pause()
        dialog = app.screen
        assert str(dialog.query_one("Label").render()) == "Доски 2-го тура, как на бумаге, по номерам (1-4 2-5 3-6)"
        dialog.query_one("#answer").value = "1-2 3-9"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and str(dialog.query_one("#answer-error").render()) == "ни у кого нет номера 9"
        first = state.round(1)
        met = next(board for board in first.boards)  # a pair of round 1 typed again: asked first
        rest = sorted(number for player, number in state.numbers.items()
                      if not met.has(player) and player not in first.byes)  # fmt: skip
        again = [f"{state.numbers[met.white]}-{state.numbers[met.black]}"]
        typed = " ".join(again + [f"{a}-{b}" for a, b in zip(rest[0::2], rest[1::2], strict=False)])
        dialog.query_one("#answer").value = typed
        await pilot.press("enter")
        await pilot.pause()
        assert "встречались в 1-м туре" in str(app.screen.query_one("Label").render())
        await pilot.press("n")  # «Нет»: back to the boards typed, not away from them (a trial typed them anew)
        await pilot.pause()
        assert app.screen.query_one("#answer").value == typed
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        now = app.screen.session.state.round(2)
        assert [(b.number, {b.white, b.black}) for b in now.boards][0] == (1, {met.white, met.black})
        assert now.boards != paired.boards and len(now.byes) == 1
        assert {now.byes[0]} == set(by_number.values()) - {p for b in now.boards for p in (b.white, b.black)}
        assert app.screen.session.events[-1].data["change"] == "as played"
        assert notes(app)[-1].startswith("2-й тур введён с бумаги; свободный тур: ")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.session.state.round(2).boards == paired.boards
        screen = app.screen  # a refused write (a read-only file…) says only why (a review: «введён» after it)
        said = len(notes(app))
        screen.act = lambda action: None  # type: ignore[method-assign]
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#answer").value = typed
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not any("введён с бумаги" in n for n in notes(app)[said:])


async def test_the_referee_chooses_the_bye_and_a_second_one_is_asked(tmp_path: Path) -> None:
    """The pairing's question offers to choose the bye: the list in the standings' order, the
    cursor on the last without one, a second bye asked about («Нет» in focus), the one chosen
    sits out.  Then a swap (m) into a second bye asks as well."""
    app = app_on(event(tmp_path, 5, rounds_paired=1))
    async with run_test(app, size=(80, 24)) as pilot:
        state = app.screen.session.state
        first = state.round(1).byes[0]
        await pilot.press("f3", "n")
        await pilot.pause()
        assert [str(b.label) for b in app.screen.query("Button")] == ["Да", "Выбрать свободного", "Нет"]
        await pilot.press("right", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ByeScreen)
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert sum(label.endswith(" — свободный тур: тур 1") for label in labels) == 1
        offered = str(options.get_option_at_index(options.highlighted).prompt)  # the pairing's own bye
        hint = str(app.screen.query("Label")[1].render())  # a trial took the cursor for the top, and pressed ↓
        assert hint == "Курсор — на том, кого оставит свободным жеребьёвка: ↑↓ — другой"
        assert offered == next(label for label in reversed(labels) if "свободный тур: тур" not in label)  # FORS's
        places = [row.place for row in get_scheme(state.settings.scheme).standings(state, 1).rows]
        assert [label.split(", место ")[1].split(" — ")[0] for label in labels] == places  # the standings' order
        options.highlighted = options.option_count - 1
        await pilot.press("down")  # a trial: ↓ at the bottom went round to the leader
        assert options.highlighted == options.option_count - 1
        options.highlighted = 0
        await pilot.press("up")
        assert options.highlighted == 0
        options.highlighted = options.get_option_index(str(first))
        await pilot.press("enter")
        await pilot.pause()
        name = app.screen_stack[1].session.state.players[first].short_name
        question = str(app.screen.query_one("Label").render())
        assert f"({name}) уже был свободный тур: 1-й. Снова дать свободный тур?" in question
        assert question.startswith("У игрока "), question  # the reason put first, begun with its capital (a review)
        await pilot.press("enter")  # «Нет» is in focus: nothing paired, back to the list
        await pilot.pause()
        assert isinstance(app.screen, ByeScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.session.state.paired_rounds == 1
        await pilot.press("n", "right", "enter")
        await pilot.pause()
        other = next(p for p in sorted(state.players) if p != first)
        options = app.screen.query_one(OptionList)
        options.highlighted = options.get_option_index(str(other))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.state.round(2).byes == (other,)
        # a swap (m) that gives round 1's bye a second one asks too; typos are refused, the dialog kept
        second = other
        numbers = app.screen.session.state.numbers
        await pilot.press("m")
        await pilot.pause()
        dialog = app.screen
        for typed in ("abc", f"{numbers[second]}", f"{numbers[second]} 99", "1 " + "9" * 5000):  # refused, kept open
            dialog.query_one("#answer").value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is dialog
            assert str(dialog.query_one("#answer-error").render()) == "Два номера игроков, например 3 12"
        dialog.query_one("#answer").value = f"{numbers[second]} {numbers[first]}"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Question)
        assert "уже был свободный тур: 1-й" in str(app.screen.query_one("Label").render())
        await pilot.press("y")
        await pilot.pause()
        assert app.screen.session.state.round(2).byes == (first,)


async def test_the_handicap_of_a_board_is_set_by_h(tmp_path: Path) -> None:
    """``h`` on a board: its stones and komi offered («0 6.5»), a typo refused beside the field
    (the dialog kept), «2 0,5» taken — the board's row shows them, one event records it."""
    app = app_on(event(tmp_path, 6, scheme="mcmahon", rounds_paired=1, komi=6.5))
    async with run_test(app, size=(80, 24)) as pilot:
        await pair(pilot, app, "y")
        board = app.screen.session.state.round(2).board(1)
        await pilot.press("1", "h")
        await pilot.pause()
        dialog = app.screen
        assert dialog.query_one("#answer").value == f"{board.handicap} {board.komi:g}"
        for typed, said in (("два", "Камни и коми, например 2 0,5"), ("12", "фора — от 0 до 9 камней, не 12"),
                            ("2 x", "неверное коми x: целое или с половиной, например 6.5")):  # fmt: skip
            dialog.query_one("#answer").value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is dialog and str(dialog.query_one("#answer-error").render()) == said
        dialog.query_one("#answer").value = "2 0,5"
        await pilot.press("enter")
        await pilot.pause()
        changed = app.screen.session.state.round(2).board(1)
        assert (changed.handicap, changed.komi) == (2, 0.5)
        assert cells(app)[0][4:6] == ["2", "0.5"]
        assert app.screen.session.events[-1].data["change"] == "handicap board 1: 2 komi 0.5"
        await pilot.press("1", "w")  # board 1 won by white: its handicap is said to be fixed, no dialog
        await pilot.pause()
        await pilot.press("1", "h")
        await pilot.pause()
        assert app.screen.query_one("#boards") is not None
        assert notes(app)[-1] == "На доске 1 2-го тура есть результат: сначала отмените его"


@given(
    natural=st.lists(st.integers(1, 60), min_size=1, max_size=9),
    data=st.data(),
    available=st.integers(10, 120),
)
def test_fitted_widths_fit_when_they_can_and_fixed_columns_stay(natural, data, available) -> None:
    """``fit_widths``: the fixed columns keep their width; the rest never go below their
    floor; the total fits whenever the floors allow it; a column that gives way later is
    narrowed only once those before it are at their floor."""
    gives_way = data.draw(st.lists(st.integers(0, 3), min_size=len(natural), max_size=len(natural)))
    widths = fit_widths(natural, gives_way, available)
    floors = [n if g == 0 else min(6, n) for n, g in zip(natural, gives_way, strict=True)]
    assert all(floor <= w <= n for floor, w, n in zip(floors, widths, natural, strict=True))
    assert sum(widths) <= max(available, sum(floors))
    for i, j in ((i, j) for i in range(len(natural)) for j in range(len(natural))):
        if 0 < gives_way[i] < gives_way[j] and widths[i] < natural[i]:
            assert widths[j] == floors[j]  # j gave way first, all the way


@given(natural=st.lists(st.integers(1, 60), min_size=1, max_size=9), data=st.data(), available=st.integers(10, 120))
def test_a_column_that_keeps_cells_gives_way_first_down_to_them_only(natural, data, available) -> None:
    """A column that ``keeps`` cells (the players' club) gives way before the names only down to
    them, then as they do; every floor and the fit hold as without."""
    size = len(natural)
    gives_way = data.draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
    keeps = data.draw(st.lists(st.integers(6, 14), min_size=size, max_size=size))
    widths = fit_widths(natural, gives_way, available, keeps=keeps)
    floors = [n if g == 0 else min(6, n) for n, g in zip(natural, gives_way, strict=True)]
    assert all(floor <= w <= n for floor, w, n in zip(floors, widths, natural, strict=True))
    assert sum(widths) <= max(available, sum(floors))
    for i, j in ((i, j) for i in range(size) for j in range(size)):
        if gives_way[i] == 1 and gives_way[j] > 1 and widths[i] < natural[i]:
            assert widths[j] <= max(floors[j], min(keeps[j], natural[j]))  # j gave way first, down to what it keeps
    name_and_club = fit_widths([20, 15], [1, 2], 27, keeps=[6, 10])
    assert name_and_club == [17, 10]  # the club to ten cells first, then the wider of the two


async def test_the_title_of_a_best_of_three_says_no_count_it_does_not_know(tmp_path: Path) -> None:
    """A trial read «тур 3 из ?»: a best of three's rounds are known once its final is."""
    path = tmp_path / "cup.json"
    with Ledger.create(path, [actions.create("Кубок", "playoff", None, params={"games_per_match": "3"})]) as ledger:
        for i in range(4):
            ledger.commit(actions.register(ledger.events, surname=f"И{i}", name="Анна", rating=2400 - 90 * i))
    app = app_on(path)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.pause()
        assert (
            str(app.screen.query_one("#title").render()).split("  ")[0] == "Кубок · плей-офф · жеребьёвки ещё не было"
        )
        await pair(pilot, app, "y")
        assert str(app.screen.query_one("#title").render()).split("  ")[0] == "Кубок · плей-офф · тур 1"


@pytest.mark.parametrize(
    ("scheme", "players", "said"),
    [("playoff", 0, "1-й тур: некого ставить в пары"), ("gamma", 1, "Для 1-го тура нужно хотя бы 2 игрока")],
)
async def test_a_field_too_small_to_pair_is_said_before_any_question(
    tmp_path: Path, scheme: str, players: int, said: str
) -> None:
    """A play-off trial: «Провести жеребьёвку 1-го тура?», then «Да», then «для плей-офф нужны
    хотя бы два игрока»; and its title said «туров: 1» of an empty bracket."""
    path = tmp_path / "cup.json"
    with Ledger.create(path, [actions.create("Кубок", scheme, None if scheme == "playoff" else 4)]) as ledger:
        for i in range(players):
            ledger.commit(actions.register(ledger.events, surname=f"И{i}", name="Анна", rating=2400))
    app = app_on(path)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "n")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen) and notes(app) == [said]
        assert (
            str(app.screen.query_one("#title").render())
            .split("  ")[0]
            .endswith(("4, жеребьёвки ещё не было", "плей-офф · жеребьёвки ещё не было"))
        )


def waiting_on_board_2(folder: Path, scheme: str) -> Path:
    """An event of four of ``scheme``, round 1 paired and board 2's result not in yet."""
    folder.mkdir()
    path = event(folder, 4, scheme=scheme, rounds_paired=1)
    with Ledger(path, writable=True) as ledger:
        ledger.commit(actions.undo(ledger.events[-1].id))  # board 2 of round 1 waits
    return path


async def test_a_round_missing_a_result_is_paired_when_the_referee_says_so(tmp_path: Path) -> None:
    """A round robin's postponed game (or OpenGotha's long one) holds the next round back no
    more: the question says which board waits and what pairing now means, «Нет» in focus (a
    slip still on the table is the usual reason); «Да» pairs it, and the postponed game's
    result is entered in its round afterwards.  FORS pairs from the results: no question,
    it is refused."""
    for scheme, meaning in (
        ("round-robin", "Кто с кем играет, задано таблицей: результат можно внести и потом."),
        ("mcmahon", "Пока его нет, при жеребьёвке он не засчитывается никому (как в OpenGotha)."),
    ):
        app = app_on(waiting_on_board_2(tmp_path / scheme, scheme))
        async with run_test(app, size=(80, 24)) as pilot:
            await pair(pilot, app)
            question = " ".join(str(app.screen.query_one("Label").render()).split())
            missing = "1-й тур не закончен: нет результата на доске 2."
            assert question == f"{missing} {meaning} Провести жеребьёвку 2-го тура всё равно?", scheme
            assert app.screen.focused is not None and "Нет" in str(app.screen.focused.render())
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen.session.state.paired_rounds == 1
            await pair(pilot, app, "left", "enter")  # to «Да»
            state = app.screen.session.state
            assert state.paired_rounds == 2 and len(state.round(2).boards) == 2
            info = str(app.screen.query_one("#round-info", Static).render())
            assert (
                info.startswith("Тур 2  ·  ") and notes(app)[-1] == "2-й тур составлен"
            )  # its own: followed, said once
            assert not any("вкладка остаётся" in note for note in notes(app))
            await pilot.press("left_square_bracket", "2", "w")
            await pilot.pause()
            assert app.screen.session.state.round(1).results[2].code == "W+"
    app = app_on(waiting_on_board_2(tmp_path / "fors", "fors"))
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "n")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)  # no question: FORS pairs from the results
        assert "1-й тур не закончен: нет результата на доске 2" in notes(app)


async def test_replacing_a_result_later_rounds_were_paired_with_says_so_and_offers_no_first(tmp_path: Path) -> None:
    """A trial: a result of round 1 replaced after round 2 was paired asked with «Да» in
    focus and did not say that round 2 was paired with the old one."""
    app = app_on(event(tmp_path, 8, rounds_paired=2))
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "left_square_bracket", "1", "b")
        await pilot.pause()
        question = " ".join(str(app.screen.query_one("Label").render()).split())
        later = "2-й тур и следующие составлены по прежнему результату; они останутся как есть"
        assert question.startswith("1-й тур. Доска 1: уже записано")
        assert f"Заменить на «Победа чёрных»? {later}" in question
        await pilot.press("enter")  # «Нет» in focus: nothing replaced
        await pilot.pause()
        assert app.screen.session.state.round(1).results[1].code == "W+"


async def test_the_rounds_line_leaves_out_what_does_not_fit_not_half_a_word(folder: Path) -> None:
    """A Gamma round's line at 80 columns had its level, its results and the hint, cut in the
    middle of the hint: the hint goes first, then the level (for the filter's note); the
    terminal widened to 120, all of it."""
    from rich.cells import cell_len

    app = TengenApp(str(folder / "gamma.json"), folder=folder, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        for width in (80, 120):
            if width != 80:
                await pilot.press("f")  # all the boards again
                await pilot.resize_terminal(width, 24)
                await pilot.pause()
            line = str(app.screen.query_one("#round-info").render())
            parts = ["Тур 4", "наименьший старший уровень 19", "без результата: 5 из 5", "номер доски, затем w или b"]
            assert line == "  ·  ".join(parts if width == 120 else parts[:3]), width
            await pilot.press("f")
            await pilot.pause()
            line = str(app.screen.query_one("#round-info").render())
            assert line.endswith("без результата: 5 из 5  ·  только без результата (f — все)")
            assert cell_len(line) <= width - 2 and ("уровень 19" in line) == (width == 120)


@pytest.mark.parametrize("name", ["Турнир «Фора» — осень", "Открытое первенство Приморского края по го среди юниоров"])
async def test_the_title_keeps_the_round_reached_and_lets_the_name_give_way(tmp_path: Path, name: str) -> None:
    """A trial: «… туров: 3, жеребьёвки ещё не» was cut at 80 columns; the name is cut instead."""
    from tests.tui.test_language import shown_text

    path = tmp_path / "cup.json"
    Ledger.create(path, [actions.create(name, "sport-handicap", 3)]).close()
    app = app_on(path)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.pause()
        line = shown_text(app).splitlines()[1].strip()  # under the header, as the screen shows it
        assert line.endswith(" · спортивно-форовая · туров: 3, жеребьёвки ещё не было")
        assert line.startswith(name[:8])


async def test_nothing_is_entered_while_a_round_is_being_paired(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial: ctrl+z during the pairing's wait took back the last registration, and the
    pairing then made was refused in the log's words; another closed the tournament meanwhile
    and read an internal error on the start screen, the round lost.  While the pairing runs, an
    undo, a redo, an entry or closing is refused with «подождите»; the pairing is recorded, the
    registration kept."""
    import threading

    gate = threading.Event()
    pairing = actions.pair

    def slow(*args: object, **kwargs: object) -> actions.Action:
        assert gate.wait(10)
        return pairing(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(actions, "pair", slow)
    app = app_on(event(tmp_path, 6))
    async with run_test(app, size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TournamentScreen)
        events = len(screen.session.events)
        await pilot.press("f3", "n", "y")
        await pilot.pause()
        await pilot.press("ctrl+z", "ctrl+y", "ctrl+w")
        await pilot.pause()
        assert screen.act(actions.withdraw(screen.session.state, 1)) is None
        await pilot.pause()
        assert notes(app)[-4:] == ["Идёт жеребьёвка 1-го тура: подождите"] * 4 and app.screen is screen
        assert len(screen.session.events) == events
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.state.paired_rounds == 1 and len(screen.session.events) == events + 1
        assert screen.pairing is None


async def test_an_exception_in_the_pairing_thread_is_one_line_and_the_app_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review: an exception the pairing's thread did not expect (a bug) closed the app with a
    traceback in the middle of the event.  It is said in one line, the boards come back from
    their wait, nothing is written, and the next pairing runs."""
    pairing = actions.pair
    calls = []

    def broken(*args: object, **kwargs: object) -> actions.Action:
        calls.append(1)
        if len(calls) == 1:
            raise KeyError(17)
        return pairing(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(actions, "pair", broken)
    path = event(tmp_path, 6)
    app = app_on(path)
    async with run_test(app, size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, TournamentScreen)
        before = path.read_bytes()
        await pilot.press("f3", "n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert notes(app)[-1] == "Внутренняя ошибка Tengen (KeyError: 17): это действие не выполнено"
        assert app.is_running and screen.pairing is None and not screen.query_one(DataTable).loading
        assert path.read_bytes() == before
        await pilot.press("n", "y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.state.paired_rounds == 1


async def test_who_does_not_play_for_a_reason_other_than_a_skip_is_shown_above_the_skips(tmp_path: Path) -> None:
    """A trial: four lines of «Пропуск тура» filled the box under the boards, and «Без пары»
    under them was never seen, anywhere in the app.  A line for each reason, with its count,
    cut where the screen ends, the shortest first: whole lists hid the ones under them in
    reviews too (the withdrawn of every round before, 25 unconfirmed, ten skips); the withdrawn
    are there, as on the protocol."""
    from textual.widgets import Static

    from tui.cli import main

    path = tmp_path / "cup.json"
    assert main(["new", str(path), "--scheme", "mcmahon", "--rounds", "3", "--name", "Кубок"]) == 0
    for i in range(27):
        assert main(["-f", str(path), "player", "add", "--surname", f"Длиннофамильный{i:02d}", "--name", "Игорь",
                     "--rank", "5k", *(["--pre"] if i == 23 else [])]) == 0  # fmt: skip
    for player in range(1, 15):
        assert main(["-f", str(path), "player", "skip", str(player), "1"]) == 0
    for player in (25, 26, 27):  # as the protocol says it
        assert main(["-f", str(path), "player", "withdraw", str(player), "--from", "1"]) == 0
    assert main(["-f", str(path), "pair"]) == 0
    app = TengenApp(str(path), folder=tmp_path, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        said = str(app.screen.query_one("#round-free", Static).render())
        kinds = [line.split(":")[0] for line in said.splitlines()]
        unconfirmed = "Предварительная регистрация не подтверждена"
        assert kinds == ["Свободный тур", unconfirmed, "Выбытие (3)", "Пропуск тура (14)"], said
        assert all(len(line) <= 78 for line in said.splitlines()), said  # a line each: none hides another (a review)
        assert said.splitlines()[-1].endswith("…")


async def test_shift_n_pairs_with_the_bye_to_choose_in_focus(tmp_path: Path) -> None:
    """A switching referee found the bye's choice only inside n's question (F1 and the
    palette named it nowhere): N asks the same question with «Выбрать свободного» in focus;
    an even field, or a scheme that gives its byes itself, is said."""
    app = app_on(event(tmp_path, 5, rounds_paired=1))
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "N")
        await pilot.pause()
        assert app.focused is not None and str(app.focused.label) == "Выбрать свободного"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ByeScreen)
    app = app_on(event(tmp_path / "even", 4, rounds_paired=1))
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "N")
        await pilot.pause()
        assert notes(app)[-1] == "В следующем туре свободного нет: игроков чётное число"
        assert isinstance(app.screen, TournamentScreen)
    app = app_on(event(tmp_path / "robin", 5, scheme="round-robin"))
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("f3", "N")
        await pilot.pause()
        assert notes(app)[-1].startswith("Свободный тур назначает сама схема (")
