"""FORS's eight tie-breaks in the organiser's order (fors.md, seed 002: «могут выбираться
организаторами по своему усмотрению из списка»), every value computed by hand: four players
equal on points separated differently by different orders, three and four players equal on
all eight (a shared place whatever the order), ``handicap_given``, and ``head_to_head`` after
a handicap game (it counts only a game «если она была на равных»).

Scoring throughout (fors.md's defaults): start 5 per rank above the weakest rank; a win 20,
giving h stones 20 + h; a loss 10, receiving h stones 10 - h; a bye 15.
"""

from collections.abc import Sequence

import pytest

from schemes.log import actions
from schemes.systems.fors import FORS, TIEBREAKS
from tests.builders import Log


def seat(log: Log, number: int, pairs: Sequence[tuple[int, int]]) -> None:
    """Round ``number`` paired top-down, then changed by hand (as the referee may) until
    each of ``pairs`` sits at one board; the handicap follows the ranks as always."""
    log.pair()
    for a, b in pairs:
        board = log.state.round(number).board_of(a)
        assert board is not None
        partner = board.black if board.white == a else board.white
        if partner != b:
            log.commit(actions.swap(log.state, number, partner, b, force=True))
    boards = {frozenset((x.white, x.black)) for x in log.state.round(number).boards}
    assert boards == {frozenset(pair) for pair in pairs}


def win(log: Log, number: int, winner: int, forfeit: bool = False) -> None:
    board = log.state.round(number).board_of(winner)
    assert board is not None
    code = "W+" if board.white == winner else "B+"
    log.result(number, board.number, code + ("F" if forfeit else ""))


def places(log: Log, after: int) -> dict[int, str]:
    return {row.player: row.place for row in FORS.standings(log.state, after).rows}


def values(log: Log, after: int, key: str) -> dict[int, float]:
    return {row.player: row.tiebreaks[key] for row in FORS.standings(log.state, after).rows}


def ten(**params: str) -> tuple[Log, dict[str, int]]:
    """Ten players, two rounds paired by hand; A, B, C and D end on 40 points each.

    Ranks (base 1k): D2 4d start 20, X 3d 15, C, D, C1, C2 2d 10, A, B, E, D1 1k 0.
    Round 1: A-E even, A wins (20 / 10); B-X, X gives 3, B wins (20 / 10); C-C1 even, C wins
    (20 / 10); D-D1, D gives 2, D wins (22 / 8); C2-D2, D2 gives 2, D2 wins (22 / 8).
    Round 2: A-D1 even, A wins (20 / 10); B-E even, B wins (20 / 10); C-C2 even, C2 wins
    (20 / 10); D-D2, D2 gives 2, D2 wins (22 / 8); X-C1, X gives 1, X wins (21 / 9).
    Earned: A 40, B 40, C 30, D 30, E 20, X 31, C1 19, D1 18, C2 28, D2 44.
    Totals: D2 64, X 46, A = B = C = D = 40, C2 38, C1 29, E 20, D1 18: A-D are places 3-6.
    Wins: A 2, B 2, C 1, D 1; E 0, X 1, C1 0, D1 0, C2 1, D2 2.

    The tied four, criterion by criterion:
    - opp_earned: A E 20 + D1 18 = 38; B X 31 + E 20 = 51; C C1 19 + C2 28 = 47; D D1 18 + D2 44 = 62
    - opp_wins: A 0 + 0 = 0; B 1 + 0 = 1; C 0 + 1 = 1; D 0 + 2 = 2
    - ks: A 20 + 18 = 38; B 46 + 20 = 66; C 29 + 38 = 67; D 18 + 64 = 82
    - wins_even_or_giving: A 2; B 1 (his win over X was received); C 1; D 1 (gave 2 to D1)
    - handicap_given: A 0; B -3; C 0; D +2 - 2 = 0
    - head_to_head: 0 each (none of them met)
    - start_rating: C 2250, D 2240, A 2090, B 2080
    - wins: A 2, B 2, C 1, D 1
    """
    log = Log("fors", rounds=2, **params)
    ratings = {"D2": 2450, "X": 2350, "C": 2250, "D": 2240, "C1": 2230, "C2": 2220,
               "A": 2090, "B": 2080, "E": 2070, "D1": 2060}  # fmt: skip
    p = {name: log.add(name, rating=rating) for name, rating in ratings.items()}
    seat(log, 1, [(p["A"], p["E"]), (p["B"], p["X"]), (p["C"], p["C1"]), (p["D"], p["D1"]), (p["C2"], p["D2"])])
    for winner in ("A", "B", "C", "D", "D2"):
        win(log, 1, p[winner])
    seat(log, 2, [(p["A"], p["D1"]), (p["B"], p["E"]), (p["C"], p["C2"]), (p["D"], p["D2"]), (p["X"], p["C1"])])
    for winner in ("A", "B", "C2", "D2", "X"):
        win(log, 2, p[winner])
    return log, p


def test_the_ten_players_points_and_tiebreaks_by_hand() -> None:
    log, p = ten()
    # the stronger takes white and gives a stone a rank; even boards: the nigiri decides
    given = {(b.white, b.black, b.handicap) for r in log.state.rounds for b in r.boards if b.handicap}
    assert given == {(p["X"], p["B"], 3), (p["D"], p["D1"], 2), (p["D2"], p["C2"], 2), (p["D2"], p["D"], 2),
                     (p["X"], p["C1"], 1)}  # fmt: skip
    rows = {row.player: row for row in FORS.standings(log.state, 2).rows}
    tied = [p[name] for name in "ABCD"]
    assert {name: rows[p[name]].score for name in p} == {
        "D2": 64, "X": 46, "C": 40, "D": 40, "C1": 29, "C2": 38, "A": 40, "B": 40, "E": 20, "D1": 18,
    }  # fmt: skip
    assert [[rows[player].tiebreaks[key] for player in tied] for key in TIEBREAKS] == [
        [38, 51, 47, 62],  # opp_earned
        [0, 1, 1, 2],  # opp_wins
        [38, 66, 67, 82],  # ks
        [2, 1, 1, 1],  # wins_even_or_giving
        [0, -3, 0, 0],  # handicap_given
        [0, 0, 0, 0],  # head_to_head
        [2090, 2080, 2250, 2240],  # start_rating
        [2, 2, 1, 1],  # wins
    ]


def test_handicap_given_counts_given_stones_and_received_ones_against() -> None:
    log, p = ten(tiebreaks="handicap_given")
    # X gave 3 to B and 1 to C1; D2 gave 2 to C2 and 2 to D; D1 received 2 from D; C1 1 from X
    given = values(log, 2, "handicap_given")
    assert {name: given[player] for name, player in p.items()} == {
        "D2": 4, "X": 4, "C": 0, "D": 0, "C1": -1, "C2": -2, "A": 0, "B": -3, "E": 0, "D1": -2,
    }  # fmt: skip


@pytest.mark.parametrize(
    "order, expected",
    [
        # the spec's default order: opp_earned decides at once (D 62, B 51, C 47, A 38)
        (",".join(TIEBREAKS), {"D": "3", "B": "4", "C": "5", "A": "6"}),
        # wins alone: A and B 2, C and D 1, and nothing after it
        ("wins", {"A": "3-4", "B": "3-4", "C": "5-6", "D": "5-6"}),
        # then the handicap: A 0 above B -3; C and D both 0, still sharing
        ("wins,handicap_given", {"A": "3", "B": "4", "C": "5-6", "D": "5-6"}),
        ("wins,handicap_given,start_rating", {"A": "3", "B": "4", "C": "5", "D": "6"}),
        # the handicap first: A, C, D at 0 above B; among them opp_wins D 2, C 1, A 0
        ("handicap_given,opp_wins", {"D": "3", "C": "4", "A": "5", "B": "6"}),
        # wins even or giving: A 2 first; B, C, D at 1 by ks: D 82, C 67, B 66
        ("wins_even_or_giving,ks", {"A": "3", "D": "4", "C": "5", "B": "6"}),
        ("opp_wins", {"D": "3", "B": "4-5", "C": "4-5", "A": "6"}),
        ("start_rating,wins", {"C": "3", "D": "4", "A": "5", "B": "6"}),
        # they never met: head-to-head leaves all four on one shared place
        ("head_to_head", {"A": "3-6", "B": "3-6", "C": "3-6", "D": "3-6"}),
    ],
)
def test_four_tied_players_in_the_organisers_orders(order: str, expected: dict[str, str]) -> None:
    log, p = ten(tiebreaks=order)
    shown = places(log, 2)
    assert {name: shown[p[name]] for name in expected} == expected
    # the others are not tied with anyone: the same places whatever the order
    assert [shown[p[name]] for name in ("D2", "X", "C2", "C1", "E", "D1")] == ["1", "2", "7", "8", "9", "10"]
    assert FORS.standings(log.state, 2).columns == ("start_points", *order.split(","))


def three_in_a_circle(**params: str) -> Log:
    """A, B, C, all 1k rated 2050 (numbered alphabetically), three rounds, paired top-down:
    round 1 A-B, C's bye; round 2 A 20, C 15, B 10: A-C, B's bye (the lowest without one);
    round 3 B-C, A's bye.  A beats B, C beats A, B beats C: each won one even game, lost one
    and had a bye: 20 + 10 + 15 = 45 points.  Every criterion is equal: opp_earned 45 + 45 =
    90, opp_wins 1 + 1 = 2, ks 90 (start 0), wins_even_or_giving 1, handicap_given 0,
    head_to_head 1 each (one even win inside the three), start_rating 2050, wins 1."""
    log = Log("fors", rounds=3, **params)
    a, b, c = (log.add(name, rating=2050) for name in "ABC")
    for number, winner in enumerate((a, c, b), start=1):
        log.pair()
        win(log, number, winner)
    assert [r.byes for r in log.state.rounds] == [(c,), (b,), (a,)]
    return log


def four_in_a_circle(**params: str) -> Log:
    """A, B, C, D, all 1k rated 2050, two rounds: round 1 top-down A-B and C-D, A and C win;
    round 2 changed by hand to A-D and C-B (top-down pairs A-C), and D and B win.  Each won one
    even game and lost one: 20 + 10 = 30 points.  opp_earned 30 + 30 = 60, opp_wins 2, ks 60,
    wins_even_or_giving 1, handicap_given 0, head_to_head 1 each (A beat B, B beat C, C beat D,
    D beat A), start_rating 2050, wins 1: equal on all eight."""
    log = Log("fors", rounds=2, **params)
    a, b, c, d = (log.add(name, rating=2050) for name in "ABCD")
    seat(log, 1, [(a, b), (c, d)])
    win(log, 1, a)
    win(log, 1, c)
    seat(log, 2, [(a, d), (c, b)])
    win(log, 2, d)
    win(log, 2, b)
    return log


ORDERS = [",".join(TIEBREAKS), "head_to_head", "wins,start_rating", "start_rating,head_to_head,opp_earned",
          ",".join(reversed(TIEBREAKS))]  # fmt: skip


@pytest.mark.parametrize("order", ORDERS)
def test_three_equal_on_all_eight_share_the_place(order: str) -> None:
    log = three_in_a_circle(tiebreaks=order)
    rows = FORS.standings(log.state, 3).rows
    assert [(row.place, row.score) for row in rows] == [("1-3", 45)] * 3
    assert [[row.tiebreaks[key] for key in TIEBREAKS] for row in rows] == [[90, 2, 90, 1, 0, 1, 2050, 1]] * 3


@pytest.mark.parametrize("order", ORDERS)
def test_four_equal_on_all_eight_share_the_place(order: str) -> None:
    log = four_in_a_circle(tiebreaks=order)
    rows = FORS.standings(log.state, 2).rows
    assert [(row.place, row.score) for row in rows] == [("1-4", 30)] * 4
    assert [[row.tiebreaks[key] for key in TIEBREAKS] for row in rows] == [[60, 2, 60, 1, 0, 1, 2050, 1]] * 4


def after_a_handicap_game(**params: str) -> tuple[Log, dict[str, int]]:
    """M 1d (2150), N 1k (2050), Z 1k (2040), W 5k (1650); base 5k: start M 25, N 20, Z 20, W 0.
    Round 1, top-down: M-N, M gives 1 and N wins (N 20, M 10); Z-W, Z gives 4 and wins (Z 24,
    W 6).  Round 2, top-down by Z 44, N 40, M 35, W 6: Z-N even, N wins (20 / 10); M-W, M gives
    5 and wins (25 / 5).  Totals: M 25 + 10 + 25 = 60, N 20 + 20 + 20 = 60, Z 54, W 11.

    M and N, criterion by criterion: opp_earned M N 40 + W 11 = 51, N M 35 + Z 34 = 69;
    opp_wins 2 and 2; ks M 60 + 11 = 71, N 60 + 54 = 114; wins_even_or_giving 1 and 1 (M won
    giving 5, N's even win over Z; his win over M was received); handicap_given M 1 + 5 = 6,
    N -1; head_to_head 0 and 0 (their game had a stone); start_rating 2150 and 2050; wins 1, 2."""
    log = Log("fors", rounds=2, **params)
    p = {name: log.add(name, rating=rating) for name, rating in (("M", 2150), ("N", 2050), ("Z", 2040), ("W", 1650))}
    log.pair()
    assert {(b.white, b.black, b.handicap) for b in log.state.round(1).boards} == {
        (p["M"], p["N"], 1),
        (p["Z"], p["W"], 4),
    }
    win(log, 1, p["N"])
    win(log, 1, p["Z"])
    log.pair()
    assert {frozenset((b.white, b.black)) for b in log.state.round(2).boards} == {
        frozenset((p["Z"], p["N"])),
        frozenset((p["M"], p["W"])),
    }
    win(log, 2, p["N"])
    win(log, 2, p["M"])
    return log, p


def test_the_handicap_game_values_by_hand() -> None:
    log, p = after_a_handicap_game()
    rows = {row.player: row for row in FORS.standings(log.state, 2).rows}
    assert [rows[p[name]].score for name in "MNZW"] == [60, 60, 54, 11]
    assert [[rows[p[name]].tiebreaks[key] for key in TIEBREAKS] for name in "MN"] == [
        [51, 2, 71, 1, 6, 0, 2150, 1],
        [69, 2, 114, 1, -1, 0, 2050, 2],
    ]


@pytest.mark.parametrize(
    "order, m, n",
    [
        ("head_to_head", "1-2", "1-2"),  # N beat M, but with a stone: no head-to-head result
        ("head_to_head,start_rating", "1", "2"),  # had the game counted, N would be first
        ("head_to_head,wins", "2", "1"),
        ("head_to_head,wins_even_or_giving,opp_wins", "1-2", "1-2"),
        ("handicap_given", "1", "2"),
        ("opp_earned", "2", "1"),
    ],
)
def test_head_to_head_after_a_handicap_game(order: str, m: str, n: str) -> None:
    log, p = after_a_handicap_game(tiebreaks=order)
    shown = places(log, 2)
    assert (shown[p["M"]], shown[p["N"]], shown[p["Z"]], shown[p["W"]]) == (m, n, "3", "4")


def test_a_walkover_with_handicap_is_no_handicap_given_but_counts_for_the_opponents() -> None:
    """As above, but M's win over W in round 2 is a walkover: M still scores 25 (a forfeit win
    scores as a win with the pairing's handicap), W 0, so W has 6 and M 60.  handicap_given
    counts games really played: M 1 (round 1 only), W -4; the opponents' sums count the board:
    M's opp_earned N 40 + W 6 = 46, ks 60 + 6 = 66."""
    log = Log("fors", rounds=2)
    p = {name: log.add(name, rating=rating) for name, rating in (("M", 2150), ("N", 2050), ("Z", 2040), ("W", 1650))}
    log.pair()
    win(log, 1, p["N"])
    win(log, 1, p["Z"])
    log.pair()
    win(log, 2, p["N"])
    win(log, 2, p["M"], forfeit=True)
    rows = {row.player: row for row in FORS.standings(log.state, 2).rows}
    assert [rows[p[name]].score for name in "MNZW"] == [60, 60, 54, 6]
    assert (rows[p["M"]].tiebreaks["handicap_given"], rows[p["W"]].tiebreaks["handicap_given"]) == (1, -4)
    assert (rows[p["M"]].tiebreaks["opp_earned"], rows[p["M"]].tiebreaks["ks"]) == (46, 66)
