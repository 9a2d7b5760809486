"""The results-table reader on the real tables of shared/testdata, and writing them back."""

from pathlib import Path

import pytest

from data.results_table import write
from tests.data.results_table_reader import (
    TableError,
    games,
    keywords,
    parse,
    parse_result,
    read,
    rounds,
    symmetry_problems,
)

TESTDATA = Path(__file__).parents[2].parent / "shared" / "testdata"
FILES = {  # file: (players, rounds)
    "egc2013.h9": (594, 10),
    "egc2023.txt": (670, 10),
    "T190420D.txt": (48, 5),
    "juvisy.h9": (19, 4),
    "ioct.h9": (4, 3),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_real_tables_parse_and_agree_with_themselves(name: str) -> None:
    table = read(TESTDATA / name)
    players, count = FILES[name]
    assert len(table.lines) == players and rounds(table) == count
    assert all(len(line.results) == count for line in table.lines)
    assert symmetry_problems(table) == []
    found = games(table)
    assert found, "games are read"
    assert games(parse(write(table))) == found


def test_what_real_files_contain() -> None:
    egc2013 = read(TESTDATA / "egc2013.h9")
    assert keywords(egc2013)["EV"] == "EGC2013main" and keywords(egc2013)["DT"] == "2013-07-28,2013-08-10"
    tied = [line for line in egc2013.lines if not line.place]
    assert len(tied) == 44
    first = egc2013.lines[0]
    assert (first.surname, first.name, first.grade, first.country, first.club) == ("Fan", "Hui", "7d", "FR", "75Op")
    forfeit = next(r for line in egc2013.lines for r in line.results if r.forfeit)
    assert forfeit.colour in ("w", "b")
    egc2023 = read(TESTDATA / "egc2023.txt")
    boviz = egc2023.lines[2]
    assert boviz.pin == "14225926" and [r.played for r in boviz.results[:4]] == [False, False, False, True]
    assert egc2023.lines[3].country == "UK" and egc2023.lines[0].info == ("36", "10", "36", "326", "3187")
    juvisy = read(TESTDATA / "juvisy.h9")  # ISO-8859-15
    assert (juvisy.lines[4].surname, juvisy.lines[4].name) == ("Nemo", "André")
    assert max(r.handicap or 0 for line in juvisy.lines for r in line.results) == 9
    ioct = read(TESTDATA / "ioct.h9")
    assert [r.text() for r in ioct.lines[0].results] == ["3+/b7", "4+/w2", "2+/w2"]
    assert "HA" not in keywords(ioct)
    ukraine = read(TESTDATA / "T190420D.txt")
    assert sum(r.opponent == 0 and r.outcome == "=" for line in ukraine.lines for r in line.results) > 0


@pytest.mark.parametrize(
    "token, fields",
    [
        ("26+/w0", (26, "+", "w", 0, None, False, True)),
        ("22+!w0", (22, "+", "w", 0, None, True, True)),
        ("22+/w0!", (22, "+", "w", 0, None, True, True)),
        ("7+/w", (7, "+", "w", None, None, False, True)),
        ("35=", (35, "=", None, None, None, False, True)),
        ("11-/w3k8", (11, "-", "w", 3, 8, False, True)),
        ("11+/b3k-8", (11, "+", "b", 3, -8, False, True)),
        ("0=", (0, "=", None, None, None, False, True)),
        ("-", (0, "-", None, None, None, False, False)),
        ("12?/B2", (12, "?", "b", 2, None, False, True)),
    ],
)
def test_result_tokens(token: str, fields: tuple) -> None:
    result = parse_result(token)
    assert (
        result.opponent,
        result.outcome,
        result.colour,
        result.handicap,
        result.komi,
        result.forfeit,
        result.played,
    ) == fields


def test_bad_lines_are_named() -> None:
    with pytest.raises(TableError, match="line 2: no name and grade"):
        parse("; header\n1 Ivanov Ivan RU Mos 2+/w0\n")
    with pytest.raises(TableError, match="no result lines"):
        parse("; only comments\n")
