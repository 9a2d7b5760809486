"""Laptops that share a tournament (``../shared/spec/hall.md``): whatever each one makes and
whenever they sync, once all have synced they hold one log and one state; an entry is never
lost (it is in the log, or left out with its reason on every laptop alike); two different
entries for a board made without seeing each other are a dispute until a later one settles it."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from data.hall.stamp import Stamper
from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.log import events as ev
from schemes.log import merge as merging
from schemes.log.actions import Action
from schemes.log.events import Event
from schemes.log.history import append, check_undoable
from schemes.log.merge import Merged, causal_order, merge
from schemes.log.replay import apply, replay
from schemes.state.model import PLAYERS_PER_LAPTOP, Board, Tournament

SECRET = "AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GG"
MORNING = datetime(2026, 12, 1, 10, tzinfo=UTC)
"""A laptop's ``clock`` counts seconds from it (a clock skewed back goes before it)."""
DEVICES = [f"{n:x}" * 32 for n in range(10, 14)]


@dataclass
class Laptop:
    device: str
    held: dict[tuple[str, int], Event] = field(default_factory=dict)
    seen: dict[tuple[str, int], tuple[int, int]] = field(default_factory=dict)
    """Each result this laptop made: the players its screen had on the board, white and black."""

    def log(self) -> list[Event]:
        return list(merge(self.held.values()).events)

    def make(self, action: tuple[str, dict], clock: int) -> Event | None:
        events = self.log()
        state = merge(self.held.values()).state
        # its own chain's last seq, as the service passes it: an own event the merge left out is
        # held still (a run: a retraction left out, and the next pairing took its seq)
        recorded = max((seq for device, seq in self.held if device == self.device), default=0)
        stamp = Stamper(events, self.device, SECRET, recorded)
        if state.hall is not None and self.device in state.hall.laptops:  # as the service does
            action = actions.in_block(state, self.device, [action])[0]
        kind, data = action
        try:
            made = append(events, kind, data, (MORNING + timedelta(seconds=clock)).isoformat(), state, stamp)
        except Exception:  # noqa: BLE001 - an action this laptop's log refuses is simply not made
            return None
        assert made.event.origin is not None
        self.held[made.event.origin.key] = made.event
        if kind == ev.RESULT_RECORDED:
            board = state.rounds[data["round"] - 1].board(data["board"])
            assert board is not None
            self.seen[made.event.origin.key] = board.white, board.black
        return made.event

    def take(self, other: Laptop) -> None:
        self.held.update(other.held)

    def own(self, event: Event) -> bool:
        """Whether ``event`` is this laptop's (what its redo may bring back)."""
        return event.origin is not None and event.origin.device == self.device


def founded(
    count: int, scheme: str = "mcmahon", players: int = 6, round_1: Callable[[Tournament], Action] | None = None
) -> list[Laptop]:
    """A McMahon event of six players (or another) founded as a hall on the first laptop, the
    others enrolled, round 1 paired by the chief (``round_1`` makes it, else ``pair``), and
    every laptop holding all of it."""
    chief = Laptop(DEVICES[0])
    made = [actions.create("Hall cup", scheme, None if scheme == "playoff" else 3)]  # a bracket counts its own
    made += [actions.register([], surname=f"P{i}", name="X", rank=f"{i}k") for i in range(1, players + 1)]
    log: list[Event] = []
    state = None
    stamp = Stamper([], chief.device, SECRET)
    for number, (kind, data) in enumerate(made):
        if kind == ev.PLAYER_REGISTERED:
            data = {**data, "player": number}
        appended = append(log, kind, data, "2026-12-01T09:00:00+00:00", state, stamp)
        log.append(appended.event)
        state = appended.state
        stamp.events = log
        stamp.made = []
    for event in log:
        assert event.origin is not None
        chief.held[event.origin.key] = event
    chief.make((ev.HALL_FOUNDED, {"device": chief.device, "name": "Chief"}), 1)
    for block, device in enumerate(DEVICES[1:count], start=1):
        chief.make((ev.DEVICE_ENROLLED, {"device": device, "name": f"Table {block}", "block": block}), 1 + block)
    state = merge(chief.held.values()).state
    assert chief.make(round_1(state) if round_1 else actions.pair(state, random.Random(1)), 9) is not None
    laptops = [chief] + [Laptop(device) for device in DEVICES[1:count]]
    for laptop in laptops[1:]:
        laptop.take(chief)
    return laptops


STEP = st.tuples(st.sampled_from(["result", "result", "result", "undo", "register", "sync"]), st.integers(0, 3),
                 st.integers(0, 3), st.sampled_from(["W+", "B+", "W+F"]))  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 4), steps=st.lists(STEP, max_size=25))
def test_any_entries_and_syncs_converge_to_one_log_and_state(count: int, steps: list) -> None:
    laptops = founded(count)
    made: list[Event] = []
    for clock, (what, who, other, code) in enumerate(steps, start=10):
        laptop, peer = laptops[who % count], laptops[other % count]
        if what == "sync":
            laptop.take(peer)
            continue
        if what == "result":
            action = actions.result(1, 1 + other % 3, code)
        elif what == "undo":
            own = [e for e in laptop.log() if e.origin and e.origin.device == laptop.device]
            if not own:
                continue
            action = actions.undo(own[-1].id)
        else:
            action = actions.register(laptop.log(), surname=f"N{clock}", name="X", rank="5k")
        event = laptop.make(action, clock)
        if event is not None:
            made.append(event)
    for laptop in laptops:  # everyone syncs with everyone
        for peer in laptops:
            laptop.take(peer)
    merged = [merge(laptop.held.values()) for laptop in laptops]
    assert all(m.events == merged[0].events and m.state == merged[0].state for m in merged)
    kept = {e.origin.key for e in merged[0].events if e.origin} | {
        e.origin.key for e, _ in merged[0].left_out if e.origin
    }
    assert {e.origin.key for e in made if e.origin} <= kept, "no entry is lost"
    for event in merged[0].events:  # every registration in its laptop's block
        if event.kind == ev.PLAYER_REGISTERED and event.origin and event.origin.device != DEVICES[0]:
            block = DEVICES.index(event.origin.device)
            assert block * PLAYERS_PER_LAPTOP < event.data["player"] <= (block + 1) * PLAYERS_PER_LAPTOP


def test_two_different_entries_unseen_by_each_other_are_a_dispute_until_settled() -> None:
    chief, table = founded(2)
    chief.make(actions.result(1, 2, "W+"), 20)
    table.make(actions.result(1, 2, "B+"), 21)
    table.make(actions.result(1, 1, "W+"), 22)
    chief.make(actions.result(1, 1, "W+"), 23)  # the same result twice: nothing to settle
    table.take(chief)
    state = merge(table.held.values()).state
    played = state.rounds[0]
    assert sorted(played.disputes) == [2] and [e.code for e in played.disputes[2]] == ["W+", "B+"]
    assert [e.origin.device for e in played.disputes[2] if e.origin] == [DEVICES[0], DEVICES[1]]
    assert 2 not in played.results and played.results[1].code == "W+"
    try:
        actions.pair(state, random.Random(1))
    except Exception as error:  # noqa: BLE001
        assert "board 2 is disputed" in str(error)
    else:
        raise AssertionError("a round with a disputed board is not paired over")
    table.make(actions.result(1, 2, "B+"), 30)  # made after seeing both entries: it settles
    chief.take(table)
    settled = merge(chief.held.values()).state.rounds[0]
    assert settled.disputes == {} and settled.results[2].code == "B+"


def test_a_result_made_after_seeing_another_is_a_correction_not_a_dispute() -> None:
    chief, table = founded(2)
    chief.make(actions.result(1, 3, "W+"), 20)
    table.take(chief)
    table.make(actions.result(1, 3, "B+"), 21)
    chief.take(table)
    played = merge(chief.held.values()).state.rounds[0]
    assert played.disputes == {} and played.results[3].code == "B+"


def test_an_undo_names_its_event_by_device_and_seq_wherever_it_lands() -> None:
    """The table undoes its own entry; meanwhile the chief's entries come before it in the
    merged order: the undo still takes back the table's entry, not whatever is at its number."""
    chief, table = founded(2)
    entry = table.make(actions.result(1, 1, "W+"), 30)
    assert entry is not None
    undo = table.make(actions.undo(table.log()[-1].id), 31)
    assert undo is not None and undo.origin is not None and entry.origin is not None
    assert undo.origin.target == entry.origin.key
    chief.make(actions.result(1, 2, "B+"), 20)
    chief.make(actions.result(1, 3, "B+"), 21)
    chief.take(table)
    state = merge(chief.held.values()).state
    assert {b: r.code for b, r in state.rounds[0].results.items()} == {2: "B+", 3: "B+"}


def test_the_order_puts_each_event_after_what_it_had_seen() -> None:
    chief, table = founded(2)
    first = chief.make(actions.result(1, 1, "W+"), 50)  # late clock, but seen by the table's entry
    table.take(chief)
    second = table.make(actions.result(1, 2, "B+"), 5)  # an early clock on a laptop set wrong
    order = [e.origin.key for e in causal_order({**chief.held, **table.held}.values()) if e.origin]
    assert first is not None and second is not None and first.origin and second.origin
    assert order.index(first.origin.key) < order.index(second.origin.key)


def applied(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """The kinds of the events the merge applies from now on (its reducer, counted)."""
    kinds: list[str] = []
    real = merging.apply

    def counted(state, event):  # type: ignore[no-untyped-def]
        kinds.append(event.kind)
        return real(state, event)

    monkeypatch.setattr(merging, "apply", counted)
    return kinds


def test_a_merge_continued_from_an_earlier_one_applies_only_what_came(monkeypatch) -> None:
    chief, table = founded(2)
    earlier = merge(chief.held.values())
    table.take(chief)
    table.make(actions.result(1, 1, "W+"), 20)
    table.make(actions.result(1, 2, "B+"), 21)
    chief.take(table)
    kinds = applied(monkeypatch)
    continued = merge(chief.held.values(), since=earlier)
    assert kinds == [ev.RESULT_RECORDED, ev.RESULT_RECORDED]
    assert continued.events[: len(earlier.events)] == earlier.events
    assert {b: r.code for b, r in continued.state.rounds[0].results.items()} == {1: "W+", 2: "B+"}
    kinds.clear()
    assert merge(chief.held.values()) == continued and len(kinds) == len(continued.order) == len(earlier.order) + 2


def test_an_entry_that_goes_before_what_was_merged_means_a_merge_from_scratch(monkeypatch) -> None:
    """The table's entry, made without seeing the chief's and with an earlier clock, takes its
    place before it: the earlier merge is not where the new order begins."""
    chief, table = founded(2)
    chief.make(actions.result(1, 1, "W+"), 30)
    earlier = merge(chief.held.values())
    entry = table.make(actions.result(1, 2, "B+"), 20)
    chief.take(table)
    kinds = applied(monkeypatch)
    continued = merge(chief.held.values(), since=earlier)
    assert len(kinds) == len(continued.order) == len(earlier.order) + 1, "every event applied again"
    kinds.clear()
    assert continued == merge(chief.held.values())
    assert entry is not None and continued.order[-2] == entry and continued.events[-2].origin == entry.origin
    assert {b: r.code for b, r in continued.state.rounds[0].results.items()} == {1: "W+", 2: "B+"}


@pytest.mark.parametrize("correction_first", [True, False])
def test_a_correction_the_chief_did_not_see_as_he_paired_the_final_is_left_out(correction_first: bool) -> None:
    """A review: the table corrected a semi-final's winner while the chief, not seeing it,
    paired the final on the old one; the merge took both, and the final held a player who
    had lost — no result could finish the bracket.  The pairing goes before what it had not
    seen, whatever the clocks say (a trial's round vanished for a registration typed
    earlier on a laptop out of touch): the correction is left out, on every laptop alike,
    with its reason — undo the final first."""
    chief, table = founded(2, "playoff", 4)
    semis = merge(chief.held.values()).state.rounds[0].boards
    chief.make(actions.result(1, 1, "W+"), 20)
    chief.make(actions.result(1, 2, "W+"), 21)
    table.take(chief)
    correction = table.make(actions.result(1, 1, "B+"), 30 if correction_first else 31)
    final = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 31 if correction_first else 30)
    assert correction is not None and final is not None
    assert {final.data["boards"][0]["white"], final.data["boards"][0]["black"]} == {semis[0].white, semis[1].white}
    chief.take(table)
    table.take(chief)
    merged = merge(chief.held.values())
    assert merge(table.held.values()) == merged
    [(left_out, notice)] = merged.left_out
    state = merged.state
    assert left_out == correction and state.paired_rounds == 2 and state.rounds[0].results[1].code == "W+"
    assert "undo the pairing of round 2 first" in str(notice)


def test_a_round_the_chief_paired_stays_when_a_registration_he_had_not_seen_comes_in() -> None:
    """A trial: a table out of touch registered a latecomer; the chief, warned it was silent,
    paired round 2 a minute later; when the table came back the registration, its clock
    earlier, went before the pairing, which then left the latecomer out and was itself left
    out — the round printed and on the players' phones gone from every laptop.  The pairing
    goes first: the latecomer joins after it, as anyone registered after a pairing does."""
    chief, table = founded(2)
    late = table.make(actions.register([], surname="Поздний", name="И", rank="1d"), 20)
    for board in range(1, 4):
        chief.make(actions.result(1, board, "W+"), 30 + board)
    paired = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 40)
    assert late is not None and paired is not None
    chief.take(table)
    table.take(chief)
    merged = merge(chief.held.values())
    assert merge(table.held.values()) == merged and merged.left_out == ()
    assert merged.order.index(paired) < merged.order.index(late)
    newcomer = late.data["player"]
    assert newcomer in merged.state.players and merged.state.paired_rounds == 2
    assert all(newcomer not in (b.white, b.black) for b in merged.state.rounds[1].boards)
    assert len(merged.state.rounds[1].boards) == 3


def test_a_pairing_by_a_chief_whose_clock_is_behind_keeps_the_rounds_before_it() -> None:
    """A review: the chief paired round 2 without a latecomer a table had registered, then
    handed the role to a helper whose clock was 20 minutes behind; the helper's round 3,
    sorted by time, came first among the pairings, took the registration into its stage,
    and round 2, its results and round 3 were all left out.  Pairings go in causal order."""
    chief, table, helper = founded(3)
    for board in range(1, 4):
        chief.make(actions.result(1, board, "W+"), 600 + board)
    late = table.make(actions.register([], surname="Поздний", name="И", rank="1d"), 2990)
    second = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 3000)
    assert late is not None and second is not None and chief.make(actions.chief(helper.device), 3010) is not None
    helper.take(chief)
    helper.take(table)
    for board in range(1, 4):
        assert helper.make(actions.result(2, board, "B+"), 1800 + board) is not None  # its clock: 10:30
    third = helper.make(actions.pair(merge(helper.held.values()).state, random.Random(1)), 1810)
    assert third is not None
    merged = merge(helper.held.values())
    assert merged.left_out == () and merged.state.paired_rounds == 3
    assert merged.order.index(second) < merged.order.index(late) < merged.order.index(third)


@pytest.mark.parametrize("taken_first", [True, False])
@pytest.mark.parametrize("chief_enters", [True, False])
def test_a_take_of_the_role_racing_the_chief_s_pairing_is_void_and_its_round_goes_with_its_results(
    taken_first: bool, chief_enters: bool
) -> None:
    """A review: a table cut off took the chief's role, registered a latecomer, paired round 2
    and entered board 1; the chief, alive, paired round 2 too and entered his board 1.  The
    merge kept the table's round and put the chief's W+ on its board 1 — a latecomer who never
    played it.  Now the take goes before the pairing it had not seen, whatever the clocks, and
    is void (the chief was alive); the table's round is left out, and so is the result entered
    on it, not scored on the chief's board of that number — on every laptop alike."""
    chief, table = founded(2)
    for board in range(1, 4):
        chief.make(actions.result(1, board, "W+"), 20 + board)
    table.take(chief)
    clock = 30 if taken_first else 60  # the take before or after the chief's pairing, by the clocks
    assert table.make(actions.take_chief(table.device, DEVICES[0]), clock) is not None
    assert table.make(actions.register([], surname="Поздний", name="И", rank="1d"), clock + 1) is not None
    theirs = table.make(actions.pair(merge(table.held.values()).state, random.Random(7)), clock + 2)
    on_theirs = table.make(actions.result(2, 1, "B+"), clock + 3)
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 45)
    typed = chief.make(actions.result(2, 1, "W+"), 50) if chief_enters else None
    assert None not in (theirs, on_theirs, ours) and (typed is not None) is chief_enters
    boards = merge(chief.held.values()).state.rounds[1].boards  # the chief's round 2, as he paired it
    chief.take(table)
    table.take(chief)
    merged = merge(chief.held.values())
    assert merge(table.held.values()) == merged
    left = {event.origin.key: str(notice) for event, notice in merged.left_out if event.origin is not None}
    assert set(left) == {theirs.origin.key, on_theirs.origin.key}
    assert left[on_theirs.origin.key] == (
        "the result was entered on another pairing of round 2: enter it on the round as it stands"
    )
    assert merged.state.hall.chief == chief.device
    assert merged.state.rounds[1].boards == boards
    assert {b: r.code for b, r in merged.state.rounds[1].results.items()} == ({1: "W+"} if chief_enters else {})


def a_void_take(count: int) -> list[Laptop]:
    """Round 1 complete on every laptop, and the second laptop's take of the chief's role while
    the chief is alive: void once the chief pairs round 2 without having seen it."""
    laptops = founded(count)
    chief, table = laptops[:2]
    for board in range(1, 4):
        chief.make(actions.result(1, board, "W+"), 20 + board)
    for laptop in laptops[1:]:
        laptop.take(chief)
    assert table.make(actions.take_chief(table.device, DEVICES[0]), 30) is not None
    return laptops


def test_a_result_entered_on_a_void_take_s_board_seating_the_same_game_counts_and_may_be_a_dispute() -> None:
    """A trial: a table took the chief's role while the chief, alive, paired round 2; the
    table paired it too, the same boards, and entered boards 1 and 2; the chief entered
    board 1 otherwise.  The table's round is void, and its results had gone from every laptop
    with a toast, the chief's W+ standing unchallenged.  A result of the very game the round
    standing seats counts: board 2's, and board 1's two are a dispute."""
    chief, table = a_void_take(2)
    theirs = table.make(actions.pair(merge(table.held.values()).state, random.Random(1)), 32)
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 45)
    assert theirs is not None and ours is not None and theirs.data["boards"] == ours.data["boards"]
    assert table.make(actions.result(2, 1, "B+"), 33) is not None
    assert table.make(actions.result(2, 2, "B+"), 34) is not None
    assert chief.make(actions.result(2, 1, "W+"), 50) is not None
    chief.take(table)
    table.take(chief)
    merged = merge(chief.held.values())
    assert merge(table.held.values()) == merged
    assert [event.origin.key for event, _notice in merged.left_out if event.origin] == [theirs.origin.key]
    second = merged.state.rounds[1]
    assert {b: r.code for b, r in second.results.items()} == {2: "B+"}
    assert sorted(entry.code for entry in second.disputes[1]) == ["B+", "W+"]


def test_a_result_on_a_void_take_s_board_after_its_swap_left_out_is_left_out() -> None:
    """Where the table had also changed its pairing by hand, what it saw on a board is not
    that pairing's: its result is left out, as before."""
    chief, table = a_void_take(2)
    theirs = table.make(actions.pair(merge(table.held.values()).state, random.Random(1)), 32)
    state = merge(table.held.values()).state
    first, second = state.rounds[1].boards[:2]
    swapped = table.make(actions.swap(state, 2, first.white, second.white), 33)
    on_theirs = table.make(actions.result(2, 2, "B+"), 34)
    assert None not in (theirs, swapped, on_theirs)
    assert chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 45) is not None
    chief.take(table)
    merged = merge(chief.held.values())
    left = [event.origin.key for event, _notice in merged.left_out if event.origin]
    assert on_theirs.origin.key in left and merged.state.rounds[1].results == {}


@pytest.mark.parametrize("seen_first", [False, True])
def test_one_entry_undone_on_two_laptops_at_once_stays_undone_until_both_undos_are_redone(seen_first: bool) -> None:
    """A trial: the chief undid a table's result from the log as the table undid it too; the
    chief's undo was left out («already undone»), and the table's redo brought the result back
    on every laptop, against the chief's decision.  Both undos count: the table's redo brings
    nothing back (refused where it has seen the chief's undo, and a Ctrl+Z after it took back
    an older entry: a review); the chief's redo, once the table's undo is redone, does."""
    chief, table = founded(2)
    typed = table.make(actions.result(1, 1, "W+"), 20)
    assert typed is not None
    chief.take(table)
    number = next(e.id for e in chief.log() if e.origin == typed.origin)
    assert chief.make(actions.undo(number), 30) is not None
    assert table.make(actions.undo(next(e.id for e in table.log() if e.origin == typed.origin)), 31) is not None
    own = table.own
    if seen_first:
        table.take(chief)
        with pytest.raises(InvalidEvent, match="is undone on another laptop too"):
            actions.redo(table.log(), own)
        assert 1 not in merge(table.held.values()).state.rounds[0].results
        return
    assert table.make(actions.redo(table.log(), own), 40) is not None  # the chief's undo unseen yet
    chief.take(table)
    table.take(chief)
    merged = merge(chief.held.values())
    assert merged.left_out == () and 1 not in merged.state.rounds[0].results  # the chief's undo stands
    assert chief.make(actions.redo(chief.log(), chief.own), 41) is not None
    assert merge(chief.held.values()).state.rounds[0].results[1].code == "W+"


def test_a_result_entered_on_the_chief_s_round_undone_since_is_not_scored_on_a_void_take_s_boards() -> None:
    """A review: a third laptop entered the chief's round 2; the chief undid it and paired it
    again (the table's take stood again then, and paired round 2 as its void take had; now the
    undone round still says the chief was alive).  The third laptop had "seen" the take's
    left-out pairing by a later entry of the table, and its results went to the boards of the
    round paired again, other players on them.  A laptop that saw a pairing of the round in
    the log entered that one: its results are left out, as before."""
    chief, table, third = a_void_take(3)
    assert table.make(actions.register([], surname="Поздний", name="И", rank="1d"), 31) is not None
    assert table.make(actions.pair(merge(table.held.values()).state, random.Random(7)), 32) is not None
    assert table.make(actions.skip(2, [3]), 33) is not None  # a later entry: the take's pairing "seen" by it
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 45)
    assert ours is not None
    third.take(table)
    third.take(chief)
    seen = merge(third.held.values()).state.round(2)
    assert seen is not None and seen.event and merge(third.held.values()).events[seen.event - 1].origin == ours.origin
    for board in seen.boards:
        assert third.make(actions.result(2, board.number, "W+"), 50 + board.number) is not None
    chief.take(table)
    assert chief.make(actions.undo(next(e.id for e in chief.log() if e.origin == ours.origin)), 60) is not None
    table.take(chief)
    assert merge(table.held.values()).state.hall.chief == chief.device  # his round, undone, still says he was alive
    assert table.make(actions.pair(merge(table.held.values()).state, random.Random(7)), 61) is None
    assert chief.make(actions.pair(merge(chief.held.values()).state, random.Random(7)), 61) is not None
    for laptop in (chief, table, third):
        for peer in (chief, table, third):
            laptop.take(peer)
    final = merge(chief.held.values()).state.round(2)
    assert final is not None
    for number in final.results:
        scored, entered = final.board(number), seen.board(number)
        assert scored is not None and entered is not None
        assert (scored.white, scored.black) == (entered.white, entered.black)


HALL_STEP = st.tuples(
    st.sampled_from(["complete", "pair", "pair", "result", "result", "undo", "redo", "register", "sync", "sync",
                     "withdraw", "skip", "handover", "take", "swap", "colours"]),
    st.integers(0, 3), st.integers(0, 3), st.sampled_from(["W+", "B+", "W+F"]),
)  # fmt: skip


def causal(order: tuple[Event, ...]) -> bool:
    """Every event after its laptop's earlier ones and after every event it had seen."""
    place = {e.origin.key: i for i, e in enumerate(order) if e.origin is not None}
    return all(
        place[(e.origin.device, e.origin.seq - 1)] < i and all(place[(d, s)] < i for d, s in e.origin.seen if s)
        if e.origin.seq > 1 else all(place[(d, s)] < i for d, s in e.origin.seen if s)
        for i, e in enumerate(order) if e.origin is not None
    )  # fmt: skip


def hall_day(count: int, steps: list, skews: list[int], takes: bool) -> tuple[list[Laptop], set[tuple[str, int]]]:
    """Laptops pairing, entering, undoing, registering, withdrawing, handing the role on (and
    taking it, with ``takes``), each with its clock ``skews`` seconds off, syncing at random; after
    each step its merge is causal and a merge continued from any earlier one is the same.  The
    pairings ever kept by a laptop's merge are returned with the laptops."""
    laptops = founded(count)
    kept: set[tuple[str, int]] = set()
    before = {laptop.device: merge(laptop.held.values()) for laptop in laptops}
    for clock, (what, who, other, code) in enumerate(steps, start=10):
        laptop, peer = laptops[who % count], laptops[other % count]
        at, state = clock * 60 + skews[who % count], merge(laptop.held.values()).state
        if what == "sync":
            laptop.take(peer)
        elif what in ("complete", "pair") and state.rounds:
            for board in state.rounds[-1].missing:
                if board not in state.rounds[-1].disputes:
                    laptop.make(actions.result(state.paired_rounds, board, code), at)
        if what == "pair":
            with contextlib.suppress(InvalidEvent):
                laptop.make(actions.pair(merge(laptop.held.values()).state, random.Random(other)), at)
        elif what == "result":
            laptop.make(actions.result(max(1, state.paired_rounds - other % 2), 1 + other % 3, code), at)
        elif what == "undo":
            own = [e for e in laptop.log() if e.origin and e.origin.device == laptop.device]
            if own:
                laptop.make(actions.undo(own[-1].id), at)
        elif what == "redo":
            with contextlib.suppress(InvalidEvent):
                laptop.make(actions.redo(laptop.log(), laptop.own), at)
        elif what in ("swap", "colours") and state.rounds:
            played = state.rounds[-1]
            one, two = played.boards[other % len(played.boards)], played.boards[(other + 1) % len(played.boards)]
            with contextlib.suppress(InvalidEvent):  # a board with a result, a handicap game: refused
                change = (actions.swap(state, played.number, one.white, two.black, force=True) if what == "swap"
                          else actions.colours(state, played.number, one.number, one.black))  # fmt: skip
                laptop.make(change, at)
        elif what == "register":
            laptop.make(actions.register(laptop.log(), surname=f"N{clock}", name="X", rank="5k"), at)
        elif what == "withdraw":
            with contextlib.suppress(InvalidEvent):
                laptop.make(actions.withdraw(state, 1 + other % 6), at)
        elif what == "skip":
            laptop.make(actions.skip(1 + other % 6, [state.paired_rounds + 1]), at)
        elif what == "handover" and peer is not laptop:
            laptop.make(actions.chief(peer.device), at)
        elif what == "take" and takes and state.hall is not None and state.hall.chief != laptop.device:
            laptop.make(
                actions.take_chief(laptop.device, state.hall.chief), at
            )  # as the service: not the chief's own role
        merged = merge(laptop.held.values())
        assert causal(merged.order)
        assert replay(merged.events) == merged.state  # the file's replay, the next command's state
        assert merge(laptop.held.values(), since=before[laptop.device]) == merged
        assert merge(laptop.held.values(), since=before[peer.device]) == merged
        before[laptop.device] = merged
        kept |= {e.origin.key for e in merged.events if e.kind == ev.ROUND_PAIRED and e.origin is not None}
    for laptop in laptops:
        for peer in laptops:
            laptop.take(peer)
    scored_as_seen(laptops)
    return laptops, kept


def scored_as_seen(laptops: list[Laptop]) -> None:
    """Every result that counts, alone or in a dispute, counts on the players its laptop had on
    that board, with their colours (helper-189's property: swaps, changes of colours, undos and
    takes of the role racing a result had scored it for players who never played it)."""
    seen = {key: seats for laptop in laptops for key, seats in laptop.seen.items()}
    merged = merge(laptops[0].held.values())
    for played in merged.state.rounds:
        entries = [(n, r) for n, r in played.results.items()] + [(n, r) for n, d in played.disputes.items() for r in d]
        for number, result in entries:
            board, typed = played.board(number), merged.events[result.event - 1].origin  # a redo's: the entry's
            assert board is not None and typed is not None
            assert (board.white, board.black) == seen[typed.key], (played.number, number)


@settings(max_examples=80, deadline=None)
@given(count=st.integers(2, 3), steps=st.lists(HALL_STEP, max_size=40),
       skews=st.lists(st.integers(-3600, 3600), min_size=4, max_size=4))  # fmt: skip
@example(count=2, skews=[0, 0, 0, 0], steps=[  # a run: the chief's undo of its pairing left out, then its next pairing
    ("complete", 1, 0, "W+"), ("undo", 0, 0, "W+"), ("sync", 0, 1, "W+"), ("sync", 1, 0, "W+"), ("pair", 0, 0, "W+"),
])  # fmt: skip
def test_a_round_a_laptop_once_held_is_kept_whatever_the_clocks(count: int, steps: list, skews: list[int]) -> None:
    """A review's property (its counterexample: a next chief's clock behind): without takes of
    the role, a pairing a laptop's merge once kept is left out by no later merge, on any
    laptop, whatever else was entered beside it and whatever the clocks say."""
    laptops, kept = hall_day(count, steps, skews, takes=False)
    merged = [merge(laptop.held.values()) for laptop in laptops]
    assert all(m == merged[0] for m in merged)
    assert not kept & {e.origin.key for e, _ in merged[0].left_out if e.origin is not None}


@settings(max_examples=80, deadline=None)
@given(count=st.integers(2, 3), steps=st.lists(HALL_STEP, max_size=40),
       skews=st.lists(st.integers(-1800, 1800), min_size=4, max_size=4))  # fmt: skip
def test_takes_of_the_role_and_wrong_clocks_still_converge(count: int, steps: list, skews: list[int]) -> None:
    laptops, _kept = hall_day(count, steps, skews, takes=True)
    merged = [merge(laptop.held.values()) for laptop in laptops]
    assert all(m == merged[0] for m in merged)


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 4), steps=st.lists(HALL_STEP, max_size=25))
def test_a_merge_continued_from_an_earlier_one_is_the_merge_from_scratch(count: int, steps: list) -> None:
    """Whatever each laptop holds after any entries and syncs, its merge continued from its
    previous one — or from another laptop's, which it may not extend — is the merge made
    from scratch: the same log, state, left-out events and order (``hall_day`` checks it
    after every step)."""
    hall_day(count, steps, [0, 0, 0, 0], takes=False)


@pytest.mark.parametrize("swap_first", [True, False])
def test_a_result_entered_on_a_board_a_concurrent_swap_changed_is_left_out(swap_first: bool) -> None:
    """A review: the chief swapped a player of board 1 with one of board 2 while a table, not
    seeing it, entered board 1 as it had it; the merge scored the W+ for the player the swap
    had put there.  A result must have seen every change of its board since the pairing; one
    made after the swap, seeing it, stands; a board the swap left alone takes its result."""
    chief, table = founded(2)
    before = merge(table.held.values()).state.round(1)
    one, two = before.board(1), before.board(2)
    assert one is not None and two is not None
    swap = actions.swap(merge(chief.held.values()).state, 1, one.white, two.white)
    typed = table.make(actions.result(1, 1, "W+"), 21 if swap_first else 19)
    elsewhere = table.make(actions.result(1, 3, "B+"), 22)
    swapped = chief.make(swap, 20)
    assert typed is not None and elsewhere is not None and swapped is not None
    chief.take(table)
    table.take(chief)
    merged = merge(chief.held.values())
    assert merge(table.held.values()) == merged
    if swap_first:  # the swap comes first: the table's W+ was for the players it saw, not these
        [(left, notice)] = merged.left_out
        assert left == typed and str(notice) == (
            "the result was entered on another pairing of round 1: enter it on the round as it stands"
        )
        assert {b: r.code for b, r in merged.state.round(1).results.items()} == {3: "B+"}
    else:  # the result first: the swap of a board with a result is refused, as on one laptop
        [(left, notice)] = merged.left_out
        assert left == swapped and "has a result" in str(notice)
        assert {b: r.code for b, r in merged.state.round(1).results.items()} == {1: "W+", 3: "B+"}
    table.take(chief)
    seen = merge(table.held.values()).state.round(1)
    again = table.make(actions.result(1, 1, "W+"), 30)  # entered again, seeing the round as it stands
    if swap_first:
        assert again is not None and merge(table.held.values()).state.round(1).results[1].code == "W+"
        assert seen.board(1) != one


def _registered(laptop: Laptop, surnames: str, clock: int) -> list[int]:
    """Players registered on ``laptop`` (latecomers, once round 1 is paired): their ids."""
    made = [laptop.make(actions.register(laptop.log(), surname=s, name="X", rank="5k"), clock + k)
            for k, s in enumerate(surnames)]  # fmt: skip
    return [event.data["player"] for event in made if event is not None]


def test_a_result_on_a_board_a_rest_paired_anew_unseen_is_left_out() -> None:
    """An attack: the chief paired four latecomers (boards 4 and 5), undid it, marked one as
    skipping and paired the rest again — board 4 other players; a table that had seen only the
    first rest entered board 4 for its players, and the merge scored it for the new ones (the
    boards compared by place missed boards a rest adds)."""
    chief, table = founded(2)
    late = _registered(chief, "ABCD", 10)
    first = chief.make(actions.pair_rest(merge(chief.held.values()).state, random.Random(1)), 20)
    assert first is not None
    table.take(chief)
    seen = merge(table.held.values()).state.round(1)
    assert [b.number for b in seen.boards] == [1, 2, 3, 4, 5]
    typed = table.make(actions.result(1, 4, "W+"), 40)
    kept = table.make(actions.result(1, 2, "B+"), 41)
    assert chief.make(actions.undo(first.id), 30) is not None
    assert chief.make(actions.skip(late[0], [1]), 31) is not None
    again = chief.make(actions.pair_rest(merge(chief.held.values()).state, random.Random(1)), 32)
    assert again is not None and merge(chief.held.values()).state.round(1).board(4) != seen.board(4)
    chief.take(table)
    merged = merge(chief.held.values())
    assert [event for event, _notice in merged.left_out] == [typed]
    assert {b: r.code for b, r in merged.state.round(1).results.items()} == {2: "B+"}
    assert kept is not None


def test_a_rest_on_an_opengotha_rounds_gap_leaves_the_boards_after_it_their_results() -> None:
    """An attack: round 1 as OpenGotha recorded it, tables 1, 2 and 4 (table 3 deleted); the
    chief paired its two players on no board on table 3, and a table that had not seen it
    entered board 4 — left out on every laptop, its board compared with the one before it."""

    def recorded(state: Tournament) -> Action:
        ids = sorted(state.players)
        boards = [{"white": ids[a], "black": ids[b], "handicap": 0, "komi": 6.5, "nigiri": False}
                  for a, b in ((0, 1), (2, 3), (6, 7))]  # fmt: skip
        boards[2]["table"] = 4
        return ev.ROUND_PAIRED, {"round": 1, "boards": boards, "order": ids, "as_recorded": True}

    chief, table = founded(2, players=8, round_1=recorded)
    assert [b.number for b in merge(table.held.values()).state.round(1).boards] == [1, 2, 4]
    rest = chief.make(actions.pair_rest(merge(chief.held.values()).state, random.Random(1)), 10)
    assert rest is not None and rest.data["boards"][2].get("table") is None  # board 3, in the gap
    typed = table.make(actions.result(1, 4, "B+"), 11)
    chief.take(table)
    merged = merge(chief.held.values())
    assert typed is not None and merged.left_out == ()
    assert {b: r.code for b, r in merged.state.round(1).results.items()} == {4: "B+"}


def test_a_rest_that_took_a_bye_back_stays_beside_a_result_entered_unseen_before_it() -> None:
    """An attack: five players, a latecomer; the chief's rest took the round's bye back for him
    while a table, unseen, entered board 1 earlier: the result sorted before the rest, and the
    replay refused a bye taken back in a round with a result — the rest on the wall was left
    out on every laptop.  Both stand."""
    chief, table = founded(2, players=5)
    bye = merge(chief.held.values()).state.round(1).byes[0]
    typed = table.make(actions.result(1, 1, "W+"), 10)
    late = _registered(chief, "L", 20)
    rest = chief.make(actions.pair_rest(merge(chief.held.values()).state, random.Random(1)), 22)
    assert typed is not None and rest is not None and rest.data["byes"] == []
    chief.take(table)
    table.take(chief)
    merged = merge(chief.held.values())
    assert merged.left_out == () and merge(table.held.values()) == merged
    played = merged.state.round(1)
    assert played.byes == () and {played.board(3).white, played.board(3).black} == {bye, late[0]}
    assert played.results[1].code == "W+"


def everyone(laptops: list[Laptop]) -> Merged:
    """Every laptop synced with every other: their one merge (checked the same on each), every
    result in it counting on the players its laptop had on that board (``scored_as_seen``)."""
    for laptop in laptops:
        for peer in laptops:
            laptop.take(peer)
    merged = merge(laptops[0].held.values())
    assert all(merge(laptop.held.values()) == merged for laptop in laptops[1:])
    scored_as_seen(laptops)
    return merged


def left(merged: Merged) -> dict[tuple[str, int], str]:
    return {event.origin.key: str(notice) for event, notice in merged.left_out if event.origin is not None}


ANOTHER_PAIRING = "the result was entered on another pairing of round 1: enter it on the round as it stands"


def _swapped(laptop: Laptop, clock: int) -> Event:
    """Board 1's white and board 2's white swapped in round 1 on ``laptop``."""
    state = merge(laptop.held.values()).state
    one, two = state.rounds[0].boards[:2]
    made = laptop.make(actions.swap(state, 1, one.white, two.white), clock)
    assert made is not None
    return made


def test_a_result_on_a_board_a_void_take_had_swapped_is_left_out_with_the_swap() -> None:
    """helper-189: a table took the chief's role and swapped two players of round 1, then
    entered board 1 as swapped; the chief, alive, entered a board: the take is void and its swap
    left out — and the table's W+ counted on board 1 unswapped, for a player who never played it."""
    chief, table = founded(2)
    assert table.make(actions.take_chief(table.device, DEVICES[0]), 20) is not None
    assert chief.make(actions.result(1, 3, "B+"), 21) is not None  # after the take, by the clocks: void
    swap = _swapped(table, 22)
    typed = table.make(actions.result(1, 1, "W+"), 23)
    assert typed is not None and typed.data["white"] != merge(chief.held.values()).state.rounds[0].boards[0].white
    merged = everyone([chief, table])
    assert left(merged) == {swap.origin.key: "only the chief's laptop (Chief) may do this",
                            typed.origin.key: ANOTHER_PAIRING}  # fmt: skip
    assert set(merged.state.rounds[0].results) == {3}


def test_a_result_the_chief_entered_on_his_swap_left_out_is_left_out() -> None:
    """helper-189: a table entered board 1 as the chief swapped boards 1 and 2 without seeing it;
    the swap is left out (board 1 has a result), and the chief's result on board 2, entered as
    his screen had it swapped, counted for the players unswapped."""
    chief, table = founded(2)
    first = table.make(actions.result(1, 1, "W+"), 10)
    swap = _swapped(chief, 20)
    second = chief.make(actions.result(1, 2, "B+"), 21)
    assert first is not None and second is not None
    merged = everyone([chief, table])
    assert left(merged) == {swap.origin.key: "board 1 of round 1 has a result: undo it first",
                            second.origin.key: ANOTHER_PAIRING}  # fmt: skip
    assert {b: r.code for b, r in merged.state.rounds[0].results.items()} == {1: "W+"}


def test_the_chief_s_undo_made_unaware_of_a_take_voids_it_as_his_entries_do() -> None:
    """helper-189: a table took the chief's role; the chief, alive and unaware, undid his pairing
    of round 1 and paired it again.  His undo was refused as not the chief's, and the results he
    entered on his new pairing counted on the old one's boards.  An undo of the chief made
    without knowing of the take voids it, as any of his entries does: it stands."""
    chief, table = founded(2)
    assert table.make(actions.take_chief(table.device, DEVICES[0]), 20) is not None
    paired = next(e for e in chief.log() if e.kind == ev.ROUND_PAIRED)
    assert chief.make(actions.undo(paired.id), 25) is not None
    assert chief.make(actions.skip(paired.data["boards"][0]["white"], [1]), 26) is not None  # boards other than before
    again = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(5)), 26)
    assert again is not None and again.data["boards"] != paired.data["boards"]
    for board in (1, 2):  # five players: two boards and a bye
        assert chief.make(actions.result(1, board, "W+"), 27 + board) is not None
    merged = everyone([chief, table])
    assert merged.left_out == () and merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert merged.events[merged.state.rounds[0].event - 1].origin == again.origin
    assert set(merged.state.rounds[0].results) == {1, 2}


def colours_changed_and_undone() -> tuple[Laptop, Laptop, Board]:
    """The chief's change of board 1's colours in round 1, undone, held by the table too: the
    laptops and the board as paired."""
    chief, table = founded(2)
    state = merge(chief.held.values()).state
    board = state.rounds[0].boards[0]
    changed = chief.make(actions.colours(state, 1, 1, board.black), 10)
    assert changed is not None and chief.make(actions.undo(changed.id), 11) is not None
    table.take(chief)
    return chief, table, board


def test_the_chief_s_redo_of_a_change_of_colours_unaware_of_a_take_stands_with_his_result() -> None:
    """helper-189: the chief changed board 1's colours and undid it; a table took the role; the
    chief, unaware, redid the change and entered board 1's W+.  The redo was refused as not the
    chief's, and the W+ counted for the other player, the colours as paired."""
    chief, table, board = colours_changed_and_undone()
    assert table.make(actions.take_chief(table.device, DEVICES[0]), 20) is not None
    assert chief.make(actions.redo(chief.log(), chief.own), 25) is not None
    assert chief.make(actions.result(1, 1, "W+"), 26) is not None
    merged = everyone([chief, table])
    assert merged.left_out == ()
    assert merged.state.rounds[0].boards[0].white == board.black and merged.state.rounds[0].results[1].code == "W+"


@pytest.mark.parametrize("change", ["colours", "swap"])
def test_a_disputed_board_is_not_changed_by_hand(change: str) -> None:
    """helper-189: the two entries of a disputed board each name their winner by colour; a change
    of its colours (or a swap) was accepted, and both then named the other player."""
    chief, table = founded(2)
    assert chief.make(actions.result(1, 1, "W+"), 10) is not None
    assert table.make(actions.result(1, 1, "B+"), 11) is not None
    chief.take(table)
    state = merge(chief.held.values()).state
    one, two = state.rounds[0].boards[:2]
    assert state.rounds[0].entered == (1,) and 1 in state.rounds[0].disputes
    with pytest.raises(InvalidEvent, match="board 1 of round 1 is disputed: enter its result as the slip says first"):
        actions.colours(state, 1, 1, one.black) if change == "colours" else actions.swap(state, 1, one.white, two.white)
    paired = next(e for e in chief.log() if e.kind == ev.ROUND_PAIRED)
    with pytest.raises(InvalidEvent, match="board 1 of round 1 is disputed"):  # nor the undo of its pairing (a review)
        check_undoable(chief.log(), paired.id)
    with pytest.raises(InvalidEvent, match="board 1 of round 1 is disputed"):  # nor entered from paper
        actions.paper_round(state, 1)
    boards = [{**b, "white": b["black"], "black": b["white"]} if n == 0 else b
              for n, b in enumerate(actions.boards_data(state.rounds[0].boards))]  # fmt: skip
    with pytest.raises(InvalidEvent, match="board 1 of round 1 is disputed: enter its result as"):  # the replay's own
        apply(state, Event(len(chief.log()) + 1, ev.PAIRING_AMENDED, {"round": 1, "boards": boards, "byes": [],
                                                                       "change": change}))  # fmt: skip


def test_a_redo_of_a_change_of_colours_under_a_result_it_had_not_seen_is_left_out() -> None:
    """helper-189: the chief changed board 1's colours and undid it; a table, seeing both,
    entered board 1's W+; the chief, not seeing it, redid the change: the W+ went to the other
    player.  The redo is left out, the board as the table had it."""
    chief, table, board = colours_changed_and_undone()
    assert table.make(actions.result(1, 1, "W+"), 12) is not None
    redo = chief.make(actions.redo(chief.log(), chief.own), 13)
    assert redo is not None
    merged = everyone([chief, table])
    assert list(left(merged)) == [redo.origin.key]
    assert merged.state.rounds[0].boards[0] == board and merged.state.rounds[0].results[1].code == "W+"


def the_chief_s_round_stands(chief: Laptop, table: Laptop, ours: Event | None, theirs: Event | None) -> None:
    """Once the two laptops synced: the chief is the chief, round 2 is the one he paired
    (``ours``), and the table's (``theirs``) is left out."""
    assert ours is not None and theirs is not None and theirs.origin is not None
    merged = everyone([chief, table])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin
    assert list(left(merged)) == [theirs.origin.key]


def test_a_take_s_pairing_goes_after_the_round_the_chief_paired_unaware_of_the_take() -> None:
    """A test of this session: the chief, alive and busy (five latecomers registered), paired
    round 2 as a table that had taken his role paired it too.  By the clocks the table's pairing
    went first and stood, the chief's round on the wall was left out, and his registrations gave
    him the role back.  The taker's pairing under the void take goes after: the chief's stands."""
    chief, table = a_void_take(2)
    theirs = table.make(actions.pair(merge(table.held.values()).state, random.Random(7)), 32)
    for k in range(5):
        assert chief.make(actions.register([], surname=f"L{k}", name="X", rank="5k"), 40 + k) is not None
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 45)
    the_chief_s_round_stands(chief, table, ours, theirs)


def written_before_games(laptop: Laptop, number: int, board: int, code: str, clock: int) -> Event:
    """A result of ``laptop`` as a Tengen before results said their game wrote it (no
    ``white``, ``black``, ``handicap``, ``komi``), signed as its chain holds it."""
    log = laptop.log()
    recorded = max((seq for device, seq in laptop.held if device == laptop.device), default=0)
    data = {"round": number, "board": board, "code": code}
    at = (MORNING + timedelta(seconds=clock)).isoformat()
    made = Stamper(log, laptop.device, SECRET, recorded)(Event(len(log) + 1, ev.RESULT_RECORDED, data, at))
    assert made.origin is not None
    laptop.held[made.origin.key] = made
    return made


def test_a_hall_file_with_a_dispute_of_older_entries_changed_by_hand_still_opens() -> None:
    """helper-191 and helper-192: an earlier Tengen accepted a change of colours on a disputed
    board; refused by the replay, a laptop's file holding one read as a damaged event log.  A
    dispute of entries that do not say their game does not hold its board (``Round.entered``)."""
    chief, table = founded(2)
    written_before_games(chief, 1, 1, "W+", 10)
    written_before_games(table, 1, 1, "B+", 11)
    chief.take(table)
    state = merge(chief.held.values()).state
    assert 1 in state.rounds[0].disputes and state.rounds[0].entered == ()
    board = state.rounds[0].boards[0]
    changed = chief.make(actions.colours(state, 1, 1, board.black), 20)  # as an earlier Tengen took it
    assert changed is not None
    table.take(chief)
    merged = merge(table.held.values())  # not ``everyone``: the entries name the other players now, as then
    assert merged.left_out == () and replay(merged.events) == merged.state
    assert merged.state.rounds[0].boards[0].white == board.black


def test_a_result_typed_on_a_game_a_concurrent_change_of_stones_replaced_is_left_out() -> None:
    """helper-191: the chief gave board 1 two stones while a table, unaware, entered its B+ as
    the even game at komi 6.5 its screen showed; the result counted on the two-stone game. A
    result says its handicap and komi too: left out, as the merge left it out before."""
    chief, table = founded(2)
    state = merge(chief.held.values()).state
    assert (state.rounds[0].boards[0].handicap, state.rounds[0].boards[0].komi) == (0, 6.5)
    changed = chief.make(actions.handicap(state, 1, 1, 2), 20)
    typed = table.make(actions.result(1, 1, "B+"), 21)
    assert changed is not None and typed is not None
    merged = everyone([chief, table])
    assert left(merged) == {typed.origin.key: ANOTHER_PAIRING} and merged.state.rounds[0].results == {}
    assert merged.state.rounds[0].boards[0].handicap == 2


def test_a_redo_racing_an_entry_on_its_board_gives_the_merge_and_the_file_one_state() -> None:
    """helper-191: a table entered board 1 and undid it; the chief, seeing the undo, entered B+;
    the table, unaware, redid its W+ (its clock earlier).  The merge took the chief's B+ for a
    correction, the file's replay of the same log for a dispute with the redo: the standings
    changed once the file was opened again.  Both say a dispute now."""
    chief, table = founded(2)
    entry = table.make(actions.result(1, 1, "W+"), 10)
    assert entry is not None
    assert table.make(actions.undo(next(e.id for e in table.log() if e.origin == entry.origin)), 11) is not None
    chief.take(table)
    assert chief.make(actions.result(1, 1, "B+"), 30) is not None
    assert table.make(actions.redo(table.log(), table.own), 20) is not None
    merged = everyone([chief, table])
    assert replay(merged.events) == merged.state
    assert sorted(e.code for e in merged.state.rounds[0].disputes[1]) == ["B+", "W+"]


def test_a_take_the_chief_voided_and_then_saw_does_not_cost_him_his_round() -> None:
    """helper-191: a table took the role; the chief, alive, registered a latecomer unaware of
    it (the take void), then synced, saw the take, and paired round 2 as his screen allowed; the
    table, not synced, paired round 2 too.  Both pairings saw one take, and by the clocks the
    table's went first: the chief's round on the wall was left out.  The taker's pairings under
    a void take go after the others."""
    chief, table = a_void_take(2)
    assert chief.make(actions.register([], surname="Поздний", name="И", rank="5k"), 31) is not None
    chief.take(table)
    state = merge(chief.held.values()).state
    assert state.hall is not None and state.hall.chief == chief.device
    ours = chief.make(actions.pair(state, random.Random(1)), 40)
    theirs = table.make(actions.pair(merge(table.held.values()).state, random.Random(7)), 41)
    the_chief_s_round_stands(chief, table, ours, theirs)


def test_a_merge_of_a_hall_with_a_void_take_continued_applies_only_what_came(monkeypatch) -> None:
    """A review: once a hall held a void take, each sync merged the whole log twice (2 s a sync
    of 1,700 events).  Both of its merges continue from the earlier one's."""
    chief, table = a_void_take(2)
    assert chief.make(actions.register([], surname="Поздний", name="И", rank="5k"), 31) is not None
    chief.take(table)
    assert chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 40) is not None
    assert table.make(actions.pair(merge(table.held.values()).state, random.Random(7)), 41) is not None
    chief.take(table)
    earlier = merge(chief.held.values())
    assert earlier.demoted and earlier.plain is not None
    assert chief.make(actions.result(2, 1, "W+"), 50) is not None
    kinds = applied(monkeypatch)
    continued = merge(chief.held.values(), since=earlier)
    assert kinds == [ev.RESULT_RECORDED, ev.RESULT_RECORDED]  # once in each order
    kinds.clear()
    assert merge(chief.held.values()) == continued and len(kinds) >= 2 * len(continued.events)  # from scratch


def test_a_second_merge_that_would_make_a_void_take_stand_is_not_taken() -> None:
    """helper-193, from a fuzzer's day, reduced.  A table enters a registration, then takes the
    role; the chief, alive and unaware, completes round 1, pairs round 2 and enters round 2's
    results (the take is void on his laptop); the table, under its take, pairs round 2 too.  The
    chief syncs: his screen says he is still the chief; he pairs round 3.  Once both synced, the
    first fold finds the take void and demotes the table's pairing; the second fold (cb2b69a)
    stages the table's registration by the chief's round 3, the only pairing left that saw it,
    so the registration and the take go after the chief's unaware entries by the clocks — the
    take stood, the chief's round 3 (made as chief) was left out, and the table was the chief.
    A take the first fold found void and the second places after the entry that voided it is
    left out of the second (helper-198; a first cure kept the first fold instead)."""
    chief, table, ours = the_second_merge_refused()
    merged = merge(chief.held.values())
    assert merge(table.held.values()) == merged
    assert replay(merged.events) == merged.state
    assert ours.origin is not None and ours.origin.key not in left(merged), "the alive chief's round 3 is left out"
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device


def the_second_merge_refused() -> tuple[Laptop, Laptop, Event]:
    """helper-193's day (above): the laptops synced, and the chief's round 3."""
    chief, table = founded(2)
    assert table.make(actions.register([], surname="Late", name="X", rank="5k"), 2520) is not None  # 10:42
    assert table.make(actions.take_chief(table.device, DEVICES[0]), 2580) is not None  # 10:43
    for board in range(1, 4):
        assert chief.make(actions.result(1, board, "W+"), 700 + board) is not None
    assert chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 1170) is not None  # 10:19
    for board in range(1, 4):
        assert table.make(actions.result(1, board, "W+"), 2880 + board) is not None
    assert table.make(actions.pair(merge(table.held.values()).state, random.Random(7)), 2900) is not None
    for board in range(1, 4):
        assert chief.make(actions.result(2, board, "B+"), 1200 + board) is not None  # 10:20, unaware of the take
    chief.take(table)
    state = merge(chief.held.values()).state
    assert state.hall is not None and state.hall.chief == chief.device and not state.hall.taken, (
        "his screen: the take is void"
    )
    ours = chief.make(actions.pair(state, random.Random(1)), 2135)
    assert ours is not None
    table.take(chief)
    return chief, table, ours


def test_a_second_merge_is_continued_too(monkeypatch) -> None:
    """A review: where the merge with a void take's pairings demoted was not taken, every sync
    made it again over the whole log.  Whichever is kept, the other is kept beside it
    (``Merged.tried``, ``Merged.plain``) and continued."""
    chief, table, _ours = the_second_merge_refused()
    earlier = merge(chief.held.values())
    assert earlier.demoted and earlier.plain is not None
    assert [str(n) for e, n in earlier.left_out if ev.is_take(e)] == [
        "the chief's role was not lost: Chief made entries unaware of the take"
    ]
    assert table.make(actions.result(3, 1, "W+"), 2200) is not None
    chief.take(table)
    kinds = applied(monkeypatch)
    continued = merge(chief.held.values(), since=earlier)
    assert kinds == [ev.RESULT_RECORDED, ev.RESULT_RECORDED]  # once in each order
    assert merge(chief.held.values()) == continued


def test_pairings_that_saw_each_other_wait_and_break_nothing() -> None:
    """A review: two pairings whose ``seen`` name each other (signed by a laptop with the hall's
    secret, or a damaged chain) wait, as any event whose past is not here: the pairings' order
    raised a bare StopIteration, every laptop's merge with it."""
    chief, _table = founded(2)
    paired = next(e for e in chief.held.values() if e.kind == ev.ROUND_PAIRED)
    assert paired.origin is not None
    a, b = DEVICES[0], DEVICES[1]
    top = max(seq for device, seq in chief.held if device == a)
    mine = replace(paired, origin=replace(paired.origin, seq=top + 1, seen=((b, 1),)))
    theirs = replace(paired, origin=replace(paired.origin, device=b, seq=1, seen=((a, top + 1),)))
    held = [*chief.held.values(), mine, theirs]
    assert mine not in causal_order(held) and theirs not in causal_order(held)
    assert merge(held) == merge(chief.held.values())


def test_the_chief_s_round_made_unaware_of_a_take_goes_before_the_taker_s() -> None:
    """A fuzzer's day, reduced (helper-193's harness): the chief registered two latecomers,
    completed round 1 and paired round 2; a table, its clock behind, marked a skip, took the
    role, completed round 1 itself and paired round 2 too.  Ordered by the clocks alone, the
    table's round went first and the chief's was left out — his pairing voided the take only
    after it.  A pairing made knowing of fewer takes of the role goes first (``_stages``): the
    demotion of a void take's pairings alone did not cover this day."""
    laptops = founded(3, players=7)
    chief, table = laptops[0], laptops[2]
    for k in range(2):
        assert chief.make(actions.register(chief.log(), surname=f"L{k}", name="X", rank=f"{k + 3}k"), 1119 + k)
    assert table.make(actions.skip(5, [2]), 270) is not None
    for laptop, clock in ((chief, 1239), (table, 390)):
        if laptop is table:
            assert table.make(actions.take_chief(table.device, DEVICES[0]), clock) is not None
            clock += 60
        played = merge(laptop.held.values()).state.rounds[-1]
        for board in played.missing:
            assert laptop.make(actions.result(1, board, "W+F"), clock) is not None
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(3)), 1239)
    theirs = table.make(actions.pair(merge(table.held.values()).state, random.Random(0)), 450)
    assert ours is not None and theirs is not None
    merged = everyone(laptops)
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin
    assert theirs.origin is not None and theirs.origin.key in left(merged)


def test_a_take_made_on_another_take_is_void_with_it_when_the_chief_is_alive() -> None:
    """A fuzzer's day, older than the forty-seventh session: a table took the role, a second
    table saw it and took the role from the first, and paired round 2; the chief, alive and
    knowing of neither, registered a latecomer.  Only the last take was kept, as taken from the
    first table: the chief's entries voided nothing, and the second table stayed the chief.
    Both takes are void: the chief is the chief again (round 2 stands: he had not paired it)."""
    chief, first, second = a_void_take(3)
    second.take(first)
    assert second.make(actions.take_chief(second.device, first.device), 31) is not None
    assert second.make(actions.pair(merge(second.held.values()).state, random.Random(7)), 32) is not None
    assert chief.make(actions.register([], surname="Поздний", name="И", rank="5k"), 45) is not None
    merged = everyone([chief, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert merged.state.hall.taken == () and set(merged.void) == {(first.device, 1), (second.device, 1)}
    assert left(merged) == {} and merged.state.paired_rounds == 2


@pytest.mark.parametrize("second_saw_the_first", [True, False])
def test_a_second_take_racing_the_chief_s_round_costs_him_nothing(second_saw_the_first: bool) -> None:
    """Two tables took the role, the second having seen the first's take (from the first) or not
    (from the chief, at once), and the second paired round 2; the chief, alive, paired it too,
    knowing of neither.  Kept in the log after the first take, the second counted as taken from
    the first table, and the chief's round was lost (a fuzzer).  Now a take made on the first,
    which the chief's round voided, is left out; one made at once is void with the first: the
    chief's round stands, the second table's goes."""
    chief, first, second = a_void_take(3)
    if second_saw_the_first:
        second.take(first)
    lost = first if second_saw_the_first else chief
    take = second.make(actions.take_chief(second.device, lost.device), 31)
    theirs = second.make(actions.pair(merge(second.held.values()).state, random.Random(7)), 32)
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 45)
    assert take is not None and theirs is not None and ours is not None
    merged = everyone([chief, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin
    not_the_chief = {theirs.origin.key: "only the chief's laptop (Chief) may do this"}
    if second_saw_the_first:
        made_on = "the chief's role was taken from Table 1, which was not the chief's then"
        assert left(merged) == {take.origin.key: made_on, **not_the_chief}
        assert set(merged.void) == {(first.device, 1)}
    else:
        assert left(merged) == not_the_chief and set(merged.void) == {(first.device, 1), (second.device, 1)}


def test_of_two_takes_at_once_from_a_chief_lost_indeed_each_taker_s_entries_stand() -> None:
    """helper-197: the chief's laptop is dead; two tables take the role at once, the first
    changes the settings, the second pairs round 2.  The second take was refused, and its round
    with it (the first taker was the chief and paired nothing); the last take the chief's, the
    first one's change was refused.  Each taker's entries as the chief, made knowing of no
    later take, stand; the last taker is the chief, and the first acts as one no longer once it
    knows of it."""
    chief, first, second = a_void_take(3)
    renamed = first.make(actions.change_settings(name="Кубок зала"), 31)
    take = second.make(actions.take_chief(second.device, chief.device), 31)
    theirs = second.make(actions.pair(merge(second.held.values()).state, random.Random(7)), 32)
    assert renamed is not None and take is not None and theirs is not None
    merged = everyone([chief, first, second])  # the dead laptop's disk read by the others: no entry after the takes
    assert merged.state.hall is not None and merged.state.hall.chief == second.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == theirs.origin and left(merged) == {}
    assert merged.state.settings.name == "Кубок зала"
    assert first.make(actions.change_settings(name="Кубок"), 40) is None  # it knows of the second take now


def test_what_the_first_of_two_takes_at_once_did_as_the_chief_stands_for_the_chief_alive() -> None:
    """helper-196's fuzzer, day 603 reduced: a table took the role and changed the colours of
    board 1; a second table took it too, unaware; the chief, alive, registered a latecomer,
    then saw the first table's entries, entered round 1 on the colours as changed and paired
    round 2.  Taken by the second table in the log, the role made the first's change of
    colours void: the chief's result on board 1 was on another game, and his round 2 was left
    out, round 1 incomplete.  The first table made its change knowing of no later take: it
    stands (``replay._taken_at_once``), and so does the chief's round."""
    chief, first, second = founded(3)
    assert first.make(actions.take_chief(first.device, chief.device), 600) is not None
    state = merge(first.held.values()).state
    colours = first.make(actions.colours(state, 1, 1, state.rounds[0].boards[0].black), 660)
    assert chief.make(actions.register([], surname="Поздний", name="И", rank="5k"), 720) is not None
    assert second.make(actions.take_chief(second.device, chief.device), 780) is not None
    chief.take(first)
    ours = _completed_and_paired(chief, "W+F", 900)
    assert colours is not None
    merged = everyone([chief, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin
    assert colours.origin is not None and colours.origin.key not in left(merged)


def test_a_take_after_the_role_came_back_is_void_by_the_chief_knowing_only_the_first() -> None:
    """helper-197: a table took the role, the chief saw it, and the table handed the role back to
    him; a second table, cut off, took it from him; the chief, alive, paired round 2 knowing of
    the first take alone.  Knowing of one take from him settled both, and his round was lost.
    What he knew of stands; the take of his role since, which he did not know of, is void."""
    chief, first, second = a_void_take(3)
    chief.take(first)
    assert first.make(actions.chief(chief.device), 31) is not None
    chief.take(first)
    second.take(first)
    assert second.make(actions.take_chief(second.device, chief.device), 33) is not None
    theirs = second.make(actions.pair(merge(second.held.values()).state, random.Random(7)), 34)
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 45)
    assert theirs is not None and ours is not None
    merged = everyone([chief, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin
    assert left(merged) == {theirs.origin.key: "only the chief's laptop (Chief) may do this"}
    assert set(merged.void) == {(second.device, 1)}


def test_the_role_a_taker_handed_on_goes_back_to_the_chief_alive() -> None:
    """helper-193's fuzzer: a table took the role and handed it to another table, which paired
    round 2; the chief, alive and knowing of neither, registered a latecomer.  The handover had
    settled the take, and the chief stayed a helper.  A take stays in doubt through a handover
    of the role: the chief's entry voids it, and the role the taker gave on goes back to him."""
    chief, first, second = a_void_take(3)
    assert first.make(actions.chief(second.device), 31) is not None
    second.take(first)
    assert second.make(actions.pair(merge(second.held.values()).state, random.Random(7)), 32) is not None
    assert chief.make(actions.register([], surname="Поздний", name="И", rank="5k"), 45) is not None
    merged = everyone([chief, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert left(merged) == {} and set(merged.void) == {(first.device, 1)}


def test_the_chief_s_undo_of_the_entry_that_voided_a_take_leaves_the_take_void() -> None:
    """helper-193: the chief, alive, registered a latecomer unaware of a table's take (void),
    then synced, saw the take, and undid the registration: the take stood again, and the role
    went back to the table.  What the chief entered unaware of the take says he was alive,
    undone or not: he stays the chief, on every laptop and in the file's replay."""
    chief, table = a_void_take(2)
    late = chief.make(actions.register([], surname="Поздний", name="И", rank="5k"), 31)
    assert late is not None
    chief.take(table)
    assert chief.make(actions.undo(next(e.id for e in chief.log() if e.origin == late.origin)), 40) is not None
    merged = everyone([chief, table])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert replay(merged.events).hall == merged.state.hall
    assert table.make(actions.pair(merge(table.held.values()).state, random.Random(7)), 41) is None
    assert chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 42) is not None


def written_before_from(laptop: Laptop, clock: int) -> Event:
    """A take of the chief's role by ``laptop`` as Tengen wrote it before takes said whose
    role they take (``Take.chained``)."""
    made = laptop.make((ev.CHIEF_CHANGED, {"device": laptop.device, "taken": True}), clock)
    assert made is not None
    return made


def test_takes_written_before_they_said_whose_role_replay_as_they_did() -> None:
    """A hall's file written before: two takes of the role, then the chief's entries unaware of
    them.  Its laptops replayed it with the last take alone in doubt, and the chief's entries
    voided nothing; the file opens, and replays, as it did: the second table's round stands."""
    chief, first, second = founded(3)
    for board in range(1, 4):
        chief.make(actions.result(1, board, "W+"), 20 + board)
    first.take(chief)
    second.take(chief)
    written_before_from(first, 30)
    second.take(first)
    written_before_from(second, 31)
    theirs = second.make(actions.pair(merge(second.held.values()).state, random.Random(7)), 32)
    assert chief.make(actions.register([], surname="Поздний", name="И", rank="5k"), 45) is not None
    assert theirs is not None
    merged = everyone([chief, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == second.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == theirs.origin
    assert merged.void == {}


@pytest.mark.parametrize("lost", ["itself", "stranger"])
def test_a_take_from_no_other_laptop_of_the_hall_is_refused(lost: str) -> None:
    chief, table = founded(2)
    named = table.device if lost == "itself" else "e" * 32
    with pytest.raises(InvalidEvent, match="the chief's role is taken from another laptop of the hall"):
        append(table.log(), *actions.take_chief(table.device, named), "2026-12-01T10:00:00+00:00",
               merge(table.held.values()).state, Stamper(table.log(), table.device, SECRET))  # fmt: skip


def _completed_and_paired(laptop: Laptop, code: str, clock: int) -> Event:
    """Round 1's three boards entered ``code`` on ``laptop`` and round 2 paired there."""
    return _completed_and_paired_round(laptop, 1, code, clock)


def _completed_and_paired_round(laptop: Laptop, number: int, code: str, clock: int) -> Event:
    """Round ``number``'s boards without a result entered ``code`` on ``laptop``, and the next
    round paired there."""
    for board in merge(laptop.held.values()).state.rounds[number - 1].missing:
        assert laptop.make(actions.result(number, board, code), clock) is not None
    paired = laptop.make(actions.pair(merge(laptop.held.values()).state, random.Random(clock)), clock)
    assert paired is not None
    return paired


def test_a_round_of_the_table_the_chief_handed_the_role_to_stands_beside_its_own_void_take() -> None:
    """helper-196's fuzzer, reduced: the chief handed the role to a table as that table and
    another took it from him; the first table, the chief's by the handover, completed round 1
    and paired round 2, and so did the other, under its take.  The handover voided both takes,
    and the first table's round, made after its void take, went after the other's: neither
    round 2 stood.  A round made knowing of the entry that voided its laptop's take is not made
    under that take."""
    chief, table, first, second = founded(4)
    assert chief.make(actions.chief(first.device), 600) is not None
    assert second.make(actions.take_chief(second.device, chief.device), 660) is not None
    assert first.make(actions.take_chief(first.device, chief.device), 60) is not None  # its clock 10 minutes behind
    first.take(chief)
    theirs = _completed_and_paired(second, "W+", 840)
    ours = _completed_and_paired(first, "B+", 240)
    merged = everyone([chief, table, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == first.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin
    assert theirs.origin is not None and theirs.origin.key in left(merged)


def test_the_chief_s_round_stands_where_a_take_made_after_it_stands_in_the_second_merge() -> None:
    """helper-196's fuzzer, reduced: a table took the role; the chief, alive, entered board 2
    unaware of it; a second table entered round 1, took the role and paired round 2; the chief
    saw the first take, completed round 1 and paired round 2.  The merge with the second
    table's round after the chief's was not kept, the second take standing in it (it came after
    the chief's entries, which voided the first): the chief's round was left out for the
    second table's, itself then left out.  A second merge is kept unless it leaves out a round
    the first kept, other than the takers': the chief's round stands."""
    chief, first, second = founded(3)
    assert second.make(actions.take_chief(second.device, chief.device), 600) is not None
    assert chief.make(actions.result(1, 2, "B+"), 1620) is not None
    for board in range(1, 4):
        assert first.make(actions.result(1, board, "W+F"), 720) is not None
    assert first.make(actions.take_chief(first.device, chief.device), 840) is not None
    theirs = first.make(actions.pair(merge(first.held.values()).state, random.Random(1)), 900)
    chief.take(second)
    for board in (1, 3):
        assert chief.make(actions.result(1, board, "W+F"), 1920) is not None
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(2)), 1920)
    assert theirs is not None and ours is not None
    merged = everyone([chief, first, second])
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin
    assert theirs.origin is not None and theirs.origin.key in left(merged)


def test_a_pairing_names_what_the_entries_it_saw_had_seen() -> None:
    """helper-196's fuzzer, reduced, no take in it: a table withdrew player 1 from round 2 as
    the chief paired round 2 and undid it; the chief's merge left the withdrawal out (round 2
    paired); a second table saw it, registered a latecomer, and the chief, holding both, paired
    round 2 again, player 1 in it.  His pairing named the latecomer, not the withdrawal behind
    it: the next merge put the withdrawal after his undo, where it fit, and his round, made as
    the chief, was left out on his own laptop at once.  A new event names all its log's events
    had seen: the order stays, and so does his round."""
    chief, first, second = founded(3)
    for board in range(1, 4):
        assert second.make(actions.result(1, board, "W+"), 600) is not None
    assert first.make(actions.withdraw(merge(first.held.values()).state, 1), 660) is not None
    for board in range(1, 4):
        assert chief.make(actions.result(1, board, "W+"), 2100) is not None
    assert chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 2100) is not None
    assert chief.make(actions.undo(chief.log()[-1].id), 2160) is not None
    second.take(first)
    assert second.make(actions.register(second.log(), surname="Поздний", name="И", rank="5k"), 900) is not None
    chief.take(second)
    withdrawal = (first.device, 1)
    assert list(left(merge(chief.held.values()))) == [withdrawal]
    ours = chief.make(actions.pair(merge(chief.held.values()).state, random.Random(1)), 2460)
    assert ours is not None and ours.origin is not None and dict(ours.origin.seen)[first.device] == 1
    merged = everyone([chief, first, second])
    assert list(left(merged)) == [withdrawal]
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin


def test_a_round_the_second_of_two_takers_paired_stands_for_the_chief_who_went_on_from_it() -> None:
    """helper-196's fuzzer, day 1747 reduced: two tables took the role at once while the chief,
    alive, entered board 1; the second completed round 1 and paired round 2; the chief saw it,
    entered round 2 and paired round 3.  With the first take the chief's, the second's round 2
    was refused, and with it the chief's results and his round 3.  It was made knowing of no
    later take: it stands, and so does all the chief built on it."""
    chief, table, first, second = founded(4)
    assert chief.make(actions.result(1, 1, "W+F"), 600) is not None
    assert first.make(actions.take_chief(first.device, chief.device), 660) is not None
    assert second.make(actions.take_chief(second.device, chief.device), 720) is not None
    _completed_and_paired(second, "W+F", 780)
    chief.take(second)
    ours = _completed_and_paired_round(chief, 2, "B+", 900)
    merged = everyone([chief, table, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert merged.state.paired_rounds == 3 and merged.events[merged.state.rounds[2].event - 1].origin == ours.origin
    assert left(merged) == {}


def test_of_two_rounds_paired_under_takes_at_once_the_one_the_chief_went_on_from_stands() -> None:
    """helper-196's fuzzer, day 1755 reduced: two tables took the role at once, each completed
    round 1 its own way and paired round 2; the chief, alive, registered a latecomer unaware,
    then saw the second table's round, entered it and paired round 3.  Both rounds went after
    the others, made under void takes, and the first's, its clock 25 minutes behind, came
    first: the chief's results and round 3 were left out.  A round another round was made after
    keeps its place."""
    chief, table, first, second = founded(4)
    assert first.make(actions.take_chief(first.device, chief.device), -900) is not None
    assert chief.make(actions.register([], surname="Поздний", name="И", rank="5k"), 660) is not None
    assert second.make(actions.take_chief(second.device, chief.device), 720) is not None
    theirs = _completed_and_paired(first, "W+", -720)
    seen = _completed_and_paired(second, "B+", 840)
    chief.take(second)
    ours = _completed_and_paired_round(chief, 2, "B+", 960)
    merged = everyone([chief, table, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert [merged.events[played.event - 1].origin for played in merged.state.rounds[1:]] == [seen.origin, ours.origin]
    assert theirs.origin is not None and list(left(merged)) == [theirs.origin.key]


def test_the_chief_who_knew_of_one_of_two_takes_at_once_is_a_helper() -> None:
    """helper-196's fuzzer, day 2310 reduced: a table took the role and the chief, having seen
    it, entered a board; a second table took the role too, at once with the first.  The chief's
    entry, unaware of the second take, voided it: he was the chief again on his own laptop,
    paired round 2, and the first table's round 2 left his out.  Knowing of the first take he
    knew he was no chief: the take made at once with it stands (``Take.at_once``)."""
    chief, table, first, second = founded(4)
    assert first.make(actions.take_chief(first.device, chief.device), 600) is not None
    chief.take(first)
    assert chief.make(actions.result(1, 1, "B+"), 780) is not None
    assert second.make(actions.take_chief(second.device, chief.device), 1320) is not None
    theirs = _completed_and_paired(first, "W+F", 960)
    chief.take(second)
    for board in (2, 3):
        assert chief.make(actions.result(1, board, "W+F"), 900) is not None
    state = merge(chief.held.values()).state
    assert state.hall is not None and state.hall.chief == second.device
    assert chief.make(actions.pair(state, random.Random(1)), 900) is None
    merged = everyone([chief, table, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == second.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == theirs.origin


def test_a_taker_that_handed_the_role_to_the_other_taker_at_once_is_a_helper() -> None:
    """helper-200: two tables took the role at once, the second the chief's in the log; the
    second handed the role to the first, and both synced.  The second, knowing it had handed the
    role on, still changed the settings and paired round 2 as one of two takers at once, and the
    first's round, the chief's by the handover, was left out.  Once the role is handed on, the
    chief's is no take, and no taker acts as the chief by its own."""
    chief, first, second = founded(3)
    assert first.make(actions.take_chief(first.device, chief.device), 600) is not None
    assert second.make(actions.take_chief(second.device, chief.device), 660) is not None
    assert second.make(actions.chief(first.device), 700) is not None
    second.take(first)
    first.take(second)
    assert second.make(actions.change_settings(name="Переименован"), 720) is None
    ours = _completed_and_paired(first, "B+", 760)
    merged = everyone([chief, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == first.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin and left(merged) == {}


def test_a_take_undone_by_its_table_leaves_a_later_take_void_by_the_chief_alive() -> None:
    """helper-200 (its fuzzer's day 6742): a table took the role and undid its take; the chief
    saw both — the chief, nothing pending; a second table, cut off, took the role from him, and
    he completed round 1 and paired round 2 unaware of it.  In the log the second take came
    before the first one's undo, which was refused as not the chief's: the second take, at once
    with the first, was not voided, and the chief's round was left out.  A laptop's take is its
    own to undo."""
    chief, first, second = founded(3)
    assert first.make(actions.take_chief(first.device, chief.device), 600) is not None
    assert first.make(actions.undo(first.log()[-1].id), 1500) is not None
    chief.take(first)
    assert second.make(actions.take_chief(second.device, chief.device), 660) is not None
    ours = _completed_and_paired(chief, "W+", 1600)
    merged = everyone([chief, first, second])
    assert merged.state.hall is not None and merged.state.hall.chief == chief.device
    assert merged.events[merged.state.rounds[1].event - 1].origin == ours.origin and left(merged) == {}
    assert set(merged.void) == {(second.device, 1)}
