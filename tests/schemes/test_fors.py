"""FORS per fors.md: scoring, handicap, tie-breaks, blocked pairs; values by hand."""

import pytest

from schemes.errors import InvalidEvent, Named
from schemes.log import actions
from schemes.state.records import Free, Game, Kind, Outcome, Score
from schemes.systems.fors import FORS, game_points, handicap, totals
from tests.builders import Log

PARAMS = {"win_points": 20.0, "loss_points": 10.0, "bye_points": 15.0, "skip_points": 0.0}


def game(score: Score, white: bool, h: int, forfeit: bool = False) -> Outcome:
    return Game(1, 2, white, h, 0.5, score, forfeit)


@pytest.mark.parametrize(
    "outcome, points",
    [
        (game(Score.WIN, True, 0), 20),
        (game(Score.LOSS, False, 0), 10),
        (game(Score.WIN, True, 3), 23),
        (game(Score.LOSS, False, 3), 7),  # giver wins / receiver loses
        (game(Score.WIN, False, 3), 20),
        (game(Score.LOSS, True, 3), 10),  # receiver wins / giver loses
        (game(Score.WIN, True, 2, forfeit=True), 22),
        (game(Score.LOSS, False, 2, forfeit=True), 0),
        (game(Score.DRAW, True, 2), 16),
        (game(Score.DRAW, False, 2), 14),
        (Free(1, Kind.BYE), 15),
        (Free(1, Kind.SKIP), 0),
        (Free(1, Kind.WITHDRAWN), 0),
    ],
)
def test_round_points(outcome: Outcome, points: float) -> None:
    assert game_points(outcome, PARAMS) == points


def test_handicap_per_rank_with_half_stones_rounded_down_and_cap() -> None:
    assert handicap(26, 20, {"stones_per_rank": 1.0, "handicap_cap": 9}) == 6
    assert handicap(26, 20, {"stones_per_rank": 1.0, "handicap_cap": 4}) == 4
    assert handicap(26, 23, {"stones_per_rank": 0.5, "handicap_cap": 9}) == 1
    assert handicap(20, 26, {"stones_per_rank": 0.5, "handicap_cap": 9}) == 3


def small_event() -> Log:
    """A 3d, B 1d, C 1k, D 2k, E 2k (base 2k: start 20, 10, 5, 0, 0); 2 rounds.

    R1 (D above E: equal but for the number): A-B (2 stones), C-D (1), E bye.
       A wins giving 2 (22), B 8; D wins receiving (20), C 10; E 15.
       Totals: A 42, B 18, C 15, D 20, E 15.
    R2: order A 42, D 20, B 18, C 15, E 15 (C's opponents earned 20, E has none).
       The bye: E had it, so C.  A-D (4 stones), B-E (2 stones).
       D wins receiving 4 (20), A 10; B wins giving 2 (22), E 8; C 15.
       Totals: A 52, B 40, C 30, D 40, E 23.
    """
    log = Log("fors", rounds=2)
    for surname, rating in (("A", 2350), ("B", 2150), ("C", 2050), ("D", 1950), ("E", 1950)):
        log.add(surname, rating=rating)
    log.pair()
    log.result(1, 1, "W+")
    log.result(1, 2, "B+")
    log.pair()
    log.result(2, 1, "B+")
    log.result(2, 2, "W+")
    return log


def test_small_event_pairings_and_totals() -> None:
    log = small_event()
    rounds = [[(b.white, b.black, b.handicap) for b in r.boards] + [r.byes] for r in log.state.rounds]
    assert rounds == [[(1, 2, 2), (3, 4, 1), (5,)], [(1, 4, 4), (2, 5, 2), (3,)]]
    table = totals(log.state, 2)
    assert {p: (t.start, t.total) for p, t in table.items()} == {
        1: (20, 52),
        2: (10, 40),
        3: (5, 30),
        4: (0, 40),
        5: (0, 23),
    }


def test_small_event_tiebreaks_by_hand() -> None:
    rows = {r.player: r.tiebreaks for r in FORS.standings(small_event().state, 2).rows}
    # A met B (earned 8 + 22) and D (20 + 20): opp_earned 70, ks 40 + 40, opp_wins 1 + 2
    assert (rows[1]["opp_earned"], rows[1]["ks"], rows[1]["opp_wins"]) == (70, 80, 3)
    # handicap given: A gave 2 and 4; D received 1 and 4; B received 2 and gave 2
    assert (rows[1]["handicap_given"], rows[4]["handicap_given"], rows[2]["handicap_given"]) == (6, -5, 0)
    # wins in even games or giving: A won giving 2; B won giving 2; D won receiving twice
    assert (rows[1]["wins_even_or_giving"], rows[2]["wins_even_or_giving"], rows[4]["wins_even_or_giving"]) == (1, 1, 0)
    assert rows[4]["wins"] == 2 and rows[4]["start_points"] == 0 and rows[4]["points"] == 40
    assert rows[3]["start_rating"] == 2050


def test_small_event_places_break_the_tie_of_b_and_d() -> None:
    rows = FORS.standings(small_event().state, 2).rows
    # B and D have 40; opp_earned B: A 32 + E 23 (bye 15, loss 8) = 55; D: C 25 (10, bye 15) + A 32 = 57
    values = {r.player: r.tiebreaks["opp_earned"] for r in rows}
    assert (values[2], values[4]) == (55, 57)
    assert [(r.place, r.player) for r in rows] == [("1", 1), ("2", 4), ("3", 2), ("4", 3), ("5", 5)]


def test_tied_totals_go_by_the_chosen_tiebreaks() -> None:
    log = Log("fors", rounds=1, tiebreaks="start_rating")
    low = log.add("Low", rating=2000)
    high = log.add("High", rating=2090)
    log.pair()
    log.result(1, 1, "B+" if log.state.round(1).boards[0].black == low else "W+")
    rows = FORS.standings(log.state, 1).rows
    # both 1k: start 0; even game: winner 20, loser 10
    assert [(r.player, r.score) for r in rows] == [(low, 20), (high, 10)]


def test_round_one_breaks_equal_points_by_the_numbers_the_draw_gives() -> None:
    """A trial: Adams 1k, Zane 2k, Baker 2k, Cole 3k registered in that order are numbered
    1 Adams, 2 Baker, 3 Zane, 4 Cole (rating, then the alphabet); Zane and Baker start equal,
    so the number decides (fors.md) and the top-down pairing is 1-2, 3-4.  Round 1 read the
    order of registration instead, and paired 1-3, 2-4."""
    log = Log("fors", rounds=1)
    adams = log.add("Adams", rank="1k")
    zane = log.add("Zane", rank="2k")
    baker = log.add("Baker", rank="2k")
    cole = log.add("Cole", rank="3k")
    log.pair()
    assert log.state.numbers == {adams: 1, baker: 2, zane: 3, cole: 4}
    assert [(x.white, x.black) for x in log.state.round(1).boards] == [(adams, baker), (zane, cole)]


def test_blocked_pairs_are_never_paired() -> None:
    log = Log("fors", rounds=1)
    a = log.add("A", rating=2400)
    b = log.add("B", rating=2300, block=[a])
    c = log.add("C", rating=2200)
    d = log.add("D", rating=2100)
    log.pair()
    assert [(x.white, x.black) for x in log.state.round(1).boards] == [(a, c), (b, d)]
    with pytest.raises(InvalidEvent, match=r"players 1 and 2 are blocked from meeting") as blocked:
        log.commit(actions.swap(log.state, 1, c, b))
    reason = blocked.value.fields["reason"]  # each by his number on the boards and his name
    assert (reason.fields["a"], reason.fields["b"]) == (Named(a, 1, "A X."), Named(b, 2, "B X."))
    # the two of one board: the handicap seats them as they sit (a trial's swap was «done», nothing moved)
    with pytest.raises(InvalidEvent, match="players 1 and 3 play each other on board 1: the rules seat") as seated:
        actions.swap(log.state, 1, c, a)
    assert seated.value.fields["b"] == Named(c, log.state.numbers[c], "C X.")


def test_base_rank_and_stones_per_rank_parameters() -> None:
    log = Log("fors", rounds=1, base_rank="5k", start_per_rank=10, stones_per_rank="0.5")
    a = log.add("A", rank="1d")
    b = log.add("B", rank="4k")
    log.pair()
    table = totals(log.state, 0)
    assert (table[a].start, table[b].start) == (50, 10)
    assert log.state.round(1).boards[0].handicap == 2  # 4 ranks, half a stone each
    with pytest.raises(InvalidEvent, match="stones per rank"):
        Log("fors", rounds=1, stones_per_rank="2")


def _two_winners(**params: str) -> Log:
    """Four 1d players rated 2190, 2180, 2170, 2160 (numbers 1-4): round 1 pairs 1-2 and
    3-4 (even, nigiri); 1 and 3 win.  Both have 0 + 20 points; their opponents earned 10
    each, so opp_earned, opp_wins, ks, wins and wins_even_or_giving are equal, they did
    not meet (head_to_head 0 each), and only start_rating (2190 vs 2170) tells them apart."""
    log = Log("fors", rounds=3, **params)
    ids = [log.add(f"P{i}", rating=r) for i, r in enumerate([2190, 2180, 2170, 2160], start=1)]
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+" if board.white in (ids[0], ids[2]) else "B+")
    return log


def test_only_the_chosen_tiebreaks_decide_fors_places() -> None:
    rows = FORS.standings(_two_winners(tiebreaks="head_to_head").state, 1).rows
    assert [(r.place, r.player) for r in rows[:2]] == [("1-2", 1), ("1-2", 3)]
    assert FORS.standings(_two_winners(tiebreaks="head_to_head").state, 1).columns == ("start_points", "head_to_head")
    rows = FORS.standings(_two_winners().state, 1).rows
    assert [(r.place, r.player) for r in rows[:2]] == [("1", 1), ("2", 3)]


def test_start_rating_is_frozen_when_the_player_is_first_paired() -> None:
    log = _two_winners(tiebreaks="start_rating")
    log.commit(actions.edit(3, rating=2199))  # after round 1: the tie-break keeps 2170
    rows = FORS.standings(log.state, 1).rows
    assert [(r.place, r.player, r.tiebreaks["start_rating"]) for r in rows[:2]] == [("1", 1, 2190), ("2", 3, 2170)]
    # a latecomer's start rating is frozen by the round he first plays
    late = log.add("Late", rating=2100)
    log.pair()
    log.commit(actions.edit(late, rating=2250))
    values = {r.player: r.tiebreaks["start_rating"] for r in FORS.standings(log.state, 1).rows}
    assert values[late] == 2100
