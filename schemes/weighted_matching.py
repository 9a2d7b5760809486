"""Maximum-weight perfect matching of a whole field, exact, on integer weights.

OpenGotha pairs by the perfect matching of greatest total weight (weights up to ~10^15,
so only exact integer arithmetic will do).  rustworkx's ``max_weight_matching`` is the
blossom algorithm in Rust on exact integers, but on a dense graph of 1,000 players it
needs seconds.  So the graph is pruned first, safely:

1. The assignment relaxation (each player "picks" a partner, as in a bipartite matching)
   is solved exactly by the Hungarian method; its duals ``u, v`` give every player a
   value ``Y = u + v`` with ``Y[a] + Y[b] >= 2 w[a, b]`` for every pair (dual feasibility,
   the weights being symmetric).  ``R[a, b] = Y[a] + Y[b] - 2 w[a, b] >= 0`` is a pair's
   reduced cost.
2. For any perfect matching M, ``Σ_{e in M} R[e] = ΣY - 2 w(M)``, each player being in
   exactly one pair.  Take any perfect matching M0 (the assignment's mutual picks, the
   rest matched exactly among themselves) and ``G = ΣY - 2 w(M0)``.  An optimal matching
   has ``w >= w(M0)``, so the sum of its reduced costs is at most G, and every pair in it
   has ``R <= G``.
3. Pairs with ``R > G`` are dropped — no optimal matching (nor one tying it) uses them —
   and rustworkx solves the rest exactly.  A first solve on the pairs with ``R <= G/8``
   usually narrows G (its optimum is a better M0), often to within G/8 itself, which
   proves that first optimum optimal.
"""

from __future__ import annotations

import numpy as np
import rustworkx
from numpy.typing import NDArray

Ints = NDArray[np.int64]


def _exact(size: int, rows: Ints, cols: Ints, weight: Ints) -> list[tuple[int, int]]:
    graph = rustworkx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(size))
    graph.add_edges_from(list(zip(rows.tolist(), cols.tolist(), weight.tolist(), strict=True)))
    pairs = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    return sorted((min(i, j), max(i, j)) for i, j in pairs)


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


def _from_assignment(weight: Ints, pick: Ints) -> list[tuple[int, int]]:
    """A good perfect matching read off the assignment: each cycle of picks gives every
    other pair (of an even cycle, the heavier half; of an odd one, the best leaving one
    player out), and the players left out are matched exactly among themselves."""
    n = len(weight)
    seen = np.zeros(n, dtype=bool)
    pairs: list[tuple[int, int]] = []
    left: list[int] = []
    for first in range(n):
        if seen[first]:
            continue
        cycle = []
        player = first
        while not seen[player]:
            seen[player] = True
            cycle.append(player)
            player = int(pick[player])
        size = len(cycle)
        if size == 2:
            pairs.append((cycle[0], cycle[1]))
            continue
        best: tuple[int, int] | None = None  # (weight, rotation)
        for shift in range(2 if size % 2 == 0 else size):
            total = sum(
                int(weight[cycle[(shift + k) % size], cycle[(shift + k + 1) % size]]) for k in range(0, size - 1, 2)
            )
            if best is None or total > best[0]:
                best = (total, shift)
        assert best is not None
        shift = best[1]
        pairs += [(cycle[(shift + k) % size], cycle[(shift + k + 1) % size]) for k in range(0, size - 1, 2)]
        if size % 2:
            left.append(cycle[(shift + size - 1) % size])
    if left:
        rest = np.array(left, dtype=np.int64)
        rows, cols = np.triu_indices(len(rest), k=1)
        pairs += [
            (int(rest[i]), int(rest[j])) for i, j in _exact(len(rest), rows, cols, weight[rest[rows], rest[cols]])
        ]
    return pairs


def max_weight_perfect_matching(weight: Ints) -> list[tuple[int, int]]:
    """Pairs ``(i, j)``, ``i < j``, of a perfect matching of ``0..n-1`` (n even) of greatest
    total ``weight[i, j]`` (a symmetric matrix; the diagonal is ignored)."""
    n = len(weight)
    if n == 0:
        return []
    u, v, pick = assignment_duals(weight)
    value = u + v
    rows, cols = np.triu_indices(n, k=1)
    reduced = value[rows] + value[cols] - 2 * weight[rows, cols]
    start = _from_assignment(weight, pick)
    total = int(value.sum())

    def gap_of(pairs: list[tuple[int, int]]) -> int:
        return total - 2 * sum(int(weight[i, j]) for i, j in pairs)

    gap = gap_of(start)
    if gap == 0:
        return sorted((min(i, j), max(i, j)) for i, j in start)
    # a first try on the pairs of small reduced cost: if its optimum's own gap fits the
    # threshold, the same argument proves it optimal; else it still narrows the gap
    threshold = gap // 8
    keep = reduced <= threshold
    first = _exact(n, rows[keep], cols[keep], weight[rows[keep], cols[keep]])
    if 2 * len(first) == n:
        narrower = gap_of(first)
        if narrower <= threshold:
            return first
        gap = min(gap, narrower)
    keep = reduced <= gap
    return _exact(n, rows[keep], cols[keep], weight[rows[keep], cols[keep]])
