"""The seed's "true rating": ratings that fit the results exactly, by Elo's formula.

The seed recomputes everyone's rating from an equal start until nothing changes.
That fixed point is the maximum-likelihood fit of Elo's model
``P(a beats b) = 1 / (1 + 10^((Rb - Ra) / 400))``, which does not exist when a player
won or lost everything (his rating runs away).  We add one virtual draw of every
player against a phantom rated 2000, a weak prior that keeps every rating finite and
changes the order of no one who has real games to tell them apart.

With that prior the seed's exercise (in a complete round robin the true-rating order
is the order by points) has a short proof.  At the fit, each player's expected score
equals his actual score.  If ``Ra <= Rb``, then against every common opponent, the
phantom included, ``a`` expects no more than ``b``, and in their own game ``a``
expects at most one half, ``b`` at least one half; so ``a``'s points are at most
``b``'s, with equality only when ``Ra = Rb``.  More points therefore means a higher
rating, and equal points an equal one.

The fit maximises the likelihood one player at a time with Newton's step on his
log-strength (the log-likelihood is concave in it), sweeping until no rating moves
by more than ``tolerance``; steps are clamped so a far start cannot overshoot wildly,
and over-relaxed (each step stretched by ``_RELAX``), which halves the sweeps a large
field needs with the same answer.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

START = 2000.0
_SCALE = 400.0 / math.log(10.0)
_MAX_STEP = 2.0  # in natural-log strength, about 350 rating points
_RELAX = 1.4


def true_ratings(
    players: Sequence[int], games: Iterable[tuple[int, int, float]], tolerance: float = 1e-6
) -> dict[int, float]:
    """Ratings fitted to ``games`` given as ``(a, b, a's score)`` with score 1, 0.5 or 0."""
    wins = {p: 0.5 for p in players}  # the virtual draw against the phantom
    opponents: dict[int, list[int]] = {p: [] for p in players}
    for a, b, score in games:
        wins[a] += score
        wins[b] += 1.0 - score
        opponents[a].append(b)
        opponents[b].append(a)
    strength = {p: 0.0 for p in players}  # ln of 10^((R - 2000) / 400); the phantom's is 0
    for _ in range(10_000):
        largest = 0.0
        for p in players:
            mine = strength[p]
            expected = 1.0 / (1.0 + math.exp(-mine))
            slope = expected * (1.0 - expected)
            for o in opponents[p]:
                e = 1.0 / (1.0 + math.exp(strength[o] - mine))
                expected += e
                slope += e * (1.0 - e)
            step = max(-_MAX_STEP, min(_MAX_STEP, (wins[p] - expected) / slope))
            strength[p] = mine + _RELAX * step
            largest = max(largest, abs(step))
        if largest * _SCALE < tolerance:
            break
    return {p: START + _SCALE * x for p, x in strength.items()}
