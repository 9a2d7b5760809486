"""FORS invariants over random fields, blocks and results (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemes.errors import InvalidEvent
from schemes.state.records import may_meet
from schemes.systems.fors import ranking, totals
from tests.builders import Log
from tests.schemes.test_pairing import blind_dfs

CODES = ("W+", "B+", "draw", "W+F", "B+F", "both-lose")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fors_rules_hold(data: st.DataObject) -> None:
    size = data.draw(st.integers(2, 10), label="players")
    rounds = data.draw(st.integers(1, 6), label="rounds")
    log = Log("fors", rounds=rounds, handicap_cap=data.draw(st.integers(0, 9)))
    ids = []
    for i in range(size):
        block = data.draw(st.lists(st.sampled_from(ids), max_size=1)) if ids else []
        ids.append(log.add(f"P{i}", rating=data.draw(st.integers(100, 2700)), block=block))
    for number in range(1, rounds + 1):
        before = log.state
        try:
            log.pair()
        except InvalidEvent as refused:
            assert "repeat game" in str(refused)
            break
        played = log.state.round(number)
        seated = [p for b in played.boards for p in (b.white, b.black)] + list(played.byes)
        assert sorted(seated) == sorted(ids)
        for board in played.boards:
            players = log.state.players
            assert board.black not in players[board.white].block and board.white not in players[board.black].block
        places, _, _ = ranking(before, number - 1)
        listed = [p for _, p in places if p not in played.byes]
        expected = blind_dfs(listed, lambda chooser, remaining: remaining, may_meet(log.state, number))
        assert [frozenset((b.white, b.black)) for b in played.boards] == [frozenset(p) for p in expected]
        for board in played.boards:
            log.result(number, board.number, data.draw(st.sampled_from(CODES)))
        earned_before = totals(before, number - 1)
        for p, t in totals(log.state, number).items():
            assert t.earned >= earned_before[p].earned
    pairs = [frozenset((b.white, b.black)) for r in log.state.rounds for b in r.boards]
    assert len(pairs) == len(set(pairs)), "no repeat games"
