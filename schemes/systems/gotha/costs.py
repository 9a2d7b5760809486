"""The weight of every possible pair, component by component, as OpenGotha 3.51 computes it.

``Tournament.costValue`` is the reference (spec: mcmahon.md): the pairing is the perfect
matching of greatest total weight, so a component is a *reward* for a pair — the larger,
the better.  Each component is a named function here, in OpenGotha's order and under the
names its weights files use.

A component is computed for many pairs at once: its arguments ``a`` and ``b`` are arrays of
player positions (``a[:, None]`` and ``b[None, :]`` give the whole matrix), so a field of
3,000 players is weighed in numpy rather than in 4.5 million Python calls.  Float steps are
those of OpenGotha (``double`` arithmetic in the same order, then a cast to ``long``,
which truncates); integer steps use Java's division toward zero.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from schemes.algorithms.java_sort import java_order
from schemes.systems.gotha.rules import MIN_RANK, SMMS_CORRECTION_MAX, SMMS_CORRECTION_MIN, Rules
from schemes.systems.gotha.scores import Sheet, compare, jdiv

Ints = NDArray[np.int64]

COST_NAMES = (
    "baseDuplicateGameCost",
    "baseRandomCost",
    "baseBWBalanceCost",
    "mainCategoryCost",
    "mainScoreDiffCost",
    "mainDUDDCost",
    "mainSeedCost",
    "secHandiCost",
    "secGeoCost",
)


def score_range(rules: Rules, round_index: int, cup: bool = True) -> tuple[int, int]:
    """The lowest and highest main score a group can have before round ``round_index``
    (``fillPairingInfo``); a cup score doubles each round, but OpenGotha's split of a big
    field forgets that (``cup=False``: the range of wins)."""
    if rules.main == "MMS":
        low = rules.mm_floor + SMMS_CORRECTION_MIN - MIN_RANK
        high = rules.mm_bar + SMMS_CORRECTION_MAX + round_index - MIN_RANK
        return low, high
    if rules.main == "CPS" and cup:
        return 0, 2**round_index
    return 0, round_index


def white_black_balance(sheet: Sheet, last: int) -> int:
    """Even games as white minus even games as black, up to round ``last`` (``wbBalance``)."""
    balance = 0
    for r in range(last + 1):
        seat = sheet.seats[r]
        if seat is None or seat.handicap != 0:
            continue
        balance += 1 if seat.white else -1
    return balance


def _utf16(text: str) -> list[int]:
    data = text.encode("utf-16-le")
    return [int.from_bytes(data[i : i + 2], "little") for i in range(0, len(data), 2)]


@dataclass(frozen=True)
class Field:
    """Every player's values the costs read, as arrays by position (``ids[i]`` is the player):
    his score group, its size and his place in it (``fillPairingInfo``), draw-ups and downs,
    scores before the round, colour balance, and what ``detRandom`` needs of his name."""

    rules: Rules
    round_index: int
    ids: tuple[int, ...]
    category: Ints
    group: Ints
    size: Ints
    inner: Ints
    groups: int
    drawn_up: Ints
    drawn_down: Ints
    rank: Ints
    start: Ints
    mms2: Ints
    nbw2: Ints
    balance: Ints
    club: Ints
    club_groups: Ints
    """Bit k: his club is in clubs group k."""
    country: Ints
    name_order: Ints
    """Position of surname+name in Java's string order."""
    name_sum: Ints
    """Σ of the name's UTF-16 units."""
    name_weighted: Ints
    """Σ of unit × (its position from 1)."""
    name_length: Ints
    met: NDArray[np.bool_]
    """``met[i, j]``: they played each other before the round."""

    def position(self, player: int) -> int:
        return self.ids.index(player)


def weigh_field(sheets: Mapping[int, Sheet], rules: Rules, round_index: int, ids: Sequence[int]) -> Field:
    """The field for pairing round ``round_index`` (0-based) among ``ids``; groups, sizes and
    places are counted over every player, absent ones too, as OpenGotha counts them."""
    low, high = score_range(rules, round_index)
    extra = rules.extra1 if round_index <= rules.last_round_seed1 else rules.extra2
    key = compare((*rules.criteria, extra), round_index - 1)
    by_score: dict[tuple[int, int], list[Sheet]] = {}
    for sheet in sheets.values():
        by_score.setdefault((sheet.category, jdiv(sheet.value(rules.main, round_index - 1), 2)), []).append(sheet)
    place: dict[int, tuple[int, int, int]] = {}
    group = 0
    for cat in range(rules.categories):
        for score in range(high, low - 1, -1):
            members = sorted(by_score.get((cat, score), []), key=key)
            for inner, sheet in enumerate(members):
                place[sheet.entrant.id] = (group, len(members), inner)
            group += 1  # an empty group counts too (OpenGotha 3.49.01)

    def drawn(sheet: Sheet) -> tuple[int, int]:
        up = down = 0
        for r in range(round_index):
            seat = sheet.seats[r]
            if seat is None:
                continue
            mine = jdiv(sheet.value(rules.main, r - 1), 2)
            theirs = jdiv(sheets[seat.opponent].value(rules.main, r - 1), 2)
            up += mine < theirs
            down += mine > theirs
        return up, down

    chosen = [sheets[p] for p in ids]
    names = [s.entrant.surname + s.entrant.name for s in chosen]
    units = [_utf16(n) for n in names]
    order = sorted(range(len(names)), key=lambda i: java_order(names[i]))
    name_order = [0] * len(names)
    for rank_, i in enumerate(order):
        name_order[i] = rank_
    clubs: dict[str, int] = {}
    countries: dict[str, int] = {}
    index = {p: i for i, p in enumerate(ids)}
    met = np.zeros((len(ids), len(ids)), dtype=bool)
    for i, sheet in enumerate(chosen):
        for seat in sheet.seats[:round_index]:
            if seat is not None and seat.opponent in index:
                met[i, index[seat.opponent]] = True

    def array(values: Sequence[int]) -> Ints:
        return np.array(values, dtype=np.int64)

    draws = [drawn(s) for s in chosen]
    return Field(
        rules=rules,
        round_index=round_index,
        ids=tuple(ids),
        category=array([s.category for s in chosen]),
        group=array([place.get(p, (0, 1, 0))[0] for p in ids]),
        size=array([place.get(p, (0, 1, 0))[1] for p in ids]),
        inner=array([place.get(p, (0, 1, 0))[2] for p in ids]),
        groups=group,
        drawn_up=array([d[0] for d in draws]),
        drawn_down=array([d[1] for d in draws]),
        rank=array([s.entrant.rank for s in chosen]),
        start=array([s.start for s in chosen]),
        mms2=array([s.value("MMS", round_index - 1) for s in chosen]),
        nbw2=array([s.value("NBW", round_index - 1) for s in chosen]),
        balance=array([white_black_balance(s, round_index - 1) for s in chosen]),
        club=array([clubs.setdefault(_club(s.entrant.club), len(clubs)) for s in chosen]),
        club_groups=array([_groups_of(_club(s.entrant.club), rules) for s in chosen]),
        country=array([countries.setdefault(s.entrant.country.lower(), len(countries)) for s in chosen]),
        name_order=array(name_order),
        name_sum=array([sum(u) for u in units]),
        name_weighted=array([sum(c * (k + 1) for k, c in enumerate(u)) for u in units]),
        name_length=array([len(u) for u in units]),
        met=met,
    )


CLUB_LENGTH = 4
"""OpenGotha keeps a club's first four characters (``Player.MAX_CLUB_LENGTH``): «Moscow» and
«Moscou» are one club to it."""


def _club(club: str) -> str:
    """A club as OpenGotha compares it: its first four UTF-16 units, in lower case."""
    units = club.encode("utf-16-le")[: 2 * CLUB_LENGTH]
    return units.decode("utf-16-le", errors="surrogatepass").lower()


def _groups_of(club: str, rules: Rules) -> int:
    return sum(1 << k for k, group in enumerate(rules.clubs_groups) if club in group)


def _tdiv(a: Ints, b: Ints | int) -> Ints:
    """Java's long division (toward zero), elementwise."""
    quotient: Ints = np.abs(a) // np.abs(b)
    signed: Ints = np.where((a < 0) != (np.asarray(b) < 0), -quotient, quotient)
    return signed


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
    return np.where(f.met[a, b], 0, f.rules.duplicate)


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


def _concave(weight: int, x: NDArray[np.float64], k: float) -> Ints:
    return (weight * (1.0 - x) * (1.0 + k * x)).astype(np.int64)


def score_difference_cost(f: Field, a: Ints, b: Ints) -> Ints:
    """Main 2: ``W (1-x)(1+kx)``, x = the distance of their score groups over the number of
    groups; nothing across categories."""
    x = np.abs(f.group[a] - f.group[b]) / float(f.groups)
    return np.where(f.category[a] == f.category[b], _concave(f.rules.score_difference, x, f.rules.nx1), 0)


def _dudd_place(mode: str, weight: int, size: Ints, inner: Ints) -> Ints:
    half = weight // 2
    if mode == "TOP":
        return _tdiv(half * (size - 1 - inner), size)
    if mode == "MID":
        return _tdiv(half * (size - 1 - np.abs(2 * inner - size + 1)), size)
    return _tdiv(half * inner, size)


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


def _pseudo_mms(f: Field) -> Ints:
    """The MMS the secondary criteria use: above a threshold (rank, wins, bar) the highest possible."""
    rules, r = f.rules, f.round_index
    threshold = rules.rounds if rules.se_wins_threshold else 2 * rules.rounds
    above = (2 * f.rank + f.nbw2 >= 2 * rules.se_rank_threshold) | (f.nbw2 >= threshold)
    if rules.se_bar_threshold:
        above = above | (f.start >= rules.mm_bar - MIN_RANK)
    return np.where(above, rules.mm_bar + SMMS_CORRECTION_MAX - MIN_RANK + r, _tdiv(f.mms2, 2))


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


def cost_components(f: Field, a: Ints, b: Ints) -> list[dict[str, int]]:
    """Each component and the total for the pairs ``(a[k], b[k])`` (``pairing weights``)."""
    values = {name: component(f, a, b) for name, component in zip(COST_NAMES, COMPONENTS, strict=True)}
    rows = []
    for k in range(len(a)):
        row = {name: int(values[name][k]) for name in COST_NAMES}
        row["totalCost"] = 1 + sum(row.values())
        rows.append(row)
    return rows


def bye_weight(sheet: Sheet, round_index: int, byes_before: int) -> int:
    """OpenGotha 3.51's choice of the bye (``chooseAByePlayer``): rank plus doubled McMahon
    score, 1000 more for each earlier bye; the lowest gets it (the last such in order)."""
    return sheet.entrant.rank + sheet.value("MMS", round_index - 1) + 1000 * byes_before
