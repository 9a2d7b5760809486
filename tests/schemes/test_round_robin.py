"""Round robin per round-robin.md, with values computed by hand in the comments."""

import math
import random

import pytest

from schemes.errors import InvalidEvent, RoundIncomplete
from schemes.log import actions
from schemes.log.replay import replay
from schemes.registry import get_scheme
from tests.builders import Log, round_robin

RR = get_scheme("round-robin")


def boards(log: Log, number: int) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in log.state.round(number).boards]


def standings(log: Log, after: int | None = None):
    state = log.state
    return RR.standings(state, state.paired_rounds if after is None else after).rows


def four_players() -> Log:
    """Numbers 1..4 = ids 1..4 (rating order).  Berger for 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.

    Results: R1 1 beats 4, 3 beats 2; R2 4-3 draw, 2 beats 1; R3 2 beats 4, 1 beats 3.
    Points: 1: 2, 2: 2, 3: 1.5, 4: 0.5.
    """
    log, _ = round_robin([2400, 2300, 2200, 2100])
    for number, codes in enumerate([("W+", "B+"), ("draw", "B+"), ("W+", "B+")], start=1):
        assert log.pair() == number
        for board, code in enumerate(codes, start=1):
            log.result(number, board, code)
    return log


def test_rounds_follow_the_berger_table() -> None:
    log = four_players()
    assert boards(log, 1) == [(1, 4), (2, 3)]
    assert boards(log, 2) == [(4, 3), (1, 2)]
    assert boards(log, 3) == [(2, 4), (3, 1)]
    assert RR.total_rounds(log.state) == 3


def test_standings_and_every_tiebreak_by_hand() -> None:
    rows = standings(four_players())
    # 1 and 2 tie on 2 points and Buchholz 4 (1: 0.5+2+1.5, 2: 1.5+2+0.5); 2 beat 1.
    assert [(r.place, r.player, r.score) for r in rows] == [("1", 2, 2), ("2", 1, 2), ("3", 3, 1.5), ("4", 4, 0.5)]
    values = {r.player: r.tiebreaks for r in rows}
    assert {p: v["buchholz"] for p, v in values.items()} == {1: 4, 2: 4, 3: 4.5, 4: 5.5}
    # head to head within the tied group {1, 2}: 2 scored 1 against 1
    assert values[2]["head_to_head"] == 1 and values[1]["head_to_head"] == 0
    # SB: 1 beat 4 (0.5) and 3 (1.5); 2 beat 1 (2) and 4 (0.5); 3 beat 2 (2) drew 4 (0.25); 4 drew 3 (0.75)
    assert {p: v["sonneborn_berger"] for p, v in values.items()} == {1: 2, 2: 2.5, 3: 2.25, 4: 0.75}
    assert {p: v["wins"] for p, v in values.items()} == {1: 2, 2: 2, 3: 1, 4: 0}
    # Koya: opponents with >= 50% are 1, 2 and 3 (1.5 of 3)
    assert {p: v["koya"] for p, v in values.items()} == {1: 1, 2: 1, 3: 1, 4: 0.5}
    ratings = {p: v["true_rating"] for p, v in values.items()}
    assert ratings[1] == ratings[2] > ratings[3] > ratings[4]


def test_everything_equal_shares_the_place() -> None:
    # 3 players + the dummy: each wins one and loses one, byes score 0.
    log, ids = round_robin([2000, 1900, 1800])
    for number in (1, 2, 3):
        log.pair()
        log.result(number, 1, "W+")
    rows = standings(log)
    assert [r.place for r in rows] == ["1-3"] * 3
    assert sorted(r.score for r in rows) == [1, 1, 1]


def test_odd_field_gives_the_dummy_opponent_a_bye() -> None:
    log, ids = round_robin([2000, 1900, 1800, 1700, 1600])
    log.pair()
    played = log.state.round(1)
    # n = 6, round 1: 1-6 (6 is the dummy: 1 has the bye), 2-5, 3-4
    assert played.byes == (1,)
    assert boards(log, 1) == [(2, 5), (3, 4)]


def test_bye_points_parameter() -> None:
    log, ids = round_robin([2000, 1900, 1800], bye_points=1)
    log.pair()
    log.result(1, 1, "B+")
    rows = {r.player: r.score for r in standings(log)}
    # round 1 of 4: 1 has the bye, board 2-3: black (3) wins
    assert rows == {1: 1, 2: 0, 3: 1}


def test_double_round_robin_reverses_colours_in_the_second_cycle() -> None:
    log, ids = round_robin([2000, 1900, 1800, 1700], cycles=2)
    assert RR.total_rounds(log.state) == 6
    for number in range(1, 7):
        log.pair()
        for board in range(1, 3):
            log.result(number, board, "W+")
    for number in (1, 2, 3):
        assert boards(log, number + 3) == [(b, w) for w, b in boards(log, number)]
    with pytest.raises(InvalidEvent, match="all 6 rounds are paired"):
        log.pair()


def test_handicap_by_rank_with_cap() -> None:
    log = Log("round-robin", numbering="rating", handicap="rank", handicap_cap=3)
    a = log.add("A", rank="5d")
    b = log.add("B", rank="4d")
    c = log.add("C", rank="4d")
    d = log.add("D", rank="12k")
    log.pair()
    # R1: 1-4 (A 5d vs D 12k: 16 ranks, capped 3), 2-3 (B 4d vs C 4d: even, table colours)
    first, second = log.state.round(1).boards
    assert (first.white, first.black, first.handicap, first.komi) == (a, d, 3, 0.5)
    assert (second.white, second.black, second.handicap, second.komi) == (b, c, 0, 6.5)
    log.result(1, 1, "W+")
    log.result(1, 2, "W+")
    log.pair()
    # R2: 4-3 (D 12k vs C 4d: C is stronger, so C takes white though the table said 4), 1-2 (A 5d vs B 4d: h 1)
    first, second = log.state.round(2).boards
    assert (first.white, first.black, first.handicap, first.komi) == (c, d, 3, 0.5)
    assert (second.white, second.black, second.handicap, second.komi) == (a, b, 1, 0.5)


def test_skip_and_withdrawal_give_the_scheduled_opponent_a_bye() -> None:
    log, (p1, p2, p3, p4) = round_robin([2000, 1900, 1800, 1700])
    log.commit(("player_skips", {"player": p3, "rounds": [2]}))
    log.pair()
    log.result(1, 1, "W+")
    log.result(1, 2, "W+")
    log.commit(("player_withdrawn", {"player": p1, "from_round": 3}))
    log.pair()
    # round 2 is 4-3 and 1-2: 3 skips, so 4 has the bye
    assert boards(log, 2) == [(p1, p2)] and log.state.round(2).byes == (p4,)
    log.result(2, 1, "B+")
    log.pair()
    # round 3 is 2-4 and 3-1: 1 withdrew, so 3 has the bye
    assert boards(log, 3) == [(p2, p4)] and log.state.round(3).byes == (p3,)


def test_a_postponed_game_holds_no_round_back_and_counts_once_played() -> None:
    """The table fixes who meets whom: round 2 is paired, when the referee says so, while
    round 1's second board is still to be played, as the table has it and everyone seated;
    its result, entered afterwards, counts as any other.  Unasked, the pairing still waits
    (most often a slip is still on the table)."""
    log, (p1, p2, p3, p4) = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 1, "W+")  # 1-4; 2-3 postponed
    with pytest.raises(RoundIncomplete, match="round 1 is not complete: no result on board 2"):
        log.pair()
    log.commit(actions.pair(log.state, random.Random(1), early=True))
    assert boards(log, 2) == [(p4, p3), (p1, p2)] and log.state.round(2).byes == ()
    assert log.events[-1].data["early"] is True
    log.result(2, 1, "B+")
    log.result(2, 2, "W+")
    # after round 2: 1 has 2 (beat 4 and 2), 3 has 1 (beat 4), 2 and 4 nothing, 2-3 still to come;
    # Buchholz: 4 met 1 and 3 (3), 2 only 1 so far (2)
    assert [(r.player, r.score) for r in standings(log)] == [(p1, 2), (p3, 1), (p4, 0), (p2, 0)]
    log.result(1, 2, "W+")  # 2 beats 3 in the postponed game: Buchholz 2 has 3, 3 has 1
    assert [(r.player, r.score) for r in standings(log)] == [(p1, 2), (p2, 1), (p3, 1), (p4, 0)]
    assert replay(log.events) == log.state


def test_a_game_put_off_is_asked_about_until_it_is_played_and_the_table_is_not_final_before() -> None:
    """A trial: round 1's postponed game was asked about when round 2 was paired, never again,
    and the table after the last round was «Итоговая таблица» with it still missing."""
    from schemes.base.scheme import is_final

    log, _ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 1, "W+")  # board 2 put off
    log.commit(actions.pair(log.state, random.Random(1), early=True))
    for board in log.state.round(2).boards:
        log.result(2, board.number, "W+")
    with pytest.raises(RoundIncomplete, match="round 1 is not complete: no result on board 2"):
        log.pair()
    log.commit(actions.pair(log.state, random.Random(1), early=True))
    for board in log.state.round(3).boards:
        log.result(3, board.number, "W+")
    assert not is_final(RR, log.state, 3)
    log.result(1, 2, "B+")
    assert is_final(RR, log.state, 3)
    assert replay(log.events) == log.state


def test_only_a_round_of_opengothas_file_is_recorded_as_it_was() -> None:
    """OpenGotha's own rounds may leave players on no board (``as_recorded``); a round robin's
    log that says so is refused, though it may pair early."""
    log, _ = round_robin([2000, 1900, 1800, 1700])
    data = actions.pair(log.state, random.Random(1))[1] | {"as_recorded": True}
    data["boards"] = data["boards"][:1]
    with pytest.raises(InvalidEvent, match="round-robin has no rounds recorded by OpenGotha"):
        log.commit(("round_paired", data))


def test_nobody_joins_a_round_robin_after_the_draw() -> None:
    log, _ = round_robin([2000, 1900])
    log.pair()
    with pytest.raises(InvalidEvent, match="nobody can join"):
        log.add("Late", rating=1500)


def test_rounds_given_at_creation_must_agree_with_the_field() -> None:
    log = Log("round-robin", rounds=5, numbering="rating")
    for i in range(4):
        log.add(f"P{i}", rating=2000 - i)
    with pytest.raises(InvalidEvent, match="4 players play 3 rounds"):
        log.pair()


def test_numbering_by_lot_is_recorded_and_replay_never_draws_again() -> None:
    log = Log("round-robin")
    ids = [log.add(f"P{i}", rating=2000) for i in range(6)]
    log.pair(seed=7)
    order = log.events[-1].data["order"]
    assert sorted(order) == ids
    assert {p: n for n, p in enumerate(order, start=1)} == dict(log.state.numbers)
    assert replay(log.events) == replay(log.events) == log.state


def test_manual_numbering_needs_the_order() -> None:
    log = Log("round-robin", numbering="manual")
    assert [log.add(f"P{i}", rating=2000) for i in range(3)] == [1, 2, 3]
    with pytest.raises(InvalidEvent, match="--order"):
        log.pair()
    with pytest.raises(InvalidEvent, match="every player"):
        log.pair(order=[1, 2])
    log.pair(order=[3, 1, 2])
    assert dict(log.state.numbers) == {3: 1, 1: 2, 2: 3}


def test_rating_numbering_breaks_ties_alphabetically_with_yo_as_ye() -> None:
    log = Log("round-robin", numbering="rating")
    zh = log.add("Жуков", rating=2000)
    yo = log.add("Ёлкин", rating=2000)
    ye = log.add("Ежов", rating=2000)
    top = log.add("Яковлев", rating=2100)
    log.pair()
    numbers = log.state.numbers
    # е-ж-о-в < ё(е)-л-к-и-н < ж
    assert [numbers[p] for p in (top, ye, yo, zh)] == [1, 2, 3, 4]


def test_forfeits_and_both_lose_score_as_the_spec_says() -> None:
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 1, "W+F")
    log.result(1, 2, "both-lose")
    assert {r.player: r.score for r in standings(log)} == {1: 1, 4: 0, 2: 0, 3: 0}


def test_unknown_params_and_bad_values_are_refused() -> None:
    with pytest.raises(InvalidEvent, match="unknown parameter"):
        Log("round-robin", color="red")
    with pytest.raises(InvalidEvent, match="not one of"):
        Log("round-robin", numbering="alphabet")
    with pytest.raises(InvalidEvent, match="unknown tie-break"):
        Log("round-robin", tiebreaks="buchholz,luck")


def test_true_rating_as_the_standings_order() -> None:
    """Six players, three rounds (Berger for 6: R1 1-6 2-5 3-4, R2 6-4 5-3 1-2, R3 2-6 3-1 4-5).

    White wins every game but 5-3: 1 beats 6, 2 and 3 (3 points); 2 beats 5 and 6;
    3 beats 4; 4 beats 5; 5 beats 3; 6 beats 4.  Players 3, 4, 5 and 6 all have 1
    point, but 5 beat 3 who beat 4: the true rating separates what points cannot.
    """
    log, ids = round_robin([2500, 2400, 2300, 2200, 2100, 2000], order="true_rating")
    for number, codes in enumerate([("W+", "W+", "W+"), ("W+", "W+", "W+"), ("W+", "B+", "W+")], start=1):
        log.pair()
        for board, code in enumerate(codes, start=1):
            log.result(number, board, code)
    rows = standings(log)
    ratings = [r.tiebreaks["true_rating"] for r in rows]
    assert ratings == sorted(ratings, reverse=True)
    assert [r.player for r in rows[:2]] == [1, 2]
    assert {r.player: r.score for r in rows} == {1: 3, 2: 2, 3: 1, 4: 1, 5: 1, 6: 1}
    places = {r.player: r.place for r in rows}
    assert places[5] != places[6], "equal points, different true ratings"


def _issue_example(**params: str) -> Log:
    """A=1, B=2, C=3, D=4 (rating order); Berger for 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.

    A draws B (R2 b2), beats C (R3 b2, as black), draws D (R1 b1); B draws C (R1 b2),
    beats D (R3 b1); C beats D (R2 b1, as black).
    Points: A 2, B 2, C 1.5, D 0.5.  Buchholz: A = 2+1.5+0.5 = 4, B = 2+1.5+0.5 = 4.
    Their game was a draw, so head-to-head is ½ each.  Sonneborn–Berger would separate
    them (A: 1+1.5+0.25 = 2.75, B: 1+0.75+0.5 = 2.25), but only if it was picked.
    """
    log, _ = round_robin([2400, 2300, 2200, 2100], **params)
    for number, codes in enumerate([("draw", "draw"), ("B+", "draw"), ("W+", "B+")], start=1):
        log.pair()
        for board, code in enumerate(codes, start=1):
            log.result(number, board, code)
    return log


def test_only_the_chosen_tiebreaks_decide_and_equal_players_share() -> None:
    rows = standings(_issue_example())
    assert [(r.place, r.player, r.score) for r in rows] == [("1-2", 1, 2), ("1-2", 2, 2), ("3", 3, 1.5), ("4", 4, 0.5)]
    assert RR.standings(_issue_example().state, 3).columns == ("buchholz", "head_to_head")
    # reported, not deciding: the JSON still has every criterion
    assert {r.player: r.tiebreaks["sonneborn_berger"] for r in rows}[1] == 2.75


def test_a_picked_criterion_separates_them() -> None:
    rows = standings(_issue_example(tiebreaks="buchholz,head_to_head,sonneborn_berger"))
    assert [(r.place, r.player) for r in rows[:2]] == [("1", 1), ("2", 2)]


def _withdrawal_after_beating_the_winner(**params: str) -> Log:
    """Seed 004's warning.  W=1, X=2, Y=3, F=4; R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.

    R1: F beats W (board 1, as black), X beats Y.  F withdraws from round 2, so Y has
    the bye in R2 and X in R3.  R2: W beats X.  R3: W beats Y (board 2, as black).
    Points: W 2, X 1, F 1, Y 0.  "Scored against": F→W→X→Y and W→Y, no cycle, so the
    graph alone would put F first.  But F missed rounds 2 and 3 (a bye is no miss), so
    he goes below W, X and Y, who are ordered W > X > Y.
    """
    log, _ = round_robin([2400, 2300, 2200, 2100], **params)
    log.pair()
    log.result(1, 1, "B+")
    log.result(1, 2, "W+")
    log.commit(actions.withdraw(log.state, 4, 2))
    log.pair()
    log.result(2, 1, "W+")
    log.pair()
    log.result(3, 1, "B+")
    return log


def test_a_player_who_missed_a_round_goes_below_all_who_played_every_round() -> None:
    rows = standings(_withdrawal_after_beating_the_winner(order="true_rating"))
    assert [(r.place, r.player) for r in rows] == [("1", 1), ("2", 2), ("3", 3), ("4", 4)]
    assert [r.score for r in rows] == [2, 1, 0, 1]


def test_the_restriction_holds_for_the_true_rating_as_a_tiebreak() -> None:
    # X and F both have 1 point; F's true rating is the highest, but he missed rounds.
    rows = standings(_withdrawal_after_beating_the_winner(tiebreaks="true_rating"))
    assert [(r.place, r.player) for r in rows] == [("1", 1), ("2", 2), ("3", 4), ("4", 3)]
    assert rows[2].tiebreaks["true_rating"] == math.inf


def test_each_tiebreak_of_the_menu_is_a_named_rule() -> None:
    from schemes.systems import fors, round_robin

    assert list(round_robin.CRITERIA) == list(round_robin.TIEBREAKS)
    assert list(fors.CRITERIA) == list(fors.TIEBREAKS)
    assert all(rule.__doc__ for rule in [*round_robin.CRITERIA.values(), *fors.CRITERIA.values()])


def test_after_the_last_round_no_round_is_offered_though_a_result_is_missing() -> None:
    """A review: with every round paired and a result missing, the app asked whether to pair
    round 4 of three all the same, and only then said all were paired."""
    log, _ = round_robin([2000, 1900, 1800, 1700])
    for number in (1, 2, 3):
        log.pair()
        log.result(number, 1, "W+")
        if number < 3:
            log.result(number, 2, "W+")
    with pytest.raises(InvalidEvent, match="all 3 rounds are paired"):
        log.pair()


def test_koya_counts_an_opponents_games_not_his_byes() -> None:
    """Three players, ``bye_points=1``: 3 loses both his games and has a bye.  His 1 point of
    3 rounds is 0 of his 2 games, under 50 %: a win against him is no Koya point (a review
    found the bye counted as a game's half)."""
    log, ids = round_robin([2000, 1900, 1800], bye_points=1)
    for number in (1, 2, 3):
        log.pair()
        for board in log.state.round(number).boards:
            third = ids[2] in (board.white, board.black)
            winner = next(p for p in (board.white, board.black) if p != ids[2]) if third else ids[0]
            log.result(number, board.number, "W+" if board.white == winner else "B+")
    values = {r.player: (r.score, r.tiebreaks["koya"]) for r in standings(log)}
    assert values == {ids[0]: (3, 1), ids[1]: (2, 0), ids[2]: (1, 0)}
