"""Who is on no board of a round, and why (``registry.not_playing``): each kind its own list,
so a player OpenGotha left "not assigned" or registered in advance is never called a skip."""

import pytest

from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.registry import SCHEMES, not_playing
from tests.builders import Log


def test_each_player_off_the_boards_is_listed_once_with_his_reason() -> None:
    log = Log("mcmahon", 3)
    ids = [log.add(f"Игрок{i}", rank=f"{i + 1}k") for i in range(9)]
    log.commit(actions.skip(ids[5], [1]))
    log.commit(actions.withdraw(log.state, ids[3], 1))
    pre = log.add("Заранее", rank="5k", preregistered=True)
    log.commit(
        (
            "round_paired",
            {
                "round": 1,
                "boards": [
                    {"white": ids[0], "black": ids[1], "handicap": 0, "komi": 6.5, "nigiri": False},
                    {"white": ids[2], "black": ids[7], "handicap": 0, "komi": 6.5, "nigiri": False},
                ],
                "byes": [ids[4]],
                "extra": {},
                "order": sorted(p for p in [*ids, pre] if p != ids[3]),
                "as_recorded": True,  # as an OpenGotha file holds it: Игрок6 and Игрок8 on no board
            },
        )
    )
    assert not_playing(log.state, 1) == {
        "byes": [ids[4]],
        "walkovers": [],
        "waiting": [],
        "skips": [ids[5]],
        "in_advance": [pre],
        "not_assigned": [ids[6], ids[8]],
        "withdrawn": [ids[3]],
    }


def test_a_play_off_s_knocked_out_are_neither_skipping_nor_left_out() -> None:
    log = Log("playoff")
    for i in range(4):
        log.add(f"P{i}", rating=2000 + 10 * i)
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    log.pair()
    off = not_playing(log.state, 2)
    losers = [b.black for b in log.state.round(1).boards]
    assert off["skips"] == off["not_assigned"] == off["in_advance"] == [] and off["byes"] == []
    assert all(not log.state.round(2).board_of(p) for p in losers)


def test_a_confirmation_does_not_rewrite_the_rounds_paired_before_it() -> None:
    """Confirmed after round 1, he is still "registered in advance" in round 1 (he was moved
    to OpenGotha's "not assigned" there); from round 2 he is paired.  A confirmation that
    changes nothing, or a player who played put back in advance, is refused, not logged."""
    log = Log("mcmahon", 3)
    for i in range(4):
        log.add(f"P{i}", rating=2000 - 10 * i)
    late = log.add("Late", rating=1500, preregistered=True)
    log.pair()
    for board in (1, 2):
        log.result(1, board, "W+")
    log.commit(actions.edit(late, preregistered=False))
    assert not_playing(log.state, 1)["in_advance"] == [late] and not_playing(log.state, 1)["not_assigned"] == []
    log.pair()
    assert late in {p for b in log.state.round(2).boards for p in (b.white, b.black)} | set(log.state.round(2).byes)
    with pytest.raises(InvalidEvent, match="was not registered in advance: nothing to confirm"):
        log.commit(actions.edit(late, preregistered=False))
    with pytest.raises(InvalidEvent, match="has played: he cannot be registered in advance now"):
        log.commit(actions.edit(1, preregistered=True))


def test_every_scheme_has_a_title_in_every_language_but_english_and_a_unique_name() -> None:
    """English says the name the command line takes; every other language of the interface
    needs the registry's title (the catalogue holds no scheme names)."""
    from schemes.log.replay import LANGUAGES
    from schemes.registry import ENTRIES, SCHEMES

    assert [(name, sorted(e.titles)) for name, e in ENTRIES.items()] == [
        (name, sorted(set(LANGUAGES) - {"en"})) for name in ENTRIES
    ]
    assert all(e.scheme.name == name for name, e in ENTRIES.items())
    assert list(SCHEMES) == list(ENTRIES) and SCHEMES["fors"] is ENTRIES["fors"].scheme


def test_an_unknown_scheme_is_refused_naming_the_known() -> None:
    from schemes.registry import get_scheme

    with pytest.raises(InvalidEvent, match="unknown scheme 'chess': known are gamma, sport-handicap"):
        get_scheme("chess")


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_every_scheme_orders_a_field_of_nobody(scheme: str) -> None:
    """Standings before anyone registers (a referee looks at the table of a new event): an
    empty table, not a crash (sport-handicap, FORS and the round robin raised IndexError)."""
    from schemes.registry import get_scheme

    state = Log(scheme, rounds=None if scheme == "playoff" else 4).state  # a bracket counts its own
    assert get_scheme(scheme).standings(state, 0).rows == ()


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_every_scheme_refuses_to_pair_a_field_of_nobody_in_words(scheme: str) -> None:
    """Gamma's draw read the field before the check of its size: an empty event's pairing
    was a traceback (and killed the app's worker)."""
    log = Log(scheme, rounds=None if scheme == "playoff" else 4)
    with pytest.raises(InvalidEvent, match="at least 2|two players at least|nobody to pair"):
        log.pair()
    log.add("Один", rating=1500)
    try:  # one player: refused in words, or (OpenGotha's way) he has the bye
        log.pair()
    except InvalidEvent as refusal:
        assert "at least 2" in str(refusal) or "two players at least" in str(refusal)
    else:
        assert SCHEMES[scheme].traits.opengotha and log.state.round(1).byes == (1,)


def test_a_scheme_that_chooses_byes_says_whom() -> None:
    """``Traits.chooses_byes`` and ``ChoosesByes`` go together: a scheme whose pairing chooses
    the bye names him for the pairing question and the bye dialog (a review: two declarations
    of one thing, which nothing kept in step)."""
    from schemes.base.scheme import ChoosesByes
    from schemes.registry import SCHEMES

    assert {name: isinstance(s, ChoosesByes) for name, s in SCHEMES.items()} == {
        name: s.traits.chooses_byes for name, s in SCHEMES.items()
    }
