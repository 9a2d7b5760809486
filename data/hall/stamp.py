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
    has seen of the others, the target of a retraction, and the MAC under the secret.

    What it has seen is all the log's events saw too: a withdrawal the chief's merge left out,
    seen by a registration in his log, was not named by his next pairing, and the merge after
    it put the withdrawal later, where it fit, and left out the pairing it had never seen
    (helper-196's fuzzer)."""

    def __init__(self, events: Sequence[Event], device: str, secret: str, recorded: int = 0) -> None:
        """``recorded``: the seq of this laptop's last event in its chain.  An event of its own
        that a merge left out is in the chain and not in the file: counted from the file alone,
        the next event took its seq, and the chain's event replaced it on every laptop (a
        review: a chief's withdrawal after his pairing was left out came back as the pairing)."""
        self.events = events
        self.device = device
        self.secret = secret
        seen: dict[str, int] = {}
        for event in events:  # and what each had seen: an entry the merge left out is seen through its successors
            if event.origin is not None:
                for other, seq in (*event.origin.seen, (event.origin.device, event.origin.seq)):
                    seen[other] = max(seen.get(other, 0), seq)
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
