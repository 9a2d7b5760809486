"""Spreadsheets (issue 17): the XLSX read back with openpyxl, the CSV as Excel reads it."""

from __future__ import annotations

import io

from openpyxl import load_workbook

from paperwork.spreadsheets import export
from schemes.log import actions
from tests.builders import Log


def cup() -> Log:
    log = Log("round-robin", numbering="rating")
    for surname, rating in (("Иванов", 2400), ("=SUM(A1)", 2300), ("+Петров", 2200), ("Сидоров", 2100)):
        log.add(surname, rating=rating, name="Я", team="Школа")
    log.pair()
    for board, code in ((1, "W+"), (2, "draw")):
        log.commit(actions.result(1, board, code))
    return log


def test_a_workbook_has_the_three_tables_numbers_as_numbers_and_formulas_as_text() -> None:
    log = cup()
    book = load_workbook(io.BytesIO(export(log.state, "standings", 1, "xlsx")))
    assert book.sheetnames == ["Турнирное положение", "Таблица", "Участники"]
    standings = book["Турнирное положение"]
    assert standings.freeze_panes == "A2"
    header = [c.value for c in standings[1]]
    assert header[:5] == ["Место", "№", "Фамилия, имя", "Ранг", "Очки"]
    rows = [[c.value for c in row] for row in standings.iter_rows(min_row=2)]
    assert len(rows) == 4
    scores = {row[2]: row[4] for row in rows}
    assert scores["Иванов Я"] == 1 and isinstance(scores["Иванов Я"], int) and scores["+Петров Я"] == 0.5
    names = {row[2] for row in rows}
    assert "=SUM(A1) Я" in names  # kept as text, not a formula
    assert all(c.data_type != "f" for row in standings.iter_rows() for c in row)
    assert standings.column_dimensions["C"].width >= len("Фамилия, имя")
    players = book["Участники"]
    assert [c.value for c in players[1]][:4] == ["Рег.", "№", "Фамилия", "Имя"]


def test_csv_for_a_russian_excel() -> None:
    data = export(cup().state, "crosstable", 1, "csv")
    assert data.startswith("\ufeff".encode())
    lines = data.decode("utf-8-sig").splitlines()
    assert lines[0].split(";")[:4] == ["№", "Фамилия, имя", "Ранг", "1"]
    assert any(line.split(";")[1] == "'=SUM(A1) Я" for line in lines[1:])
    assert any(line.split(";")[1] == "'+Петров Я" for line in lines[1:])
    assert len(lines) == 5


def test_a_russian_csv_writes_half_points_with_a_decimal_comma() -> None:
    """Russian Excel reads «0.5» as text (or a date): the draw's half point is «0,5»; English
    keeps its point."""
    log = cup()
    russian = [line.split(";") for line in export(log.state, "standings", 1, "csv").decode("utf-8-sig").splitlines()]
    assert sorted(row[4] for row in russian[1:]) == ["0", "0,5", "0,5", "1"]
    log.commit(actions.change_settings(lang="en"))
    english = export(log.state, "standings", 1, "csv").decode("utf-8-sig").splitlines()
    assert sorted(line.split(",")[4] for line in english[1:]) == ["0", "0.5", "0.5", "1"]


def test_csv_in_english_uses_commas() -> None:
    log = Log("gamma", rounds=2, lang="en")
    log.add("Smith", rank="3k", name="J")
    lines = export(log.state, "players", 0, "csv").decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Id,No,Surname,Given name")


def test_shared_places_byes_and_absences_read_as_written_in_excel() -> None:
    """A trial: a CSV's shared place «1-4» opens in Excel as the first of April; a bye written
    «++» began as a formula does, and its guarding apostrophe stayed in sight («'++» beside
    «14+»).  A place is a number where it is one (the workbook stored «1» as text), a shared one
    «1–4»; a bye and an absence are the rating table's «0+» and «0-», in both files."""
    log = Log("gamma", rounds=2)
    for surname in ("Аа", "Бб", "Вв", "Гг", "Дд", "Ее"):
        log.add(surname, rank="2k")
    log.commit(actions.skip(6, [1]))  # five play: one of them has the bye
    log.pair()
    for board in (1, 2):
        log.commit(actions.result(1, board, "W+"))
    rows = [line.split(";") for line in export(log.state, "crosstable", 1, "csv").decode("utf-8-sig").splitlines()]
    assert [(row[3], row[-1]) for row in rows[1:]] == [
        ("3+", "1–3"), ("4+", "1–3"), ("1-", "4–5"), ("2-", "4–5"), ("0+", "1–3"), ("0-", "6")
    ]  # fmt: skip
    book = load_workbook(io.BytesIO(export(log.state, "standings", 1, "xlsx")))
    places = [row[0].value for row in book["Турнирное положение"].iter_rows(min_row=2)]
    assert places == ["1–3", "1–3", "1–3", "4–5", "4–5", 6]
    table = [[c.value for c in row] for row in book["Таблица"].iter_rows(min_row=2)]
    assert [row[3] for row in table] == ["3+", "4+", "1-", "2-", "0+", "0-"]
    kgs = Log("sport-handicap", rounds=2)  # its bye is worth half a win: «0=», as the rating table has it
    for surname in ("Аа", "Бб", "Вв"):
        kgs.add(surname, rank="2k")
    kgs.pair()
    bye = kgs.state.round(1).byes[0]
    table = [line.split(";") for line in export(kgs.state, "crosstable", 1, "csv").decode("utf-8-sig").splitlines()]
    assert next(row[3] for row in table[1:] if row[0] == str(kgs.state.numbers[bye])) == "0="
