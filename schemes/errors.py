"""The rules' typed refusals and notices: worded for any language, one class per refusal an
interface answers differently, so nothing branches on the wording."""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class _Counting(string.Formatter):
    """A Russian count agrees with its noun: ``{count:партию|партии|партий}`` writes
    «1 партию», «3 партии», «5 партий», «21 партию» (the forms for one, a few, many).  A word
    agrees with a player's sex: ``{sex:снят|снята}`` writes the second form for a player whose
    sex is ``f`` and the first otherwise (a man's, or a sex not given).  An English count has
    two forms, ``{count:player|players}`` («1 player», «21 players»: a trial read «1 players
    registered»)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" not in format_spec:
            return str(super().format_field(value, format_spec))
        forms = format_spec.split("|")
        if isinstance(value, str) and value.isascii() and value.isdigit():  # a count a record kept as text
            value = int(value)
        if len(forms) == 2 and isinstance(value, str):  # a sex: «f», «m» or not given
            return forms[1] if value == "f" else forms[0]
        if isinstance(value, bool) or not isinstance(value, int):
            return str(value)
        if len(forms) == 2:
            return f"{value} {forms[0] if value == 1 else forms[1]}"
        one, few, many = forms
        tens, units = value % 100, value % 10
        if units == 1 and tens != 11:
            return f"{value} {one}"
        if 2 <= units <= 4 and not 12 <= tens <= 14:
            return f"{value} {few}"
        return f"{value} {many}"


_COUNTING = _Counting()


def counted(template: str, /, **fields: Any) -> str:
    """A template filled in, its counts agreeing with their nouns (English ones too: «1 game»);
    one with no forms by ``str.format``, many times faster (every refusal is filled at once)."""
    return _COUNTING.format(template, **fields) if "|" in template else template.format(**fields)


class Worded(Exception):
    """A refusal worded for any language: an English ``template`` and its ``fields``.

    ``str()`` is the English message (the tests', the logs'); the command line and the
    app translate the template and fill in the same fields (``tui.i18n.said``).  Subclasses name
    the refusals an interface answers differently (offer to insist, for one), so
    nothing branches on the wording.
    """

    template = "{message}"

    def __init__(self, template: str | None = None, **fields: Any) -> None:
        if template is not None:
            self.template = template
        self.fields = fields
        super().__init__(counted(self.template, **fields) if fields or template is None else template)


@dataclass(frozen=True)
class Named:
    """A player a refusal or a notice speaks of (``Tournament.named``): the registration id a
    command takes, and the number the boards give him (``None`` before the first pairing) with
    his surname and initials, so an interface says «№ 5 (Смирнова А.)» where the boards show
    «5. Смирнова» — a trial was told «игрок 6 не играет на доске 1» of the player numbered 1.
    Formatted on its own (``str()``, the tests' English) it is the id, as before."""

    id: int
    number: int | None
    name: str

    def __str__(self) -> str:
        return str(self.id)

    def __format__(self, spec: str) -> str:
        return format(self.id, spec)


class InvalidEvent(Worded, ValueError):
    """An event that cannot stand in the log."""


class BadSetting(InvalidEvent):
    """A setting of the tournament that cannot be: ``setting`` names it (``dates``, ``komi``,
    a scheme parameter's key…), so a form shows the refusal under that field."""

    template = "{reason}"

    def __init__(self, setting: str, cause: Worded, beside: Worded | str | None = None) -> None:
        self.setting = setting
        self.beside = cause if beside is None else beside
        """What a form shows under the field, which names the setting already (the key is
        only for the command line: ``handicap_cap: 'abc' is not a whole number``)."""
        super().__init__(reason=cause)


class RepeatNeeded(InvalidEvent):
    """No pairing of the round without a repeat game (or a blocked pair) exists."""

    template = (
        "round {round} cannot be paired without a repeat game: pair it with --allow-repeats "
        "and change it by hand with pairing swap"
    )


class RestRepeatNeeded(RepeatNeeded):
    """No pairing of an odd rest without a repeat game beside the bye the scheme chose
    (``player``): another bye may leave none (an attack: the referee was pushed into a repeat
    his own choice of the bye avoided)."""

    template = (
        "round {round}: its players on no board cannot be paired without a repeat game beside the bye "
        "the pairing gives to {player}: choose another bye (pair --rest --bye), or allow the repeat "
        "(--allow-repeats)"
    )


class RoundIncomplete(InvalidEvent):
    """The round before the one to pair misses results (``round``, on ``boards``).  A scheme
    whose pairing may go on without them (``Traits.pairs_early``) pairs when the referee says
    so: the app asks, the command line takes ``pair --incomplete`` (and says so)."""


class NeedsForce(InvalidEvent):
    """A change by hand that puts together players who met or are blocked: the referee may insist."""

    template = "{reason}: add --force to pair them anyway"


@dataclass(frozen=True)
class Notice:
    """A warning after an accepted action, worded like a refusal: an English template and its fields."""

    template: str
    fields: Mapping[str, Any]

    @classmethod
    def of(cls, refusal: Worded) -> Notice:
        """A refusal kept as a value: two of the same words are equal (an exception is equal
        only to itself), and an interface still says it in its language."""
        return cls(refusal.template, refusal.fields)

    def __str__(self) -> str:
        return counted(self.template, **self.fields)
