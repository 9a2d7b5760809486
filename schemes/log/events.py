"""Events: the only thing a tournament file holds.

An event is plain data (JSON types only) so that the file stays readable by any
tool and a later version of the program replays old files the same way.  A pairing
is an event with its boards, colours, handicap and komi as they were computed then,
so changing the pairing code never rewrites history.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from schemes.errors import InvalidEvent
from schemes.state.origin import Origin

TOURNAMENT_CREATED = "tournament_created"
PLAYER_REGISTERED = "player_registered"
PLAYER_EDITED = "player_edited"
PLAYER_SKIPS = "player_skips"
PLAYER_WITHDRAWN = "player_withdrawn"
PLAYER_RETURNED = "player_returned"
ROUND_PAIRED = "round_paired"
RESULT_RECORDED = "result_recorded"
PAIRING_AMENDED = "pairing_amended"
AS_PLAYED = "as played"
"""A pairing amendment's ``change`` seating the whole round as it was paired on paper
(``actions.as_played``)."""
REST = "the rest"
"""A pairing amendment's ``change`` pairing the round's players on no board, its boards kept
(``actions.pair_rest``)."""
SETTINGS_CHANGED = "settings_changed"
RETRACTED = "retracted"
HALL_FOUNDED = "hall_founded"
DEVICE_ENROLLED = "device_enrolled"
CHIEF_CHANGED = "chief_changed"
HALL_KINDS = (HALL_FOUNDED, DEVICE_ENROLLED, CHIEF_CHANGED)
"""The hall's own events: which laptops share the tournament and which one is the chief's."""

_INT, _NUM, _STR, _BOOL, _LIST, _DICT = (int,), (int, float), (str,), (bool,), (list,), (dict,)
_OPT_INT = (int, type(None))

_PLAYER_DETAILS: dict[str, tuple[tuple[type, ...], bool]] = {
    "rating": (_OPT_INT, False),
    "country": (_STR, False),
    "club": (_STR, False),
    "block": (_LIST, False),
    "pin": (_STR, False),
    "smms": (_INT, False),
    "birth": (_STR, False),
    "sex": (_STR, False),
    "patronymic": (_STR, False),
    "team": (_STR, False),
    "category": (_STR, False),
    "rgf": (_STR, False),
    "note": (_STR, False),
    "preregistered": (_BOOL, False),
}
"""A player's optional fields, the same in a registration and an edit."""

# kind -> field -> (accepted JSON types, required)
_FIELDS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    TOURNAMENT_CREATED: {
        "name": (_STR, True),
        "scheme": (_STR, True),
        "rounds": (_OPT_INT, True),
        "place": (_STR, False),
        "dates": (_STR, False),
        "komi": (_NUM, False),
        "time": (_STR, False),
        "lang": (_STR, False),
        "params": (_DICT, False),
        "online": (_BOOL, False),
        "imported_from": (_STR, False),  # the OpenGotha file's name: the log says where it began
        "gotha": (_DICT, False),  # what the OpenGotha file says that Tengen carries unread (director…)
    },
    PLAYER_REGISTERED: {
        "player": (_INT, True),
        "surname": (_STR, True),
        "name": (_STR, True),
        "rank": (_INT, True),
        "as_written": (_BOOL, False),
        "gotha": (_DICT, False),  # an OpenGotha file's AGA id, FFG licence…: carried unread, never edited
        **_PLAYER_DETAILS,
    },
    PLAYER_EDITED: {
        "player": (_INT, True),
        "surname": (_STR, False),
        "name": (_STR, False),
        "rank": (_INT, False),
        **_PLAYER_DETAILS,
    },
    PLAYER_SKIPS: {"player": (_INT, True), "rounds": (_LIST, True)},
    PLAYER_WITHDRAWN: {"player": (_INT, True), "from_round": (_INT, True)},
    PLAYER_RETURNED: {"player": (_INT, True), "from_round": (_INT, True)},
    ROUND_PAIRED: {
        "round": (_INT, True),
        "boards": (_LIST, True),
        "byes": (_LIST, False),
        "order": (_LIST, False),
        "extra": (_DICT, False),
        "early": (_BOOL, False),
        "as_recorded": (_BOOL, False),
    },
    PAIRING_AMENDED: {
        "round": (_INT, True),
        "boards": (_LIST, True),
        "byes": (_LIST, True),
        "change": (_STR, True),
    },
    RESULT_RECORDED: {
        "round": (_INT, True),
        "board": (_INT, True),
        "code": (_STR, True),
        "swapped": (_BOOL, False),
        "white": (_INT, False),  # the game as its laptop had it (``history.seated``): all four or none
        "black": (_INT, False),
        "handicap": (_INT, False),
        "komi": (_NUM, False),
    },
    SETTINGS_CHANGED: {
        "params": (_DICT, False),
        "name": (_STR, False),
        "place": (_STR, False),
        "dates": (_STR, False),
        "time": (_STR, False),
        "komi": (_NUM, False),
        "lang": (_STR, False),
        "rounds": (_INT, False),
        "online": (_BOOL, False),
    },
    RETRACTED: {"event": (_INT, True)},
    HALL_FOUNDED: {"device": (_STR, True), "name": (_STR, True)},
    DEVICE_ENROLLED: {"device": (_STR, True), "name": (_STR, True), "block": (_INT, True)},
    CHIEF_CHANGED: {"device": (_STR, True), "taken": (_BOOL, False), "from": (_STR, False)},
}
GAME = ("white", "black", "handicap", "komi")
"""The fields of a result that say the game it is for (``Board.game``, ``history.seated``)."""
BOARD_FIELDS = {"white": _INT, "black": _INT, "handicap": _INT, "komi": _NUM, "nigiri": _BOOL}
TABLE = "table"
"""A board's number where it is not its place in the round's list: an OpenGotha round whose
tables have gaps (a game deleted after the pairing was printed) keeps the numbers on the wall."""


@dataclass(frozen=True)
class Event:
    id: int
    kind: str
    data: Mapping[str, Any]
    at: str = ""
    """When it was appended (ISO 8601, UTC): for the log and for dating paperwork."""
    origin: Origin | None = None
    """The laptop that made it, in a hall; None in a tournament kept on one laptop."""

    def to_json(self) -> dict[str, Any]:
        doc = {"kind": self.kind, "at": self.at, "data": dict(self.data)}
        if self.origin is not None:
            doc["hall"] = self.origin.to_json()
        return doc

    @classmethod
    def from_json(cls, event_id: int, doc: Mapping[str, Any]) -> Event:
        """The event stored as ``doc``; InvalidEvent when it is not one of ours."""
        if not isinstance(doc, Mapping):
            raise InvalidEvent("event {event} is not an object", event=event_id)
        kind, data, at = doc.get("kind"), doc.get("data"), doc.get("at", "")
        if not isinstance(data, Mapping) or not isinstance(at, str):
            raise InvalidEvent("event {event} has no data", event=event_id)
        if len(at) > 40 or not at.isprintable() or (at and not _a_time(at)):
            raise InvalidEvent("event {event} has a damaged time", event=event_id)
        check_shape(str(kind), data)
        origin = Origin.from_json(doc["hall"]) if "hall" in doc else None
        return cls(event_id, str(kind), dict(data), at, origin)


def _a_time(at: str) -> bool:
    """An ISO 8601 time (Tengen writes its offset, UTC), between the years 1900 and 2999 (a
    laptop's clock reset to 1970 is still a time).  A signed event of the hall with ``at`` «garbage» ended
    every ``print`` in a traceback, and one of the year 9999 at -14:00 overflowed the log's
    local time (an attack)."""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return False
    return 1900 <= moment.year <= 2999


def _is(value: Any, types: tuple[type, ...]) -> bool:
    # bool is an int in Python but never a number in our events
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def check_shape(kind: str, data: Mapping[str, Any]) -> None:
    """Refuse data whose fields are not those of its kind, or not of their JSON types."""
    fields = _FIELDS.get(kind)
    if fields is None:
        raise InvalidEvent("unknown event kind {kind!r}", kind=kind[:40])
    for name, value in data.items():
        if name not in fields:
            raise InvalidEvent("{kind}: unknown field {name!r}", kind=kind, name=name[:40])
        if not _is(value, fields[name][0]):
            raise InvalidEvent("{kind}: field {name!r} has the wrong type", kind=kind, name=name)
    missing = [name for name, (_, required) in fields.items() if required and name not in data]
    if missing:
        raise InvalidEvent("{kind}: missing {fields}", kind=kind, fields=", ".join(missing))
    if kind == RESULT_RECORDED and 0 < len(set(GAME) & set(data)) < len(GAME):
        raise InvalidEvent("{kind}: the game is given whole: {fields}", kind=kind, fields=", ".join(GAME))
    for name in ("block", "rounds", "byes", "order"):
        if name in data and isinstance(data[name], list) and not all(_is(v, _INT) for v in data[name]):
            raise InvalidEvent("{kind}: {name} must list whole numbers", kind=kind, name=name)
    for board in data.get("boards", []) if kind in (ROUND_PAIRED, PAIRING_AMENDED) else []:
        if (
            not isinstance(board, Mapping)
            or set(board) - {TABLE} != set(BOARD_FIELDS)
            or not all(_is(board[k], t) for k, t in BOARD_FIELDS.items())
            or not _is(board.get(TABLE, 1), _INT)
        ):
            raise InvalidEvent("{kind}: a board must have {fields}", kind=kind, fields=", ".join(BOARD_FIELDS))


def retracted_ids(events: list[Event]) -> set[int]:
    """Ids of every event that a standing retraction cancels (retractions included).

    A retraction always names an earlier event, so walking the log backwards
    settles every retraction before the event it targets: a retraction counts only
    if no standing retraction after it retracted it (that is how redo works).
    """
    retracted: set[int] = set()
    for event in reversed(events):
        if event.kind == RETRACTED:
            if not 1 <= event.data["event"] < event.id:  # a file edited by hand: it would undo an entry not made yet
                raise InvalidEvent("event {event} retracts event {target}, not an earlier one",
                                   event=event.id, target=event.data["event"])  # fmt: skip
            if event.id not in retracted:
                retracted.add(event.data["event"])
    return retracted


def chain_end(event: Event, events: Sequence[Event]) -> tuple[Event, int]:
    """The entry a chain of retractions from ``event`` ends at, and how many retractions lead to
    it (odd: it is taken back; even: restored); any other event is itself, at 0.  Each link
    names an earlier entry of ``events`` (a hand-edited one that does not ends the chain)."""
    depth = 0
    while event.kind == RETRACTED and 0 < event.data["event"] < event.id and event.data["event"] <= len(events):
        event, depth = events[event.data["event"] - 1], depth + 1
    return event, depth


def is_take(event: Event) -> bool:
    """Whether ``event`` is a take of the chief's role (not the role handed on)."""
    return event.kind == CHIEF_CHANGED and bool(event.data.get("taken", False))


def standing(events: list[Event]) -> list[Event]:
    """The events that stand, in log order, without the retractions themselves.  A result a
    hall's laptop brought back by a redo without having seen another laptop's entry for its
    board stands where the redo is, as entered by it, and so is disputed with that entry (a
    trial: the chief's result made while a helper redid his stood, with no dispute)."""
    return [event for event, stands in steps(events) if stands]


def steps(events: list[Event]) -> list[tuple[Event, bool]]:
    """Each event of the log in its place, and whether it stands (``standing``): an undo and
    what it undoes do not, and still say that their laptop was alive and what it had seen
    (``replay.still_the_chief``)."""
    retracted = retracted_ids(events)
    restored = _restored_results(events, retracted)
    moved = {entry.id for entry in restored.values()}
    made = []
    for event in events:
        if event.kind == RETRACTED and event.id in restored:
            entry = restored[event.id]
            made.append((replace(entry, at=event.at, origin=event.origin or entry.origin), True))
        else:
            made.append((event, event.kind != RETRACTED and event.id not in retracted and event.id not in moved))
    return made


def _restored_results(events: list[Event], retracted: set[int]) -> dict[int, Event]:
    """The standing redos of a hall's laptop that brought back a result while another laptop
    entered its board, emptied by the undo, unseen by the redo (the latest such redo of each
    result).  Elsewhere a redo restores the result where it was entered: a later entry that the
    redo's laptop had seen stays the board's, and so does one that corrects the result itself
    (made before its undo was seen).  A result whose round was paired or changed between its
    entry and the redo stays where it was entered: its board may now be other players'."""
    restored: dict[int, Event] = {}
    for event in events:
        if event.kind != RETRACTED or event.id in retracted or event.origin is None:
            continue
        entry, depth = chain_end(event, events)
        if depth % 2 or entry.kind != RESULT_RECORDED or entry.id in retracted:
            continue
        later = [e for e in events[entry.id :] if e.id not in retracted and e.data.get("round") == entry.data["round"]]
        if any(e.kind not in (RESULT_RECORDED, RETRACTED) and e.id < event.id for e in later):
            continue
        redo, undo = event.origin, events[event.data["event"] - 1].origin
        if undo is None or not any(  # entered on the board emptied by the undo, unseen by the redo
            e.kind == RESULT_RECORDED and e.data["board"] == entry.data["board"] and e.origin is not None
            and e.origin.saw(undo) and not redo.saw(e.origin) for e in later
        ):  # fmt: skip
            continue
        for made, earlier in list(restored.items()):
            if earlier.id == entry.id:
                del restored[made]
        restored[event.id] = entry
    return restored
