"""Top-down pairing with depth-first fallback, shared by the Swiss-like schemes.

Each scheme says in which order players come (the topmost unpaired player chooses
next), in which order a player looks at his candidates, and who may meet whom.  The
answer is the first complete pairing in that preference order, which is what the
seeds' hand procedure finds: take the first acceptable candidate; when someone is
left without one, return the last pair and let its first player try his next one.

Blind backtracking can take forever on a tight field (16 players, 15 rounds), so the
depth-first search is pruned: a pair is only taken if the players left can still all
be paired (a perfect matching exists, ``matching.Matcher``).  Pruning only removes
branches without a complete pairing, so the answer is the same; and since the plain
greedy pass is exactly the depth-first search when it never gets stuck, it runs first
and the matching machinery is only built when it does get stuck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import chain

from schemes.algorithms.matching.incremental import Matcher
from schemes.base.scheme import PairingError
from schemes.errors import RepeatNeeded

Candidates = Callable[[int, list[int]], Iterable[int]]
"""Given the chooser and the players still unpaired (in order), his candidates in preference order."""
CanMeet = Callable[[int, int], bool]


def top_down(order: Sequence[int], candidates: Candidates, can_meet: CanMeet) -> list[tuple[int, int]] | None:
    """Pairs in the order they were formed, or None when no complete pairing exists."""
    return _greedy(order, candidates, can_meet) or _pruned(order, candidates, can_meet)


def top_down_with_bye(
    order: Sequence[int], bye_candidates: Sequence[int], candidates: Candidates, can_meet: CanMeet
) -> tuple[int | None, list[tuple[int, int]]] | None:
    """The bye (the first candidate that leaves a complete pairing) and the pairs."""
    if len(order) % 2 == 0:
        pairs = top_down(order, candidates, can_meet)
        return None if pairs is None else (None, pairs)
    first = bye_candidates[0]
    pairs = _greedy([p for p in order if p != first], candidates, can_meet)
    if pairs is not None:
        return first, pairs
    for bye in bye_candidates:
        pairs = _pruned([p for p in order if p != bye], candidates, can_meet)
        if pairs is not None:
            return bye, pairs
    return None


LEFT_OVER = 0
"""A stand-in at the bottom of the list (player ids start at 1): whoever is paired with
him is the player left over."""


def top_down_leaving_one_over(
    order: Sequence[int], candidates: Candidates, can_meet: CanMeet
) -> tuple[int | None, list[tuple[int, int]]] | None:
    """An odd field paired top-down where the bye is whoever is left over (sport-handicap.md).

    The search is the even one with a stand-in at the bottom whom anyone may meet, always
    the last candidate: a chooser becomes the one left over only after every partner for
    him has failed, and the last player alone is left over, exactly as the seed's hand
    procedure goes."""

    def with_stand_in(chooser: int, remaining: list[int]) -> list[int]:
        real = [p for p in remaining if p != LEFT_OVER]
        return [*candidates(chooser, real), *([LEFT_OVER] if len(real) < len(remaining) else [])]

    def may_meet(a: int, b: int) -> bool:
        return LEFT_OVER in (a, b) or can_meet(a, b)

    pairs = top_down([*order, LEFT_OVER], with_stand_in, may_meet)
    if pairs is None:
        return None
    bye = next(a for a, b in pairs if b == LEFT_OVER)
    return bye, [pair for pair in pairs if LEFT_OVER not in pair]


def pair_round(
    number: int,
    playing: Sequence[int],
    had_bye: set[int],
    candidates: Candidates,
    can_meet: CanMeet,
    allow_repeats: bool = False,
    left_over: bool = False,
    bye: int | None = None,
) -> tuple[int | None, list[tuple[int, int]]]:
    """A round of a top-down scheme: ``playing`` in list order, the bye bottom-up among
    those in ``had_bye`` last, or with ``left_over`` the player the search leaves over, or
    ``bye`` when the referee chose him (the others are paired top-down as ever).

    ``allow_repeats`` is the referee's confirmation when no pairing without a repeat
    game exists: candidates he has not met still come first."""
    if len(playing) < 2:
        raise PairingError("round {round} needs at least 2 players", round=number)
    if allow_repeats:
        candidates, can_meet = preferring(candidates, can_meet), lambda a, b: True
    if bye is not None:
        pairs = top_down([p for p in playing if p != bye], candidates, can_meet)
        if pairs is None:
            raise RepeatNeeded(round=number)
        return bye, pairs
    if left_over and len(playing) % 2:
        found = top_down_leaving_one_over(playing, candidates, can_meet)
    else:
        found = top_down_with_bye(playing, bye_candidates(playing, had_bye), candidates, can_meet)
    if found is None:
        raise RepeatNeeded(round=number)
    return found


def in_list_order(chooser: int, remaining: list[int]) -> list[int]:
    """The plain top-down rule: the first player below who may be met."""
    return remaining


def bye_candidates(order: Sequence[int], had_bye: set[int]) -> list[int]:
    """Who may take the bye, in turn: bottom-up those who have not had one, then the others."""
    bottom_up = list(reversed(order))
    return [p for p in bottom_up if p not in had_bye] + [p for p in bottom_up if p in had_bye]


def preferring(candidates: Candidates, can_meet: CanMeet) -> Candidates:
    """Candidates who may meet first, then the others: for a pairing forced with repeats."""

    def ordered(chooser: int, remaining: list[int]) -> Iterable[int]:
        mine = list(candidates(chooser, remaining))
        return chain((c for c in mine if can_meet(chooser, c)), (c for c in mine if not can_meet(chooser, c)))

    return ordered


def _greedy(order: Sequence[int], candidates: Candidates, can_meet: CanMeet) -> list[tuple[int, int]] | None:
    remaining = list(order)
    pairs = []
    while remaining:
        chooser = remaining.pop(0)
        partner = next((c for c in candidates(chooser, remaining) if can_meet(chooser, c)), None)
        if partner is None:
            return None
        remaining.remove(partner)
        pairs.append((chooser, partner))
    return pairs


def _pruned(order: Sequence[int], candidates: Candidates, can_meet: CanMeet) -> list[tuple[int, int]] | None:
    matcher = Matcher(order, can_meet)
    if not matcher.perfect:
        return None
    remaining = list(order)
    pairs = []
    while remaining:
        chooser = remaining.pop(0)
        # A perfect matching of everyone left exists, so some candidate keeps one.
        partner = next(c for c in candidates(chooser, remaining) if can_meet(chooser, c) and matcher.fix(chooser, c))
        remaining.remove(partner)
        pairs.append((chooser, partner))
    return pairs
