"""A round entered as it was paired on paper (``actions.as_played``): a referee moving a
paper tournament into Tengen pairs the round, then gives the paper's boards."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemes.errors import InvalidEvent, NeedsForce
from schemes.log import actions
from schemes.log.replay import replay
from schemes.registry import SCHEMES
from tests.builders import Log

FREE = tuple(name for name, scheme in SCHEMES.items() if not (scheme.traits.bracket or scheme.traits.scheduled))
"""The schemes whose pairing a paper could have made otherwise (a table or a bracket fixes it)."""


def _event(scheme: str, players: int, rounds: int) -> Log:
    log = Log(scheme, None if scheme in ("round-robin", "playoff") else 5)
    rng = random.Random(players)
    for i in range(players):
        log.add(f"Игрок{i:02d}", rating=rng.randint(100, 2600))
    for number in range(1, rounds + 1):
        log.commit(actions.pair(log.state, rng, allow_repeats=True))  # a small field meets again
        if number < rounds:
            for board in log.state.round(number).boards:
                log.result(number, board.number, rng.choice(["W+", "B+"]))
    return log


@given(scheme=st.sampled_from(FREE), players=st.integers(2, 13), rounds=st.integers(1, 3), seed=st.integers(0, 999))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_papers_boards_are_the_rounds_and_the_one_left_out_has_the_bye(
    scheme: str, players: int, rounds: int, seed: int
) -> None:
    """Whatever the paper paired, in whatever order: its boards, in its order, each player of
    the round once; the one left out sits out; the scheme seats each board (colours where
    its rules fix them); the log replays to the same state, and the standings are made."""
    log = _event(scheme, players, rounds)
    played = log.state.round(rounds)
    playing = [p for b in played.boards for p in (b.white, b.black)] + list(played.byes)
    random.Random(seed).shuffle(playing)
    pairs = list(zip(playing[0::2], playing[1::2], strict=False))
    try:
        log.commit(actions.as_played(log.state, rounds, pairs, force=True))
    except InvalidEvent as refused:  # the paper's pairing is the scheme's own
        assert "is paired so already" in str(refused)
        return
    now = log.state.round(rounds)
    assert [{b.white, b.black} for b in now.boards] == [set(pair) for pair in pairs]
    assert [b.number for b in now.boards] == list(range(1, len(pairs) + 1))
    assert list(now.byes) == playing[len(pairs) * 2 :]
    assert now.extra == played.extra  # what the scheme's pairing recorded stays
    assert replay(log.events) == log.state
    SCHEMES[scheme].standings(log.state, rounds)


def test_what_a_paper_cannot_hold_is_refused_in_words() -> None:
    log = _event("gamma", 7, 2)
    played = log.state.round(2)
    ids = [p for b in played.boards for p in (b.white, b.black)] + list(played.byes)
    a, b, c, d, e, f, g = ids
    with pytest.raises(InvalidEvent, match="appears twice in round 2"):
        actions.as_played(log.state, 2, [(a, b), (a, c), (d, e)])
    with pytest.raises(InvalidEvent, match="players numbered .* are on no board: one at most sits out"):
        actions.as_played(log.state, 2, [(a, b), (c, d)])
    with pytest.raises(InvalidEvent, match="only the latest round"):
        actions.as_played(log.state, 1, [(a, b), (c, d), (e, f)])
    met = log.state.round(1).boards[0]
    others = [p for p in ids if not met.has(p)]
    with pytest.raises(NeedsForce, match="met in round 1"):
        actions.as_played(log.state, 2, [(met.white, met.black), (others[0], others[1]), (others[2], others[3])])
    with pytest.raises(InvalidEvent, match="the bye typed is player .*, but the boards leave out"):  # a review:
        actions.as_played(log.state, 2, [(a, b), (c, d), (e, f)], bye=a)  # «1-0 1-3 …» dropped the «1-0» unsaid
    with pytest.raises(InvalidEvent, match="the bye typed is player"):
        actions.as_played(log.state, 2, [(a, b), (c, d), (e, f)], bye=next(iter(set(log.state.players) - set(ids)), 99))
    assert actions.as_played(log.state, 2, [(a, c), (b, d), (e, f)], force=True, bye=g)[1]["byes"] == [g]
    moved = [p for p in ids if p != played.byes[0]]  # the paper's bye another: asked (a trial's forgotten skip)
    pairs = [(played.byes[0], moved[0]), (moved[1], moved[2]), (moved[3], moved[4])]
    with pytest.raises(NeedsForce, match=f"sits out, where the pairing gave the bye to .*{played.byes[0]}"):
        actions.as_played(log.state, 2, pairs)
    log.result(2, 1, "W+")
    with pytest.raises(InvalidEvent, match="round 2 has results: undo them first"):
        actions.as_played(log.state, 2, [(g, f), (e, d), (c, b)])


def test_a_table_or_a_bracket_decides_who_meets_whom() -> None:
    for scheme in ("round-robin", "playoff"):
        log = _event(scheme, 4, 1)
        played = log.state.round(1)
        pairs = [(played.boards[0].white, played.boards[1].white), (played.boards[0].black, played.boards[1].black)]
        with pytest.raises(InvalidEvent, match="its table decides who meets whom"):
            actions.as_played(log.state, 1, pairs)
