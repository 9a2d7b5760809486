"""A latecomer's start value (Gamma's level, sport-handicap's strength, FORS's rank and
rating) is fixed by the pairing that first seats him, as round 1's draw fixes the field's: a
rating edited after he played rewrites none of his points or handicaps (README.md: late
registration; fors.md: «by the ranks at the start»)."""

from __future__ import annotations

import pytest

from schemes.log import actions
from schemes.registry import get_scheme
from tests.builders import Log


def with_latecomer(scheme: str) -> tuple[Log, int]:
    """Four players rated 2400…2100 play round 1; a 1k latecomer joins and plays round 2."""
    log = Log(scheme, rounds=4)
    for rating in (2400, 2300, 2200, 2100):
        log.add(f"S{rating}", rating=rating)
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    late = log.add("Late", rating=2000)
    log.pair()
    for board in log.state.round(2).boards:
        log.result(2, board.number, "W+")
    return log, late


def scores(log: Log, after: int) -> list[tuple[int, float, dict[str, float]]]:
    rows = get_scheme(log.state.settings.scheme).standings(log.state, after).rows
    return sorted((row.player, row.score, dict(row.tiebreaks)) for row in rows)


@pytest.mark.parametrize("scheme", ["gamma", "sport-handicap", "fors"])
def test_a_latecomers_rating_edited_after_he_played_changes_no_score(scheme: str) -> None:
    """A review: a FORS latecomer's start points went from −10 to +10, and his next handicap
    from 5 stones to 1, when his rating was corrected after his first game."""
    log, late = with_latecomer(scheme)
    before = scores(log, 2)
    assert str(late) in log.state.round(2).extra[{"gamma": "start_levels", "sport-handicap": "start_strengths",
                                                  "fors": "start_ranks"}[scheme]]  # fmt: skip
    log.commit(actions.edit(late, rating=2500))
    assert scores(log, 2) == before


def test_a_fors_latecomers_handicap_is_by_his_rank_at_the_start() -> None:
    """fors.md: the handicap of a pair is by the ranks at the start.  The latecomer came as 1k
    (2000) and was edited to 4d (2400): his round-3 games are given by 1k."""
    log, late = with_latecomer("fors")
    log.commit(actions.edit(late, rating=2400))
    log.pair()
    board = next(b for b in log.state.round(3).boards if late in (b.white, b.black))
    other = board.white if board.black == late else board.black
    start = {1: 2400, 2: 2300, 3: 2200, 4: 2100}[other]
    assert board.handicap == min((start - 2000) // 100, 9) and board.black == late
