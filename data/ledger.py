"""A tournament file together with the state its log replays to.

This is where the referee's actions meet the disk: an action is checked against
the whole log (``schemes.history``) and only then appended, so a refused action
leaves the file exactly as it was.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import overload

from data import state_cache
from data.store import TournamentFile, damaged
from schemes.actions import Action
from schemes.events import Event, InvalidEvent, Worded
from schemes.history import Appended, append
from schemes.model import Tournament
from schemes.replay import replay


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


_ONE_COMMAND = False


def for_one_command() -> None:
    """Say that this process runs one command and ends (the command line, not the app):
    what reading a log builds is then moved out of the cycle collector's sight for good
    (``gc.freeze``), which saves it walking them again (40 ms at 50,000 events).  A frozen
    object that later becomes cyclic garbage is only freed at exit: harmless in a command,
    a leak in the app, which opens tournament after tournament and leaves this off."""
    global _ONE_COMMAND
    _ONE_COMMAND = True


@contextmanager
def _building() -> Iterator[None]:
    """Without the cycle collector: reading a long log makes hundreds of thousands of objects,
    none of them in a cycle, and each few hundred set off a collection that walks them all
    again (a third of the time of opening a 50,000-event file)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _ONE_COMMAND:
            gc.freeze()
        if collecting:
            gc.enable()


class Ledger:
    """A tournament file and its state, found from the state cache when the file begins
    with the bytes the cache covers, else by replaying the log (checked on opening, so a
    damaged file is refused before any work starts)."""

    def __init__(self, path: str | os.PathLike[str], writable: bool = False) -> None:
        self.file = TournamentFile(path, writable, lazy=True)
        self._state: Tournament | None = None
        try:
            with _building():
                recalled = state_cache.recall(self.file.path, self.file.raw) if self.file.compact else None
                if recalled is None:
                    self.file.events  # noqa: B018 - parsed and checked now, not halfway through a command
            if recalled is not None:
                self.file.known(recalled.count)
                self._state = recalled.state
                if recalled.tail >= state_cache.STALE_TAIL:
                    state_cache.remember(self.file.path, self.file.raw, recalled.count, recalled.state)
        except BaseException:
            self.file.close()
            raise

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
                with _building():
                    self._state = replay(self.events)
            except InvalidEvent as error:
                raise damaged(self.file.path, Worded("damaged event log ({reason})", reason=error)) from None
            if len(self.events) >= state_cache.WORTH_KEEPING and self.file.appendable:
                state_cache.remember(self.file.path, self.file.raw, len(self.events), self._state)
        return self._state

    def check(self) -> Tournament:
        """Replay the log now, so that a damaged file is refused before any work starts
        (the replay is kept: it is the state every later question asks)."""
        return self.state

    def commit(self, action: Action) -> Appended:
        """Append the action's event if the log accepts it; InvalidEvent otherwise."""
        return self.commit_all([lambda events, state: action])[0]

    def commit_all(self, actions: list[Callable[[Sequence[Event], Tournament], Action]]) -> list[Appended]:
        """Several actions as one write: each is built from the log as the ones before it
        leave it, and if any is refused, nothing is written."""
        events, state, done = _Upcoming(self.file), self.state, []
        at = now()
        for build in actions:
            kind, data = build(events, state)
            appended = append(events, kind, data, at, state)
            events.added.append(appended.event)
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


class _Upcoming(Sequence[Event]):
    """The file's events and those about to be appended after them.  The file's are
    parsed only if an action looks at them: a result or a pairing needs only their count."""

    def __init__(self, file: TournamentFile) -> None:
        self.file = file
        self.added: list[Event] = []

    def __len__(self) -> int:
        return self.file.count + len(self.added)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        return [*self.file.events, *self.added][index]

    def __iter__(self) -> Iterator[Event]:
        yield from self.file.events
        yield from self.added
