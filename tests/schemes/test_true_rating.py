import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemes.algorithms.true_rating import START, rating_label, true_ratings


def expected(a: float, b: float) -> float:
    return 1 / (1 + 10 ** ((b - a) / 400))


def test_no_games_leaves_everyone_at_the_start_sharing_the_place() -> None:
    fit = true_ratings([1, 2], [])
    assert fit.rating == {1: START, 2: START}
    assert fit.position == {1: 0, 2: 0}


def test_two_players_win_and_draw_by_hand() -> None:
    # A scored 1.5 of 2 against B: at the fixed point 2·E = 1.5, so E = 0.75, i.e.
    # 10^(-d/400) = 1/3 and d = 400·log10(3) = 190.85; the mean is anchored at 2000.
    fit = true_ratings(["A", "B"], [("A", "B", 1.0), ("A", "B", 0.5)])
    assert fit.rating["A"] == pytest.approx(2095.42, abs=0.01)
    assert fit.rating["B"] == pytest.approx(1904.58, abs=0.01)
    assert fit.position == {"A": 0, "B": 1}


def test_the_fixed_point_has_no_prior_expected_equals_actual() -> None:
    games = [(1, 2, 1.0), (2, 3, 1.0), (3, 1, 0.5), (1, 4, 1.0), (4, 2, 1.0), (3, 4, 0.0), (2, 1, 0.5)]
    fit = true_ratings([1, 2, 3, 4], games)
    for p in (1, 2, 3, 4):
        actual = sum(s if a == p else 1 - s for a, b, s in games if p in (a, b))
        predicted = sum(expected(fit.rating[p], fit.rating[b if a == p else a]) for a, b, s in games if p in (a, b))
        assert actual == pytest.approx(predicted, abs=1e-3)
    assert sum(fit.rating.values()) / 4 == pytest.approx(START, abs=0.01)


def test_a_cycle_above_a_player_who_lost_everything() -> None:
    # A beat B, B beat C, C beat A: one component, each 1 of 2 inside it, so all equal
    # (2000, sharing position 0); everybody beat D, who has no finite rating.
    games = [("A", "B", 1.0), ("B", "C", 1.0), ("C", "A", 1.0), ("A", "D", 1.0), ("B", "D", 1.0), ("C", "D", 1.0)]
    fit = true_ratings(list("ABCD"), games)
    assert [fit.rating[p] for p in "ABC"] == [START, START, START]
    assert fit.rating["D"] == -math.inf
    assert fit.position == {"A": 0, "B": 0, "C": 0, "D": 3}
    assert rating_label(fit.rating["D"]) == "↓" and rating_label(2095.42) == "2095"


def test_the_seeds_tournament_six_orders_the_components() -> None:
    # A and B won everything, E and F lost everything; no cycles at all: every player is
    # his own component.  A reaches C reaches E, B reaches D reaches F; the two chains are
    # not ordered by the graph, so equal points share: A,B 1-2; C,D 3-4; E,F 5-6.  The
    # middle tier is the anchor and keeps a number; the others run off to infinity.
    games = [("A", "C", 1.0), ("A", "E", 1.0), ("B", "D", 1.0), ("B", "F", 1.0), ("C", "E", 1.0), ("D", "F", 1.0)]
    fit = true_ratings(list("ABCDEF"), games)
    assert fit.position == {"A": 0, "B": 0, "C": 2, "D": 2, "E": 4, "F": 4}
    assert fit.rating == {"A": math.inf, "B": math.inf, "C": START, "D": START, "E": -math.inf, "F": -math.inf}


def test_a_component_that_reaches_another_is_above_it_whatever_the_points() -> None:
    # X beat Y once; Y then beat three others whom X never met.  Y has more points (3 to 1),
    # but the graph orders X above Y.
    games = [("X", "Y", 1.0), ("Y", "P", 1.0), ("Y", "Q", 1.0), ("Y", "R", 1.0)]
    fit = true_ratings(["X", "Y", "P", "Q", "R"], games)
    assert fit.position["X"] < fit.position["Y"] < fit.position["P"]


def test_equal_scores_against_stronger_opponents_rate_higher() -> None:
    # C and D both scored 1.5 (one win, one loss, their draw) in a strongly connected
    # table.  C's win was over A (1 of 3: beat B only), D's over B (2 of 4: beat C and E),
    # and both lost to a 2-point player: the win over the stronger opponent rates higher.
    games = [
        ("A", "B", 1.0),
        ("E", "A", 1.0),
        ("C", "A", 1.0),
        ("B", "C", 1.0),
        ("D", "B", 1.0),
        ("E", "D", 1.0),
        ("B", "E", 1.0),
        ("D", "C", 0.5),
    ]
    fit = true_ratings(list("ABCDE"), games)
    assert all(math.isfinite(r) for r in fit.rating.values())
    assert fit.rating["B"] > fit.rating["A"]
    assert fit.rating["D"] > fit.rating["C"]


@st.composite
def strongly_connected(draw: st.DrawFn) -> tuple[list[int], list[tuple[int, int, float]]]:
    """A random table whose "scored against" graph is strongly connected: a cycle of wins
    through everyone, plus random games."""
    size = draw(st.integers(2, 12))
    order = draw(st.permutations(range(size)))
    games = [(order[i], order[(i + 1) % size], 1.0) for i in range(size)]
    extra = draw(
        st.lists(
            st.tuples(st.integers(0, size - 1), st.integers(0, size - 1), st.sampled_from([0.0, 0.5, 1.0])), max_size=30
        )
    )
    games += [g for g in extra if g[0] != g[1]]
    return list(range(size)), games


@settings(max_examples=150, deadline=None)
@given(strongly_connected())
def test_at_the_printed_ratings_expected_equals_actual(table: tuple[list[int], list[tuple[int, int, float]]]) -> None:
    players, games = table
    fit = true_ratings(players, games)
    for p in players:
        actual = sum(s if a == p else 1 - s for a, b, s in games if p in (a, b))
        predicted = sum(expected(fit.rating[p], fit.rating[b if a == p else a]) for a, b, s in games if p in (a, b))
        assert abs(actual - predicted) < 0.001
