"""The McMahon costs as numpy computed them before issue 29 (a matrix of temporaries per
step): the oracle the compiled components are checked against, pair for pair.  Kept as it
was but for who-met-whom, which the field now holds as lists of opponents."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from schemes.systems.gotha.costs import Field, _concave, _dudd_place, _pseudo_mms, _tdiv
from schemes.systems.gotha.rules import MIN_RANK, SMMS_CORRECTION_MAX, SMMS_CORRECTION_MIN

Ints = NDArray[np.int64]


def _met(f: Field) -> NDArray[np.bool_]:
    met = np.zeros((len(f.ids), len(f.ids)), dtype=bool)
    for i, row in enumerate(f.opponents.tolist()):
        met[i, [j for j in row if j >= 0]] = True
    return met


def det_random(f: Field, limit: int, a: Ints, b: Ints) -> Ints:
    """OpenGotha's deterministic "random" number 0..limit from both names (``detRandom``): the
    names in order, each UTF-16 unit times its position in the joined text; swapping the two
    players mirrors it."""
    inverse = f.name_order[a] > f.name_order[b]
    first, second = np.where(inverse, b, a), np.where(inverse, a, b)
    total = f.name_weighted[first] + f.name_weighted[second] + f.name_length[first] * f.name_sum[second]
    value = (total * 1234567) % (limit + 1)
    return np.where(inverse, limit - value, value)


def handicap(f: Field, a: Ints, b: Ints) -> Ints:
    """The handicap of ``gameBetween``, signed: positive when ``a`` gives it (takes white).
    From MMS or rank, capped at ``hdNoHdRankThreshold``, less ``hdCorrection``, at most
    ``hdCeiling``."""
    rules = f.rules
    if rules.hd_on_mms:
        level = _tdiv(f.mms2, 2) + MIN_RANK
    else:
        level = f.rank
    level = np.minimum(level, rules.hd_threshold)
    hd = level[a] - level[b]
    hd = np.where(hd > 0, np.maximum(0, hd - rules.hd_correction), np.minimum(0, hd + rules.hd_correction))
    capped: Ints = np.clip(hd, -rules.hd_ceiling, rules.hd_ceiling)
    return capped


def a_takes_white(f: Field, a: Ints, b: Ints) -> NDArray[np.bool_]:
    """``gameBetween``'s colours: the handicap giver; in an even game the one who had black
    more often; else by ``detRandom(1)``."""
    hd = handicap(f, a, b)
    balance_a, balance_b = f.balance[a], f.balance[b]
    even = np.where(balance_a == balance_b, det_random(f, 1, a, b) == 0, balance_a < balance_b)
    result: NDArray[np.bool_] = np.where(hd != 0, hd > 0, even)
    return result


def duplicate_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Base 1: the full weight when the two have not met before."""
    return np.where(_met(f)[a, b], 0, f.rules.duplicate)


def random_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Base 2: from the names when deterministic (a draw is added by the caller otherwise)."""
    if f.rules.deterministic:
        return det_random(f, f.rules.random, a, b)
    return np.zeros(np.broadcast(a, b).shape, dtype=np.int64)


def balance_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Base 3: for an even game, full when their colour balances have opposite signs, half
    when one is even and the other off by two or more."""
    wa, wb = f.balance[a], f.balance[b]
    weight = f.rules.balance
    cost = np.where(
        wa * wb < 0, weight, np.where(((wa == 0) & (np.abs(wb) >= 2)) | ((wb == 0) & (np.abs(wa) >= 2)), weight // 2, 0)
    )
    return np.where(handicap(f, a, b) != 0, 0, cost)


def category_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Main 1: with categories, the nearer their categories the better."""
    if f.rules.categories <= 1:
        return np.zeros(np.broadcast(a, b).shape, dtype=np.int64)
    x = np.abs(f.category[a] - f.category[b]) / float(f.rules.categories)
    return _concave(f.rules.mixing, x, f.rules.nx1)


def score_difference_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Main 2: ``W (1-x)(1+kx)``, x = the distance of their score groups over the number of
    groups; nothing across categories."""
    x = np.abs(f.group[a] - f.group[b]) / float(f.groups)
    return np.where(f.category[a] == f.category[b], _concave(f.rules.score_difference, x, f.rules.nx1), 0)


def dudd_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Main 3: between groups less than 4 apart, who is drawn up and down: the upper group's
    chosen place and the lower group's, and correcting an earlier draw rather than repeating
    it; across categories, divided by (gap + 1) four times."""
    ga, gb = f.group[a], f.group[b]
    ua, da, ub, db = f.drawn_up[a], f.drawn_down[a], f.drawn_up[b], f.drawn_down[b]
    scenario = 2 - (
        ((ua > 0) & (ga > gb)).astype(np.int64)
        + ((da > 0) & (ga < gb))
        + ((ub > 0) & (gb > ga))
        + ((db > 0) & (gb < ga))
    )
    for raise_ in (
        (ua > 0) & (da < ua) & (ga < gb),
        (da > 0) & (ua < da) & (ga > gb),
        (ub > 0) & (db < ub) & (gb < ga),
        (db > 0) & (ub < db) & (gb > ga),
    ):
        scenario = scenario + ((scenario != 0) & raise_)
    weight = f.rules.dudd // 5
    a_upper = ga < gb
    size_a, size_b, inner_a, inner_b = f.size[a], f.size[b], f.inner[a], f.inner[b]
    upper = _dudd_place(
        f.rules.dudd_upper, weight, np.where(a_upper, size_a, size_b), np.where(a_upper, inner_a, inner_b)
    )
    lower = _dudd_place(
        f.rules.dudd_lower, weight, np.where(a_upper, size_b, size_a), np.where(a_upper, inner_b, inner_a)
    )
    bonus = np.select(
        [scenario == 1, (scenario == 2) | ((scenario > 2) & (not f.rules.compensate)), scenario == 3, scenario == 4],
        [weight, 2 * weight, 3 * weight, 4 * weight],
        0,
    )
    applies = (np.abs(ga - gb) < 4) & (ga != gb)
    cost = np.where(applies, upper + lower + bonus, 0)
    gap = np.abs(f.category[a] - f.category[b]) + 1
    for _ in range(4):
        cost = cost // gap
    return cost


def seed_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Main 4: inside one group, the seeding system of the round (split and random / fold / slip)."""
    same = f.group[a] == f.group[b]
    size, c1, c2 = f.size[a], f.inner[a], f.inner[b]
    weight = f.rules.seeding
    system = f.rules.seed1 if f.round_index <= f.rules.last_round_seed1 else f.rules.seed2
    if system == "SPLITANDRANDOM":
        split = (2 * c1 < size) != (2 * c2 < size)
        cost = np.where(split, weight - det_random(f, int(weight * 0.2), a, b), 0)
    elif system == "SPLITANDFOLD":
        x = c1 + c2 - (size - 1)
        span = np.maximum(size - 1, 1)
        cost = weight - _tdiv(_tdiv(weight * x, span) * x, span)
    else:
        x = 2 * np.abs(c1 - c2) - size
        cost = weight - _tdiv(_tdiv(weight * x, size) * x, size)
    return np.where(same, cost, 0)


def handicap_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Secondary 1: the closer their (pseudo) McMahon scores, the better."""
    rules = f.rules
    pseudo = _pseudo_mms(f)
    if rules.mcmahon:
        span = f.groups
    else:
        span = (rules.mm_bar - rules.mm_floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN) + f.round_index
    return _concave(rules.handicap_weight, np.abs(pseudo[a] - pseudo[b]) / float(span), rules.nx1)


def geo_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Secondary 2-4: a club-mate or compatriot is worth as many score groups less as
    ``paiSePreferMMSDiffRatherThanSame…`` say."""
    rules = f.rules
    groups = float(f.groups)
    country = np.where(
        (f.country[a] != f.country[b]) & (rules.country_factor != 0), min(1.0, rules.country_factor / groups), 0.0
    )
    other_club = (f.club[a] != f.club[b]) & (rules.club_factor != 0)
    other_group = (f.club_groups[a] & f.club_groups[b]) == 0
    club = np.where(
        other_club,
        np.where(other_group, min(1.0, rules.club_factor * 1.2 / groups), min(1.0, rules.club_factor / 2.0 / groups)),
        0.0,
    )
    ratio = np.maximum(country, club) + np.minimum(country, club) / 2.0
    ratio = np.where(ratio > 0.0, ratio + 0.5 / groups, ratio)
    geo = (rules.geo_weight * (1.0 - ratio) * (1.0 + rules.nx1 * ratio)).astype(np.int64)
    return np.minimum(rules.score_difference - geo, rules.geo_weight)


COMPONENTS: tuple[Callable[[Field, Ints, Ints], Ints], ...] = (
    duplicate_cost,
    random_cost,
    balance_cost,
    category_cost,
    score_difference_cost,
    dudd_cost,
    seed_cost,
    handicap_cost,
    geo_cost,
)


def cost_matrix(f: Field) -> Ints:
    """``totalCost`` of every pair (1 + the components: 0 would mean "may not meet" to
    OpenGotha's matcher), symmetric: like OpenGotha, each pair is weighed once, with the
    player earlier in the order first (``detRandom`` is not symmetric); the diagonal is 0."""
    every = np.arange(len(f.ids), dtype=np.int64)
    a, b = every[:, None], every[None, :]
    total = np.ones((len(every), len(every)), dtype=np.int64)
    for component in COMPONENTS:
        total += component(f, a, b)
    upper = np.triu(total, k=1)
    return upper + upper.T
