"""The weight of every possible pair, component by component, as OpenGotha 3.51 computes it.

``Tournament.costValue`` is the reference (spec: mcmahon.md): the pairing is the perfect
matching of greatest total weight, so a component is a *reward* for a pair — the larger,
the better.  Each component is a named function here, in OpenGotha's order and under the
names its weights files use.

A component weighs one pair ``a``–``b`` (positions in the field) in compiled code, so a
field of 3,000 players — 4.5 million pairs — is weighed in one pass into one matrix, with no
temporary of its size (issue 29: numpy's matrix per step held ten of them, 724 MB).  The
float formulas of OpenGotha (``double`` arithmetic in its order, then a cast to ``long``,
which truncates) depend on one small number each — a distance of categories, of score
groups, of pseudo McMahon scores, or one of six cases of club and country — so they are
computed in numpy once per value (``weighing``) and the compiled components look them up;
integer steps use Java's division toward zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from schemes.algorithms.compiled import bare, compiled, inlined
from schemes.algorithms.java_case import java_lower
from schemes.algorithms.java_sort import java_order
from schemes.errors import InvalidEvent
from schemes.systems.gotha.rules import MIN_RANK, SEED_SYSTEMS, SMMS_CORRECTION_MAX, SMMS_CORRECTION_MIN, Rules
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


@lru_cache(maxsize=8192)
def _name_numbers(text: str) -> tuple[int, int, int]:
    """What ``detRandom`` reads of a name: the sum of its UTF-16 units, the sum of each unit
    times its position from 1, and their count (once per name: every round weighs them)."""
    data = text.encode("utf-16-le")
    units = [int.from_bytes(data[i : i + 2], "little") for i in range(0, len(data), 2)]
    return sum(units), sum(c * (k + 1) for k, c in enumerate(units)), len(units)


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
    opponents: Ints
    """``opponents[i, r]``: the position of whom he played in round ``r`` before this one
    (-1: nobody, or nobody of this field) — a few numbers a player where a matrix of who
    met whom would be as large as the costs' own."""

    def position(self, player: int) -> int:
        return self.ids.index(player)

    def met(self, a: int, b: int) -> bool:
        """The players at positions ``a`` and ``b`` played each other before the round."""
        return b in self.opponents[a]


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
    numbers = [_name_numbers(n) for n in names]
    order = sorted(range(len(names)), key=lambda i: java_order(names[i]))
    name_order = [0] * len(names)
    for rank_, i in enumerate(order):
        name_order[i] = rank_
    clubs: dict[str, int] = {}
    countries: dict[str, int] = {}
    index = {p: i for i, p in enumerate(ids)}
    opponents = np.full((len(ids), round_index), -1, dtype=np.int64)
    for i, sheet in enumerate(chosen):
        for r, seat in enumerate(sheet.seats[:round_index]):
            if seat is not None and seat.opponent in index:
                opponents[i, r] = index[seat.opponent]

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
        club=array([clubs.setdefault(_club(s.entrant.club, rules.turkish), len(clubs)) for s in chosen]),
        club_groups=array(_groups_of([_club(s.entrant.club, rules.turkish) for s in chosen], rules)),
        country=array(
            [countries.setdefault(java_lower(s.entrant.country, rules.turkish), len(countries)) for s in chosen]
        ),
        name_order=array(name_order),
        name_sum=array([n[0] for n in numbers]),
        name_weighted=array([n[1] for n in numbers]),
        name_length=array([n[2] for n in numbers]),
        opponents=opponents,
    )


CLUB_LENGTH = 4
"""OpenGotha keeps a club's first four characters (``Player.MAX_CLUB_LENGTH``): «Moscow» and
«Moscou» are one club to it."""


@lru_cache(maxsize=8192)
def _club(club: str, turkish: bool) -> str:
    """A club as OpenGotha compares it: its first four UTF-16 units, in its machine's lower
    case (once per club: every round compares them twice for every player)."""
    units = club.encode("utf-16-le")[: 2 * CLUB_LENGTH]
    return java_lower(units.decode("utf-16-le", errors="surrogatepass"), turkish)


GROUP_BITS = 63
"""Clubs groups holding a club of the field at most: each is a bit of an int64."""


def _groups_of(clubs: Sequence[str], rules: Rules) -> list[int]:
    """Each club's clubs groups as bits, of the groups that hold a club of the field alone:
    the 64th group raised OverflowError out of the pairing (a review), and a group none of
    whose clubs plays keeps nobody apart.  More than ``GROUP_BITS`` such groups: refused."""
    present = set(clubs)
    groups = [group for group in rules.clubs_groups if group & present]
    if len(groups) > GROUP_BITS:
        raise InvalidEvent("{param}: at most {limit} groups may hold the clubs of the players", param="clubsGroups",
                           limit=GROUP_BITS)  # fmt: skip
    return [sum(1 << k for k, group in enumerate(groups) if club in group) for club in clubs]


def _tdiv(a: Ints, b: Ints | int) -> Ints:
    """Java's long division (toward zero), elementwise."""
    quotient: Ints = np.abs(a) // np.abs(b)
    signed: Ints = np.where((a < 0) != (np.asarray(b) < 0), -quotient, quotient)
    return signed


_jdiv = inlined(jdiv)


def _concave(weight: int, x: NDArray[np.float64], k: float) -> Ints:
    return (weight * (1.0 - x) * (1.0 + k * x)).astype(np.int64)


def _dudd_place(mode: str, weight: int, size: Ints, inner: Ints) -> Ints:
    half = weight // 2
    if mode == "TOP":
        return _tdiv(half * (size - 1 - inner), size)
    if mode == "MID":
        return _tdiv(half * (size - 1 - np.abs(2 * inner - size + 1)), size)
    return _tdiv(half * inner, size)


def _pseudo_mms(f: Field) -> Ints:
    """The MMS the secondary criteria use: above a threshold (rank, wins, bar) the highest possible."""
    rules, r = f.rules, f.round_index
    threshold = rules.rounds if rules.se_wins_threshold else 2 * rules.rounds
    above = (2 * f.rank + f.nbw2 >= 2 * rules.se_rank_threshold) | (f.nbw2 >= threshold)
    if rules.se_bar_threshold:
        above = above | (f.start >= rules.mm_bar - MIN_RANK)
    return np.where(above, rules.mm_bar + SMMS_CORRECTION_MAX - MIN_RANK + r, _tdiv(f.mms2, 2))


def _geo_costs(f: Field) -> Ints:
    """Secondary 2-4 (``paiSeAvoidSameGeo``) of each of the six cases a pair can be in: the
    same country or not (×3), then the same club, another club of no common clubs group,
    another club of a common one.  A club-mate or compatriot is worth as many score groups
    less as ``paiSePreferMMSDiffRatherThanSame…`` say."""
    rules = f.rules
    groups = float(f.groups)
    other_country = np.array([False] * 3 + [True] * 3)
    other_club = np.array([False, True, True] * 2) & (rules.club_factor != 0)
    other_group = np.array([False, True, False] * 2)
    country = np.where(other_country & (rules.country_factor != 0), min(1.0, rules.country_factor / groups), 0.0)
    club = np.where(
        other_club,
        np.where(other_group, min(1.0, rules.club_factor * 1.2 / groups), min(1.0, rules.club_factor / 2.0 / groups)),
        0.0,
    )
    ratio = np.maximum(country, club) + np.minimum(country, club) / 2.0
    ratio = np.where(ratio > 0.0, ratio + 0.5 / groups, ratio)
    geo = (rules.geo_weight * (1.0 - ratio) * (1.0 + rules.nx1 * ratio)).astype(np.int64)
    return np.minimum(rules.score_difference - geo, rules.geo_weight)


# The rows of a field's table (``weighing``): what the components read of each player.
CATEGORY, GROUP, SIZE, INNER, UP, DOWN, BALANCE, CLUB, CLUB_GROUPS, COUNTRY = range(10)
NAME_ORDER, NAME_SUM, NAME_WEIGHTED, NAME_LENGTH, LEVEL, PSEUDO, UPPER_PLACE, LOWER_PLACE = range(10, 18)
# The integer settings, and where each list of values starts in ``values``.
DUPLICATE, RANDOM, DETERMINISTIC, BALANCE_WEIGHT, DUDD_WEIGHT, COMPENSATE, SEEDING, SEED_SYSTEM = range(8)
SEED_RANDOM, HD_CORRECTION, HD_CEILING, CATEGORIES, CATEGORY_AT, SCORE_AT, HANDICAP_AT, GEO_AT = range(8, 16)
SPLIT_AND_RANDOM, SPLIT_AND_FOLD = SEED_SYSTEMS.index("SPLITANDRANDOM"), SEED_SYSTEMS.index("SPLITANDFOLD")


@dataclass(frozen=True)
class Weighing:
    """A field as the compiled components read it: ``table[ROW, i]`` each player's values,
    ``ints`` the rules' integer weights and ``values`` the components that depend on one
    small number of the pair only — a distance of categories, of score groups, of pseudo
    MMS, or one of six cases of country and club.  Those are OpenGotha's float formulas,
    computed here once per distance (numpy, OpenGotha's order of operations) rather than
    once per pair: a field of 3,000 has 4.5 million pairs and 30 score groups."""

    table: Ints
    ints: Ints
    values: Ints
    opponents: Ints


def weighing(f: Field) -> Weighing:
    """What the compiled components read of ``f``."""
    rules = f.rules
    level = _tdiv(f.mms2, 2) + MIN_RANK if rules.hd_on_mms else f.rank
    pseudo = _pseudo_mms(f)
    dudd = rules.dudd // 5
    table = np.stack([
        f.category, f.group, f.size, f.inner, f.drawn_up, f.drawn_down, f.balance, f.club, f.club_groups, f.country,
        f.name_order, f.name_sum, f.name_weighted, f.name_length, np.minimum(level, rules.hd_threshold), pseudo,
        _dudd_place(rules.dudd_upper, dudd, f.size, f.inner), _dudd_place(rules.dudd_lower, dudd, f.size, f.inner),
    ]).astype(np.int64)  # fmt: skip
    if rules.categories <= 1:
        by_category = np.zeros(1, dtype=np.int64)
    else:
        by_category = _concave(rules.mixing, np.arange(rules.categories) / float(rules.categories), rules.nx1)
    by_score = _concave(rules.score_difference, np.arange(f.groups + 1) / float(f.groups), rules.nx1)
    if rules.mcmahon:
        span = f.groups
    else:
        span = (rules.mm_bar - rules.mm_floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN) + f.round_index
    distances = np.arange(int(np.ptp(pseudo)) + 1 if len(pseudo) else 1)
    by_pseudo = _concave(rules.handicap_weight, distances / float(span), rules.nx1)
    values = np.concatenate([by_category, by_score, by_pseudo, _geo_costs(f)]).astype(np.int64)
    system = rules.seed1 if f.round_index <= rules.last_round_seed1 else rules.seed2
    ints = np.array([
        rules.duplicate, rules.random, rules.deterministic, rules.balance, dudd, rules.compensate, rules.seeding,
        SEED_SYSTEMS.index(system), int(rules.seeding * 0.2), rules.hd_correction, rules.hd_ceiling,
        rules.categories, 0, len(by_category), len(by_category) + len(by_score),
        len(by_category) + len(by_score) + len(by_pseudo),
    ], dtype=np.int64)  # fmt: skip
    return Weighing(table, ints, values, f.opponents)


@inlined
def _met(opponents: Ints, a: int, b: int) -> bool:
    for r in range(opponents.shape[1]):
        if opponents[a, r] == b:
            return True
    return False


@inlined
def _det_random(t: Ints, limit: int, a: int, b: int) -> int:
    """OpenGotha's deterministic "random" number 0..limit from both names (``detRandom``): the
    names in order, each UTF-16 unit times its position in the joined text; swapping the two
    players mirrors it."""
    if limit == 0:  # OpenGotha's default: no randomness, and no division to compute it
        return 0
    inverse = t[NAME_ORDER, a] > t[NAME_ORDER, b]
    first, second = (b, a) if inverse else (a, b)
    total = t[NAME_WEIGHTED, first] + t[NAME_WEIGHTED, second] + t[NAME_LENGTH, first] * t[NAME_SUM, second]
    value = (total * 1234567) % (limit + 1)
    return int(limit - value if inverse else value)


def _pairs(a: Ints, b: Ints) -> tuple[Ints, Ints, tuple[int, ...]]:
    """``a`` and ``b`` broadcast together, flat, and the shape to give the answers back in."""
    wide_a, wide_b = np.broadcast_arrays(np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64))
    return np.ascontiguousarray(wide_a).ravel(), np.ascontiguousarray(wide_b).ravel(), wide_a.shape


@inlined
def _handicap(t: Ints, s: Ints, a: int, b: int) -> int:
    hd = t[LEVEL, a] - t[LEVEL, b]
    hd = max(0, hd - s[HD_CORRECTION]) if hd > 0 else min(0, hd + s[HD_CORRECTION])
    return int(min(max(hd, -s[HD_CEILING]), s[HD_CEILING]))


@inlined
def _a_takes_white(t: Ints, s: Ints, a: int, b: int) -> bool:
    hd = _handicap(t, s, a, b)
    if hd != 0:
        return hd > 0
    if t[BALANCE, a] == t[BALANCE, b]:
        return _det_random(t, 1, a, b) == 0
    return bool(t[BALANCE, a] < t[BALANCE, b])


@compiled
def _seats(t: Ints, s: Ints, a: Ints, b: Ints) -> tuple[Ints, NDArray[np.bool_]]:
    hd = np.empty(len(a), dtype=np.int64)
    white = np.empty(len(a), dtype=np.bool_)
    for k in range(len(a)):
        hd[k] = _handicap(t, s, a[k], b[k])
        white[k] = _a_takes_white(t, s, a[k], b[k])
    return hd, white


def handicap(f: Field, a: Ints, b: Ints) -> Ints:
    """The handicap of ``gameBetween``, signed: positive when ``a`` gives it (takes white).
    From MMS or rank, capped at ``hdNoHdRankThreshold``, less ``hdCorrection``, at most
    ``hdCeiling``."""
    w = weighing(f)
    first, second, shape = _pairs(a, b)
    return _seats(w.table, w.ints, first, second)[0].reshape(shape)


def a_takes_white(f: Field, a: Ints, b: Ints) -> NDArray[np.bool_]:
    """``gameBetween``'s colours: the handicap giver; in an even game the one who had black
    more often; else by ``detRandom(1)``."""
    w = weighing(f)
    first, second, shape = _pairs(a, b)
    return _seats(w.table, w.ints, first, second)[1].reshape(shape)


@inlined
def duplicate_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Base 1: the full weight when the two have not met before."""
    return 0 if _met(opponents, a, b) else int(s[DUPLICATE])


@inlined
def random_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Base 2: from the names when deterministic (a draw is added by the caller otherwise)."""
    return _det_random(t, s[RANDOM], a, b) if s[DETERMINISTIC] else 0


@inlined
def balance_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Base 3: for an even game, full when their colour balances have opposite signs, half
    when one is even and the other off by two or more."""
    if _handicap(t, s, a, b) != 0:
        return 0
    wa, wb = t[BALANCE, a], t[BALANCE, b]
    if wa * wb < 0:
        return int(s[BALANCE_WEIGHT])
    if (wa == 0 and abs(wb) >= 2) or (wb == 0 and abs(wa) >= 2):
        return int(s[BALANCE_WEIGHT] // 2)
    return 0


@inlined
def category_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Main 1: with categories, the nearer their categories the better (``W (1-x)(1+kx)``,
    x = their distance over the number of categories)."""
    if s[CATEGORIES] <= 1:
        return 0
    return int(values[s[CATEGORY_AT] + abs(t[CATEGORY, a] - t[CATEGORY, b])])


@inlined
def score_difference_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Main 2: ``W (1-x)(1+kx)``, x = the distance of their score groups over the number of
    groups; nothing across categories."""
    if t[CATEGORY, a] != t[CATEGORY, b]:
        return 0
    return int(values[s[SCORE_AT] + abs(t[GROUP, a] - t[GROUP, b])])


@inlined
def dudd_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Main 3: between groups less than 4 apart, who is drawn up and down: the upper group's
    chosen place and the lower group's, and correcting an earlier draw rather than repeating
    it; across categories, divided by (gap + 1) four times."""
    ga, gb = t[GROUP, a], t[GROUP, b]
    if ga == gb or abs(ga - gb) >= 4:
        return 0
    ua, da, ub, db = t[UP, a], t[DOWN, a], t[UP, b], t[DOWN, b]
    scenario = 2 - (
        int(ua > 0 and ga > gb) + int(da > 0 and ga < gb) + int(ub > 0 and gb > ga) + int(db > 0 and gb < ga)
    )
    for raise_ in (
        ua > 0 and da < ua and ga < gb,
        da > 0 and ua < da and ga > gb,
        ub > 0 and db < ub and gb < ga,
        db > 0 and ub < db and gb > ga,
    ):
        if scenario != 0 and raise_:
            scenario += 1
    weight = s[DUDD_WEIGHT]
    upper, lower = (a, b) if ga < gb else (b, a)
    cost = t[UPPER_PLACE, upper] + t[LOWER_PLACE, lower]
    if scenario == 1:
        cost += weight
    elif scenario == 2 or (scenario > 2 and not s[COMPENSATE]):
        cost += 2 * weight
    elif scenario == 3:
        cost += 3 * weight
    elif scenario == 4:
        cost += 4 * weight
    gap = abs(t[CATEGORY, a] - t[CATEGORY, b]) + 1
    if gap > 1:  # a division by 1 changes nothing, and a field is mostly one category
        for _ in range(4):
            cost = cost // gap
    return int(cost)


@inlined
def seed_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Main 4: inside one group, the seeding system of the round (split and random / fold / slip)."""
    if t[GROUP, a] != t[GROUP, b]:
        return 0
    size, c1, c2 = t[SIZE, a], t[INNER, a], t[INNER, b]
    weight = s[SEEDING]
    if s[SEED_SYSTEM] == SPLIT_AND_RANDOM:
        if (2 * c1 < size) == (2 * c2 < size):
            return 0
        return int(weight - _det_random(t, s[SEED_RANDOM], a, b))
    if s[SEED_SYSTEM] == SPLIT_AND_FOLD:
        shift = c1 + c2 - (size - 1)
        span = max(size - 1, 1)
        return int(weight - _jdiv(_jdiv(weight * shift, span) * shift, span))
    shift = 2 * abs(c1 - c2) - size
    return int(weight - _jdiv(_jdiv(weight * shift, size) * shift, size))


@inlined
def handicap_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Secondary 1: the closer their (pseudo) McMahon scores, the better."""
    return int(values[s[HANDICAP_AT] + abs(t[PSEUDO, a] - t[PSEUDO, b])])


@inlined
def geo_cost(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int) -> int:
    """Secondary 2-4: of the six cases of ``_geo_costs``."""
    case = 3 if t[COUNTRY, a] != t[COUNTRY, b] else 0
    if t[CLUB, a] != t[CLUB, b]:
        case += 1 if (t[CLUB_GROUPS, a] & t[CLUB_GROUPS, b]) == 0 else 2
    return int(values[s[GEO_AT] + case])


@inlined
def _components(t: Ints, s: Ints, values: Ints, opponents: Ints, a: int, b: int, out: Ints) -> None:
    """Each component of the pair ``a``–``b``, in ``COST_NAMES``' order, into ``out``."""
    out[0] = duplicate_cost(t, s, values, opponents, a, b)
    out[1] = random_cost(t, s, values, opponents, a, b)
    out[2] = balance_cost(t, s, values, opponents, a, b)
    out[3] = category_cost(t, s, values, opponents, a, b)
    out[4] = score_difference_cost(t, s, values, opponents, a, b)
    out[5] = dudd_cost(t, s, values, opponents, a, b)
    out[6] = seed_cost(t, s, values, opponents, a, b)
    out[7] = handicap_cost(t, s, values, opponents, a, b)
    out[8] = geo_cost(t, s, values, opponents, a, b)


@bare
def _matrix(t: Ints, s: Ints, values: Ints, opponents: Ints, parts: Ints, total: Ints) -> None:
    n = t.shape[1]
    for a in range(n):
        for b in range(a + 1, n):
            _components(t, s, values, opponents, a, b, parts)
            total[a, b] = 1 + parts.sum()
    block = 64  # the lower half copied square by square: a column at a time would miss the cache at every pair
    for top in range(0, n, block):
        for left in range(top, n, block):
            for a in range(top, min(top + block, n)):
                for b in range(max(left, a + 1), min(left + block, n)):
                    total[b, a] = total[a, b]


@bare
def _rows(t: Ints, s: Ints, values: Ints, opponents: Ints, a: Ints, b: Ints, rows: Ints) -> None:
    for k in range(len(a)):
        _components(t, s, values, opponents, a[k], b[k], rows[k])


def cost_matrix(f: Field) -> Ints:
    """``totalCost`` of every pair (1 + the components: 0 would mean "may not meet" to
    OpenGotha's matcher), symmetric: like OpenGotha, each pair is weighed once, with the
    player earlier in the order first (``detRandom`` is not symmetric); the diagonal is 0.
    One matrix, filled pair by pair in compiled code: no temporary as large as it."""
    w = weighing(f)
    total = np.zeros((len(f.ids), len(f.ids)), dtype=np.int64)
    _matrix(w.table, w.ints, w.values, w.opponents, np.zeros(len(COST_NAMES), dtype=np.int64), total)
    return total


def cost_components(f: Field, a: Ints, b: Ints) -> list[dict[str, int]]:
    """Each component and the total for the pairs ``(a[k], b[k])`` (``pairing weights``)."""
    w = weighing(f)
    first, second, _ = _pairs(a, b)
    parts = np.zeros((len(first), len(COST_NAMES)), dtype=np.int64)
    _rows(w.table, w.ints, w.values, w.opponents, first, second, parts)
    rows = []
    for values in parts.tolist():
        row = dict(zip(COST_NAMES, values, strict=True))
        row["totalCost"] = 1 + sum(values)
        rows.append(row)
    return rows


def bye_weight(sheet: Sheet, round_index: int, byes_before: int) -> int:
    """OpenGotha 3.51's choice of the bye (``chooseAByePlayer``): rank plus doubled McMahon
    score, 1000 more for each earlier bye; the lowest gets it (the last such in order)."""
    return sheet.entrant.rank + sheet.value("MMS", round_index - 1) + 1000 * byes_before
