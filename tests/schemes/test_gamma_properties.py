"""Gamma's pairing invariants over random fields and results (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemes.algorithms.matching.incremental import Matcher
from schemes.errors import InvalidEvent
from schemes.state.records import may_meet
from schemes.systems.gamma import levels_before, middle_out
from schemes.values.names import alphabetical_key
from tests.builders import Log
from tests.schemes.test_pairing import blind_dfs

CODES = ("W+", "B+", "W+F", "B+F", "both-lose")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_gamma_pairings_keep_every_rule(data: st.DataObject) -> None:
    size = data.draw(st.integers(2, 10), label="players")
    rounds = data.draw(st.integers(1, 6), label="rounds")
    cap = data.draw(st.integers(0, 9), label="cap")
    log = Log("gamma", rounds=rounds, handicap_cap=cap)
    ratings = data.draw(st.lists(st.integers(100, 2700), min_size=size, max_size=size))
    ids = [log.add(f"P{i}", rating=r) for i, r in enumerate(ratings)]
    for number in range(1, rounds + 1):
        for player in ids:
            if data.draw(st.integers(0, 9)) == 0:
                log.commit(("player_skips", {"player": player, "rounds": [number]}))
        state = log.state
        try:
            log.pair()
        except InvalidEvent as refused:
            assert "repeat game" in str(refused) or "at least 2" in str(refused)
            if "repeat game" in str(refused):
                playing = [p for p in ids if state.players[p].available_in(number)]
                can_meet = may_meet(state, number)
                assert not any(
                    Matcher([p for p in playing if p != bye], can_meet).perfect
                    for bye in (playing if len(playing) % 2 else [None])
                )
            return
        state = log.state
        played = state.round(number)
        playing = [p for p in ids if state.players[p].available_in(number)]
        seated = [p for b in played.boards for p in (b.white, b.black)] + list(played.byes)
        assert sorted(seated) == sorted(playing), "each participant on one board or the bye"
        assert len(played.byes) == len(playing) % 2
        earlier = {frozenset((b.white, b.black)) for r in state.rounds[:-1] for b in r.boards}
        assert not earlier & {frozenset((b.white, b.black)) for b in played.boards}, "no repeat games"
        levels = levels_before(state, number)
        top = played.extra["lowest_top_level"]
        for board in played.boards:
            assert 0 <= board.handicap <= cap
            if levels[board.white] >= top and levels[board.black] >= top:
                assert board.handicap == 0, "top-level players meet evenly"
        # the bye: the lowest without one, unless the others could then not all be paired
        had = {p for r in state.rounds[:-1] for p in r.byes}
        listed = sorted(
            playing,
            key=lambda p: (
                -levels[p],
                -state.players[p].sort_rating,
                alphabetical_key(state.players[p].surname, state.players[p].name),
            ),
        )
        if played.byes:
            bottom_up = [p for p in reversed(listed) if p not in had] + [p for p in reversed(listed) if p in had]
            can_meet = may_meet(state, number)
            first = next(p for p in bottom_up if Matcher([q for q in listed if q != p], can_meet).perfect)
            assert played.byes == (first,)
            listed.remove(first)

        # the pairing is the seed's depth-first answer (the greedy one whenever that completes)
        def candidates(chooser, remaining, levels=levels):
            same = [p for p in remaining if levels[p] == levels[chooser]]
            return middle_out(same) + [p for p in remaining if levels[p] < levels[chooser]]

        expected = blind_dfs(listed, candidates, may_meet(state, number))
        assert [
            (b.white, b.black) if (b.white, b.black) in expected else (b.black, b.white) for b in played.boards
        ] == expected
        for board in played.boards:
            log.result(number, board.number, data.draw(st.sampled_from(CODES)))
