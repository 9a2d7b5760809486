"""One log from the events of several laptops (``../shared/spec/hall.md``).

Every laptop holds the union of the events it has received, and turns it into one log the
same way: a linear extension of the causal order — an event comes after its laptop's
earlier ones and after every event it had seen — with events that saw nothing of each
other put by (time, device, seq), except that a round's pairing goes before every event it
had not seen (``_stages``): the chief paired the field he knew, and a registration typed on a
laptop out of touch, its clock earlier, is a latecomer to that round, not the reason the
round, printed and on the players' phones, vanished from every laptop (a trial).  Laptops
holding the same events then hold the same log, byte for byte, and replay it to the same
state.

A retraction names its event by device and seq; its number in the log is the place that
event takes here.  An event that does not fit the log it lands in (a result for a board
a concurrent amendment removed, a pairing by a laptop that was no longer the chief's, a
play-off round paired on a winner a concurrent result changed) is left out, with the
reason, the same on every laptop.

Where the fold finds a take of the chief's role void (an entry of the chief, alive, made
unaware of it), it is made again with the taker's pairings after it put after the others, and
that second merge is kept unless it leaves out a pairing the first kept, not one of those
(``merge``).

The merge is a fold over the causal order, so a merge whose order begins with the whole
order of an earlier one (the common case in a hall: what came is newer than everything
held) continues from that merge's state instead of replaying thousands of events again —
the same log, state and left-out events as a merge from scratch, by construction.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from schemes.errors import InvalidEvent, Notice
from schemes.log import events as ev
from schemes.log.events import Event
from schemes.log.history import keep_the_bracket, replay_explaining
from schemes.log.replay import apply, boards_of, check_retraction, replay, still_the_chief, voided_takes
from schemes.state.model import Round, Tournament
from schemes.state.origin import Origin


@dataclass(frozen=True)
class Merged:
    events: tuple[Event, ...]
    """The log, numbered from 1, each event with its origin."""
    state: Tournament
    left_out: tuple[tuple[Event, Notice], ...]
    """Events that do not fit, and why: the refusal as a value (two merges of the same events
    are equal) that an interface words in its language."""
    order: tuple[Event, ...] = ()
    """The union in causal order, as given: what a later merge continues from (``since``);
    empty for a log not made by a merge (then it is not continued from)."""
    moved: Mapping[tuple[int, int], Origin] = field(default_factory=dict)
    """Each (round, board) a change by hand or an undo gave other players or colours after it
    was paired, and the event that did: a result must have seen it (``_check_seen_pairing``)."""
    void: Mapping[tuple[str, int], tuple[str, int]] = field(default_factory=dict)
    """The takes of the chief's role (laptop, seq) an entry of the laptop they took it from,
    unaware of them and after them in the order, showed void (``replay.voided_takes``), whether
    that entry stood or not; each with the first such entry (laptop, seq)."""
    demoted: frozenset[tuple[str, int]] = frozenset()
    """The pairings (laptop, seq) this merge put after the others, made under a void or refused
    take and seen by no other pairing (``merge``, ``_made_under``, ``_built_on``); empty for a
    merge in the plain causal order."""
    plain: Merged | None = None
    """Where ``demoted`` is not empty, the merge in the plain causal order it was found from:
    what a later merge continues its first fold from (``since``)."""
    voided_first: Mapping[tuple[str, int], tuple[str, int]] = field(default_factory=dict)
    """For a merge with ``demoted`` pairings, the void takes of the merge in the plain order
    (``void``): a take of them placed after the entry that voided it is left out here."""
    tried: Merged | None = None
    """Where a merge with demoted pairings was made and not kept (``merge``), that merge: what
    a later one continues its second fold from — made from scratch at every sync, it cost a
    whole merge each time (a review)."""


def causal_order(events: Iterable[Event], demoted: frozenset[tuple[str, int]] = frozenset()) -> list[Event]:
    """The events (each with an origin, one per device and seq) in the one order every laptop
    computes; an event whose predecessors are not all here waits, and is not in the order.
    ``demoted``: pairings made by a laptop under its take of the chief's role that the merge
    found void or left out (``Merged.demoted``), which go after every other pairing that had
    not seen them (``_stages``)."""
    chains: dict[str, dict[int, Event]] = {}
    for event in events:
        assert event.origin is not None
        chains.setdefault(event.origin.device, {})[event.origin.seq] = event
    placed = dict.fromkeys(chains, 0)

    def ready(event: Event) -> bool:
        assert event.origin is not None
        return all(placed.get(device, 0) >= seq for device, seq in event.origin.seen)

    stage = _stages(chains, demoted)

    def key(event: Event) -> tuple[int, bool, str, str, int]:
        """By stage, a stage's pairing last (all else in it the pairing had seen, but a take of
        the role it had not: the take goes first, whatever the clocks, and the pairing voids it)."""
        assert event.origin is not None
        return stage(event), event.kind == ev.ROUND_PAIRED, event.at, event.origin.device, event.origin.seq

    order: list[Event] = []
    waiting: dict[str, Event] = {}  # the next event of each device, not yet ready
    heap: list[tuple[tuple[int, bool, str, str, int], Event]] = []

    def offer(device: str) -> None:
        following = chains[device].get(placed[device] + 1)
        if following is None:
            return
        if ready(following):
            heapq.heappush(heap, (key(following), following))
        else:
            waiting[device] = following

    for device in sorted(chains):
        offer(device)
    while heap:
        _, event = heapq.heappop(heap)
        assert event.origin is not None
        order.append(event)
        placed[event.origin.device] = event.origin.seq
        offer(event.origin.device)
        for device, candidate in list(waiting.items()):
            if ready(candidate):
                del waiting[device]
                heapq.heappush(heap, (key(candidate), candidate))
    return order


def _stages(chains: dict[str, dict[int, Event]], demoted: frozenset[tuple[str, int]]) -> Callable[[Event], int]:
    """Each event's stage: the first pairing (of all, in causal order) that had seen it or is it, or
    one past the last for an event no pairing saw.  Ordered by stage first, an event comes
    after every pairing made without it, and the order stays causal: a pairing that saw an
    event saw all that event had seen, so nothing comes before its own past.  A take of the
    chief's role is the one exception: it goes as early as what it had seen allows, so that
    a pairing the chief made without knowing of it comes after it and voids it
    (``replay.still_the_chief``: the chief was alive).  The pairings are taken in causal order,
    the ``demoted`` (``merge``) last, then those that had seen fewer takes of the role."""
    every = [e for chain in chains.values() for e in chain.values()]
    takes = [e.origin for e in every if ev.is_take(e) and e.origin]

    def takes_seen(pairing: Event) -> int:
        assert pairing.origin is not None
        return sum(pairing.origin.saw(take) for take in takes)

    # a pairing made under a void take after the others, and one made knowing of fewer takes of the role first:
    # by the clocks alone, the taker's pairing went before the chief's, alive and busy, and the chief's round on
    # the wall was lost while his next entry voided the take (either rule alone left such days, a fuzzer found)
    pairings = _causally(
        [e for e in every if e.kind == ev.ROUND_PAIRED],
        lambda e: (e.origin is not None and e.origin.key in demoted, takes_seen(e), *_causal(e)),
    )
    reached: dict[str, list[int]] = {}  # device -> the highest seq of it seen by pairings 0..j
    for index, pairing in enumerate(pairings):
        assert pairing.origin is not None
        seen = {**dict(pairing.origin.seen), pairing.origin.device: pairing.origin.seq}
        for device in chains:
            line = reached.setdefault(device, [0] * len(pairings))
            line[index] = max(seen.get(device, 0), line[index - 1] if index else 0)

    def reached_by(device: str, seq: int) -> int:
        line = reached.get(device)
        return bisect_left(line, seq) if line is not None else 0  # the first pairing that reached it

    def stage(event: Event) -> int:
        origin = event.origin
        assert origin is not None
        if ev.is_take(event):
            return max(
                [reached_by(device, seq) for device, seq in origin.seen] + [reached_by(origin.device, origin.seq - 1)]
            )
        return reached_by(origin.device, origin.seq)

    return stage


def _causally(pairings: list[Event], key: Callable[[Event], tuple[bool, int, int, str, str, int]]) -> list[Event]:
    """``pairings`` in causal order, the least by ``key`` first among those whose past is placed:
    a key alone may put a pairing before one it had seen (a pairing of the chief's made after
    he saw a void take's round goes after that round, demoted as it is)."""
    rest, placed = sorted(pairings, key=key), list[Event]()
    while rest:  # pairings that saw each other (forged) wait in ``causal_order``: here any of them goes (a review)
        ready = next((p for p in rest if not any(q is not p and _saw(p, q) for q in rest)), rest[0])
        rest.remove(ready)
        placed.append(ready)
    return placed


def _saw(later: Event, earlier: Event) -> bool:
    assert later.origin is not None and earlier.origin is not None
    return later.origin.saw(earlier.origin)


def _causal(event: Event) -> tuple[int, str, str, int]:
    """A key that puts an event after everything it had seen: how many events it had seen,
    then (time, device, seq).  By time alone, the pairing of a chief whose clock was 20
    minutes behind the one who handed him the role went first, and a registration the
    earlier pairing had not seen went before that pairing again (a review)."""
    origin = event.origin
    assert origin is not None
    return sum(seq for _device, seq in origin.seen) + origin.seq, event.at, origin.device, origin.seq


def merge(events: Iterable[Event], since: Merged | None = None) -> Merged:
    """The log of the union ``events``: in causal order, renumbered, retractions pointed at
    their targets' numbers, each event checked on the log before it (one that does not fit is
    left out); InvalidEvent when not even the creation fits.  ``since``, an earlier merge:
    when its order is where this one's begins, only the events after it are applied to its
    state (a sync every 2 s of a 4,000-event hall replayed them all for one new result).

    Where the fold finds a take of the chief's role void, it is made again with the taker's
    pairings under that take after the others (``causal_order``'s ``demoted``): ordered by what
    they had seen, the table's round 2 went before the chief's, alive, who had voided the take
    and then seen it — both pairings had seen one take — and the chief's round on the wall was
    left out (helper-191).  The second merge is kept unless it leaves out a pairing the first
    kept, other than those it put last; a take the first found void and the second places after
    the entry that voided it is left out of it (``_fold``)."""
    held = list(events)
    plain = since.plain if since is not None and since.plain is not None else since
    merged = _fold(causal_order(held), plain)
    refused = [e.origin.key for e, _notice in merged.left_out if ev.is_take(e) and e.origin is not None]
    under = {key for take, voider in [*merged.void.items(), *((take, None) for take in refused)]
             for key in _made_under(held, take, voider)}  # fmt: skip
    demoted = _built_on(held, under)
    if not demoted:
        return merged
    # continued from the earlier merge where it was made so: once a hall held a void take, every sync merged
    # the whole log twice (a review: 2 s a sync of 1,700 events)
    earlier = since.tried if since is not None and since.tried is not None else since
    same = earlier is not None and earlier.demoted == demoted and earlier.voided_first == merged.void
    again = _fold(causal_order(held, demoted), earlier if same else None, merged.void)
    again = replace(again, demoted=demoted, voided_first=merged.void)
    # kept unless it leaves out a pairing the first kept, not one made under a void take (helper-193: the chief's
    # next round left out); asked as whether the takes stayed void, it kept the first where the chief's round 2
    # was lost to a second taker's, that take placed after the chief's entries (helper-196) — such a take is left
    # out of the second (``_fold``): it stood, the taker was the chief on every laptop (helper-198)
    if _pairings(again.left_out) - demoted <= _pairings(merged.left_out):
        return replace(again, plain=merged)
    return replace(merged, tried=again)


def _built_on(held: list[Event], under: set[tuple[str, int]]) -> frozenset[tuple[str, int]]:
    """The pairings ``under`` a void or refused take that no other pairing had seen: one that
    another pairing was made after, the chief's own, stays in its place.  Two tables took the
    role at once and each paired round 2; the chief, alive, saw the second's round and paired
    round 3 after it, and the first's, by its clock earlier, stood in its place (helper-196's
    fuzzer, day 1755)."""
    others = [e.origin for e in held if e.kind == ev.ROUND_PAIRED and e.origin and e.origin.key not in under]
    return frozenset(key for key in under if not any(other.saw(Origin(*key)) for other in others))


def _pairings(left_out: Iterable[tuple[Event, Notice]]) -> set[tuple[str, int]]:
    """The pairings (laptop, seq) among the events ``left_out``."""
    return {e.origin.key for e, _notice in left_out if e.kind == ev.ROUND_PAIRED and e.origin is not None}


def _made_under(held: list[Event], take: tuple[str, int], voider: tuple[str, int] | None) -> frozenset[tuple[str, int]]:
    """The pairings the laptop that made ``take`` (laptop, seq) made after it, not knowing of the
    entry ``voider`` that showed it void, nor of the role handed to it: one made knowing of
    either was made as the chief by another right, or refused all the same (helper-196: the
    chief handed the role to a table as it took it, and that table's round went after a second
    taker's).
    ``voider`` None: a take left out (``replay._chief_changed``), whose laptop's round
    pulled its results before the chief's round, and a dispute left the chief's round out."""
    taker, seq = take
    handed = [e.origin for e in held if e.kind == ev.CHIEF_CHANGED and not ev.is_take(e)
              and e.data.get("device") == taker and e.origin is not None]  # fmt: skip
    if voider is not None:
        handed.append(Origin(*voider))
    return frozenset(
        e.origin.key for e in held
        if e.kind == ev.ROUND_PAIRED and e.origin is not None and e.origin.device == taker and e.origin.seq > seq
        and not any(e.origin.saw(known) for known in handed)
    )  # fmt: skip


def _fold(
    order: list[Event], since: Merged | None, voided: Mapping[tuple[str, int], tuple[str, int]] | None = None
) -> Merged:
    """The merge of the events in ``order`` (``merge``).  ``voided``: takes of the chief's role
    the merge in the plain order found void, each with the entry that voided it; a take placed
    after that entry here is left out — made after it, the take stood, and the laptop the
    chief, alive, had never lost the role to was the chief (helper-198)."""
    placed = {event.origin.key: index for index, event in enumerate(order) if event.origin is not None}
    log: list[Event] = []
    left_out: list[tuple[Event, Notice]] = []
    state: Tournament | None = None
    done = 0
    moved: dict[tuple[int, int], Origin] = {}
    void: dict[tuple[str, int], tuple[str, int]] = {}
    if since is not None and _begins_with(order, since.order):
        log, left_out, state, done = list(since.events), list(since.left_out), since.state, len(since.order)
        moved, void = dict(since.moved), dict(since.void)
    number = {event.origin.key: event.id for event in log if event.origin is not None}
    redone = {_board_of(ev.chain_end(e, log)) for e in log if e.kind == ev.RETRACTED}
    for event in order[done:]:
        origin = event.origin
        assert origin is not None
        candidate = replace(event, id=len(log) + 1)
        if state is not None:
            for take in voided_takes(state, event):
                void.setdefault((take.taker, take.seq), origin.key)
        try:
            voider = (voided or {}).get(origin.key)
            if voider is not None and state is not None and state.hall is not None and voider in placed \
                    and placed[voider] < placed[origin.key]:  # fmt: skip
                laptop = state.hall.laptops.get(voider[0])
                raise InvalidEvent("the chief's role was not lost: {name} made entries unaware of the take",
                                   name=laptop.name if laptop is not None else voider[0][:8])  # fmt: skip
            if event.kind == ev.RETRACTED:
                candidate = _pointed(candidate, origin, number)
                if state is not None:  # the chief's undo made without knowing of a take voids it, as his entries do
                    check_retraction(still_the_chief(state, candidate), log, candidate.data["event"], origin.device)
                after = _after_retraction([*log, candidate], candidate)
            else:
                if state is None and event.kind != ev.TOURNAMENT_CREATED:
                    raise InvalidEvent("the log must start with the creation of the tournament")
                if state is not None and event.kind == ev.RESULT_RECORDED and ev.GAME[0] not in event.data:
                    _check_seen_pairing(state, log, event, moved, left_out)  # made before results were seated
                if event.kind == ev.RESULT_RECORDED and (event.data["round"], event.data["board"]) in redone:
                    after = replay([*log, candidate])  # a redo there may stand where it is made (``standing``)
                else:
                    after = apply(state, candidate)
            if state is not None and state.hall is not None:  # as the laptop's own log checked it
                keep_the_bracket(log, [candidate], state, after)
        except InvalidEvent as error:
            left_out.append((event, Notice.of(error)))
            continue
        if state is not None and event.kind in (ev.PAIRING_AMENDED, ev.RETRACTED):
            moved.update(dict.fromkeys(_boards_changed(state, after), origin))
        state = after
        log.append(candidate)
        number[origin.key] = candidate.id
        if event.kind == ev.RETRACTED:
            redone.add(_board_of(ev.chain_end(candidate, log)))
    if state is None:
        raise InvalidEvent("no laptop holds the creation of the tournament")
    return Merged(tuple(log), state, tuple(left_out), tuple(order), moved, void)


def _board_of(end: tuple[Event, int]) -> tuple[int, int] | None:
    """The board a chain of retractions ending at a result (``chain_end``) brings its result
    back to, where it brings it back (an even chain); None otherwise.  A result entered on such
    a board is applied by a replay of the log, not to the state: a redo the later entry had not
    seen stands where it was made (``events.standing``), which only a replay of the whole log
    sees — the merge said the later entry had corrected the result, the file's replay of the
    same log said the two were a dispute (an attack)."""
    entry, depth = end
    if entry.kind != ev.RESULT_RECORDED or depth % 2:
        return None
    return entry.data["round"], entry.data["board"]


def _boards_changed(before: Tournament, after: Tournament) -> list[tuple[int, int]]:
    """The boards of the rounds paired before and after an event that sit other players, or the
    same the other way round, after it — or that it adds or takes away: compared by number (a
    rest's new boards fill an OpenGotha round's gaps, and compared by place a result on an
    untouched board was left out while one on a board a rest paired anew went to other players,
    an attack)."""
    changed = []
    for old, new in zip(before.rounds, after.rounds, strict=False):
        then, now = {b.number: b for b in old.boards}, {b.number: b for b in new.boards}
        changed += [(old.number, n) for n in sorted(then.keys() | now.keys()) if then.get(n) != now.get(n)]
    return changed


def _check_seen_pairing(
    state: Tournament,
    log: list[Event],
    result: Event,
    moved: Mapping[tuple[int, int], Origin],
    left_out: list[tuple[Event, Notice]],
) -> None:
    """A result is of the pairing its laptop had seen: where the round standing is another
    pairing of it (a laptop that took the chief's role paired it too, while the chief, alive,
    paired it: the take is void and its round left out), or its board was changed by hand
    since without its laptop seeing it (a swap), the result would score a game of other
    players on the board of that number — a review's W+ went to a latecomer who never played
    it, another's to the player a concurrent swap had put there.  Unless the board it saw is
    the board standing (``_same_game``)."""
    number = result.data.get("round")
    played = state.round(number) if isinstance(number, int) else None
    if played is None or not 1 <= played.event <= len(log) or result.origin is None:
        return  # the replay says what is wrong with it
    paired = log[played.event - 1].origin
    changed = moved.get((played.number, result.data.get("board", 0)))
    unseen = paired is not None and not result.origin.saw(paired) and not _same_game(played, result, log, left_out)
    if unseen or (changed is not None and not result.origin.saw(changed)):
        raise InvalidEvent("the result was entered on another pairing of round {round}: enter it on the round as it "
                           "stands", round=played.number)  # fmt: skip


def _same_game(played: Round, result: Event, log: list[Event], left_out: list[tuple[Event, Notice]]) -> bool:
    """Whether ``result`` was entered on another pairing of the round, left out, whose board of
    that number seats the very game of the round standing: the same players, colours, handicap
    and komi.  A laptop that took the chief's role while the chief, alive, paired the round
    pairs the same field the same way; the results entered on its boards, left out, were gone
    from every laptop with a toast, and the chief's different result for the same game stood
    unchallenged (a trial).  Now such a result counts, and two different ones are a dispute.
    Not where that laptop had also seen a change by hand or an undo that was left out, nor a
    pairing of the round in the log, standing or undone since: what it saw on the board may
    not be the left-out pairing's (a review: a third laptop entered the chief's round, which
    the chief then undid, and its results went to the take's pairing made again, other
    players on those boards — a laptop sees a left-out event by any later one of its laptop)."""
    assert result.origin is not None
    saw = result.origin.saw
    seen = [event for event, _notice in left_out if event.origin is not None and saw(event.origin)]
    pairings = [e for e in seen if e.kind == ev.ROUND_PAIRED and e.data.get("round") == played.number]
    if not pairings or any(e.kind in (ev.PAIRING_AMENDED, ev.RETRACTED) for e in seen):
        return False
    if any(
        e.kind == ev.ROUND_PAIRED and e.data.get("round") == played.number and e.origin is not None and saw(e.origin)
        for e in log
    ):
        return False
    board = result.data.get("board")
    kept = next((b for b in played.boards if b.number == board), None)
    try:
        return kept is not None and kept in boards_of(pairings[-1].data)
    except (InvalidEvent, KeyError, TypeError):
        return False


def _begins_with(order: list[Event], earlier: tuple[Event, ...]) -> bool:
    """Whether ``order`` starts with ``earlier``, event for event (the same object, mostly:
    a chain checked once gives the same events every time)."""
    if not earlier or len(earlier) > len(order):
        return False
    return all(mine is theirs or mine == theirs for mine, theirs in zip(order, earlier, strict=False))


def _pointed(event: Event, origin: Origin, number: dict[tuple[str, int], int]) -> Event:
    if origin.target is None or origin.target not in number:
        raise InvalidEvent("the event it undoes is not in the log")
    return replace(event, data={**event.data, "event": number[origin.target]})


def _after_retraction(log: list[Event], retraction: Event) -> Tournament:
    target = log[retraction.data["event"] - 1]
    if target.kind == ev.TOURNAMENT_CREATED:
        raise InvalidEvent("the creation of the tournament cannot be undone")
    # an entry undone already, by another laptop that had not seen this undo: this one counts too, and the
    # entry stays undone while either stands (a trial: one laptop's redo brought back what the chief had undone)
    try:  # the batched replay; event by event only to name what it breaks (twice the time of a hall's undos)
        return replay(log)
    except InvalidEvent:
        return replay_explaining(log, retraction)  # a later event it breaks named, as a laptop's own undo says
