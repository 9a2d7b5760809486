"""Time controls as the referee writes them, and what the rating bodies make of them.

Forms (``--time``): ``40+5/15`` Canadian byo-yomi (main minutes + minutes per
stones), ``60+30sx3`` Japanese byo-yomi (main + seconds × periods), ``45+30s``
Fischer (main + seconds per move), ``60`` sudden death.

Effective ("adjusted") time counts the overtime over a fixed number of moves: 60
for Canadian, 45 for Japanese byo-yomi, 120 increments for Fischer.  The Russian
federation rates a game from 60 effective minutes (seed 003); the EGF classes
(A/B/C) need both a basic and an adjusted minimum, lower for Fischer.  An event played on
the internet is class D from class B's minima, or none (OpenGotha 3.51's
``Tournament.egfClass``, its ``bInternet``); the Russian rule does not ask where it is played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from schemes.errors import InvalidEvent, Notice

RUSSIAN_MINIMUM = 60
# class -> (basic minimum, adjusted minimum); Fischer has its own basic minima
EGF_CLASSES = (("A", 60, 75), ("B", 40, 50), ("C", 25, 30))
EGF_ONLINE_CLASSES = (("D", 40, 50),)
"""An event played on the internet: D, or too short (OpenGotha's «X»)."""
EGF_FISCHER_BASIC = {"A": 45, "B": 30, "C": 20, "D": 30}

# four digits at most: 9999 minutes is a week; 2147483647 minutes was taken, and written
# as the EGF's TM[2.14748e+09]
_CANADIAN = re.compile(r"^(\d{1,4})\+(\d{1,4})/(\d{1,4})$", re.ASCII)
_JAPANESE = re.compile(r"^(\d{1,4})\+(\d{1,4})s?x(\d{1,4})$", re.ASCII)
_FISCHER = re.compile(r"^(\d{1,4})\+(\d{1,4})s$", re.ASCII)
_SUDDEN = re.compile(r"^(\d{1,4})$", re.ASCII)


class TimeControlError(InvalidEvent):
    """A time control written in none of the known forms."""


@dataclass(frozen=True)
class TimeControl:
    kind: str
    """``canadian``, ``japanese``, ``fischer`` or ``sudden death``."""
    main: int
    """Minutes."""
    overtime: Fraction
    """Minutes added over the counted moves."""
    written: tuple[int, ...] = ()
    """The numbers after the main time as written: minutes and stones (Canadian), seconds
    and periods (Japanese), seconds (Fischer)."""

    @property
    def effective(self) -> Fraction:
        return self.main + self.overtime

    @property
    def rated_in_russia(self) -> bool:
        return self.effective >= RUSSIAN_MINIMUM

    def egf_class(self, online: bool = False) -> str | None:
        """``A``, ``B`` or ``C`` — ``D`` for an event played ``online`` — or None when too
        short for EGF rating."""
        for name, basic, adjusted in EGF_ONLINE_CLASSES if online else EGF_CLASSES:
            needed = EGF_FISCHER_BASIC[name] if self.kind == "fischer" else basic
            if self.main >= needed and self.effective >= adjusted:
                return name
        return None

    def describe(self, online: bool = False) -> Notice:
        """What the rating bodies make of it, worded for any language; of an event played
        ``online``, that its EGF class is an online event's."""
        fields = {
            "kind": _KINDS[self.kind],
            "minutes": f"{float(self.effective):g}",
            "rated": Notice("rated", {}) if self.rated_in_russia else Notice("NOT rated (under 60 min)", {}),
            "egf": self.egf_class(online) or "-",
        }
        if online:
            return Notice("{kind}, effective time {minutes} min: {rated} in Russia, EGF class {egf} (played online)",
                          fields)  # fmt: skip
        return Notice("{kind}, effective time {minutes} min: {rated} in Russia, EGF class {egf}", fields)


_KINDS = {
    "canadian": Notice("Canadian byo-yomi", {}),
    "japanese": Notice("Japanese byo-yomi", {}),
    "fischer": Notice("Fischer", {}),
    "sudden death": Notice("sudden death", {}),
}


def read_time(text: str) -> TimeControl | None:
    """The time control ``text`` writes; None for none and for a text that is no time control
    (a file written before its form was checked): what is said of it is then not said."""
    try:
        return parse_time(text) if text else None
    except TimeControlError:
        return None


def unrated(text: str) -> Notice | None:
    """The warning a time control under the Russian federation's 60 effective minutes deserves
    (rating-table.md: the program warns when the event would not be rated); None for a rated
    one, for none and for a text that is no time control."""
    control = read_time(text)
    if control is None or control.rated_in_russia:
        return None
    return Notice("{time} is under 60 effective minutes: the event would not be rated", {"time": text})


def unclassed(text: str, online: bool) -> Notice | None:
    """Why the EGF form has no ``CL[]`` line, where the time control gives no class: an online
    event's 30+30sx3 was written with none, unsaid (a trial)."""
    control = read_time(text)
    if control is None or control.egf_class(online) is not None:
        return None
    if online:
        return Notice("{time} is too short for an online event's EGF class, D: the table has no CL line",
                      {"time": text})  # fmt: skip
    return Notice("{time} is too short for an EGF class: the table has no CL line", {"time": text})


def parse_time(text: str) -> TimeControl:
    compact = text.replace(" ", "").lower()
    if match := _CANADIAN.match(compact):
        main, minutes, stones = map(int, match.groups())
        if stones == 0:
            raise TimeControlError("bad time control {text!r}: no stones per period", text=text[:40])
        return TimeControl("canadian", main, Fraction(60 * minutes, stones), (minutes, stones))
    if match := _JAPANESE.match(compact):
        main, seconds, periods = map(int, match.groups())
        if periods == 0:
            raise TimeControlError("bad time control {text!r}: no byo-yomi periods", text=text[:40])
        return TimeControl("japanese", main, Fraction(45 * seconds, 60), (seconds, periods))
    if match := _FISCHER.match(compact):
        main, seconds = map(int, match.groups())
        return TimeControl("fischer", main, Fraction(120 * seconds, 60), (seconds,))
    if match := _SUDDEN.match(compact):
        return TimeControl("sudden death", int(match.group(1)), Fraction(0))
    raise TimeControlError(
        "bad time control {text!r}: write 40+5/15 (Canadian), 60+30sx3 (Japanese), 45+30s (Fischer) or 60",
        text=text[:40],
    )
