"""The referee chooses who sits out an odd round (issue 24): ``actions.pair(bye=…)``.

The chosen player has the bye and the others are paired by the scheme's own rules; choosing
the player the scheme would choose gives its own games;
a scheme whose table or bracket fixes the byes refuses, and so does an even field."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemes.errors import InvalidEvent, NeedsForce
from schemes.log import actions
from schemes.registry import SCHEMES
from tests.builders import Log

CHOOSING = tuple(name for name, scheme in SCHEMES.items() if scheme.traits.chooses_byes)
"""The schemes whose pairing chooses the bye (the others' table or bracket fixes it)."""


def field(scheme: str, players: int, rounds_played: int, seed: int) -> Log:
    rng = random.Random(seed)
    log = Log(scheme, 5)
    for i in range(players):
        log.add(f"Игрок{i:02d}", rating=rng.randint(800, 2600))
    for number in range(1, rounds_played + 1):
        log.pair(seed=seed)
        for board in log.state.round(number).boards:
            log.result(number, board.number, rng.choice(("W+", "B+")))
    return log


def paired(log: Log, bye: int | None, seed: int = 3) -> dict:
    return actions.pair(log.state, random.Random(seed), bye=bye)[1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scheme=st.sampled_from(CHOOSING),
    players=st.sampled_from([5, 7, 9]),
    rounds_played=st.integers(0, 2),
    seed=st.integers(0, 1000),
    data=st.data(),
)
def test_the_chosen_player_sits_out_and_everyone_else_plays_once(scheme, players, rounds_played, seed, data) -> None:
    log = field(scheme, players, rounds_played, seed)
    own = paired(log, None)
    again = paired(log, own["byes"][0])
    if SCHEMES[scheme].traits.opengotha:
        # OpenGotha orders the tables of a bye given before pairing by scores that count it
        # (test_gotha_reference checks it board for board): the same games, maybe other tables
        assert sorted(map(str, again["boards"])) == sorted(map(str, own["boards"]))
        assert {**again, "boards": []} == {**own, "boards": []}
    else:
        assert again == own  # the scheme's own choice: its own pairing
    chosen = data.draw(st.sampled_from(sorted(log.state.players)), label="bye")
    data_ = paired(log, chosen)
    seated = [p for b in data_["boards"] for p in (b["white"], b["black"])]
    assert data_["byes"] == [chosen]
    assert sorted(seated + [chosen]) == sorted(log.state.players)
    log.commit(("round_paired", data_))  # and the rules accept it
    assert log.state.round(rounds_played + 1).byes == (chosen,)


def test_refused_where_the_pairing_cannot_choose() -> None:
    log = field("gamma", 6, 0, 1)
    with pytest.raises(InvalidEvent, match="even field"):
        paired(log, 1)
    with pytest.raises(InvalidEvent, match="unknown player 99"):
        paired(field("gamma", 5, 0, 1), 99)
    skipping = field("gamma", 5, 0, 1)
    skipping.commit(actions.skip(2, [1]))
    with pytest.raises(InvalidEvent, match="even field"):
        paired(skipping, 1)  # four play: no bye at all
    robin = Log("round-robin")
    for i in range(5):
        robin.add(f"P{i}", rating=2000 + i)
    with pytest.raises(InvalidEvent, match="round-robin: the table or the bracket decides who sits out"):
        paired(robin, 1)
    playoff = Log("playoff")
    for i in range(5):
        playoff.add(f"P{i}", rating=2000 + i)
    with pytest.raises(InvalidEvent, match="playoff: the table or the bracket decides who sits out"):
        paired(playoff, 1)


def test_a_second_bye_by_hand_needs_the_referees_word() -> None:
    log = field("fors", 5, 1, 7)
    first = log.state.round(1).byes[0]
    log.pair(seed=7)
    other = log.state.round(2).byes[0]
    with pytest.raises(NeedsForce) as refused:
        actions.swap(log.state, 2, other, first)
    reason = refused.value.fields["reason"]  # by his number on the boards and his name
    assert reason.template == "player {player} had a bye in round {round}"
    assert reason.fields["player"] == log.state.named(first) and log.state.named(first).number is not None
    kind, data = actions.swap(log.state, 2, other, first, force=True)
    assert data["byes"] == [first]


def test_a_swap_into_a_repeat_game_and_a_second_bye_asks_both_at_once() -> None:
    """A trial: a «yes» to «players 5 and 7 met in round 1» gave player 7 his second bye (a
    Gamma level) without a word.  The question names every reason, each player by his name."""
    log = Log("gamma", rounds=3)
    for rating in (2510, 2247, 2100, 1950, 1900, 1500, 952):
        log.add(f"P{rating}", rating=rating)
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "B+")
    log.pair()
    first, second = log.state.round(1).byes[0], log.state.round(2).byes[0]
    with pytest.raises(NeedsForce) as refused:
        actions.swap(log.state, 2, first, second)
    assert str(refused.value) == (
        "players 5 and 6 met in round 1; player 7 had a bye in round 1: add --force to pair them anyway"
    )  # the ids; an interface names each by number and name (``Named``): «№ 5 (P1900 X.)»
    met = refused.value.fields["reason"].fields["reason"]
    assert (met.fields["a"].number, met.fields["a"].name, met.fields["b"].number) == (5, "P1900 X.", 6)
    assert actions.swap(log.state, 2, first, second, force=True)[1]["byes"] == [first]
    seated = [board for board in log.state.round(2).boards if not {board.white, board.black} & {first, second}]
    log.result(2, seated[0].number, "W+")  # a FORS trial: «yes» to a question, then refused for the result
    with pytest.raises(InvalidEvent, match=f"board {seated[0].number} of round 2 has a result: undo it first"):
        actions.swap(log.state, 2, seated[0].white, first)


@pytest.mark.parametrize("scheme", CHOOSING)
@pytest.mark.parametrize("rounds_played", [0, 2])
def test_those_who_may_sit_out_are_offered_in_the_order_of_the_standings(scheme: str, rounds_played: int) -> None:
    """The list reads as the table, the leader first, players sharing a place strongest first,
    so the bottom, where byes go, is the weakest so far (in registration order it could be the
    leader; before round 1 a Swiss field shares one place, listed by name, and a referee's
    trial found a 9d at the bottom)."""
    from schemes.registry import get_scheme

    log = field(scheme, 7, rounds_played, seed=5)
    state = log.state
    chosen = actions.bye_to_choose(state)
    offered = [player for player, _place in chosen]
    rows = get_scheme(scheme).standings(state, rounds_played).rows
    assert sorted(chosen) == sorted((row.player, row.place) for row in rows)  # each with his place
    first = {}
    at = {row.player: first.setdefault(row.place, i) if row.place else i for i, row in enumerate(rows)}
    assert sorted(offered) == sorted(state.players)
    assert offered == sorted(offered, key=lambda p: (at[p], -state.players[p].sort_rating))
    if rounds_played == 0:  # nobody has played: the weakest at the bottom, the strongest on top
        by_rating = sorted(offered, key=lambda p: -state.players[p].sort_rating)
        assert (offered[0], offered[-1]) == (by_rating[0], by_rating[-1])
    assert offered != sorted(offered)  # the registration order is another (or the test tells nothing)
