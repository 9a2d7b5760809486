"""Edmonds' maximum-weight perfect matching (the primal-dual blossom algorithm), warm-started.

The algorithm is the classic one (Galil's presentation, as in Joris van Rantwijk's
``mwmatching`` and networkx): alternating trees grown from the unmatched vertices over
tight edges, blossoms shrunk and expanded, duals moved by the least slack.  What is ours:

- the graph is a dense weight matrix, read where it lies: a vertex's scan, the least
  slacks of a delta step and a new blossom's best edges are compiled loops over it
  (``_tight``, ``_scan_bests``, ``_least_loose``, ``_least_between``, ``_blossom_best``),
  each taking the first of equals as numpy's ``argmin`` did, while the blossoms, labels and
  allowed edges stay Python objects in their old order of work (issue 29: the numpy rows
  and the Python loop over every node at each delta step took 7 s at 3,000 players);
- it starts from the assignment relaxation's duals (``Y[a] + Y[b] >= 2 w[a, b]``, from the
  Hungarian method) and the pairs that are tight under them, so only the players the
  relaxation left in odd cycles are unmatched: a handful of stages instead of n/2.

All arithmetic is on integers: weights and duals are doubled once more, so that every
slack between two S-vertices is even and half of it is exact.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from schemes.algorithms.compiled import compiled

Ints = NDArray[np.int64]
FREE, S, T = 0, 1, 2
NONE = -1
LARGEST = np.iinfo(np.int64).max


@compiled
def _tight(v: int, dual: Ints, weight: Ints, top_id: Ints) -> Ints:
    """The vertices outside ``v``'s top blossom joined to it by a tight edge, in order."""
    found = np.empty(len(dual), dtype=np.int64)
    count = 0
    for w in range(len(dual)):
        if top_id[w] != top_id[v] and dual[v] + dual[w] - 4 * weight[v, w] <= 0:
            found[count] = w
            count += 1
    return found[:count]


@compiled
def _scan_bests(v: int, dual: Ints, weight: Ints, top_id: Ints, label_of: Ints, best_from: Ints) -> int:
    """After ``v`` is scanned: its least-slack edge to another S-blossom (the first of least
    slack; ``NONE`` without one), and ``v`` made the source of each unlabeled vertex's
    least-slack edge it improves on (delta2)."""
    j, least = NONE, LARGEST
    for w in range(len(dual)):
        if top_id[w] == top_id[v]:
            continue
        slack = dual[v] + dual[w] - 4 * weight[v, w]
        if slack <= 0:
            continue
        label = label_of[top_id[w]]
        if label == S:
            if j == NONE or slack < least:
                j, least = w, slack
        elif label_of[w] == FREE:
            source = best_from[w]
            if source < 0 or slack < dual[source] + dual[w] - 4 * weight[source, w]:
                best_from[w] = v
    return j


@compiled
def _least_loose(dual: Ints, weight: Ints, top_id: Ints, label_of: Ints, best_from: Ints) -> int:
    """The unlabeled vertex whose least-slack edge from an S-vertex is the least (the first
    such; ``NONE`` when no unlabeled vertex has one)."""
    found, least = NONE, LARGEST
    for w in range(len(dual)):
        source = best_from[w]
        if source >= 0 and label_of[top_id[w]] == FREE:
            slack = dual[source] + dual[w] - 4 * weight[source, w]
            if found == NONE or slack < least:
                found, least = w, slack
    return found


@compiled
def _least_between(
    dual: Ints, weight: Ints, best_v: Ints, best_w: Ints, top: NDArray[np.bool_], label_of: Ints, count: int
) -> int:
    """The top-level S-blossom (by id) whose least-slack edge to another S-blossom is the
    least (the first such; ``NONE`` without one)."""
    found, least = NONE, LARGEST
    for b in range(count):
        if top[b] and label_of[b] == S and best_v[b] >= 0:
            slack = dual[best_v[b]] + dual[best_w[b]] - 4 * weight[best_v[b], best_w[b]]
            if found == NONE or slack < least:
                found, least = b, slack
    return found


@compiled
def _blossom_best(
    dual: Ints, weight: Ints, leaves: Ints, top_id: Ints, label_of: Ints, count: int
) -> tuple[int, int, int]:
    """A new blossom's least-slack edge to another S-blossom: for each S-blossom the first
    vertex of least slack to the new one's leaves (the first such leaf), then the least of
    those edges as tuples (slack, leaf, vertex).  ``(NONE, NONE, NONE)`` without one."""
    inside = np.zeros(len(dual), dtype=np.bool_)
    for leaf in leaves:
        inside[leaf] = True
    value = np.full(count, LARGEST, dtype=np.int64)
    source = np.full(count, NONE, dtype=np.int64)
    target = np.full(count, NONE, dtype=np.int64)
    for j in range(len(dual)):
        if inside[j] or label_of[top_id[j]] != S:
            continue
        least, which = LARGEST, NONE
        for leaf in leaves:
            slack = dual[leaf] + dual[j] - 4 * weight[leaf, j]
            if which == NONE or slack < least:
                least, which = slack, leaf
        b = top_id[j]
        if target[b] == NONE or least < value[b]:
            value[b], source[b], target[b] = least, which, j
    best = (LARGEST, NONE, NONE)
    for b in range(count):
        if target[b] != NONE and (best[2] == NONE or (value[b], source[b], target[b]) < best):
            best = (value[b], source[b], target[b])
    return best


class Blossom:
    """A shrunk odd cycle: its children (vertices or blossoms) from the base around, and the
    edges between consecutive children."""

    __slots__ = ("childs", "edges")

    def __init__(self) -> None:
        self.childs: list[int | Blossom] = []
        self.edges: list[tuple[int, int]] = []

    def leaves(self) -> Iterator[int]:
        stack: list[int | Blossom] = list(self.childs)
        while stack:
            child = stack.pop()
            if isinstance(child, Blossom):
                stack.extend(child.childs)
            else:
                yield child


Node = int | Blossom


class _Matcher:
    def __init__(self, weight: Ints, dual: Ints, mate: dict[int, int]) -> None:
        n = len(weight)
        self.n = n
        self.weight = np.ascontiguousarray(weight, dtype=np.int64)
        """slack = dual[v] + dual[w] - 4 weight[v, w]: the duals doubled twice (the kernels
        read the weights as they are: no matrix of them four times)."""
        self.dual = 2 * dual.astype(np.int64)
        self.mate = dict(mate)
        self.inblossom: list[Node] = list(range(n))
        self.top_id = np.arange(n, dtype=np.int64)  # an id of each vertex's top-level blossom
        self.ids: dict[Node, int] = {v: v for v in range(n)}
        self.next_id = n
        self.parent: dict[Node, Blossom | None] = {v: None for v in range(n)}
        self.base: dict[Node, int] = {v: v for v in range(n)}
        self.zdual: dict[Blossom, int] = {}
        self.label: dict[Node, int] = {}
        self.label_of = np.zeros(2 * n + 1, dtype=np.int64)  # by node id; grows with blossoms
        self.top = np.zeros(2 * n + 1, dtype=np.bool_)
        """By node id: a top-level blossom (its parent is None)."""
        self.top[:n] = True
        self.best_v = np.full(2 * n + 1, NONE, dtype=np.int64)
        self.best_w = np.full(2 * n + 1, NONE, dtype=np.int64)
        """By node id: the least-slack edge from an S-blossom to another (delta3), or NONE."""
        self.best_from = np.full(n, -1, dtype=np.int64)
        """The S-vertex of the least-slack edge to each unlabeled vertex (delta2)."""
        self.labeledge: dict[Node, tuple[int, int] | None] = {}
        self.allowed: set[tuple[int, int]] = set()
        self.queue: list[int] = []

    # -- helpers ------------------------------------------------------------------------
    def slack(self, v: int, w: int) -> int:
        return int(self.dual[v] + self.dual[w] - 4 * self.weight[v, w])

    def ident(self, node: Node) -> int:
        found = self.ids.get(node)
        if found is None:
            found = self.ids[node] = self.next_id
            self.next_id += 1
            if found >= len(self.label_of):
                size = len(self.label_of)
                self.label_of = np.concatenate([self.label_of, np.zeros(size, dtype=np.int64)])
                self.top = np.concatenate([self.top, np.zeros(size, dtype=np.bool_)])
                self.best_v = np.concatenate([self.best_v, np.full(size, NONE, dtype=np.int64)])
                self.best_w = np.concatenate([self.best_w, np.full(size, NONE, dtype=np.int64)])
        return found

    def set_parent(self, node: Node, parent: Blossom | None) -> None:
        self.parent[node] = parent
        ident = self.ident(node)
        self.top[ident] = parent is None

    def set_best(self, node: Node, edge: tuple[int, int] | None) -> None:
        ident = self.ident(node)
        self.best_v[ident], self.best_w[ident] = edge if edge is not None else (NONE, NONE)

    def best(self, node: Node) -> tuple[int, int] | None:
        ident = self.ident(node)
        v = int(self.best_v[ident])
        return None if v == NONE else (v, int(self.best_w[ident]))

    def set_label(self, node: Node, value: int) -> None:
        self.label[node] = value
        ident = self.ident(node)  # may grow the array: before indexing it
        self.label_of[ident] = value

    def drop_label(self, node: Node) -> None:
        self.label.pop(node, None)
        ident = self.ident(node)
        self.label_of[ident] = FREE

    def set_top(self, vertices: list[int] | Iterator[int], node: Node) -> None:
        ident = self.ident(node)
        for v in vertices:
            self.inblossom[v] = node
            self.top_id[v] = ident

    def label_array(self) -> Ints:
        """The label of each vertex's top-level blossom."""
        labels: Ints = self.label_of[self.top_id]
        return labels

    # -- labels ---------------------------------------------------------------------------
    def assign(self, w: int, t: int, v: int | None) -> None:
        b = self.inblossom[w]
        self.set_label(w, t)
        self.set_label(b, t)
        self.labeledge[w] = self.labeledge[b] = (v, w) if v is not None else None
        self.set_best(w, None)
        self.set_best(b, None)
        self.best_from[w] = -1
        if t == S:
            self.queue.extend(b.leaves() if isinstance(b, Blossom) else [b])
        else:
            base = self.base[b]
            self.assign(self.mate[base], S, base)

    def scan_blossom(self, v: int, w: int) -> int | None:
        path: list[Node] = []
        base: int | None = None
        vv: int | None = v
        ww: int | None = w
        while vv is not None:
            b = self.inblossom[vv]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            edge = self.labeledge[b]
            if edge is None:
                vv = None
            else:
                vv = edge[0]
                b = self.inblossom[vv]
                tedge = self.labeledge[b]
                assert tedge is not None
                vv = tedge[0]
            if ww is not None:
                vv, ww = ww, vv
        for b in path:
            self.label[b] = S
        return base

    def add_blossom(self, base: int, v: int, w: int) -> None:
        bb, bv, bw = self.inblossom[base], self.inblossom[v], self.inblossom[w]
        b = Blossom()
        self.base[b] = base
        self.set_parent(b, None)
        self.set_parent(bb, b)
        path: list[Node] = []
        edges = [(v, w)]
        while bv != bb:
            self.set_parent(bv, b)
            path.append(bv)
            edge = self.labeledge[bv]
            assert edge is not None
            edges.append(edge)
            bv = self.inblossom[edge[0]]
        path.append(bb)
        path.reverse()
        edges.reverse()
        while bw != bb:
            self.set_parent(bw, b)
            path.append(bw)
            edge = self.labeledge[bw]
            assert edge is not None
            edges.append((edge[1], edge[0]))
            bw = self.inblossom[edge[0]]
        b.childs, b.edges = path, edges
        self.set_label(b, S)
        self.labeledge[b] = self.labeledge[bb]
        self.zdual[b] = 0
        leaves = list(b.leaves())
        for leaf in leaves:
            if self.label.get(self.inblossom[leaf]) == T:
                self.queue.append(leaf)
        self.set_top(leaves, b)
        # the least-slack edge from the new blossom to each other S-blossom
        _, v_, j = _blossom_best(
            self.dual, self.weight, np.array(leaves, dtype=np.int64), self.top_id, self.label_of, self.next_id
        )
        for child in path:
            self.set_best(child, None)
        self.set_best(b, None if j == NONE else (v_, j))

    def expand(self, b: Blossom, endstage: bool) -> None:
        for s in b.childs:
            self.set_parent(s, None)
            if isinstance(s, Blossom):
                if endstage and self.zdual[s] == 0:
                    self.expand(s, endstage)
                else:
                    self.set_top(list(s.leaves()), s)
            else:
                self.set_top([s], s)
        if not endstage and self.label.get(b) == T:
            edge = self.labeledge[b]
            assert edge is not None
            entry = self.inblossom[edge[1]]
            j = b.childs.index(entry)
            if j & 1:
                j -= len(b.childs)
                step = 1
            else:
                step = -1
            v, w = edge
            while j != 0:
                if step == 1:
                    p, q = b.edges[j]
                else:
                    q, p = b.edges[j - 1]
                self.drop_label(w)
                self.drop_label(q)
                self.assign(w, T, v)
                self.allowed.update({(p, q), (q, p)})
                j += step
                if step == 1:
                    v, w = b.edges[j]
                else:
                    w, v = b.edges[j - 1]
                self.allowed.update({(v, w), (w, v)})
                j += step
            bw = b.childs[j]
            self.set_label(w, T)
            self.set_label(bw, T)
            self.labeledge[w] = self.labeledge[bw] = (v, w)
            self.set_best(bw, None)
            j += step
            while b.childs[j] != entry:
                bv = b.childs[j]
                if self.label.get(bv) == S:
                    j += step
                    continue
                found = None
                for leaf in bv.leaves() if isinstance(bv, Blossom) else [bv]:
                    if self.label.get(leaf):
                        found = leaf
                        break
                if found is not None:
                    self.drop_label(found)
                    self.drop_label(self.mate[self.base[bv]])
                    tedge = self.labeledge[found]
                    assert tedge is not None
                    self.assign(found, T, tedge[0])
                j += step
        self.drop_label(b)
        self.labeledge.pop(b, None)
        self.set_best(b, None)
        self.top[self.ident(b)] = False  # gone: no longer a top-level blossom of delta3
        del self.parent[b], self.base[b], self.zdual[b]
        self.ids.pop(b, None)

    def augment_blossom(self, b: Blossom, v: int) -> None:
        t: Node = v
        while self.parent[t] != b:
            parent = self.parent[t]
            assert parent is not None
            t = parent
        if isinstance(t, Blossom):
            self.augment_blossom(t, v)
        i = j = b.childs.index(t)
        if i & 1:
            j -= len(b.childs)
            step = 1
        else:
            step = -1
        while j != 0:
            j += step
            t = b.childs[j]
            if step == 1:
                w, x = b.edges[j]
            else:
                x, w = b.edges[j - 1]
            if isinstance(t, Blossom):
                self.augment_blossom(t, w)
            j += step
            t = b.childs[j]
            if isinstance(t, Blossom):
                self.augment_blossom(t, x)
            self.mate[w] = x
            self.mate[x] = w
        b.childs = b.childs[i:] + b.childs[:i]
        b.edges = b.edges[i:] + b.edges[:i]
        self.base[b] = self.base[b.childs[0]]

    def augment(self, v: int, w: int) -> None:
        for s, j in ((v, w), (w, v)):
            while True:
                bs = self.inblossom[s]
                if isinstance(bs, Blossom):
                    self.augment_blossom(bs, s)
                self.mate[s] = j
                edge = self.labeledge[bs]
                if edge is None:
                    break
                t = edge[0]
                bt = self.inblossom[t]
                tedge = self.labeledge[bt]
                assert tedge is not None
                s, j = tedge
                if isinstance(bt, Blossom):
                    self.augment_blossom(bt, j)
                self.mate[j] = s

    # -- the stages ---------------------------------------------------------------------
    def scan(self, v: int) -> bool:
        """Scan an S-vertex's edges; True when the matching was augmented."""
        bv = self.inblossom[v]
        top = self.top_id[v]
        tight = _tight(v, self.dual, self.weight, self.top_id).tolist()
        tight += [w for (a, w) in self.allowed if a == v and self.top_id[w] != top and self.slack(v, w) > 0]
        for w in tight:
            bw = self.inblossom[w]
            if bw == bv:
                continue
            label = self.label.get(bw, FREE)
            if label == FREE:
                self.assign(w, T, v)
            elif label == S:
                base = self.scan_blossom(v, w)
                if base is not None:
                    self.add_blossom(base, v, w)
                    bv = self.inblossom[v]
                else:
                    self.augment(v, w)
                    return True
            elif self.label.get(w, FREE) == FREE:
                self.set_label(w, T)
                self.labeledge[w] = (v, w)
        # least slacks: to each S-blossom (delta3) and to each unlabeled vertex (delta2)
        j = _scan_bests(v, self.dual, self.weight, self.top_id, self.label_of, self.best_from)
        if j != NONE:
            current = self.best(bv)
            if current is None or self.slack(v, j) < self.slack(*current):
                self.set_best(bv, (v, j))
        return False

    def stage(self) -> bool:
        self.label.clear()
        self.label_of[:] = FREE
        self.best_from[:] = -1
        self.labeledge.clear()
        self.best_v[:] = NONE
        self.best_w[:] = NONE
        self.allowed.clear()
        self.queue = []
        for v in range(self.n):
            if v not in self.mate and self.inblossom[v] not in self.label:
                self.assign(v, S, None)
        if not self.queue:
            return False
        while True:
            while self.queue:
                v = self.queue.pop()
                if self.scan(v):
                    self.end_stage()
                    return True
            delta, kind, edge, blossom = None, 0, None, None
            labels = self.label_array()
            w = _least_loose(self.dual, self.weight, self.top_id, self.label_of, self.best_from)
            if w != NONE:
                v = int(self.best_from[w])
                delta, kind, edge = self.slack(v, w), 2, (v, w)
            between = _least_between(
                self.dual, self.weight, self.best_v, self.best_w, self.top, self.label_of, self.next_id
            )
            if between != NONE:
                best = (int(self.best_v[between]), int(self.best_w[between]))
                d2 = self.slack(*best)
                assert d2 % 2 == 0
                if delta is None or d2 // 2 < delta:
                    delta, kind, edge = d2 // 2, 3, best
            for b, z in self.zdual.items():
                if self.parent[b] is None and self.label.get(b) == T and (delta is None or z < delta):
                    delta, kind, blossom = z, 4, b
            assert delta is not None, "a complete graph always lets the trees grow"
            self.dual[labels == S] -= delta
            self.dual[labels == T] += delta
            for b in self.zdual:
                if self.parent[b] is None:
                    if self.label.get(b) == S:
                        self.zdual[b] += delta
                    elif self.label.get(b) == T:
                        self.zdual[b] -= delta
            if kind in (2, 3):
                assert edge is not None
                self.allowed.update({edge, (edge[1], edge[0])})
                self.queue.append(edge[0] if self.label.get(self.inblossom[edge[0]]) == S else edge[1])
            else:
                assert blossom is not None
                self.expand(blossom, False)

    def end_stage(self) -> None:
        for b in list(self.zdual):
            if b in self.zdual and self.parent[b] is None and self.label.get(b) == S and self.zdual[b] == 0:
                self.expand(b, True)


def perfect_matching(weight: Ints, dual: Ints, mate: dict[int, int]) -> list[tuple[int, int]]:
    """The maximum-weight perfect matching of the complete graph ``weight`` (n even),
    starting from duals with ``dual[a] + dual[b] >= 2 weight[a, b]`` and a matching ``mate``
    of pairs tight under them."""
    matcher = _Matcher(weight, dual, mate)
    while matcher.stage():
        pass
    return sorted({(min(v, w), max(v, w)) for v, w in matcher.mate.items()})
