"""A table as words and values, before any page: its columns and rows, the legend of its
short titles, how its values are written, the standings they come from (computed once per
state), and when the paperwork counts as made.

Kept apart from ``paperwork/document.py`` so that what writes no PDF — the rating
commission's table, the players' pages, each scheme's columns and marks — loads no fpdf2:
importing it (with fontTools, Pillow and numpy) costs most of a second of CPU, and the
rating table of the big event has a goal of 0.3 s in all (issue 29).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from paperwork.labels import bracketed
from paperwork.marks import points
from schemes.base.scheme import Standings
from schemes.log.events import Event
from schemes.registry import get_scheme
from schemes.state.model import Round, Tournament

Text = str | tuple[str, ...]
"""A cell's text, or alternatives for it, longest first."""

number = half_points = points
"""Points on paper: ``paperwork.marks.points`` (``22½``); a komi is written as a decimal."""


def unfinished(words: Mapping[str, str], tournament: Tournament, after_round: int) -> str:
    """What a table after ``after_round`` adds to its title where a result is missing there:
    `` (ещё нет результатов на досках 6, 7)`` of that round, `` (ещё нет результатов в 1-м
    туре на доске 2, …)`` where an earlier round waits too (a round robin's postponed game: a
    review's «после 3-го тура» looked whole); the first three rounds and five boards of a
    round named, «…» after; nothing where every result is in.  In ``words``' language: the screens and the
    papers say it alike."""
    waiting = [played for played in tournament.rounds[:after_round] if not played.complete]
    if not waiting:
        return ""
    if [played.number for played in waiting] == [after_round]:
        return " " + words[_boards_key("unfinished", waiting[0])].format(boards=_boards(waiting[0]))
    rounds = ", ".join(
        words[_boards_key("unfinished_in", p)].format(n=p.number, boards=_boards(p)) for p in waiting[:3]
    )
    more = ", …" if len(waiting) > 3 else ""  # six rounds named shrank the paper's line to 3 pt (a review)
    return " " + words["unfinished_rounds"].format(rounds=rounds + more)


def _boards_key(key: str, played: Round) -> str:
    return key if len(played.missing) > 1 else f"{key}_one"


def _boards(played: Round) -> str:
    return ", ".join(map(str, played.missing[:5])) + ("…" if len(played.missing) > 5 else "")


def made_at(events: Sequence[Event]) -> datetime:
    """When the paperwork counts as made: the time of the last event (deterministic)."""
    for event in reversed(events):
        if event.at:
            return datetime.fromisoformat(event.at)
    return datetime(2000, 1, 1)


@dataclass(frozen=True)
class Column:
    title: str
    width: float
    """Relative width; the table scales the columns to the page."""
    align: str = "C"
    group: str = ""
    """A title over several neighbouring columns (a round's two columns)."""
    marks: bool = False
    """Its cells are results in the notation ``marks.legend`` explains (a column titled by
    a round's or a player's number is such a column too)."""
    wrap: bool = False
    """Its text wraps onto more lines, the row growing to hold them, rather than shrinking
    (a team's fifteen members were cut at a size nobody could read)."""
    alike: str = ""
    """Columns of one ``alike`` keep one width (the protocol's white and black players): a
    35-letter name on one side shrank every name of the other to 6 pt, a trial found."""
    numbers: bool = True
    """Its cells, where every one reads as a number, are numbers: right-aligned on paper
    (``document.numbers_right``).  False where they only look like numbers (Gamma's colour
    and handicap, ``+0``, ``-1``: signs, centred as the results beside them)."""


@dataclass(frozen=True)
class Sheet:
    """A table as the paper and the players' pages show it: one build, two views, so the
    wall and the phones read the same words and values."""

    title: str
    columns: list[Column]
    rows: list[list[Text]]
    abbreviated: list[str] = field(default_factory=list)
    """The column titles its legend explains (``legend_line``)."""


def legend_line(titles: Sequence[str]) -> str:
    """What the short column titles stand for, for each title written as ``Full name (SHORT)``
    (``SOS — сумма очков соперников``); empty when none is."""
    entries = []
    for title in titles:
        short = bracketed(title)
        if short != title:
            full = title[: title.rindex("(")].strip()
            entries.append(f"{short} — {full[0].lower()}{full[1:]}")
    return "; ".join(entries) + "." if entries else ""


_KEPT: tuple[Tournament, dict[int, Standings]] | None = None
"""The standings computed for the state last asked about, by round."""
_KEEPING = threading.Lock()


def standings_after(tournament: Tournament, after: int) -> Standings:
    """The scheme's standings after round ``after``, computed once per state: the paper asks
    for them from several places (the rating table's order and its columns with ``--egf``,
    the app's documents of one state, a card's places), each time scoring the whole event.
    Only the latest state's are kept — a state never changes, so its identity is the key —
    and nothing of an older one is held on to."""
    global _KEPT
    with _KEEPING:
        kept = _KEPT[1] if _KEPT is not None and _KEPT[0] is tournament else {}
    found = kept.get(after)
    if found is None:
        found = get_scheme(tournament.settings.scheme).standings(tournament, after)
        with _KEEPING:
            if _KEPT is None or _KEPT[0] is not tournament:
                _KEPT = (tournament, {})
            _KEPT[1][after] = found
    return found
