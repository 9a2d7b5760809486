"""A tournament open in the app: the writable ledger, and the referee's actions on it.

The app holds the file's writer lock for as long as the tournament is open, so a
second program (or a second app) cannot write behind its back.  Every action goes
through ``run``, which raises ``InvalidEvent`` with the reason for the referee;
screens turn that into a notification.
"""

from __future__ import annotations

import random
from pathlib import Path

from data.ledger import Ledger
from schemes.log import actions
from schemes.log.events import Event
from schemes.log.history import Appended
from schemes.state.model import Tournament


class Session:
    def __init__(self, path: Path) -> None:
        self.path = path.absolute()  # messages name the folder, not "."
        self.ledger = Ledger(path, writable=True)
        self.ledger.check()
        self.rng = random.Random()

    @property
    def state(self) -> Tournament:
        return self.ledger.state

    @property
    def events(self) -> list[Event]:
        return self.ledger.events

    def undo(self, target: int | None = None) -> tuple[Event, Appended]:
        """Retract the last action (or ``target``); the event undone and the retraction."""
        appended = self.ledger.commit(actions.undo(self.events, target))
        return self.events[appended.event.data["event"] - 1], appended

    def redo(self) -> tuple[Event, Appended]:
        """Retract the last undo; the event restored and the retraction."""
        appended = self.ledger.commit(actions.redo(self.events))
        undo = self.events[appended.event.data["event"] - 1]
        return self.events[undo.data["event"] - 1], appended

    def close(self) -> None:
        self.ledger.close()
