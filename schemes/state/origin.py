"""Where an event was made, for a tournament kept on several laptops (the hall,
``../shared/spec/hall.md``): the laptop (``device``), its own count of the events it made
(``seq``), and what it had applied of every laptop's events when it made this one
(``seen``, a version vector).  Two events are concurrent when neither had seen the other:
that is how two entries for one board become a dispute instead of one silently winning."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from schemes.errors import InvalidEvent

DEVICE_LENGTH = 32
"""A device id: 32 hexadecimal digits (128 random bits)."""


def check_device(value: object) -> str:
    if not (isinstance(value, str) and len(value) == DEVICE_LENGTH and all(c in "0123456789abcdef" for c in value)):
        raise InvalidEvent("a device id is 32 hexadecimal digits")
    return value


@dataclass(frozen=True)
class Origin:
    device: str
    seq: int
    seen: tuple[tuple[str, int], ...] = ()
    """For each other device, the highest ``seq`` of its events applied here when this one
    was made; sorted by device (one form, so that every laptop signs the same bytes)."""
    mac: str = ""
    """HMAC-SHA256 of the event under the hall's secret, in hexadecimal."""
    target: tuple[str, int] | None = None
    """A retraction's event, named by its device and seq: its place in a file changes as
    other laptops' events are merged in before it."""

    def saw(self, other: Origin) -> bool:
        """Whether this event was made after ``other`` was applied on its laptop."""
        if other.device == self.device:
            return other.seq < self.seq
        return dict(self.seen).get(other.device, 0) >= other.seq

    @property
    def key(self) -> tuple[str, int]:
        return self.device, self.seq

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"device": self.device, "seq": self.seq, "seen": dict(self.seen), "mac": self.mac}
        if self.target is not None:
            doc["target"] = list(self.target)
        return doc

    @classmethod
    def from_json(cls, doc: object) -> Origin:
        if not isinstance(doc, Mapping) or set(doc) - {"device", "seq", "seen", "mac", "target"}:
            raise InvalidEvent("an event's hall record is damaged")
        device, seq, seen, mac = doc.get("device"), doc.get("seq"), doc.get("seen", {}), doc.get("mac", "")
        if not (isinstance(seq, int) and not isinstance(seq, bool) and seq >= 1 and isinstance(mac, str)):
            raise InvalidEvent("an event's hall record is damaged")
        if not isinstance(seen, Mapping) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in seen.values()
        ):
            raise InvalidEvent("an event's hall record is damaged")
        target = doc.get("target")
        if target is not None:
            if not (isinstance(target, list) and len(target) == 2 and isinstance(target[1], int)):
                raise InvalidEvent("an event's hall record is damaged")
            target = (check_device(target[0]), target[1])
        vector = tuple(sorted((check_device(d), n) for d, n in seen.items()))
        return cls(check_device(device), seq, vector, mac[:64], target)
