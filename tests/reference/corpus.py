"""The OpenGotha references the tests compare Tengen's pairings with, unpacked once per
run into its own temporary folder: 775 real tournament files with the engine's
pairing of each of their rounds, and random tournaments whose every round the engine paired
itself."""

from __future__ import annotations

import json
import lzma
import random
import re
import tarfile
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path

from data import opengotha
from schemes.base.scheme import Pairing as SchemesPairing
from schemes.log.events import Event
from schemes.log.history import append_all
from schemes.registry import get_scheme
from schemes.state.model import Tournament
from schemes.systems.gotha.pairing import opengotha_key, opengotha_names
from tests.reference.cases import stream

HERE = Path(__file__).parent
AT = "2026-01-01T00:00:00+00:00"
Action = tuple[str, dict[str, object]]


@dataclass(frozen=True)
class Pairing:
    """A round as OpenGotha's engine printed it: tables ``(table, white key, black key,
    handicap)`` and the bye's key."""

    boards: tuple[tuple[int, str, str, int], ...]
    bye: str | None


def unpack(archive: str, folder: Path) -> Path:
    """The archive's files, unpacked into ``folder`` (the run's own).  Python 3.11 before
    3.11.4 (Debian 12's) has no extraction filters, and 124 tests failed there: its members,
    plain files and folders only, named inside the folder, are checked here instead."""
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(HERE / archive, "r:xz") as packed:
        if hasattr(tarfile, "data_filter"):
            packed.extractall(folder, filter="data")
            return folder
        members = packed.getmembers()
        for member in members:
            name = Path(member.name)
            if not (member.isfile() or member.isdir()) or name.is_absolute() or ".." in name.parts:
                raise ValueError(f"{archive}: {member.name} is no plain file inside the archive's folder")
        packed.extractall(folder, members=members)  # checked above
    return folder


@cache
def real_pairings() -> dict[str, dict[int, Pairing]]:
    text = lzma.decompress((HERE / "opengotha_remote_pairings.json.xz").read_bytes()).decode("utf-8")
    return {
        name: {int(r): Pairing(tuple(tuple(b) for b in p["boards"]), p["bye"]) for r, p in rounds.items()}  # type: ignore[misc]
        for name, rounds in json.loads(text).items()
    }


@cache
def real_chosen_byes() -> dict[str, dict[int, tuple[str, Pairing]]]:
    """Rounds of the real files paired by the engine with a bye the referee chose: the chosen
    player's key and the engine's pairing."""
    text = lzma.decompress((HERE / "opengotha_remote_chosen_byes.json.xz").read_bytes()).decode("utf-8")
    return {
        name: {
            int(r): (p["chosen"], Pairing(tuple(tuple(b) for b in p["boards"]), p["bye"]))  # type: ignore[misc]
            for r, p in rounds.items()
        }
        for name, rounds in json.loads(text).items()
    }


@cache
def real_standings() -> dict[str, object]:
    """OpenGotha's standings of 210 real files after their last round: the criteria's names,
    and for each file the round and its players in place order, each ``[key, values…]``."""
    data: dict[str, object] = json.loads(lzma.decompress((HERE / "opengotha_remote_standings.json.xz").read_bytes()))
    return data


def tengen_standings(path: Path, number: int, criteria: list[str]) -> list[list[object]]:
    """Tengen's placement order after round ``number`` and each criterion's value, in the
    engine's terms (OpenGotha's doubled points, keys)."""
    from schemes.systems.gotha.pairing import sheets_after
    from schemes.systems.gotha.scores import ordered

    state = imported(path, number)
    rules, sheets = sheets_after(state, number)
    names = opengotha_names(state)
    rows = ordered(sheets, rules.criteria, number - 1)
    return [[opengotha_key(*names[s.entrant.id]), *[s.value(c, number - 1) for c in criteria]] for s in rows]


def recorded_pairings(path: Path) -> dict[int, Pairing]:
    """Each round of a file the engine built round by round: the pairing it saved."""
    boards: dict[int, list[tuple[int, str, str, int]]] = {}
    byes: dict[int, str] = {}
    root = ElementTree.parse(path).getroot()
    for game in root.iter("Game"):
        number = int(game.get("roundNumber", "0"))
        table = (int(game.get("tableNumber", "0")), game.get("whitePlayer", ""), game.get("blackPlayer", ""),
                 int(game.get("handicap", "0")))  # fmt: skip
        boards.setdefault(number, []).append(table)
    for bye in root.iter("ByePlayer"):
        byes[int(bye.get("roundNumber", "0"))] = bye.get("player", "")
    return {r: Pairing(tuple(sorted(boards.get(r, []))), byes.get(r)) for r in sorted(set(boards) | set(byes))}


@lru_cache(maxsize=32)
def _scanned(path: Path) -> opengotha.Scanned:
    """The file read once (``opengotha.scan``): each of its round counts is cut from it, as
    ``read`` cuts it — reading the file again for every round count was a third of these tests."""
    return opengotha.scan(path)


@lru_cache(maxsize=512)
def _imported(path: Path, rounds: int) -> tuple[tuple[Action, ...], tuple[Event, ...], Tournament]:
    """The file's actions for its first ``rounds`` rounds, their events and the state."""
    actions = tuple(opengotha.kept(_scanned(path), rounds).actions)
    if rounds > 0:
        fewer, events, state = _imported(path, rounds - 1)
        if len(actions) > len(fewer) and actions[: len(fewer)] == fewer:
            batch = append_all(events, actions[len(fewer) :], AT, state)
            return actions, events + batch.events, batch.state
    batch = append_all([], actions, AT)
    return actions, batch.events, batch.state


def imported(path: Path, rounds: int) -> Tournament:
    """The tournament of ``path`` with its first ``rounds`` rounds, as ``import opengotha`` makes
    it: the file's actions appended at once (``Ledger.create``'s ``append_all``).  Kept for the
    tests after: the state a round is paired from is the one its standings are read from, and
    the one it is paired from again with the referee's bye (a state is a frozen value, never
    changed by pairing).  Each round count is cut from the file's one scan, as ``read`` cuts
    it; where its actions extend those of the round count before (every real file's do), only the new
    ones are appended to that state, as a referee's next commands are — replay is
    deterministic, so the state is the one appending them all at once gives (a third of the
    time of these tests was replaying each file's first rounds again for every round)."""
    return _imported(path, rounds)[2]


@lru_cache(maxsize=256)
def paired(path: Path, number: int) -> SchemesPairing:
    """Tengen's own pairing of round ``number`` of ``path`` from the rounds before it (the bye
    its own choice); PairingError where there is nobody to pair.  Kept for the tests after:
    the totals of OpenGotha's weights are taken over the very pairing compared with the
    engine's."""
    state = imported(path, number - 1)
    if (state.settings.rounds or 0) < number:  # the round after a file's planned last: the referee's one more
        state = replace(state, settings=replace(state.settings, rounds=number))
    return get_scheme(state.settings.scheme).pair(state, number, random.Random(1), None, True)


def tengen_pairing(path: Path, number: int, bye: str | None = None) -> Pairing | None:
    """Tengen's pairing of round ``number`` from the file's rounds before it, in the engine's
    terms (None where there is nobody to pair: the engine prints no board then); ``bye`` is
    the key of the player the referee gives the bye."""
    from schemes.base.scheme import PairingError
    from schemes.log import actions

    state = imported(path, number - 1)
    names = opengotha_names(state)
    key = {p: opengotha_key(*names[p]) for p in names}
    scheme = get_scheme(state.settings.scheme)
    try:
        if bye is None:
            pairing = paired(path, number)
        else:
            player = next(p for p, k in key.items() if k == bye)
            pairing = actions.with_bye(scheme, state, number, random.Random(1), None, True, player)
    except PairingError:
        return None
    boards = tuple(sorted((b.number, key[b.white], key[b.black], b.handicap) for b in pairing.boards))
    return Pairing(boards, key[pairing.byes[0]] if pairing.byes else None)


def in_part(text: str, number: int, whole: Pairing, seed: int) -> str:
    """The file ``text`` with round ``number`` paired in part, as a referee leaves it when he
    paired the players who had come: the rounds after it gone, and of ``whole`` (the engine's
    pairing of the round) about half the boards kept on their tables, gaps and all — at least
    one kept and one left off — the bye kept or not, and on every third case the kept boards
    played (white won), the others not yet; a splitmix64 stream from ``seed`` decides, so the
    Java tool and the test make the same file."""
    numbers = stream(seed)
    kept = [board for board in whole.boards if next(numbers) % 2 == 0] or list(whole.boards[:1])
    if len(kept) == len(whole.boards):
        kept = kept[:-1]
    bye = whole.bye if whole.bye is not None and next(numbers) % 2 == 0 else None
    result = "RESULT_WHITEWINS" if next(numbers) % 3 == 0 else "RESULT_UNKNOWN"

    def later(match: re.Match[str]) -> str:
        return "" if int(match[1]) >= number else match[0]

    text = re.sub(r'<(?:Game|ByePlayer) [^>]*?roundNumber="(\d+)"[^>]*/>', later, text)
    games = "".join(
        f'<Game blackPlayer="{black}" handicap="{handicap}" knownColor="true" result="{result}" '
        f'roundNumber="{number}" tableNumber="{table}" whitePlayer="{white}"/>\n'
        for table, white, black, handicap in kept
    )
    byes = f'<ByePlayer player="{bye}" roundNumber="{number}"/>\n' if bye is not None else ""
    for element, added in (("Games", games), ("ByePlayers", byes)):
        if f"</{element}>" in text:
            text = text.replace(f"</{element}>", f"{added}</{element}>", 1)
        elif f"<{element}/>" in text:
            text = text.replace(f"<{element}/>", f"<{element}>\n{added}</{element}>", 1)
        else:
            text = text.replace("</Tournament>", f"<{element}>\n{added}</{element}>\n</Tournament>", 1)
    return text


@cache
def rest_pairings() -> dict[str, dict[str, object]]:
    """Rounds of the real files paired in part (``in_part``) and OpenGotha's Pair of the rest:
    each file's round, the seed of its part and the engine's new boards and bye."""
    data: dict[str, dict[str, object]] = json.loads(lzma.decompress((HERE / "opengotha_rest.json.xz").read_bytes()))
    return data


def tengen_rest(path: Path, number: int) -> tuple[Pairing, str | None]:
    """Tengen's pairing of the rest of round ``number`` of ``path`` (a file's last round, paired
    in part), in the engine's terms: the new boards and the bye, if a new one; and whom the
    referee's list of the rest's bye starts on (``actions.rest_bye``)."""
    from schemes.log import actions

    state = append_all([], opengotha.kept(opengotha.scan(path), number).actions, AT).state
    names = opengotha_names(state)
    key = {p: opengotha_key(*names[p]) for p in names}
    played = state.rounds[number - 1]
    _kind, data = actions.pair_rest(state, random.Random(1), number, allow_repeats=True)
    old = {board.number for board in played.boards}
    boards = [{"number": b.get("table", i), **b} for i, b in enumerate(data["boards"], start=1)]  # type: ignore[attr-defined]
    new = tuple(sorted((b["number"], key[b["white"]], key[b["black"]], b["handicap"]) for b in boards
                       if b["number"] not in old))  # fmt: skip
    byes = [p for p in data["byes"] if p not in played.byes]  # type: ignore[attr-defined]
    offered = actions.rest_bye(state)
    return Pairing(new, key[byes[0]] if byes else None), None if offered is None else key[offered]


def difference(mine: Pairing | None, theirs: Pairing) -> str | None:
    """What differs between two pairings of a round, in a word; None when they are the same."""
    if mine is None:
        return None if not theirs.boards and theirs.bye is None else "Tengen pairs nobody"
    if mine == theirs:
        return None
    if mine.bye != theirs.bye:
        return f"bye {mine.bye} against {theirs.bye}"
    ours = {frozenset(b[1:3]) for b in mine.boards}
    reference = {frozenset(b[1:3]) for b in theirs.boards}
    if ours != reference:
        return f"{len(ours - reference)} of {len(reference)} pairs"
    return "colours, handicaps or tables"
