"""Players from outside: a CSV the organiser prepared, and the EGD rating list.

CSV: a header row names the columns (English or Russian: surname/фамилия,
name/имя, rating/рейтинг, rank/ранг, ``rating|rank``, country/страна, club/клуб, and
the optional birth/дата рождения, sex/пол, patronymic/отчество, team/команда,
category/категория, pin, rgf, note/телефон), or
there is no header and the columns are surname, name, rating or rank, country, club;
the delimiter is ``,`` ``;`` or tab, the encoding UTF-8 or Windows-1251 (what a Russian
spreadsheet saves; KOI8-R where that reads better, ``_jumbled``); a rating or rank column
takes either, row by row.
Every bad row is reported with its line number, and the caller imports nothing
unless told to skip them.

EGD: the ``allworld_lp`` list (fixed-width text, usually wrapped in HTML).  Loaded
once, it answers name-prefix searches by bisection over a sorted index.
"""

from __future__ import annotations

import bisect
import codecs
import csv
import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from data import codes
from data.errors import TournamentFileError
from data.store import read_plain
from schemes.errors import InvalidEvent
from schemes.log.actions import looks_registered, profile
from schemes.log.replay import checked_fields
from schemes.registry import get_scheme
from schemes.state.model import TEXT_DETAILS, Tournament
from schemes.values.names import alphabetical_key, fold, names_someone
from schemes.values.ranks import MAX_RATING, MIN_RATING, RankError, parse_rank, read_strength

COLUMNS = {
    "surname": ("surname", "last name", "lastname", "family name", "фамилия"),
    "name": ("name", "first name", "firstname", "given name", "имя"),
    "rating": ("rating", "gor", "рейтинг", "rating|rank", "рейтинг|ранг"),
    "rank": ("rank", "grade", "ранг", "разряд", "rank|rating", "ранг|рейтинг"),
    "country": ("country", "страна"),
    "club": ("club", "city", "клуб", "город"),
    "birth": ("birth", "birth date", "date of birth", "born", "дата рождения", "год рождения", "рождение"),
    "sex": ("sex", "gender", "пол"),
    "patronymic": ("patronymic", "отчество"),
    "team": ("team", "команда"),
    "category": ("category", "категория", "группа"),
    "pin": ("pin", "egf pin", "egd pin", "egd"),
    "rgf": ("rgf", "rgf id", "ргф", "id ргф"),
    "note": ("note", "phone", "примечание", "телефон"),
}
WITHOUT_HEADER = ("surname", "name", "rating", "country", "club")
"""The columns of a file without a header row, in the README's order (the third takes a
rating or a rank)."""


MAX_ROWS = 20_000
"""Rows of a registration list: ten times the largest Go event there is.  A longer list (or a
spreadsheet whose 27 KB hold millions of empty rows) is refused before any work starts."""
MAX_COLUMNS = 100
MAX_RATING_LIST_BYTES = 64_000_000
"""The EGD's list of every player it ever rated is about 10 MB; a file six times that is no
rating list, and is refused before it is read."""
MAX_UNPACKED_BYTES = 50_000_000
"""What a workbook's parts may unpack to: a sheet of 20,000 players is about 5 MB of XML."""
MAX_LIST_BYTES = 20_000_000
"""A list of 20,000 players is 2 MB of text; the file is refused unread above this."""


class ImportFailed(InvalidEvent):
    """A file that cannot be imported at all (not a table, no header)."""


class BadRow(InvalidEvent):
    """One line of a player list that cannot be a player; the others may still be imported."""

    template = "line {line}: {reason}"


@dataclass(frozen=True)
class Row:
    line: int
    fields: dict[str, Any]
    """Keyword arguments for ``actions.register``."""


def _lines(path: Path) -> list[str]:
    """The EGD list line by line: UTF-8 where a line is, ISO-8859-15 where not (the list
    mixes both)."""
    out = []
    for raw in _foreign(path, MAX_RATING_LIST_BYTES, "an EGD rating list").split(b"\n"):
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(raw.decode("iso-8859-15"))
    return out


def _foreign(path: Path, limit: int, what: str) -> bytes:
    """The file's bytes (``store.read_plain``: a plain file, never read beyond ``limit``); a
    pipe, a device or a file too big is a file that cannot be imported."""
    try:
        return read_plain(path, limit, what)
    except TournamentFileError as error:
        raise ImportFailed("{reason}", reason=error) from None


def _too_long(path: Path) -> ImportFailed:
    return ImportFailed("{path}: more than {limit} rows: not a registration list", path=path, limit=MAX_ROWS)


_OLD_EXCEL = bytes.fromhex("d0cf11e0a1b11ae1")
"""How an old Excel workbook (.xls, a Compound File) begins."""


def _text(path: Path) -> str:
    """UTF-8, else Windows-1251 (what a Russian spreadsheet saves); UTF-16 where its byte
    order mark says so (Excel's «Юникод-текст», which was read as Windows-1251 and refused
    as a table without a surname column)."""
    raw = _foreign(path, MAX_LIST_BYTES, "a registration list")
    if raw.startswith(_OLD_EXCEL):  # Russia's registration lists often come so: said, not «no header»
        raise ImportFailed("{path}: an Excel workbook of the old kind (.xls), which Tengen does not read: save it "
                           "as .xlsx or as CSV", path=path)  # fmt: skip
    if raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise ImportFailed("{path}: not UTF-16 text, though it begins as such", path=path) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        windows = raw.decode("cp1251")
    except UnicodeDecodeError:
        raise ImportFailed("{path}: neither UTF-8 nor Windows-1251 text", path=path) from None
    unix = raw.decode("koi8_r")  # every byte is a KOI8-R letter or sign: never refused
    return unix if _jumbled(windows) > _jumbled(unix) else windows


_SMALL_THEN_CAPITAL = re.compile(r"[а-яёђѓєѕіїјљњћќўџґ][А-ЯЁЂЃЄЅІЇЈЉЊЋЌЎЏҐ]")
"""A small letter, then a capital, of the Cyrillic letters Windows-1251 has: KOI8-R's «Ё» and
«ё» read in it as «і» and «Ј» (a property test's «Ёлкина Пётр» read «іЛКИНА рЈФР», no jumble
among the Russian letters alone)."""


def _jumbled(text: str) -> int:
    """The capitals after a small letter in ``text`` («йЧБОПЧ»): what a list
    written in KOI8-R reads as in Windows-1251, the two encodings swapping capitals and small
    letters (an old Unix list was imported so, every name a jumble, in silence).  A list is
    read as KOI8-R only where that reading has fewer: Windows-1251 stays the rule.  Left: a
    KOI8-R list in capitals or small letters alone (its header too) reads in Windows-1251 as
    words of the other case, unjumbled, and is taken for one (a review)."""
    return len(_SMALL_THEN_CAPITAL.findall(text))


def _delimiter(line: str) -> str:
    """The separator of a registration list: the one of ``,`` ``;`` tab the first line has
    most of (Russian Excel saves ``;``)."""
    return max(",;\t", key=line.count) if line else ","


Cells = list[str] | InvalidEvent
"""A line's cells, or why they cannot be read."""


def read_csv(path: Path) -> tuple[list[Row], list[BadRow]]:
    """The good rows and one message per bad row, from a CSV or an Excel (``.xlsx``) file."""
    lines = _xlsx_lines(path) if path.suffix.lower() in (".xlsx", ".xlsm") else _csv_lines(path)
    return _players(path, lines)


_LINE_END = re.compile(r"\r\n|\r|\n")
"""What ends a line of a CSV file: not ``str.splitlines``'s form feed, U+2028 or the other
separators, which are text inside a cell (a surname lost, line numbers shifted)."""


FORMULA_STARTS = ("=", "+", "-", "@")
"""What a spreadsheet takes for a formula at the start of a text cell (a player called
``=HYPERLINK(…)``): the CSV export writes such a cell after an apostrophe, which spreadsheets
read as "this is text", and a CSV list read back has it taken off (``+Plus`` stays ``+Plus``)."""


def _unprotected(cell: str) -> str:
    return cell[1:] if cell[:1] == "'" and cell[1:2] in FORMULA_STARTS else cell


def _csv_lines(path: Path) -> list[tuple[int, Cells]]:
    """Each line read on its own: an unclosed quote is an error of that line, never a field
    that swallows the rest of the file; a doubled quote inside quotes is one quote; a cell the
    export protected from being a formula is read as it was written (``FORMULA_STARTS``)."""
    lines = _LINE_END.split(_text(path))
    if len(lines) - (lines[-1] == "") > MAX_ROWS + 1:  # a header and MAX_ROWS players
        raise _too_long(path)
    delimiter = _delimiter(next((line for line in lines if line.strip()), ""))
    numbered: list[tuple[int, Cells]] = []
    for number, line in enumerate(lines, start=1):
        try:
            read = next(csv.reader([line], delimiter=delimiter, quotechar='"', doublequote=True, strict=True), [])
            cells: Cells = [_unprotected(cell) for cell in read]
        except csv.Error:
            cells = InvalidEvent("an unclosed quote") if line.count('"') % 2 else InvalidEvent("unreadable")
        numbered.append((number, cells))
    return numbered


def _xlsx_lines(path: Path) -> list[tuple[int, Cells]]:
    """The first sheet of an Excel workbook, row by row (registration lists usually come so).
    A workbook is a zip: what its parts unpack to is bounded first (a few hundred kilobytes
    can unpack to gigabytes of cells), and anything openpyxl cannot read, opening it or
    reading a row, is a workbook that cannot be imported."""
    from openpyxl import load_workbook

    data = _foreign(path, MAX_LIST_BYTES, "a registration list")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:  # zipfile never unpacks beyond what a part declares
            unpacked = sum(part.file_size for part in packed.infolist())
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise _not_a_workbook(path) from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise ImportFailed(
            "{path}: unpacks to {size} MB, too big for a registration list (at most {limit} MB)",
            path=path, size=-(-unpacked // 1_000_000), limit=MAX_UNPACKED_BYTES // 1_000_000,
        )  # fmt: skip
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a file that is not a workbook
        raise _not_a_workbook(path) from None
    try:
        sheet = book.worksheets[0]
        lines: list[tuple[int, Cells]] = []
        for number, row in enumerate(sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1):
            if number > MAX_ROWS + 1:  # counted as read (a sheet's stated size may lie); a header and MAX_ROWS
                raise _too_long(path)
            lines.append((number, [_cell_text(value) for value in row]))
        if len(book.worksheets) > 1 and not any(any(cells) for _number, cells in lines if isinstance(cells, list)):
            raise ImportFailed("{path}: its first sheet is empty, and the players are read from the first sheet: "
                               "move them there", path=path)  # fmt: skip
        return lines
    except ImportFailed:
        raise
    except Exception:  # a cell or a part openpyxl reads only now: a bad number, date, reference or string
        raise _not_a_workbook(path) from None
    finally:
        book.close()


def _not_a_workbook(path: Path) -> ImportFailed:
    return ImportFailed("{path}: not an Excel workbook, or a damaged one", path=path)


def _cell_text(value: Any) -> str:
    """A spreadsheet cell as the text a CSV would hold (2150.0 is 2150)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _players(path: Path, lines: list[tuple[int, Cells]]) -> tuple[list[Row], list[BadRow]]:
    filled = [
        (number, cells) for number, cells in lines if not isinstance(cells, list) or any(c.strip() for c in cells)
    ]
    if not filled:
        raise ImportFailed("{path}: empty file", path=path)
    first, header = filled[0]
    if not isinstance(header, list):
        raise ImportFailed("{path}: line {line}: {reason}", path=path, line=first, reason=header)
    columns: dict[str, int] = {}
    for index, title in enumerate(header):
        for key, names in COLUMNS.items():
            if title.strip().casefold() in names and key not in columns:
                columns[key] = index
    body = filled[1:]
    if not columns:
        columns, body = {key: index for index, key in enumerate(WITHOUT_HEADER)}, filled
    elif "surname" not in columns or not {"rating", "rank"} & set(columns):
        raise ImportFailed(
            "{path}: not a player table: a header needs a surname column and a rating or rank column", path=path
        )
    rows: list[Row] = []
    errors: list[BadRow] = []
    for line, cells in body:
        if not isinstance(cells, list):
            errors.append(BadRow(line=line, reason=cells))
            continue
        value = {key: cells[index].strip() if index < len(cells) else "" for key, index in columns.items()}
        try:
            rows.append(Row(line, _profile(value)))
        except InvalidEvent as error:
            errors.append(BadRow(line=line, reason=error))
    if body is filled and not rows:
        raise ImportFailed(
            "{path}: not a player table: a header needs a surname column and a rating or rank column "
            "(or, without a header: surname, name, rating or rank, country, club)",
            path=path,
        )
    return rows, errors


def without_twins(rows: list[Row], errors: list[BadRow], state: Tournament) -> tuple[list[Row], list[BadRow]]:
    """Rows naming a player registered already (or twice in the file) become bad rows."""
    kept: list[Row] = []
    errors = list(errors)
    seen: dict[tuple[str, str], int] = {}
    for row in rows:
        surname, name = row.fields["surname"], row.fields.get("name", "")
        twin = looks_registered(state, surname, name)
        key = alphabetical_key(surname, name)
        if twin is not None:
            errors.append(
                BadRow(
                    line=row.line,
                    reason=InvalidEvent(
                        "{name} is registered already as player {player} (--again)", name=twin.full_name, player=twin.id
                    ),
                )
            )
        elif key in seen:
            errors.append(
                BadRow(
                    line=row.line, reason=InvalidEvent("the same player as on line {other} (--again)", other=seen[key])
                )
            )
        else:
            seen[key] = row.line
            kept.append(row)
    return kept, errors


def _profile(value: dict[str, str]) -> dict[str, Any]:
    if not names_someone(value.get("surname", "")):
        raise InvalidEvent("no surname")
    if not names_someone(value.get("name", "")):
        raise InvalidEvent("no first name")
    fields: dict[str, Any] = {"surname": value["surname"], "name": value.get("name", "")}
    strength = value.get("rating") or value.get("rank")
    if not strength:
        raise InvalidEvent("no rating and no rank")
    fields.update(read_strength(strength))  # a rank in the rating column is a rank, row by row
    if value.get("country"):
        fields["country"] = codes.country(value["country"])
    if value.get("club"):
        fields["club"] = value["club"]
    for key in ("birth", "sex", *TEXT_DETAILS):
        if value.get(key):
            fields[key] = value[key]
    checked_fields(profile(**fields))
    return fields


# -- the EGD rating list ---------------------------------------------------------------------

_PIN = re.compile(r"\d{8}")
_COUNTRY = re.compile(r"[A-Z]{2}")
_GRADE = re.compile(r"\d{1,2}[kdpKDP]")
_GOR = re.compile(r"-?\d{1,5}")  # a GoR of 5,000 digits is no GoR (and int() refuses it)
_COUNT = re.compile(r"\d+")


def _egd_fields(line: str) -> tuple[str, str, str, str, str, int] | None:
    """PIN, name, country, club, grade and GoR of a line of the list, or None for any other
    line.  Read as words from both ends (PIN first; from the right an optional last
    appearance, the count of tournaments, GoR, P&D, grade, club, country; the name between),
    so a line of any length costs its length: a pattern with a lazy name between two
    runs of blanks backtracked for seconds on a long line of blanks.  A line holding what no
    text of Tengen's holds (``str.isprintable``, as ``single_line`` checks a name) is none
    of the list's: ``player find`` printed its escapes to the terminal."""
    words = line.split()
    if len(words) < 8 or not _PIN.fullmatch(words[0]) or not all(word.isprintable() for word in words):
        return None  # a control or format character (an escape, a bidi override) is in no name of the list
    for end in (len(words) - 1, len(words)):  # with the last appearance first, as the shortest name
        if end - 6 < 2:
            continue
        country, club, grade, _moves, gor, count = words[end - 6 : end]
        if _COUNTRY.fullmatch(country) and _GRADE.fullmatch(grade) and _GOR.fullmatch(gor) and _COUNT.fullmatch(count):
            return words[0], " ".join(words[1 : end - 6]), country, club, grade, int(gor)
    return None


@dataclass(frozen=True)
class RatedPlayer:
    pin: str
    surname: str
    name: str
    country: str
    club: str
    grade: str
    gor: int

    def profile(self, tournament: Tournament) -> dict[str, Any]:
        """His registration in ``tournament``: his PIN, GoR as rating, and — where its scheme
        pairs as OpenGotha does — the list's grade as his rank, as OpenGotha's own import takes
        it (a 4d whose GoR says 2d starts McMahon as a 4d); elsewhere his rank is his GoR's, the
        spec's rank index."""
        fields: dict[str, Any] = {"surname": self.surname, "name": self.name, "club": self.club, "pin": self.pin}
        fields["rating"] = min(max(self.gor, MIN_RATING), MAX_RATING)  # a pro's GoR of 3000+ is 9d here
        if get_scheme(tournament.settings.scheme).traits.opengotha:
            try:
                parse_rank(self.grade)
                fields["rank"] = self.grade
            except RankError:  # a professional's grade (``1p``): his GoR's rank
                pass
        if self.country in codes.countries():
            fields["country"] = self.country
        return fields


class RatingList:
    """A loaded EGD list, searchable by the start of the name."""

    def __init__(self, players: list[RatedPlayer]) -> None:
        self.players = sorted(players, key=lambda p: _key(p.surname, p.name))
        self._keys = [_key(p.surname, p.name) for p in self.players]
        self._by_pin = {p.pin: p for p in self.players}

    @classmethod
    def read(cls, path: Path) -> RatingList:
        players = []
        for raw in _lines(path):
            fields = _egd_fields(raw)
            if fields:
                pin, full_name, country, club, grade, gor = fields
                surname, _, name = full_name.partition(" ")
                players.append(
                    RatedPlayer(
                        pin,
                        surname.replace("_", " "),
                        name.replace("_", " ").strip(),
                        country,
                        club,
                        grade.lower(),
                        gor,
                    )
                )
        if not players:
            raise ImportFailed("{path}: no players of an EGD rating list", path=path)
        return cls(players)

    def search(self, prefix: str, limit: int = 20) -> list[RatedPlayer]:
        """Players whose "surname name" starts with ``prefix`` (case and ё folded)."""
        key = _fold(prefix)
        start = bisect.bisect_left(self._keys, key)
        found = []
        for index in range(start, min(start + limit, len(self._keys))):
            if not self._keys[index].startswith(key):
                break
            found.append(self.players[index])
        return found

    def by_pin(self, pin: str) -> RatedPlayer | None:
        return self._by_pin.get(pin)


def _fold(text: str) -> str:
    """A name of the rating list, whose spaces inside a name are written ``_``."""
    return fold(text.replace("_", " "))


def _key(surname: str, name: str) -> str:
    return _fold(f"{surname} {name}")


def is_rating_list(path: Path) -> bool:
    """Whether the file reads as an EGD rating list (its header names the PIN and the GoR);
    ImportFailed for a pipe or a device, read no further than its head."""
    try:
        head = read_plain(path, 4000, head=True).decode("latin-1")
    except TournamentFileError as error:
        raise ImportFailed("{reason}", reason=error) from None
    return "PIN" in head and ("GoR" in head or "<pre>" in head) and not _table_header(head)


def _table_header(head: str) -> bool:
    """Whether the first line of ``head`` is a table's header, its cells between commas,
    semicolons or tabs, one of them ``PIN``: a players' list may name EGD's columns as EGD
    spells them (``PIN``, ``GoR``: columns it reads), and was taken for EGD's rating list
    (an attack).  EGD's own list is columns of blanks."""
    lines = head.removeprefix("\xef\xbb\xbf").splitlines()  # Excel's «CSV UTF-8» mark, read as Latin-1
    first = next((line for line in lines if line.strip()), "")
    return any("pin" in (cell.strip().strip('"').casefold() for cell in first.split(delimiter)) for delimiter in ",;\t")
