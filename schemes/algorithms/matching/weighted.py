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

Both steps are compiled loops over the weight matrix itself (no negated copy, no matrix
of tight pairs): at 3,000 players the matrix is the only thing of its size.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from schemes.algorithms.compiled import compiled
from schemes.algorithms.matching.blossom import perfect_matching

Ints = NDArray[np.int64]


@compiled
def _assign(weight: Ints) -> tuple[Ints, Ints, Ints]:
    """The Hungarian method on ``-weight`` (the diagonal forbidden), its duals negated back
    by the caller; each row's cost is read from ``weight`` as it is needed, not copied."""
    n = len(weight)
    big = np.int64(1) << 61
    u = np.zeros(n + 1, dtype=np.int64)
    v = np.zeros(n + 1, dtype=np.int64)
    owner = np.zeros(n + 1, dtype=np.int64)  # owner[j]: row holding column j (1-based; 0 = none)
    way = np.zeros(n + 1, dtype=np.int64)
    least = np.empty(n + 1, dtype=np.int64)
    used = np.empty(n + 1, dtype=np.bool_)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        least[:] = big
        used[:] = False
        while True:
            used[column] = True
            current = owner[column]
            nearest, delta = 0, big
            for j in range(1, n + 1):
                if used[j]:
                    continue
                cost = big if j == current else -weight[current - 1, j - 1]
                reduced = cost - u[current] - v[j]
                if reduced < least[j]:
                    least[j] = reduced
                    way[j] = column
                if nearest == 0 or least[j] < delta:  # the first column of least reduced cost
                    nearest, delta = j, least[j]
            for j in range(n + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            column = nearest
            if owner[column] == 0:
                break
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    pick = np.zeros(n, dtype=np.int64)
    for j in range(1, n + 1):
        pick[owner[j] - 1] = j - 1
    return u, v, pick


def assignment_duals(weight: Ints) -> tuple[Ints, Ints, Ints]:
    """The maximum-weight assignment of rows to columns other than themselves (Hungarian
    method, shortest augmenting paths): duals ``u, v`` with ``u[i] + v[j] >= weight[i, j]``
    for ``i != j``, tight on the assignment, and ``pick[i]`` the column of row ``i``."""
    u, v, pick = _assign(np.ascontiguousarray(weight, dtype=np.int64))
    return -u[1:], -v[1:], pick


@compiled
def _tight_pairs(weight: Ints, value: Ints, left: Ints) -> Ints:
    """Greedily, the pairs of ``left`` tight under ``value``: row by row, each with the first
    later one still free."""
    taken = np.zeros(len(left), dtype=np.bool_)
    pairs = np.empty((len(left) // 2, 2), dtype=np.int64)
    count = 0
    for a in range(len(left)):
        if taken[a]:
            continue
        i = left[a]
        for b in range(a + 1, len(left)):
            j = left[b]
            if not taken[b] and value[i] + value[j] == 2 * weight[i, j]:
                taken[a] = taken[b] = True
                pairs[count, 0], pairs[count, 1] = i, j
                count += 1
                break
    return pairs[:count]


def tight_start(weight: Ints, value: Ints, pick: Ints) -> dict[int, int]:
    """A matching of pairs tight under ``value``: the mutual picks, then, greedily, other
    tight pairs among the players left."""
    n = len(weight)
    mate: dict[int, int] = {}
    for i, j in enumerate(pick.tolist()):
        if pick[j] == i:
            mate[i] = j
    left = np.array([i for i in range(n) if i not in mate], dtype=np.int64)
    if len(left):
        for i, j in _tight_pairs(np.ascontiguousarray(weight, dtype=np.int64), value, left).tolist():
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
