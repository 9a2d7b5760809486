"""Perfect matchings in general graphs (Edmonds' blossom algorithm), kept incrementally.

Top-down pairing asks, pair after pair, "can everyone still left be paired among
people who have not met?".  A ``Matcher`` answers that cheaply: it keeps one perfect
matching of the players still left, and fixing a pair ``(a, b)`` only needs one
augmenting-path search to repair the matching around it (or proves that none exists).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence


class Matcher:
    """One perfect matching of the players still left, or ``perfect = False``.

    The graph is given by ``can_meet`` and asked lazily: fields are large and almost
    everyone may meet almost everyone, so listing every edge would cost more than the
    few searches an ordinary round makes.  A player's neighbours, once listed, are kept
    for the round: a sparse graph (few opponents left) makes the searches come back to
    the same players again and again.
    """

    def __init__(self, players: Sequence[int], can_meet: Callable[[int, int], bool]) -> None:
        self._players = list(players)
        self._index = {p: i for i, p in enumerate(players)}
        self._can_meet = can_meet
        n = len(players)
        self._active = [True] * n
        self._adjacent: list[list[int] | None] = [None] * n
        self._mate = [-1] * n
        for i in range(n):  # a greedy start leaves few vertices for the blossom search
            if self._mate[i] == -1:
                j = next((j for j in range(i + 1, n) if self._mate[j] == -1 and self._edge(i, j)), -1)
                if j != -1:
                    self._mate[i], self._mate[j] = j, i
        self.perfect = all(self._mate[i] != -1 or self._augment(i) for i in range(n))

    def _edge(self, i: int, j: int) -> bool:
        return self._can_meet(self._players[i], self._players[j])

    def _neighbours(self, i: int) -> Iterator[int]:
        adjacent = self._adjacent[i]
        if adjacent is None:
            adjacent = self._adjacent[i] = [j for j in range(len(self._players)) if j != i and self._edge(i, j)]
        active = self._active
        return (j for j in adjacent if active[j])

    def fix(self, a: int, b: int) -> bool:
        """Take ``a`` and ``b`` out as a pair if the others can still all be paired."""
        if not self.perfect:
            return False
        i, j = self._index[a], self._index[b]
        if not self._edge(i, j):
            return False
        if self._mate[i] == j:
            self._active[i] = self._active[j] = False
            return True
        saved = list(self._mate)
        left, right = self._mate[i], self._mate[j]
        self._active[i] = self._active[j] = False
        self._mate[i] = self._mate[j] = self._mate[left] = self._mate[right] = -1
        if self._short_path(left, right) or self._augment(left):
            return True
        self._mate = saved
        self._active[i] = self._active[j] = True
        return False

    def _short_path(self, left: int, right: int) -> bool:
        """Repair with a path of one or three edges, which almost always exists in the
        nearly complete graphs of real fields; the blossom search is for the rest."""
        mate = self._mate
        if self._edge(left, right):
            mate[left], mate[right] = right, left
            return True
        for u in self._neighbours(left):
            v = mate[u]
            if v != -1 and self._edge(v, right):
                mate[left], mate[u], mate[v], mate[right] = u, left, right, v
                return True
        return False

    def _augment(self, root: int) -> bool:
        """Find an augmenting path from the exposed ``root`` and flip it (Edmonds)."""
        n = len(self._mate)
        mate = self._mate
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = deque([root])

        def common_base(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, stem: int, child: int, blossom: list[bool]) -> None:
            while base[v] != stem:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in self._neighbours(v):
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    stem = common_base(v, to)
                    blossom = [False] * n
                    mark(v, stem, to, blossom)
                    mark(to, stem, v, blossom)
                    for k in range(n):
                        if self._active[k] and blossom[base[k]]:
                            base[k] = stem
                            if not used[k]:
                                used[k] = True
                                queue.append(k)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:
                            previous = parent[to]
                            following = mate[previous]
                            mate[to], mate[previous] = previous, to
                            to = following
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False
