"""Perfect matchings in general graphs (Edmonds' blossom algorithm), kept incrementally.

Top-down pairing asks, pair after pair, "can everyone still left be paired among
people who have not met?".  A ``Matcher`` answers that cheaply: it keeps one perfect
matching of the players still left, and fixing a pair ``(a, b)`` only needs one
augmenting-path search to repair the matching around it (or proves that none exists).
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Hashable, Sequence


class Matcher:
    def __init__(self, players: Sequence[Hashable], can_meet: Callable[[Hashable, Hashable], bool]) -> None:
        self._index = {p: i for i, p in enumerate(players)}
        n = len(players)
        self._adjacent = [
            [j for j in range(n) if j != i and can_meet(players[i], players[j])] for i in range(n)
        ]
        self._active = [True] * n
        self._mate = [-1] * n
        for i in range(n):  # a greedy start leaves few vertices for the blossom search
            if self._mate[i] == -1:
                j = next((j for j in self._adjacent[i] if self._mate[j] == -1), -1)
                if j != -1:
                    self._mate[i], self._mate[j] = j, i
        self.perfect = all(self._mate[i] != -1 or self._augment(i) for i in range(n))

    def fix(self, a: Hashable, b: Hashable) -> bool:
        """Take ``a`` and ``b`` out as a pair if the others can still all be paired."""
        if not self.perfect:
            return False
        i, j = self._index[a], self._index[b]
        if j not in self._adjacent[i]:
            return False
        if self._mate[i] == j:
            self._active[i] = self._active[j] = False
            return True
        saved = list(self._mate)
        left, right = self._mate[i], self._mate[j]
        self._active[i] = self._active[j] = False
        self._mate[i] = self._mate[j] = self._mate[left] = self._mate[right] = -1
        if self._augment(left):
            return True
        self._mate = saved
        self._active[i] = self._active[j] = True
        return False

    def _augment(self, root: int) -> bool:
        """Find an augmenting path from the exposed ``root`` and flip it (Edmonds)."""
        n = len(self._mate)
        mate, active, adjacent = self._mate, self._active, self._adjacent
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
            for to in adjacent[v]:
                if not active[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    stem = common_base(v, to)
                    blossom = [False] * n
                    mark(v, stem, to, blossom)
                    mark(to, stem, v, blossom)
                    for k in range(n):
                        if active[k] and blossom[base[k]]:
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
