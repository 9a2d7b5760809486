"""A tournament file together with the state its log replays to.

This is where the referee's actions meet the disk: an action is checked against
the whole log (``schemes.history``) and only then appended, so a refused action
leaves the file exactly as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime

from data.store import TournamentFile, damaged
from schemes.actions import Action
from schemes.events import Event, InvalidEvent
from schemes.history import Appended, append
from schemes.model import Tournament
from schemes.replay import replay


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Ledger:
    def __init__(self, path: str | os.PathLike[str], writable: bool = False) -> None:
        self.file = TournamentFile(path, writable)
        self._state: Tournament | None = None

    @classmethod
    def create(cls, path: str | os.PathLike[str], action: Action) -> Ledger:
        kind, data = action
        first = append([], kind, data, now()).event
        TournamentFile.create(path, first).close()
        return cls(path, writable=True)

    @property
    def events(self) -> list[Event]:
        return self.file.events

    @property
    def state(self) -> Tournament:
        if self._state is None:
            try:
                self._state = replay(self.events)
            except InvalidEvent as error:
                raise damaged(self.file.path, f"damaged event log ({error})") from None
        return self._state

    def check(self) -> Tournament:
        """Replay the log now, so that a damaged file is refused before any work starts
        (the replay is kept: it is the state every later question asks)."""
        return self.state

    def commit(self, action: Action) -> Appended:
        """Append the action's event if the log accepts it; InvalidEvent otherwise."""
        return self.commit_all([lambda events, state: action])[0]

    def commit_all(self, actions: list[Callable[[list[Event], Tournament], Action]]) -> list[Appended]:
        """Several actions as one write: each is built from the log as the ones before it
        leave it, and if any is refused, nothing is written."""
        events, state, done = list(self.events), self.state, []
        at = now()
        for build in actions:
            kind, data = build(events, state)
            appended = append(events, kind, data, at, state)
            events.append(appended.event)
            state = appended.state
            done.append(appended)
        self.file.append(*(a.event for a in done))
        self._state = state
        return done

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
