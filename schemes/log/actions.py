"""What a referee can do, turned into event data.

The command line and the app both call these, so a rule about what the referee may
type lives here once.  Each returns ``(kind, data)`` for ``history.append``, which
checks it against the whole log before anything is written.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from schemes.base.scheme import ChoosesByes, Pairing, PairsTheRest, Scheme, parse_params, stored_params
from schemes.errors import BadSetting, InvalidEvent, NeedsForce, Notice, RepeatNeeded, RestRepeatNeeded
from schemes.log import events as ev
from schemes.log.events import Event
from schemes.log.history import redo_target
from schemes.log.replay import (
    BOARD_KOMI_LIMIT,
    MAX_HANDICAP,
    check_komi,
    check_language,
    check_no_result_changes,
    check_not_disputed,
    check_pairable,
    check_params_changeable,
    check_rounds,
    latecomers_seated,
    no_such_board,
    rounds_for,
)
from schemes.registry import get_scheme, not_playing
from schemes.state.model import DEFAULT_KOMI, PLAYERS_PER_LAPTOP, Board, Player, Round, Tournament
from schemes.values.dates import parse_birth, parse_dates
from schemes.values.names import alphabetical_key
from schemes.values.ranks import RankError, check_rating, parse_rank, rank_label, rank_of_rating
from schemes.values.text import TITLE_LIMIT, single_line
from schemes.values.timecontrol import TimeControlError, parse_time

Action = tuple[str, dict[str, Any]]
SEXES = {"f": "f", "m": "m", "ж": "f", "м": "m", "w": "f", "": ""}
"""How a referee writes a player's sex, in either language (empty clears it)."""


def komi_of(text: str) -> float:
    """A komi as the referee types it — ``6.5`` or ``6,5`` (a Russian keyboard's decimal
    comma) — checked: the one reading of the form, the settings and the command line.  Only
    digits and one point: Python's ``float`` also reads ``6_5`` (65), ``1e-400`` (0), ``inf``."""
    typed = text.strip().replace(",", ".")
    if not typed:  # «неверное коми : …» read as a slip of ours
        raise InvalidEvent("no komi given: a whole or half number, like 6.5")
    if not _KOMI.fullmatch(typed):
        raise InvalidEvent("bad komi {value}: a whole or half number, like 6.5", value=text[:20])
    return check_komi(float(typed))


_KOMI = re.compile(r"[+-]?([0-9]{1,6}(\.[0-9]{0,3})?|\.[0-9]{1,3})")  # ``.5``, ``,5`` too; 1000 is a number, too big


YES_OR_NO = {"yes": True, "no": False, "да": True, "нет": False, "true": True, "false": False}
"""A yes-or-no setting as the referee types it, in either language (OpenGotha's ``true`` and
``false`` too)."""


def online_of(text: str) -> bool:
    """Whether the event is played on the internet, as the referee types it (``yes``, ``no``,
    ``да``, ``нет``), checked: the one reading of the command line and the app."""
    typed = text.strip().lower()
    if typed not in YES_OR_NO:
        raise InvalidEvent("bad online {value!r}: yes or no", value=text[:20])
    return YES_OR_NO[typed]


def rounds_of(text: str) -> int:
    """A number of rounds as the referee types it, checked (1 to 99)."""
    typed = text.strip()
    if not typed:
        raise InvalidEvent("no number of rounds given: 1 to 99")
    if not (typed.isascii() and typed.isdigit()) or len(typed.lstrip("0")) > 2:  # before int(): 5,000 digits
        raise InvalidEvent("bad number of rounds {rounds}: 1 to 99", rounds=typed[:20])
    rounds = check_rounds(int(typed))
    assert rounds is not None
    return rounds


def create(
    name: str,
    scheme: str,
    rounds: int | None = None,
    place: str = "",
    dates: str = "",
    komi: float = DEFAULT_KOMI,
    time: str = "",
    lang: str = "ru",
    params: Mapping[str, str] | None = None,
    online: bool = False,
) -> Action:
    """The creation of a tournament, each setting checked here so that a refusal names it.
    ``online`` is written only when true: a file of an event at a venue stays as before."""
    values = parse_params(get_scheme(scheme), params or {})
    if rounds is None:  # the spec's default where it has one (sport-handicap's 7)
        rounds = get_scheme(scheme).traits.default_rounds
    checks = (
        ("name", lambda: single_line(name, "the tournament's name", TITLE_LIMIT, required=True)),
        ("place", lambda: single_line(place, "the place", TITLE_LIMIT)),
        ("dates", lambda: parse_dates(dates)),
        ("komi", lambda: _komi_asked(scheme, check_komi(komi))),
        ("time", lambda: _time_control(time)),
        ("rounds", lambda: _rounds_typed(get_scheme(scheme), rounds)),
    )
    checked: dict[str, Any] = {}
    for setting, check in checks:
        try:
            checked[setting] = check()
        except InvalidEvent as error:
            raise BadSetting(setting, error) from None
    return ev.TOURNAMENT_CREATED, {
        "name": checked["name"],
        "scheme": scheme,
        "rounds": rounds,
        "place": checked["place"],
        "dates": checked["dates"],
        "komi": checked["komi"],
        "time": checked["time"],
        "lang": lang,
        "params": stored_params(get_scheme(scheme), values),
        **({"online": True} if online else {}),
    }


def _rounds_typed(scheme: Scheme, rounds: int | None) -> int | None:
    """The number of rounds a new tournament is given, refused by a play-off, whose bracket
    counts them (a trial's ``--rounds 5`` was taken, ignored, and shown in its settings; the
    replay ignores one an older file holds)."""
    if rounds is not None and scheme.traits.bracket:
        raise InvalidEvent("{scheme}: the number of rounds follows from the field", scheme=scheme.name)
    return rounds_for(scheme, rounds)


EDITABLE = ("name", "place", "dates", "time", "komi", "lang", "rounds", "online")
"""The settings a referee may change after creating the tournament (``change_settings``); the
rounds where the scheme does not count them itself (OpenGotha lets a referee add a round, or
end early, when the hall's hours change)."""


def change_settings(**typed: str) -> Action:
    """The referee's new values of some of ``EDITABLE``, as typed; each checked as at creation."""
    data: dict[str, Any] = {}
    for key, text in typed.items():
        try:
            if key == "name":
                data[key] = single_line(text, "the tournament's name", TITLE_LIMIT, required=True)
            elif key == "place":
                data[key] = single_line(text, "the place", TITLE_LIMIT)
            elif key == "dates":
                data[key] = parse_dates(text)
            elif key == "time":
                data[key] = _time_control(text)
            elif key == "komi":
                data[key] = komi_of(text)
            elif key == "lang":  # the paperwork's: a Russian event with guests prints in English
                data[key] = check_language(text.strip().lower())
            elif key == "rounds":
                data[key] = rounds_of(text)
            elif key == "online":
                data[key] = online_of(text)
            else:
                raise InvalidEvent("{key} cannot be changed: only {keys}", key=key, keys=", ".join(EDITABLE))
        except InvalidEvent as error:
            raise BadSetting(key, error) from None
    if not data:
        raise InvalidEvent("nothing to change: give the fields to edit")
    return ev.SETTINGS_CHANGED, data


def change_params(state: Tournament, given: Mapping[str, str]) -> Action:
    """New values of scheme parameters, as typed (before round 1; McMahon and Swiss during the
    event too, as OpenGotha lets the referee: ``check_params_changeable``); each read by its
    parser."""
    scheme = get_scheme(state.settings.scheme)
    check_params_changeable(state)
    if not given:
        raise InvalidEvent("nothing to change: give the fields to edit")
    values = parse_params(scheme, given)
    return ev.SETTINGS_CHANGED, {"params": {key: values[key] for key in given}}


def settings_news(state: Tournament, action: Action) -> Action | None:
    """``action`` (``change_settings``, ``change_params``) without the values the tournament
    has already; None when none is left.  A value typed again as it stands is no event: each
    would be one more ctrl+z to find the real change under (``player edit`` keeps only what
    differs, for the same reason)."""
    kind, data = action
    settings = state.settings
    news = {key: value for key, value in data.items() if key != "params" and getattr(settings, key) != value}
    if "komi" in news:
        try:
            _komi_asked(settings.scheme, news["komi"])
        except InvalidEvent as error:
            raise BadSetting("komi", error) from None
    params = {key: value for key, value in data.get("params", {}).items() if settings.params.get(key) != value}
    if params:
        news["params"] = params
    return (kind, news) if news else None


def _komi_asked(scheme: str, komi: float) -> float:
    """``komi``, where the scheme takes the tournament's komi; refused where it sets every
    board's by its rule (``Traits.komi_by_rule``) and ``komi`` is not the default that files
    carry."""
    if get_scheme(scheme).traits.komi_by_rule and komi != DEFAULT_KOMI:
        raise InvalidEvent("{scheme} sets each board's komi by its rule: the tournament has none", scheme=scheme)
    return komi


def _time_control(text: str) -> str:
    text = single_line(text, "the time control")
    if text:
        try:
            parse_time(text)
        except TimeControlError as error:
            raise InvalidEvent("{reason}", reason=error) from None
    return text


def profile(
    surname: str | None = None,
    name: str | None = None,
    rating: int | None = None,
    rank: str | None = None,
    country: str | None = None,
    club: str | None = None,
    block: Sequence[int] | None = None,
    birth: str | None = None,
    sex: str | None = None,
    patronymic: str | None = None,
    team: str | None = None,
    category: str | None = None,
    pin: str | None = None,
    rgf: str | None = None,
    note: str | None = None,
    preregistered: bool | None = None,
) -> dict[str, Any]:
    """The player fields the referee gave.  A rating alone gives its rank (the spec's rank
    index); a rank given beside it is his declared rank, kept as OpenGotha keeps it (an EGD
    list's grade: a 4d whose GoR says 2d starts McMahon as a 4d); a rank alone has no rating."""
    data: dict[str, Any] = {}
    try:
        if rating is not None:
            data["rating"] = check_rating(rating)
            data["rank"] = rank_of_rating(rating) if rank is None else parse_rank(rank)
        elif rank is not None:
            data["rank"] = parse_rank(rank)
            data["rating"] = None
    except RankError as error:
        raise InvalidEvent("{reason}", reason=error) from None
    texts = {"surname": surname, "name": name, "country": country, "club": club, "patronymic": patronymic,
             "team": team, "category": category, "pin": pin, "rgf": rgf, "note": note}  # fmt: skip
    data.update({key: value for key, value in texts.items() if value is not None})
    if birth is not None:
        data["birth"] = parse_birth(birth)
    if sex is not None:
        data["sex"] = SEXES.get(sex.strip().casefold(), None)
        if data["sex"] is None:
            raise InvalidEvent("sex: f or m (ж or м), not {value!r}", value=sex[:10])
    if block is not None:
        data["block"] = sorted(set(block))
    if preregistered is not None:
        data["preregistered"] = preregistered
    return data


def register(events: Sequence[Event], **fields: Any) -> Action:
    """A registration with the next never-used player id (ids are stable forever)."""
    return registrations(events, [fields])[0]


def registrations(events: Sequence[Event], profiles: Sequence[Mapping[str, Any]]) -> list[Action]:
    """Registrations of a list of players, with the never-used ids after those of
    ``events`` (the log is read once for the whole list, not once per player)."""
    first = max((e.data["player"] for e in events if e.kind == ev.PLAYER_REGISTERED), default=0) + 1
    done = []
    for player, fields in enumerate(profiles, start=first):
        given = dict(fields)
        gotha = given.pop("gotha", None)  # an OpenGotha file's ids, as ``Player.profile`` hands them on
        data = {"player": player, "name": "", **profile(**given), **({"gotha": dict(gotha)} if gotha else {})}
        if "rank" not in data:
            raise InvalidEvent("give a rating or a rank")
        done.append((ev.PLAYER_REGISTERED, data))
    return done


def in_block(state: Tournament, device: str, made: Sequence[Action]) -> list[Action]:
    """Registrations on a hall's laptop take the next ids of the laptop's own block: two
    laptops registering at once never take one id."""
    assert state.hall is not None
    low = state.hall.laptops[device].block * PLAYERS_PER_LAPTOP
    following = max((p for p in state.players if low < p <= low + PLAYERS_PER_LAPTOP), default=low)
    done: list[Action] = []
    for kind, data in made:
        if kind == ev.PLAYER_REGISTERED:
            following += 1
            data = {**data, "player": following}
        done.append((kind, data))
    return done


def looks_registered(state: Tournament, surname: str, name: str) -> Player | None:
    """A player already registered under the same surname and name (case and ё folded):
    registering him again is most often a slip, so the interfaces ask first."""
    wanted = alphabetical_key(surname, name)
    return next((p for p in state.players.values() if p.name_key == wanted), None)


def check_declared_rank(state: Tournament, rating: int | None, rank: str | None) -> None:
    """A rank beside a rating is a declared rank only where the scheme pairs as OpenGotha
    does, which keeps both (a 7d rated 2661); the seeds' schemes compute with the rating's
    rank (the spec's rank index), so a second, different rank there is refused, not kept
    unread."""
    if rating is None or rank is None or get_scheme(state.settings.scheme).traits.opengotha:
        return
    try:
        same = parse_rank(rank) == rank_of_rating(rating)
    except RankError:
        return  # the rank itself is refused where it is read
    if not same:
        raise InvalidEvent("a rank beside the rating is kept in McMahon and Swiss: here the rank is the rating's "
                           "({rank}); give the rating alone", rank=rank_label(rank_of_rating(rating)))  # fmt: skip


def edit_changes(player: Player, **fields: Any) -> Action | None:
    """``edit`` of what differs from ``player``'s own values (a form hands back every field:
    the log said «отчество —, команда —» of fields nobody touched); None when nothing does.
    A rating handed back unchanged leaves his rank as it is: a declared rank beside it (an
    OpenGotha file's 7d of rating 2661) is not his rating's rank, and a form shows the rating."""
    if fields.get("rating") is not None and fields["rating"] == player.rating and fields.get("rank") is None:
        fields = {key: value for key, value in fields.items() if key != "rating"}
        if not fields:
            return None
    _kind, data = edit(player.id, **fields)
    changed = {
        key: value for key, value in data.items() if key != "player" and not _same(getattr(player, key, None), value)
    }
    if changed.keys() & {"rating", "rank"}:  # both or neither: the log reads a rank alone as no rating
        changed.update({key: data[key] for key in ("rating", "rank") if key in data})  # and a rating alone as its rank
    return (ev.PLAYER_EDITED, {"player": player.id, **changed}) if changed else None


def _same(held: Any, given: Any) -> bool:
    """A player's value and an edit's (a set of players or rounds is a list in an event)."""
    return frozenset(given) == held if isinstance(held, frozenset) else bool(given == held)


def edit(player: int, **fields: Any) -> Action:
    data = profile(**fields)
    if not data:
        raise InvalidEvent("nothing to change: give the fields to edit")
    return ev.PLAYER_EDITED, {"player": player, **data}


def skip(player: int, rounds: Sequence[int]) -> Action:
    return ev.PLAYER_SKIPS, {"player": player, "rounds": sorted(set(rounds))}


def withdraw(state: Tournament, player: int, from_round: int | None = None) -> Action:
    """His withdrawal from the next round on (or ``from_round``): refused past the event's last
    round, where it would change nothing (a trial was told «withdrawn from round 5» of four), and
    once every round is paired, where only a forfeit is left to record (a trial went round in circles
    between «there is no round 4» and «withdraw him from round 4»).
    Checked here, not in the log: a file holding such an entry still replays."""
    if player not in state.players:  # said before the round (a review was told «there is no round 4»)
        raise InvalidEvent("unknown player {player}", player=player)
    start = state.paired_rounds + 1 if from_round is None else from_round
    total = get_scheme(state.settings.scheme).total_rounds(state)
    if total is not None and state.paired_rounds >= total:  # not «no round 4» then «withdraw him from round 4»
        raise InvalidEvent(
            "every round is paired (the last is round {total}): record his games as forfeits", total=total
        )
    if total is not None and start > total:
        raise InvalidEvent("there is no round {round}: the event has {total}", round=start, total=total)
    return ev.PLAYER_WITHDRAWN, {"player": player, "from_round": start}


def come_back(state: Tournament, player: int, from_round: int | None = None) -> Action:
    """A withdrawn player back from the next round on (or ``from_round``)."""
    if player not in state.players:
        raise InvalidEvent("unknown player {player}", player=player)
    start = state.paired_rounds + 1 if from_round is None else from_round
    return ev.PLAYER_RETURNED, {"player": player, "from_round": start}


def boards_data(boards: Sequence[Board]) -> list[dict[str, Any]]:
    """The boards as an event stores them; a number not the board's place in the list (an
    OpenGotha round's tables, with their gaps) is kept (``TABLE``)."""
    return [
        {
            "white": board.white,
            "black": board.black,
            "handicap": board.handicap,
            "komi": board.komi,
            "nigiri": board.nigiri,
        }
        | ({} if board.number == place else {ev.TABLE: board.number})
        for place, board in enumerate(boards, start=1)
    ]


def pair(
    state: Tournament,
    rng: random.Random,
    number: int | None = None,
    order: Sequence[int] | None = None,
    allow_repeats: bool = False,
    early: bool = False,
    bye: int | None = None,
) -> Action:
    """The pairing of the next round, computed by the scheme and recorded as it is now;
    ``early`` pairs it although the round before misses results (OpenGotha allows it: a
    missing result counts for neither player); ``bye`` is the referee's choice of who sits
    out an odd round (``with_bye``)."""
    upcoming = state.paired_rounds + 1 if number is None else number
    scheme = get_scheme(state.settings.scheme)
    if early and not scheme.traits.pairs_early:
        raise InvalidEvent("{scheme} pairs a round only when the one before is complete", scheme=scheme.name)
    check_undisputed(state)
    check_pairable(state, upcoming, early)
    if order is not None and not scheme.traits.numbering_by_hand:
        raise InvalidEvent("{scheme} numbers the players by its own rule: --order does not apply", scheme=scheme.name)
    if order is not None and state.numbers:
        raise InvalidEvent("the players are numbered already: --order only goes with round 1")
    if bye is None:
        pairing = scheme.pair(state, upcoming, rng, order, allow_repeats)
    else:
        pairing = with_bye(scheme, state, upcoming, rng, order, allow_repeats, bye)
    data: dict[str, Any] = {
        "round": upcoming,
        "boards": boards_data(pairing.boards),
        "byes": list(pairing.byes),
        "extra": dict(pairing.extra),
    }
    if pairing.order is not None:
        data["order"] = list(pairing.order)
    previous = state.round(upcoming - 1)
    if previous is not None and not previous.complete:
        data["early"] = True
    return ev.ROUND_PAIRED, data


def check_undisputed(state: Tournament) -> None:
    """Refused where two laptops of a hall recorded different results on a board: the next
    round waits until the chief settles it (said before «no result on board 17», which a
    disputed board also is)."""
    disputed = [(r.number, b) for r in state.rounds for b in sorted(r.disputes)]
    if disputed:
        raise InvalidEvent(
            "round {round} board {board} is disputed between laptops: settle it first (in the app d on the rounds "
            "tab, on the command line tengen hall disputes)",
            round=disputed[0][0],
            board=disputed[0][1],
        )


def with_bye(
    scheme: Scheme,
    state: Tournament,
    number: int,
    rng: random.Random,
    order: Sequence[int] | None,
    allow_repeats: bool,
    bye: int,
) -> Pairing:
    """The round paired with the referee's ``bye``: he sits out and the others are paired by
    the scheme's own rules (a scheme whose table or bracket fixes the byes refuses)."""
    if bye not in state.players:
        raise InvalidEvent("unknown player {player}", player=bye)
    if not scheme.traits.chooses_byes:  # the table or the bracket says who sits out
        raise InvalidEvent("{scheme}: the table or the bracket decides who sits out", scheme=scheme.name)
    if state.players[bye].in_advance_for(number) and not state.players[bye].absent_from(number):
        raise InvalidEvent("player {player} is registered in advance, not confirmed: he does not play round {round}",
                           player=state.named(bye), round=number)  # fmt: skip
    if not state.players[bye].available_in(number):
        raise InvalidEvent("player {player} does not play round {round}", player=state.named(bye), round=number)
    available = [p for p in state.players.values() if p.available_in(number)]
    if len(available) % 2 == 0:
        raise InvalidEvent("round {round} has an even field ({count} players): nobody has a bye", round=number,
                           count=len(available))  # fmt: skip
    return scheme.pair(state, number, rng, order, allow_repeats, bye=bye)


def pair_rest(
    state: Tournament,
    rng: random.Random,
    number: int | None = None,
    allow_repeats: bool = False,
    bye: int | None = None,
) -> Action:
    """The latest round's players on none of its boards (``rest_of``) paired among themselves,
    its boards kept as they are: OpenGotha's Pair on the rows left unpaired, for a round paired
    before the latecomers came (its boards are on the wall, and pairing the round again would
    move them).  ``bye``: the referee's choice of who sits out an odd rest, where the round has
    no bye yet."""
    played, rest = checked_rest(state, number, bye)
    scheme = get_scheme(state.settings.scheme)
    assert isinstance(scheme, PairsTheRest)  # checked_rest refuses the others
    kept, seated = _rest_playing(state, played, rest)
    try:
        pairing = scheme.pair_rest(seated, played.number, rng, allow_repeats, bye)
    except RepeatNeeded:
        chosen = scheme.rest_bye(seated, played.number) if bye is None else None
        if chosen is None:
            raise
        raise RestRepeatNeeded(round=played.number, player=state.named(chosen)) from None
    boards = sorted((*played.boards, *pairing.boards), key=lambda board: board.number)
    return ev.PAIRING_AMENDED, {
        "round": played.number,
        "boards": boards_data(boards),
        "byes": [*kept, *pairing.byes],
        "change": ev.REST,
    }


def _rest_playing(state: Tournament, played: Round, rest: Sequence[int]) -> tuple[tuple[int, ...], Tournament]:
    """The byes ``played`` keeps (one taken back is his to play, ``rest_of``) and the state its
    rest is paired in: its latecomers playing it, its bye taken back gone."""
    kept = tuple(p for p in played.byes if p not in rest)
    seated = latecomers_seated(state, played.number, list(rest))
    return kept, replace(seated, rounds=(*seated.rounds[:-1], replace(played, byes=kept)))


def rest_bye(state: Tournament) -> int | None:
    """Whom the scheme seats out of the latest round's odd rest (``PairsTheRest.rest_bye``),
    where it would: the referee's list of whom starts on him."""
    played, rest = checked_rest(state)
    scheme = get_scheme(state.settings.scheme)
    assert isinstance(scheme, PairsTheRest)  # checked_rest refuses the others
    return scheme.rest_bye(_rest_playing(state, played, rest)[1], played.number)


def checked_rest(state: Tournament, number: int | None = None, bye: int | None = None) -> tuple[Round, list[int]]:
    """The latest round (``number``, by default) and its rest, where ``pair_rest`` may pair it:
    refused (InvalidEvent) before the pairing's wait for the compiler, not after it."""
    if not state.rounds:
        raise InvalidEvent("no round is paired yet")
    number = state.paired_rounds if number is None else number
    played = _latest(state, number)
    rest = rest_of(state, number)
    if not rest:
        raise InvalidEvent("round {round}: every player who plays it is on a board", round=number)
    scheme = get_scheme(state.settings.scheme)
    if not isinstance(scheme, PairsTheRest):
        raise InvalidEvent("{scheme} pairs a round whole: the players on no board play from the next round",
                           scheme=scheme.name)  # fmt: skip
    if bye is not None:
        if bye not in state.players:
            raise InvalidEvent("unknown player {player}", player=bye)
        if bye not in rest:
            raise InvalidEvent("player {player} is not among the players on no board of round {round}",
                               player=state.named(bye), round=number)  # fmt: skip
        held = [p for p in played.byes if p not in rest]  # not one the rest takes back (``rest_of``)
        if held:
            raise InvalidEvent("round {round} has its bye already: {player}", round=number,
                               player=state.named(held[0]))  # fmt: skip
        if played.byes:  # taken back: the rest is even with him
            raise InvalidEvent("round {round}: player {player} plays instead of his bye, so nobody sits out (to keep "
                               "his bye, mark another of them as skipping the round)", round=number,
                               player=state.named(played.byes[0]))  # fmt: skip
        if len(rest) % 2 == 0:
            raise InvalidEvent("round {round}: {count:player|players} on no board, an even number: nobody sits out",
                               round=number, count=len(rest))  # fmt: skip
    check_undisputed(state)
    return played, rest


def rest_of(state: Tournament, number: int) -> list[int]:
    """Whom pairing the rest of paired round ``number`` seats: its players on no board who play
    it (``registry.not_playing``'s ``not_assigned``: OpenGotha's "not assigned", and latecomers
    before the round's first result) — and, where they are odd beside the round's bye and no
    game of it has begun, its bye's player, who plays instead (as a referee unassigns OpenGotha's
    bye to seat a lone latecomer: an attack found him told to skip the round instead)."""
    rest = not_playing(state, number)["not_assigned"]
    played = state.round(number)
    if played is not None and len(rest) % 2 and played.byes and not played.begun:
        rest += list(played.byes[:1])
    return rest


def bye_to_choose(state: Tournament) -> list[tuple[int, str]]:
    """Who may sit out the next round by the referee's choice, each with his place: its
    available players when their number is odd and the scheme's pairing chooses the bye, in
    the order of the standings so far, players sharing a place strongest first (the leader
    first, the bottom where byes go: before round 1 a Swiss field shares one place, listed by
    name, and the bottom was a 9d); else nobody."""
    number = state.paired_rounds + 1
    scheme = get_scheme(state.settings.scheme)
    available = {p.id for p in state.players.values() if p.available_in(number)}
    if not (len(available) % 2 and scheme.traits.chooses_byes):
        return []
    rows = scheme.standings(state, state.paired_rounds).rows
    shared: dict[str, int] = {}
    order = {row.player: shared.setdefault(row.place, index) if row.place else index for index, row in enumerate(rows)}
    place = {row.player: row.place for row in rows}
    chosen = sorted(available, key=lambda p: (order.get(p, len(rows)), -state.players[p].sort_rating, p))
    return [(p, place.get(p, "")) for p in chosen]


def default_bye(state: Tournament) -> int | None:
    """Whom the scheme's pairing seats out of the next round (``ChoosesByes``), if anyone."""
    scheme = get_scheme(state.settings.scheme)
    return scheme.default_bye(state, state.paired_rounds + 1) if isinstance(scheme, ChoosesByes) else None


def _latest(state: Tournament, number: int) -> Round:
    played = state.round(number)
    if played is None:
        raise InvalidEvent("round {round} is not paired", round=number)
    if number != state.paired_rounds:
        raise InvalidEvent("only the latest round ({round}) can be changed by hand", round=state.paired_rounds)
    return played


def _earlier_meeting(state: Tournament, number: int, a: int, b: int) -> Notice | None:
    """Why ``a`` and ``b`` should not meet in round ``number``, if there is a reason; each named
    by his number and name (a Gamma referee read «игроки 5 и 7» by the boards' numbers; they
    were the ids)."""
    a, b = sorted((a, b), key=lambda p: state.numbers.get(p, p))
    said = {"a": state.named(a), "b": state.named(b)}
    for played in state.rounds[: number - 1]:
        if any({board.white, board.black} == {a, b} for board in played.boards):
            return Notice("players {a} and {b} met in round {round}", {**said, "round": played.number})
    if b in state.players[a].block or a in state.players[b].block:
        return Notice("players {a} and {b} are blocked from meeting", said)
    return None


def earlier_bye(state: Tournament, number: int, player: int) -> Notice | None:
    """That ``player`` had a bye before round ``number``, if he had: a second bye is the
    referee's decision, never a slip (a swap asks for ``--force``, the app asks first)."""
    rounds = [played.number for played in state.rounds[: number - 1] if player in played.byes]
    said = {"player": state.named(player), "round": rounds[0] if rounds else 0, "rounds": ", ".join(map(str, rounds))}
    if len(rounds) == 1:
        return Notice("player {player} had a bye in round {round}", said)
    if rounds:
        return Notice("player {player} had byes in rounds {rounds}", said)
    return None


def swap(state: Tournament, number: int, a: int, b: int, force: bool = False) -> Action:
    """Players ``a`` and ``b`` trade places in round ``number`` (a board seat or the bye);
    the boards touched get handicap, komi and colours again by the scheme's rules."""
    played = _latest(state, number)
    for player in (a, b):
        if player not in state.players:
            raise InvalidEvent("unknown player {player}", player=player)
        if played.board_of(player) is None and player not in played.byes:
            raise InvalidEvent("player {player} does not play round {round}", player=state.named(player), round=number)
    if a == b:
        raise InvalidEvent("name two different players")
    trade = {a: b, b: a}
    scheme = get_scheme(state.settings.scheme)
    if scheme.traits.bracket:  # across matches the bracket refuses it, and inside one the seeds seat them
        raise InvalidEvent("the bracket decides who meets whom: in a play-off players are not swapped")
    boards = []
    reasons: list[Notice | None] = []  # every one asked at once: a «yes» to a repeat game gave a second bye unasked
    for board in played.boards:
        if not (board.has(a) or board.has(b)):
            boards.append(board)
            continue
        white, black = trade.get(board.white, board.white), trade.get(board.black, board.black)
        reasons.append(_earlier_meeting(state, number, white, black))
        boards.append(scheme.seat(state, number, board.number, white, black))
    byes = [trade.get(p, p) for p in played.byes]
    reasons += [earlier_bye(state, number, player) for player in byes if player not in played.byes]
    if boards == list(played.boards) and byes == list(played.byes):  # a trial's swap «accepted» and nothing seen
        seat, (first, second) = played.board_of(a), sorted((a, b), key=lambda p: state.numbers.get(p, p))
        raise InvalidEvent("players {a} and {b} play each other on board {board}: the rules seat them so",
                           a=state.named(first), b=state.named(second), board=seat.number if seat else 0)  # fmt: skip
    check_no_result_changes(played, boards)  # refused before any question is asked
    if not force:
        _ask_first(reasons)
    return ev.PAIRING_AMENDED, {
        "round": number,
        "boards": boards_data(boards),
        "byes": byes,
        "change": f"swap {a} {b}",
    }


def as_played(
    state: Tournament, number: int, pairs: Sequence[tuple[int, int]], force: bool = False, bye: int | None = None
) -> Action:
    """Round ``number``'s boards as they were paired on paper, before the referee moved to
    Tengen (a trial swapped seven times to copy one round, each swap through a pair that had
    met): ``pairs`` of player ids in the paper's board order, the first white where the rules
    leave the colours open; a player of the round on no board has its bye (``bye``: the one
    the paper names, checked to be him: a mistyped board swapped two players unsaid).  Each board gets
    handicap and komi by the scheme's rules (``h`` sets a board's as it was); what the
    scheme's pairing recorded stays.  Earlier meetings and a second bye ask first (``force``)."""
    played = paper_round(state, number)
    scheme = get_scheme(state.settings.scheme)
    playing = {p for board in played.boards for p in (board.white, board.black)} | set(played.byes)
    seated = [p for pair in pairs for p in pair]
    for player in seated:
        if player not in playing:
            raise InvalidEvent("player {player} does not play round {round}", player=state.named(player), round=number)
    twice = next((p for p in seated if seated.count(p) > 1), None)
    if twice is not None:
        raise InvalidEvent("player {player} appears twice in round {round}", player=state.named(twice), round=number)
    byes = sorted(playing - set(seated), key=lambda p: state.numbers.get(p, p))
    left_out = ", ".join(str(state.numbers.get(p, p)) for p in byes) or "—"
    if bye is not None and byes != [bye]:
        raise InvalidEvent("the bye typed is player {player}, but the boards leave out {players}",
                           player=state.named(bye), players=left_out)  # fmt: skip
    if len(byes) > 1:
        raise InvalidEvent("players numbered {players} are on no board: one at most sits out", players=left_out)
    boards = [scheme.seat(state, number, n, white, black) for n, (white, black) in enumerate(pairs, start=1)]
    if boards == list(played.boards) and byes == list(played.byes):
        raise InvalidEvent("round {round} is paired so already", round=number)
    reasons = [_earlier_meeting(state, number, white, black) for white, black in pairs]
    if byes and played.byes and byes[0] != played.byes[0]:  # a skip forgotten reads so too (a trial: 15 points)
        reasons.append(Notice("player {player} sits out, where the pairing gave the bye to {other}",
                              {"player": state.named(byes[0]), "other": state.named(played.byes[0])}))  # fmt: skip
    reasons += [earlier_bye(state, number, player) for player in byes]
    if not force:
        _ask_first(reasons)
    return ev.PAIRING_AMENDED, {"round": number, "boards": boards_data(boards), "byes": byes, "change": ev.AS_PLAYED}


def _ask_first(reasons: Sequence[Notice | None]) -> None:
    """NeedsForce naming every reason at once (a «yes» to a repeat game gave a second bye
    unasked), where there is one: the referee's change is made only when he says so."""
    found = [reason for reason in reasons if reason is not None]
    if found:
        raise NeedsForce(reason=functools.reduce(lambda more, reason: Notice("{reason}; {more}",
                                                 {"reason": reason, "more": more}), reversed(found)))  # fmt: skip


def paper_round(state: Tournament, number: int) -> Round:
    """Round ``number``, where its boards may be entered as paired on paper (``as_played``):
    the latest, no result yet, a scheme whose table or bracket does not decide them — asked
    before the boards are typed (a review: thirty boards typed, then refused)."""
    played = _latest(state, number)
    scheme = get_scheme(state.settings.scheme)
    if scheme.traits.bracket or scheme.traits.scheduled:
        raise InvalidEvent("{scheme}: its table decides who meets whom", scheme=scheme.name)
    if played.begun:
        check_not_disputed(played, played.entered)
        raise InvalidEvent("round {round} has results: undo them first, a round from paper is entered before them",
                           round=number)  # fmt: skip
    return played


def _latest_board(state: Tournament, number: int, board_number: int) -> tuple[Round, Board]:
    """Board ``board_number`` of the latest round ``number``, which a change by hand may touch."""
    played = _latest(state, number)
    board = played.board(board_number)
    if board is None:
        raise no_such_board(played, board_number)
    return played, board


def amendable_board(state: Tournament, number: int, board_number: int) -> tuple[Round, Board]:
    """Board ``board_number`` of round ``number`` where the referee may change it by hand: the
    latest round, no result or dispute yet (asked before a dialog opens, not after it is filled
    in)."""
    played, board = _latest_board(state, number, board_number)
    check_not_disputed(played, [board_number])
    if board_number in played.entered:
        raise InvalidEvent("board {boards} of round {round} has a result: undo it first", boards=board_number,
                           round=number)  # fmt: skip
    return played, board


def _one_board_changed(played: Round, fixed: Board, change: str) -> Action:
    """The amendment of ``played`` whose board ``fixed.number`` becomes ``fixed``."""
    return ev.PAIRING_AMENDED, {
        "round": played.number,
        "boards": boards_data([fixed if b.number == fixed.number else b for b in played.boards]),
        "byes": list(played.byes),
        "change": change,
    }


def colours(state: Tournament, number: int, board_number: int, white: int) -> Action:
    """Who takes white on an even board (after the nigiri, or by the referee's decision); not
    on a board with a result or a dispute (``amendable_board``), said before anything else."""
    played, board = amendable_board(state, number, board_number)
    if not board.has(white):
        raise InvalidEvent(
            "player {player} does not play on board {board}", player=state.named(white), board=board_number
        )
    if board.handicap:
        raise InvalidEvent("board {board} is a handicap game: the stronger player takes white", board=board_number)
    if board.white == white and not board.nigiri:
        raise InvalidEvent(
            "player {player} has white on board {board} already", player=state.named(white), board=board_number
        )
    fixed = Board(board.number, white, board.opponent(white), 0, board.komi, nigiri=False)
    return _one_board_changed(played, fixed, f"colours board {board_number}: {white} white")


def handicap(state: Tournament, number: int, board_number: int, stones: int, komi: str | None = None) -> Action:
    """The handicap (and komi) of a board set by the referee (the spec's «set handicap»: two
    players of a handicap event who agree on other stones, a referee's decision).  The komi,
    unless given: the board's where the stones stay, 0.5 with stones, the event's without.
    Stones given to an even board put the stronger player on white, as a handicap game has it."""
    played, board = amendable_board(state, number, board_number)
    if not 0 <= stones <= MAX_HANDICAP:
        raise InvalidEvent("a handicap is 0 to {high} stones, not {stones}", high=MAX_HANDICAP, stones=stones)
    if komi is not None:
        given = check_komi(komi_of(komi), BOARD_KOMI_LIMIT)
        if given.is_integer() and get_scheme(state.settings.scheme).traits.half_komi:
            raise InvalidEvent("komi {komi} is whole: here a jigo is white's win, so a komi is a half, like {half}",
                               komi=f"{given:g}", half=f"{given + 0.5:g}")  # fmt: skip
    else:
        given = board.komi if stones == board.handicap else 0.5 if stones else state.settings.komi
    if (stones, given) == (board.handicap, board.komi):
        raise InvalidEvent("board {board} has handicap {stones} and komi {komi} already", board=board_number,
                           stones=stones, komi=f"{given:g}")  # fmt: skip
    white, black = board.white, board.black
    if stones and not board.handicap:
        players = state.players
        white, black = sorted((white, black), key=lambda p: (players[p].rank, players[p].sort_rating), reverse=True)
    fixed = Board(board.number, white, black, stones, given, nigiri=board.nigiri and not stones)
    return _one_board_changed(played, fixed, f"handicap board {board_number}: {stones} komi {given:g}")


def result(number: int, board: int, code: str, swapped: bool = False) -> Action:
    data: dict[str, Any] = {"round": number, "board": board, "code": code}
    if swapped:
        data["swapped"] = True
    return ev.RESULT_RECORDED, data


def chief(device: str) -> Action:
    """The chief's role handed to the hall's laptop ``device`` (the replay refuses it from any
    laptop but the chief's, and to a laptop not enrolled)."""
    return ev.CHIEF_CHANGED, {"device": device}


def take_chief(device: str, lost: str) -> Action:
    """The chief's role taken by this laptop, ``device``, from the chief's, ``lost`` (the service
    asks that it has been silent: ``Service.take_chief``)."""
    return ev.CHIEF_CHANGED, {"device": device, "taken": True, "from": lost}


def undo(target: int) -> Action:
    """The retraction of event ``target``: which one an undo takes back is the service's to
    say (``Service.undo_subject``: on a hall's laptop, its own last entry)."""
    return ev.RETRACTED, {"event": target}


def redo(events: Sequence[Event], whose: Callable[[Event], bool] = lambda _event: True, made: int = 0) -> Action:
    """Retract the last undo (``history.redo_target``)."""
    return ev.RETRACTED, {"event": redo_target(list(events), whose, made).id}
