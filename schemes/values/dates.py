"""The dates of an event: stored as ISO (``2026-12-05..2026-12-06``), typed either way.

Russian referees write ``05.12.2026``, ``05.12.2026-06.12.2026`` or ``5-6.12.2026``;
entry turns those into the stored form, and every stored form is checked again on
load, so a hand-edited file with bad dates is refused when opened, not later.
"""

from __future__ import annotations

import re
from datetime import date

from schemes.errors import InvalidEvent

_RUSSIAN_DAY = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")
_RUSSIAN_SPAN = re.compile(r"^(\d{1,2})-(\d{1,2})\.(\d{1,2})\.(\d{4})$")


def _day(year: str, month: str, day: str) -> date:
    return date(int(year), int(month), int(day))


def _parse(text: str) -> list[date]:
    text = text.strip()
    span = _RUSSIAN_SPAN.match(text)
    if span:
        first, last, month, year = span.groups()
        return [_day(year, month, first), _day(year, month, last)]
    parts = text.split("..") if ".." in text else text.split("-") if _RUSSIAN_DAY.match(text.split("-")[0]) else [text]
    days = []
    for part in parts:
        russian = _RUSSIAN_DAY.match(part.strip())
        if russian:
            day, month, year = russian.groups()
            days.append(_day(year, month, day))
        else:
            days.append(date.fromisoformat(part.strip()))
    return days


def parse_dates(text: str) -> str:
    """The stored (ISO) form of dates as typed; ``""`` for none; InvalidEvent when bad."""
    if not text.strip():
        return ""
    try:
        days = _parse(text)
    except ValueError:
        raise InvalidEvent(
            "bad dates {text!r}: write 2026-12-05, 2026-12-05..2026-12-06, 05.12.2026, 05.12.2026-06.12.2026 "
            "or 5-6.12.2026",
            text=text[:40],
        ) from None
    if len(days) > 2 or days != sorted(days):
        raise InvalidEvent("bad dates {text!r}: one day, or the first and the last day in order", text=text[:40])
    return "..".join(day.isoformat() for day in dict.fromkeys(days))


def days(stored: str) -> list[date]:
    """The first and last day of stored dates (one day twice), or none."""
    if not stored:
        return []
    found = [date.fromisoformat(part) for part in stored.split("..")]
    return [found[0], found[-1]]


def check_stored(stored: str) -> None:
    """Stored dates must be ISO days in order (a hand-edited file is refused on load)."""
    try:
        found = [date.fromisoformat(part) for part in stored.split("..")] if stored else []
    except ValueError:
        found = [date.max, date.min]
    if len(found) > 2 or found != sorted(found):
        raise InvalidEvent("bad dates {text!r} in the file: expected 2026-12-05..2026-12-06", text=stored[:40])


def parse_birth(text: str) -> str:
    """A date of birth as typed (``2014-05-03`` or ``03.05.2014``), stored ISO; ``""`` for none."""
    text = text.strip()
    if not text:
        return ""
    try:
        found = _parse(text)
    except ValueError:
        found = []
    if len(found) != 1 or not date(1900, 1, 1) <= found[0] <= date(2100, 1, 1):
        raise InvalidEvent("bad date of birth {text!r}: write it like 2014-05-03 or 03.05.2014", text=text[:40])
    return found[0].isoformat()


def check_birth(stored: str) -> str:
    """A stored date of birth: ISO or empty (a hand-edited file is refused on load)."""
    if stored and parse_birth(stored) != stored:
        raise InvalidEvent("bad date of birth {text!r} in the file", text=stored[:40])
    return stored


def age_on(birth: str, day: date) -> int | None:
    """Full years on ``day`` of someone born on ``birth`` (ISO), or None when unknown."""
    if not birth:
        return None
    born = date.fromisoformat(birth)
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def russian(stored: str) -> str:
    """Stored dates as a Russian referee writes them (``05.12.2026-06.12.2026``), which
    ``parse_dates`` reads back."""
    return "-".join(day.strftime("%d.%m.%Y") for day in dict.fromkeys(days(stored)))
