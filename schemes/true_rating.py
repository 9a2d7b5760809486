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

The fit uses the minorise-maximise iteration for the Bradley–Terry model (Hunter,
2004), which never overshoots and converges from any start.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

START = 2000.0
_SCALE = 400.0 / math.log(10.0)


def true_ratings(
    players: Sequence[int], games: Iterable[tuple[int, int, float]], tolerance: float = 1e-7
) -> dict[int, float]:
    """Ratings fitted to ``games`` given as ``(a, b, a's score)`` with score 1, 0.5 or 0."""
    wins = {p: 0.5 for p in players}  # the virtual draw against the phantom
    opponents: dict[int, list[int]] = {p: [] for p in players}
    for a, b, score in games:
        wins[a] += score
        wins[b] += 1.0 - score
        opponents[a].append(b)
        opponents[b].append(a)
    strength = {p: 1.0 for p in players}  # 10^((R - 2000) / 400); the phantom is 1
    for _ in range(100_000):
        largest = 0.0
        for p in players:
            denominator = 1.0 / (strength[p] + 1.0)
            mine = strength[p]
            for o in opponents[p]:
                denominator += 1.0 / (mine + strength[o])
            new = wins[p] / denominator
            largest = max(largest, abs(math.log(new / mine)))
            strength[p] = new
        if largest * _SCALE < tolerance:
            break
    return {p: START + _SCALE * math.log(s) for p, s in strength.items()}
