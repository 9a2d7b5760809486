"""OpenGotha tournament files (3.48–3.51), in and out (spec: mcmahon.md).

Reading turns a file into ordinary Tengen events — the creation with every parameter
that changes pairing, placement or handicap, the players, their absences, and each
round's games, byes and results — so undo, the log and the paperwork work on them as on
anything typed.  A parameter or result Tengen does not support is named in one line,
never silently dropped.  Writing gives a file OpenGotha 3.51 opens, with the same names
(the player key is surname and name upper-cased without spaces, as OpenGotha's own).

The file is foreign XML: it is parsed by defusedxml (no entities, no external DTDs).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

import defusedxml.ElementTree as SafeTree
from defusedxml import DefusedXmlException

from schemes import events as ev
from schemes.actions import Action
from schemes.events import Event, InvalidEvent
from schemes.gotha_rules import CRITERIA, PARAM_KEYS, defaults_for
from schemes.model import (
    BLACK_BY_FORFEIT,
    BLACK_WINS,
    BOTH_LOSE,
    DRAW,
    WHITE_BY_FORFEIT,
    WHITE_WINS,
    Tournament,
)
from schemes.ranks import MAX_RATING, MIN_RATING, parse_rank, rank_label
from schemes.registry import get_scheme
from schemes.scheme import parse_params

RESULTS = {
    "RESULT_WHITEWINS": WHITE_WINS,
    "RESULT_BLACKWINS": BLACK_WINS,
    "RESULT_EQUAL": DRAW,
    "RESULT_WHITEWINS_BYDEF": WHITE_BY_FORFEIT,
    "RESULT_BLACKWINS_BYDEF": BLACK_BY_FORFEIT,
    "RESULT_BOTHLOSE": BOTH_LOSE,
    "RESULT_BOTHLOSE_BYDEF": BOTH_LOSE,
}
"""OpenGotha results Tengen keeps; both-win and a drawn forfeit have no Tengen meaning."""
WRITTEN = {
    WHITE_WINS: "RESULT_WHITEWINS",
    BLACK_WINS: "RESULT_BLACKWINS",
    DRAW: "RESULT_EQUAL",
    WHITE_BY_FORFEIT: "RESULT_WHITEWINS_BYDEF",
    BLACK_BY_FORFEIT: "RESULT_BLACKWINS_BYDEF",
    BOTH_LOSE: "RESULT_BOTHLOSE_BYDEF",
}
_IGNORED_CRITERIA = {"NULL"}
MAX_ROUNDS = 20
"""OpenGotha's ``MAX_NUMBER_OF_ROUNDS``."""


class GothaFileError(InvalidEvent):
    """An OpenGotha file Tengen cannot read, or holds something Tengen cannot keep."""


@dataclass(frozen=True)
class Imported:
    """A file read into the actions that rebuild it, in order."""

    actions: list[Action]
    scheme: str
    players: int
    rounds: int
    ignored: tuple[str, ...] = ()
    """What the file holds that Tengen keeps no trace of (teams, clubs groups), named."""


def _attrs(element: ElementTree.Element | None) -> dict[str, str]:
    return dict(element.attrib) if element is not None else {}


def _rank(text: str, where: str) -> int:
    try:
        return parse_rank(text)
    except InvalidEvent:
        raise GothaFileError("{where}: bad rank {rank!r}", where=where, rank=text[:20]) from None


def _int(text: str, where: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise GothaFileError("{where}: {text!r} is not a whole number", where=where, text=text[:20]) from None


def parse(path: str | os.PathLike[str]) -> ElementTree.Element:
    """The file's root element, or one line saying why it is not an OpenGotha file."""
    try:
        root: ElementTree.Element = SafeTree.parse(os.fspath(path), forbid_dtd=False).getroot()
    except (ElementTree.ParseError, DefusedXmlException, ValueError, LookupError) as error:  # LookupError: encoding
        raise GothaFileError(
            "{path}: not an OpenGotha file ({error})", path=Path(path).name, error=str(error)[:80]
        ) from None
    if root.tag != "Tournament":
        raise GothaFileError("{path}: not an OpenGotha file (no <Tournament>)", path=Path(path).name)
    return root


def _params(root: ElementTree.Element) -> tuple[str, dict[str, str], int, dict[str, str]]:
    """The scheme, the parameters as text, the number of rounds, and the general settings."""
    general = _attrs(root.find("TournamentParameterSet/GeneralParameterSet"))
    handicap = _attrs(root.find("TournamentParameterSet/HandicapParameterSet"))
    pairing = _attrs(root.find("TournamentParameterSet/PairingParameterSet"))
    criteria = [
        (_int(c.get("number", "1"), "placement criterion number"), c.get("name", "NULL"))
        for c in root.iterfind("TournamentParameterSet/PlacementParameterSet/PlacementCriteria/PlacementCriterion")
    ]
    names = [name for _, name in sorted(criteria) if name not in _IGNORED_CRITERIA]
    unsupported = [name for name in names if name not in CRITERIA]
    if unsupported:
        raise GothaFileError("placement criterion {name} is not supported by Tengen", name=unsupported[0][:20])
    if not names or names[0] not in ("MMS", "NBW"):
        raise GothaFileError(
            "the first placement criterion is {name}: Tengen runs McMahon (MMS) and Swiss (NBW)",
            name=(names or ["NULL"])[0],
        )
    if _int(general.get("numberOfCategories", "1"), "numberOfCategories") > 1:
        raise GothaFileError("categories (numberOfCategories > 1) are not supported by Tengen")
    scheme = "mcmahon" if names[0] == "MMS" else "swiss"
    defaults = defaults_for(names)
    given = {**general, **handicap, **pairing}
    text: dict[str, str] = {"placementCriteria": ",".join(names)}
    for key in PARAM_KEYS:
        if key == "placementCriteria":
            continue
        value = given.get(key)
        if value is None:
            default = defaults[key]
            value = str(default).lower() if isinstance(default, bool) else str(default)
        text[key] = value
    for key in ("paiMaAdditionalPlacementCritSystem1", "paiMaAdditionalPlacementCritSystem2"):
        if text[key] not in CRITERIA:
            raise GothaFileError("{key}={value} is not supported by Tengen", key=key, value=text[key][:20])
    rounds = _int(general.get("numberOfRounds", "5"), "numberOfRounds")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise GothaFileError("numberOfRounds={rounds}: 1 to {limit}", rounds=rounds, limit=MAX_ROUNDS)
    return scheme, text, rounds, general


def read(path: str | os.PathLike[str], rounds: int | None = None) -> Imported:
    """The actions that rebuild the file's tournament; ``rounds`` keeps only the first rounds' games."""
    root = parse(path)
    scheme, params, total, general = _params(root)
    try:
        values = parse_params(get_scheme(scheme), params)
    except InvalidEvent as error:
        raise GothaFileError("{problem}", problem=str(error)) from None
    komi = _komi(general.get("komi", "7.5"))
    actions: list[Action] = [
        (
            ev.TOURNAMENT_CREATED,
            {
                "name": general.get("name", "") or Path(path).stem,
                "scheme": scheme,
                "rounds": total,
                "place": general.get("location", ""),
                "dates": _dates(general),
                "komi": komi,
                "time": "",
                "lang": "ru",
                "params": values,
            },
        )
    ]
    keys: dict[str, int] = {}
    absent: dict[int, list[int]] = {}
    for number, element in enumerate(root.iterfind("Players/Player"), start=1):
        data = _player(element, number)
        entrant_key = (data["surname"] + data["name"]).replace(" ", "").upper()
        if entrant_key in keys:
            raise GothaFileError("two players named {name}", name=f"{data['surname']} {data['name']}"[:60])
        keys[entrant_key] = number
        actions.append((ev.PLAYER_REGISTERED, data))
        flags = element.get("participating", "1" * MAX_ROUNDS)
        absent[number] = [r + 1 for r in range(total) if r < len(flags) and flags[r] == "0"]
    games = _games(root, keys, total)
    byes = _byes(root, keys)
    last = max([r for r, _ in games] + list(byes.values()) + [0])
    keep = last if rounds is None else min(rounds, last)
    if rounds is not None and rounds > last:
        raise GothaFileError("the file has {last} rounds of games, not {rounds}", last=last, rounds=rounds)
    seated = {r: _seated(games, byes, r) for r in range(1, keep + 1)}
    for player, rounds_out in absent.items():
        # absent as the file says, unless a game of the file seats him (OpenGotha lets a game
        # win over the flag); not paired in a played round: OpenGotha's "not assigned"
        out = {r for r in rounds_out if r > keep or player not in seated[r]}
        out |= {r for r in range(1, keep + 1) if player not in seated[r]}
        if out:
            actions.append((ev.PLAYER_SKIPS, {"player": player, "rounds": sorted(out)}))
    for number in range(1, keep + 1):
        boards = sorted((table, g) for (r, table), g in games.items() if r == number)
        paired: dict[str, Any] = {
            "round": number,
            "boards": [_board(g, komi) for _, g in boards],
            "byes": [p for p, r in byes.items() if r == number],
            "extra": {},
        }
        if number == 1:
            paired["order"] = sorted(keys.values())
        actions.append((ev.ROUND_PAIRED, paired))
        for board_number, (_, game) in enumerate(boards, start=1):
            if game.result is not None:
                actions.append((ev.RESULT_RECORDED, {"round": number, "board": board_number, "code": game.result}))
    ignored = tuple(
        what
        for path_, what in (("Teams/Team", "teams"), ("ClubsGroups/ClubsGroup", "clubs groups"))
        if root.find(path_) is not None
    )
    return Imported(actions, scheme, len(keys), keep, ignored)


@dataclass(frozen=True)
class _Game:
    white: int
    black: int
    handicap: int
    result: str | None
    known_colour: bool


def _seated(games: Mapping[tuple[int, int], _Game], byes: Mapping[int, int], number: int) -> set[int]:
    players = {p for (r, _), g in games.items() if r == number for p in (g.white, g.black)}
    return players | {p for p, r in byes.items() if r == number}


def _games(root: ElementTree.Element, keys: Mapping[str, int], total: int) -> dict[tuple[int, int], _Game]:
    games: dict[tuple[int, int], _Game] = {}
    seen: set[tuple[int, int]] = set()
    for element in root.iterfind("Games/Game"):
        number = _int(element.get("roundNumber", "1"), "roundNumber")
        table = _int(element.get("tableNumber", "1"), "tableNumber")
        if not 1 <= number <= total:
            raise GothaFileError("a game of round {round}: the event has {total} rounds", round=number, total=total)
        white, black = keys.get(element.get("whitePlayer", "")), keys.get(element.get("blackPlayer", ""))
        if white is None or black is None or white == black:
            raise GothaFileError("round {round}, table {table}: unknown player", round=number, table=table)
        for player in (white, black):
            if (number, player) in seen:
                raise GothaFileError("round {round}: a player has two games", round=number)
            seen.add((number, player))
        code = element.get("result", "RESULT_UNKNOWN")
        if code != "RESULT_UNKNOWN" and code not in RESULTS:
            raise GothaFileError("round {round}, table {table}: result {code} is not supported by Tengen",
                                 round=number, table=table, code=code[:30])  # fmt: skip
        handicap = _int(element.get("handicap", "0"), "handicap")
        if not 0 <= handicap <= 9:
            raise GothaFileError("round {round}, table {table}: handicap {hd}", round=number, table=table, hd=handicap)
        games[(number, table)] = _Game(
            white, black, handicap, RESULTS.get(code), element.get("knownColor", "true") != "false"
        )
    return games


def _byes(root: ElementTree.Element, keys: Mapping[str, int]) -> dict[int, int]:
    byes: dict[int, int] = {}
    for element in root.iterfind("ByePlayers/ByePlayer"):
        player = keys.get(element.get("player", ""))
        number = _int(element.get("roundNumber", "1"), "roundNumber")
        if player is None:
            raise GothaFileError("the bye of round {round}: unknown player", round=number)
        byes[player] = number
    return byes


def _board(game: _Game, komi: float) -> dict[str, Any]:
    return {
        "white": game.white,
        "black": game.black,
        "handicap": game.handicap,
        "komi": komi if game.handicap == 0 else 0.5,
        "nigiri": not game.known_colour,
    }


def _player(element: ElementTree.Element, number: int) -> dict[str, Any]:
    where = f"player {number}"
    surname, name = element.get("name", ""), element.get("firstName", "")
    rank = _rank(element.get("rank", "30K"), where)
    rating = _int(element.get("rating", "-900"), where)
    rating = max(MIN_RATING, min(MAX_RATING, rating))
    smms = _int(element.get("smmsCorrection", "0"), where)
    return {
        "player": number,
        "surname": surname,
        "name": name,
        "rank": rank,
        "rating": rating,
        "country": element.get("country", ""),
        "club": element.get("club", ""),
        "pin": element.get("egfPin", ""),
        "smms": smms,
    }


def _komi(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise GothaFileError("komi {text!r} is not a number", text=text[:20]) from None


def _dates(general: Mapping[str, str]) -> str:
    begin, end = general.get("beginDate", ""), general.get("endDate", "")
    if not begin:
        return ""
    return begin if not end or end == begin else f"{begin}..{end}"


def write(tournament: Tournament) -> str:
    """The tournament as OpenGotha 3.51 XML text (the caller writes it atomically)."""
    params = tournament.settings.params
    if tournament.settings.scheme not in ("mcmahon", "swiss"):
        params = defaults_for(["NBW"])  # another scheme's event goes to OpenGotha as a Swiss
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>']
    lines.append('<Tournament dataVersion="201" fullVersionNumber="3.51.02" runningMode="SAL">')
    lines.append("    <Players>")
    total = tournament.settings.rounds or MAX_ROUNDS
    for player in sorted(tournament.players.values(), key=lambda p: p.id):
        flags = "".join("0" if not player.available_in(r) else "1" for r in range(1, MAX_ROUNDS + 1))
        rank = rank_label(player.rank).upper()
        attributes = {
            "name": player.surname,
            "firstName": player.name,
            "rank": rank,
            "grade": rank,
            "rating": str(player.rating if player.rating is not None else _rating_of_rank(player.rank)),
            "ratingOrigin": "",
            "country": player.country,
            "club": player.club,
            "egfPin": player.pin,
            "smmsCorrection": str(player.smms),
            "participating": flags,
            "registeringStatus": "FIN",
        }
        lines.append("        <Player " + _attributes(attributes) + "/>")
    lines.append("    </Players>")
    lines.append("    <Games>")
    keys = {p.id: (p.surname + p.name).replace(" ", "").upper() for p in tournament.players.values()}
    for played in tournament.rounds:
        for board in played.boards:
            result = played.results.get(board.number)
            white, black = board.white, board.black
            if result is not None and result.swapped:
                white, black = black, white
            attributes = {
                "roundNumber": str(played.number),
                "tableNumber": str(board.number),
                "whitePlayer": keys[white],
                "blackPlayer": keys[black],
                "knownColor": "false" if board.nigiri and result is None else "true",
                "handicap": str(board.handicap),
                "result": WRITTEN[result.code] if result is not None else "RESULT_UNKNOWN",
            }
            lines.append("        <Game " + _attributes(attributes) + "/>")
    lines.append("    </Games>")
    byes = [(r.number, p) for r in tournament.rounds for p in r.byes]
    if byes:
        lines.append("    <ByePlayers>")
        for number, bye in byes:
            lines.append("        <ByePlayer " + _attributes({"player": keys[bye], "roundNumber": str(number)}) + "/>")
        lines.append("    </ByePlayers>")
    lines.extend(_parameter_lines(tournament, params, total))
    lines.append("</Tournament>")
    return "\n".join(lines) + "\n"


def _rating_of_rank(rank: int) -> int:
    return rank * 100 + 50


def _attributes(values: Mapping[str, str]) -> str:
    return " ".join(f"{key}={quoteattr(value)}" for key, value in values.items())


def _parameter_lines(tournament: Tournament, params: Mapping[str, Any], total: int) -> list[str]:
    settings = tournament.settings
    begin, _, end = settings.dates.partition("..")

    def text(key: str) -> str:
        value = params[key]
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    general = {
        "name": settings.name,
        "shortName": settings.name[:30],
        "location": settings.place,
        "beginDate": begin or "2000-01-01",
        "endDate": end or begin or "2000-01-01",
        "komi": f"{settings.komi:g}",
        "numberOfRounds": str(total),
        "numberOfCategories": "1",
        "size": "19",
    }
    general_keys = [k for k in PARAM_KEYS if k.startswith("gen")]
    handicap_keys = [k for k in PARAM_KEYS if k.startswith("hd")]
    pairing_keys = [k for k in PARAM_KEYS if k.startswith("pai")]
    general.update({k: text(k) for k in general_keys})
    criteria = list(params["placementCriteria"]) + ["NULL"] * 6
    lines = ["    <TournamentParameterSet>"]
    lines.append("        <GeneralParameterSet " + _attributes(general) + "/>")
    lines.append("        <HandicapParameterSet " + _attributes({k: text(k) for k in handicap_keys}) + "/>")
    lines.append("        <PlacementParameterSet>")
    lines.append("            <PlacementCriteria>")
    for number, name in enumerate(criteria[:6], start=1):
        lines.append(f'                <PlacementCriterion name="{name}" number="{number}"/>')
    lines.append("            </PlacementCriteria>")
    lines.append("        </PlacementParameterSet>")
    lines.append("        <PairingParameterSet " + _attributes({k: text(k) for k in pairing_keys}) + "/>")
    lines.append("    </TournamentParameterSet>")
    return lines


def create_from(source: str | os.PathLike[str], target: str | os.PathLike[str], rounds: int | None = None) -> Imported:
    """A new Tengen tournament file ``target`` from the OpenGotha file ``source`` (every event
    written at once: a refused file leaves nothing behind)."""
    from data.ledger import Ledger, now
    from schemes.history import append

    imported = read(source, rounds)
    events: list[Any] = []
    state = None
    for kind, data in imported.actions:  # the whole log checked in memory before anything is written
        appended = append(events, kind, data, now(), state)
        events.append(appended.event)
        state = appended.state
    first, *rest = imported.actions
    with Ledger.create(target, first) as ledger:
        ledger.commit_all([_as_is(action) for action in rest])
    return imported


def _as_is(action: Action) -> Callable[[Sequence[Event], Tournament], Action]:
    """A ledger step that appends ``action`` whatever the log holds (it was checked already)."""
    return lambda _events, _state: action


def beside(source: Path) -> Path:
    """Where the app puts the tournament imported from ``source``: next to it, same name,
    ``.json`` — or ``name-2.json``… when that exists (nothing is ever replaced)."""
    candidate = source.with_suffix(".json")
    number = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = source.with_name(f"{source.stem}-{number}.json")
        number += 1
    return candidate
