"""Tournaments built in memory through the same actions the referee uses."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from schemes.log import actions
from schemes.log.events import Event
from schemes.log.history import Appended, append, undo_target
from schemes.state.model import DEFAULT_KOMI, Tournament


class Log:
    """An event log in a list: commit actions, read the replayed state."""

    def __init__(
        self, scheme: str = "round-robin", rounds: int | None = None, lang: str = "ru", komi: float = DEFAULT_KOMI,
        **params: Any
    ) -> None:  # fmt: skip
        self.events: list[Event] = []
        self.last: Appended | None = None
        self.commit(actions.create("Test cup", scheme, rounds, komi=komi, lang=lang,
                                   params={k: str(v) for k, v in params.items()}))  # fmt: skip

    def commit(self, action: tuple[str, dict]) -> Appended:
        kind, data = action
        at = f"2026-01-01T00:00:{len(self.events) % 60:02d}+00:00"
        self.last = append(self.events, kind, data, at, self.last.state if self.last else None)
        self.events.append(self.last.event)
        return self.last

    @property
    def state(self) -> Tournament:
        assert self.last is not None
        return self.last.state

    def add(self, surname: str, rating: int | None = None, rank: str | None = None, name: str = "X", **kw: Any) -> int:
        return self.commit(
            actions.register(self.events, surname=surname, name=name, rating=rating, rank=rank, **kw)
        ).event.data["player"]

    def pair(self, order: Sequence[int] | None = None, seed: int = 1) -> int:
        return self.commit(actions.pair(self.state, random.Random(seed), order=order)).event.data["round"]

    def result(self, number: int, board: int, code: str, swapped: bool = False) -> Appended:
        return self.commit(actions.result(number, board, code, swapped))

    def undo(self, target: int | None = None) -> Appended:
        return self.commit(actions.undo(undo_target(self.events).id if target is None else target))

    def redo(self) -> Appended:
        return self.commit(actions.redo(self.events))


def round_robin(ratings: Sequence[int], **params: Any) -> tuple[Log, list[int]]:
    """A round robin numbered in rating order, players named P1, P2, … by id."""
    log = Log("round-robin", numbering="rating", **params)
    ids = [log.add(f"P{i}", rating=r) for i, r in enumerate(ratings, start=1)]
    return log, ids


def stronger_always_wins(players: int) -> tuple[Log, list[int]]:
    """A round robin of ``players`` (A, B, … rated 2400, 2300, …) played out, the higher rated
    winning every game: the first has ``players - 1`` wins, each next one fewer."""
    log = Log("round-robin", numbering="rating")
    ids = [log.add(chr(ord("A") + i), rating=2400 - 100 * i) for i in range(players)]
    while log.state.paired_rounds < (players if players % 2 else players - 1):
        number = log.pair()
        for board in log.state.round(number).boards:
            stronger = max((board.white, board.black), key=lambda p: log.state.players[p].rating or 0)
            log.result(number, board.number, "W+" if stronger == board.white else "B+")
    return log, ids


def played(scheme: str, players: int, rounds: int, seed: int = 1, **params: Any) -> Log:
    """An event with random ratings and results, every round paired and complete."""
    rng = random.Random(seed)
    log = Log(scheme, None if scheme in ("round-robin", "playoff") else rounds, **params)  # counted by its field
    for i in range(players):
        log.add(f"Игроков-Длиннофамильный{i:03d}", rating=rng.randint(100, 2700), name=f"Константин{i:03d}")
    for number in range(1, rounds + 1):
        log.pair(seed=seed)
        for board in log.state.round(number).boards:
            log.result(number, board.number, rng.choice(("W+", "B+")))
    return log


def turkish(text: str) -> str:
    """An OpenGotha file as a Turkish machine saves it: every game's and bye's key in its upper
    case (``İ`` for ``i``)."""
    from schemes.systems.gotha.pairing import opengotha_key

    names = re.findall(r'<Player [^>]*?firstName="([^"]*)"[^>]*? name="([^"]*)"', text)
    keys = {opengotha_key(surname, name): opengotha_key(surname, name, turkish=True) for name, surname in names}
    return re.sub(r'((?:white|black)?[Pp]layer)="([^"]*)"', lambda m: f'{m[1]}="{keys.get(m[2], m[2])}"', text)


def in_part(text: str, tables: str, absent: str = "", bye: str = "") -> str:
    """An OpenGotha file whose round 5 (simplemm.xml's last) is paired in part, as a referee
    leaves it who paired the players who had come: its games on ``tables`` (a class of
    digits, ``[13]``) left off, the others not yet played; ``absent`` (a surname) out of round 5,
    ``bye`` (a key) its bye."""
    text = re.sub(rf'<Game [^>]*roundNumber="5" tableNumber="{tables}"[^>]*/>\s*', "", text)
    text = re.sub(r'result="[A-Z_]+"( roundNumber="5")', r'result="RESULT_UNKNOWN"\1', text)
    if absent:
        text = re.sub(rf'(name="{absent}" participating=")11111', r"\g<1>11110", text)
    if bye:
        text = text.replace("</Players>", f'</Players>\n<ByePlayers><ByePlayer player="{bye}" roundNumber="5"/>'
                                          "</ByePlayers>")  # fmt: skip
    return text
