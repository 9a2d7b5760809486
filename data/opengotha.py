"""OpenGotha tournament files (3.48–3.52), in and out (spec: mcmahon.md).

Reading turns a file into ordinary Tengen events — the creation with every parameter
that changes pairing, placement or handicap, the players, their absences, and each
round's games, byes and results — so undo, the log and the paperwork work on them as on
anything typed.  **What OpenGotha 3.51 opens, this opens, read as OpenGotha reads it**
(``ExternalDocument.importTournamentFromXMLFile``): a missing attribute takes the
reader's default (not a new tournament's), a game naming a player OpenGotha cannot find
is dropped as OpenGotha drops it, a later game on a table replaces an earlier one, a
rank is read as ``Player.convertKDPToInt`` reads it.  Whatever is dropped, changed or
kept differently is said in a warning line (``Imported.warnings``), never in silence;
what OpenGotha itself fails to open is refused in one line.

Writing gives a file OpenGotha 3.51 opens and pairs as Tengen pairs it: OpenGotha's
names for the criteria, a first name and a two-letter country for everyone (OpenGotha
refuses a file without), and two players whose OpenGotha keys would clash kept apart.

The file is foreign XML: its size is checked before anything is parsed, and it is parsed
by defusedxml (no entities, no external DTDs).
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ElementTree
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

import defusedxml.ElementTree as SafeTree
from defusedxml import DefusedXmlException

from data.codes import countries
from data.errors import TournamentFileError, os_reason
from data.store import TooBig, read_plain, untaken
from schemes.algorithms.java_case import java_upper
from schemes.algorithms.java_hash import string_hash, walk_order
from schemes.base.scheme import parse_params, stored_params
from schemes.errors import BadSetting, InvalidEvent, Notice
from schemes.log import events as ev
from schemes.log.actions import Action, boards_data
from schemes.log.replay import check_komi
from schemes.registry import get_scheme
from schemes.state.model import (
    BLACK_BY_FORFEIT,
    BLACK_WINS,
    BOTH_LOSE,
    BOTH_LOSE_PLAYED,
    BOTH_WIN,
    BOTH_WIN_BY_FORFEIT,
    DRAW,
    DRAW_BY_FORFEIT,
    GOTHA_PLAYER_DETAILS,
    GOTHA_SETTINGS,
    WHITE_BY_FORFEIT,
    WHITE_WINS,
    Board,
    Tournament,
    as_played,
)
from schemes.state.records import walkovers
from schemes.systems.gotha.pairing import MCMAHON, SWISS, opengotha_key, opengotha_names
from schemes.systems.gotha.rules import OPENGOTHA_NAMES, PARAM_KEYS, TURKISH, criterion, defaults_for
from schemes.systems.gotha.scores import MAX_TABLES
from schemes.values.ranks import rank_label
from schemes.values.text import NAME_LIMIT, TITLE_LIMIT, number_runs, questioned
from schemes.values.timecontrol import TimeControlError, parse_time, unrated

RESULTS = {
    "RESULT_WHITEWINS": WHITE_WINS,
    "RESULT_BLACKWINS": BLACK_WINS,
    "RESULT_EQUAL": DRAW,
    "RESULT_WHITEWINS_BYDEF": WHITE_BY_FORFEIT,
    "RESULT_BLACKWINS_BYDEF": BLACK_BY_FORFEIT,
    "RESULT_BOTHLOSE_BYDEF": BOTH_LOSE,
    "RESULT_EQUAL_BYDEF": DRAW_BY_FORFEIT,
    "RESULT_BOTHWIN": BOTH_WIN,
    "RESULT_BOTHWIN_BYDEF": BOTH_WIN_BY_FORFEIT,
    "RESULT_BOTHLOSE": BOTH_LOSE_PLAYED,
}
"""Every result OpenGotha writes, and Tengen's code for it."""
WRITTEN = {code: name for name, code in RESULTS.items()}

MAX_ROUNDS = 20
"""OpenGotha's ``MAX_NUMBER_OF_ROUNDS``: a file with a game or bye beyond it does not open."""
MAX_PLAYERS = 2000
"""OpenGotha's ``MAX_NUMBER_OF_PLAYERS``: it drops the players after these."""
MAX_CRITERIA = 6
MAX_CATEGORIES = 9
MIN_RATING, MAX_RATING = -900, 2949
"""OpenGotha's ratings: a file's are clamped to these."""
MAX_FILE_BYTES = 20_000_000
"""Far above any tournament (2,000 players, 20 rounds: about 6 MB); a bigger file is refused
before it is read."""
MAX_ELEMENTS = 200_000
"""Far above any tournament's elements (2,000 players and 20,000 games: about 25,000); a file
of more is refused as soon as they are counted, before the tree they make fills memory."""

READER_DEFAULTS = {
    "genMMBar": "4D",
    "genMMFloor": "20K",
    "genMMZero": "30K",
    "genNBW2ValueAbsent": "0",
    "genNBW2ValueBye": "0",
    "genMMS2ValueAbsent": "0",
    "genMMS2ValueBye": "0",
    "genRoundDownNBWMMS": "true",
    "genCountNotPlayedGamesAsHalfPoint": "false",
    "hdBasedOnMMS": "true",
    "hdNoHdRankThreshold": "1D",
    "hdCorrection": "1",
    "hdCeiling": "9",
    "paiStandardNX1Factor": "0.5",
    "paiBaAvoidDuplGame": "500000000000000",
    "paiBaRandom": "0",
    "paiBaDeterministic": "true",
    "paiBaBalanceWB": "1000",
    "paiMaAvoidMixingCategories": "20000000000000",
    "paiMaMinimizeScoreDifference": "100000000000",
    "paiMaDUDDWeight": "100000000",
    "paiMaCompensateDUDD": "true",
    "paiMaDUDDUpperMode": "MID",
    "paiMaDUDDLowerMode": "MID",
    "paiMaMaximizeSeeding": "5000000",
    "paiMaLastRoundForSeedSystem1": "2",
    "paiMaSeedSystem1": "SPLITANDRANDOM",
    "paiMaSeedSystem2": "SPLITANDFOLD",
    "paiMaAdditionalPlacementCritSystem1": "Rating",
    "paiMaAdditionalPlacementCritSystem2": "NULL",
    "paiSeRankThreshold": "4D",
    "paiSeNbWinsThresholdActive": "true",
    "paiSeBarThresholdActive": "true",
    "paiSeDefSecCrit": "100000000000",
    "paiSeMinimizeHandicap": "0",
    "paiSeAvoidSameGeo": "100000000000",
    "paiSePreferMMSDiffRatherThanSameCountry": "1",
    "paiSePreferMMSDiffRatherThanSameClub": "3",
}
"""What OpenGotha's reader takes for a parameter the file does not state — not always a new
tournament's default (a missing bye value is worth 0, not 1)."""
_FLAGS = {key for key, value in READER_DEFAULTS.items() if value in ("true", "false")}
_CHOICES = {
    "paiMaDUDDUpperMode": ("TOP", "MID", "BOT"),
    "paiMaDUDDLowerMode": ("TOP", "MID", "BOT"),
    "paiMaSeedSystem1": ("SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"),
    "paiMaSeedSystem2": ("SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"),
}
"""What OpenGotha reads of these: anything else is the first named for the DUDD modes
(``MID`` in fact: its code checks them in order) and ``SPLITANDRANDOM`` for the systems."""
_CHOICE_FALLBACK = {"paiMaDUDDUpperMode": "MID", "paiMaDUDDLowerMode": "MID"}


class GothaFileError(InvalidEvent):
    """An OpenGotha file that OpenGotha itself would not open, or not a tournament at all."""


@dataclass(frozen=True)
class Imported:
    """A file read into the actions that rebuild it, in order."""

    actions: list[Action]
    scheme: str
    players: int
    rounds: int
    warnings: tuple[Notice, ...] = ()
    """What the file holds that Tengen drops, changes or keeps differently, one line each."""


@dataclass
class _Reading:
    """What reading a file collects on the way."""

    warnings: list[Notice] = field(default_factory=list)

    def warn(self, template: str, **fields: Any) -> None:
        self.warnings.append(Notice(template, fields))


def _attrs(element: ElementTree.Element | None) -> dict[str, str]:
    return dict(element.attrib) if element is not None else {}


def _java_int(text: str, where: str, player: int = 0, bits: int = 32) -> int:
    """``Integer.parseInt`` (``Long.parseLong`` with 64 ``bits``): a whole number that fits,
    or the file does not open (``where`` names the attribute, ``player`` whose it is)."""
    if not _java_number(text, bits):
        if player:
            raise GothaFileError(
                "player {player}, {where}: {text!r} is not a whole number (OpenGotha cannot open the file either)",
                player=player,
                where=where,
                text=text[:20],
            )
        raise GothaFileError(
            "{where}: {text!r} is not a whole number (OpenGotha cannot open the file either)",
            where=where,
            text=text[:20],
        )
    return int(text)


class _TooMany(Exception):
    """More elements than a tournament has."""


class _Counting(ElementTree.TreeBuilder):
    """The tree of the file, given up as soon as it has more than ``MAX_ELEMENTS``."""

    count = 0

    def start(self, tag: str, attrs: dict[str, str]) -> ElementTree.Element:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise _TooMany
        return super().start(tag, attrs)


def parse(path: str | os.PathLike[str]) -> ElementTree.Element:
    """The file's root element, or one line saying why it is not an OpenGotha file.  It is
    read as any file from outside (``store.read_plain``): a huge file is refused at once, not
    read, and a pipe in its name (it held the import for ever) or a device is none."""
    name = Path(path).name
    try:
        data = read_plain(Path(path), MAX_FILE_BYTES, "a tournament file")
    except OSError as error:
        raise GothaFileError("{path}: {error}", path=name, error=os_reason(error)) from None
    except TooBig as error:
        raise GothaFileError(
            "{path}: {size} MB is too big for a tournament file (at most {limit} MB)",
            path=name,
            size=error.fields["size"],
            limit=MAX_FILE_BYTES // 1_000_000,
        ) from None
    except TournamentFileError as error:  # it names the file itself
        raise GothaFileError("{reason}", reason=error) from None
    builder = _Counting()
    try:
        parser = SafeTree.DefusedXMLParser(target=builder, forbid_dtd=False)
        parser.feed(data)  # at once: fed in pieces, expat reads a long token again with each piece
        root: ElementTree.Element | None = parser.close()
    except _TooMany:
        raise GothaFileError(
            "{path}: more than {limit} elements: not a tournament file", path=name, limit=MAX_ELEMENTS
        ) from None
    except ElementTree.ParseError as error:
        raise _broken(name, data, *error.position) from None
    except DefusedXmlException:
        raise GothaFileError("{path}: not an OpenGotha file (it declares XML entities: refused)", path=name) from None
    except (ValueError, LookupError):  # LookupError: an encoding Python does not know
        raise GothaFileError("{path}: not an OpenGotha file (an unknown encoding)", path=name) from None
    if root is None or root.tag != "Tournament":
        raise GothaFileError("{path}: not an OpenGotha file (no <Tournament>)", path=name)
    return root


def _broken(name: str, data: bytes, line: int, column: int) -> GothaFileError:
    """Why a file expat could not read is no OpenGotha file, as far as it can be told: not XML
    at all (an .h9 or an EGF table given to ``import opengotha``), text not in the encoding
    its header names (a Latin-1 file saying UTF-8) or, without a header, not in UTF-8, or XML
    broken where expat says.  A trial read «broken XML at line 1, column 0» for each, with no
    word of what was wrong."""
    head = data.removeprefix(b"\xef\xbb\xbf").lstrip()
    utf16 = data.startswith((b"\xff\xfe", b"\xfe\xff"))  # expat read its header: the XML itself is broken
    if not utf16 and not head.startswith(b"<"):
        return GothaFileError("{path}: not an OpenGotha file: not XML (OpenGotha saves tournaments as .xml)", path=name)
    declared = _ENCODING.match(head)
    try:
        if not utf16:
            data.decode(declared.group(1).decode("ascii") if declared else "utf-8")
    except UnicodeDecodeError:
        if declared is None:
            return GothaFileError("{path}: not an OpenGotha file: its text is not in UTF-8", path=name)
        return GothaFileError(
            "{path}: not an OpenGotha file: its text is not in {encoding}, the encoding its header names",
            path=name,
            encoding=declared.group(1).decode("ascii"),
        )
    except LookupError:  # an encoding Python does not know: expat said what it could
        pass
    return GothaFileError("{path}: not an OpenGotha file (broken XML at line {line}, column {column})",
                          path=name, line=line, column=column)  # fmt: skip


_ENCODING = re.compile(rb"""<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


# --- OpenGotha's reading of names, ranks and keys -------------------------------------------------


def convert_rank(text: str) -> int | None:
    """``Player.convertKDPToInt``: OpenGotha's rank (30K = -30 … 9D = 8) of a rank text —
    ``12k``, ``3D``, ``2p`` (pros are 7D to 9D), a number of two digits or more as kyu (one
    digit alone is no rank: Java parses the text before its last character), anything beyond
    clamped — or None where OpenGotha reads -99 (nothing it understands)."""
    draft = _java_trim(text) or " "
    last = draft[-1]
    if not _java_number(draft[:-1], 32):  # Java parses all but the last character first
        return None
    value = int(draft[:-1])
    if "0" <= last <= "9":
        if not _java_number(draft, 32):
            return None
        last, value = "k", int(draft)
    if last in "dD":
        rank = value - 1
    elif last in "pP":
        rank = 6 if value <= 3 else 7 if value <= 6 else 8
    else:
        rank = -value
    return max(-30, min(8, rank))


_JAVA_RANGES = {32: range(-(2**31), 2**31), 64: range(-(2**63), 2**63)}
"""``int`` and ``long``: the whole numbers Java's parsers take (a file reads a million of them)."""


def _java_number(text: str, bits: int) -> bool:
    """Whether ``Integer.parseInt`` (``Long.parseLong`` with 64 ``bits``) reads ``text``: one
    optional sign, decimal digits, within range."""
    digits = text[1:] if text[:1] in "+-" and text[:1] else text
    # 19 digits at most (Long.MAX_VALUE's), looked at first: int() refuses 4,300 with a traceback
    return digits.isdecimal() and len(digits.lstrip("0")) <= 19 and int(text) in _JAVA_RANGES[bits]


def _java_trim(text: str) -> str:
    """``String.trim``: what is at most a space at both ends goes (control characters too)."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


_CAPITALS = {
    **dict.fromkeys("ÀÁÂÃÄÅ", "A"),
    "Ç": "C",
    **dict.fromkeys("ÈÉÊË", "E"),
    **dict.fromkeys("ÌÍÎÏ", "I"),
    "Ñ": "N",
    **dict.fromkeys("ÒÓÔÕÖØ", "O"),
    **dict.fromkeys("ÙÚÛÜ", "U"),
    "Ý": "Y",
}
"""The accented capitals of Latin-9 and their letter (OpenGotha's canonical names)."""
_CANONICAL_FOLD = {ord(accented): plain for accented, plain in _CAPITALS.items()}
_ASCII_FOLD = _CANONICAL_FOLD | {
    ord(accented): plain
    for accented, plain in {
        **{accented.lower(): plain.lower() for accented, plain in _CAPITALS.items()},
        **{"ı": "i", "ğ": "g", "ş": "s", "Ğ": "G", "Ş": "S", "İ": "I"},
    }.items()
}
"""``Gotha.forceToASCII``'s letters (Latin-9 both cases, and Turkish); any other non-ASCII
becomes ``?``."""


def _force_ascii(text: str) -> str:
    folded = text.translate(_ASCII_FOLD)
    return "".join(char if ord(char) < 128 else "?" for char in folded)


def _canonical(surname: str, name: str, turkish: bool) -> str:
    """``getPlayerByObsoleteCanonicalName``'s form of a player: upper case (its machine's),
    accents folded, nothing but A to Z — a Turkish machine's ``İ`` dropped with the rest."""
    folded = (java_upper(surname, turkish) + java_upper(name, turkish)).replace(" ", "").translate(_CANONICAL_FOLD)
    return "".join(char for char in folded if "A" <= char <= "Z")


def keys_locale(root: ElementTree.Element) -> bool | None:
    """Whether OpenGotha on a Turkish machine saved the file: True where a game or a bye names a
    player by the key that machine gives him (``İ``), which is no player's English key (a name
    written with ``İ`` on an English machine keeps it in both); False where one names a player
    by an English key a Turkish machine would not write; None where no key tells (no game yet,
    or none of a player with an ``i``)."""
    english: set[str] = set()
    turkish: set[str] = set()
    for element in root.iter("Player"):
        names = (element.get("name", ""), element.get("firstName", ""))
        english.add(opengotha_key(*names))
        turkish.add(opengotha_key(*names, turkish=True))
    named = [game.get(side, "") for game in root.iter("Game") for side in ("whitePlayer", "blackPlayer")]
    named += [bye.get("player", "") for bye in root.iter("ByePlayer")]
    keys = {java_upper(n.replace(" ", "")) for n in named}
    if keys & (turkish - english):
        return True
    return False if keys & (english - turkish) else None


def saved_in_turkish(root: ElementTree.Element) -> bool:
    """Whether the file's keys say a Turkish machine saved it (``keys_locale``)."""
    return keys_locale(root) is True


def _mostly_turkish(root: ElementTree.Element) -> bool:
    """Half the players or more from Turkey."""
    countries = [element.get("country", "").upper() for element in root.iter("Player")]
    return bool(countries) and 2 * countries.count("TR") >= len(countries)


class _Players:
    """The players as OpenGotha holds them, to find the one a game or a bye names: by key, in
    the case of the machine that saved the file (a Turkish one's ``İ``: its referee is the one
    who switches), else by the obsolete canonical name (a file from an older version), taking
    the first OpenGotha's table would walk to."""

    def __init__(self, keys: Mapping[str, int], names: Mapping[int, tuple[str, str]], old: bool, turkish: bool) -> None:
        self.keys = dict(keys)
        self.old = old
        self.turkish = turkish
        order = walk_order([string_hash(key) for key in keys])
        listed = list(keys.items())
        self.canonical: dict[str, int] = {}
        for index in order:
            _, player = listed[index]
            self.canonical.setdefault(_canonical(*names[player], turkish), player)

    def find(self, text: str) -> int | None:
        found = self.canonical.get(text) if self.old else self.keys.get(java_upper(text.replace(" ", ""), self.turkish))
        if found is None:
            found = self.canonical.get(java_upper(_force_ascii(text), self.turkish))
        return found


# --- the parameters --------------------------------------------------------------------------------


def _criteria(root: ElementTree.Element, reading: _Reading) -> list[str]:
    """The placement criteria in OpenGotha's six places: a name OpenGotha does not know
    holds its place as NULL, as OpenGotha reads it."""
    places = ["NULL"] * MAX_CRITERIA
    found = root.find("TournamentParameterSet/PlacementParameterSet")
    for element in found.iter("PlacementCriterion") if found is not None else ():
        number = _java_int(element.get("number", "1"), "placement criterion number")
        name = element.get("name", "NULL")
        if name in OPENGOTHA_NAMES.values():
            if not 1 <= number <= MAX_CRITERIA:
                raise GothaFileError(
                    "placement criterion number {number}: 1 to {limit} (OpenGotha cannot open the file either)",
                    number=number,
                    limit=MAX_CRITERIA,
                )
            places[number - 1] = criterion(name)
        else:
            reading.warn("placement criterion {name} is unknown to OpenGotha 3.51: it counts as NULL", name=name[:30])
    return places


def _scheme_params(root: ElementTree.Element, reading: _Reading) -> tuple[str, dict[str, str], dict[str, str]]:
    """The scheme, the parameters as Tengen's text, and the general settings."""
    for part in ("General", "Handicap", "Placement", "Pairing"):
        if next(root.iter(f"{part}ParameterSet"), None) is None:
            raise GothaFileError("the file has no <{part}ParameterSet> (OpenGotha cannot open it either)", part=part)
    general = _attrs(root.find("TournamentParameterSet/GeneralParameterSet"))
    given = {
        **general,
        **_attrs(root.find("TournamentParameterSet/HandicapParameterSet")),
        **_attrs(root.find("TournamentParameterSet/PairingParameterSet")),
    }
    criteria = _criteria(root, reading)
    main = next((c for c in criteria if c in ("NBW", "MMS", "CPS")), "NBW")
    scheme = MCMAHON.name if main == MCMAHON.score_name else SWISS.name
    defaults = defaults_for(criteria)
    text: dict[str, str] = {"placementCriteria": ",".join(criteria)}
    for key in PARAM_KEYS:
        if key in READER_DEFAULTS:
            text[key] = _as_read(key, given.get(key, READER_DEFAULTS[key]), reading)
    for key in ("paiMaAdditionalPlacementCritSystem1", "paiMaAdditionalPlacementCritSystem2"):
        value = text[key]
        text[key] = criterion(value) if value in OPENGOTHA_NAMES.values() else READER_DEFAULTS[key]
    text["categoryLimits"] = ",".join(_category_limits(root, general))
    text["clubsGroups"] = _clubs_groups(root, reading)
    checked = get_scheme(scheme)
    for _ in range(len(text)):  # all parsed at once; a refused one is set to its default and all parsed again
        try:
            parse_params(checked, text)
            break
        except BadSetting as error:
            key = error.setting
            fallback = _param_text(defaults[key])
            reading.warn("{key}={value} is beyond what Tengen takes ({problem}): {default} is used", key=key,
                         value=text[key][:30], problem=error, default=fallback)  # fmt: skip
            text[key] = fallback
    return scheme, text, general


def _param_text(value: Any) -> str:
    """A stored parameter as its text (the form ``--param`` takes)."""
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def _as_read(key: str, value: str, reading: _Reading) -> str:
    """A parameter as OpenGotha's reader reads it: a flag is true only when it says so, a
    choice it does not know is its fallback, a number is a number or the file fails."""
    if key in _FLAGS:
        return "true" if value.lower() == "true" else "false"
    if key in _CHOICES:
        return value if value in _CHOICES[key] else _CHOICE_FALLBACK.get(key, _CHOICES[key][0])
    if key == "genMMZero" and value.strip().upper() != "30K":
        reading.warn("{key}={value}: OpenGotha 3.51 counts McMahon scores from 30K, whatever its file says",
                     key=key, value=value[:20])  # fmt: skip
        return "30K"
    if key.endswith(("Bar", "Floor", "Zero", "Threshold")):
        rank = convert_rank(value)
        if rank is None:
            reading.warn("{key}={value} is no rank: 30K (OpenGotha reads it as below 30K)", key=key, value=value[:20])
            rank = -30
        return _og_label(rank)
    if key in ("paiMaAdditionalPlacementCritSystem1", "paiMaAdditionalPlacementCritSystem2"):
        return value
    if key == "paiStandardNX1Factor":
        try:
            float(value)
        except ValueError:
            raise GothaFileError(
                "{where}: {text!r} is not a number (OpenGotha cannot open the file either)", where=key, text=value[:20]
            ) from None
        return value.strip()
    return str(_java_int(value, key, bits=64))


def _og_label(rank: int) -> str:
    return f"{rank + 1}D" if rank >= 0 else f"{-rank}K"


def _category_limits(root: ElementTree.Element, general: Mapping[str, str]) -> list[str]:
    """The lower limits of the categories but the last, strongest first; a missing one is
    1D, as OpenGotha's array starts."""
    count = _java_int(general.get("numberOfCategories", "1"), "numberOfCategories")
    if not 1 <= count <= MAX_CATEGORIES:
        raise GothaFileError("numberOfCategories={count}: 1 to {limit}", count=count, limit=MAX_CATEGORIES)
    limits = ["1D"] * (count - 1)
    for element in root.iter("Category"):
        number = _java_int(element.get("number", "1"), "category number")
        rank = convert_rank(element.get("lowerLimit", "30K"))
        if not 1 <= number <= count - 1:
            raise GothaFileError("category {number}: the file has {count} categories", number=number, count=count)
        limits[number - 1] = _og_label(rank if rank is not None else -30)
    return limits


def _clubs_groups(root: ElementTree.Element, reading: _Reading) -> str:
    """The clubs groups as ``clubsGroups`` writes them: OpenGotha keeps the first group of a
    name (an unnamed one is "Unnamed Clubs Group"); a club name Tengen's form cannot hold
    (``|``, ``;``, blanks at its ends, none) is said."""
    groups, names = [], set()
    for group in root.iter("ClubsGroup"):
        name = group.get("name", "Unnamed Clubs Group")
        if name in names:
            reading.warn("clubs group {name!r} is there twice: OpenGotha keeps the first, so does the import",
                         name=name[:40])  # fmt: skip
            continue
        names.add(name)
        clubs = [club.get("name", "Unnamed club") for club in group if club.tag == "Club"]
        if any("|" in club or ";" in club or club != club.strip() or not club for club in clubs):
            reading.warn("clubs group {name!r} names a club Tengen cannot keep (|, ;, blanks or no name): "
                         "the group is not kept", name=name[:40])  # fmt: skip
            continue
        groups.append("|".join(clubs))
    return ";".join(group for group in groups if group)


# --- players, games, byes --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Game:
    round: int
    table: int
    white: int
    black: int
    handicap: int
    result: str | None
    known_colour: bool


def _text(value: str, what: str, reading: _Reading, player: int | str = 0, limit: int = NAME_LIMIT) -> str:
    """A name as Tengen keeps it: invisible characters are question marks and a very long
    name is cut, each with a warning (OpenGotha keeps them as they are)."""
    if value.isprintable():  # no control, format, unassigned or separator character: nothing forbidden
        kept = value[:limit]
    else:
        kept = questioned(value[:limit])
    if kept != value:
        if player:
            reading.warn("player {player}: {what} kept as {kept!r}", player=player, what=what, kept=kept[:60])
        else:
            reading.warn("{what} kept as {kept!r}", what=what, kept=kept[:60])
    return kept


def _players(
    root: ElementTree.Element, old: bool, reading: _Reading, turkish: bool
) -> tuple[list[dict[str, Any]], list[str]]:
    """Every player OpenGotha keeps (registration data) and his participation flags: one of
    each key, in its machine's case (a Turkish one keeps «Yılmaz» and «Yilmaz» both)."""
    players: list[dict[str, Any]] = []
    flags: list[str] = []
    keys: set[str] = set()
    for number, element in enumerate(root.iter("Player"), start=1):
        surname, name = element.get("name", ""), element.get("firstName", "")
        if not surname or not name:
            raise GothaFileError(
                "player {player} has no {what} (OpenGotha cannot open the file either)",
                player=number,
                what="surname" if not surname else "first name",
            )
        who = f"{number} ({surname.strip()[:40]} {name.strip()[:40]})"  # a trial read «игрок 18» and looked him up
        country, club = element.get("country", ""), element.get("club", "")
        if len(country) == 1 or len(country) > 2:
            raise GothaFileError(
                "player {player}: country {country!r} is not two letters (OpenGotha cannot open the file either)",
                player=number,
                country=country[:10],
            )
        if country and country.upper() not in countries():  # kept: the pairing reads it as written
            reading.warn("player {player}: {country!r} is no country's code: the rating table writes XX",
                         player=who, country=country)  # fmt: skip
        rank = convert_rank(element.get("rank", "30K"))
        if rank is None:
            rank = convert_rank(element.get("grade", ""))
        if rank is None:
            reading.warn("player {player}: rank {rank!r} unreadable: 30K (OpenGotha counts him below 30K)",
                         player=who, rank=element.get("rank", "")[:10])  # fmt: skip
            rank = -30
        grade = convert_rank(element.get("grade", ""))
        if grade is not None and grade != rank:  # a review found a declared 11K come back as 10K in silence
            reading.warn(
                "player {player}: declared rank (grade) {grade} is not his rank {rank}: both are kept as {rank}",
                player=who,
                grade=element.get("grade", "").strip()[:10],  # a trial's file wrote grade=" 1D"
                rank=rank_label(rank + 21).upper(),  # as kept: «99D» is 9D, «-5K» OpenGotha's 6D (an attack)
            )
        rating = _java_int(element.get("rating", "-900"), "rating", number) + (2050 if old else 0)
        smms = _java_int(element.get("smmsCorrection", "0"), "smmsCorrection", number)
        if not -1 <= smms <= 2:
            reading.warn("player {player}: McMahon correction {value} is beyond -1..2: {kept}",
                         player=who, value=smms, kept=max(-1, min(2, smms)))  # fmt: skip
            smms = max(-1, min(2, smms))
        key = opengotha_key(surname, name, turkish)
        if key in keys:
            reading.warn("player {player} ({who}) has an earlier player's key: OpenGotha drops him, so does the import",
                         player=number, who=f"{surname} {name}"[:60])  # fmt: skip
            continue
        if len(players) == MAX_PLAYERS:
            reading.warn("more than {limit} players: OpenGotha drops the rest, so does the import", limit=MAX_PLAYERS)
            break
        keys.add(key)
        gotha = {  # his AGA id, FFG licence, rating's origin…: carried unread, back to OpenGotha as written
            attribute: _text(element.get(attribute, ""), what, reading, who, limit)
            for attribute, (what, limit) in GOTHA_PLAYER_DETAILS.items()
            if element.get(attribute, "")
        }
        players.append(
            {
                "player": len(players) + 1,
                "surname": _text(surname, "the surname", reading, number),
                "name": _text(name, "the first name", reading, number),
                "rank": rank + 21,
                "rating": max(MIN_RATING, min(MAX_RATING, rating)),
                "country": country,
                "club": _text(club, "the club", reading, number),
                "pin": _text(element.get("egfPin", ""), "the EGF PIN", reading, number, 20),
                "smms": smms,
                "preregistered": element.get("registeringStatus", "FIN") != "FIN",
                "as_written": True,
                **({"gotha": gotha} if gotha else {}),
                "_key": key,
                "_names": (surname, name),
            }
        )
        flags.append(element.get("participating", ""))
    return players, flags


def _games(root: ElementTree.Element, players: _Players, reading: _Reading) -> tuple[list[_Game], int]:
    """The games OpenGotha keeps — one per key of its table of games, round × 1000 + table (a
    later one replaces an earlier: two on one table of a round, or a table past 1000 and the
    next round's), each naming two players it finds — and the last round the file names (its
    round stays, even when none of its games is kept)."""
    games: dict[int, _Game] = {}
    last = 0
    for element in root.iter("Game"):
        number = _java_int(element.get("roundNumber", "1"), "roundNumber")
        table = _java_int(element.get("tableNumber", "1"), "tableNumber")
        if 1 <= number <= MAX_ROUNDS:
            last = max(last, number)
        names = (element.get("whitePlayer", ""), element.get("blackPlayer", ""))
        white, black = players.find(names[0]), players.find(names[1])
        if white is None or black is None:
            reading.warn("round {round}, table {table}: no player {key}: OpenGotha drops this game, so does the import",
                         round=number, table=table, key=names[0 if white is None else 1][:40])  # fmt: skip
            continue
        if not 1 <= number <= MAX_ROUNDS:  # OpenGotha's arrays have no such round
            raise GothaFileError(
                "a game of round {round}: rounds go from 1 to {limit} (OpenGotha cannot open the file either)",
                round=number,
                limit=MAX_ROUNDS,
            )
        code = element.get("result", "RESULT_UNKNOWN")
        if code != "RESULT_UNKNOWN" and code not in RESULTS:
            reading.warn("round {round}, table {table}: result {code} unknown: no result, as OpenGotha reads it",
                         round=number, table=table, code=code[:30])  # fmt: skip
        handicap = _java_int(element.get("handicap", "0"), "handicap")
        if not 0 <= handicap <= 9:
            reading.warn("round {round}, table {table}: handicap {hd} kept as {kept}", round=number, table=table,
                         hd=handicap, kept=max(0, min(9, handicap)))  # fmt: skip
            handicap = max(0, min(9, handicap))
        if white == black:
            reading.warn("round {round}, table {table}: a player against himself: the game is dropped",
                         round=number, table=table)  # fmt: skip
            continue
        key = ((number - 1) * MAX_TABLES + table - 1) & 0xFFFFFFFF  # a Java int's bits
        earlier = games.get(key)
        if earlier is not None and earlier.round == number:
            reading.warn("round {round}: two games on table {table}: the later one stands, as in OpenGotha",
                         round=number, table=table)  # fmt: skip
        elif earlier is not None:
            reading.warn("round {round}, table {table} is round {other}, table {other_table} to OpenGotha (a round "
                         "holds 1000 tables): the later game stands, as in OpenGotha", round=number, table=table,
                         other=earlier.round, other_table=earlier.table)  # fmt: skip
        games[key] = _Game(
            # OpenGotha writes knownColor but reads strKnownColor: its colours are always known
            number,
            table,
            white,
            black,
            handicap,
            RESULTS.get(code),
            element.get("strKnownColor", "true") != "false",
        )
    return list(games.values()), last


def _byes(root: ElementTree.Element, players: _Players, reading: _Reading) -> tuple[dict[int, int], int]:
    """Round → its bye (the last the file names for a round, as OpenGotha keeps it), and the
    last round a bye names."""
    byes: dict[int, int] = {}
    last = 0
    for element in root.iter("ByePlayer"):
        number = _java_int(element.get("roundNumber", "1"), "roundNumber")
        if 1 <= number <= MAX_ROUNDS:
            last = max(last, number)
        player = players.find(element.get("player", ""))
        if player is None:
            reading.warn("the bye of round {round} names no player of the file: OpenGotha drops it, so does the import",
                         round=number)  # fmt: skip
            continue
        if not 1 <= number <= MAX_ROUNDS:  # OpenGotha's arrays have no such round
            raise GothaFileError(
                "the bye of round {round}: rounds go from 1 to {limit} (OpenGotha cannot open the file either)",
                round=number,
                limit=MAX_ROUNDS,
            )
        if byes.get(number, player) != player:
            reading.warn("round {round} has two byes in the file: OpenGotha keeps the last ({key}), so does the import",
                         round=number, key=element.get("player", "")[:60])  # fmt: skip
        byes[number] = player
    return byes, last


def _komi(text: str, reading: _Reading) -> float:
    """The file's komi, checked as Tengen checks any (OpenGotha's own default where it is none)."""
    try:
        return check_komi(float(text))
    except (ValueError, InvalidEvent):
        reading.warn("komi {text!r} is not a komi: 7.5", text=text[:20])
        return 7.5


def _time(general: Mapping[str, str], reading: _Reading) -> str:
    """OpenGotha's time system in Tengen's words (``60+30sx1``, ``40+5/15``, ``45+10s``,
    ``60``), with its reader's defaults; a Canadian period of no whole minutes has none."""

    def number(key: str, default: int) -> int:
        """The file's whole number, or ``default`` where it has none: said where it has
        another text (an attack's basicTime="99999999999" became 60 minutes unsaid)."""
        text = general.get(key, "")
        if _java_number(text, 32):
            return int(text)
        if text:
            reading.warn("{key} {text!r} is not a whole number: {default}", key=key, text=text[:20], default=default)
        return default

    basic = number("basicTime", number("time", 60))
    system = general.get("complementaryTimeSystem", "CANBYOYOMI")
    if system == "SUDDENDEATH":
        text = f"{basic}"
    elif system == "STDBYOYOMI":
        text = f"{basic}+{number('stdByoYomiTime', 30)}sx1"
    elif system == "FISCHER":
        text = f"{basic}+{number('fischerTime', 10)}s"
    else:
        seconds, moves = number("canByoYomiTime", 300), number("nbMovesCanTime", 15)
        if seconds % 60 or moves <= 0:
            reading.warn("the time control ({basic} min + {seconds} s for {moves} moves) has no Tengen form: not kept",
                         basic=basic, seconds=seconds, moves=moves)  # fmt: skip
            return ""
        text = f"{basic}+{seconds // 60}/{moves}"
    try:  # a negative or absurd number: kept, the file could not be exported back to OpenGotha
        parse_time(text)
    except TimeControlError:
        reading.warn("the time control {text!r} is none Tengen can write: not kept", text=text[:40])
        return ""
    if (notice := unrated(text)) is not None:  # as ``new`` warns: a trial's 30+10/25 went unsaid
        reading.warnings.append(notice)
    return text


def _dates(general: Mapping[str, str], reading: _Reading) -> str:
    """The days of the event; OpenGotha takes a year before 1901 for today, and an end before
    the start is kept the other way round, with a warning."""
    from datetime import date

    found = []
    for key in ("beginDate", "endDate"):
        text = general.get(key, "")
        try:
            day = date.fromisoformat(text[:10])
        except ValueError:
            day = None
        if day is not None and day.year > 1900:
            found.append(day)
        elif text:  # an attack's beginDate="99999-99-99" went unsaid (OpenGotha reads such a day as today)
            reading.warn("{key} {text!r} is no date: not kept", key=key, text=text[:20])
    if len(found) == 2 and found[1] < found[0]:
        reading.warn("the event ends ({end}) before it begins ({begin}): read the other way round",
                     begin=found[0].isoformat(), end=found[1].isoformat())  # fmt: skip
        found.reverse()
    return "..".join(dict.fromkeys(day.isoformat() for day in found))


@dataclass(frozen=True)
class Scanned:
    """A file read once into everything that does not depend on how many of its rounds are
    kept: ``kept`` then cuts it at any round count without reading the file again (the
    comparison with OpenGotha pairs each real file from each of its round counts)."""

    created: Action
    players: tuple[dict[str, Any], ...]
    flags: tuple[str, ...]
    games: tuple[_Game, ...]
    byes: Mapping[int, int]
    last: int
    """The last round with a game or a bye."""
    total: int
    komi: float
    teams: bool
    warnings: tuple[Notice, ...]
    """What reading it said, before any round count is chosen."""


def _unkept(general: Mapping[str, str], reading: _Reading) -> None:
    """What the file holds that Tengen has no place for, said (mcmahon.md: never dropped in
    silence): a board size other than 19.  The players' AGA and FFG ids, the ratings' origins,
    the director and the short name are carried (``_carried``), the display and publishing
    settings are OpenGotha's own preferences, not the event's, and teams are said apart."""
    size = general.get("size", "19").strip()
    if size != "19":  # the export writes 19 (a trial's 13×13 went out as 19×19)
        reading.warn("not kept: {fields}", fields=Notice("the board size {size}", {"size": size[:5]}))


def _carried(general: Mapping[str, str], name: str, reading: _Reading) -> dict[str, str]:
    """The event's attributes Tengen carries unread to the export (``GOTHA_SETTINGS``): the
    director, and a short name other than the one the export makes of the event's ``name``
    (its first 30 characters), as written.  A trial found them gone after a round trip."""
    own = {"shortName": name[:30].strip()}
    return {
        attribute: _text(general[attribute], what, reading, limit=limit)
        for attribute, (what, limit) in GOTHA_SETTINGS.items()
        if general.get(attribute, "") not in ("", own.get(attribute))
    }


def scan(path: str | os.PathLike[str]) -> Scanned:
    """The file read and checked, its rounds not cut yet."""
    root = parse(path)
    reading = _Reading()
    version = root.get("dataVersion")
    old = version is not None and _java_number(version.strip(), 32) and int(version) <= 200
    scheme, params, general = _scheme_params(root, reading)
    try:
        values = parse_params(get_scheme(scheme), params)
    except InvalidEvent as error:
        raise GothaFileError("{problem}", problem=error) from None
    planned = _java_int(general.get("numberOfRounds", "5"), "numberOfRounds")
    locale = keys_locale(root)
    turkish = locale is True
    if turkish:
        values[TURKISH] = True
        reading.warn("the file was saved by OpenGotha on a Turkish machine (keys with İ): Tengen reads, pairs and "
                     "writes it as that OpenGotha does (turkishLocale=true)")  # fmt: skip
    elif locale is None and _mostly_turkish(root):  # a registration a Turkish machine saved tells nothing (a review)
        reading.warn("no game tells which machine saved the file: if it was OpenGotha on a Turkish machine, set "
                     "turkishLocale=true (the settings tab), for its files to go back as that OpenGotha reads "
                     "them")  # fmt: skip
    players, flags = _players(root, old, reading, turkish)
    names = {p["player"]: p["_names"] for p in players}
    found = _Players({p["_key"]: p["player"] for p in players}, names, old, turkish)
    games, named = _games(root, found, reading)
    byes, named_by_byes = _byes(root, found, reading)
    last = max(named, named_by_byes)
    total = max(planned, last)
    if not 1 <= total <= MAX_ROUNDS:
        raise GothaFileError("numberOfRounds={rounds}: 1 to {limit}", rounds=total or planned, limit=MAX_ROUNDS)
    komi = _komi(general.get("komi", "7.5"), reading)
    _unkept(general, reading)
    name = (
        _text(general.get("name", "") or Path(path).stem, "the tournament's name", reading, limit=200).strip()
        or Path(path).stem
    )
    carried = _carried(general, name, reading)
    created: Action = (
        ev.TOURNAMENT_CREATED,
        {
            "name": name,
            "scheme": scheme,
            "rounds": total,
            "place": _text(general.get("location", ""), "the place", reading, limit=200),
            "dates": _dates(general, reading),
            "komi": komi,
            "time": _time(general, reading),
            "lang": "ru",
            "params": stored_params(get_scheme(scheme), values),
            **({"online": True} if general.get("bInternet") == "true" else {}),  # as OpenGotha reads it
            "imported_from": questioned(Path(path).name[:TITLE_LIMIT]),
            **({"gotha": carried} if carried else {}),
        },
    )
    teams = root.find("Teams/Team") is not None
    return Scanned(created, tuple(players), tuple(flags), tuple(games), byes, last, total, komi, teams,
                   tuple(reading.warnings))  # fmt: skip


def kept(scanned: Scanned, rounds: int | None = None) -> Imported:
    """The actions that rebuild the scanned tournament; ``rounds`` keeps only the first rounds' games."""
    if rounds is not None and rounds > scanned.last:
        raise GothaFileError("the file has {last} rounds of games, not {rounds}", last=scanned.last, rounds=rounds)
    keep = scanned.last if rounds is None else rounds
    # what the file's reading said of a round not kept is not said (a switch's --rounds 3 heard of rounds 4 and 5)
    said = [w for w in scanned.warnings
            if rounds is None or not (isinstance(w.fields.get("round"), int) and w.fields["round"] > keep)]  # fmt: skip
    reading = _Reading(said)
    players, flags, games, byes = scanned.players, scanned.flags, scanned.games, scanned.byes
    if keep and not players:  # its games named nobody of the file: «round 1 must number the players» said nothing
        raise GothaFileError("the file holds games but no players: nothing to import")
    actions: list[Action] = [scanned.created]
    actions += [(ev.PLAYER_REGISTERED, {k: v for k, v in p.items() if not k.startswith("_")}) for p in players]
    actions += _absences(players, flags, games, byes, keep, scanned.total)
    actions += _rounds(games, byes, keep, scanned.komi, len(players), reading)
    _say_who_waits(players, flags, games, byes, keep, reading)
    if scanned.teams:
        reading.warn("the file's teams are not imported (Tengen does not keep them)")
    return Imported(actions, str(scanned.created[1]["scheme"]), len(players), keep, tuple(reading.warnings))


def read(path: str | os.PathLike[str], rounds: int | None = None) -> Imported:
    """The actions that rebuild the file's tournament; ``rounds`` keeps only the first rounds' games."""
    return kept(scan(path), rounds)


def _absences(
    players: Sequence[Mapping[str, Any]],
    flags: Sequence[str],
    games: Sequence[_Game],
    byes: Mapping[int, int],
    keep: int,
    total: int,
) -> list[Action]:
    """The rounds each player is out of by the file's ``participating`` flags: a game or a
    bye in a kept round wins over the flag, as in OpenGotha.  Flags that are all out from a
    round to the last of OpenGotha's twenty, past the event's last round, are a player who
    left (OpenGotha writes them so; 1,799 of the 31,982 players of its 775 files): he is
    withdrawn from that round (after his last game; from round 2, round 1 a skip, where he
    never came: round 1 numbers every player of the file), so rounds added to the event do not pair
    him again — a trial's round 7 seated the seventeen who had left a five-round file — and the
    file written back holds the same flags."""
    seated = {(g.round, p) for g in games if g.round <= keep for p in (g.white, g.black)}
    seated |= {(r, p) for r, p in byes.items() if r <= keep}
    actions: list[Action] = []
    for player, text in zip(players, flags, strict=True):
        number = player["player"]
        left = None
        if len(text) > total and text.endswith("0"):
            played = max((r for r, p in seated if p == number), default=0)
            left = max(len(text.rstrip("0")) + 1, played + 1, 2)  # out of round 1 too: a skip (numbered)
        out = [r for r in range(1, total + 1) if r - 1 < len(text) and text[r - 1] == "0"]
        out = [r for r in out if (r, number) not in seated and (left is None or r < left)]
        if out:
            actions.append((ev.PLAYER_SKIPS, {"player": number, "rounds": out}))
        if left is not None:
            actions.append((ev.PLAYER_WITHDRAWN, {"player": number, "from_round": left}))
    return actions


def _say_who_waits(
    players: Sequence[Mapping[str, Any]],
    flags: Sequence[str],
    games: Sequence[_Game],
    byes: Mapping[int, int],
    keep: int,
    reading: _Reading,
) -> None:
    """Warnings for the players Tengen will not pair at once: those registered in advance,
    and those left off the boards of a last round OpenGotha paired only in part (paired when
    the referee says, its boards kept: ``actions.pair_rest``)."""
    waiting = [p["player"] for p in players if p["preregistered"]]
    if waiting:
        reading.warn("players registered in advance (PRE): {count}; not paired until confirmed "
                     "(key c in the players tab; player edit ID --confirm)", count=len(waiting))  # fmt: skip
    boards = [g for g in games if g.round == keep]
    if not keep or not (boards or keep in byes):  # a round of its bye alone is paired in part too
        return
    seated = {p for g in boards for p in (g.white, g.black)} | ({byes[keep]} if keep in byes else set())
    left = [
        p["player"]
        for p, text in zip(players, flags, strict=True)
        if not p["preregistered"] and p["player"] not in seated and not (keep - 1 < len(text) and text[keep - 1] == "0")
    ]
    if left and any(g.result for g in boards):  # played: re-pairing it is no advice (a switch's egc2011)
        reading.warn("round {round}: players on no board: {count} (the rounds tab names them); they had no game "
                     "and score nothing for it, as in OpenGotha", round=keep, count=len(left))  # fmt: skip
    elif left:
        reading.warn("round {round} is paired in part: players on no board: {count} (the rounds tab names them); "
                     "key n in the rounds tab pairs them, its boards kept (pair --rest on the command line)",
                     round=keep, count=len(left))  # fmt: skip


def _rounds(
    games: Sequence[_Game], byes: Mapping[int, int], keep: int, komi: float, players: int, reading: _Reading
) -> list[Action]:
    actions: list[Action] = []
    unfinished: dict[int, int] = {}  # round: its games without a result
    for number in range(1, keep + 1):
        boards = sorted((g for g in games if g.round == number), key=lambda g: g.table)
        tables = [g.table for g in boards]  # the numbers on the wall, gaps and all (a game deleted after printing)
        if boards and tables[0] < 1:
            reading.warn("round {round}: a table numbered {table}: the boards are numbered 1-{count}",
                         round=number, table=tables[0], count=len(boards))  # fmt: skip
            tables = list(range(1, len(boards) + 1))
        seated = {p for g in boards for p in (g.white, g.black)}
        bye = [byes[number]] if number in byes else []
        if bye and bye[0] in seated:
            reading.warn("round {round}: the bye also plays a game: the bye is dropped (OpenGotha would count both)",
                         round=number)  # fmt: skip
            bye = []
        made = [_board(g, komi, table) for g, table in zip(boards, tables, strict=True)]
        paired: dict[str, Any] = {
            "round": number,
            "boards": boards_data(made),
            "byes": bye,
            "extra": {},
            "as_recorded": True,
        }
        if number == 1:
            paired["order"] = list(range(1, players + 1))
        actions.append((ev.ROUND_PAIRED, paired))
        missing = 0
        for table, game, board in zip(tables, boards, made, strict=True):
            if game.result is None:
                missing += 1
                continue
            actions.append((ev.RESULT_RECORDED, {"round": number, "board": table, "code": game.result, **board.game}))
        if missing and number < keep:
            unfinished[number] = missing
        seats = Counter(p for g in boards for p in (g.white, g.black))
        for player, count in sorted(seats.items()):
            if count > 1:
                reading.warn("round {round}: player {player} plays {count} games: all count in his score; the "
                             "pairing reads the one OpenGotha reads, the tables show his last",
                             round=number, player=player, count=count)  # fmt: skip
    if len(unfinished) == 1:  # all in one line: a file's fourteen warnings were read three at a time (a trial)
        (number, missing), *_ = unfinished.items()
        reading.warn("round {round}: {count:game|games} without a result (they count for neither player)",
                     round=number, count=missing)  # fmt: skip
    elif unfinished:
        reading.warn("rounds {rounds}: {count:game|games} without a result (they count for neither player)",
                     rounds=number_runs(unfinished), count=sum(unfinished.values()))  # fmt: skip
    return actions


def _board(game: _Game, komi: float, table: int) -> Board:
    komi = komi if game.handicap == 0 else 0.5
    return Board(table, game.white, game.black, game.handicap, komi, not game.known_colour)


# --- writing -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    """An OpenGotha file's text and what had to be written differently for OpenGotha."""

    text: str
    warnings: tuple[Notice, ...] = ()


def write(tournament: Tournament) -> Written:
    """The tournament as OpenGotha 3.51 XML text (the caller writes it atomically);
    GothaFileError where OpenGotha could not open it (more rounds paired than it holds)."""
    params = tournament.settings.params
    reading = _Reading()
    if not get_scheme(tournament.settings.scheme).traits.opengotha:
        params = defaults_for(["NBW"])  # another scheme's event goes to OpenGotha as a Swiss: said (a trial)
        reading.warn(
            "OpenGotha has no {scheme}: the file is a Swiss of the same games, which OpenGotha orders "
            "by its own criteria (wins first; a bye a win)",
            scheme=tournament.settings.scheme,
        )
    total = _rounds_written(tournament, reading)
    names = _written_names(tournament, reading)
    turkish = bool(params.get(TURKISH, False))
    if turkish:  # a switch opened such a file on an English machine: games lost
        reading.warn("written for OpenGotha on a Turkish machine (keys with İ): on another machine it loses the games "
                     "of a player with an i in his name and a hyphen, a digit or _ (turkishLocale=false writes English "
                     "keys)")  # fmt: skip
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>']
    lines.append('<Tournament dataVersion="201" fullVersionNumber="3.51.02" runningMode="SAL">')
    lines.append("    <Players>")
    for player in sorted(tournament.players.values(), key=lambda p: p.id):
        if tournament.never_entered(player.id):  # a registration taken back: OpenGotha would list him (a review)
            continue
        flags = "".join("0" if player.absent_from(r) else "1" for r in range(1, MAX_ROUNDS + 1))
        rank = rank_label(player.rank).upper()
        surname, name = names[player.id]
        attributes = {
            "name": surname,
            "firstName": name,
            "rank": rank,
            "grade": rank,
            "rating": str(max(MIN_RATING, min(MAX_RATING, player.sort_rating))),
            "ratingOrigin": player.gotha.get("ratingOrigin", ""),
            "country": _country(player.country, tournament.named(player.id), reading),
            "club": player.club,
            "egfPin": player.pin,
            **{key: value for key, value in player.gotha.items() if key != "ratingOrigin"},  # as the file had them
            "smmsCorrection": str(player.smms),
            "participating": flags,
            "registeringStatus": "PRE" if player.preregistered else "FIN",
        }
        lines.append("        <Player " + _attributes(attributes) + "/>")
    lines.append("    </Players>")
    lines.append("    <Games>")
    keys = {p: opengotha_key(*names[p], turkish) for p in tournament.players}
    for played in tournament.rounds:
        for board in played.boards:
            result = played.results.get(board.number)
            white, black = board.white, board.black
            if result is not None and result.swapped:
                white, black = black, white
            attributes = {
                "roundNumber": str(played.number),
                "tableNumber": str(board.number),
                "whitePlayer": keys[white],
                "blackPlayer": keys[black],
                "knownColor": "false" if board.nigiri and result is None else "true",
                "handicap": str(board.handicap),
                # the players as seated (swapped by the nigiri), so the result in those colours too
                "result": WRITTEN[as_played(result.code, result.swapped)] if result is not None else "RESULT_UNKNOWN",
            }
            lines.append("        <Game " + _attributes(attributes) + "/>")
        last = played.boards[-1].number if played.boards else 0  # after the round's last table, gaps and all
        for table, (winner, absent) in enumerate(walkovers(played).items(), start=last + 1):
            lines.append(
                "        <Game " + _attributes(_walkover(played.number, table, keys[winner], keys[absent])) + "/>"
            )
    lines.append("    </Games>")
    _own_komi(tournament, reading)
    byes = _byes_written(tournament, reading)
    if byes:
        lines.append("    <ByePlayers>")
        for number, bye in byes:
            lines.append("        <ByePlayer " + _attributes({"player": keys[bye], "roundNumber": str(number)}) + "/>")
        lines.append("    </ByePlayers>")
    lines.extend(_parameter_lines(tournament, params, total, reading))
    groups = [group.split("|") for group in str(params.get("clubsGroups", "")).split(";") if group]
    if groups:
        lines.append("    <ClubsGroups>")
        for number, clubs in enumerate(groups, start=1):
            lines.append(f'        <ClubsGroup name="Group {number}">')
            lines.extend(f"            <Club name={quoteattr(club)}/>" for club in clubs)
            lines.append("        </ClubsGroup>")
        lines.append("    </ClubsGroups>")
    lines.append("</Tournament>")
    return Written("\n".join(lines) + "\n", tuple(reading.warnings))


def _rounds_written(tournament: Tournament, reading: _Reading) -> int:
    """The file's ``numberOfRounds``: the event's own (its scheme's count — a round robin's and
    a play-off's are worked out, not set — else the one set), at most OpenGotha's 20, with a
    warning where the event has more; 20 where it is not known.  A file with a game in a
    round past 20 is refused: OpenGotha's arrays end there (a trial's 22-player round robin
    crashed it, written with no word)."""
    if tournament.paired_rounds > MAX_ROUNDS:
        raise GothaFileError("{rounds} rounds are paired: an OpenGotha file holds {limit} at most",
                             rounds=tournament.paired_rounds, limit=MAX_ROUNDS)  # fmt: skip
    planned = get_scheme(tournament.settings.scheme).total_rounds(tournament) or tournament.settings.rounds
    if planned is None:
        return MAX_ROUNDS
    if planned > MAX_ROUNDS:
        reading.warn("the event has {rounds} rounds: an OpenGotha file holds {limit} at most, it says {limit}",
                     rounds=planned, limit=MAX_ROUNDS)  # fmt: skip
    return max(tournament.paired_rounds, min(planned, MAX_ROUNDS))


def _byes_written(tournament: Tournament, reading: _Reading) -> list[tuple[int, int]]:
    """Each round's bye as (round, player): OpenGotha holds one a round (it keeps the last
    its file names), so a play-off's or a round robin's second bye is left out and said — a
    trial's exported play-off lost a player's win in silence."""
    byes = []
    for played in tournament.rounds:
        own = [player for player in played.byes if player not in walkovers(played)]
        byes += [(played.number, player) for player in own[:1]]
        for player in own[1:]:
            reading.warn("round {round}: OpenGotha holds one bye a round: player {player} is written without his bye",
                         round=played.number, player=tournament.named(player))  # fmt: skip
    return byes


def _walkover(number: int, table: int, winner: str, absent: str) -> dict[str, str]:
    """A play-off's walkover as OpenGotha writes a game won by default, after the round's boards:
    it names who did not come, where a bye would say the winner had no opponent (a trial)."""
    return {
        "roundNumber": str(number),
        "tableNumber": str(table),
        "whitePlayer": winner,
        "blackPlayer": absent,
        "knownColor": "true",
        "handicap": "0",
        "result": WRITTEN[WHITE_BY_FORFEIT],
    }


def _own_komi(tournament: Tournament, reading: _Reading) -> None:
    """A warning where boards had a komi OpenGotha cannot hold: it keeps the event's for even
    games and reads 0.5 with stones (``_board``), so a board's own — set by hand, paired before
    the komi changed, sport-handicap's compensation — comes back as that."""
    usual = tournament.settings.komi
    own = [(played.number, board) for played in tournament.rounds for board in played.boards
           if board.komi != (usual if board.handicap == 0 else 0.5)]  # fmt: skip
    if own:
        number, board = own[0]
        reading.warn("OpenGotha keeps one komi, {komi} for even games and 0.5 with stones; boards with their own: "
                     "{count}, such as round {round} board {board} ({own})", komi=f"{usual:g}", count=len(own),
                     round=number, board=board.number, own=f"{board.komi:g}")  # fmt: skip


def _written_names(tournament: Tournament, reading: _Reading) -> dict[int, tuple[str, str]]:
    """Each player's names as OpenGotha will hold them (``opengotha_names``), with a warning
    for each that is not the player's own."""
    names = opengotha_names(tournament)
    turkish = bool(tournament.settings.params.get(TURKISH, False))
    written = {p: opengotha_key(*names[p], turkish) for p in names}
    for player in sorted(tournament.players.values(), key=lambda p: p.id):
        surname, name = names[player.id]
        if (surname, name) == (player.surname, player.name):
            continue
        if not player.name or not player.surname:
            reading.warn("player {player} has no {what}: written as -", player=tournament.named(player.id),
                         what="first name" if not player.name else "surname")  # fmt: skip
        else:
            key = opengotha_key(player.surname, player.name, turkish)
            # the earlier player written with his key (named «Иванов И (2)» himself, perhaps: a review)
            other = min(p for p, taken in written.items() if taken == key and p < player.id)
            reading.warn(
                "player {player} would be one with player {other} for OpenGotha (key {key}): written as {name!r}",
                player=tournament.named(player.id),
                other=tournament.named(other),
                key=key[:40],
                name=name,
            )
    return names


def _country(country: str, player: object, reading: _Reading) -> str:
    """A country as OpenGotha takes it: two letters or none (it refuses a file with another)."""
    if len(country) in (0, 2):
        return country
    reading.warn("player {player}: country {country!r} is not two letters: left empty", player=player,
                 country=country[:20])  # fmt: skip
    return ""


def _time_attributes(text: str, reading: _Reading) -> dict[str, str]:
    """Tengen's time control as OpenGotha's attributes (none for none); OpenGotha's
    Japanese byo-yomi has one period."""
    if not text:
        return {}
    try:
        control = parse_time(text)
    except TimeControlError:  # a file written before its form was checked, or by hand
        reading.warn("the time control {text!r} is none OpenGotha can read: not written", text=text[:40])
        return {}
    attributes = {"basicTime": str(control.main)}
    if control.kind == "canadian":
        minutes, stones = control.written
        return attributes | {"complementaryTimeSystem": "CANBYOYOMI", "canByoYomiTime": str(60 * minutes),
                             "nbMovesCanTime": str(stones)}  # fmt: skip
    if control.kind == "japanese":
        seconds, periods = control.written
        if periods != 1:
            reading.warn("the byo-yomi's {periods} periods: OpenGotha keeps one period of {seconds} s",
                         periods=periods, seconds=seconds)  # fmt: skip
        return attributes | {"complementaryTimeSystem": "STDBYOYOMI", "stdByoYomiTime": str(seconds)}
    if control.kind == "fischer":
        return attributes | {"complementaryTimeSystem": "FISCHER", "fischerTime": str(control.written[0])}
    return attributes | {"complementaryTimeSystem": "SUDDENDEATH"}


def _attributes(values: Mapping[str, str]) -> str:
    return " ".join(f"{key}={quoteattr(value)}" for key, value in values.items())


def _parameter_lines(tournament: Tournament, params: Mapping[str, Any], total: int, reading: _Reading) -> list[str]:
    settings = tournament.settings
    begin, _, end = settings.dates.partition("..")

    def text(key: str) -> str:
        value = params[key]
        if isinstance(value, bool):
            return "true" if value else "false"
        if key in ("paiMaAdditionalPlacementCritSystem1", "paiMaAdditionalPlacementCritSystem2"):
            return OPENGOTHA_NAMES[str(value)]
        return str(value)

    limits = list(params.get("categoryLimits", []))
    general = {
        "name": settings.name,
        # OpenGotha names its files by it: the file's own, else no trailing blank (a trial)
        "shortName": settings.gotha.get("shortName", settings.name[:30].strip()),
        "location": settings.place,
        **({"director": settings.gotha["director"]} if "director" in settings.gotha else {}),
        **({"beginDate": begin, "endDate": end or begin} if begin else {}),  # none: OpenGotha takes today
        "komi": f"{settings.komi:g}",
        "bInternet": "true" if settings.online else "false",  # OpenGotha's class D (Tournament.egfClass)
        "numberOfRounds": str(total),
        "numberOfCategories": str(len(limits) + 1),
        "size": "19",
        **_time_attributes(settings.time, reading),
    }
    general_keys = [k for k in PARAM_KEYS if k.startswith("gen")]
    handicap_keys = [k for k in PARAM_KEYS if k.startswith("hd")]
    pairing_keys = [k for k in PARAM_KEYS if k.startswith("pai")]
    general.update({k: text(k) for k in general_keys})
    criteria = [OPENGOTHA_NAMES[name] for name in params["placementCriteria"]] + ["NULL"] * MAX_CRITERIA
    lines = ["    <TournamentParameterSet>"]
    if limits:
        lines.append("        <GeneralParameterSet " + _attributes(general) + ">")
        lines.append("            <Categories>")
        for number, limit in enumerate(limits, start=1):
            lines.append(f'                <Category lowerLimit="{str(limit).upper()}" number="{number}"/>')
        lines.append("            </Categories>")
        lines.append("        </GeneralParameterSet>")
    else:
        lines.append("        <GeneralParameterSet " + _attributes(general) + "/>")
    lines.append("        <HandicapParameterSet " + _attributes({k: text(k) for k in handicap_keys}) + "/>")
    lines.append("        <PlacementParameterSet>")
    lines.append("            <PlacementCriteria>")
    for number, name in enumerate(criteria[:MAX_CRITERIA], start=1):
        lines.append(f'                <PlacementCriterion name="{name}" number="{number}"/>')
    lines.append("            </PlacementCriteria>")
    lines.append("        </PlacementParameterSet>")
    lines.append("        <PairingParameterSet " + _attributes({k: text(k) for k in pairing_keys}) + "/>")
    lines.append("    </TournamentParameterSet>")
    return lines


def create_from(source: str | os.PathLike[str], target: str | os.PathLike[str], rounds: int | None = None) -> Imported:
    """A new Tengen tournament file ``target`` from the OpenGotha file ``source``, every event
    checked and then written at once: a refused file, a full disk or a kill leaves nothing
    behind, never a stub."""
    from data.ledger import Ledger

    imported = read(source, rounds)
    Ledger.create(target, imported.actions).close()
    return imported


def beside(source: Path) -> Path:
    """Where the app puts the tournament imported from ``source``: next to it, same name,
    ``.json`` — or ``name-2.json``… when that exists (nothing is ever replaced)."""
    return untaken(source.with_suffix(".json"))
