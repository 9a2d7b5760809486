"""The weight of every possible pair, component by component, as OpenGotha 3.51 computes it.

``Tournament.costValue`` is the reference (spec: mcmahon.md): the pairing is the perfect
matching of greatest total weight, so a component is a *reward* for a pair — the larger,
the better.  Each component is a named function here, in OpenGotha's order and under the
names its weights files use.  Float steps are those of OpenGotha (``double`` then a cast
to ``long``), integer steps use Java's division toward zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from schemes.gotha_rules import MIN_RANK, SMMS_CORRECTION_MAX, SMMS_CORRECTION_MIN, Rules
from schemes.gotha_scores import Entrant, Sheet, compare, jdiv, ordered

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


@dataclass
class Standing:
    """Where a player stands for the pairing of a round (``fillPairingInfo``): his score
    group, its size, his place inside it, and how often he was drawn up or down."""

    group: int = 0
    size: int = 1
    inner: int = 0
    groups: int = 1
    drawn_up: int = 0
    drawn_down: int = 0


def score_range(rules: Rules, round_index: int) -> tuple[int, int]:
    """The lowest and highest main score a group can have before round ``round_index``."""
    if rules.main == "MMS":
        low = rules.mm_floor + SMMS_CORRECTION_MIN - MIN_RANK
        high = rules.mm_bar + SMMS_CORRECTION_MAX + round_index - MIN_RANK
        return low, high
    return 0, round_index


def standings_for_pairing(sheets: Mapping[int, Sheet], rules: Rules, round_index: int) -> dict[int, Standing]:
    """Score groups of every player (absent ones too, as OpenGotha counts them), each sorted
    by the placement criteria plus the round's additional criterion; empty groups count."""
    low, high = score_range(rules, round_index)
    extra = rules.extra1 if round_index <= rules.last_round_seed1 else rules.extra2
    key = compare((*rules.criteria, extra), round_index - 1)
    result = {p: Standing() for p in sheets}
    by_score: dict[int, list[Sheet]] = {}
    for sheet in sheets.values():
        by_score.setdefault(jdiv(sheet.value(rules.main, round_index - 1), 2), []).append(sheet)
    group = 0
    for score in range(high, low - 1, -1):
        members = sorted(by_score.get(score, []), key=key)
        for place, sheet in enumerate(members):
            result[sheet.entrant.id] = Standing(group, len(members), place)
        group += 1
    for standing in result.values():
        standing.groups = group
    for sheet in sheets.values():
        mine = result[sheet.entrant.id]
        for r in range(round_index):
            seat = sheet.seats[r]
            if seat is None:
                continue
            other = sheets[seat.opponent]
            before, other_before = (
                jdiv(sheet.value(rules.main, r - 1), 2),
                jdiv(other.value(rules.main, r - 1), 2),
            )
            if before < other_before:
                mine.drawn_up += 1
            if before > other_before:
                mine.drawn_down += 1
    return result


@dataclass(frozen=True)
class Context:
    """What the cost of a pair needs: the rules, the round (0-based), every player's scores
    and place for this pairing."""

    rules: Rules
    round_index: int
    sheets: Mapping[int, Sheet]
    standing: Mapping[int, Standing]


def det_random(limit: int, a: Entrant, b: Entrant) -> int:
    """OpenGotha's deterministic "random" number 0..limit from both names (``detRandom``); not
    symmetric: swapping the players mirrors it."""
    name_a, name_b = a.surname + a.name, b.surname + b.name
    inverse = _java_less(name_b, name_a)
    text = name_b + name_a if inverse else name_a + name_b
    units = text.encode("utf-16-le")
    total = sum(int.from_bytes(units[i : i + 2], "little") * (i // 2 + 1) for i in range(0, len(units), 2))
    value = (total * 1234567) % (limit + 1)
    return limit - value if inverse else value


def _java_less(a: str, b: str) -> bool:
    return a.encode("utf-16-be") < b.encode("utf-16-be")


def white_black_balance(sheet: Sheet, last: int) -> int:
    """Even games as white minus even games as black, up to round ``last`` (``wbBalance``)."""
    balance = 0
    for r in range(last + 1):
        seat = sheet.seats[r]
        if seat is None or seat.handicap != 0:
            continue
        balance += 1 if seat.white else -1
    return balance


@dataclass(frozen=True)
class Seating:
    """White, black and the handicap OpenGotha gives a pair (``gameBetween``)."""

    white: int
    black: int
    handicap: int


def game_between(ctx: Context, a: Sheet, b: Sheet) -> Seating:
    """Handicap from MMS or rank (capped at ``hdNoHdRankThreshold``, less ``hdCorrection``, at
    most ``hdCeiling``): the stronger takes white; an even game gives white to the player who
    had black more often, else by ``detRandom``."""
    rules = ctx.rules
    rank_a, rank_b = a.entrant.rank, b.entrant.rank
    if rules.hd_on_mms:
        rank_a = jdiv(a.value("MMS", ctx.round_index - 1), 2) + MIN_RANK
        rank_b = jdiv(b.value("MMS", ctx.round_index - 1), 2) + MIN_RANK
    rank_a, rank_b = min(rank_a, rules.hd_threshold), min(rank_b, rules.hd_threshold)
    hd = rank_a - rank_b
    if hd > 0:
        hd = max(0, hd - rules.hd_correction)
    elif hd < 0:
        hd = min(0, hd + rules.hd_correction)
    hd = max(-rules.hd_ceiling, min(rules.hd_ceiling, hd))
    ia, ib = a.entrant.id, b.entrant.id
    if hd > 0:
        return Seating(ia, ib, hd)
    if hd < 0:
        return Seating(ib, ia, -hd)
    wa = white_black_balance(a, ctx.round_index - 1)
    wb = white_black_balance(b, ctx.round_index - 1)
    if wa > wb:
        return Seating(ib, ia, 0)
    if wa < wb:
        return Seating(ia, ib, 0)
    if det_random(1, a.entrant, b.entrant) == 0:
        return Seating(ia, ib, 0)
    return Seating(ib, ia, 0)


def duplicate_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """Base 1: the full weight when the two have not met before."""
    met = any(seat is not None and seat.opponent == b.entrant.id for seat in a.seats[: ctx.round_index])
    return 0 if met else ctx.rules.duplicate


def random_cost(ctx: Context, a: Sheet, b: Sheet, chance: int | None = None) -> int:
    """Base 2: deterministic from the names, or the given draw when not deterministic."""
    if ctx.rules.deterministic:
        return det_random(ctx.rules.random, a.entrant, b.entrant)
    return chance or 0


def balance_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """Base 3: for an even game, full when their colour balances have opposite signs, half
    when one is even and the other off by two or more."""
    if game_between(ctx, a, b).handicap != 0:
        return 0
    wa = white_black_balance(a, ctx.round_index - 1)
    wb = white_black_balance(b, ctx.round_index - 1)
    if wa * wb < 0:
        return ctx.rules.balance
    if (wa == 0 and abs(wb) >= 2) or (wb == 0 and abs(wa) >= 2):
        return ctx.rules.balance // 2
    return 0


def category_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """Main 1: Tengen runs one category, where OpenGotha adds nothing."""
    return 0


def _concave(weight: int, x: float, k: float) -> int:
    return int(weight * (1.0 - x) * (1.0 + k * x))


def score_difference_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """Main 2: ``W (1-x)(1+kx)``, x = the distance of their score groups over the number of groups."""
    sa, sb = ctx.standing[a.entrant.id], ctx.standing[b.entrant.id]
    x = abs(sa.group - sb.group) / sa.groups
    return _concave(ctx.rules.score_difference, x, ctx.rules.nx1)


def _dudd_place(mode: str, weight: int, standing: Standing) -> int:
    size, inner = standing.size, standing.inner
    if mode == "TOP":
        return jdiv(weight // 2 * (size - 1 - inner), size)
    if mode == "MID":
        return jdiv(weight // 2 * (size - 1 - abs(2 * inner - size + 1)), size)
    return jdiv(weight // 2 * inner, size)


def dudd_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """Main 3: between neighbouring groups (less than 4 apart), who is drawn up and down:
    better for the upper group's chosen place and the lower group's, and for correcting
    an earlier draw rather than repeating it."""
    sa, sb = ctx.standing[a.entrant.id], ctx.standing[b.entrant.id]
    if not (abs(sa.group - sb.group) < 4 and sa.group != sb.group):
        return 0
    scenario = 2
    if sa.drawn_up > 0 and sa.group > sb.group:
        scenario -= 1
    if sa.drawn_down > 0 and sa.group < sb.group:
        scenario -= 1
    if sb.drawn_up > 0 and sb.group > sa.group:
        scenario -= 1
    if sb.drawn_down > 0 and sb.group < sa.group:
        scenario -= 1
    if scenario != 0 and sa.drawn_up > 0 and sa.drawn_down < sa.drawn_up and sa.group < sb.group:
        scenario += 1
    if scenario != 0 and sa.drawn_down > 0 and sa.drawn_up < sa.drawn_down and sa.group > sb.group:
        scenario += 1
    if scenario != 0 and sb.drawn_up > 0 and sb.drawn_down < sb.drawn_up and sb.group < sa.group:
        scenario += 1
    if scenario != 0 and sb.drawn_down > 0 and sb.drawn_up < sb.drawn_down and sb.group > sa.group:
        scenario += 1
    weight = ctx.rules.dudd // 5
    upper, lower = (sa, sb) if sa.group < sb.group else (sb, sa)
    cost = _dudd_place(ctx.rules.dudd_upper, weight, upper) + _dudd_place(ctx.rules.dudd_lower, weight, lower)
    if scenario == 1:
        cost += weight
    elif scenario == 2 or (scenario > 2 and not ctx.rules.compensate):
        cost += 2 * weight
    elif scenario == 3:
        cost += 3 * weight
    elif scenario == 4:
        cost += 4 * weight
    return cost


def seed_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """Main 4: inside one group, the seeding system of the round (split and random / fold / slip)."""
    sa, sb = ctx.standing[a.entrant.id], ctx.standing[b.entrant.id]
    if sa.group != sb.group:
        return 0
    size, c1, c2 = sa.size, sa.inner, sb.inner
    weight = ctx.rules.seeding
    system = ctx.rules.seed1 if ctx.round_index <= ctx.rules.last_round_seed1 else ctx.rules.seed2
    if system == "SPLITANDRANDOM":
        if (2 * c1 < size) != (2 * c2 < size):
            return weight - det_random(int(weight * 0.2), a.entrant, b.entrant)
        return 0
    if system == "SPLITANDFOLD":
        x = c1 + c2 - (size - 1)
        return weight - jdiv(jdiv(weight * x, size - 1) * x, size - 1)
    x = 2 * abs(c1 - c2) - size
    return weight - jdiv(jdiv(weight * x, size) * x, size)


def _pseudo_mms(ctx: Context, sheet: Sheet) -> tuple[int, bool]:
    """The MMS the secondary criteria use, and whether the player is above their thresholds
    (then his pseudo MMS is the highest possible)."""
    rules, r = ctx.rules, ctx.round_index
    threshold = rules.rounds if rules.se_wins_threshold else 2 * rules.rounds
    nbw2 = sheet.value("NBW", r - 1)
    strong = 2 * sheet.entrant.rank + nbw2 >= 2 * rules.se_rank_threshold
    many_wins = nbw2 >= threshold
    above_bar = sheet.start >= rules.mm_bar - MIN_RANK and rules.se_bar_threshold
    if many_wins or strong or above_bar:
        return rules.mm_bar + SMMS_CORRECTION_MAX - MIN_RANK + r, True
    return jdiv(sheet.value("MMS", r - 1), 2), False


def handicap_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """Secondary 1: the closer their (pseudo) McMahon scores, the better."""
    rules = ctx.rules
    pa, _ = _pseudo_mms(ctx, a)
    pb, _ = _pseudo_mms(ctx, b)
    if rules.mcmahon:
        span = ctx.standing[a.entrant.id].groups
    else:
        span = (rules.mm_bar - rules.mm_floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN) + ctx.round_index
    return _concave(rules.handicap_weight, abs(pa - pb) / span, rules.nx1)


def geo_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """Secondary 2-4: a club-mate or compatriot is worth as many score groups less as
    ``paiSePreferMMSDiffRatherThanSame…`` say."""
    rules = ctx.rules
    groups = ctx.standing[a.entrant.id].groups
    country_ratio = 0.0
    if a.entrant.country.lower() != b.entrant.country.lower() and rules.country_factor:
        country_ratio = min(1.0, rules.country_factor / groups)
    club_ratio = 0.0
    if a.entrant.club.lower() != b.entrant.club.lower() and rules.club_factor:
        club_ratio = min(1.0, rules.club_factor * 1.2 / groups)
    main, second = max(country_ratio, club_ratio), min(country_ratio, club_ratio)
    ratio = main + second / 2.0
    if ratio > 0.0:
        ratio += 0.5 / groups
    geo = rules.geo_weight * (1.0 - ratio) * (1.0 + rules.nx1 * ratio)
    return min(rules.score_difference - int(geo), rules.geo_weight)


COMPONENTS = (
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


def costs(ctx: Context, a: Sheet, b: Sheet) -> dict[str, int]:
    """Every component of the pair's weight and ``totalCost`` (1 + their sum: 0 would mean
    "may not meet" to OpenGotha's matcher)."""
    parts = {name: component(ctx, a, b) for name, component in zip(COST_NAMES, COMPONENTS, strict=True)}
    parts["totalCost"] = 1 + sum(parts.values())
    return parts


def total_cost(ctx: Context, a: Sheet, b: Sheet) -> int:
    """The weight of the pair, the sum ``costs`` reports."""
    return 1 + sum(component(ctx, a, b) for component in COMPONENTS)


def bye_weight(sheet: Sheet, round_index: int, byes_before: int) -> int:
    """OpenGotha 3.51's choice of the bye (``chooseAByePlayer``): rank plus doubled McMahon
    score, 1000 more for each earlier bye; the lowest gets it (the last such in order)."""
    return sheet.entrant.rank + sheet.value("MMS", round_index - 1) + 1000 * byes_before


def context(sheets: Mapping[int, Sheet], rules: Rules, round_index: int) -> Context:
    return Context(rules, round_index, sheets, standings_for_pairing(sheets, rules, round_index))


def order_for_pairing(sheets: Mapping[int, Sheet], rules: Rules, round_index: int, players: Sequence[int]) -> list[int]:
    wanted = set(players)
    return [s.entrant.id for s in ordered(sheets, rules.criteria, round_index - 1) if s.entrant.id in wanted]
