"""Gabow's matching as OpenGotha runs it: the very pairs of OpenGotha's matcher, ties and all.

The reference is ``WeightedMatchLong`` itself, run by ``tests/reference/tools`` on the
same matrices (600 of them, most with many pairings of the same best total)."""

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemes.algorithms.matching.gabow import gabow_matching
from tests.reference.cases import matching_case

REFERENCE = json.loads((Path(__file__).parents[1] / "reference" / "wmatch.json").read_text())


def mates(cost: list[list[int]]) -> list[int]:
    mate = [-1] * len(cost)
    for i, j in gabow_matching(np.array(cost, dtype=np.int64)):
        mate[i], mate[j] = j, i
    return mate


@pytest.mark.parametrize("seed", sorted(REFERENCE, key=int))
def test_the_pairs_of_opengothas_matcher(seed: str) -> None:
    assert mates(matching_case(int(seed))) == REFERENCE[seed]


def test_the_reference_holds_ties() -> None:
    """The stored cases are worth their keep: in many, another matcher finds a different
    pairing of the same best total, which OpenGotha would not make."""
    from schemes.algorithms.matching.weighted import max_weight_perfect_matching

    other_best = 0
    for seed in sorted(REFERENCE, key=int)[:200]:
        cost = np.array(matching_case(int(seed)), dtype=np.int64)
        if len(cost) % 2:
            continue
        reference = [(i, j) for i, j in enumerate(REFERENCE[seed]) if i < j]
        exact = max_weight_perfect_matching(cost)
        assert sum(int(cost[i, j]) for i, j in exact) == sum(int(cost[i, j]) for i, j in reference)
        other_best += exact != reference
    assert other_best >= 20


def best_total(cost: np.ndarray) -> int:
    n = len(cost)
    best = {0: 0}
    for mask in range(1, 1 << n):
        if bin(mask).count("1") % 2:
            continue
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        best[mask] = max(
            best[rest & ~(1 << j)] + int(cost[low, j]) for j in range(n) if rest >> j & 1 and (rest & ~(1 << j)) in best
        )
    return best[(1 << n) - 1]


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6).map(lambda k: 2 * k), st.integers(0, 2**32), st.sampled_from([2, 7, 10**6, 10**15]))
def test_a_perfect_matching_of_the_best_total(n: int, seed: int, spread: int) -> None:
    rng = np.random.default_rng(seed)
    cost = np.triu(rng.integers(1, spread, size=(n, n), dtype=np.int64), 1)
    cost = cost + cost.T
    pairs = gabow_matching(cost)
    assert sorted(p for pair in pairs for p in pair) == list(range(n))
    assert all(i < j for i, j in pairs)
    assert sum(int(cost[i, j]) for i, j in pairs) == best_total(cost)


def test_exact_above_two_to_the_53() -> None:
    """OpenGotha's costs are ``long``s near 10^15 and their sums near 10^17: one unit apart
    must still decide (a float would round it away)."""
    base = 2**55
    cost = np.full((4, 4), base)
    np.fill_diagonal(cost, 0)
    cost[1, 3] = cost[3, 1] = base + 1
    assert gabow_matching(cost.astype(np.int64)) == [(0, 2), (1, 3)]


def test_small_fields() -> None:
    assert gabow_matching(np.zeros((0, 0), dtype=np.int64)) == []
    assert gabow_matching(np.zeros((1, 1), dtype=np.int64)) == []
    assert gabow_matching(np.array([[0, 5], [5, 0]], dtype=np.int64)) == [(0, 1)]
