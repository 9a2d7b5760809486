"""The standings, the table of every round and the player list as spreadsheets (issue 17).

XLSX (openpyxl): one sheet per table, the header frozen, columns as wide as their text,
numbers as numbers.  CSV for Excel: UTF-8 with a byte-order mark, ``;`` between fields
when the tournament's language is Russian (a Russian Excel expects it), ``,`` otherwise.

A text cell that begins with ``=``, ``+``, ``-`` or ``@`` would be taken by a spreadsheet as
a formula (a player called ``=HYPERLINK(…)``): in XLSX it is stored as text, in CSV it is
prefixed with an apostrophe, which spreadsheets read as "this is text".
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from data.importers import FORMULA_STARTS
from paperwork.labels import bracketed, labels
from paperwork.marks import opponent_mark
from paperwork.per_scheme import score_title
from paperwork.rating_table import free_mark
from paperwork.sheet import standings_after
from schemes.state.model import Tournament
from schemes.state.records import Free, Outcome, outcomes

Cell = str | int | float
TABLES = ("standings", "crosstable", "players")


@dataclass(frozen=True)
class Sheet:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _mark(tournament: Tournament, outcome: Outcome) -> str:
    """``5+`` and the like; a bye and a round not played as the rating table writes them, its
    points after the opponent 0 (``0+``, ``0=``, ``0-``): the paper's ``++`` and ``--`` begin as a
    formula does, and a CSV's guarding apostrophe stayed in sight (a trial read «'++»)."""
    if isinstance(outcome, Free):
        return "0" + free_mark(tournament, outcome)
    return opponent_mark(outcome, tournament.numbers)


def _place(place: str) -> int | str:
    """A place as a number where it is one; a shared one with a dash that no spreadsheet reads
    as a date (Excel took «1-4» for the first of April)."""
    return int(place) if place.isdigit() else place.replace("-", "–")


def standings_sheet(tournament: Tournament, after_round: int) -> Sheet:
    """Every column the screen shows: place, number, name, rank, the score, the chosen criteria."""
    text = labels(tournament.settings.lang)
    table = standings_after(tournament, after_round)
    criteria = (bracketed(text.get(k, k)) for k in table.columns)
    header = (
        text["place"],
        text["no"],
        text["name"],
        text["rank"],
        text[score_title(tournament, after_round)],
        *criteria,
    )
    rows = []
    for row in table.rows:
        player = tournament.players[row.player]
        rows.append(
            (
                _place(row.shown_place),
                tournament.numbers.get(row.player, ""),
                player.full_name,
                player.rank_label,
                _number(row.score),
                *(_number(row.tiebreaks[k]) for k in table.columns),
            )  # fmt: skip
        )
    return Sheet(text["sheet_standings"], header, tuple(rows))


def crosstable_sheet(tournament: Tournament, after_round: int) -> Sheet:
    """Each player's round: the opponent's number and the result (``5+``), as on the cards."""
    text = labels(tournament.settings.lang)
    table = standings_after(tournament, after_round)
    marks = outcomes(tournament, after_round)
    header = (text["no"], text["name"], text["rank"], *(str(r) for r in range(1, after_round + 1)))
    header += (text[score_title(tournament, after_round)], text["place"])
    rows = []
    for row in sorted(table.rows, key=lambda r: (tournament.numbers.get(r.player, 10**6), r.player)):
        player = tournament.players[row.player]
        cells = [_mark(tournament, o) for o in marks[row.player]]
        rows.append((tournament.numbers.get(row.player, ""), player.full_name, player.rank_label, *cells,
                     _number(row.score), _place(row.place)))  # fmt: skip
    return Sheet(text["sheet_crosstable"], header, tuple(rows))


def players_sheet(tournament: Tournament) -> Sheet:
    text = labels(tournament.settings.lang)
    header = (text["id"], text["no"], text["surname"], text["given_name"], text["patronymic"], text["rank"],
              text["rating"], text["country"], text["club"], text["birth"], text["sex"], text["team"],
              text["category"], "EGF PIN", text["rgf"])  # fmt: skip
    rows = tuple(
        (
            p.id,
            tournament.numbers.get(p.id, ""),
            p.surname,
            p.name,
            p.patronymic,
            p.rank_label,
            p.rating if p.rating is not None else "",
            p.country,
            p.club,
            p.birth,
            p.sex,
            p.team,
            p.category,
            p.pin,
            p.rgf,
        )  # fmt: skip
        for p in sorted(tournament.players.values(), key=lambda p: p.id)
    )
    return Sheet(text["sheet_players"], header, rows)


def sheets(tournament: Tournament, which: str, after_round: int) -> list[Sheet]:
    """``standings`` gives all three tables (a workbook), the others their own."""
    builders = {
        "standings": lambda: standings_sheet(tournament, after_round),
        "crosstable": lambda: crosstable_sheet(tournament, after_round),
        "players": lambda: players_sheet(tournament),
    }
    order = [which] + [t for t in TABLES if t != which] if which == "standings" else [which]
    return [builders[name]() for name in order]


def _safe(value: Cell) -> Cell:
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def to_csv(sheet: Sheet, lang: str) -> bytes:
    """Russian Excel's CSV: ``;`` between cells and a decimal comma (a review found its
    ``55.5`` read as text and ``1.5`` as the first of May); English Excel's: ``,`` and a point."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if lang == "ru" else ",", lineterminator="\r\n")
    writer.writerow([_safe(c) for c in sheet.header])
    for row in sheet.rows:
        writer.writerow([str(c).replace(".", ",") if lang == "ru" and isinstance(c, float) else _safe(c) for c in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def to_xlsx(tables: Sequence[Sheet]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook()
    book.remove(book.active)
    for table in tables:
        sheet = book.create_sheet(_sheet_title(table.title))
        for row_index, row in enumerate((table.header, *table.rows), start=1):
            for column_index, value in enumerate(row, start=1):
                cell = sheet.cell(row=row_index, column=column_index)
                cell.value = value
                if isinstance(value, str):
                    cell.data_type = "s"  # never a formula, whatever it starts with
                if row_index == 1:
                    cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
        for column_index in range(1, len(table.header) + 1):
            width = max(len(str(r[column_index - 1])) for r in (table.header, *table.rows) if column_index <= len(r))
            sheet.column_dimensions[get_column_letter(column_index)].width = min(60, max(4, width + 2))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _sheet_title(title: str) -> str:
    """Excel forbids some characters in sheet names and allows 31 of the rest."""
    return "".join(" " if c in "[]:*?/\\" else c for c in title)[:31] or "Sheet"


def export(tournament: Tournament, which: str, after_round: int, form: str) -> bytes:
    """The bytes of the file: ``form`` is ``xlsx`` or ``csv``."""
    tables = sheets(tournament, which, after_round)
    if form == "xlsx":
        return to_xlsx(tables)
    return to_csv(tables[0], tournament.settings.lang)
