"""The reducer: one event applied to a tournament gives the next tournament.

``apply`` is also the validator.  An event that does not fit the state it lands on
raises ``InvalidEvent`` with a message for the referee; the command that wanted to
append it appends nothing.  Replaying a stored log runs the same checks, so a file
edited by hand into an inconsistent state is refused the same way.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from schemes.base.scheme import PairsTheRest, Scheme, check_params, check_recorded
from schemes.errors import InvalidEvent, RoundIncomplete
from schemes.log import events as ev
from schemes.log.events import TABLE, Event
from schemes.registry import get_scheme, latest_rest, names_with
from schemes.state.model import (
    DEFAULT_KOMI,
    DRAW,
    GOTHA_PLAYER_DETAILS,
    GOTHA_SETTINGS,
    RESULT_CODES,
    SHARED,
    TEXT_DETAILS,
    Board,
    Hall,
    Laptop,
    Player,
    Result,
    Round,
    Settings,
    Take,
    Tournament,
)
from schemes.state.origin import Origin, check_device
from schemes.state.records import WAITING, WALKOVERS
from schemes.values import dates
from schemes.values.ranks import MAX_RATING, MIN_RATING, STRONGEST, WEAKEST, rank_of_rating
from schemes.values.text import TITLE_LIMIT, number_runs, single_line

LANGUAGES = ("ru", "en")
MAX_HANDICAP = 9


def replay(events: Iterable[Event]) -> Tournament:
    """The state of the tournament after the events that stand (retractions resolved); the
    others still say their laptop was alive, to a take of the chief's role (``still_the_chief``)."""
    log, state, stood = list(events), None, list[Event]()
    lost = {e.data["from"] for e in log if ev.is_take(e) and "from" in e.data}
    for event, stands in ev.steps(log):
        if stands:
            stood.append(event)
        elif event.origin is not None and event.origin.device in lost:  # else there is no take it could void
            state, stood = extend(state, stood), []
            state = still_the_chief(state, event, witness=True) if state is not None else None
    state = extend(state, stood)
    if state is None:
        raise InvalidEvent("the log is empty: no tournament was created")
    return state


def extend(state: Tournament | None, events: Sequence[Event]) -> Tournament | None:
    """``state`` after ``events``, none of them a retraction, each checked as ``apply``
    checks it.  Runs of one kind are applied at once — the results of one round (the slips
    of a round, entered one after another: the bulk of a long log) and registrations (a
    registration list) — so that the state is rebuilt once per run, not once per event."""
    index = 0
    while index < len(events):
        event = events[index]
        end = index + 1
        if state is not None and event.kind in (ev.RESULT_RECORDED, ev.PLAYER_REGISTERED):
            while end < len(events) and events[end].kind == event.kind and _same_run(events[end], event):
                end += 1
        if state is None or end == index + 1:
            state = apply(state, event)
            index = end
            continue
        for made in events[index:end]:  # as ``apply`` checks each
            _check_enrolled(state, made)
            state = still_the_chief(state, made)
        if event.kind == ev.PLAYER_REGISTERED:
            state = _registered(state, events[index:end])
        else:
            number = event.data["round"]
            state = _with_results(state, number, [_checked_result(state, e) for e in events[index:end]])
        index = end
    return state


def _same_run(event: Event, first: Event) -> bool:
    return event.kind != ev.RESULT_RECORDED or event.data["round"] == first.data["round"]


def apply(state: Tournament | None, event: Event) -> Tournament:
    """The tournament after ``event``, or InvalidEvent naming what is wrong.  Its shape was
    checked where the event was made (``Event.from_json`` for a file, ``history.append`` for
    a new one): checking it again for every event of every replay doubled the cost."""
    if event.kind == ev.TOURNAMENT_CREATED:
        if state is not None:
            raise InvalidEvent("the tournament was already created")
        return _created(event.data)
    if state is None:
        raise InvalidEvent("the log must start with the creation of the tournament")
    reducer = _REDUCERS.get(event.kind)
    if reducer is None:
        raise InvalidEvent("{kind} cannot be applied as such", kind=event.kind)
    _check_enrolled(state, event)
    state = still_the_chief(state, event)
    if state.hall is not None and event.kind in CHIEFS_OWN:
        _by_chief(state, event)
    return reducer(state, event)


def still_the_chief(state: Tournament, event: Event, witness: bool = False) -> Tournament:
    """The hall as ``event`` finds it after takes of the chief's role (``Hall.taken``): an event
    of a laptop the role was taken from says which takes of it that laptop knew of — those
    stand for good — and that it held the role after them: a take of it made since, unknown
    to it, and every take after that one are void, and it is the chief again (a review: a
    helper cut off from the Wi-Fi took the role while the chief, alive, paired the next round,
    and that round was lost on every laptop).
    ``witness``: ``event`` is undone or an undo (``events.steps``); it still says so of a
    take written with its ``from`` (``Take.chained``) — the chief's undo of the entry that had
    voided a take gave the role back to the taker (a review)."""
    hall = state.hall
    if hall is None or not hall.taken or event.origin is None:
        return state
    counted = _takes_from(hall, event, witness)
    if not counted:
        return state
    void = voided_takes(state, event, witness)
    kept = tuple(take for take in hall.taken if take not in counted and take not in void)
    return replace(state, hall=replace(hall, chief=void[0].lost if void else hall.chief, taken=kept))


def voided_takes(state: Tournament, event: Event, witness: bool = False) -> tuple[Take, ...]:
    """The takes of the chief's role that ``event`` shows void (``still_the_chief``): where it is
    an event of a laptop the role was taken from, the first take of it after the last one it
    knew of (the role handed back to it since: helper-197) — not one taken at once with those
    (``Take.at_once``) — and every take after that one, made from a laptop that was no chief or
    from the chief himself all the same."""
    hall = state.hall
    if hall is None or not hall.taken or event.origin is None:
        return ()
    counted, seen = _takes_from(hall, event, witness), dict(event.origin.seen)
    known = [index for index, take in enumerate(counted) if seen.get(take.taker, 0) >= take.seq]
    unknown = [take for take in counted[known[-1] + 1 :] if not take.at_once] if known else counted
    return hall.taken[hall.taken.index(unknown[0]) :] if unknown else ()


def _takes_from(hall: Hall, event: Event, witness: bool) -> list[Take]:
    assert event.origin is not None
    device = event.origin.device
    return [take for take in hall.taken if take.lost == device and (take.chained or not witness)]


def _check_enrolled(state: Tournament, event: Event) -> None:
    """hall.md: an event of a hall counts only if its laptop is one the chief enrolled (a
    laptop with the secret signed results as a device nobody enrolled, and they counted)."""
    if state.hall is not None and event.origin is not None and event.origin.device not in state.hall.laptops:
        raise InvalidEvent("laptop {device} is not enrolled in the hall", device=event.origin.device[:8])


CHIEFS_OWN = (ev.ROUND_PAIRED, ev.PAIRING_AMENDED, ev.SETTINGS_CHANGED)
"""What only the chief's laptop does in a hall: pair, amend a pairing, change the settings."""


def _created(data: Mapping[str, Any]) -> Tournament:
    try:
        scheme = get_scheme(data["scheme"])
        params = check_params(scheme, data.get("params", {}))
    except InvalidEvent as error:
        raise InvalidEvent("{reason}", reason=error) from None
    rounds = rounds_for(scheme, None if scheme.traits.bracket else data["rounds"])  # a bracket counts its own
    komi = check_komi(data.get("komi", DEFAULT_KOMI))
    lang = check_language(data.get("lang", "ru"))
    dates.check_stored(data.get("dates", ""))
    single_line(data.get("imported_from", ""), "the imported file's name", TITLE_LIMIT)  # the log shows it (a review)
    settings = Settings(
        name=single_line(data["name"], "the tournament's name", TITLE_LIMIT, required=True),
        scheme=scheme.name,
        rounds=rounds,
        place=single_line(data.get("place", ""), "the place", TITLE_LIMIT),
        dates=data.get("dates", ""),
        komi=komi,
        time=single_line(data.get("time", ""), "the time control"),
        lang=lang,
        params=params,
        online=data.get("online", False),
        gotha=checked_gotha(data.get("gotha", {}), GOTHA_SETTINGS),
    )
    return Tournament(settings)


def checked_gotha(given: Mapping[str, Any], known: Mapping[str, tuple[str, int]]) -> dict[str, str]:
    """What an OpenGotha file said that Tengen carries unread (``GOTHA_PLAYER_DETAILS``,
    ``GOTHA_SETTINGS``): only the attributes ``known`` names, each one line of visible text
    within its length, kept as written (blanks and all: it goes back to OpenGotha as it came).
    An empty value is none."""
    kept = {}
    for key, value in given.items():
        if key not in known:
            raise InvalidEvent("unknown OpenGotha attribute {name!r}", name=str(key)[:40])
        what, limit = known[key]
        if not isinstance(value, str):
            raise InvalidEvent("{what} is not text", what=what)
        if value:
            kept[key] = single_line(value, what, limit, fold=False)
    return kept


def check_rounds(rounds: int | None) -> int | None:
    if rounds is not None and not 1 <= rounds <= 99:
        raise InvalidEvent("bad number of rounds {rounds}: 1 to 99", rounds=rounds)
    return rounds


def rounds_for(scheme: Scheme, rounds: int | None) -> int | None:
    """A tournament's number of rounds as its scheme takes it: required by the schemes that
    pair round by round to an end."""
    if rounds is None and scheme.traits.rounds_required:
        raise InvalidEvent("{scheme} needs the number of rounds", scheme=scheme.name)
    return check_rounds(rounds)


KOMI_LIMIT = 50
"""A tournament's komi, at most: beyond it a typing mistake, not a rule."""
BOARD_KOMI_LIMIT = 500
"""A board's komi, at most: sport-handicap's komi compensates the strength points exactly,
far beyond a tournament's usual komi."""


def check_language(value: object) -> str:
    """The paperwork's language: one of ``LANGUAGES``, at creation and when changed."""
    if value not in LANGUAGES:
        raise InvalidEvent("bad language {lang!r}: {allowed}", lang=str(value)[:20], allowed=", ".join(LANGUAGES))
    return str(value)


def check_komi(value: float, limit: float = KOMI_LIMIT) -> float:
    """A komi: a whole or half number within ``limit`` (NaN and infinity are not numbers here)."""
    komi = float(value)
    if math.isfinite(komi) and abs(komi) > limit:  # 1000 is a whole number: say what is wrong with it
        raise InvalidEvent("bad komi {value}: at most {limit} either way", value=f"{komi:g}", limit=f"{limit:g}")
    if not math.isfinite(komi) or komi * 2 != int(komi * 2):
        raise InvalidEvent("bad komi {value}: a whole or half number, like 6.5", value=value)
    return komi + 0.0  # -0 is 0: «коми -0» was said back


def _player(state: Tournament, player_id: int) -> Player:
    player = state.players.get(player_id)
    if player is None:
        raise InvalidEvent("unknown player {player}", player=player_id)
    return player


def _checked_profile(
    settings: Settings, players: Mapping[int, Player], player_id: int, data: Mapping[str, Any]
) -> dict[str, Any]:
    """The player fields of a registration or an edit, checked against the scheme and the
    players registered so far."""
    fields = checked_fields(data)
    if "preregistered" in data:
        scheme = get_scheme(settings.scheme)
        if data["preregistered"] and not scheme.traits.confirms_players:
            raise InvalidEvent(
                "{scheme} pairs every registered player: registering in advance is for {schemes}",
                scheme=scheme.name,
                schemes=", ".join(names_with("confirms_players")),
            )
        fields["preregistered"] = data["preregistered"]
    if "block" in data:
        checked_block(players, player_id, data["block"])
        fields["block"] = frozenset(data["block"])
    return fields


def checked_block(players: Mapping[int, Player], player_id: int | None, block: Iterable[int]) -> None:
    """The players ``player_id`` must not meet (``None``: one not registered yet): registered
    ones, not himself — checked by the log and by the app's form, before it closes."""
    for other in block:
        if other == player_id:
            raise InvalidEvent("player {player} cannot be blocked from himself", player=player_id)
        if other not in players:
            raise InvalidEvent("unknown player {player}", player=other)


def checked_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a player's profile that need no tournament to be checked (names, rating,
    dates…), checked as a registration checks them: a registration list checks its rows so,
    each bad row refused with its line number before anything is registered."""
    fields: dict[str, Any] = {}
    for key, what in (
        ("surname", "the surname"),
        ("name", "the first name"),
        ("country", "the country"),
        ("club", "the club"),
    ):
        if key in data:
            # names as an OpenGotha file wrote them stay so, blanks and all: its pairing reads them
            verbatim = data.get("as_written", False) and key in ("surname", "name")
            fields[key] = single_line(data[key], what, required=key == "surname", fold=not verbatim)
    if "rating" in data and data["rating"] is not None:
        if not MIN_RATING <= data["rating"] <= MAX_RATING:
            raise InvalidEvent(
                "bad rating {rating}: {low} to {high}", rating=data["rating"], low=MIN_RATING, high=MAX_RATING
            )
        fields["rating"] = data["rating"]
        fields["rank"] = rank_of_rating(data["rating"])
        if "rank" in data:  # both stated (an OpenGotha file): the declared rank stands
            if not WEAKEST <= data["rank"] <= STRONGEST:
                raise InvalidEvent("bad rank index {rank}", rank=data["rank"])
            fields["rank"] = data["rank"]
    elif "rank" in data:
        if not WEAKEST <= data["rank"] <= STRONGEST:
            raise InvalidEvent("bad rank index {rank}", rank=data["rank"])
        fields["rank"] = data["rank"]
        fields["rating"] = None
    for key, (what, limit) in TEXT_DETAILS.items():
        if key in data:
            fields[key] = single_line(data[key], what, limit)
    if "birth" in data:
        fields["birth"] = dates.check_birth(data["birth"])
    if "sex" in data:
        if data["sex"] not in ("", "f", "m"):
            raise InvalidEvent("sex is f, m or empty, not {value!r}", value=data["sex"][:10])
        fields["sex"] = data["sex"]
    if "smms" in data:
        if not -1 <= data["smms"] <= 2:
            raise InvalidEvent("bad McMahon start-score correction {value}: -1 to 2", value=data["smms"])
        fields["smms"] = data["smms"]
    return fields


def _registered(state: Tournament, events: Sequence[Event]) -> Tournament:
    """Players registered one after another, added at once: each is checked against the
    players before it, but the table of players is copied once, not once per player (a
    registration list of thousands cost the square of its length)."""
    if state.rounds and not get_scheme(state.settings.scheme).traits.late_entry:
        raise InvalidEvent("{scheme}: nobody can join after round 1 is paired", scheme=state.settings.scheme)
    players, numbers = dict(state.players), dict(state.numbers)
    number = max(numbers.values(), default=0)
    for event in events:
        player_id = event.data["player"]
        if player_id in players:
            raise InvalidEvent("player id {player} is taken", player=player_id)
        fields = _checked_profile(state.settings, players, player_id, event.data)
        if "rank" not in fields:
            raise InvalidEvent("a player needs a rating or a rank")
        if "gotha" in event.data:
            fields["gotha"] = checked_gotha(event.data["gotha"], GOTHA_PLAYER_DETAILS)
        players[player_id] = Player(id=player_id, joined=state.paired_rounds + 1, **fields)
        if numbers:
            number += 1
            numbers[player_id] = number
    return replace(state, players=players, numbers=numbers)


def _edited(state: Tournament, event: Event) -> Tournament:
    player = _player(state, event.data["player"])
    fields = _checked_profile(state.settings, state.players, player.id, event.data)
    if "preregistered" in fields:
        fields.update(_confirmation(state, player, fields["preregistered"]))
    if "ratingOrigin" in player.gotha and "rating" in fields and fields["rating"] != player.rating:
        # as OpenGotha's player form does: a rating changed by hand is «MAN», none (his rank's) «INI»
        fields["gotha"] = {**player.gotha, "ratingOrigin": "INI" if fields["rating"] is None else "MAN"}
    return replace(state, players={**state.players, player.id: replace(player, **fields)})


def _confirmation(state: Tournament, player: Player, advance: bool) -> dict[str, Any]:
    """A player registered in advance is confirmed (or, before he played, put back): the
    rounds paired before keep him as he was then (``confirmed_after``), and a change that
    changes nothing is refused rather than logged."""
    if advance == player.preregistered:
        if advance:
            raise InvalidEvent("player {player} is registered in advance already", player=state.named(player.id))
        raise InvalidEvent(
            "player {player} was not registered in advance: nothing to confirm", player=state.named(player.id)
        )
    if advance and any(r.board_of(player.id) or player.id in r.byes for r in state.rounds):
        raise InvalidEvent(
            "player {player} has played: he cannot be registered in advance now", player=state.named(player.id)
        )
    return {} if advance else {"confirmed_after": state.paired_rounds}


def _total_rounds(state: Tournament) -> int | None:
    return get_scheme(state.settings.scheme).total_rounds(state)


def _skips(state: Tournament, event: Event) -> Tournament:
    """A skip is announced before its round is paired — but for the latest round by a player of
    its rest (OpenGotha's participation unticked for a round it paired in part: the rest, odd
    beside its bye, could otherwise be neither paired nor left, a review), worth what an
    announced skip is (never late: nothing was paired on his word)."""
    player = _player(state, event.data["player"])
    total = _total_rounds(state)
    resting = state.paired_rounds if player.id in latest_rest(state) else 0
    for number in event.data["rounds"]:
        if number <= state.paired_rounds and number != resting:
            raise InvalidEvent(
                "round {round} is already paired: a skip must be announced before; "
                "record the game as a forfeit instead",
                round=number,
            )
        if total is not None and number > total:
            raise InvalidEvent("there is no round {round}: the event has {total}", round=number, total=total)
    if not event.data["rounds"]:
        raise InvalidEvent("name the rounds to skip")
    skips = player.skips | frozenset(event.data["rounds"])
    late = player.late | _past_deadline(state, [number for number in event.data["rounds"] if number != resting])
    return replace(state, players={**state.players, player.id: replace(player, skips=skips, late=late)})


def _past_deadline(state: Tournament, rounds: Iterable[int]) -> frozenset[int]:
    """The rounds ``k >= 2`` announced after round ``k - 1`` was paired (seed 001's deadline:
    «до начала предыдущего тура»); a skip of round 1 is in time until round 1 is paired."""
    return frozenset(k for k in rounds if k >= 2 and k - 1 <= state.paired_rounds)


def _withdrawn(state: Tournament, event: Event) -> Tournament:
    player = _player(state, event.data["player"])
    start = event.data["from_round"]
    if player.withdrawn_from is not None:
        raise InvalidEvent(
            "player {player} has already withdrawn from round {round}",
            player=state.named(player.id),
            round=player.withdrawn_from,
        )
    if start <= state.paired_rounds:
        raise InvalidEvent(
            "round {round} is already paired: withdraw him from round {next}", round=start, next=state.paired_rounds + 1
        )
    player = replace(player, withdrawn_from=start, late=player.late | _past_deadline(state, [start]))
    return replace(state, players={**state.players, player.id: player})


ROUNDS_BEYOND = 10_000
"""A round no event reaches (a round robin of 5,000 players is the longest): where the number
of rounds is not known yet (a best-of-three play-off), what a return may name at most."""


def _returned(state: Tournament, event: Event) -> Tournament:
    """A withdrawn player back from round ``from_round`` (the spec's «returns»): the rounds he
    was out become skips, as if he had announced them, and his games stand.  One who left
    before round 1 was numbered gets the next free number, as a latecomer does; where nobody
    joins after round 1 (a round robin's table, a play-off's bracket) he comes back only to
    the place he had: a round robin's number, a bracket no round has gone on without him."""
    player = _player(state, event.data["player"])
    back = event.data["from_round"]
    if player.withdrawn_from is None:
        raise InvalidEvent("player {player} has not withdrawn", player=state.named(player.id))
    if back < 1:  # not «round 0 is already paired»
        raise InvalidEvent("there is no round {round}", round=back)
    if back <= state.paired_rounds:
        raise InvalidEvent(
            "round {round} is already paired: he can be back from round {next}",
            round=back,
            next=state.paired_rounds + 1,
        )
    total = _total_rounds(state)
    if total is not None and back > total:
        raise InvalidEvent("there is no round {round}: the event has {total}", round=back, total=total)
    if back > ROUNDS_BEYOND:  # its missed rounds are a set: an event from elsewhere must not make it endless
        raise InvalidEvent("there is no round {round}", round=back)
    traits = get_scheme(state.settings.scheme).traits
    numbers = dict(state.numbers)
    if numbers and player.id not in numbers:
        if not traits.late_entry:
            raise InvalidEvent("{scheme}: nobody can join after round 1 is paired", scheme=state.settings.scheme)
        numbers[player.id] = max(numbers.values()) + 1
    if traits.bracket and player.withdrawn_from <= state.paired_rounds:
        raise InvalidEvent(
            "player {player} lost his match by withdrawing: the bracket has gone on without him",
            player=state.named(player.id),
        )
    missed = frozenset(range(player.withdrawn_from, back))
    late = frozenset(k for k in player.late if k < back or k in player.skips)  # he plays those the withdrawal made late
    player = replace(player, withdrawn_from=None, skips=player.skips | missed, late=late)
    return replace(state, players={**state.players, player.id: player}, numbers=numbers)


def check_pairable(state: Tournament, number: int, early: bool = False, every: bool = True) -> None:
    """Round ``number`` is the next one, the rounds before it are complete (unless the referee
    pairs ``early``, as OpenGotha lets him), and the event has it.  Every earlier round, not
    only the last: a round robin's game of round 2 put off was never asked about again.  A
    pairing in the log is held to the rule it was made under (``every`` False: the round
    before), so a file paired before still opens."""
    if number != state.paired_rounds + 1:
        raise InvalidEvent("the next round to pair is {next}, not {round}", next=state.paired_rounds + 1, round=number)
    total = _total_rounds(state)
    settled = not every and get_scheme(state.settings.scheme).traits.bracket  # a round of no boards, logged (a review)
    if total is not None and number > total and not settled:  # before the round before's results: none is to come
        _play_off_won(state)
        if total == 1:  # a play-off of two: «all 1 rounds» (a review)
            raise InvalidEvent("the one round is paired")
        raise InvalidEvent("all {total} rounds are paired", total=total)
    earlier = state.rounds[: number - 1] if every else state.rounds[number - 2 : number - 1]
    previous = next((played for played in earlier if not played.complete), None)
    if previous is not None and not early:
        missing = previous.missing
        boards = number_runs(missing)  # «1–12»: all of twelve, where «1–10» of them were named (a trial)
        if boards.count(",") >= MISSING_NAMED:  # 496 boards ran past the line's end, and the hint after them
            raise RoundIncomplete("round {round} is not complete: no result on {count} boards, among them {boards}",
                                  round=previous.number, count=len(missing),
                                  boards=", ".join(boards.split(", ")[:MISSING_NAMED]))  # fmt: skip  # ten runs
        if len(missing) > 1:  # «на досках 6, 7», not «на доске 6, 7»
            raise RoundIncomplete("round {round} is not complete: no result on boards {boards}",
                                  round=previous.number, boards=boards)  # fmt: skip
        raise RoundIncomplete("round {round} is not complete: no result on board {boards}",
                              round=previous.number, boards=boards)  # fmt: skip


MISSING_NAMED = 10
"""The runs of boards without a result a refusal to pair names (``1–4, 6``); more are counted."""


def _play_off_won(state: Tournament) -> None:
    """A bracket with every round paired: its winner said, where «every round is paired» was (a
    trial's referee, pressing ``n`` after the final, read that all rounds were paired); or the
    boards still to play (the final, the match for third place), or that both lost the final
    (a review)."""
    scheme = get_scheme(state.settings.scheme)
    if not scheme.traits.bracket or not state.rounds:
        return
    last = state.rounds[-1]
    if len(last.missing) == 1:
        raise InvalidEvent("the play-off's last round is still on: no result on board {boards}", boards=last.missing[0])
    if last.missing:
        raise InvalidEvent("the play-off's last round is still on: no result on boards {boards}",
                           boards=number_runs(last.missing))  # fmt: skip
    rows = scheme.standings(state, state.paired_rounds).rows
    if rows and rows[0].place == "1":
        raise InvalidEvent("the play-off is over: its champion is player {player}", player=state.named(rows[0].player))
    if rows and rows[0].place == "2":  # no «1»: both lost the final
        raise InvalidEvent("the play-off is over: both finalists lost the final")
    if rows and rows[0].place:  # every player has his place, and none is «1» or «2»: no final to play
        raise InvalidEvent("the play-off is over: no one was left to play the final")


def _paired(state: Tournament, event: Event) -> Tournament:
    data = event.data
    number = data["round"]
    as_recorded, traits = data.get("as_recorded", False), get_scheme(state.settings.scheme).traits
    early = data.get("early", False) or as_recorded
    if early and not traits.pairs_early:
        raise InvalidEvent("{scheme} pairs a round only when the one before is complete", scheme=state.settings.scheme)
    if as_recorded and not traits.opengotha:  # its players left out: OpenGotha's "not assigned"
        raise InvalidEvent("{scheme} has no rounds recorded by OpenGotha", scheme=state.settings.scheme)
    check_pairable(state, number, early, every=False)
    numbers = dict(state.numbers)
    if "order" in data:
        numbers = _numbering(state, data["order"])
    elif not numbers:
        raise InvalidEvent("round 1 must number the players")
    state = replace(state, numbers=numbers)
    check_pairable(state, number, early, every=False)
    boards, byes = _seating(state, number, data, data.get("as_recorded", False))
    extra = dict(data.get("extra", {}))
    check_recorded(get_scheme(state.settings.scheme).recorded, number, extra)
    _check_off_the_boards(state, number, boards, byes, extra)
    paired = Round(number, boards, byes, extra, {}, event.id, data.get("as_recorded", False))
    return replace(state, rounds=state.rounds + (paired,))


def _check_off_the_boards(
    state: Tournament, number: int, boards: Sequence[Board], byes: Sequence[int], extra: Mapping[str, Any]
) -> None:
    """A walkover's player is one of the round's byes and the opponent who did not come a
    registered player off its boards and byes; one waiting is a numbered player off them; so
    a damaged record names no one it should not.  Whether they were absent or through is not
    asked: a withdrawal undone later (as an older Tengen let) must not close the file."""
    seated = {p for board in boards for p in (board.white, board.black)} | set(byes)
    for player, absent in extra.get(WALKOVERS, {}).items():
        if int(player) not in byes or absent not in state.players or absent in seated:
            raise InvalidEvent("round {round}: damaged {key}", round=number, key=WALKOVERS)
    if any(int(player) not in state.numbers or int(player) in seated for player in extra.get(WAITING, {})):
        raise InvalidEvent("round {round}: damaged {key}", round=number, key=WAITING)


def _seating(
    state: Tournament, number: int, data: Mapping[str, Any], as_recorded: bool = False
) -> tuple[tuple[Board, ...], tuple[int, ...]]:
    """The boards and byes of a pairing, checked: everyone who plays the round, once.  A
    round ``as_recorded`` by OpenGotha may leave players out (its "not assigned") and seat
    a player not yet confirmed."""
    boards = boards_of(data)
    numbers = [0] + [board.number for board in boards]
    if any(later <= earlier for earlier, later in itertools.pairwise(numbers)):
        raise InvalidEvent("round {round}: the boards' numbers must grow from 1 up", round=number)
    byes = tuple(data.get("byes", ()))
    seated = [p for b in boards for p in (b.white, b.black)] + list(byes)
    if as_recorded:  # OpenGotha keeps every game of a player in a round (and counts them all)
        seated = list(dict.fromkeys(p for b in boards for p in (b.white, b.black))) + list(byes)
    if len(set(seated)) != len(seated):
        repeated = min(p for p, n in Counter(seated).items() if n > 1)
        raise InvalidEvent("player {player} appears twice in round {round}", player=state.named(repeated), round=number)
    for player_id in seated:
        player = _player(state, player_id)
        if player.absent_from(number) or (player.preregistered and not as_recorded):
            raise InvalidEvent(
                "player {player} does not play round {round}", player=state.named(player_id), round=number
            )
    expected = {p.id for p in state.players.values() if p.available_in(number)}
    everyone = get_scheme(state.settings.scheme).traits.everyone_plays and not as_recorded
    left_out = sorted(expected - set(seated)) if everyone else []
    if left_out:
        raise InvalidEvent(
            "player {player} is left out of round {round}", player=state.named(left_out[0]), round=number
        )
    return boards, byes


def latecomers_seated(state: Tournament, number: int, seated: Iterable[object]) -> Tournament:
    """``state`` where the ``seated`` who came after round ``number`` was paired
    (``Player.came_after``) play from it: pairing the rest seats them in it (``actions.rest_of``)."""
    joining = {
        p: replace(
            state.players[p],
            joined=min(state.players[p].joined, number),
            confirmed_after=min(state.players[p].confirmed_after, number - 1),
        )
        for p in seated
        if isinstance(p, int) and p in state.players and state.players[p].came_after(number)
    }
    return replace(state, players={**state.players, **joining}) if joining else state


def _check_rest(state: Tournament, played: Round, boards: Sequence[Board], byes: Sequence[int]) -> None:
    """A pairing of the rest (``actions.pair_rest``) keeps the round's boards and byes — but a bye
    whose player it seats on a new board (``actions.rest_of`` takes one back only before the
    round's first result; a result entered unseen on another laptop of a hall may come before
    it in the merge, and a rest on the wall was left out, an attack) — and seats only players of
    the round on none of them, each once, with one bye at most, where the scheme pairs a rest:
    a damaged one sat a player on two boards (a review)."""
    number, kept = played.number, {b.number for b in played.boards}
    if not isinstance(get_scheme(state.settings.scheme), PairsTheRest):
        raise InvalidEvent("{scheme} pairs a round whole: the players on no board play from the next round",
                           scheme=state.settings.scheme)  # fmt: skip
    held = tuple(p for p in played.byes if p in byes)
    taken = [p for p in played.byes if p not in byes]
    new_boards = [p for b in boards if b.number not in kept for p in (b.white, b.black)]
    if ([b for b in boards if b.number in kept] != list(played.boards) or tuple(byes[: len(held)]) != held
            or not set(taken) <= set(new_boards)):  # fmt: skip
        raise InvalidEvent("pairing the rest of round {round} keeps its boards and byes", round=number)
    old = {p for b in played.boards for p in (b.white, b.black)} | set(held)
    new = new_boards + list(byes[len(held) :])
    if (not new or len(set(new)) != len(new) or old & set(new) or len(byes) > len(held) + 1
            or not all(state.players[p].available_in(number) for p in new)):  # fmt: skip
        raise InvalidEvent("pairing the rest of round {round} seats its players on no board, each once", round=number)


def check_no_result_changes(played: Round, boards: Sequence[Board]) -> None:
    """Refused where a change by hand moves a board that has a result (checked by the change
    before it asks of a repeat game or a block: a trial said «yes» to a block, then was
    refused for the results)."""
    entered = set(played.entered)
    touched = [
        old.number for old, new in zip(played.boards, boards, strict=True) if old != new and old.number in entered
    ]
    check_not_disputed(played, touched)
    if touched:
        listed, number = ", ".join(map(str, touched)), played.number
        if len(touched) > 1:  # a trial read «board 6, 8 … has a result»
            raise InvalidEvent(
                "boards {boards} of round {round} have results: undo them first", boards=listed, round=number
            )
        raise InvalidEvent("board {boards} of round {round} has a result: undo it first", boards=listed, round=number)


def check_not_disputed(played: Round, boards: Iterable[int]) -> None:
    """Refused where a change by hand touches a disputed board (``Round.entered``), said as a
    dispute: «has a result: undo it first» sent the referee to undo an entry of another laptop,
    which only that laptop may (a review)."""
    entered = set(played.entered)
    disputed = [board for board in boards if board in entered and board not in played.results]
    if disputed:
        raise InvalidEvent("board {board} of round {round} is disputed: enter its result as the slip says first",
                           board=disputed[0], round=played.number)  # fmt: skip


def _amended(state: Tournament, event: Event) -> Tournament:
    """A referee's change of the latest pairing; boards that change must have no result yet."""
    number = event.data["round"]
    if number != state.paired_rounds or number == 0:
        raise InvalidEvent("only the latest round ({round}) can be changed by hand", round=state.paired_rounds)
    played = state.rounds[-1]
    if event.data["change"] == ev.REST:
        seated = {p for b in event.data["boards"] for p in (b.get("white"), b.get("black"))} | set(event.data["byes"])
        state = latecomers_seated(state, number, seated)
    boards, byes = _seating(state, number, event.data, played.as_recorded)
    if event.data["change"] == ev.REST:  # the players on no board paired: every board and bye kept
        _check_rest(state, played, boards, byes)
    elif [b.number for b in boards] != [b.number for b in played.boards]:
        raise InvalidEvent("a change by hand keeps the number of boards")
    else:
        check_no_result_changes(played, boards)
    amended = replace(played, boards=boards, byes=byes)
    return replace(state, rounds=state.rounds[:-1] + (amended,))


def bracket_faults(state: Tournament, first: int = 1) -> dict[int, InvalidEvent]:
    """The paired rounds of a bracket that are not the round its state makes: its matches on
    the boards (colours and stones as they may be), the players through without a game as
    byes.  A swap across two matches credited one man's win to another, and an undone
    withdrawal or absence, its walkover already paired, left a bracket no round could finish
    (a review).  Asked when an event is added (``history.append``), never in a replay: a file
    written before the check, or under an earlier rule of the bracket, still opens (a review
    of the check found a finished play-off no command could read any more).  A hall's merge
    asks it of each event it takes, as the laptop that made it did: the merge makes the log
    again from the laptops' events, so a round an earlier Tengen's merge took off the bracket
    (a final paired on a winner a concurrent correction changed) is left out then, with its
    results, and said on every laptop.  From round ``first`` on: a round's bracket is made of
    the rounds before it."""
    scheme = get_scheme(state.settings.scheme)
    if not scheme.traits.bracket:
        return {}
    faults = {}
    for played in state.rounds[first - 1 :]:
        before = replace(state, rounds=state.rounds[: played.number - 1])
        fault = _bracket_fault(scheme, before, played)
        if fault is not None:
            faults[played.number] = fault
    return faults


def _bracket_fault(scheme: Scheme, state: Tournament, played: Round) -> InvalidEvent | None:
    number = played.number
    try:
        made = scheme.pair(state, number, random.Random(0), None)
    except InvalidEvent as error:  # the bracket has no round to play: over, or no field
        return InvalidEvent("round {round} is not the bracket's: {reason}", round=number, reason=error)
    meetings = {frozenset((board.white, board.black)) for board in made.boards}
    for board in played.boards:
        if frozenset((board.white, board.black)) not in meetings:
            return InvalidEvent("round {round}: players {white} and {black} do not meet in the bracket", round=number,
                                white=state.named(board.white), black=state.named(board.black))  # fmt: skip
    if len(played.boards) != len(made.boards) or set(played.byes) != set(made.byes):
        return InvalidEvent("round {round} is not the bracket's: its matches or who goes through without a game differ",
                            round=number)  # fmt: skip
    return None


def _numbering(state: Tournament, order: list[int]) -> dict[int, int]:
    if state.numbers:
        raise InvalidEvent("the players are numbered already")
    field_ids = {p.id for p in state.players.values() if not p.withdrawn_by(1)}
    if sorted(order) != sorted(field_ids):
        raise InvalidEvent("the numbering must list every player of the field once")
    return {player_id: no for no, player_id in enumerate(order, start=1)}


def boards_of(data: Mapping[str, Any]) -> tuple[Board, ...]:
    """A pairing's boards as its event records them, each numbered (an OpenGotha round's by its
    table), each checked alone; the field is ``_seating``'s to check."""
    return tuple(_board(b.get(TABLE, i), b) for i, b in enumerate(data["boards"], start=1))


def _board(number: int, data: Mapping[str, Any]) -> Board:
    komi = check_komi(data["komi"], BOARD_KOMI_LIMIT)
    board = Board(number, data["white"], data["black"], data["handicap"], komi, data["nigiri"])
    if board.white == board.black:
        raise InvalidEvent("board {board}: a player cannot play himself", board=number)
    if not 0 <= board.handicap <= MAX_HANDICAP:
        raise InvalidEvent(
            "board {board}: handicap {handicap} is not 0..{high}",
            board=number,
            handicap=board.handicap,
            high=MAX_HANDICAP,
        )
    return board


def no_such_board(played: Round, board: int) -> InvalidEvent:
    """The refusal of a board a round does not have, with the boards it has: «доски 1–1» read
    oddly for a round of one board (a trial)."""
    numbers = [b.number for b in played.boards]
    if numbers != list(range(1, len(numbers) + 1)):  # an OpenGotha round's tables, with its gaps
        return InvalidEvent("round {round} has no board {board} (boards {boards})", round=played.number,
                            board=board, boards=number_runs(numbers))  # fmt: skip
    if len(played.boards) > 1:
        return InvalidEvent("round {round} has no board {board} (boards 1-{boards})", round=played.number,
                            board=board, boards=len(played.boards))  # fmt: skip
    if played.boards:
        return InvalidEvent("round {round} has no board {board}: its one board is board 1", round=played.number,
                            board=board)  # fmt: skip
    return InvalidEvent("round {round} has no boards", round=played.number)


def _checked_result(state: Tournament, event: Event) -> tuple[int, Result]:
    """The board number and the result a result event records, checked against the round: on
    the game its laptop had on the board, where it says (``history.seated``) — a result names
    its winner by colour, and scored on a board that seats others or the other way round since,
    it went to a player who never played it: a hall's laptop that had not seen a swap, a change
    of colours or a pairing made again (a property test of the merge found eight ways); nor on
    other stones or komi, a game other than the one played (an attack)."""
    data = event.data
    played = state.round(data["round"])
    if played is None:
        raise InvalidEvent("round {round} is not paired", round=data["round"])
    board = played.board(data["board"])
    if board is None:
        raise no_such_board(played, data["board"])
    seated = ev.GAME[0] in data  # all four, or none (``check_shape``)
    if seated and {key: data[key] for key in ev.GAME} != board.game:
        raise InvalidEvent("the result was entered on another pairing of round {round}: enter it on the round as it "
                           "stands", round=played.number)  # fmt: skip
    if data["code"] not in RESULT_CODES:
        raise InvalidEvent("bad result {code!r}: one of {codes}", code=data["code"][:20], codes=" ".join(RESULT_CODES))
    if data["code"] in SHARED and not get_scheme(state.settings.scheme).traits.draws:
        if data["code"] == DRAW:
            raise InvalidEvent("a jigo is no result here: the game is replayed; enter the replay's result")
        raise InvalidEvent("a game here has a winner: enter who won (or both-lose)")
    swapped = data.get("swapped", False)
    if swapped and not board.nigiri:
        raise InvalidEvent(
            "board {board} had its colours set by the pairing: they cannot be swapped", board=board.number
        )
    if event.origin is None:
        return board.number, Result(data["code"], swapped, event.id, seated=seated)
    return board.number, Result(data["code"], swapped, event.id, event.origin, event.at, seated)


def _with_results(state: Tournament, number: int, entered: Sequence[tuple[int, Result]]) -> Tournament:
    played = state.rounds[number - 1]
    results, disputes = dict(played.results), dict(played.disputes)
    for board, result in entered:
        _record(results, disputes, board, result)
    updated = replace(played, results=results, disputes=disputes)
    return replace(state, rounds=state.rounds[: number - 1] + (updated,) + state.rounds[number:])


def _record(results: dict[int, Result], disputes: dict[int, tuple[Result, ...]], board: int, new: Result) -> None:
    """A result entered for ``board``: a correction of what its laptop had seen, or — entered
    on a laptop that had not seen a different entry — a dispute, settled by an entry made
    after seeing every disputed one (``../shared/spec/hall.md``, Conflicts)."""
    origin = new.origin
    entries = disputes.get(board)
    if entries is not None:
        if origin is None or all(e.origin is None or origin.saw(e.origin) for e in entries):
            del disputes[board]
            results[board] = new
        else:
            disputes[board] = (*entries, new)
        return
    before = results.get(board)
    if (
        origin is not None
        and before is not None
        and before.origin is not None
        and not origin.saw(before.origin)
        and (before.code, before.swapped) != (new.code, new.swapped)
    ):
        del results[board]
        disputes[board] = (before, new)
        return
    results[board] = new


def _result(state: Tournament, event: Event) -> Tournament:
    return _with_results(state, event.data["round"], [_checked_result(state, event)])


def _hall(state: Tournament) -> Hall:
    if state.hall is None:
        raise InvalidEvent("the tournament is not shared by laptops (tengen hall init)")
    return state.hall


def _by_chief(state: Tournament, event: Event) -> Hall:
    """The hall, when ``event`` comes from its chief's laptop (only he enrols and hands on), or
    from a laptop that took the role at once with the chief's and knew of no later take."""
    hall = _hall(state)
    if event.origin is None or not _taken_at_once(hall, event.origin):
        check_chief(state, None if event.origin is None else event.origin.device)
    return hall


def _taken_at_once(hall: Hall, origin: Origin) -> bool:
    """Whether ``origin``'s laptop took the role from the laptop the chief's take took it from,
    and made this event knowing of no take of it after its own: it was the chief's, as far as it
    knew, and what it did as such stands — the chief, alive, may have entered his round on it.
    Taken by one of two takes at once, the role made the other's entries void: a change of
    colours the chief had entered his results on, or a round 2 he had paired round 3 after, and
    his round was lost (helper-196's fuzzer, days 603 and 1747)."""
    theirs = next((take for take in hall.taken if take.chained and take.taker == origin.device), None)
    chiefs = hall.taken[-1] if hall.taken else None  # the role handed on since, the chief's is no take (helper-200)
    if (
        theirs is None
        or chiefs is None
        or not chiefs.chained
        or chiefs.taker != hall.chief
        or theirs.lost != chiefs.lost
    ):
        return False
    seen = dict(origin.seen)
    later = hall.taken[hall.taken.index(theirs) + 1 :]
    return not any(take.lost == theirs.lost and seen.get(take.taker, 0) >= take.seq for take in later)


def check_retraction(state: Tournament, log: Sequence[Event], target: int, device: str | None) -> None:
    """In a hall, what only the chief's laptop does only it undoes or redoes: a pairing, its
    amendment, a change of the settings, the hall's own entries (an enrolment, the chief's role
    handed on).  A helper's ``undo`` took back the chief's pairing and settings, and a former
    chief undid his handing over and was the chief again (an attack).  A laptop's take of the
    role is its own to undo, the chief's or not by then: a table took the role and undid it, a
    second took it at once, and the undo, refused as not the chief's, left the first take
    standing beside the second, which the chief, alive, then could not void (helper-200).
    ``target``: the place in ``log`` of the entry the laptop ``device`` takes back (None: no
    laptop); ``state``: the hall before."""
    if state.hall is None or device is None:
        return
    taken, depth = ev.chain_end(log[target - 1], log)  # down to what it takes back
    own_take = ev.is_take(taken) and taken.origin is not None and taken.origin.device == device and not depth % 2
    if (taken.kind in CHIEFS_OWN or taken.kind in ev.HALL_KINDS) and not own_take:
        check_chief(state, device)


def check_chief(state: Tournament, device: str | None) -> None:
    """Refused where the tournament is a hall's and the laptop ``device`` (None: no laptop, an
    event from before the hall) is not its chief's: asked before a question or a pairing's
    wait, the refusal the event itself would meet."""
    hall = state.hall
    if hall is not None and device is not None and device != hall.chief:
        raise InvalidEvent("only the chief's laptop ({name}) may do this", name=hall.laptops[hall.chief].name)


def laptop_name(value: str) -> str:
    """A laptop's name as its enrolment keeps it, or InvalidEvent: asked by ``hall join`` too,
    where a name the chief's laptop could not enrol left the helper waiting for good, unsaid."""
    return single_line(value, "the laptop's name", 40, required=True)


def _hall_founded(state: Tournament, event: Event) -> Tournament:
    if state.hall is not None:
        raise InvalidEvent("the tournament is shared by laptops already")
    device = check_device(event.data["device"])
    return replace(state, hall=Hall({device: Laptop(device, laptop_name(event.data["name"]), 0)}, device))


def _device_enrolled(state: Tournament, event: Event) -> Tournament:
    hall = _by_chief(state, event)
    device = check_device(event.data["device"])
    if device in hall.laptops:
        raise InvalidEvent("laptop {name} is enrolled already", name=hall.laptops[device].name)
    block = event.data["block"]
    if not 1 <= block < 100 or block in {laptop.block for laptop in hall.laptops.values()}:
        raise InvalidEvent("player block {block} is taken or out of range", block=block)
    laptop = Laptop(device, laptop_name(event.data["name"]), block)
    return replace(state, hall=replace(hall, laptops={**hall.laptops, device: laptop}))


def _chief_changed(state: Tournament, event: Event) -> Tournament:
    """The role handed on by the chief's laptop; or ``taken`` by an enrolled laptop for itself,
    where the chief's laptop is lost (broken, stolen, its disk dead): each helper holds the whole
    event, and without this the event stopped at the next round.  The laptop that held it is a
    helper once it hears of it; an event it made without knowing of the take voids the take
    (``still_the_chief``): it was not lost.  A take says whose role it takes (``from``): the
    chief's in the log, or the laptop another take still in doubt took it from — two takes at
    once, the last the chief's, and each taker's entries as the chief made knowing of no later
    take standing (``_taken_at_once``).  Refused: a take made on a take the chief, alive,
    voided (that table was the chief) and one racing his handover of the role.  A take stays in
    doubt beside later takes and through a handover of the role (``Take.chained``)."""
    device = event.data["device"]
    if ev.is_take(event):
        hall = _hall(state)
        if event.origin is None or event.origin.device != device:
            raise InvalidEvent("a laptop takes the chief's role for itself alone")
        lost = event.data.get("from")
        if lost is None:  # written before takes said whose role they take: it replaces a take pending, as then
            taken: tuple[Take, ...] = (Take(hall.chief, device, event.origin.seq, chained=False),)
        elif lost == device or lost not in hall.laptops:
            raise InvalidEvent("the chief's role is taken from another laptop of the hall")
        elif lost != hall.chief and lost not in {take.lost for take in hall.taken if take.chained}:
            # a take made on a take found void, or racing the chief's handover of the role
            raise InvalidEvent("the chief's role was taken from {name}, which was not the chief's then",
                               name=hall.laptops[lost].name)  # fmt: skip
        else:  # from the chief, or from the laptop another take took it from at once (``_taken_at_once``)
            taken = (*hall.taken, Take(lost, device, event.origin.seq, at_once=lost != hall.chief))
    elif "from" in event.data:
        raise InvalidEvent("only a take of the chief's role says whose role it takes")
    else:
        hall = _by_chief(state, event)
        taken = tuple(take for take in hall.taken if take.chained)
    if device not in hall.laptops:
        raise InvalidEvent("no laptop {device} in the hall", device=str(device)[:32])
    return replace(state, hall=replace(hall, chief=device, taken=taken))


def _settings_changed(state: Tournament, event: Event) -> Tournament:
    """The name, place, dates, time control, komi, paperwork's language, number of rounds or
    whether the event is played online changed by the referee;
    a new komi is for the rounds paired from now on (a paired board keeps the komi it was
    given).  The rounds change where the referee set them at creation, never below the
    rounds paired: a round robin's and a play-off's follow from the field."""
    data = event.data
    if not data:
        raise InvalidEvent("nothing to change: give the fields to edit")
    settings = state.settings
    changes: dict[str, Any] = {}
    if "name" in data:
        changes["name"] = single_line(data["name"], "the tournament's name", TITLE_LIMIT, required=True)
    if "place" in data:
        changes["place"] = single_line(data["place"], "the place", TITLE_LIMIT)
    if "dates" in data:
        dates.check_stored(data["dates"])
        changes["dates"] = data["dates"]
    if "time" in data:
        changes["time"] = single_line(data["time"], "the time control")
    if "komi" in data:
        changes["komi"] = check_komi(data["komi"])
    if "lang" in data:
        changes["lang"] = check_language(data["lang"])
    if "online" in data:
        changes["online"] = data["online"]
    if "rounds" in data:
        changes["rounds"] = _changed_rounds(state, data["rounds"])
    if "params" in data:
        check_params_changeable(state)
        changes["params"] = check_params(get_scheme(settings.scheme), {**settings.params, **data["params"]})
    return replace(state, settings=replace(settings, **changes))


def check_rounds_changeable(state: Tournament) -> None:
    """InvalidEvent where the scheme counts the rounds itself (a round robin by its field, a
    play-off by its bracket): its number of rounds is not the referee's to change — but for a
    round robin's own count before round 1, which must agree with the field (spec: «if given,
    must agree»), so that a count that does not is mended, not a dead end (a trial's 3 for six
    players could be neither paired nor changed)."""
    scheme = get_scheme(state.settings.scheme)
    if not scheme.traits.rounds_required and (scheme.traits.bracket or state.paired_rounds):
        raise InvalidEvent("{scheme}: the number of rounds follows from the field", scheme=scheme.name)


def check_params_changeable(state: Tournament) -> None:
    """InvalidEvent where the scheme's parameters are no longer the referee's to change: once
    round 1 is paired, but for OpenGotha's, which lets them change during the event
    (``Traits.params_editable``).  Before it nothing was paired or scored by them, and a
    tie-break order typed wrong meant a new tournament and every player typed again (a trial)."""
    scheme = get_scheme(state.settings.scheme)
    if not scheme.traits.params_editable and state.paired_rounds:
        raise InvalidEvent("{scheme}: the parameters are fixed once round 1 is paired", scheme=scheme.name)


def _changed_rounds(state: Tournament, rounds: int) -> int | None:
    """The new number of rounds; a round robin's (before round 1) only its field's count, kept
    as none given: its rounds follow the field again (a count kept would refuse the pairing once
    one more player came, a review found)."""
    check_rounds_changeable(state)
    check_rounds(rounds)
    scheme = get_scheme(state.settings.scheme)
    if not scheme.traits.rounds_required:
        total = scheme.total_rounds(state)
        if total is None:
            raise InvalidEvent("{scheme}: the number of rounds follows from the field", scheme=scheme.name)
        if rounds != total:
            raise InvalidEvent("the field plays {total} rounds: a round robin's number of rounds follows it",
                               total=total)  # fmt: skip
        return None
    if rounds < state.paired_rounds:
        raise InvalidEvent(
            "{paired} rounds are paired already: the event cannot have fewer", paired=state.paired_rounds
        )
    return rounds


_REDUCERS = {
    ev.PLAYER_REGISTERED: lambda state, event: _registered(state, [event]),
    ev.PLAYER_EDITED: _edited,
    ev.PLAYER_SKIPS: _skips,
    ev.PLAYER_WITHDRAWN: _withdrawn,
    ev.PLAYER_RETURNED: _returned,
    ev.ROUND_PAIRED: _paired,
    ev.RESULT_RECORDED: _result,
    ev.PAIRING_AMENDED: _amended,
    ev.SETTINGS_CHANGED: _settings_changed,
    ev.HALL_FOUNDED: _hall_founded,
    ev.DEVICE_ENROLLED: _device_enrolled,
    ev.CHIEF_CHANGED: _chief_changed,
}
