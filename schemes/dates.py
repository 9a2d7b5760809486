"""The dates of an event: stored as ISO (``2026-12-05..2026-12-06``), typed either way.

Russian referees write ``05.12.2026``, ``05.12.2026-06.12.2026`` or ``5-6.12.2026``;
entry turns those into the stored form, and every stored form is checked again on
load, so a hand-edited file with bad dates is refused when opened, not later.
"""

from __future__ import annotations

import re
from datetime import date

from schemes.events import InvalidEvent

_RUSSIAN_DAY = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")
_RUSSIAN_SPAN = re.compile(r"^(\d{1,2})-(\d{1,2})\.(\d{1,2})\.(\d{4})$")
_HINT = "write 2026-12-05, 2026-12-05..2026-12-06, 05.12.2026, 05.12.2026-06.12.2026 or 5-6.12.2026"


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
        raise InvalidEvent("bad dates {text!r}: " + _HINT, text=text[:40]) from None
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
