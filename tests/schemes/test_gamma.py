"""Gamma per gamma.md; the scenario's expected cards are computed by hand in the comments."""

import random

import pytest

from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.systems.gamma import GAMMA, cards, middle_out, top_group
from tests.builders import Log


def gamma(rounds: int, ratings: list[int], **params) -> tuple[Log, list[int]]:
    log = Log("gamma", rounds=rounds, **params)
    return log, [log.add(f"P{r}", rating=r) for r in ratings]


def test_top_group_of_the_spec_example() -> None:
    # leader 5d: (30-25)/2 = 2.5 -> 3 ranks, 25, 24, 23
    assert top_group([25, 24, 23, 22, 20], 3) == top_group([25, 24, 23, 22, 20], 1)
    assert top_group([25, 24, 23, 22, 20], 3).level == 23
    # too few for 6 rounds: widen 22, 21, ... until it holds 6 (the seed's event: bottom rank 18)
    group = top_group([25, 22, 20, 19, 18, 18, 9, 7], 6)
    assert (group.level, group.size) == (18, 6)
    # never below everyone
    assert top_group([25, 9], 5).level == 9
    # a 9d leader still gets one rank
    assert top_group([29, 28], 1).level == 29


def test_middle_out_scan() -> None:
    assert middle_out([1, 2, 3]) == [2, 3, 1]
    assert middle_out([1, 2, 3, 4]) == [2, 3, 4, 1]
    assert middle_out([1, 2]) == [1, 2]
    assert middle_out([1]) == [1]
    assert middle_out([]) == []


def test_an_even_level_group_folds_one_against_k_plus_one() -> None:
    log, ids = gamma(2, [2400, 2400, 2400, 2400, 2400, 2400])
    log.pair()
    # one top group of 6 at level 24: 1-4, 2-5, 3-6
    assert [(b.white, b.black) for b in log.state.round(1).boards] == [(1, 4), (2, 5), (3, 6)]


def scenario() -> Log:
    """Six players, four rounds: a bye, a skip, a forfeit, both-lose, a nigiri swap, backtracking.

    Top group: leader r25, width 3 -> bottom 23 holds 1 < 4 rounds; widened to 19 it holds
    A B C D: L_top 19, G 4.  Start levels A B C D 19, E 9, F 7.
    R1 (T 19): A-C (middle of B C D), B-D even; E-F E gives 2.  A wins, D wins, F wins.
    R2 (T 19): A-D; B-C would leave E-F, who met: back up, B-E (9), C-F (9). A, B (forfeit), F win.
    R3 (T 19): F skips; 5 to pair, E is the lowest without a bye.  A-B even (both-lose), D-C even: C wins.
    R4 (T 20): A has met B, C, D: A-E (9); B-C even (B wins, colours swapped); D-F (9): D wins. E beats A.
    """
    log, (a, b, c, d, e, f) = gamma(4, [2510, 2247, 2150, 1950, 952, 798])
    for number, codes in enumerate([("W+", "B+", "B+"), ("W+", "W+F", "B+")], start=1):
        log.pair()
        for board, code in enumerate(codes, start=1):
            log.result(number, board, code)
    log.commit(("player_skips", {"player": f, "rounds": [3]}))
    log.pair()
    log.result(3, 1, "both-lose")
    log.result(3, 2, "B+")
    log.pair()
    log.result(4, 1, "B+")
    log.result(4, 2, "W+", swapped=True)
    log.result(4, 3, "W+")
    return log


def boards(log: Log, number: int) -> list[tuple[int, int, int, float, bool]]:
    return [(b.white, b.black, b.handicap, b.komi, b.nigiri) for b in log.state.round(number).boards]


def test_scenario_pairings() -> None:
    log = scenario()
    A, B, C, D, E, F = range(1, 7)
    assert boards(log, 1) == [(A, C, 0, 6.5, True), (B, D, 0, 6.5, True), (E, F, 2, 0.5, False)]
    assert boards(log, 2) == [(A, D, 0, 6.5, True), (B, E, 9, 0.5, False), (C, F, 9, 0.5, False)]
    assert boards(log, 3) == [(A, B, 0, 6.5, True), (D, C, 0, 6.5, True)]
    assert log.state.round(3).byes == (E,)
    assert boards(log, 4) == [(A, E, 9, 0.5, False), (B, C, 0, 6.5, True), (D, F, 9, 0.5, False)]
    assert [log.state.round(n).extra["lowest_top_level"] for n in (1, 2, 3, 4)] == [19, 19, 19, 20]


def test_scenario_cards_and_places() -> None:
    log = scenario()
    table = cards(log.state, 4)
    assert {p: c.levels for p, c in table.items()} == {
        1: (19, 20, 21, 21, 21),
        2: (19, 19, 20, 20, 21),
        3: (19, 19, 19, 20, 20),
        4: (19, 20, 20, 20, 21),
        5: (9, 9, 9, 10, 11),
        6: (7, 8, 9, 9, 9),
    }
    rows = GAMMA.standings(log.state, 4).rows
    got = {
        r.player: (r.place, r.tiebreaks["level"], r.tiebreaks["technical"], r.tiebreaks["coefficient"]) for r in rows
    }
    # A: C 20 + D 21 + B 21 + (E 11 - 0.5 + 9 given) = 81.5
    # B: D 21 + (E 10.5 + 9) + A 21 + C 20 = 81.5     C: A 21 + (F 9.5 + 9) + D 21 + B 21 = 81.5
    # D: B 21 + A 21 + C 20 + (F 9.5 + 9) = 80.5
    # E: (F 9.5 + 2) + (B 21 - 9) + own 9 (bye) + (A 21 - 9) = 44.5
    # F: (E 10.5 - 2) + (C 20 - 9) + own 9 (skip) + (D 21 - 9) = 40.5
    assert got == {
        1: ("1-2", 21, 0, 81.5),
        2: ("1-2", 21, 0, 81.5),
        4: ("3", 21, 0, 80.5),
        3: ("4", 20, 0, 81.5),
        5: ("5", 11, -1, 44.5),
        6: ("6", 9, 1, 40.5),
    }
    assert [r.player for r in rows] == [1, 2, 4, 3, 5, 6]


def test_bye_goes_bottom_up_to_the_first_without_one() -> None:
    log, ids = gamma(3, [2000, 1900, 1800, 1700, 1600])
    log.pair()
    assert log.state.round(1).byes == (5,)
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    log.pair()
    # 5 had his bye: the next one up without a bye
    bye = log.state.round(2).byes[0]
    assert bye != 5
    levels = cards(log.state, 1)
    lowest_without = min((p for p in ids if p != 5), key=lambda p: (levels[p].level, -p))
    assert bye == lowest_without


def test_a_latecomer_starts_at_his_rank_capped_by_the_top_level_and_skips_the_missed_rounds() -> None:
    log, ids = gamma(3, [2500, 2400, 1500, 1400])
    log.pair()
    late = log.add("Late", rating=2600)  # stronger than the top group's bottom
    weak = log.add("Weak", rating=1000)
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    table = cards(log.state, 1)
    top = log.state.round(1).extra["top_level"]
    assert table[late].levels == (top, top) and table[late].technical == 1
    assert table[weak].levels == (10, 10)
    assert log.state.numbers[late] == 5 and log.state.numbers[weak] == 6


def test_no_pairing_without_a_repeat_is_said_clearly_and_can_be_forced() -> None:
    log, (a, b) = gamma(2, [2000, 1900])
    log.pair()
    log.result(1, 1, "W+")
    with pytest.raises(InvalidEvent, match="cannot be paired without a repeat game"):
        log.pair()
    log.commit(actions.pair(log.state, random.Random(1), allow_repeats=True))
    assert [(b.white, b.black) for b in log.state.round(2).boards] == [(a, b)]


def test_gamma_needs_the_number_of_rounds() -> None:
    with pytest.raises(InvalidEvent, match="needs the number of rounds"):
        Log("gamma")
