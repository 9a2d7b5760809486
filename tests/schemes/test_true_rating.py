import math

import pytest

from schemes.true_rating import START, true_ratings


def expected(a: float, b: float) -> float:
    return 1 / (1 + 10 ** ((b - a) / 400))


def test_no_games_leaves_everyone_at_the_start() -> None:
    assert true_ratings([1, 2], []) == {1: START, 2: START}


def test_the_fit_makes_expected_scores_equal_actual_scores() -> None:
    games = [(1, 2, 1.0), (2, 3, 1.0), (3, 1, 0.5), (1, 4, 1.0), (4, 2, 0.0), (3, 4, 1.0), (2, 1, 0.5)]
    ratings = true_ratings([1, 2, 3, 4], games)
    for p in (1, 2, 3, 4):
        actual = 0.5 + sum(s if a == p else 1 - s for a, b, s in games if p in (a, b))
        predicted = expected(ratings[p], START) + sum(
            expected(ratings[p], ratings[b if a == p else a]) for a, b, s in games if p in (a, b)
        )
        assert actual == pytest.approx(predicted, abs=1e-6)


def test_perfect_scores_stay_finite_and_at_the_extremes() -> None:
    # the seed's "tournament 6": A, B won everything, E, F lost everything
    games = [("A", "C", 1.0), ("A", "E", 1.0), ("B", "D", 1.0), ("B", "F", 1.0), ("C", "E", 1.0), ("D", "F", 1.0)]
    ratings = true_ratings(list("ABCDEF"), games)
    assert all(math.isfinite(r) for r in ratings.values())
    assert min(ratings["A"], ratings["B"]) > max(ratings["C"], ratings["D"]) > max(ratings["E"], ratings["F"])


def test_equal_scores_against_stronger_opponents_rate_higher() -> None:
    # C and D both scored 1 of 2: C against A (the strongest) and B, D against B and E (the weakest).
    games = [("A", "B", 1.0), ("A", "E", 1.0), ("A", "C", 1.0), ("C", "B", 1.0), ("B", "D", 1.0),
             ("D", "E", 1.0), ("B", "E", 1.0)]
    ratings = true_ratings(list("ABCDE"), games)
    assert ratings["A"] > ratings["C"] > ratings["D"] > ratings["E"]
