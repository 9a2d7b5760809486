"""Appending to the log: validation, undo and redo as retractions.

Undo appends a retraction of the latest standing action; redo retracts the latest
standing undo, as long as nothing new was done since (a new action ends the redo
chain, as in any editor).  On a hall's laptop both look at its own entries only, and
neither at the hall's own events (a laptop enrolled).  A retraction is allowed whenever
the log without its target still replays, which is what keeps a round's pairing from
being undone under its results.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from schemes.errors import InvalidEvent, Notice, RoundIncomplete, counted
from schemes.log import events as ev
from schemes.log.events import Event, retracted_ids
from schemes.log.replay import apply, bracket_faults, check_not_disputed, check_retraction, extend, still_the_chief
from schemes.registry import get_scheme
from schemes.state.model import Laptop, Tournament, as_played
from schemes.values.ranks import rank_label
from schemes.values.text import number_runs
from schemes.values.timecontrol import unrated


class WouldBreak(InvalidEvent):
    """Undoing an event would leave a later one that no longer fits.  Its fields are values an
    interface words in its language (kept as a ``Notice``: a hall's left-out undo read
    «так нарушится запись 14 (round 1 paired (4 boards)): the numbering must…»)."""

    template = "that would break event {event} ({what}): {reason}"

    def __init__(self, target: Event, cause: InvalidEvent, state: Tournament | None = None) -> None:
        self.target, self.cause = target, cause
        self.state = state
        """The tournament the log had reached before ``target``, where known: an interface names
        the entry's players as the boards number them."""
        super().__init__(event=target.id, what=Notice(*describe_parts(target)), reason=Notice.of(cause))


@dataclass(frozen=True)
class Appended:
    """A checked event, the state it leads to, and what the referee should know."""

    event: Event
    state: Tournament
    warnings: tuple[Notice, ...] = ()


@dataclass(frozen=True)
class Batch:
    """Checked events appended together, the state the last leads to, and what the referee
    should know of them (no state in between is kept: a list of thousands would keep
    thousands of tournaments)."""

    events: tuple[Event, ...]
    state: Tournament
    warnings: tuple[Notice, ...] = ()


def describe_parts(event: Event, laptops: Mapping[str, Laptop] | None = None) -> tuple[str, dict[str, Any]]:
    """The account of an event as an English template and its values, so that an
    interface can translate the template and fill it in; a laptop of the hall by its name where
    ``laptops`` (the hall's) knows it, else by the start of its id."""
    d = event.data

    def laptop(device: str) -> str:
        known = laptops.get(device) if laptops is not None else None
        return known.name if known is not None else device[:8]

    match event.kind:
        case ev.TOURNAMENT_CREATED:
            if "imported_from" in d:  # a switch from OpenGotha: the log begins where the referee's file did
                return "tournament {name!r} imported from the OpenGotha file {file} ({scheme})", {
                    "name": d["name"], "scheme": d["scheme"], "file": d["imported_from"]}  # fmt: skip
            return "tournament {name!r} created ({scheme})", {"name": d["name"], "scheme": d["scheme"]}
        case ev.PLAYER_REGISTERED:
            return "player {player} registered: {who}", {
                "player": d["player"],
                "who": f"{d['surname']} {d['name']}".strip(),
            }
        case ev.PLAYER_EDITED if set(d) == {"player", "preregistered"}:
            if d["preregistered"]:
                return "player {player} registered in advance", {"player": d["player"]}
            return "player {player} confirmed at the venue", {"player": d["player"]}
        case ev.PLAYER_EDITED:
            changes = _changes({k: v for k, v in d.items() if k != "player"})
            return "player {player} edited: {changed}", {
                "player": d["player"],
                "changed": ", ".join(f"{k} {v}" for k, v in changes),
                "changes": changes,
            }
        case ev.PLAYER_SKIPS:
            several = len(d["rounds"]) > 1  # «пропускает тур 2, 3, 4» read oddly (a trial)
            return "player {player} skips rounds {rounds}" if several else "player {player} skips round {rounds}", {
                "player": d["player"],
                "rounds": ", ".join(map(str, d["rounds"])),
            }
        case ev.PLAYER_WITHDRAWN:
            return "player {player} withdrawn from round {round}", {"player": d["player"], "round": d["from_round"]}
        case ev.PLAYER_RETURNED:
            return "player {player} back from round {round}", {"player": d["player"], "round": d["from_round"]}
        case ev.ROUND_PAIRED:
            boards = len(d["boards"])  # a play-off's final: «(1 boards)» in English (a trial)
            template = "round {round} paired ({boards} boards)"
            if boards == 1:
                template = "round {round} paired ({boards} board)"
            return template, {"round": d["round"], "boards": boards}
        case ev.RESULT_RECORDED:
            template = "result round {round} board {board}: {code}"
            if d.get("swapped"):
                template += " colours swapped"
            code = as_played(d["code"], d.get("swapped", False))  # said in the colours played, as it was typed
            return template, {"round": d["round"], "board": d["board"], "code": code}
        case ev.PAIRING_AMENDED:
            return _amendment(d["round"], d["change"])
        case ev.SETTINGS_CHANGED:
            flat = {k: v for k, v in d.items() if k != "params"} | dict(d.get("params", {}))
            changes = [("title" if key == "name" else key, text) for key, text in _changes(flat)]
            return "settings changed: {changed}", {
                "changed": ", ".join(f"{k} {v}" for k, v in changes),
                "changes": changes,
            }
        case ev.RETRACTED:
            return "retraction of event {event}", {"event": d["event"]}
        case ev.HALL_FOUNDED:
            return "hall founded by laptop {laptop}", {"laptop": d["name"]}
        case ev.DEVICE_ENROLLED:
            return "laptop {laptop} enrolled in the hall", {"laptop": d["name"]}
        case ev.CHIEF_CHANGED if d.get("taken") and "from" in d:
            return "the chief's role taken by laptop {laptop} from laptop {lost}", {
                "laptop": laptop(d["device"]),
                "lost": laptop(d["from"]),
            }
        case ev.CHIEF_CHANGED if d.get("taken"):
            return "the chief's role taken by laptop {laptop}", {"laptop": laptop(d["device"])}
        case ev.CHIEF_CHANGED:  # the event names the laptop by its id alone
            return "the chief's role handed to laptop {laptop}", {"laptop": laptop(d["device"])}
    return event.kind, {}


_SWAP = re.compile(r"swap (\d+) (\d+)")
_COLOURS = re.compile(r"colours board (\d+): (\d+) white")
_HANDICAP = re.compile(r"handicap board (\d+): (\d+) komi (-?[0-9.]+)")


def _amendment(number: int, change: str) -> tuple[str, dict[str, Any]]:
    """A change by hand in words: the log records it as ``swap 19 7`` or ``colours board 3: 5
    white`` (``actions.swap``, ``actions.colours``), which no catalogue could translate."""
    if swap := _SWAP.fullmatch(change):
        return "round {round} changed by hand: players {a} and {b} swapped", {
            "round": number,
            "a": int(swap[1]),
            "b": int(swap[2]),
        }
    if colours := _COLOURS.fullmatch(change):
        return "round {round} changed by hand: on board {board} player {white} takes white", {
            "round": number,
            "board": int(colours[1]),
            "white": int(colours[2]),
        }
    if handicap := _HANDICAP.fullmatch(change):
        return "round {round} changed by hand: on board {board} handicap {stones}, komi {komi}", {
            "round": number,
            "board": int(handicap[1]),
            "stones": int(handicap[2]),
            "komi": handicap[3],
        }
    if change == ev.AS_PLAYED:
        return "round {round} entered from paper", {"round": number}
    if change == ev.REST:
        return "round {round}: the players on no board paired", {"round": number}
    return "round {round} changed by hand: {change}", {"round": number, "change": change}


def _changes(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Changed fields as a referee reads them: a rank as its label, no rating as a dash, a
    yes-or-no parameter as yes or no, a list as its items (a trial read «placementCriteria
    ['MMS', 'SOSM']»)."""
    shown = []
    for key, value in data.items():
        if key == "rank":
            text = rank_label(value)
        elif value is None or value == "":
            text = "—"
        elif isinstance(value, list | tuple):  # a block's players; an order of criteria or tie-breaks
            text = (" " if key == "block" else ",").join(map(str, value)) or "—"
        elif isinstance(value, bool):  # OpenGotha's yes-or-no parameters, not Python's True
            text = "yes" if value else "no"
        elif isinstance(value, float):
            text = f"{value:g}"
        else:
            text = str(value)
        shown.append((key, text))
    return shown


def describe(event: Event) -> str:
    """A short account of an event for the log and for undo messages."""
    template, values = describe_parts(event)
    return counted(template, **values)


Stamp = Callable[[Event], Event]
"""What a hall's laptop adds to each new event before it is checked: its origin and MAC."""


def append(
    events: Sequence[Event],
    kind: str,
    data: dict[str, Any],
    at: str = "",
    state: Tournament | None = None,
    stamp: Stamp | None = None,
) -> Appended:
    """Check ``kind``/``data`` as the next event of ``events``; InvalidEvent if it cannot stand.

    ``state``, the replay of ``events`` when the caller has it, saves replaying the
    whole log for an ordinary event: replay is deterministic, so applying the event
    to it gives the same state (and ``events`` is then only counted: a caller may hand
    a log it has not read).  A retraction always replays, since it changes the past.
    """
    ev.check_shape(kind, data)
    if kind == ev.RESULT_RECORDED:
        state = state if state is not None else replay_explaining(list(events), None)
        data = seated(state, data)
    event = Event(len(events) + 1, kind, data, at)
    if stamp is not None:
        event = stamp(event)
    before = state
    if kind == ev.RETRACTED:
        check_undoable(list(events), data["event"])
        if event.origin is not None:  # a hall's laptop: the chief's own are undone by the chief alone
            check_retraction(state or replay_explaining(list(events), None), events, data["event"],
                             event.origin.device)  # fmt: skip
        state = replay_explaining([*events, event], event)
    elif state is None or kind == ev.TOURNAMENT_CREATED:
        state = replay_explaining([*events, event], event)
    else:
        state = apply(state, event)
    keep_the_bracket(events, [event], before, state)
    keep_apart(state, [event])
    warnings = _warnings(events, event, state, state.paired_rounds)
    if kind == ev.PLAYER_EDITED and before is not None and before.paired_rounds:
        player = data["player"]
        if before.players[player].rank != state.players[player].rank:
            warnings = (*warnings, _new_rank(before, state, player))
    rescored = _new_params(before, state, [event], events)
    return Appended(event, state, (*warnings, rescored) if rescored else warnings)


def append_all(
    events: Sequence[Event],
    actions: Sequence[tuple[str, dict[str, Any]]],
    at: str = "",
    state: Tournament | None = None,
    stamp: Stamp | None = None,
) -> Batch:
    """Check ``actions`` as the next events of ``events``, each on the log as the ones
    before it leave it; InvalidEvent if any cannot stand (then none is appended).

    The cost is their number, not their number times the state's size: without
    retractions among them, runs of registrations and of results are applied at once
    (``replay.extend``).  ``state`` is the replay of ``events``, as for ``append``."""
    if not actions:
        raise ValueError("nothing to append")
    if len(actions) == 1:  # the log only counted, as for ``append``
        appended = append(events, *actions[0], at, state, stamp)
        return Batch((appended.event,), appended.state, appended.warnings)
    if any(kind == ev.RETRACTED for kind, _data in actions) or (events and state is None):
        log, warnings = list(events), list[Notice]()
        for kind, data in actions:
            appended = append(log, kind, data, at, state, stamp)
            log.append(appended.event)
            state = appended.state
            warnings.extend(appended.warnings)
        assert state is not None
        return Batch(tuple(log[len(events) :]), state, tuple(warnings))
    made = [Event(len(events) + i, kind, data, at) for i, (kind, data) in enumerate(actions, start=1)]
    for event in made:
        ev.check_shape(event.kind, event.data)
    made = _all_seated(state, made)
    if stamp is not None:
        made = [stamp(event) for event in made]
    before = state.paired_rounds if state is not None else 0
    final = extend(state, made)
    assert final is not None
    keep_the_bracket(events, made, state, final)
    keep_apart(final, made)
    notices: list[Notice] = []
    for event in made:
        before += event.kind == ev.ROUND_PAIRED
        notices.extend(_warnings(events, event, final, before))
    rescored = _new_params(state, final, made, events)
    return Batch(tuple(made), final, tuple([*notices, rescored] if rescored else notices))


def seated(state: Tournament, data: Mapping[str, Any]) -> dict[str, Any]:
    """A result's data with the game its board seats as this laptop has it (``Board.game``: the
    players with their colours, the handicap, the komi): the replay scores it only on that game
    (``replay._checked_result``).  A hall's merge had judged a result by the pairing events its
    laptop had seen, and a property test found eight races (a swap, a change of colours, an
    undo or a take of the chief's role on another laptop) that scored a result for players who
    never played it.  A board not in the state is the replay's to refuse."""
    number, board = data.get("round"), data.get("board")
    played = state.round(number) if isinstance(number, int) else None
    seat = played.board(board) if played is not None and isinstance(board, int) else None
    if seat is None or ev.GAME[0] in data:
        return dict(data)
    return {**data, **seat.game}


_BOARDS_SET = (ev.ROUND_PAIRED, ev.PAIRING_AMENDED)


def _all_seated(state: Tournament | None, made: list[Event]) -> list[Event]:
    """``made`` with each result seated (``seated``) on the state the events before it leave:
    ``state`` itself, replayed further only past a pairing or a change of one in the batch (an
    OpenGotha file's import seats its own results, so it is not replayed twice)."""
    seats: list[Event] = []
    current, done = state, 0
    for index, event in enumerate(made):
        if event.kind == ev.RESULT_RECORDED and ev.GAME[0] not in event.data:
            if current is None or any(e.kind in _BOARDS_SET for e in made[done:index]):
                current, done = extend(current, made[done:index]), index
            if current is not None:
                event = replace(event, data=seated(current, event.data))
        seats.append(event)
    return seats


def keep_apart(after: Tournament, made: Sequence[Event]) -> None:
    """Players are blocked from meeting only where the scheme's pairing keeps them apart
    (``Traits.keeps_apart``); a block taken and then ignored put a trial's pair on board 1.
    A file that holds one already (an earlier Tengen took them) refuses nothing new."""
    if get_scheme(after.settings.scheme).traits.keeps_apart:
        return
    if any(e.kind in (ev.PLAYER_REGISTERED, ev.PLAYER_EDITED) and e.data.get("block") for e in made):
        raise InvalidEvent("this scheme's pairing does not keep players apart: no «must not meet» here")


def keep_the_bracket(
    events: Sequence[Event], made: Sequence[Event], before: Tournament | None, after: Tournament
) -> None:
    """A play-off's paired rounds stay its bracket's (``replay.bracket_faults``): ``made``, the
    events that lead from ``before`` to ``after``, are refused where they put a round off it;
    a round off it already (a file of an earlier Tengen) refuses nothing new.  A result
    changing who goes through, once the next round is paired on it, is refused in the
    referee's words (a review: the new winner was not in the round paired, and the standings
    failed).  Only the rounds the events can reach are paired again: a round's bracket is
    made of the rounds before it (a hall's merge checked every round for every pairing, six
    times the merge of a play-off of 256)."""
    first = min(map(_first_reached, made), default=1)
    if first > after.paired_rounds:
        return
    faults = bracket_faults(after, first)
    if not faults:
        return
    if before is None:
        before = replay_explaining(list(events), None)
    known = bracket_faults(before, first)
    new = [number for number in faults if number not in known]
    if not new:
        return
    number = new[0]
    kinds = {event.kind for event in made}
    if ev.RESULT_RECORDED in kinds:
        raise InvalidEvent("round {round} was paired on who went through: to change this result, undo the pairing of "
                           "round {round} first", round=number)  # fmt: skip
    if ev.RETRACTED in kinds:
        undone = {e.data["event"] for e in made if e.kind == ev.RETRACTED}
        if any(e.id in undone and e.kind in _ABSENCES for e in events):  # a trial read «2-й тур не по сетке»
            raise InvalidEvent("round {round} was paired on this absence (a match decided without a game): to undo "
                               "it, undo the pairing of round {round} first", round=number)  # fmt: skip
        paired = next(e for e in events if e.id == after.rounds[number - 1].event)
        raise WouldBreak(paired, faults[number], after)
    raise faults[number]


_ABSENCES = (ev.PLAYER_WITHDRAWN, ev.PLAYER_SKIPS, ev.PLAYER_RETURNED)
"""The events that decide who comes to a round: a play-off's walkovers follow from them."""


def _first_reached(event: Event) -> int:
    """The first round whose bracket ``event`` can change: a pairing or a change by hand its
    own round, a result the rounds after its own; none, a hall's own event, a player's edit
    that does not confirm him (a name, a rank, a rating: the seeds are round 1's numbers, kept
    by its pairing), a change of settings that leaves the scheme's parameters; any other (a
    withdrawal, a skip, a confirmation, the parameters, an undo) every round.  A review timed
    a hall's merge of 100 edits to a 128-player play-off at 4.0 s with every round paired
    again for each, 0.08 s without."""
    d = event.data
    if event.kind in ev.HALL_KINDS:
        return 10**9
    if (event.kind == ev.PLAYER_EDITED and "preregistered" not in d) or (
        event.kind == ev.SETTINGS_CHANGED and "params" not in d
    ):
        return 10**9
    if event.kind in (ev.ROUND_PAIRED, ev.PAIRING_AMENDED):
        return int(d["round"])
    if event.kind == ev.RESULT_RECORDED:
        return int(d["round"]) + 1
    return 1


def undo_target(events: list[Event], whose: Callable[[Event], bool] = lambda _event: True) -> Event:
    """The latest action that still stands (of those ``whose`` accepts: a hall's laptop undoes its own)."""
    retracted = retracted_ids(events)
    for event in reversed(events):
        if event.kind not in (ev.RETRACTED, ev.TOURNAMENT_CREATED, *ev.HALL_KINDS) and event.id not in retracted:
            if whose(event):
                return event
    raise InvalidEvent("nothing to undo")


def redo_target(events: list[Event], whose: Callable[[Event], bool] = lambda _event: True, made: int = 0) -> Event:
    """The latest standing undo, if no standing action came after it (of those ``whose``
    accepts: a hall's laptop redoes its own undo, whatever the other laptops entered since).
    ``made``, a hall laptop's last seq: an entry of its own after the undo that the hall's
    merge left out (a seq the log lacks) was an action after it too — a review found Ctrl+Y
    then putting back the older entry the referee had undone before making the lost one."""
    retracted = retracted_ids(events)
    by_id = {e.id: e for e in events}
    for event in reversed(events):
        if event.id in retracted or event.kind in ev.HALL_KINDS or not whose(event):  # a laptop enrolled meanwhile
            continue
        if event.kind != ev.RETRACTED:
            break
        if by_id[event.data["event"]].kind != ev.RETRACTED:
            if _left_out_after(events, whose, event, made):
                break
            _check_undone_elsewhere(events, event, retracted)
            return event
    raise InvalidEvent("nothing to redo")


def _check_undone_elsewhere(events: list[Event], undo: Event, retracted: set[int]) -> None:
    """Refused where another laptop's undo of the same entry stands too (a hall's two laptops
    undid it at once: both count): the redo would bring nothing back, and a Ctrl+Z after it
    took back an older entry of the laptop's instead (a review)."""
    target = undo.data["event"]
    if any(e.kind == ev.RETRACTED and e.id != undo.id and e.id not in retracted and e.data["event"] == target
           for e in events):  # fmt: skip
        raise InvalidEvent("entry {event} is undone on another laptop too: a redo here brings nothing back",
                           event=target)  # fmt: skip


def _left_out_after(events: list[Event], whose: Callable[[Event], bool], undo: Event, made: int) -> bool:
    if undo.origin is None:
        return False
    held = {e.origin.seq for e in events if e.origin is not None and whose(e)}
    return any(seq not in held for seq in range(undo.origin.seq + 1, made + 1))


def check_undoable(events: list[Event], target_id: int) -> None:
    """Refused (InvalidEvent) where event ``target_id`` cannot be undone: none such, the
    creation, undone already, a pairing whose round has results, a play-off's round paired on
    it (``keep_the_bracket``), a registration of a player the boards have numbered — asked
    before a question,
    as the retraction itself would be refused (a trial's chief said yes to undoing a pairing,
    and only then heard that its round had results)."""
    if not 1 <= target_id <= len(events):
        raise InvalidEvent("there is no event {event}", event=target_id)
    target = events[target_id - 1]
    if target.kind == ev.TOURNAMENT_CREATED:
        raise InvalidEvent("the creation of the tournament cannot be undone")
    if target.id in retracted_ids(events):
        raise InvalidEvent(
            "event {event} ({what}) is already undone", event=target_id, what=Notice(*describe_parts(target))
        )
    if target.kind == ev.PLAYER_REGISTERED:  # before the bracket's check, whose words are the numbering's
        _check_registration_undoable(events, target)
    later_round = any(e.kind == ev.ROUND_PAIRED and e.id > target.id for e in events)
    created = next(e for e in events if e.kind == ev.TOURNAMENT_CREATED)
    bracket = get_scheme(created.data["scheme"]).traits.bracket
    if later_round and (bracket or target.kind in (ev.RESULT_RECORDED, ev.PLAYER_RETURNED)):
        retraction = Event(len(events) + 1, ev.RETRACTED, {"event": target.id})  # a round paired on it: asked now
        after = replay_explaining([*events, retraction], retraction)
        if bracket:  # a play-off's walkover paired on a withdrawal: said before the question too (a trial)
            keep_the_bracket(events, [retraction], None, after)
    taken, _depth = ev.chain_end(target, events)
    if taken.kind == ev.PAIRING_AMENDED:  # the change, or an undo of it, which brings it back
        _check_amendment_undoable(events, target, taken.data["round"])
    if target.kind == ev.ROUND_PAIRED:
        undone = retracted_ids(events)
        changes = [e.id for e in events if e.id > target.id and e.kind == ev.PAIRING_AMENDED
                   and e.data.get("round") == target.data["round"] and e.id not in undone]  # fmt: skip
        if changes:  # a trial read «only the latest round can be changed by hand», and was lost
            raise InvalidEvent(
                "round {round} was changed by hand after its pairing (entries {entries}): undo those changes "
                "first, the latest first",
                round=target.data["round"],
                entries=number_runs(changes),
            )
        state = replay_explaining(events, None)
        paired = state.round(target.data["round"])
        if paired is not None and paired.entered:
            check_not_disputed(paired, paired.entered)
            raise InvalidEvent(
                "round {round} has results on board {boards}: undo them before its pairing",
                round=paired.number,
                boards=number_runs(paired.entered),  # «1–214», not 214 numbers (a trial of 700 players)
            )


def _check_registration_undoable(events: list[Event], target: Event) -> None:
    """A registration a pairing holds is not undone: said with the way out — his withdrawal,
    or, every round paired, his games recorded as forfeits (a trial was told «every player must
    be in the numbering exactly once»)."""
    retraction = Event(len(events) + 1, ev.RETRACTED, {"event": target.id})
    try:
        replay_explaining([*events, retraction], retraction)
    except WouldBreak as broken:
        if broken.target.kind != ev.ROUND_PAIRED:
            raise
        now = replay_explaining(events, None)
        named, total = now.named(target.data["player"]), get_scheme(now.settings.scheme).total_rounds(now)
        if total is not None and now.paired_rounds >= total:
            raise InvalidEvent("player {player} is in a pairing and every round is paired: his registration cannot "
                               "be undone; record his games as forfeits", player=named) from None  # fmt: skip
        raise InvalidEvent("player {player} is in a pairing: his registration cannot be undone; "
                           "withdraw him instead", player=named) from None  # fmt: skip


def _check_amendment_undoable(events: list[Event], target: Event, number: int) -> None:
    """A change by hand of round ``number`` is undone (``target``), or brought back by the
    undo of its undo, only where the boards that change have no result, as it was made only so
    (a review: a board's three stones set by hand, undone under its result, left the game played
    with three stones recorded with one, and the tie-breaks moved; an attack's ``undo`` of the
    undo of a change of colours gave a result entered since to the other player)."""
    now = replay_explaining(events, None).round(number)
    retraction = Event(len(events) + 1, ev.RETRACTED, {"event": target.id})
    # the boards it would leave, its results read whoever they seat: their seats refuse it, and the referee is
    # told which board to free rather than that a result «was entered on another pairing»
    anyone = [replace(e, data={k: v for k, v in e.data.items() if k not in ev.GAME})
              if e.kind == ev.RESULT_RECORDED else e for e in events]  # fmt: skip
    then = replay_explaining([*anyone, retraction], retraction).round(number)
    if now is None or then is None:
        return
    before = {b.number: b for b in then.boards}  # by number: a rest's new boards fill the tables' gaps
    entered = set(now.entered)
    touched = [b.number for b in now.boards if before.get(b.number) != b and b.number in entered]
    check_not_disputed(now, touched)
    if touched:
        boards = ", ".join(map(str, touched))
        if len(touched) > 1:  # a trial read «board 6, 8 … has a result»
            raise InvalidEvent(
                "boards {boards} of round {round} have results: undo them before this change",
                boards=boards,
                round=now.number,
            )
        raise InvalidEvent(
            "board {boards} of round {round} has a result: undo it before this change", boards=boards, round=now.number
        )


def replay_explaining(log: list[Event], new: Event | None) -> Tournament:
    """Replay ``log``; an event that no longer fits is named in the message."""
    state: Tournament | None = None
    for event, stands in ev.steps(log):
        if not stands:  # still a witness of its laptop to a take of the chief's role, as in ``replay``
            state = still_the_chief(state, event, witness=True) if state is not None else None
            continue
        try:
            state = apply(state, event)
        except InvalidEvent as error:
            if new is None or event is new:
                raise
            _result_under_a_pairing(log, new, event, error)
            _return_under_a_pairing(log, new, event)
            raise WouldBreak(event, error, state) from None
    if state is None:
        raise InvalidEvent("the log has no tournament")
    return state


def _result_under_a_pairing(log: list[Event], new: Event, broken: Event, error: InvalidEvent) -> None:
    """The undo of a result that a later round was paired after, refused in the referee's
    words and with his way out: a new result replaces it (a trial read «так нарушится запись
    42 (составлен 2-й тур…): 1-й тур не закончен…» and did not know what to do)."""
    if new.kind != ev.RETRACTED or broken.kind != ev.ROUND_PAIRED or not isinstance(error, RoundIncomplete):
        return
    taken = next((e for e in log if e.id == new.data["event"]), None)
    if taken is None or taken.kind != ev.RESULT_RECORDED:
        return
    created = next(e for e in log if e.kind == ev.TOURNAMENT_CREATED)
    if get_scheme(created.data["scheme"]).traits.bracket:  # a new result changing the winner is refused there
        raise InvalidEvent("round {paired} was paired after this result: to correct it, undo the pairing of round "
                           "{paired} first", paired=broken.data["round"])  # fmt: skip
    raise InvalidEvent(
        "round {paired} was paired after this result: to correct it, enter the new result on board {board} of "
        "round {round} (it replaces this one)",
        paired=broken.data["round"],
        board=taken.data["board"],
        round=taken.data["round"],
    )


def _return_under_a_pairing(log: list[Event], new: Event, broken: Event) -> None:
    """The undo of a return that a later round was paired with him in, refused with the way
    out: he withdraws again from the next round (a review read «так нарушится запись 25
    (составлен 3-й тур): игрок 3 не играет в 3-м туре») — or, every round paired, the
    pairings since his return are undone first (a review: «введите выбытие с 4-го тура» of
    a tournament of three rounds)."""
    if new.kind != ev.RETRACTED or broken.kind != ev.ROUND_PAIRED:
        return
    taken = next((e for e in log if e.id == new.data["event"]), None)
    if taken is None or taken.kind != ev.PLAYER_RETURNED:
        return
    paired = max(e.data["round"] for e in ev.standing(log) if e.kind == ev.ROUND_PAIRED)
    now = replay_explaining([e for e in log if e is not new], None)  # the rounds raised since the pairing count
    total = get_scheme(now.settings.scheme).total_rounds(now)
    if total is not None and paired >= total:
        raise InvalidEvent("player {player} has been paired since he came back (round {round}) and every round is "
                           "paired: to undo his return, undo the pairings from round {round} on first",
                           player=now.named(taken.data["player"]), round=broken.data["round"])  # fmt: skip
    raise InvalidEvent("player {player} has been paired since he came back (round {round}): to have him out again, "
                       "withdraw him from round {next}", player=now.named(taken.data["player"]),
                       round=broken.data["round"], next=paired + 1)  # fmt: skip


def _warnings(events: Sequence[Event], event: Event, state: Tournament, paired: int) -> tuple[Notice, ...]:
    """A changed result of a round that later rounds were paired after; a skip past the
    deadline; a draw where the komi leaves none but a triple ko (a slip of ``j`` for ``w``?);
    a time control too short to be rated, given at the creation or later.
    ``paired``: the rounds paired when the event came (``state`` may be after later ones)."""
    if event.kind in (ev.PLAYER_SKIPS, ev.PLAYER_WITHDRAWN) and get_scheme(state.settings.scheme).traits.skip_deadline:
        rounds = event.data.get("rounds", [event.data.get("from_round")])
        late = sorted(set(rounds) & state.players[event.data["player"]].late)
        if late:
            return (
                Notice(
                    "round {round} was announced after round {before} was paired: recorded, but worth 0 points",
                    {"round": late[0], "before": late[0] - 1},
                ),
            )
    if event.kind == ev.RESULT_RECORDED:
        board = state.rounds[event.data["round"] - 1].board(event.data["board"])
        if board is not None and board.triple_ko(event.data["code"]):
            return (Notice(
                "board {board} has komi {komi}: no jigo is possible, the draw is recorded as a triple ko",
                {"board": board.number, "komi": f"{board.komi:g}"},
            ),)  # fmt: skip
    if event.kind == ev.TOURNAMENT_CREATED:  # the app's form did not say it, the command line did (a review)
        return tuple(notice for notice in (unrated(event.data.get("time", "")),) if notice is not None)
    if event.kind == ev.SETTINGS_CHANGED:  # a trial changed the time to 30 minutes and was not told
        said = (_new_komi(state, event.data["komi"], paired) if "komi" in event.data and paired else None,
                unrated(event.data.get("time", "")))  # fmt: skip
        return tuple(notice for notice in said if notice is not None)
    return _paired_on_another(events, event, state, paired)


def _paired_on_another(events: Sequence[Event], event: Event, state: Tournament, paired: int) -> tuple[Notice, ...]:
    """A result (or its undo) of a round that a later round was paired on before: that round
    stands as paired, on the result it had (or had not) then."""
    changed = event
    if event.kind == ev.RETRACTED:
        changed = events[event.data["event"] - 1]
    if changed.kind != ev.RESULT_RECORDED:
        return ()
    number = changed.data["round"]
    if number >= paired or get_scheme(state.settings.scheme).traits.scheduled:  # a table pairs without results
        return ()
    following = state.round(number + 1)
    if event.kind == ev.RETRACTED and following is not None and changed.id > following.event:
        return ()  # a result entered after the next round was paired, taken back: what that round used is back
    fields = {"later": str(paired) if number + 1 == paired else f"{number + 1}-{paired}", "round": number}
    unseen = following is not None and _result_then(events, changed, following.event) is None  # paired past it
    if event.kind == ev.RESULT_RECORDED and unseen:
        if number + 1 == paired:
            return (Notice("round {later} was paired without this result of round {round}", fields),)
        return (Notice("rounds {later} were paired without this result of round {round}", fields),)
    if number + 1 == paired:
        return (Notice("round {later} was paired with the old result of round {round}", fields),)
    return (Notice("rounds {later} were paired with the old result of round {round}", fields),)


def paired_on_other_results(
    events: Sequence[Event], state: Tournament, new: Callable[[Event], bool]
) -> list[tuple[Event, Notice]]:
    """The results (and their undos) of a merged log that a later round was paired without,
    where the entry or that pairing is ``new`` (just merged), each with what is said of it.
    On one laptop the referee is told as he enters it (``_warnings``); in a hall the result
    and the pairing were made on two laptops at once, and neither was told (a trial paired
    round 3 on the old result of round 2, the new one arriving a second later)."""
    found: list[tuple[Event, Notice]] = []
    if get_scheme(state.settings.scheme).traits.scheduled:
        return found
    undone = retracted_ids(list(events))
    paired = 0
    for index, event in enumerate(events):
        if event.id in undone:
            continue
        if event.kind == ev.ROUND_PAIRED:
            paired = max(paired, event.data["round"])
            continue
        changed = events[event.data["event"] - 1] if event.kind == ev.RETRACTED else event
        if changed.kind != ev.RESULT_RECORDED or changed.data["round"] >= paired:
            continue
        following = state.round(changed.data["round"] + 1)
        if following is None or following.event <= 0 or not (new(event) or new(events[following.event - 1])):
            continue
        if event is changed and _result_then(events, event, following.event) == _result_of(event):
            continue  # the same slip entered on two laptops: the round was paired on this very result (a review)
        found += [(event, notice) for notice in _paired_on_another(events[:index], event, state, paired)]
    return found


def _result_of(event: Event) -> tuple[str, bool]:
    return event.data["code"], bool(event.data.get("swapped", False))


def _result_then(events: Sequence[Event], result: Event, before: int) -> tuple[str, bool] | None:
    """The result standing on ``result``'s board among the events before ``before`` (the next
    round's pairing: what it was paired on), if any — a board paired past (OpenGotha's way) had
    none, and its first result is no «old result» replaced."""
    retracted = retracted_ids(list(events[: before - 1]))
    standing = [e for e in events[: before - 1] if e.kind == ev.RESULT_RECORDED and e.id not in retracted
                and (e.data["round"], e.data["board"]) == (result.data["round"], result.data["board"])]  # fmt: skip
    return _result_of(standing[-1]) if standing else None


def _new_komi(state: Tournament, komi: float, paired: int) -> Notice:
    """What a komi changed during the event changes: the boards paired keep theirs (a trial
    changed it and could not tell whether round 1's boards had moved)."""
    if paired == get_scheme(state.settings.scheme).total_rounds(state):
        return Notice("every round is paired: their boards keep their komi, the new komi changes none", {})
    return Notice("komi {komi} from round {next} on; the rounds paired keep the komi they had",
                  {"komi": f"{komi:g}", "next": paired + 1})  # fmt: skip


def _new_params(
    before: Tournament | None, after: Tournament, made: Sequence[Event], events: Sequence[Event]
) -> Notice | None:
    """That parameters changed once rounds are played (or such a change undone, redone) count
    the standings anew, where they do — places, scores or tie-breaks (a trial's McMahon bar,
    moved after five rounds, changed the winner's score with no word; the protocols and cards
    printed before no longer matched).  The standings named are those printed: after the
    latest round with every result in (a Swiss trial read «после 4-го тура» of a round 4
    without a result)."""
    if before is None or not before.latest_complete_round:
        return None
    if not any(_changes_params(event, events) for event in made):
        return None
    scheme, upto = get_scheme(after.settings.scheme), before.latest_complete_round
    old, new = (
        [(r.player, r.place, r.score, sorted(r.tiebreaks.items())) for r in scheme.standings(s, upto).rows]
        for s in (before, after)
    )
    if old == new:
        return None
    return Notice("the standings after round {round} are counted anew with the parameters: the paper printed "
                  "before is out of date", {"round": upto})  # fmt: skip


def _changes_params(event: Event, events: Sequence[Event]) -> bool:
    """A change of parameters, or the undo or the redo of one (down the chain of retractions)."""
    changed, _depth = ev.chain_end(event, events)
    return changed.kind == ev.SETTINGS_CHANGED and "params" in changed.data


def _new_rank(before: Tournament, after: Tournament, player: int) -> Notice:
    """What a rank changed after the draw changes: the player's score as the standings count
    it now (McMahon's start follows the rank; Gamma's level and a round robin's points do
    not) — a trial changed a rank mid-event and could not tell whether anything had moved."""
    scheme, upto = get_scheme(after.settings.scheme), after.paired_rounds
    old, new = ({row.player: row.score for row in scheme.standings(s, upto).rows}.get(player) for s in (before, after))
    named = after.named(player)
    if old == new:
        return Notice("player {player}: the new rank changes no score; it shows on the paperwork", {"player": named})
    return Notice("player {player}: the new rank makes his score {score} (it was {before})",
                  {"player": named, "score": f"{new:g}", "before": f"{old:g}"})  # fmt: skip


def seated_when_entered(events: Sequence[Event]) -> dict[int, tuple[int, int]]:
    """Each result entry's board, white and black, as it was seated when the result was entered:
    the log names a result's board by its players, and named them as the board is seated now —
    after a result undone and the round entered from paper (or a swap), another pair's names
    (a trial).  One walk of the log, the retractions standing at each entry as ``retracted_ids``
    counts them at its end (a redo restores, an undo of a redo retracts again)."""
    by_id = {event.id: event for event in events}
    retracted: set[int] = set()

    def retract(target: Event) -> None:
        retracted.add(target.id)
        if target.kind == ev.RETRACTED and target.data["event"] in by_id:
            restore(by_id[target.data["event"]])

    def restore(target: Event) -> None:
        retracted.discard(target.id)
        if target.kind == ev.RETRACTED and target.data["event"] in by_id:
            retract(by_id[target.data["event"]])

    seatings: dict[int, list[Event]] = {}
    seated: dict[int, tuple[int, int]] = {}
    for event in events:
        if event.kind == ev.RETRACTED and event.data["event"] in by_id:
            retract(by_id[event.data["event"]])
        elif event.kind in (ev.ROUND_PAIRED, ev.PAIRING_AMENDED):
            seatings.setdefault(event.data["round"], []).append(event)
        elif event.kind == ev.RESULT_RECORDED and ev.GAME[0] in event.data:
            seated[event.id] = (event.data["white"], event.data["black"])  # as it says (``seated``)
        elif event.kind == ev.RESULT_RECORDED:  # entered before results said their players
            standing = [e for e in seatings.get(event.data["round"], []) if e.id not in retracted]
            boards = standing[-1].data["boards"] if standing else []
            for place, board in enumerate(boards, start=1):
                if board.get(ev.TABLE, place) == event.data["board"]:
                    seated[event.id] = (board["white"], board["black"])
    return seated
