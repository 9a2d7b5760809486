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
