"""Gabow's O(n³) maximum-weight matching, in the order of work of Rothberg's C code.

OpenGotha pairs a group with the weighted matching of H. Gabow's thesis (Stanford, 1973)
as Ed Rothberg coded it in C in 1985 (``wmatch``: ``pairs.c``, ``pointer.c``, ``term.c``,
``unpairs.c``).  A fifth of real rounds have several pairings of the same best total; which
of them comes out depends only on that code's order of work, so this module follows it
step for step: the same search (W2–W7), the same choice of the first vertex of least
``NEXT_D`` (W3), the same pair lists kept sorted by vertex, the same blossom bookkeeping —
and the registers the C keeps in globals (``e``, ``f``, ``newbase``…), because later steps
read what earlier ones left there.  Facts of OpenGotha's setting, not of the C: the graph
is complete, each vertex's neighbours are visited in increasing order, and an edge's
weight is twice its cost (the C's "directed arc" doubling); the bound ``LAST_D`` starts at
half the largest doubled weight.

Every value is an exact 64-bit integer, as OpenGotha's ``long``s; quotients truncate toward
zero as in C and Java.  The loops are compiled by numba (the pure-Python source is the
same), with its cache where the caller points ``NUMBA_CACHE_DIR``.

State: ``vt[ROW, vertex]`` holds the per-vertex arrays (vertices 1..n, ``n + 1`` is the
dummy vertex), ``ed[ROW, edge]`` the per-edge ones (an edge and its reverse are
consecutive ids above ``n``, numbered by ``_edge``; the last id is the dummy edge),
``wm[x, y]`` the doubled weights as a matrix (the scan reads them in order), ``g`` the C's
global registers and ``found`` a scratch list of edges for the pair lists.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from schemes.algorithms.compiled import compiled as _compiled

Ints = NDArray[np.int64]


# rows of vt
MATE, LINK, BASE, NEXTVTX, LASTVTX, Y, NEXT_D, NEXTEDGE, PARTNER = range(9)
"""``PARTNER[v]`` is ``END[MATE[v]]``, kept beside ``MATE`` for the scan's inner loop."""
# rows of ed
END, WEIGHT, NEXTPAIR = range(3)
# the C's globals
N, DUMMYVERTEX, DUMMYEDGE, DELTA, LAST_D, E_, F_, NEWBASE, NEWLAST, OLDFIRST, SECONDMATE, NEXTE = range(12)
LASTEDGE1, LASTEDGE2 = 12, 13
REGISTERS = 14
"""Those of the C's globals that a later step reads where an earlier one left them: the
linking edge an augmentation starts from (``e``), the last edge a rematch swapped (``f``,
read by ``UNPAIR``), the new blossom's base and last vertex, the ends of an unlinked blossom
(``LASTEDGE``)…; the others are locals here."""


@_compiled
def _opp(g: Ints, e: int) -> int:
    """The edge ``e`` with its direction reversed (OPPEDGE)."""
    return e - 1 if (e - g[N]) % 2 == 0 else e + 1


@_compiled
def _slack(vt: Ints, ed: Ints, g: Ints, e: int) -> int:
    return int(vt[Y, ed[END, e]] + vt[Y, ed[END, _opp(g, e)]] - ed[WEIGHT, e])


@_compiled
def _bend(vt: Ints, ed: Ints, e: int) -> int:
    """The blossom entered by edge ``e``."""
    return int(vt[BASE, ed[END, e]])


@_compiled
def _bmate(vt: Ints, ed: Ints, v: int) -> int:
    """The blossom matched with ``v``'s blossom."""
    return int(vt[BASE, ed[END, vt[MATE, v]]])


@_compiled
def _blink(vt: Ints, ed: Ints, v: int) -> int:
    """The blossom entered by the edge that links ``v``'s blossom."""
    return int(vt[BASE, ed[END, vt[LINK, v]]])


@_compiled
def _half(x: int) -> int:
    """``x / 2`` as C divides (toward zero)."""
    return x // 2 if x >= 0 else -((-x) // 2)


@_compiled
def _edge(n: int, x: int, y: int) -> int:
    """The id of the edge from ``x`` to ``y``: the pairs ``x < y`` in row order, two ids
    each above ``n`` (``x`` to ``y``, then back)."""
    low, high = (x, y) if x < y else (y, x)
    pair = (low - 1) * n - (low - 1) * low // 2 + (high - low - 1)
    return n + 1 + 2 * pair + (0 if x < y else 1)


@_compiled
def _insert_pairs(vt: Ints, ed: Ints, g: Ints, found: Ints, count: int) -> None:
    """INSERT_PAIR for each of the ``count`` edges in ``found`` (rows: edge, its end, half
    its slack), in order, from the head of the pair list being built: it stays sorted by
    vertex, one edge per vertex, the one of least half slack (the earlier on ties).  The
    scan and the merge gather their edges first and insert them here at once — the same
    work in the same order, but one call where a call per edge cost more than the work."""
    pairpoint = g[DUMMYEDGE]
    newbase = g[NEWBASE]
    for k in range(count):
        e, neighbor, del_e = found[0, k], found[1, k], found[2, k]
        nextpoint = ed[NEXTPAIR, pairpoint]
        while ed[END, nextpoint] < neighbor:
            pairpoint = nextpoint
            nextpoint = ed[NEXTPAIR, nextpoint]
        if ed[END, nextpoint] == neighbor:
            if del_e >= _half(_slack(vt, ed, g, nextpoint)):
                continue
            nextpoint = ed[NEXTPAIR, nextpoint]
        ed[NEXTPAIR, pairpoint] = e
        pairpoint = e
        ed[NEXTPAIR, e] = nextpoint
        if vt[NEXT_D, newbase] > del_e:
            vt[NEXT_D, newbase] = del_e


@_compiled
def _merge_pairs(vt: Ints, ed: Ints, g: Ints, found: Ints, v: int) -> None:
    """Merges the pair list of the subblossom based at ``v`` into the new blossom's."""
    vt[NEXT_D, v] = g[LAST_D]
    count = 0
    f = vt[NEXTEDGE, v]
    while f != g[DUMMYEDGE]:
        e = f
        neighbor = ed[END, e]
        f = ed[NEXTPAIR, f]
        if vt[BASE, neighbor] != g[NEWBASE]:
            found[0, count], found[1, count], found[2, count] = e, neighbor, _half(_slack(vt, ed, g, e))
            count += 1
    g[F_] = f
    _insert_pairs(vt, ed, g, found, count)


@_compiled
def _link_path(vt: Ints, ed: Ints, g: Ints, e: int) -> None:
    """Links the unlinked blossoms on the path from ``END[e]`` to the new base."""
    v = _bend(vt, ed, e)
    while v != g[NEWBASE]:
        u = _bmate(vt, ed, v)
        vt[LINK, u] = _opp(g, e)
        vt[NEXTVTX, g[NEWLAST]] = v
        vt[NEXTVTX, vt[LASTVTX, v]] = u
        g[NEWLAST] = vt[LASTVTX, u]
        i = v
        while True:
            vt[BASE, i] = g[NEWBASE]
            i = vt[NEXTVTX, i]
            if i == g[DUMMYVERTEX]:
                break
        e = vt[LINK, v]
        v = _bend(vt, ed, e)


@_compiled
def _scan(vt: Ints, ed: Ints, wm: Ints, g: Ints, found: Ints, x: int, delta: int) -> None:
    """Scans every vertex of the blossom based at ``x``: raises its dual by ``delta``,
    offers each edge to an unlinked neighbour's ``NEXT_D`` and puts each edge to another
    linked blossom on this blossom's pair list."""
    n = g[N]
    base, link, y, next_d, lastvtx, partner = vt[BASE], vt[LINK], vt[Y], vt[NEXT_D], vt[LASTVTX], vt[PARTNER]
    nextedge, nextvtx = vt[NEXTEDGE], vt[NEXTVTX]
    newbase = base[x]
    g[NEWBASE] = newbase
    stopscan = nextvtx[lastvtx[x]]
    last_d = g[LAST_D]
    while x != stopscan:
        y[x] += delta
        next_d[x] = last_d
        count = 0
        yx = y[x]
        weights = wm[x]
        for neighbor in range(1, n + 1):
            if neighbor == x:
                continue
            u = base[neighbor]
            if link[u] < 0:
                if link[base[partner[u]]] < 0 or lastvtx[u] != u:
                    del_e = yx + y[neighbor] - weights[neighbor]
                    if next_d[neighbor] > del_e:
                        next_d[neighbor] = del_e
                        nextedge[neighbor] = _edge(n, x, neighbor)
            elif u != newbase:
                found[0, count], found[1, count] = _edge(n, x, neighbor), neighbor
                found[2, count] = _half(yx + y[neighbor] - weights[neighbor])
                count += 1
        _insert_pairs(vt, ed, g, found, count)
        x = nextvtx[x]
    nextedge[newbase] = ed[NEXTPAIR, g[DUMMYEDGE]]


@_compiled
def _pointer(vt: Ints, ed: Ints, wm: Ints, g: Ints, found: Ints, u: int, v: int, e: int) -> None:
    """Gives blossom ``v`` (matched with ``u``) its link ``e`` and, when ``v`` was
    unlinked, scans it."""
    vt[LINK, u] = -g[DUMMYEDGE]
    vt[NEXTVTX, vt[LASTVTX, u]] = g[DUMMYVERTEX]
    vt[NEXTVTX, vt[LASTVTX, v]] = g[DUMMYVERTEX]
    if vt[LASTVTX, u] != u:
        first = vt[MATE, vt[NEXTVTX, u]]
        delta = _half(-_slack(vt, ed, g, first))
    else:
        delta = g[LAST_D]
    i = u
    while i != g[DUMMYVERTEX]:
        vt[Y, i] += delta
        vt[NEXT_D, i] += delta
        i = vt[NEXTVTX, i]
    if vt[LINK, v] < 0:
        vt[LINK, v] = e
        ed[NEXTPAIR, g[DUMMYEDGE]] = g[DUMMYEDGE]
        _scan(vt, ed, wm, g, found, v, g[DELTA])
    else:
        vt[LINK, v] = e


@_compiled
def _pair(vt: Ints, ed: Ints, wm: Ints, g: Ints, found: Ints, v: int) -> bool:
    """An edge of slack ``2 DELTA`` between two linked blossoms (``v`` is one): True when it
    completes an augmenting path, else it closes a new blossom."""
    e = vt[NEXTEDGE, v]
    while _slack(vt, ed, g, e) != 2 * g[DELTA]:
        e = ed[NEXTPAIR, e]
    g[E_] = e
    w = _bend(vt, ed, e)
    vt[LINK, _bmate(vt, ed, w)] = -e
    u = _bmate(vt, ed, v)
    while vt[LINK, u] != -e:
        vt[LINK, u] = -e
        if vt[MATE, w] != g[DUMMYEDGE]:
            v, w = w, v
        v = _blink(vt, ed, v)
        u = _bmate(vt, ed, v)
    if u == g[DUMMYVERTEX] and v != w:
        return True
    g[NEWLAST] = v
    g[NEWBASE] = v
    g[OLDFIRST] = vt[NEXTVTX, v]
    _link_path(vt, ed, g, e)
    _link_path(vt, ed, g, _opp(g, e))
    newbase = g[NEWBASE]
    vt[NEXTVTX, g[NEWLAST]] = g[OLDFIRST]
    if vt[LASTVTX, newbase] == newbase:
        vt[LASTVTX, newbase] = g[NEWLAST]
    ed[NEXTPAIR, g[DUMMYEDGE]] = g[DUMMYEDGE]
    _merge_pairs(vt, ed, g, found, newbase)
    i = vt[NEXTVTX, newbase]
    while True:
        _merge_pairs(vt, ed, g, found, i)
        i = vt[NEXTVTX, vt[LASTVTX, i]]
        _scan(vt, ed, wm, g, found, i, 2 * g[DELTA] - _slack(vt, ed, g, vt[MATE, i]))
        i = vt[NEXTVTX, vt[LASTVTX, i]]
        if i == g[OLDFIRST]:
            break
    return False


@_compiled
def _rematch(vt: Ints, ed: Ints, g: Ints, firstmate: int, e: int) -> None:
    """Changes the matching along the alternating path that starts at ``firstmate``,
    whose new matched edge is ``e``."""
    vt[MATE, firstmate] = e
    vt[PARTNER, firstmate] = ed[END, e]
    g[NEXTE] = -vt[LINK, firstmate]
    while g[NEXTE] != g[DUMMYEDGE]:
        e = g[NEXTE]
        g[F_] = _opp(g, e)
        firstmate = _bend(vt, ed, e)
        g[SECONDMATE] = _bend(vt, ed, g[F_])
        second = g[SECONDMATE]
        g[NEXTE] = -vt[LINK, firstmate]
        vt[LINK, firstmate] = -vt[MATE, second]
        vt[LINK, second] = -vt[MATE, firstmate]
        vt[MATE, firstmate] = g[F_]
        vt[PARTNER, firstmate] = ed[END, g[F_]]
        vt[MATE, second] = e
        vt[PARTNER, second] = ed[END, e]


@_compiled
def _unlink(vt: Ints, g: Ints, oldbase: int) -> None:
    """Unlinks the subblossoms of the blossom based at ``oldbase`` (their links kept for
    ``_rematch`` and ``_unpair``); the two edges at its ends go to ``LASTEDGE``."""
    i = vt[NEXTVTX, oldbase]
    newbase = vt[NEXTVTX, oldbase]
    nextbase = vt[NEXTVTX, vt[LASTVTX, newbase]]
    g[E_] = vt[LINK, nextbase]
    nextedge = 0
    second_pass = False
    while True:
        while True:
            nextedge = _opp(g, vt[LINK, newbase])
            for _ in range(2):
                vt[LINK, newbase] = -vt[LINK, newbase]
                while True:
                    vt[BASE, i] = newbase
                    i = vt[NEXTVTX, i]
                    if i == nextbase:
                        break
                newbase = nextbase
                nextbase = vt[NEXTVTX, vt[LASTVTX, newbase]]
            if vt[LINK, nextbase] != nextedge:
                break
        if second_pass:
            break
        g[LASTEDGE1] = nextedge
        second_pass = True
        nextedge = _opp(g, g[E_])
        if vt[LINK, nextbase] != nextedge:
            break
    g[LASTEDGE2] = nextedge
    g[NEWBASE] = newbase
    if vt[BASE, vt[LASTVTX, oldbase]] == oldbase:
        vt[NEXTVTX, oldbase] = newbase
    else:
        vt[NEXTVTX, oldbase] = g[DUMMYVERTEX]
        vt[LASTVTX, oldbase] = oldbase


@_compiled
def _unpair(vt: Ints, ed: Ints, wm: Ints, g: Ints, found: Ints, oldbase: int, oldmate: int) -> None:
    """Expands the blossom based at ``oldbase`` (unlinked; ``oldmate`` is the linked
    blossom matched with it) and relinks its subblossoms."""
    _unlink(vt, g, oldbase)
    newbase = _bmate(vt, ed, oldmate)
    if newbase != oldbase:
        vt[LINK, oldbase] = -g[DUMMYEDGE]
        _rematch(vt, ed, g, newbase, vt[MATE, oldbase])
        if g[F_] == g[LASTEDGE1]:
            vt[LINK, g[SECONDMATE]] = -g[LASTEDGE2]
        else:
            vt[LINK, g[SECONDMATE]] = -g[LASTEDGE1]
    e = vt[LINK, oldmate]
    u = _bend(vt, ed, _opp(g, e))
    if u == newbase:
        _pointer(vt, ed, wm, g, found, newbase, oldmate, e)
        return
    vt[LINK, _bmate(vt, ed, u)] = -e
    while True:
        e = -vt[LINK, u]
        v = _bmate(vt, ed, u)
        _pointer(vt, ed, wm, g, found, u, v, -vt[LINK, v])
        u = _bend(vt, ed, e)
        if u == newbase:
            break
    e = _opp(g, e)
    _pointer(vt, ed, wm, g, found, newbase, oldmate, e)


@_compiled
def _set_bounds(vt: Ints, ed: Ints, g: Ints) -> None:
    """After a search: every linked blossom's duals lowered by what the search raised."""
    for v in range(1, g[N] + 1):
        if vt[LINK, v] < 0 or vt[BASE, v] != v:
            vt[NEXT_D, v] = g[LAST_D]
            continue
        vt[LINK, v] = -vt[LINK, v]
        i = v
        while i != g[DUMMYVERTEX]:
            vt[Y, i] -= g[DELTA]
            i = vt[NEXTVTX, i]
        g[F_] = vt[MATE, v]
        if g[F_] != g[DUMMYEDGE]:
            i = _bend(vt, ed, g[F_])
            delta = _slack(vt, ed, g, g[F_])
            while i != g[DUMMYVERTEX]:
                vt[Y, i] -= delta
                i = vt[NEXTVTX, i]
        vt[NEXT_D, v] = g[LAST_D]


@_compiled
def _unpair_all(vt: Ints, ed: Ints, g: Ints) -> None:
    """Undoes every blossom left at the end, rematching inside each."""
    for v in range(1, g[N] + 1):
        if vt[BASE, v] != v or vt[LASTVTX, v] == v:
            continue
        nextu = v
        vt[NEXTVTX, vt[LASTVTX, nextu]] = g[DUMMYVERTEX]
        while True:
            u = nextu
            nextu = vt[NEXTVTX, nextu]
            _unlink(vt, g, u)
            if vt[LASTVTX, u] != u:
                g[F_] = g[LASTEDGE1] if g[LASTEDGE2] == _opp(g, g[E_]) else g[LASTEDGE2]
                vt[NEXTVTX, vt[LASTVTX, _bend(vt, ed, g[F_])]] = u
            g[NEWBASE] = _bmate(vt, ed, _bmate(vt, ed, u))
            if g[NEWBASE] != g[DUMMYVERTEX] and g[NEWBASE] != u:
                vt[LINK, u] = -g[DUMMYEDGE]
                _rematch(vt, ed, g, g[NEWBASE], vt[MATE, u])
            while vt[LASTVTX, nextu] == nextu and nextu != g[DUMMYVERTEX]:
                nextu = vt[NEXTVTX, nextu]
            if vt[LASTVTX, nextu] == nextu and nextu == g[DUMMYVERTEX]:
                break


@_compiled
def _setup(cost: Ints) -> tuple[Ints, Ints, Ints, Ints]:
    """The complete graph of ``cost`` (symmetric, n × n): the ends and doubled weights of
    its edges (``_edge`` numbers them), the weights as a matrix too, and every vertex
    unmatched with its dual at ``LAST_D``."""
    n = cost.shape[0]
    dummy_edge = n + n * (n - 1) + 1
    ed = np.zeros((3, dummy_edge + 1), dtype=np.int64)
    wm = np.zeros((n + 2, n + 2), dtype=np.int64)
    largest = -(2**62)
    for x in range(1, n + 1):
        for y in range(x + 1, n + 1):
            weight = 2 * cost[x - 1, y - 1]
            e = _edge(n, x, y)
            ed[END, e] = y
            ed[END, e + 1] = x
            ed[WEIGHT, e] = weight
            ed[WEIGHT, e + 1] = weight
            wm[x, y] = weight
            wm[y, x] = weight
            largest = max(largest, weight)
    g = np.zeros(REGISTERS, dtype=np.int64)
    g[N] = n
    g[DUMMYVERTEX] = n + 1
    g[DUMMYEDGE] = dummy_edge
    ed[END, dummy_edge] = n + 1
    g[LAST_D] = _half(largest)
    vt = np.zeros((9, n + 2), dtype=np.int64)
    for i in range(1, n + 2):
        vt[MATE, i] = dummy_edge
        vt[PARTNER, i] = n + 1
        vt[NEXTEDGE, i] = dummy_edge
        vt[NEXTVTX, i] = 0
        vt[LINK, i] = -dummy_edge
        vt[BASE, i] = i
        vt[LASTVTX, i] = i
        vt[Y, i] = g[LAST_D]
        vt[NEXT_D, i] = g[LAST_D]
    return vt, ed, wm, g


@_compiled
def _match(cost: Ints) -> Ints:
    vt, ed, wm, g = _setup(cost)
    found = np.zeros((3, cost.shape[0] + 2), dtype=np.int64)
    n = g[N]
    while True:
        g[DELTA] = 0
        for v in range(1, n + 1):
            if vt[MATE, v] == g[DUMMYEDGE]:
                _pointer(vt, ed, wm, g, found, g[DUMMYVERTEX], v, g[DUMMYEDGE])
        augmented = False
        while True:
            i = 1
            for j in range(2, n + 1):
                if vt[NEXT_D, i] > vt[NEXT_D, j]:
                    i = j
            g[DELTA] = vt[NEXT_D, i]
            if g[DELTA] == g[LAST_D]:
                break
            v = vt[BASE, i]
            if vt[LINK, v] >= 0:
                if _pair(vt, ed, wm, g, found, v):
                    augmented = True
                    break
            else:
                w = _bmate(vt, ed, v)
                if vt[LINK, w] < 0:
                    _pointer(vt, ed, wm, g, found, v, w, _opp(g, vt[NEXTEDGE, i]))
                else:
                    _unpair(vt, ed, wm, g, found, v, w)
        if not augmented:
            break
        g[LAST_D] -= g[DELTA]
        _set_bounds(vt, ed, g)
        e = g[E_]
        other = _opp(g, e)
        _rematch(vt, ed, g, _bend(vt, ed, e), other)
        _rematch(vt, ed, g, _bend(vt, ed, other), e)
    _set_bounds(vt, ed, g)
    _unpair_all(vt, ed, g)
    mate = np.full(n, -1, dtype=np.int64)
    for i in range(1, n + 1):
        partner = ed[END, vt[MATE, i]]
        if partner != g[DUMMYVERTEX]:
            mate[i - 1] = partner - 1
    return mate


def gabow_matching(cost: Ints) -> list[tuple[int, int]]:
    """The maximum-weight matching of the complete graph of ``cost`` (symmetric, integer,
    positive off the diagonal) as Rothberg's ``wmatch`` finds it: its pairs ``(i, j)``,
    ``i < j``, in increasing ``i`` — the order OpenGotha makes its games in."""
    if len(cost) < 2:
        return []
    mate = _match(np.ascontiguousarray(cost, dtype=np.int64))
    return [(i, int(j)) for i, j in enumerate(mate.tolist()) if i < j]
