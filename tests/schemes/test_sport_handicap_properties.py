"""Sport-handicap invariants over random fields and results (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemes.errors import InvalidEvent
from schemes.state.records import may_meet
from schemes.systems.sport_handicap import SPORT_HANDICAP, cards, handicap_for
from tests.builders import Log
from tests.schemes.test_pairing import blind_dfs

CODES = ("W+", "B+", "draw", "W+F", "B+F", "both-lose")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_sport_handicap_rules_hold(data: st.DataObject) -> None:
    size = data.draw(st.integers(2, 10), label="players")
    rounds = data.draw(st.integers(1, 7), label="rounds")
    log = Log("sport-handicap", rounds=rounds)
    ids = [log.add(f"P{i}", rating=data.draw(st.integers(100, 2700))) for i in range(size)]
    for number in range(1, rounds + 1):
        if data.draw(st.booleans()):
            log.commit(("player_skips", {"player": data.draw(st.sampled_from(ids)), "rounds": [number]}))
        before = log.state
        try:
            log.pair()
        except InvalidEvent as refused:
            assert "repeat game" in str(refused) or "at least 2" in str(refused)
            break
        played = log.state.round(number)
        playing = [p for p in ids if before.players[p].available_in(number)]
        strength = {p: c.strength for p, c in cards(log.state, number - 1).items()}
        seated = [p for b in played.boards for p in (b.white, b.black)] + list(played.byes)
        assert sorted(seated) == sorted(playing)
        listed = sorted(playing, key=lambda p: (-strength[p], p))
        for bye in played.byes:
            listed.remove(bye)
        expected = blind_dfs(listed, lambda chooser, remaining: remaining, may_meet(log.state, number))
        assert [(b.white, b.black) for b in played.boards] == expected, "top-down, white on top"
        for board in played.boards:
            x = strength[board.white] - strength[board.black]
            stones, komi = handicap_for(x)
            assert x >= 0 and board.komi == komi + 0.5 and board.handicap == (stones if stones > 1 else 0)
            log.result(number, board.number, data.draw(st.sampled_from(CODES)))
    done = log.state.paired_rounds
    table = cards(log.state, done)
    for card in table.values():
        assert all(b >= a for a, b in zip(card.strengths, card.strengths[1:], strict=False)), "strength never decreases"
        assert all(p in (0, 5) or (p % 10 == 0 and p > 0) for p in card.points)
    earlier = [frozenset((b.white, b.black)) for r in log.state.rounds for b in r.boards]
    assert len(earlier) == len(set(earlier)), "no repeat games"
    rows = SPORT_HANDICAP.standings(log.state, done).rows
    assert [r.score for r in rows] == sorted((r.score for r in rows), reverse=True)
