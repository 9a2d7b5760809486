"""The exact matching: against brute force on small fields, against rustworkx's blossom
algorithm (an independent implementation) on larger ones, warm-started and cold, with
OpenGotha-like weights (many ties, values near 10^15)."""

from __future__ import annotations

import numpy as np
import rustworkx
from hypothesis import given, settings
from hypothesis import strategies as st

from schemes.algorithms.matching.blossom import perfect_matching
from schemes.algorithms.matching.weighted import assignment_duals, max_weight_perfect_matching, tight_start


def brute_force(weight: np.ndarray) -> int:
    """The best total over every perfect matching (n ≤ 10: at most 945 of them)."""
    n = len(weight)

    def best(free: tuple[int, ...]) -> int:
        if not free:
            return 0
        first, rest = free[0], free[1:]
        return max(int(weight[first, other]) + best(tuple(p for p in rest if p != other)) for other in rest)

    return best(tuple(range(n)))


def symmetric(values: list[int], n: int) -> np.ndarray:
    weight = np.zeros((n, n), dtype=np.int64)
    rows, cols = np.triu_indices(n, k=1)
    weight[rows, cols] = values[: len(rows)]
    return weight + weight.T


def total(weight: np.ndarray, pairs: list[tuple[int, int]]) -> int:
    return sum(int(weight[i, j]) for i, j in pairs)


def is_perfect(pairs: list[tuple[int, int]], n: int) -> bool:
    return sorted(p for pair in pairs for p in pair) == list(range(n))


LEVELS = 21
"""A pair's weight is one of 21 levels (0 to 20) times the scale, plus 1: ties everywhere."""


@st.composite
def fields(draw: st.DrawFn, low: int = 2, high: int = 10) -> np.ndarray:
    """A symmetric matrix of ``n`` players (even, ``low`` to ``high``) at one of OpenGotha's
    scales.  The levels are drawn as one string of bytes, a byte a pair (shrinking toward 0,
    as integers do): drawn as a list of integers, a field of 70 — 2,415 pairs — was most of
    this file's time."""
    n = 2 * draw(st.integers(low // 2, high // 2))
    scale = draw(st.sampled_from([1, 10**6, 10**14]))
    count = n * (n - 1) // 2
    levels = draw(st.binary(min_size=count, max_size=count))
    return symmetric([level % LEVELS * scale + 1 for level in levels], n)


@settings(max_examples=300, deadline=None)
@given(fields())
def test_the_matching_is_perfect_and_as_heavy_as_the_best(weight: np.ndarray) -> None:
    pairs = max_weight_perfect_matching(weight)
    assert is_perfect(pairs, len(weight))
    assert total(weight, pairs) == brute_force(weight)


def reference(weight: np.ndarray) -> int:
    """rustworkx's optimum (its own blossom algorithm, in Rust, on exact integers)."""
    n = len(weight)
    rows, cols = np.triu_indices(n, k=1)
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(list(zip(rows.tolist(), cols.tolist(), weight[rows, cols].tolist(), strict=True)))
    return total(weight, list(rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)))


@settings(max_examples=80, deadline=None)
@given(fields(20, 70))
def test_the_warm_started_matching_agrees_with_rustworkx(weight: np.ndarray) -> None:
    pairs = max_weight_perfect_matching(weight)
    assert is_perfect(pairs, len(weight))
    assert total(weight, pairs) == reference(weight)


@settings(max_examples=60, deadline=None)
@given(fields(2, 50))
def test_a_cold_start_exercises_every_blossom_step(weight: np.ndarray) -> None:
    """Equal duals and nothing matched: the algorithm grows, shrinks and expands blossoms
    from scratch (the warm start usually leaves it little to do)."""
    n = len(weight)
    pairs = perfect_matching(weight, np.full(n, int(weight.max()), dtype=np.int64), {})
    assert is_perfect(pairs, n)
    assert total(weight, pairs) == reference(weight)


def test_the_start_is_tight_under_the_duals() -> None:
    weight = symmetric([(7 * k) % 11 + 1 for k in range(45)], 10)
    u, v, pick = assignment_duals(weight)
    value = u + v
    mate = tight_start(weight, value, pick)
    assert mate and all(mate[mate[i]] == i and value[i] + value[mate[i]] == 2 * weight[i, mate[i]] for i in mate)


@settings(max_examples=100, deadline=None)
@given(fields(2, 16))
def test_the_assignment_duals_are_feasible_and_tight(weight: np.ndarray) -> None:
    u, v, pick = assignment_duals(weight)
    n = len(weight)
    off = ~np.eye(n, dtype=bool)
    assert (u[:, None] + v[None, :] >= weight)[off].all()
    assert sorted(pick.tolist()) == list(range(n)) and all(pick[i] != i for i in range(n))
    assert all(u[i] + v[pick[i]] == weight[i, pick[i]] for i in range(n))


def test_score_groups_with_an_odd_group_are_paired_optimally() -> None:
    """Three groups of 3, 4, 3 players: weight 10^11 inside a group, 10^11/2 to the next one,
    0 further: an odd group must send one player down, and the best total sends exactly
    two across (10^11 · 3 + 5·10^10 · 2)."""
    groups = [0, 0, 0, 1, 1, 1, 1, 2, 2, 2]
    n = len(groups)
    weight = np.zeros((n, n), dtype=np.int64)
    for i in range(n):
        for j in range(n):
            if i != j:
                weight[i, j] = {0: 10**11, 1: 5 * 10**10}.get(abs(groups[i] - groups[j]), 0) + 1
    pairs = max_weight_perfect_matching(weight)
    assert total(weight, pairs) == 3 * (10**11 + 1) + 2 * (5 * 10**10 + 1)
    assert total(weight, pairs) == brute_force(weight)


def test_weights_near_10_15_are_compared_exactly() -> None:
    """Pairings differing only in the last unit of 2·10^15 (doubles hold 2^53 ≈ 9·10^15, and
    sums of many such weights go far beyond): the heavier one must still win.
    {01,23}: 2b+3; {02,13}: 2b+2; {03,12}: 2b."""
    base = 10**15
    weight = symmetric([base, base + 1, base, base, base + 1, base + 3], 4)
    assert total(weight, max_weight_perfect_matching(weight)) == brute_force(weight) == 2 * base + 3
