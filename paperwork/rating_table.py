"""The results table for the rating commission (spec rating-table.md), from a tournament.

The RFG form follows seed 003's example: ``;`` lines with the event, the dates in
the strict ``Month D - D, YYYY`` form and the column header; one line per player in
number order with exactly four information columns (each scheme's own); one result
per paired round.  The EGF form (``--egf``) puts the bracket keywords in the header,
orders the lines by place and joins the spaces inside names with ``_``.

What a round without a game is worth follows the scheme: Gamma's bye raises the
level (``0+``), a sport-handicap bye or skip pays half (``0=``), and so on; a
walkover is not a game, so the one who came gets the scheme's free-round mark for a
walkover and the absent one ``0-``.  Komi is written only when the event did not
use one usual komi for every even game and 0.5 for every handicap game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from data import codes
from data.results_table import Line, Result, ResultsTable, write
from paperwork.document import made_at
from paperwork.translit import is_cyrillic, latin
from schemes import dates, fors, sport_handicap
from schemes.events import Event
from schemes.model import Tournament
from schemes.records import Kind, Outcome, Score, outcomes
from schemes.registry import get_scheme
from schemes.timecontrol import TimeControlError, parse_time

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
INFO_HEADER = {
    "gamma": "Rating L Kb Pl",
    "fors": "Pl St Sum K",
    "sport-handicap": "Pl St End Fin",
    "round-robin": "Pl Pts Bh W",
    "mcmahon": "Pl MMS SOS SOSOS",
    "swiss": "Pl NBW SOS SOSOS",
    "playoff": "Pl W Seed G",
}
SYMBOL = {Score.WIN: "+", Score.LOSS: "-", Score.DRAW: "="}


def dates_line(text: str, fallback: date) -> str:
    """``September 18 - 19, 2004``; across months ``September 30 - October 2, 2004``."""
    days = dates.days(text) or [fallback]
    first, last = days[0], days[-1]
    if first == last:
        return f"{MONTHS[first.month - 1]} {first.day}, {first.year}"
    if first.year != last.year:
        return f"{MONTHS[first.month - 1]} {first.day}, {first.year} - {MONTHS[last.month - 1]} {last.day}, {last.year}"
    if first.month != last.month:
        return f"{MONTHS[first.month - 1]} {first.day} - {MONTHS[last.month - 1]} {last.day}, {first.year}"
    return f"{MONTHS[first.month - 1]} {first.day} - {last.day}, {first.year}"


def _free_mark(tournament: Tournament, kind: str) -> str:
    """The mark of a round without a game (``bye``, ``skip``, ``walkover``) by the scheme's meaning."""
    scheme, params = tournament.settings.scheme, tournament.settings.params
    if kind == "walkover":
        return "=" if scheme == "sport-handicap" else "+"
    if scheme == "gamma":
        return "+" if kind == "bye" else "-"
    if scheme == "sport-handicap":
        return "="
    if scheme == "fors":
        value = params["bye_points" if kind == "bye" else "skip_points"]
        return "+" if value >= params["win_points"] else "-" if value <= params["loss_points"] else "="
    if scheme == "playoff":
        return "+" if kind in ("bye", "walkover") else "-"
    if scheme in ("mcmahon", "swiss"):
        prefix = "genMMS2Value" if scheme == "mcmahon" else "genNBW2Value"
        doubled = params[prefix + ("Bye" if kind == "bye" else "Absent")]
        return {2: "+", 1: "="}.get(doubled, "-")
    value = params["bye_points"] if kind == "bye" else 0.0
    return {1.0: "+", 0.5: "="}.get(value, "-")


def _usual_komi(tournament: Tournament) -> bool:
    """Every even game with one komi of 5.5..7.5, every handicap game with 0.5."""
    boards = [b for played in tournament.rounds for b in played.boards]
    even = {b.komi for b in boards if b.handicap == 0}
    return (
        len(even) <= 1 and all(5.5 <= k <= 7.5 for k in even) and all(b.komi == 0.5 for b in boards if b.handicap > 0)
    )


def _result(tournament: Tournament, outcome: Outcome, numbers: Mapping[int, int], komi: bool) -> Result:
    if outcome.kind is Kind.GAME and not outcome.forfeit:
        written = None
        if komi:
            whole = round(outcome.komi - 0.5)
            written = whole if outcome.white else -whole
        return Result(
            numbers[outcome.opponent], SYMBOL[outcome.score], "w" if outcome.white else "b", outcome.handicap, written
        )
    if outcome.kind is Kind.GAME and outcome.score is Score.WIN:
        return Result(0, _free_mark(tournament, "walkover"))
    if outcome.kind is Kind.BYE:
        return Result(0, _free_mark(tournament, "bye"))
    if outcome.kind is Kind.SKIP:
        return Result(0, _free_mark(tournament, "skip"))
    return Result(0, "-")


def _info(tournament: Tournament, after: int) -> dict[int, tuple[str, ...]]:
    """The four information columns of each scheme, as unsigned numbers."""
    scheme = tournament.settings.scheme
    rows = {r.player: r for r in get_scheme(scheme).standings(tournament, after).rows}

    def place(p: int) -> str:
        return rows[p].place.split("-")[0] or "0"

    def unsigned(value: float) -> str:
        return f"{max(0.0, value):g}"

    if scheme == "gamma":
        return {
            p: (
                str(max(0, tournament.players[p].sort_rating)),
                unsigned(rows[p].score),
                unsigned(round(rows[p].tiebreaks["coefficient"] * 10)),
                place(p),
            )
            for p in rows
        }
    if scheme == "sport-handicap":
        cards = sport_handicap.cards(tournament, after)
        return {
            p: (place(p), str(cards[p].strengths[0]), str(cards[p].strength), unsigned(round(rows[p].score * 10)))
            for p in rows
        }
    if scheme == "fors":
        places, values, totals = fors.ranking(tournament, after)
        chosen = list(tournament.settings.params["tiebreaks"])
        tied = {p for p in totals if sum(t.total == totals[p].total for t in totals.values()) > 1}
        return {
            p: (
                place(p),
                unsigned(totals[p].start),
                unsigned(totals[p].total),
                unsigned(values[p][chosen[0]]) if chosen and p in tied else "0",
            )
            for p in rows
        }
    if scheme == "playoff":
        games = {p: sum(o.kind is Kind.GAME for o in rounds) for p, rounds in outcomes(tournament, after).items()}
        return {p: (place(p), unsigned(rows[p].score), str(tournament.numbers.get(p, 0)), str(games[p])) for p in rows}
    if scheme in ("mcmahon", "swiss"):
        sos, sosos = ("SOSM", "SOSOSM") if scheme == "mcmahon" else ("SOSW", "SOSOSW")
        return {
            p: (place(p), unsigned(rows[p].score), unsigned(rows[p].tiebreaks[sos]), unsigned(rows[p].tiebreaks[sosos]))
            for p in rows
        }
    return {
        p: (
            place(p),
            unsigned(rows[p].score),
            unsigned(rows[p].tiebreaks["buchholz"]),
            unsigned(rows[p].tiebreaks["wins"]),
        )
        for p in rows
    }


def rating_table(
    tournament: Tournament, events: Sequence[Event], latin_names: bool = False, egf: bool = False
) -> ResultsTable:
    settings = tournament.settings
    after = tournament.paired_rounds
    numbered = sorted(tournament.numbers, key=tournament.numbers.__getitem__)
    if egf:
        numbered = [
            r.player
            for r in get_scheme(settings.scheme).standings(tournament, after).rows
            if r.player in tournament.numbers
        ]
    numbers = {player: row for row, player in enumerate(numbered, start=1)}
    names = [f"{tournament.players[p].surname} {tournament.players[p].name}" for p in numbered]
    mixed = any(is_cyrillic(n) for n in names) and any(not is_cyrillic(n) for n in names)
    to_latin = latin_names or mixed
    spell = latin if to_latin else (lambda text: text)
    komi = not _usual_komi(tournament)
    table = outcomes(tournament, after)
    info = _info(tournament, after)
    lines = []
    for player in numbered:
        p = tournament.players[player]
        surname = _clean(spell(p.surname)) or "X"
        name = _clean(spell(p.name)) or surname[0]
        results = tuple(_result(tournament, o, numbers, komi) for o in table[player])
        lines.append(
            Line(
                numbers[player],
                str(numbers[player]),
                surname,
                name,
                p.rank_label,
                p.country or "XX",
                club_code(p.club),
                info[player],
                results,
            )
        )
    title = ", ".join(part for part in (settings.name, settings.place) if part)
    made = made_at(events).date()
    comments = (
        _egf_header(tournament, spell(title), made)
        if egf
        else [
            f" {spell(title)}",
            f" {dates_line(settings.dates, made)}",
            "",
            "N Name Grade Club " + INFO_HEADER[settings.scheme] + " " + " ".join(f"{r}." for r in range(1, after + 1)),
        ]
    )
    trailer = ["", f"time={settings.time}"] if settings.time else []
    return ResultsTable(tuple(comments), tuple(lines), tuple(trailer))


def _egf_header(tournament: Tournament, title: str, made: date) -> list[str]:
    settings = tournament.settings
    days = [day.isoformat() for day in dates.days(settings.dates)] or [made.isoformat()]
    header = []
    try:
        control = parse_time(settings.time) if settings.time else None
    except TimeControlError:
        control = None
    if control and control.egf_class:
        header.append(f" CL[{control.egf_class}]")
    cap = settings.params.get("handicap_cap", 0 if settings.params.get("handicap") == "none" else 9)
    header += [
        f" EV[{title}]",
        f" PC[{settings.place}]",
        f" DT[{days[0]},{days[-1]}]",
        f" HA[h{cap}]",
        f" KM[{settings.komi:g}]",
    ]
    if control:
        header.append(f" TM[{float(control.effective):g}]")
    header += [
        f" CM[{settings.scheme}{', time ' + settings.time if settings.time else ''}]",
        "",
        " Pl Name Rk Co Club "
        + INFO_HEADER[settings.scheme]
        + " "
        + " ".join(str(r) for r in range(1, tournament.paired_rounds + 1)),
    ]
    return header


def club_code(club: str) -> str:
    """The club column: always one word in Latin letters (seed 003: country and club are «два
    слова латиницей»), with or without ``--latin``.  A known Russian city becomes its code
    (``Москва`` → ``Mos``); any other club is transliterated and its letters and digits run
    together (``Школа №5`` → ``Shkola5``)."""
    word = "".join(char for char in latin(codes.club(club)) if char.isascii() and char.isalnum())
    return word or "xxxx"


def _clean(text: str) -> str:
    """Letters and hyphens only: no dots, commas or other separators inside a name part."""
    return "".join(char for char in text.replace(".", " ").replace(",", " ") if char.isalnum() or char in "- ").strip()


def export(tournament: Tournament, events: Sequence[Event], latin_names: bool = False, egf: bool = False) -> str:
    return write(rating_table(tournament, events, latin_names, egf), egf=egf)
