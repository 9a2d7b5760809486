"""The compiled McMahon path (issue 29) pairs as the numpy one before it did, to the board.

The oracle is the code as it was (``tests/reference/before_29``): the Hungarian relaxation,
the greedy tight start and the blossom algorithm in numpy, and every cost component as a
matrix of temporaries.  On random weight matrices full of ties (a few distinct values, as
OpenGotha's weights are) the new matcher must return the very same matching — not only one
of the same total: which of several best matchings comes out depends on the order of
tie-breaking, and that order must not have moved.  On random McMahon and Swiss fields
(categories, clubs and clubs groups, countries, every seeding system and draw-up mode,
secondary criteria on) every component of every pair, the colours and the handicaps must
be the old ones, and an ``exactWholeField`` round the old one board for board.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from schemes.algorithms.matching.blossom import perfect_matching
from schemes.algorithms.matching.weighted import assignment_duals, max_weight_perfect_matching, tight_start
from schemes.log import actions
from schemes.systems.gotha.costs import COST_NAMES, a_takes_white, cost_components, cost_matrix, handicap, weigh_field
from schemes.systems.gotha.pairing import MCMAHON, choose_bye, sheets_after, to_pair
from tests.builders import Log
from tests.reference.before_29 import blossom as old_blossom
from tests.reference.before_29 import costs as old_costs
from tests.reference.before_29 import weighted as old_weighted


@st.composite
def tied_weights(draw: st.DrawFn, high: int = 40) -> np.ndarray:
    """A symmetric matrix of few distinct weights (ties everywhere), at one of OpenGotha's
    scales; n even."""
    n = 2 * draw(st.integers(1, high // 2))
    scale = draw(st.sampled_from([1, 10**6, 10**14]))
    levels = draw(st.integers(1, 6))
    rng = random.Random(draw(st.integers(0, 2**32)))
    weight = np.zeros((n, n), dtype=np.int64)
    for i in range(n):
        for j in range(i + 1, n):
            weight[i, j] = weight[j, i] = rng.randint(0, levels) * scale + 1
    return weight


@settings(max_examples=300, deadline=None)
@given(tied_weights())
def test_the_exact_matching_is_the_old_one_tie_for_tie(weight: np.ndarray) -> None:
    u, v, pick = assignment_duals(weight)
    old_u, old_v, old_pick = old_weighted.assignment_duals(weight)
    assert (u.tolist(), v.tolist(), pick.tolist()) == (old_u.tolist(), old_v.tolist(), old_pick.tolist())
    value = u + v
    mate = tight_start(weight, value, pick)
    assert list(mate.items()) == list(old_weighted.tight_start(weight, value, pick).items())
    assert max_weight_perfect_matching(weight) == old_weighted.max_weight_perfect_matching(weight)


@settings(max_examples=150, deadline=None)
@given(tied_weights(30))
def test_a_cold_start_grows_and_expands_the_old_blossoms(weight: np.ndarray) -> None:
    """Equal duals and nothing matched: every stage, blossom and expansion of the algorithm
    is taken, and each must choose as before."""
    dual = np.full(len(weight), int(weight.max()), dtype=np.int64)
    assert perfect_matching(weight, dual, {}) == old_blossom.perfect_matching(weight, dual, {})


PARAMS = st.fixed_dictionaries(
    {
        "paiMaSeedSystem1": st.sampled_from(["SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"]),
        "paiMaSeedSystem2": st.sampled_from(["SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"]),
        "paiMaDUDDUpperMode": st.sampled_from(["TOP", "MID", "BOT"]),
        "paiMaDUDDLowerMode": st.sampled_from(["TOP", "MID", "BOT"]),
        "paiMaCompensateDUDD": st.sampled_from(["true", "false"]),
        "categoryLimits": st.sampled_from(["", "10K", "15K,2D"]),
        "paiMaAvoidMixingCategories": st.sampled_from(["0", "20000000000000"]),
        "clubsGroups": st.sampled_from(["", "Alfa|Beta", "Alfa|Gamma;Beta|Delta"]),
        "paiSeMinimizeHandicap": st.sampled_from(["0", "3000000"]),
        "paiSeAvoidSameGeo": st.sampled_from(["0", "100000000000"]),
        "paiSePreferMMSDiffRatherThanSameCountry": st.integers(0, 3).map(str),
        "paiSePreferMMSDiffRatherThanSameClub": st.integers(0, 4).map(str),
        "paiStandardNX1Factor": st.sampled_from(["0.5", "0.0", "1.0", "0.37"]),
        "paiBaRandom": st.sampled_from(["0", "0", "1000"]),
        "hdBasedOnMMS": st.sampled_from(["true", "false"]),
    }
)


def _field_after(scheme: str, params: dict[str, str], size: int, played: int, seed: int) -> tuple[Log, int]:
    """A field of ``size`` players of all ranks, clubs and countries after ``played`` rounds
    paired by Tengen and given random results; the next round's number."""
    rng = random.Random(seed)
    log = Log(scheme, rounds=played + 2, **params)
    clubs, countries = ["Alfa", "Beta", "Gamma", "Delta", ""], ["RU", "UA", "DE"]
    for i in range(size):
        log.add(f"П{i}", rank=f"{rng.randint(1, 25)}k" if rng.random() < 0.8 else f"{rng.randint(1, 6)}d",
                club=rng.choice(clubs), country=rng.choice(countries))  # fmt: skip
    for number in range(1, played + 1):
        log.commit(actions.pair(log.state, rng, allow_repeats=True))
        for board in log.state.rounds[-1].boards:
            log.commit(actions.result(number, board.number, rng.choice(["W+", "B+", "W+", "both-lose"])))
    return log, played + 1


@settings(max_examples=150, deadline=None)
@given(
    scheme=st.sampled_from(["mcmahon", "swiss"]),
    params=PARAMS,
    size=st.integers(2, 40),
    played=st.integers(0, 3),
    seed=st.integers(0, 10**6),
)
def test_every_component_colour_and_handicap_is_the_old_one(
    scheme: str, params: dict[str, str], size: int, played: int, seed: int
) -> None:
    log, number = _field_after(scheme, params, size, played, seed)
    the_rules, sheets = sheets_after(log.state, number - 1)
    f = weigh_field(sheets, the_rules, number - 1, to_pair(log.state, number, sheets, the_rules))
    n = len(f.ids)
    a, b = (part.astype(np.int64) for part in np.triu_indices(n, k=1))
    rows = cost_components(f, a, b)
    for name, component in zip(COST_NAMES, old_costs.COMPONENTS, strict=True):
        assert [row[name] for row in rows] == component(f, a, b).tolist(), name
    assert np.array_equal(cost_matrix(f), old_costs.cost_matrix(f))
    both = (np.concatenate([a, b]), np.concatenate([b, a]))  # each pair both ways round
    assert np.array_equal(handicap(f, *both), old_costs.handicap(f, *both))
    assert np.array_equal(a_takes_white(f, *both), old_costs.a_takes_white(f, *both))


@settings(max_examples=80, deadline=None)
@given(params=PARAMS, size=st.integers(2, 60), played=st.integers(0, 3), seed=st.integers(0, 10**6))
def test_an_exact_whole_field_round_is_the_old_one_board_for_board(
    params: dict[str, str], size: int, played: int, seed: int
) -> None:
    log, number = _field_after("mcmahon", {**params, "paiBaRandom": "0", "exactWholeField": "true"}, size, played, seed)
    state = log.state
    pairing = MCMAHON.pair(state, number, random.Random(seed), None, allow_repeats=True)
    the_rules, sheets = sheets_after(state, number - 1)
    players = to_pair(state, number, sheets, the_rules)
    if len(players) % 2:
        players.remove(choose_bye(state, number, players, sheets))
    f = weigh_field(sheets, the_rules, number - 1, players)
    old = old_weighted.max_weight_perfect_matching(old_costs.cost_matrix(f))
    first, second = (np.array([pair[k] for pair in old], dtype=np.int64) for k in (0, 1))
    white = old_costs.a_takes_white(f, first, second).tolist()
    expected = {
        (players[i], players[j]) if w else (players[j], players[i]) for (i, j), w in zip(old, white, strict=True)
    }
    assert {(board.white, board.black) for board in pairing.boards} == expected
