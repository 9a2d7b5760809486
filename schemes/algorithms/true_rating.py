"""The seed's "true rating": ratings at which Elo's formula predicts every score exactly.

The seed gives everyone the same rating and recomputes ratings from the results
"until they fully match the results": the fixed point where each player's expected
score ``Σ 1 / (1 + 10^((Rb - Ra) / 400))`` over his games equals his actual score.
No prior, no virtual games (round-robin.md, correction of 2026-11-29).

That point exists, unique up to a common shift, exactly when the directed graph "A
scored against B" (a win one way, a draw both ways) is strongly connected.  Where it
is not, the seed notes that ratings run off to infinity while the order settles; we
take the order they settle in:

- the strongly connected components are ordered as the graph orders them (one that
  reaches another is above all of it), and inside a component by its own fixed point;
- components the graph does not order are ordered by points (mean points of their
  members), and where those are equal their players are ordered by points and share
  the rest.

Shown ratings: the largest component is anchored at a mean of 2000; components above
it are ``+inf``, below it ``-inf``; a component the graph does not relate to it keeps
its own fixed point, also anchored at 2000.

The fixed point is found by Newton's method on all log-strengths at once (numpy),
until no rating moves by more than ``tolerance``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)

START = 2000.0
_SCALE = 400.0 / math.log(10.0)
_MAX_STEP = 2.0  # in natural-log strength, about 350 rating points


@dataclass(frozen=True)
class TrueRatings(Generic[P]):
    rating: Mapping[P, float]
    """The shown rating: finite, or ``±inf`` where the fixed point runs off to infinity."""
    position: Mapping[P, int]
    """0 for the top; players the order cannot separate share a position."""


def rating_label(rating: float) -> str:
    """A shown true rating: the number, or ``↑``/``↓`` where it runs off to infinity."""
    if math.isinf(rating):
        return "↑" if rating > 0 else "↓"
    return f"{rating:.0f}"


def true_ratings(
    players: Sequence[P],
    games: Iterable[tuple[P, P, float]],
    points: Mapping[P, float] | None = None,
    tolerance: float = 1e-6,
) -> TrueRatings[P]:
    """The true ratings and order of ``players`` from ``games`` given as ``(a, b, a's score)``.

    ``points`` order the components the graph does not order (default: the score in ``games``).
    """
    games = list(games)
    if not players:  # a field of nobody (standings before anyone registered)
        return TrueRatings({}, {})
    scored: dict[P, set[P]] = {p: set() for p in players}
    if points is None:
        counted = {p: 0.0 for p in players}
        for a, b, score in games:
            counted[a] += score
            counted[b] += 1.0 - score
        points = counted
    for a, b, score in games:
        if score > 0:
            scored[a].add(b)
        if score < 1:
            scored[b].add(a)
    components = _components(players, scored)
    member = {p: index for index, comp in enumerate(components) for p in comp}
    relative: dict[P, float] = {}
    for comp in components:
        inside = set(comp)
        relative.update(_fixed_point(comp, [g for g in games if g[0] in inside and g[1] in inside], tolerance))
    below = [set[int]() for _ in components]  # components directly below each
    for a, targets in scored.items():
        for b in targets:
            if member[a] != member[b]:
                below[member[a]].add(member[b])
    position, tier = _order(components, below, relative, points)
    middle = max(tier) / 2
    anchor = min(range(len(components)), key=lambda c: (-len(components[c]), abs(tier[c] - middle), c))
    rating: dict[P, float] = {}
    for index, comp in enumerate(components):
        for p in comp:
            if tier[index] == tier[anchor]:
                rating[p] = START + round(relative[p], 2)
            else:
                rating[p] = math.inf if tier[index] < tier[anchor] else -math.inf
    return TrueRatings(rating, position)


def _fixed_point(players: Sequence[P], games: list[tuple[P, P, float]], tolerance: float) -> dict[P, float]:
    """Ratings relative to a mean of 0 at which expected scores equal actual scores
    (the games lie inside one strongly connected component, so the point exists).

    Newton's method on the log-strengths: the log-likelihood of the results is concave,
    its Hessian the Laplacian of the games weighted by ``e(1-e)``; a common shift changes
    nothing, so the rank-one term ``1/m`` pins the mean at 0.  Steps are clamped so a far
    start cannot overshoot; from there it converges in a handful of steps, where sweeping
    one player at a time needs thousands on a round robin's ring-shaped early rounds.
    """
    import numpy as np  # only the true rating needs linear algebra

    index = {p: i for i, p in enumerate(players)}
    m = len(players)
    if m == 1 or not games:
        return {p: 0.0 for p in players}
    a = np.array([index[g[0]] for g in games])
    b = np.array([index[g[1]] for g in games])
    score = np.array([g[2] for g in games], dtype=float)
    wins = np.bincount(a, score, m) + np.bincount(b, 1.0 - score, m)
    strength = np.zeros(m)
    for _ in range(200):
        e = 1.0 / (1.0 + np.exp(strength[b] - strength[a]))
        gradient = wins - np.bincount(a, e, m) - np.bincount(b, 1.0 - e, m)
        weight = e * (1.0 - e)
        hessian = np.full((m, m), 1.0 / m)
        np.add.at(hessian, (a, b), -weight)
        np.add.at(hessian, (b, a), -weight)
        hessian[np.diag_indices(m)] += np.bincount(a, weight, m) + np.bincount(b, weight, m)
        step = np.clip(np.linalg.solve(hessian, gradient), -_MAX_STEP, _MAX_STEP)
        strength += step
        if float(np.abs(step).max()) * _SCALE < tolerance:
            break
    strength -= strength.mean()
    return {p: _SCALE * float(strength[index[p]]) for p in players}


def _components(players: Sequence[P], edges: Mapping[P, set[P]]) -> list[list[P]]:
    """Strongly connected components (Tarjan's algorithm, without recursion)."""
    order = {p: i for i, p in enumerate(players)}
    index: dict[P, int] = {}
    low: dict[P, int] = {}
    stack: list[P] = []
    on_stack: set[P] = set()
    found: list[list[P]] = []
    for root in players:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root], key=order.__getitem__)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges[target], key=order.__getitem__))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        comp.append(top)
                        if top == node:
                            break
                    found.append(comp)
    return found


def _order(
    components: list[list[P]], below: list[set[int]], relative: Mapping[P, float], points: Mapping[P, float]
) -> tuple[dict[P, int], list[int]]:
    """Each player's position and each component's tier: tiers of components taken
    top-down as the graph allows, the highest mean points first (equal ones together);
    inside a tier of one component by its ratings, inside a tier of several by points."""
    above_count = [0] * len(components)
    for targets in below:
        for comp in targets:
            above_count[comp] += 1

    def mean_points(comp: int) -> float:
        return sum(points[p] for p in components[comp]) / len(components[comp])

    ready = {c for c in range(len(components)) if above_count[c] == 0}
    position: dict[P, int] = {}
    tier_of = [0] * len(components)
    tiers = 0
    while ready:
        best = max(mean_points(c) for c in ready)
        tier = sorted(c for c in ready if mean_points(c) == best)
        ready -= set(tier)
        members = [p for c in tier for p in components[c]]
        key = {p: round(relative[p], 2) for p in members} if len(tier) == 1 else points
        members.sort(key=lambda p: -key[p])
        start = len(position)
        for offset, p in enumerate(members):
            same = offset and key[members[offset - 1]] == key[p]
            position[p] = position[members[offset - 1]] if same else start + offset
        for c in tier:
            tier_of[c] = tiers
            for comp in below[c]:
                above_count[comp] -= 1
                if above_count[comp] == 0:
                    ready.add(comp)
        tiers += 1
    return position, tier_of
