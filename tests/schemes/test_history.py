import random
from dataclasses import replace

import pytest

from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.log.events import standing
from schemes.log.history import append, append_all, check_undoable, redo_target
from schemes.log.replay import replay
from schemes.registry import get_scheme
from tests.builders import Log, round_robin


def test_undo_retracts_the_last_action_and_redo_restores_it() -> None:
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    before = log.state
    log.result(1, 2, "W+")
    after = log.state
    log.undo()
    assert log.state == before
    log.redo()
    assert log.state == after
    assert len(log.events) == 1 + 4 + 1 + 1 + 2, "undo and redo append, never delete"


def test_undo_twice_then_redo_twice() -> None:
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 1, "W+")
    log.result(1, 2, "B+")
    full = log.state
    log.undo()
    log.undo()
    assert not log.state.round(1).results
    log.redo()
    assert dict(log.state.round(1).results).keys() == {1}
    log.redo()
    assert log.state == full
    with pytest.raises(InvalidEvent, match="nothing to redo"):
        log.redo()


def test_a_new_action_ends_the_redo_chain() -> None:
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 1, "W+")
    log.undo()
    log.result(1, 1, "B+")
    with pytest.raises(InvalidEvent, match="nothing to redo"):
        log.redo()


def test_a_result_is_not_brought_back_onto_a_round_paired_again() -> None:
    """Its board may be other players' now: it stays where it was entered, on the pairing
    undone, and bringing it back is refused."""
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    paired = log.events[-1].id
    log.result(1, 1, "W+")
    taken_back = log.undo().event.id
    log.undo(paired)
    log.pair()
    with pytest.raises(InvalidEvent, match="round 1 is not paired"):
        log.undo(taken_back)
    assert log.state.round(1).results == {}


def test_a_laptop_enrolled_after_an_undo_leaves_the_redo_there() -> None:
    """A review: the chief's laptop writes a helper's enrolment, and that ended its redo chain
    as a new entry would; an enrolment is no entry of the referee's (undo passes over it too)."""
    from dataclasses import replace

    from schemes.log import events as ev

    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 1, "W+")
    log.undo()
    undone = log.events[-1]
    enrolled = replace(undone, id=undone.id + 1, kind=ev.DEVICE_ENROLLED, data={"device": "x"})
    assert redo_target([*log.events, enrolled]) == undone


def test_pairing_cannot_be_undone_under_its_results() -> None:
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 2, "W+")
    pairing = log.events[-2].id
    with pytest.raises(InvalidEvent, match="round 1 has results on board 2"):
        log.undo(pairing)
    log.undo()
    log.undo()
    assert log.state.paired_rounds == 0


def fors_of(players: int) -> Log:
    log = Log("fors", rounds=3)
    for i in range(players):
        log.add(f"P{i}", rating=2000 - 100 * i)
    return log


def test_correcting_an_earlier_result_warns_that_later_rounds_used_the_old_one() -> None:
    log = fors_of(4)
    log.pair()
    log.result(1, 1, "W+")
    log.result(1, 2, "W+")
    log.pair()
    corrected = log.result(1, 1, "B+")
    assert tuple(map(str, corrected.warnings)) == ("round 2 was paired with the old result of round 1",)
    assert log.state.round(1).results[1].code == "B+"
    # undoing the correction is allowed too: the first entry stands again, the one round 2 was
    # paired with, so nothing is said (a trial read the same warning again as an alarm)
    assert log.undo().warnings == ()
    assert log.state.round(1).results[1].code == "W+"


def test_a_correction_under_several_later_rounds_names_them_all() -> None:
    log = fors_of(6)
    for number in (1, 2, 3):
        log.pair()
        for board in (1, 2, 3):
            log.result(number, board, "W+")
    corrected = log.result(1, 2, "B+")
    assert tuple(map(str, corrected.warnings)) == (
        "rounds 2-3 were paired with the old result of round 1",
    )  # not «round 2-3 was»


def test_a_round_robins_correction_warns_of_no_later_round() -> None:
    """The Berger table pairs without results: «round 2 was paired with the old result» said
    nothing true (a round robin's postponed game, entered after round 2, warned so too)."""
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 1, "W+")
    log.result(1, 2, "W+")
    log.pair()
    assert log.result(1, 1, "B+").warnings == ()


def test_a_time_control_not_rated_is_said_at_the_creation() -> None:
    """rating-table.md: computed from the time control entered at creation, and warned of,
    for the app's form as for the command line (a review: the form's creation said nothing)."""
    said = append_all([], [actions.create("К", "gamma", 3, time="30")], "2026-12-07T10:00:00").warnings
    assert [str(w) for w in said] == ["30 is under 60 effective minutes: the event would not be rated"]
    assert append_all([], [actions.create("К", "gamma", 3, time="40+5/15")], "2026-12-07T10:00:00").warnings == ()
    assert append_all([], [actions.create("К", "gamma", 3)], "2026-12-07T10:00:00").warnings == ()  # none given


def test_a_time_control_changed_to_one_not_rated_is_said() -> None:
    """A trial changed the time to 30 minutes and was not told the event would not be rated,
    which the creation says (rating-table.md: the program warns)."""
    log = Log("gamma", rounds=2)
    assert log.commit(actions.change_settings(time="40+5/15")).warnings == ()  # 40 + 20: rated
    said = [str(w) for w in log.commit(actions.change_settings(time="30+30sx3", komi="7.5")).warnings]
    assert said == ["30+30sx3 is under 60 effective minutes: the event would not be rated"]


def test_a_komi_changed_during_the_event_says_which_rounds_it_is_for() -> None:
    """The boards paired keep their komi (the new one is for the rounds paired from now on):
    said when it is changed, not left to be guessed; before the draw there is nothing to say."""
    log = Log("gamma", rounds=2)
    for i, rank in enumerate(("2d", "1d", "1k", "2k"), start=1):
        log.add(f"P{i}", rank=rank)
    assert log.commit(actions.change_settings(komi="7.5")).warnings == ()
    log.pair()
    first = log.state.round(1)
    changed = log.commit(actions.change_settings(komi="0.5"))
    assert tuple(map(str, changed.warnings)) == ("komi 0.5 from round 2 on; the rounds paired keep the komi they had",)
    assert log.state.round(1) == first
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    log.pair()
    changed = log.commit(actions.change_settings(komi="6.5", name="Кубок"))
    assert tuple(map(str, changed.warnings)) == (
        "every round is paired: their boards keep their komi, the new komi changes none",
    )
    assert log.commit(actions.change_settings(name="Кубок 2")).warnings == ()


def test_a_rank_changed_after_the_draw_says_what_it_changes() -> None:
    """McMahon's start score follows the rank (OpenGotha's), Gamma's level was fixed at the
    draw: each edit says which, and an edit of anything but the rank, or before the draw,
    says nothing."""
    mcmahon, gamma = Log("mcmahon", rounds=3), Log("gamma", rounds=3)
    for log in (mcmahon, gamma):
        for i, rank in enumerate(("2d", "1d", "1k", "2k"), start=1):
            log.add(f"P{i}", rank=rank)
        assert log.commit(actions.edit(3, rank="2k")).warnings == ()  # before the draw: nothing to say
        log.pair()
        assert log.commit(actions.edit(3, club="Мск")).warnings == ()
    changed = mcmahon.commit(actions.edit(3, rank="1d"))
    assert tuple(map(str, changed.warnings)) == (
        "player 3: the new rank makes his score 30 (it was 28)",
    )  # 2k: 28, 1d: 30
    changed = gamma.commit(actions.edit(3, rank="1d"))
    assert tuple(map(str, changed.warnings)) == ("player 3: the new rank changes no score; it shows on the paperwork",)


def test_undoing_a_result_that_a_later_pairing_needs_is_refused() -> None:
    """Refused with the way out (a trial read «так нарушится запись 42 …: 1-й тур не закончен»
    and did not know what to do): a new result on the board replaces it."""
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    log.result(1, 1, "W+")
    first = log.events[-1].id
    log.result(1, 2, "W+")
    log.pair()
    with pytest.raises(InvalidEvent) as refused:
        log.undo(first)
    assert str(refused.value) == (
        "round 2 was paired after this result: to correct it, enter the new result on board 1 of round 1 (it "
        "replaces this one)"
    )
    with pytest.raises(InvalidEvent, match="round 2 was paired after this result"):  # before the app's question
        check_undoable(log.events, first)
    log.result(1, 1, "B+")  # the way out: accepted
    assert log.state.round(1).results[1].code == "B+"


def test_undo_of_any_given_event() -> None:
    log, ids = round_robin([2000, 1900, 1800])
    registration = log.events[2].id  # player 2
    edited = log.commit(actions.edit(ids[0], club="Mos")).event.id
    log.undo(registration)
    assert ids[1] not in log.state.players and log.state.players[ids[0]].club == "Mos"
    with pytest.raises(InvalidEvent, match="already undone"):
        log.undo(registration)
    with pytest.raises(InvalidEvent, match="no event 99"):
        log.undo(99)
    with pytest.raises(InvalidEvent, match="creation of the tournament"):
        log.undo(1)
    assert edited in [e.id for e in standing(log.events)]


def test_player_ids_are_never_reused() -> None:
    log, ids = round_robin([2000, 1900])
    log.undo()
    assert log.add("New", rating=1500) == 3


def test_nothing_to_undo_on_a_fresh_tournament() -> None:
    log = Log()
    with pytest.raises(InvalidEvent, match="nothing to undo"):
        log.undo()


def test_replay_equals_the_incremental_state() -> None:
    log, ids = round_robin([2000, 1900, 1800, 1700, 1600])
    log.pair()
    log.result(1, 1, "W+")
    log.undo()
    log.redo()
    assert replay(log.events) == log.state


def test_a_list_of_actions_is_appended_in_its_length_not_its_square(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: 4,000 rows of a registration list took 10.7 s and 666 MB — each registration
    copied the table of players, and every state in between was kept.  Now a run of
    registrations is applied at once (the table built once), a run of one round's results
    likewise, and only the last state is kept; each is still checked as ``apply`` checks it."""
    from schemes.log import replay as replay_module

    copies: list[int] = []
    real = replay_module._registered
    monkeypatch.setattr(replay_module, "_registered", lambda state, run: copies.append(len(run)) or real(state, run))
    first = append([], *actions.create("Cup", "mcmahon", 3), "")
    profiles = [{"surname": f"P{i}", "name": "N", "rating": 100 + i % 2_000} for i in range(3_000)]
    batch = append_all([first.event], actions.registrations([first.event], profiles), "", first.state)
    assert copies == [3_000], "one table of players for the whole list"
    assert len(batch.state.players) == 3_000 and [e.id for e in batch.events] == list(range(2, 3_002))
    assert batch.state == replay([first.event, *batch.events])
    profiles[1_500] = {"surname": "P1500", "name": "N", "rating": 1000, "block": [99_999]}
    with pytest.raises(InvalidEvent, match="unknown player 99999"):
        append_all([first.event], actions.registrations([first.event], profiles), "", first.state)


def test_a_batch_warns_as_its_events_one_by_one_would() -> None:
    """A result changed under a later round warns; a result entered before the round after
    it is paired in the same batch (an imported file) does not."""
    log = Log("fors", 3)
    for i in range(4):
        log.add(f"P{i}", rating=2000 - 10 * i)
    log.pair()
    one = actions.result(1, 1, "W+"), actions.result(1, 2, "B+")
    scored = append_all(log.events, list(one), "", log.state).state
    batch = append_all(log.events, [*one, actions.pair(scored, random.Random(1))], "", log.state)
    assert batch.warnings == ()
    for event in batch.events:
        log.events.append(event)
    again = append_all(log.events, [actions.result(1, 1, "B+"), actions.result(1, 2, "W+")], "", batch.state)
    assert [str(w) for w in again.warnings] == ["round 2 was paired with the old result of round 1"] * 2


def test_the_bracket_is_paired_again_only_for_what_can_change_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review: a hall's merge of 100 player edits to a 128-player play-off took 4.0 s, every
    round paired again for each.  A name, rank or rating edit, and a title, reach no round (the
    seeds are round 1's numbers); a skip every round."""
    from schemes.log import history
    from tests.schemes.test_playoff import field, win

    log, ids = field(8)
    log.pair()
    win(log, 1, ids, {1, 2, 3, 4})
    log.pair()
    asked: list[int] = []
    checked = history.bracket_faults
    monkeypatch.setattr(history, "bracket_faults", lambda state, first=1: asked.append(first) or checked(state, first))
    log.commit(actions.edit(ids[7], rating=2600, surname="Новый"))
    log.commit(actions.change_settings(name="Кубок города"))
    assert asked == []
    log.commit(actions.skip(ids[0], [3]))
    assert asked == [1]


def test_a_numbered_players_registration_is_not_undone_but_a_later_ones_is() -> None:
    """A trial undid a registration from the log after round 1 and read «every player must be in
    the numbering exactly once».  Said before any question, with the way out; a latecomer not
    paired yet is undone as before."""
    log, ids = round_robin([2000, 1900, 1800, 1700])
    log.pair()
    registration = next(e.id for e in log.events if e.kind == "player_registered" and e.data["player"] == ids[3])
    with pytest.raises(InvalidEvent, match=rf"^player {ids[3]} is in a pairing: his registration cannot "
                                           "be undone; withdraw him instead$"):  # fmt: skip
        check_undoable(log.events, registration)
    with pytest.raises(InvalidEvent, match="is in a pairing"):  # the undo itself alike
        log.undo(registration)
    gamma = Log("gamma", 3)
    for rating in (2000, 1900):
        gamma.add(f"И{rating}", rating=rating)
    gamma.pair()
    late = gamma.add("Поздний", rating=1500)
    latest = gamma.events[-1].id
    check_undoable(gamma.events, latest)
    gamma.undo(latest)
    assert late not in gamma.state.players


def test_parameters_that_count_the_played_rounds_anew_say_so() -> None:
    """A trial moved McMahon's bar after five rounds: the winner's score changed, and the
    paper printed before no longer matched, with no word.  A weight of the pairing changes no
    standings and says nothing; nor does a change before round 1; a change of tie-breaks alone,
    and the undo and the redo of a change, say it too (a review)."""
    from tests.builders import played

    said = "the standings after round 2 are counted anew with the parameters: the paper printed before is out of date"
    log = played("mcmahon", 12, 2)
    assert log.commit(actions.change_params(log.state, {"paiStandardNX1Factor": "0.6"})).warnings == ()
    assert [str(n) for n in log.commit(actions.change_params(log.state, {"genMMBar": "5K"})).warnings] == [said]
    assert [str(n) for n in log.undo().warnings] == [said]
    assert [str(n) for n in log.commit(actions.redo(log.events)).warnings] == [said]
    odd = played("mcmahon", 13, 3)  # byes: their value moves the opponents' SOS, not only the scores
    before = {r.player: r.score for r in get_scheme("mcmahon").standings(odd.state, 3).rows}
    warned = odd.commit(actions.change_params(odd.state, {"genCountNotPlayedGamesAsHalfPoint": "true"})).warnings
    after = {r.player: r.score for r in get_scheme("mcmahon").standings(odd.state, 3).rows}
    assert before == after and [str(n) for n in warned] == [said.replace("round 2", "round 3")]
    fresh = Log("mcmahon", 3)
    fresh.add("A", rank="1d")
    assert fresh.commit(actions.change_params(fresh.state, {"genMMBar": "5K"})).warnings == ()
    going = Log("mcmahon", 3)
    for i in range(6):
        going.add(f"И{i}", rank=f"{i + 1}k")
    for number in (1, 2):
        going.pair()
        for board in going.state.round(number).boards:
            going.result(number, board.number, "W+")
    going.pair()  # round 3 paired, no result in: the standings printed are those after round 2 (a trial)
    assert [str(n) for n in going.commit(actions.change_params(going.state, {"genMMBar": "3K"})).warnings] == [said]


def test_a_registration_undo_names_the_way_out_in_a_play_off_and_once_every_round_is_paired() -> None:
    """A review: a play-off's bracket check spoke first («every player must be in the numbering
    exactly once»); and «withdraw him» was no way out once every round was paired."""
    from tests.schemes.test_playoff import field

    cup, seeds = field(4)
    cup.pair()
    registration = next(e.id for e in cup.events if e.kind == "player_registered" and e.data["player"] == seeds[0])
    with pytest.raises(
        InvalidEvent, match=r"is in a pairing: his registration cannot be undone; withdraw him instead$"
    ):
        check_undoable(cup.events, registration)
    short = Log("fors", 1)
    for rating in (2000, 1900, 1800, 1700):
        short.add(f"И{rating}", rating=rating)
    short.pair()
    with pytest.raises(InvalidEvent, match=r"every round is paired: his registration cannot be undone; record his "
                                           r"games as forfeits$"):  # fmt: skip
        check_undoable(short.events, 2)


def test_a_changed_list_of_criteria_reads_as_its_items() -> None:
    """A trial: «placementCriteria ['MMS', 'SOSM', …]» — Python's list, not the referee's words."""
    from schemes.log.history import describe

    log = Log("mcmahon", rounds=4)
    log.commit(actions.change_params(log.state, {"placementCriteria": "MMS,SOSM,SODOSM"}))
    assert describe(log.events[-1]) == "settings changed: placementCriteria MMS,SOSM,SODOSM"


def test_a_pairing_under_many_results_names_them_in_runs() -> None:
    """A trial of 700 players: the refusal listed 214 board numbers, one by one."""
    from schemes.log import events as ev
    from tests.builders import played

    log = played("swiss", 16, 1)
    pairing = next(e.id for e in log.events if e.kind == ev.ROUND_PAIRED)
    with pytest.raises(InvalidEvent) as refused:
        log.undo(pairing)
    assert str(refused.value) == "round 1 has results on board 1–8: undo them before its pairing"


def test_a_pairing_changed_by_hand_names_the_changes_to_undo_first() -> None:
    """A trial undid round 2's pairing after two swaps and read «only the latest round (1) can
    be changed by hand», as if manual changes were forbidden: the changes are named, to undo
    first, and once undone the pairing is undone."""
    from schemes.log import events as ev

    log = Log("gamma", rounds=3)
    for i in range(6):
        log.add(f"Игрок{i}", rating=2400 - 100 * i)
    log.pair()
    first, second, third = (board.white for board in log.state.round(1).boards)
    pairing = next(e.id for e in log.events if e.kind == ev.ROUND_PAIRED)
    log.commit(actions.swap(log.state, 1, first, second, force=True))
    log.commit(actions.swap(log.state, 1, second, third, force=True))
    with pytest.raises(InvalidEvent) as refused:
        log.undo(pairing)
    assert str(refused.value) == (
        "round 1 was changed by hand after its pairing (entries 9, 10): undo those changes first, the latest first"
    )
    log.undo()
    log.undo()
    log.undo(pairing)
    assert log.state.paired_rounds == 0


@pytest.mark.parametrize("seed", range(12))
def test_a_results_board_is_seated_as_it_was_when_the_result_was_entered(seed: int) -> None:
    """A trial: after a result undone and its round entered from paper, the log named the old
    result by the players seated there now.  Whatever results, undos, redos, swaps and rounds
    from paper the log holds, each result's board is the one a replay up to it seats."""
    from schemes.errors import NeedsForce
    from schemes.log import events as ev
    from schemes.log.history import seated_when_entered, undo_target

    rng = random.Random(seed)
    log = Log("gamma", rounds=3)
    for i in range(6):
        log.add(f"Игрок{i}", rating=2400 - 100 * i)
    log.pair()
    for _ in range(30):
        state, kind = log.state, rng.choice(["result", "result", "undo", "redo", "swap", "paper"])
        played = state.round(state.paired_rounds)
        if played is None:  # the pairing undone: paired again
            log.pair()
            continue
        ids = [p for b in played.boards for p in (b.white, b.black)] + list(played.byes)
        try:
            if kind == "result":
                log.result(played.number, rng.choice(played.boards).number, rng.choice(["W+", "B+"]))
            elif kind == "undo":
                log.commit(actions.undo(undo_target(log.events).id))
            elif kind == "redo":
                log.redo()
            elif kind == "swap":
                log.commit(actions.swap(state, played.number, *rng.sample(ids, 2), force=True))
            else:
                rng.shuffle(ids)
                pairs = list(zip(ids[0::2], ids[1::2], strict=False))
                log.commit(actions.as_played(state, played.number, pairs, force=True))
        except (InvalidEvent, NeedsForce):
            continue
    seats = seated_when_entered(log.events)
    unsaid = [  # as written before a result said its players: found by the walk of the log
        replace(e, data={k: v for k, v in e.data.items() if k not in ev.GAME}) for e in log.events
    ]
    walked = seated_when_entered(unsaid)
    results = [e for e in log.events if e.kind == ev.RESULT_RECORDED]
    assert results
    for result in results:
        before = replay(log.events[: result.id - 1])
        board = before.round(result.data["round"]).board(result.data["board"])
        assert seats[result.id] == walked[result.id] == (board.white, board.black)
        assert {k: result.data[k] for k in ev.GAME} == board.game


def test_a_result_says_its_game_and_counts_on_it_alone() -> None:
    """A result records the game its board seats (``history.seated``: the players with their
    colours, the handicap, the komi), and the replay scores it on that game alone: where its
    board seats others, the same the other way round, or other stones or komi (a hall's laptop
    that had not seen a change of the board), it is refused; half a game is no event."""
    log = Log("mcmahon", rounds=3)
    for i in range(4):
        log.add(f"Игрок{i}", rank=f"{i + 1}k")
    log.pair()
    one, two = log.state.round(1).boards
    typed = log.result(1, 1, "W+").event
    assert typed.data == {"round": 1, "board": 1, "code": "W+", "white": one.white, "black": one.black,
                          "handicap": one.handicap, "komi": one.komi}  # fmt: skip
    for other in ({"white": one.black, "black": one.white}, {"black": two.black}, {"handicap": one.handicap + 2},
                  {"komi": one.komi + 1}):  # fmt: skip
        with pytest.raises(InvalidEvent, match="the result was entered on another pairing of round 1: enter it on"):
            replay([*log.events[:-1], replace(typed, data={**typed.data, **other})])
    half = {k: v for k, v in typed.data.items() if k != "komi"}
    with pytest.raises(InvalidEvent, match="result_recorded: the game is given whole: white, black, handicap, komi"):
        append(log.events[:-1], "result_recorded", half, "", None)


def test_a_batch_seats_each_result_on_the_boards_the_events_before_it_leave() -> None:
    """Results of a round paired before are seated on the state the batch was given; a batch
    pairing a round and entering its results at once (as an import does), on the round it pairs."""
    log = Log("mcmahon", rounds=3)
    for i in range(4):
        log.add(f"Игрок{i}", rank=f"{i + 1}k")
    log.pair()
    first = append_all(log.events, [actions.result(1, 2, "B+"), actions.result(1, 1, "W+")], "", log.state)
    boards = log.state.round(1).boards
    assert [{k: e.data[k] for k in boards[0].game} for e in first.events] == [boards[1].game, boards[0].game]
    log.result(1, 1, "W+")
    log.result(1, 2, "B+")
    pairing = actions.pair(log.state, random.Random(1))
    batch = append_all(log.events, [pairing, actions.result(2, 2, "B+"), actions.result(2, 1, "W+")], "", log.state)
    paired = batch.state.round(2).boards
    assert [{k: e.data[k] for k in paired[0].game} for e in batch.events[1:]] == [paired[1].game, paired[0].game]


def test_the_undo_of_the_undo_of_a_change_by_hand_is_refused_under_a_result_entered_since() -> None:
    """An attack: colours changed by hand on board 2, the change undone, board 2's result
    entered, then the undo undone (``tengen undo N``): the change came back under the result,
    and the win went to the other player, unsaid.  As the change itself is undone only where
    its boards have no result, so it is brought back."""
    log = Log("mcmahon", rounds=3)
    for i in range(1, 5):
        log.add(f"P{i}", rank=f"{i}k")
    log.pair()
    board = log.state.round(1).boards[1]
    assert board.handicap == 0  # an even game: its colours can be changed
    changed = log.commit(actions.colours(log.state, 1, board.number, board.black)).event
    undone = log.undo(changed.id).event
    log.result(1, board.number, "W+")
    with pytest.raises(InvalidEvent, match=f"board {board.number} of round 1 has a result"):
        check_undoable(log.events, undone.id)
    check_undoable(log.events, log.events[-1].id)  # the result itself may go
