"""What a hall's laptop adds to each event it makes."""

from __future__ import annotations

import json
from collections.abc import Sequence

from data.hall import secret as signing
from schemes.log import events as ev
from schemes.log.events import Event
from schemes.state.origin import Origin


class Stamper:
    """This laptop's origin for each new event of a hall: its device, the next seq, what it
    has seen of the others, the target of a retraction, and the MAC under the secret."""

    def __init__(self, events: Sequence[Event], device: str, secret: str, recorded: int = 0) -> None:
        """``recorded``: the seq of this laptop's last event in its chain.  An event of its own
        that a merge left out is in the chain and not in the file: counted from the file alone,
        the next event took its seq, and the chain's event replaced it on every laptop (a
        review: a chief's withdrawal after his pairing was left out came back as the pairing)."""
        self.events = events
        self.device = device
        self.secret = secret
        seen: dict[str, int] = {}
        for event in events:
            if event.origin is not None:
                seen[event.origin.device] = max(seen.get(event.origin.device, 0), event.origin.seq)
        self.seq = max(seen.pop(device, 0), recorded)
        self.seen = tuple(sorted(seen.items()))
        self.made: list[Event] = []

    def __call__(self, event: Event) -> Event:
        self.seq += 1
        target = None
        if event.kind == ev.RETRACTED:  # an entry not in the log is the replay's to refuse (it was an IndexError)
            known, number = [*self.events, *self.made], event.data["event"]
            undone = known[number - 1].origin if isinstance(number, int) and 0 < number <= len(known) else None
            target = undone.key if undone is not None else None
        data = json.loads(json.dumps(event.data, sort_keys=True))  # in the order the chain keeps it
        stamped = signing.sign(self.secret, Event(event.id, event.kind, data, event.at,
                                                   Origin(self.device, self.seq, self.seen, "", target)))  # fmt: skip
        self.made.append(stamped)
        return stamped
