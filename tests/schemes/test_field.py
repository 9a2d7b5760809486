"""Who is of the field: a player withdrawn before he was ever seated has no row and no place
in the seed schemes' standings, and nobody's place moves for him."""

from __future__ import annotations

import pytest

from schemes.log import actions
from schemes.registry import get_scheme
from tests.builders import Log


@pytest.mark.parametrize("scheme", ["gamma", "sport-handicap", "fors", "round-robin"])
def test_a_player_withdrawn_before_the_draw_has_no_place(scheme: str) -> None:
    """A review: «Сильный», withdrawn from round 1, was ranked 1st in sport-handicap by his
    start points (and each round's withdrawal pay), 5th in Gamma, and the rating table's
    places began at 2."""
    log = Log(scheme, rounds=None if scheme == "round-robin" else 2)
    strong = log.add("Сильный", rating=2500)
    others = [log.add(f"Игрок{i}", rating=2000 - 100 * i) for i in range(1, 5)]
    log.commit(actions.withdraw(log.state, strong, 1))
    standings = get_scheme(scheme).standings
    assert [row.player for row in standings(log.state, 0).rows if row.player == strong] == []
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    rows = standings(log.state, 1).rows
    assert sorted(row.player for row in rows) == others
    assert rows[0].place.split("-")[0] == "1" and strong not in log.state.numbers


@pytest.mark.parametrize("scheme", ["gamma", "sport-handicap", "fors", "round-robin"])
def test_a_withdrawal_announced_for_a_later_day_keeps_him_in_the_draw(scheme: str) -> None:
    """A review: withdrawn from round 3 before round 1 was paired (he leaves after day 1), a
    FORS player was left out of round 1's field, and its pairing refused («player 3 is left
    out of round 1»); Gamma hid him from the start list.  He plays rounds 1 and 2, has his row
    all along, and leaves no row behind only where he was never seated."""
    log = Log(scheme, rounds=None if scheme == "round-robin" else 4)
    ids = [log.add(f"Игрок{i}", rating=2400 - 100 * i) for i in range(1, 7)]
    log.commit(actions.withdraw(log.state, ids[2], 3))
    standings = get_scheme(scheme).standings
    assert ids[2] in {row.player for row in standings(log.state, 0).rows}
    log.pair()
    assert any(board.has(ids[2]) for board in log.state.round(1).boards) or ids[2] in log.state.round(1).byes
    assert not log.state.never_played(ids[2])
