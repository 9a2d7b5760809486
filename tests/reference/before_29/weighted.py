"""Maximum-weight perfect matching of a whole field, exact, on integer weights.

OpenGotha pairs by the perfect matching of greatest total weight (weights up to ~10^15,
so only exact integer arithmetic will do).  The blossom algorithm (``blossom``)
finds it; what makes it fast is where it starts:

1. The assignment relaxation — each player "picks" a partner, as in a bipartite
   matching — is solved exactly by the Hungarian method.  Its duals ``u, v`` give every
   player a value ``Y = u + v`` with ``Y[a] + Y[b] >= 2 w[a, b]`` for every pair (the
   weights being symmetric): feasible duals for the blossom algorithm.
2. Pairs that picked each other are tight under ``Y``, and so is any pair with
   ``Y[a] + Y[b] = 2 w[a, b]``: they form the starting matching.  Only the players the
   relaxation left in odd cycles (and those the greedy start could not place) are
   unmatched, so the blossom algorithm needs a few stages where a cold start needs n/2.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from tests.reference.before_29.blossom import perfect_matching

Ints = NDArray[np.int64]


def assignment_duals(weight: Ints) -> tuple[Ints, Ints, Ints]:
    """The maximum-weight assignment of rows to columns other than themselves (Hungarian
    method, shortest augmenting paths): duals ``u, v`` with ``u[i] + v[j] >= weight[i, j]``
    for ``i != j``, tight on the assignment, and ``pick[i]`` the column of row ``i``."""
    n = len(weight)
    big = np.int64(1) << 61
    cost = -weight.astype(np.int64)
    np.fill_diagonal(cost, big)
    u = np.zeros(n + 1, dtype=np.int64)
    v = np.zeros(n + 1, dtype=np.int64)
    owner = np.zeros(n + 1, dtype=np.int64)  # owner[j]: row holding column j (1-based; 0 = none)
    way = np.zeros(n + 1, dtype=np.int64)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        least = np.full(n + 1, big, dtype=np.int64)
        used = np.zeros(n + 1, dtype=bool)
        while True:
            used[column] = True
            current = owner[column]
            reduced = cost[current - 1] - u[current] - v[1:]
            free = ~used[1:]
            lower = free & (reduced < least[1:])
            least[1:][lower] = reduced[lower]
            way[1:][lower] = column
            candidates = np.where(free, least[1:], big)
            nearest = int(np.argmin(candidates)) + 1
            delta = candidates[nearest - 1]
            u[owner[used]] += delta
            v[used] -= delta
            least[1:][free] -= delta
            column = nearest
            if owner[column] == 0:
                break
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    pick = np.zeros(n, dtype=np.int64)
    pick[owner[1:] - 1] = np.arange(n)
    return -u[1:], -v[1:], pick


def tight_start(weight: Ints, value: Ints, pick: Ints) -> dict[int, int]:
    """A matching of pairs tight under ``value``: the mutual picks, then, greedily, other
    tight pairs among the players left."""
    n = len(weight)
    mate: dict[int, int] = {}
    for i in range(n):
        j = int(pick[i])
        if pick[j] == i:
            mate[i] = j
    left = np.array([i for i in range(n) if i not in mate], dtype=np.int64)
    if len(left):
        tight = value[left][:, None] + value[left][None, :] == 2 * weight[np.ix_(left, left)]
        np.fill_diagonal(tight, False)
        for a, b in zip(*np.nonzero(np.triu(tight)), strict=True):
            i, j = int(left[a]), int(left[b])
            if i not in mate and j not in mate:
                mate[i], mate[j] = j, i
    return mate


def max_weight_perfect_matching(weight: Ints) -> list[tuple[int, int]]:
    """Pairs ``(i, j)``, ``i < j``, of a perfect matching of ``0..n-1`` (n even) of greatest
    total ``weight[i, j]`` (a symmetric matrix; the diagonal is ignored)."""
    if len(weight) == 0:
        return []
    u, v, pick = assignment_duals(weight)
    value = u + v
    return perfect_matching(weight, value, tight_start(weight, value, pick))
