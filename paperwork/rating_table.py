"""The results table for the rating commission (spec rating-table.md), from a tournament.

The RFG form follows seed 003's example: ``;`` lines with the event, the dates in
the strict ``Month D - D, YYYY`` form and the column header; one line per player in
number order with exactly four information columns (each scheme's own); one result
per paired round.  The EGF form (``--egf``) puts the bracket keywords in the header,
orders the lines by place and joins the spaces inside names with ``_``; it is in Latin
letters throughout (seed 003: to the EGF «только в латинице»): a field not Latin throughout
is written as ``--latin`` writes it.

What a round without a game is worth follows the scheme: Gamma's bye raises the
level (``0+``), a sport-handicap bye or skip pays half (``0=``) but a skip announced
after its deadline nothing (``0-``), and so on; a
walkover is not a game, so the one who came gets the scheme's free-round mark for a
walkover and the absent one ``0-``.  Komi is written only when the event did not
use one usual komi for every even game and 0.5 for every handicap game.

Latin names come from the EGD list where the player is in it (``paperwork/rating_names.py``),
else from the transliteration table.  What the table cannot know it writes as the EGF does,
``XX`` for the country and ``xxxx`` for the club, and ``placeholders`` names those players
for the referee.  The file ends as seed 003's: ``;``, ``;time=…``, ``;``.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from functools import cache

from data import codes
from data.importers import RatingList
from data.results_table import Line, Result, ResultsTable, write
from paperwork.per_scheme import paper
from paperwork.rating_names import ListedNames
from paperwork.scheme_paper import FreeRound
from paperwork.sheet import made_at, standings_after
from paperwork.translit import ascii_only, has_latin_form, is_all_cyrillic, is_cyrillic, is_latin, latin, unaccented
from schemes.errors import Notice
from schemes.log.events import Event
from schemes.registry import get_scheme
from schemes.state.model import Player, Tournament
from schemes.state.records import Free, Game, Kind, Outcome, Score, outcomes
from schemes.values import dates
from schemes.values.names import fold
from schemes.values.text import number_runs
from schemes.values.timecontrol import read_time, unclassed, unrated

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
SYMBOL = {Score.WIN: "+", Score.LOSS: "-", Score.DRAW: "="}
COUNTRY_UNKNOWN = "XX"
CLUB_UNKNOWN = "xxxx"
"""What the EGF writes for a country and a club it does not know."""
NAMED = 3
"""How many players a placeholder warning names before it counts the rest (``… и ещё 997``):
one line the referee reads, on the command line's stderr as in the app's export dialog,
which stays on an 80×24 screen."""


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


def _usual_komi(tournament: Tournament) -> bool:
    """Every even game with one komi of 5.5..7.5, every handicap game with 0.5."""
    boards = [b for played in tournament.rounds for b in played.boards]
    even = {b.komi for b in boards if b.handicap == 0}
    return (
        len(even) <= 1 and all(5.5 <= k <= 7.5 for k in even) and all(b.komi == 0.5 for b in boards if b.handicap > 0)
    )


def _result(
    tournament: Tournament,
    outcome: Outcome,
    table: Mapping[int, Sequence[Outcome]],
    numbers: Mapping[int, int],
    komi: bool,
) -> Result:
    if isinstance(outcome, Game) and _rated(outcome, table):
        written = None
        if komi:
            whole = komi_written(outcome.komi)
            written = whole if outcome.white else -whole
        return Result(
            numbers[outcome.opponent], SYMBOL[outcome.score], "w" if outcome.white else "b", outcome.handicap, written
        )
    if isinstance(outcome, Game) and outcome.score is Score.WIN:
        return Result(0, paper(tournament).free_mark(tournament, "walkover"))
    if isinstance(outcome, Free):
        return Result(0, free_mark(tournament, outcome))
    return Result(0, SYMBOL[outcome.score] if isinstance(outcome, Game) else "-")  # a draw given: half, ``0=``


MIRRORED = {Score.WIN: Score.LOSS, Score.LOSS: Score.WIN, Score.DRAW: Score.DRAW}


def _rated(game: Game, table: Mapping[int, Sequence[Outcome]]) -> bool:
    """A game played whose two results mirror each other (a win and a loss, or a draw each):
    what the commission can rate.  Both won or both lost at a board (a referee's ruling,
    OpenGotha's ``RESULT_BOTHWIN``) is written as the rounds without a game the points are —
    the table said «7+/b0» on both lines, a game each had won (a check by hand)."""
    theirs = table[game.opponent][game.round - 1]
    return not game.forfeit and isinstance(theirs, Game) and theirs.score is MIRRORED[game.score]


def free_mark(tournament: Tournament, outcome: Free) -> str:
    """A round without a game as the table writes its points (``+``, ``=`` or ``-`` after the
    opponent 0): the scheme's for a bye, a skip (a late one where the scheme counts it less)
    or a round after withdrawal.  The spreadsheets write it so too."""
    if outcome.kind is Kind.BYE:
        return paper(tournament).free_mark(tournament, "bye")
    late = outcome.late and get_scheme(tournament.settings.scheme).traits.skip_deadline
    kind: FreeRound = "late skip" if late else "skip" if outcome.kind is Kind.SKIP else "withdrawn"
    return paper(tournament).free_mark(tournament, kind)


def komi_written(komi: float) -> int:
    """The whole number a result's ``k`` gives for ``komi``: the format's komi is always a
    half (``k6`` is 6.5), so a whole komi cannot be written exactly (``placeholders`` says so):
    it is the half below, always (``round`` made 7 «6.5» but 8 «8.5», a check by hand)."""
    return math.floor(komi - 0.5)


def took_part(tournament: Tournament, table: Mapping[int, Sequence[Outcome]]) -> set[int]:
    """The numbered players who came to some round of ``table`` (``outcomes``): the table lists
    only them, as OpenGotha's lists those with a game or a bye (``isPlayerImplied``) — a player
    registered who never came was written with a free round in every round, an appearance the
    commission would record.  A forfeit he lost is not coming (a trial's absentee, paired and
    given ``B+F`` twice, then withdrawn, was written ``0- 0- …``); one he won is."""
    return {player for player, rounds in table.items() if player in tournament.numbers and any(map(_came, rounds))}


def _came(outcome: Outcome) -> bool:
    """He was there: a board (a forfeit he lost aside) or a bye."""
    if isinstance(outcome, Free):
        return outcome.kind is Kind.BYE
    return not (isinstance(outcome, Game) and outcome.forfeit and outcome.score is Score.LOSS)


def writes_latin(tournament: Tournament, latin_names: bool, egf: bool = False) -> bool:
    """The names go out in the Latin form (transliterated, plain ASCII): asked for, or the
    names are neither Cyrillic throughout nor Latin throughout (seed 003: «не смешивать») — a
    field mixing them, or holding a Chinese or Greek name — or they go to the EGF (``egf``)
    and are not Latin throughout (seed 003: «только в латинице»; a review found the EGF form
    of a Russian field in Cyrillic).  A Latin field is otherwise written as typed (``André``,
    as OpenGotha's own EGF table writes him)."""
    came = took_part(tournament, outcomes(tournament, tournament.paired_rounds))  # those the table lists (a review)
    names = [tournament.players[p].full_name for p in came]
    if all(map(is_latin, names)):
        return latin_names
    return latin_names or egf or not all(map(is_all_cyrillic, names))


def rating_table(
    tournament: Tournament,
    events: Sequence[Event],
    latin_names: bool = False,
    egf: bool = False,
    ratings: RatingList | None = None,
) -> ResultsTable:
    """The table; written in Latin letters, each name as ``ratings`` (the EGD list) spells the
    player where he is in it, else as the transliteration table does."""
    settings = tournament.settings
    after = tournament.paired_rounds
    table = outcomes(tournament, after)
    came = took_part(tournament, table)
    numbered = sorted(came, key=tournament.numbers.__getitem__)
    if egf:
        numbered = [r.player for r in standings_after(tournament, after).rows if r.player in came]
    numbers = {player: row for row, player in enumerate(numbered, start=1)}
    to_latin = writes_latin(tournament, latin_names, egf)
    spell = _speller(to_latin)
    listed = ListedNames(ratings) if ratings is not None and to_latin else None
    komi = not _usual_komi(tournament)
    info = paper(tournament).rating_info(tournament, after)
    lines = []
    for player in numbered:
        p = tournament.players[player]
        entry = listed.find(p) if listed is not None else None
        listed_as = (entry.surname, entry.name) if entry is not None else None  # the list's: Latin already
        surname, name = (
            _written(*map(ascii_only, listed_as)) if listed_as else _written(spell(p.surname), spell(p.name))
        )
        results = tuple(_result(tournament, o, table, numbers, komi) for o in table[player])
        lines.append(
            Line(
                numbers[player],
                str(numbers[player]),
                surname,
                name,
                p.rank_label,
                country_code(p.country),
                club_code(p.club),
                info[player],
                results,
            )
        )
    named = ", ".join(part for part in (settings.name, settings.place) if part)
    title = _latin_letters(spell(named))
    made = made_at(events).date()
    comments = (
        _egf_header(tournament, title, _latin_letters(spell(settings.place)), made)
        if egf
        else [
            f" {title if to_latin or spells_out(named) else named}",  # Latin beside Cyrillic names too
            f" {dates_line(settings.dates, made)}",
            "",
            "N Name Grade Club "
            + paper(tournament).rating_columns
            + " "
            + " ".join(f"{r}." for r in range(1, after + 1)),
        ]
    )
    trailer = ["", *_legend(tournament, settings.lang if not (to_latin or egf) else "en"), ""]
    trailer += [f"time={settings.time}", ""] if settings.time else []  # seed 003 ends ``;time=60+b``, ``;``
    return ResultsTable(tuple(comments), tuple(lines), tuple(trailer))


def _legend(tournament: Tournament, lang: str) -> list[str]:
    """What the table's results mean, in comment lines (Latin letters only in the EGF and
    Latin forms, which are plain ASCII); the free rounds' as the scheme has them."""
    own = paper(tournament).free_legend
    if lang == "ru":
        return [" 5+ победа над № 5, 5- поражение, 5= ничья; /w белыми, /b чёрными, цифра - фора, k - коми;",
                own["ru"] if own else " 0+ 0= 0- тур без партии: как победа, пол-очка, без очков"]  # fmt: skip
    return [" 5+ won against No. 5, 5- lost, 5= draw; /w white, /b black, a digit the handicap, k the komi;",
            own["en"] if own else " 0+ 0= 0- a round without a game: as a win, half a point, nothing"]  # fmt: skip


def _egf_header(tournament: Tournament, title: str, place: str, made: date) -> list[str]:
    settings = tournament.settings
    days = [day.isoformat() for day in dates.days(settings.dates)] or [made.isoformat()]
    header = []
    control = read_time(settings.time)
    if control and (egf_class := control.egf_class(settings.online)):  # an online event's D (OpenGotha's)
        header.append(f" CL[{egf_class}]")
    cap = paper(tournament).most_stones(settings.params)
    header += [
        f" EV[{_unbracketed(title)}]",
        f" PC[{_unbracketed(place)}]",
        f" DT[{days[0]},{days[-1]}]",
        f" HA[h{cap}]",
        f" KM[{settings.komi:g}]",
    ]
    if control:
        header.append(f" TM[{float(control.effective):g}]")
    header += [
        f" CM[{_unbracketed(settings.scheme + (', time ' + settings.time if settings.time else ''))}]",
        "",
        " Pl Name Rk Co Club "
        + paper(tournament).rating_columns
        + " "
        + " ".join(str(r) for r in range(1, tournament.paired_rounds + 1)),
    ]
    return header


def spells_out(text: str) -> bool:
    """Whether every letter of ``text`` has a Latin form (the transliteration table's, or its
    own without accents): line 1 is written in Latin then («Latin script preferred»), else as
    typed — a Kazakh «Қ» or a Greek event name would lose letters, or all of them."""
    return all(has_latin_form(char) for char in text if char.isalpha())


def _latin_letters(text: str) -> str:
    """A value of the table's header (line 1 of the commission's, EGF's ``EV`` and ``PC``) in
    Latin letters (seed 003: «только в латинице»): as typed
    where its letters are Latin (a Latin field's ``Île-de-France``, as its names), else its
    Latin form in ASCII (``Москва`` → ``Moskva``), its spaces one where a sign had no letters."""
    return " ".join((text if is_latin(text) else ascii_only(latin(text))).split())


def _unbracketed(text: str) -> str:
    """A value inside ``EV[…]``: the EGF format has no escape, and a ``]`` would end the value
    early (``Cup [2026]``), so brackets become parentheses."""
    return text.replace("[", "(").replace("]", ")")


def club_code(club: str) -> str:
    """The club column: always one word in Latin letters (seed 003: country and club are «два
    слова латиницей»), with or without ``--latin``.  A known Russian city becomes its code
    (``Москва`` → ``Mos``); any other club is transliterated and its letters and digits run
    together (``Школа №5`` → ``Shkola5``); a club without a letter or digit, or none, is
    ``xxxx``, as the EGF writes an unknown club.  A Latin club keeps its letters without their
    accents (``Kraków`` → ``Krakow``, ``Łódź`` → ``Lodz``: they were left out, ``Krakw``)."""
    coded = codes.city_code(club)
    if coded == club.strip() and is_latin(club):  # a city typed in Latin: the same code (a check found «Moskva»)
        coded = latin_cities().get(_letters(club), coded)
    word = "".join(char for char in unaccented(latin(coded)) if char.isascii() and char.isalnum())
    return word or CLUB_UNKNOWN


@cache
def latin_cities() -> dict[str, str]:
    """The table's cities as typed in Latin letters → their codes: as the transliteration
    writes them (``Moskva``, ``Sankt-Peterburg``, ``SPb``) and by their English names
    (``Moscow``), each by its letters alone (``St. Petersburg`` is ``stpetersburg``)."""
    found = {_letters(latin(city)): code for city, code in codes.russian_cities().items()}
    return found | {_letters(english): codes.city_code(city) for english, city in codes.ENGLISH.items()}


def _letters(text: str) -> str:
    return "".join(char for char in unaccented(text).casefold() if char.isascii() and char.isalpha())


def placeholders(
    tournament: Tournament, shown: int | None = NAMED, latin_names: bool = False, egf: bool = False
) -> tuple[Notice, ...]:
    """The players the table writes without a country (``XX``) or a club (``xxxx``), named in
    one warning line each (in number order, ``Лю Личунь (2)``), so the referee can fill them
    in before sending the table: the commission reads the country as a code of two capital
    letters (seed 003).  The first ``shown`` are named and the rest counted (``None``: all
    named): at 1,000 players without a country the line named every one of them.  And each
    round with games still without a result: the table writes such a game ``0-``, as no game,
    which the commission would take for one.  In the Latin form (asked for with ``latin_names``,
    the EGF form (``egf``) of a field not Latin throughout, or a field of mixed scripts) each
    player whose name has no letter the Latin form can write (a Korean name typed in Hangul,
    written ``X``).  And players whose names differ as typed
    but are written alike (letters only: «Jason1k» and «Jason10k» are both «Jasonk»)."""
    came = took_part(tournament, outcomes(tournament, tournament.paired_rounds))
    numbered = sorted(came, key=tournament.numbers.__getitem__)
    players = [tournament.players[p] for p in numbered]
    latin_form = writes_latin(tournament, latin_names, egf)

    def whose(chosen: Sequence[Player]) -> str:
        return ", ".join(f"{p.full_name} ({tournament.numbers[p.id]})" for p in chosen)

    def first(chosen: Sequence[Player]) -> tuple[dict[str, object], bool]:
        """The fields naming the first ``shown`` of ``chosen`` and counting the rest (``more``);
        whether any are counted: each template stays a constant, where i18n's test finds it."""
        named = chosen[:shown]
        return {"players": whose(named), "more": len(chosen) - len(named)}, len(chosen) > len(named)

    unwritten = [p for p in players if latin_form and not _clean(ascii_only(latin(p.surname)))]
    unwritable = Notice("no letter of the Latin form in the name, written X: {players}", {"players": whose(unwritten)})
    warnings = [unwritable] if unwritten else []
    initials = [
        p for p in players if latin_form and p not in unwritten and p.name and not _clean(ascii_only(latin(p.name)))
    ]
    if initials:  # «Пак 박» was written «Pak P» unsaid (a check by hand)
        warnings.append(Notice("no letter of the Latin form in the first name, written as the surname's initial: "
                               "{players}", {"players": whose(initials)}))  # fmt: skip
    if latin_form and not (latin_names or egf):  # Latin unasked, for whose names (a trial found it unsaid)
        mixed = [p for p in players if is_cyrillic(p.full_name) and not is_all_cyrillic(p.full_name)]  # a Latin «o»
        if mixed:  # a few, as the unwritable
            warnings.append(Notice("names in more than one script, so the table is in Latin: {players}",
                                   {"players": whose(mixed)}))  # fmt: skip
        other = [p for p in players if not is_cyrillic(p.full_name)]  # O'Brien Seán, 王立
        fields, more = first(other)
        if more:
            warnings.append(Notice("names not in Cyrillic, so the table is in Latin: {players} and {more} more",
                                   fields))  # fmt: skip
        elif other:
            warnings.append(Notice("names not in Cyrillic, so the table is in Latin: {players}", fields))
    absent = sorted(set(tournament.numbers) - came, key=tournament.numbers.__getitem__)
    if absent and tournament.paired_rounds:
        left = whose([tournament.players[p] for p in absent])
        warnings.append(Notice("left out, with no game and no bye: {players}", {"players": left}))
    unfinished = [played for played in tournament.rounds if played.missing]
    if unfinished:  # one line for them all: five rounds' lines pushed the export dialog's answers off the screen
        count = sum(len(played.missing) for played in unfinished)
        rounds = number_runs(played.number for played in unfinished)
        warnings.append(
            Notice("round {round}: {count:game|games} without a result, written 0- as no game: enter them before "
                   "sending the table", {"round": rounds, "count": count})
            if len(unfinished) == 1
            else Notice("rounds {rounds}: {count:game|games} without a result, written 0- as no game: enter them "
                        "before sending the table", {"rounds": rounds, "count": count})
        )  # fmt: skip
    for code, chosen in (
        (COUNTRY_UNKNOWN, [p for p in players if country_code(p.country) == COUNTRY_UNKNOWN]),
        (CLUB_UNKNOWN, [p for p in players if club_code(p.club) == CLUB_UNKNOWN]),
    ):
        if not chosen:
            continue
        listed, more = first(chosen)
        fields = listed | {"code": code}
        country = code == COUNTRY_UNKNOWN
        if more:
            warnings.append(
                Notice("no country, written {code}: {players} and {more} more", fields)
                if country
                else Notice("no club, written {code}: {players} and {more} more", fields)
            )
        else:
            warnings.append(
                Notice("no country, written {code}: {players}", fields)
                if country
                else Notice("no club, written {code}: {players}", fields)
            )
    spell = _speller(latin_form)
    alike: dict[tuple[str, str], list[Player]] = {}
    for p in players:
        alike.setdefault(_written(spell(p.surname), spell(p.name)), []).append(p)
    for (surname, name), group in alike.items():  # «Jason1k» and «Jason10k» both «Jasonk» (a trial)
        lines = {(p.rank, club_code(p.club), country_code(p.country)) for p in group}  # namesakes' lines alike too
        if len({fold(p.full_name) for p in group}) > 1 or len(lines) < len(group):  # «Ёжиков Пётр», «Ежиков Петр»
            warnings.append(
                Notice("written alike, {name}: {players}", {"name": f"{surname} {name}", "players": whose(group)})
            )
    boards = [board for played in tournament.rounds for board in played.boards]
    whole = sorted({b.komi for b in boards if b.komi != math.floor(b.komi) + 0.5})
    if whole and not _usual_komi(tournament):  # a trial's komi 7 was written k6, which reads 6.5
        warnings.append(
            Notice(
                "komi {komi} cannot be written exactly (the table's komi is always a half): written as {written}",
                {
                    "komi": ", ".join(f"{k:g}" for k in whole),
                    "written": ", ".join(f"{komi_written(k) + 0.5:g}" for k in whole),
                },
            )  # fmt: skip
        )
    if (notice := unrated(tournament.settings.time)) is not None:  # an event imported from OpenGotha too
        warnings.append(notice)
    if egf and (notice := unclassed(tournament.settings.time, tournament.settings.online)) is not None:
        warnings.append(notice)
    if not dates.days(tournament.settings.dates):  # a trial's table, sent a week later, had that day's date
        warnings.append(
            Notice("the event has no dates: the table gives the day of its last entry as the day played", {})
        )
    return tuple(warnings)


def _speller(to_latin: bool) -> Callable[[str], str]:
    """A name's text as the table spells it: its Latin form in ASCII, or as typed."""
    return (lambda text: ascii_only(latin(text))) if to_latin else (lambda text: text)


def _written(surname: str, name: str) -> tuple[str, str]:
    """A player's name parts as a line writes them: letters only, an empty surname ``X``, an
    empty first name the surname's initial."""
    written = _clean(surname) or "X"
    return written, _clean(name) or written[0]


def _clean(text: str) -> str:
    """Letters and hyphens only (rating-table.md): no dots, commas or other separators inside a
    name part, and no digit — a first name ``9d`` read as the grade, moving every column after
    it.  Accents kept on their letters (``Й`` stays one letter if it came as ``И`` and a breve).
    A dot, a comma and OpenGotha's ``_`` (its space inside a name, ``le_Calvé``) break words as
    a space does, which ``write`` joins with one ``_``: a run of them is one break and none is
    left at the ends (``Smith, Jr.`` → ``Smith Jr``; it was ``Smith__Jr``, and ``leCalve``)."""
    text = "".join(" " if char in "_.," or char.isspace() else char for char in unicodedata.normalize("NFC", text))
    return " ".join("".join(char for char in text if char.isalpha() or char in "- ").split())


def country_code(country: str) -> str:
    """The country column: two capital letters of a known country (an OpenGotha file's ``fr``
    is ``FR``), else ``XX`` — an OpenGotha file may hold ``zz`` or ``<>``, kept as written for
    its pairing, which the commission would read as no country anyway."""
    code = country.strip().upper()
    return code if code in codes.countries() else COUNTRY_UNKNOWN


def export(
    tournament: Tournament,
    events: Sequence[Event],
    latin_names: bool = False,
    egf: bool = False,
    ratings: RatingList | None = None,
) -> str:
    return write(rating_table(tournament, events, latin_names, egf, ratings))
