import re

import pytest

from data.errors import Refused
from paperwork.rounds import protocol, schedule, slips
from schemes.log import actions
from tests.builders import Log, played, round_robin
from tests.paperwork.conftest import pages


def test_vladivostok_round_4_protocol(ledgers) -> None:
    cup = ledgers["fors-vladivostok"]
    text = pages(protocol(cup.state, cup.events, 4))[0].splitlines()
    assert "Протокол тура — 4-й тур" in text[1]
    # board, number, name, rank, points before the round; the same for black; stones; komi
    assert "1 1 Затонских Антон 6d 96 4 Куташов Александр 3d 57 3 0.5" in text
    assert "2 2 Лю Личунь 6d 72 8 Воропаев В 1k 50 6 0.5" in text
    assert any(line.startswith("Главный судья:") for line in text)
    assert not any(line.startswith("Коми со знаком минус") for line in text)  # said where one is negative


def test_gamma_protocol_names_the_lowest_top_level_byes_and_skips(ledgers) -> None:
    gamma = ledgers["gamma"]
    text = pages(protocol(gamma.state, gamma.events, 2))[0]
    assert "Наименьший старший уровень: 19" in text
    assert "6.5 (нигири)" in text
    assert "Пропуск тура: 11 Лозовский Леонид" in text  # the demo's announced skip


def test_forty_boards_fit_one_page_and_two_hundred_flow_on_with_the_header() -> None:
    log = played("gamma", 80, 1)
    text = pages(protocol(log.state, log.events, 1))
    assert len(text) == 1
    assert len([line for line in text[0].splitlines() if re.match(r"^\d+ \d+ Игроков", line)]) == 40
    log = played("gamma", 400, 1)
    text = pages(protocol(log.state, log.events, 1))
    boards = [
        int(line.split()[0]) for page in text for line in page.splitlines() if re.match(r"^\d+ \d+ Игроков", line)
    ]
    assert boards == list(range(1, 201)), "every board once, in order"
    assert all("Дос. № Белые" in page for page in text), "the header on every page"


def test_slips_eight_to_a_page() -> None:
    log = played("fors", 20, 1)
    text = pages(slips(log.state, log.events, 1))
    assert len(text) == 2
    assert text[0].count("Бланк результата") == 8 and text[1].count("Бланк результата") == 2
    board = log.state.round(1).boards[9]
    white = log.state.players[board.white]
    assert "Доска 10" in text[1] and f"{white.surname} К. ({white.rank_label})" in text[1]  # initials on a narrow slip
    assert "Победа белых" in text[1] and "Подпись чёрных:" in text[1]
    made = log.events[-1].at[8:10] + "." + log.events[-1].at[5:7] + "." + log.events[-1].at[:4]
    assert text[0].count(made) == 8, "the day it was made on each slip (paperwork.md: every document)"


def test_withdrawn_players_are_listed() -> None:
    log = Log("sport-handicap", rounds=2)
    ids = [log.add(name, rating=2000 - 100 * i) for i, name in enumerate(("Аа", "Бб", "Вв", "Гг"))]
    log.commit(("player_withdrawn", {"player": ids[3], "from_round": 1}))
    log.pair()
    text = pages(protocol(log.state, log.events, 1))[0]
    # withdrawn before the draw, so he never got a number
    assert "Выбытие: Гг X" in text and "Свободный тур: 3 Вв X" in text


@pytest.mark.parametrize("komi, draw", [("7", "Джиго"), ("6.5", "Тройное ко")])
def test_the_slip_offers_a_jigo_only_where_one_can_happen(komi: str, draw: str) -> None:
    from schemes.log import actions

    log = Log("round-robin", numbering="rating")
    log.commit(actions.change_settings(komi=komi))
    for surname, rating in (("A", 2000), ("B", 1900)):
        log.add(surname, rating=rating)
    log.pair()
    text = pages(slips(log.state, log.events, 1))[0]
    assert draw in text and ({"Джиго", "Тройное ко"} - {draw}).pop() not in text


def test_the_schedule_is_the_berger_table_with_the_absences_known_now() -> None:
    """Five players by rating (numbers 1-5, the dummy 6): the table's rounds (round-robin.md)
    1-6 2-5 3-4 · 6-4 5-3 1-2 · 2-6 3-1 4-5 · 6-5 1-4 2-3 · 3-6 4-2 5-1.  Round 1 as paired;
    4 withdraws from round 3, so 5, 1 and 2 sit out his games; 3 announced a skip of round 4,
    so 2 sits out that one too."""
    log, ids = round_robin([2400, 2300, 2200, 2100, 2000])
    log.pair()
    log.commit(actions.withdraw(log.state, ids[3], 3))
    log.commit(actions.skip(ids[2], [4]))
    text = pages(schedule(log.state, log.events))
    assert len(text) == 1 and "Расписание туров" in text[0]
    rounds = re.split(r"\n(\d)-й тур\n", text[0])[1:]
    seen = {}
    for number, body in zip(rounds[::2], rounds[1::2], strict=True):
        boards = [line.split() for line in body.splitlines() if re.match(r"^\d+ \d+ P", line)]
        rest = [line for line in body.splitlines() if ":" in line and not line.startswith("Стр.")]
        seen[int(number)] = ([(b[0], b[1], b[5]) for b in boards], rest)
    assert seen == {
        1: ([("1", "2", "5"), ("2", "3", "4")], ["Свободный тур: 1 P1 X"]),
        2: ([("1", "5", "3"), ("2", "1", "2")], ["Свободный тур: 4 P4 X"]),
        3: ([("1", "3", "1")], ["Свободный тур: 2 P2 X; 5 P5 X", "Выбытие: 4 P4 X"]),
        4: ([], ["Свободный тур: 1 P1 X; 2 P2 X; 5 P5 X", "Пропуск тура: 3 P3 X", "Выбытие: 4 P4 X"]),
        5: ([("1", "5", "1")], ["Свободный тур: 2 P2 X; 3 P3 X", "Выбытие: 4 P4 X"]),
    }


def test_a_double_round_robin_says_each_rounds_cycle_on_the_schedule_and_the_protocol() -> None:
    """Five players twice (round-robin.md: the second cycle repeats the first, colours reversed):
    ten rounds, five a cycle.  A trial's schedule of a double round robin said nothing of where
    the second cycle began; a single cycle says nothing of cycles."""
    log, _ = round_robin([2400, 2300, 2200, 2100, 2000], cycles="2")
    log.pair()
    text = "\n".join(pages(schedule(log.state, log.events)))
    notes = re.findall(r"\n(\d+)-й тур\n(Круг .*)\n", text)
    assert notes == [(str(n), "Круг 1 из 2") for n in range(1, 6)] + [
        (str(n), "Круг 2 из 2: пары круга 1, цвета наоборот") for n in range(6, 11)
    ]
    assert "Круг 1 из 2" in pages(protocol(log.state, log.events, 1))[0]
    single, _ = round_robin([2400, 2300, 2200, 2100, 2000])
    single.pair()
    assert "Круг" not in "".join(
        pages(schedule(single.state, single.events)) + pages(protocol(single.state, single.events, 1))
    )


def test_the_schedule_is_of_a_table_fixed_in_advance_once_numbered() -> None:
    log, _ = round_robin([2400, 2300, 2200, 2100])
    with pytest.raises(Refused, match="the players get their numbers when round 1 is paired"):
        schedule(log.state, log.events)
    gamma = played("gamma", 6, 1)
    with pytest.raises(Refused, match="the schedule is for round-robin: the other schemes pair each round"):
        schedule(gamma.state, gamma.events)


def test_an_even_game_prints_no_stones_and_a_reverse_komi_is_explained() -> None:
    """Spec sport-handicap: «Protocols print: stones (none for N = 1) and the board komi»; a
    trial read «Фора: 0» on a slip as a handicap, and asked what «Коми: -3.5» meant."""
    log = Log("sport-handicap", rounds=2)
    for surname, rank in (("Аа", "2k"), ("Бб", "3k"), ("Вв", "9k"), ("Гг", "12k")):
        log.add(surname, rank=rank)
    log.pair()
    boards = log.state.round(1).boards
    assert [(b.handicap, b.komi) for b in boards] == [(0, -3.5), (2, -7.5)]  # X 10: N 1, K -4; X 30: N 2, K -8
    slip = pages(slips(log.state, log.events, 1))[0]
    assert "\nКоми: -3.5 (платят белые)\n" in slip and "\nФора: 2    Коми: -7.5 (платят белые)\n" in slip
    assert slip.count("Фора") == 1
    wall = pages(protocol(log.state, log.events, 1))[0].splitlines()
    assert "1 1 Аа X 2k 190 2 Бб X 3k 180 -3.5" in wall  # the stones' cell empty
    assert "Коми со знаком минус — обратные: очки за коми платят белые чёрным" in wall
    log.result(1, 1, "W+")
    log.result(1, 2, "W+")
    log.pair()
    again = log.state.round(2).boards
    assert sorted((b.handicap, b.komi) for b in again) == [(5, 0.5), (6, -3.5)]
    slip = pages(slips(log.state, log.events, 2))[0]
    assert "\nФора: 5    Коми: 0.5\n" in slip and "\nФора: 6    Коми: -3.5 (платят белые)\n" in slip


def test_a_play_off_protocol_names_the_stage_and_the_game_of_its_boards() -> None:
    """A trial: the protocols named neither the final, nor the match for third place, nor the
    game of a best of three («Финал, партия 3»)."""
    from tests.schemes.test_playoff import field, win

    cup, seeds = field(4, third_place="on")
    cup.pair()
    win(cup, 1, seeds, {1, 2})
    cup.pair()
    said = [pages(protocol(cup.state, cup.events, n))[0].splitlines() for n in (1, 2)]
    assert "Полуфинал: доски 1, 2" in said[0] and "Финал: доска 1 · Матч за 3-е место: доска 2" in said[1]
    three, ids = field(6, games_per_match="3")
    three.pair()
    win(three, 1, ids, {3, 4})
    three.pair()
    assert "1/4 финала, партия 2: доски 1, 2" in pages(protocol(three.state, three.events, 2))[0].splitlines()
    english = Log("playoff", lang="en")
    for i in range(2):
        english.add(f"P{i}", rating=2000 - i)
    english.pair()
    assert "Final: board 1" in pages(protocol(english.state, english.events, 1))[0].splitlines()
    wide, _seeds = field(16)  # eight boards of one stage: a run, not eight numbers (a wrapped line)
    wide.pair()
    assert "1/8 финала: доски 1–8" in pages(protocol(wide.state, wide.events, 1))[0].splitlines()


def test_a_board_whose_nigiri_swapped_the_colours_is_reprinted_in_the_colours_played() -> None:
    """A trial: the reprinted protocol kept the listed white under «Белые» after the nigiri
    gave him black; its slip had no way to say so, and the referee could not tell whether
    «Победа белых» was the name printed as white or the player who played white."""
    log = Log("gamma", rounds=3)
    for rating in (2510, 2247, 2100, 1950):
        log.add(f"P{rating}", rating=rating)
    log.pair()
    first = log.state.round(1).boards[0]
    assert first.nigiri and (first.white, first.black) == (1, 2)
    slip = pages(slips(log.state, log.events, 1))[0]
    assert slip.count("Цвета по нигири наоборот") == 1  # the even board's slip alone
    log.result(1, 1, "B+", swapped=True)  # 1, listed white, won with black
    wall = pages(protocol(log.state, log.events, 1))[0].splitlines()
    assert [line for line in wall if line.startswith("1 ")] == ["1 2 P2247 X 2d 21 1 P2510 X 5d 21 6.5 (нигири)"]
