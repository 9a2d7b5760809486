"""The pruned depth-first pairing against a blind one, and the matcher against brute force."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from schemes.algorithms.matching.incremental import Matcher
from schemes.base.pairing import top_down, top_down_leaving_one_over, top_down_with_bye


def blind_dfs(order, candidates, can_meet):
    """The seeds' procedure to the letter: exponential, fine for ten players."""
    if not order:
        return []
    chooser, rest = order[0], list(order[1:])
    for candidate in candidates(chooser, rest):
        if can_meet(chooser, candidate):
            tail = blind_dfs([p for p in rest if p != candidate], candidates, can_meet)
            if tail is not None:
                return [(chooser, candidate)] + tail
    return None


def in_order(chooser, remaining):
    return list(remaining)


graphs = st.integers(2, 10).flatmap(
    lambda n: st.tuples(st.just(n), st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=n * n))
)


def forbidden_check(pairs):
    blocked = {frozenset(p) for p in pairs}
    return lambda a, b: frozenset((a, b)) not in blocked


@settings(max_examples=300, deadline=None)
@given(graphs)
def test_matcher_finds_a_perfect_matching_exactly_when_one_exists(graph) -> None:
    n, pairs = graph
    can_meet = forbidden_check(pairs)
    players = list(range(n))

    def exists(people):
        if not people:
            return True
        first, rest = people[0], people[1:]
        return any(can_meet(first, o) and exists([p for p in rest if p != o]) for o in rest)

    assert Matcher(players, can_meet).perfect == exists(players)


@settings(max_examples=300, deadline=None)
@given(graphs, st.randoms(use_true_random=False))
def test_pruned_search_gives_the_first_pairing_in_preference_order(graph, rng) -> None:
    n, pairs = graph
    order = list(range(n - n % 2))
    rng.shuffle(order)
    preference = {p: rng.random() for p in order}

    def candidates(chooser, remaining):
        return sorted(remaining, key=lambda c: (preference[c] + chooser) % 1)

    can_meet = forbidden_check(pairs)
    assert top_down(order, candidates, can_meet) == blind_dfs(order, candidates, can_meet)


def test_a_bye_is_moved_up_when_the_first_choice_leaves_no_pairing() -> None:
    # 1 and 2 met: with 3 (the first bye candidate) out, 1-2 is the only board, so 3 must play
    # and the bye moves up to 2.
    met = forbidden_check([(1, 2)])
    bye, pairs = top_down_with_bye([1, 2, 3], [3, 2, 1], in_order, met)
    assert (bye, pairs) == (2, [(1, 3)])
    assert top_down_with_bye([1, 2, 3], [3, 2, 1], in_order, forbidden_check(combinations([1, 2, 3], 2))) is None


def blind_dfs_leaving_one_over(order, candidates, can_meet, left=None):
    """Seed 001's procedure for an odd field, to the letter: the topmost player tries his
    candidates; only when every one fails may he be the one left over; a lone last player
    is left over."""
    if not order:
        return (left, [])
    chooser, rest = order[0], list(order[1:])
    for candidate in candidates(chooser, rest):
        if can_meet(chooser, candidate):
            tail = blind_dfs_leaving_one_over([p for p in rest if p != candidate], candidates, can_meet, left)
            if tail is not None:
                return (tail[0], [(chooser, candidate)] + tail[1])
    if left is None:
        return blind_dfs_leaving_one_over(rest, candidates, can_meet, chooser)
    return None


@settings(max_examples=300, deadline=None)
@given(graphs, st.randoms(use_true_random=False))
def test_the_player_left_over_is_the_one_the_seeds_search_leaves(graph, rng) -> None:
    n, pairs = graph
    order = [p + 1 for p in range(n - (1 - n % 2))]  # odd, ids from 1
    rng.shuffle(order)
    preference = {p: rng.random() for p in order}

    def candidates(chooser, remaining):
        return sorted(remaining, key=lambda c: (preference[c] + chooser) % 1)

    can_meet = forbidden_check({(a + 1, b + 1) for a, b in pairs})
    assert top_down_leaving_one_over(order, candidates, can_meet) == blind_dfs_leaving_one_over(
        order, candidates, can_meet
    )


def test_the_topmost_player_is_left_over_only_after_all_his_partners_fail() -> None:
    # 1 may meet only 2, and 3-4 met: 1-2, then 3 takes 5 and 4 is left over.
    met = forbidden_check([(3, 4), (1, 3), (1, 4), (1, 5)])
    assert top_down_leaving_one_over([1, 2, 3, 4, 5], in_order, met) == (4, [(1, 2), (3, 5)])
    # once 1-2 cannot be played either, 1 has no partner left: he is the one left over.
    met = forbidden_check([(1, 2), (1, 3), (1, 4), (1, 5)])
    assert top_down_leaving_one_over([1, 2, 3, 4, 5], in_order, met) == (1, [(2, 3), (4, 5)])
