"""A tournament file together with the state its log replays to.

This is where the referee's actions meet the disk: an action is checked against
the whole log (``schemes.log.history``) and only then appended, so a refused action
leaves the file exactly as it was.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import overload

from data import state_cache
from data.store import TournamentFile, damaged
from schemes.errors import InvalidEvent, Notice, Worded
from schemes.log.actions import Action
from schemes.log.events import Event
from schemes.log.history import Appended, Batch, Stamp, append, append_all
from schemes.log.replay import replay
from schemes.state.model import Tournament


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

    made: tuple[Notice, ...] = ()
    """What the rules said of the events a new file was made with (``create``): a time control
    too short to be rated."""

    def __init__(self, path: str | os.PathLike[str], writable: bool = False, merge: bool = False) -> None:
        self.file = TournamentFile(path, writable, lazy=True, merge=merge)
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
    def create(cls, path: str | os.PathLike[str], actions: Sequence[Action]) -> Ledger:
        """A new tournament file holding ``actions`` (its creation first), written at once: a
        full disk or a kill leaves no file or the whole one, never a stub of its first event."""
        with _building():
            batch = append_all([], actions, now())
        ledger = cls.__new__(cls)
        ledger.file = TournamentFile.create(path, batch.events)
        ledger._state = batch.state
        ledger.made = batch.warnings
        ledger._keep()
        return ledger

    @classmethod
    def create_from(cls, path: str | os.PathLike[str], events: Sequence[Event], state: Tournament) -> Ledger:
        """A new tournament file holding ``events`` (checked already: their replay is ``state``)."""
        ledger = cls.__new__(cls)
        ledger.file = TournamentFile.create(path, events)
        ledger._state = state
        return ledger

    @property
    def events(self) -> list[Event]:
        return self.file.events

    @property
    def log(self) -> Sequence[Event]:
        """The events, parsed only as far as they are read: the last one alone (a document's
        date), the whole log for any other."""
        return _Logged(self.file)

    @property
    def state(self) -> Tournament:
        if self._state is None:
            try:
                with _building():
                    self._state = replay(self.events)
            except InvalidEvent as error:
                raise damaged(self.file.path, Worded("damaged event log ({reason})", reason=error)) from None
            self._keep()
        return self._state

    def _keep(self) -> None:
        """Keep the state of a long log, so the next command need not replay it."""
        if self._state is not None and self.file.count >= state_cache.WORTH_KEEPING and self.file.appendable:
            state_cache.remember(self.file.path, self.file.raw, self.file.count, self._state)

    def check(self) -> Tournament:
        """Replay the log now, so that a damaged file is refused before any work starts
        (the replay is kept: it is the state every later question asks)."""
        return self.state

    def commit(self, action: Action, stamp: Stamp | None = None) -> Appended:
        """Append the action's event if the log accepts it; InvalidEvent otherwise."""
        kind, data = action
        appended = append(_Logged(self.file), kind, data, now(), self.state, stamp)
        self.file.append(appended.event)
        self._state = appended.state
        return appended

    def commit_all(self, actions: Sequence[Action], stamp: Stamp | None = None) -> Batch:
        """Several actions as one write, each checked on the log as the ones before it leave
        it; if any is refused, nothing is written."""
        with _building():
            batch = append_all(_Logged(self.file), actions, now(), self.state, stamp)
        self.file.append(*batch.events)
        self._state = batch.state
        return batch

    def rewrite(self, events: Sequence[Event], state: Tournament) -> None:
        """The file as a new state of itself holding ``events`` (a hall's merged log), whose
        replay is ``state``: one atomic write."""
        self.file.rewrite(events)
        self._state = state

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Logged(Sequence[Event]):
    """The file's events, parsed only if an action looks at them: a result or a pairing
    needs only their count, a document's date only the last event (``TournamentFile.last_event``)."""

    def __init__(self, file: TournamentFile) -> None:
        self.file = file

    def __len__(self) -> int:
        return self.file.count

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, int) and index in (-1, self.file.count - 1):
            last = self.file.last_event()
            if last is not None:
                return last
        return self.file.events[index]

    def __iter__(self) -> Iterator[Event]:
        yield from self.file.events
