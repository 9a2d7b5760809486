from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from data.importers import ImportFailed, RatingList, is_rating_list, read_csv
from schemes.log import actions
from tests.builders import Log

TESTDATA = Path(__file__).parents[2].parent / "shared" / "testdata"


@pytest.fixture(scope="module")
def egd() -> RatingList:
    return RatingList.read(TESTDATA / "egf_db.txt")


def write(tmp_path: Path, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / "players.csv"
    path.write_bytes(text.encode(encoding))
    return path


def test_a_good_csv(tmp_path: Path) -> None:
    rows, errors = read_csv(
        write(tmp_path, "surname,name,rating,country,club\nIvanov,Ivan,2150,ru,Москва\nPetrov,Petr,1890,RU,StP\n")
    )
    assert errors == []
    assert [r.fields for r in rows] == [
        {"surname": "Ivanov", "name": "Ivan", "rating": 2150, "country": "RU", "club": "Москва"},
        {"surname": "Petrov", "name": "Petr", "rating": 1890, "country": "RU", "club": "StP"},
    ]


@pytest.mark.parametrize("encoding", ["cp1251", "koi8_r"])
def test_russian_header_semicolons_and_an_eight_bit_encoding(tmp_path: Path, encoding: str) -> None:
    """Windows-1251, and KOI8-R (an old Unix list, read as Windows-1251: «еМЛЙОБ» for «Ёлкина»)."""
    path = write(tmp_path, "Фамилия;Имя;Ранг;Город\nЁлкина;Анна;3k;Санкт-Петербург\n", encoding)
    rows, errors = read_csv(path)
    assert errors == []
    assert rows[0].fields == {"surname": "Ёлкина", "name": "Анна", "rank": "3k", "club": "Санкт-Петербург"}


@pytest.mark.parametrize("encoding", ["cp1251", "koi8_r"])
def test_a_list_whose_only_jumble_is_its_yo_reads_as_written(tmp_path: Path, encoding: str) -> None:
    """A property test's KOI8-R «Ёлкина;Пётр» under an English header read in Windows-1251 as
    «іЛКИНА;рЈФР»: KOI8-R's «Ё» and «ё» are Ukrainian «і» and Serbian «Ј» there, a jumble the
    Russian letters alone did not show."""
    rows, errors = read_csv(write(tmp_path, "surname;name;rank\nЁлкина;Пётр;3k\n", encoding))
    assert errors == [] and rows[0].fields == {"surname": "Ёлкина", "name": "Пётр", "rank": "3k"}


SURNAMES = ("Иванов", "Смирнова", "Кузнецов", "Попов", "Васильева", "Петров", "Соколов", "Михайлов", "Новиков",
            "Фёдоров", "Морозова", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров", "Павлова", "Козлов",
            "Степанов", "Николаев", "Орлова", "Андреев", "Макаров", "Никитин", "Захаров", "Зайцева", "Соловьёв",
            "Борисов", "Яковлев", "Григорьев", "Романов", "Воробьёв", "Сергеев", "Кузьмина", "Фролов", "Щукин",
            "Эйдельман", "Цой", "Ким", "Юдин", "Хачатурян", "Жуков", "Шубина", "Чернов", "Ёлкина")  # fmt: skip
NAMES = ("Александр", "Мария", "Дмитрий", "Анна", "Максим", "Елена", "Иван", "Ольга", "Артём", "Юлия", "Пётр",
         "Эрик", "Ян", "Фёдор", "Щедрослав", "Ая", "Жанна", "Цветана", "Хасан", "Шамиль")  # fmt: skip


@given(
    players=st.lists(st.tuples(st.sampled_from(SURNAMES), st.sampled_from(NAMES)), min_size=1, max_size=8),
    case=st.sampled_from([str, str.upper, str.lower]),
    encoding=st.sampled_from(["cp1251", "koi8_r"]),
    header=st.sampled_from(["Фамилия;Имя;Ранг", "surname;name;rank", "ФАМИЛИЯ;ИМЯ;РАНГ"]),
)
@settings(max_examples=200, deadline=None)
def test_a_list_in_either_eight_bit_encoding_reads_as_written(
    players: list[tuple[str, str]], case: Callable[[str], str], encoding: str, header: str
) -> None:
    """A list saved in Windows-1251 reads as written whatever its names, their case and its
    header; one in KOI8-R too wherever a word is written with a capital first (in capitals or
    small letters alone the two encodings cannot be told apart: Windows-1251 is the rule)."""
    import tempfile

    written = [(case(surname), case(name)) for surname, name in players]
    lines = [header] + [f"{surname};{name};3k" for surname, name in written]
    with tempfile.TemporaryDirectory() as folder:
        rows, errors = read_csv(write(Path(folder), "\n".join(lines) + "\n", encoding))
    read = errors == [] and [(r.fields["surname"], r.fields["name"]) for r in rows] == written
    assert read or not (encoding == "cp1251" or case is str or header.startswith("Фамилия"))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_excels_unicode_text_is_read(tmp_path: Path, encoding: str) -> None:
    """Excel's «Юникод-текст»: UTF-16 with its byte order mark, tab-separated (an attack found
    it read as Windows-1251 and refused)."""
    text = "Фамилия\tИмя\tРанг\nЁлкина\tАнна\t3k\n"
    path = write(tmp_path, text, encoding) if encoding == "utf-16" else tmp_path / "be.csv"
    if encoding == "utf-16-be":
        path.write_bytes(b"\xfe\xff" + text.encode(encoding))
    rows, errors = read_csv(path)
    assert errors == [] and rows[0].fields == {"surname": "Ёлкина", "name": "Анна", "rank": "3k"}


def test_bad_rows_are_named_by_line(tmp_path: Path) -> None:
    rows, errors = read_csv(
        write(tmp_path, "surname,name,rank,country\nA,B,2d,RU\nC,D,55d,RU\n,E,1k,RU\n\nF,G,3k,RUS\nH,I,,RU\n")
    )
    assert [r.line for r in rows] == [2]
    assert list(map(str, errors)) == [
        "line 3: bad rank '55d': ranks go from 30k to 9d",
        "line 4: no surname",
        "line 6: unknown country code 'RUS': two letters, like RU or DE",
        "line 7: no rating and no rank",
    ]


def test_not_a_player_table(tmp_path: Path) -> None:
    with pytest.raises(ImportFailed, match="needs a surname column"):
        read_csv(write(tmp_path, "a,b,c\n1,2,3\n"))
    with pytest.raises(ImportFailed, match="empty"):
        read_csv(write(tmp_path, ""))


def test_the_egd_list_loads_every_player(egd: RatingList) -> None:
    assert len(egd.players) == 42824
    assert is_rating_list(TESTDATA / "egf_db.txt")


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_a_players_table_naming_egds_columns_is_no_rating_list(tmp_path: Path, delimiter: str) -> None:
    """An attack: a table with EGD's spellings of two columns it reads (``PIN``, ``GoR``) was
    taken for EGD's rating list («выберите игроков через --pin»)."""
    header = delimiter.join(["surname", "name", "rating", "country", "club", "PIN", "GoR"])
    path = write(tmp_path, f"{header}\n" + delimiter.join(["Иванов", "Иван", "2100", "RU", "Mos", "12345678", "2100"]))
    assert not is_rating_list(path)
    marked = tmp_path / "marked.csv"  # Excel's «CSV UTF-8», its PIN first (a review)
    marked.write_bytes(b"\xef\xbb\xbf" + delimiter.join(["PIN", "Surname", "Name", "GoR"]).encode() + b"\n1,A,B,2\n")
    assert not is_rating_list(marked)
    rows, errors = read_csv(path)
    assert errors == [] and [(r.fields["surname"], r.fields.get("pin")) for r in rows] == [("Иванов", "12345678")]


def test_an_old_excel_workbook_is_named_so(tmp_path: Path) -> None:
    """An attack: an .xls (how Russian lists often come) was told «не список игроков: нужен
    заголовок…»; it is told to be saved as .xlsx or CSV."""
    path = tmp_path / "players.xls"
    path.write_bytes(bytes.fromhex("d0cf11e0a1b11ae1") + bytes(504) + "Фамилия".encode("utf-16-le"))
    with pytest.raises(ImportFailed, match=r"players.xls: an Excel workbook of the old kind \(.xls\), which Tengen"):
        read_csv(path)


def test_search_by_name_prefix(egd: RatingList) -> None:
    found = egd.search("shikshin")
    assert [(p.surname, p.name, p.grade, p.gor) for p in found] == [
        ("Shikshin", "Igor", "7k", 1464),
        ("Shikshin", "Ilja", "2p", 2787),
        ("Shikshin", "Valerij", "4d", 2292),
        ("Shikshina", "Svetlana", "3p", 2598),
    ]
    assert [p.name for p in egd.search("Shikshin Il")] == ["Ilja"]
    assert egd.search("Zzzzzz") == []
    assert len(egd.search("a", limit=5)) == 5


def test_register_by_pin(egd: RatingList) -> None:
    player = egd.by_pin("14986906")
    assert (player.surname, player.name, player.country, player.club) == ("Aahs", "Robert", "SE", "Karl")
    assert player.profile(Log("gamma", 3).state) == {
        "surname": "Aahs", "name": "Robert", "club": "Karl", "pin": "14986906", "rating": 2072, "country": "SE"
    }  # fmt: skip
    assert egd.by_pin("00000000") is None


def test_a_player_from_the_list_keeps_his_grade_where_the_scheme_reads_it_as_opengotha_does(egd: RatingList) -> None:
    """Shikshin is a 4d of GoR 2292: OpenGotha's import starts him as a 4d, the seeds' rank
    index (2292 // 100) says 2d."""
    player = egd.by_pin("10825034")
    assert player is not None and (player.grade, player.gor) == ("4d", 2292)
    assert player.profile(Log("mcmahon", 3).state)["rank"] == "4d"
    assert "rank" not in player.profile(Log("gamma", 3).state)
    registered = actions.register([], **player.profile(Log("mcmahon", 3).state))[1]
    assert (registered["rank"], registered["rating"], registered["pin"]) == (24, 2292, "10825034")
    assert actions.register([], **player.profile(Log("gamma", 3).state))[1]["rank"] == 22


def test_a_list_with_mixed_encodings_keeps_the_names(egd: RatingList) -> None:
    names = {p.name for p in egd.search("Boukerrouye")}
    assert "Naïm" in names


def test_doubled_quotes_are_one_quote(tmp_path: Path) -> None:
    rows, errors = read_csv(write(tmp_path, 'surname,name,rating\n"O""Brien",Pat,2100\n'))
    assert errors == [] and rows[0].fields["surname"] == 'O"Brien'


def test_an_unclosed_quote_is_an_error_of_its_line_only(tmp_path: Path) -> None:
    rows, errors = read_csv(
        write(tmp_path, 'surname,name,rating\n"Ivanov,Ivan,2000\nPetrov,Petr,1900\nSidorov,S,1800\n')
    )
    assert list(map(str, errors)) == ["line 2: an unclosed quote"]
    assert [r.fields["surname"] for r in rows] == ["Petrov", "Sidorov"]


def test_a_field_over_the_csv_limit_is_a_bad_line_not_a_crash(tmp_path: Path) -> None:
    huge = "x" * 200_000
    rows, errors = read_csv(write(tmp_path, f'surname,name,rating\n"{huge}",A,2000\nPetrov,Petr,1900\n'))
    assert list(map(str, errors)) == ["line 2: unreadable"] and [r.fields["surname"] for r in rows] == ["Petrov"]


def test_the_readmes_header_and_a_file_without_a_header(tmp_path: Path) -> None:
    # rating|rank takes either, row by row; Cyrillic ranks
    rows, errors = read_csv(
        write(tmp_path, "surname,name,rating|rank,country,club\nA,B,2150,RU,\nC,D,3к,RU,\nE,F,2 дан,,\n")
    )
    assert errors == [] and [r.fields.get("rating", r.fields.get("rank")) for r in rows] == [2150, "3к", "2 дан"]
    rows, errors = read_csv(write(tmp_path, "Иванов;Иван;2150;RU;Москва\nПетрова;Анна;5k;;\n"))
    assert errors == []
    assert [r.fields for r in rows] == [
        {"surname": "Иванов", "name": "Иван", "rating": 2150, "country": "RU", "club": "Москва"},
        {"surname": "Петрова", "name": "Анна", "rank": "5k"},
    ]


def test_a_professional_on_the_egd_list_is_registered_at_the_top_of_the_scale(tmp_path: Path) -> None:
    line = "  12345678 Pro Top                    JP  Tok    9p   P  3050  50  T100101\n"
    path = tmp_path / "list.txt"
    path.write_text("PIN  Name  GoR\n<pre>\n" + line)
    player = RatingList.read(path).by_pin("12345678")
    assert player is not None and player.gor == 3050
    assert player.profile(Log("mcmahon", 3).state)["rating"] == 2999
    assert "rank" not in player.profile(Log("mcmahon", 3).state)  # ``9p`` is no rank of the scale: his GoR's


def test_players_on_a_workbooks_second_sheet_are_told_where_they_are_read(tmp_path: Path) -> None:
    """An attack: players on the second sheet of a workbook whose first is empty were told
    «пустой файл»."""
    from openpyxl import Workbook

    book = Workbook()
    book.create_sheet("Игроки").append(["Фамилия", "Имя", "Рейтинг"])
    path = tmp_path / "players.xlsx"
    book.save(path)
    with pytest.raises(ImportFailed, match="players.xlsx: its first sheet is empty, and the players are read from"):
        read_csv(path)


def test_an_excel_registration_list(tmp_path: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in (
        ["Фамилия", "Имя", "Рейтинг", "Город"],
        ["Иванов", "Иван", 2150, "Москва"],
        ["Петрова", "Анна", "3к", None],
        [None, None, None, None],
        ["Сидоров", "С", 1900.0, "Казань"],
    ):
        sheet.append(row)
    path = tmp_path / "players.xlsx"
    book.save(path)
    rows, errors = read_csv(path)
    assert errors == []
    assert [r.fields for r in rows] == [
        {"surname": "Иванов", "name": "Иван", "rating": 2150, "club": "Москва"},
        {"surname": "Петрова", "name": "Анна", "rank": "3к"},
        {"surname": "Сидоров", "name": "С", "rating": 1900, "club": "Казань"},
    ]
    assert [r.line for r in rows] == [2, 3, 5]


def test_a_file_named_xlsx_that_is_not_a_workbook(tmp_path: Path) -> None:
    path = tmp_path / "players.xlsx"
    path.write_text("surname,name\n")
    with pytest.raises(ImportFailed, match="not an Excel workbook"):
        read_csv(path)


def test_optional_columns_are_read(tmp_path: Path) -> None:
    from data.importers import read_csv

    path = tmp_path / "kids.csv"
    path.write_text(
        "фамилия;имя;отчество;ранг;дата рождения;пол;команда;категория\n"
        "Иванов;Иван;Петрович;20k;03.05.2014;м;Школа 5;дети до 12 лет\n",
        encoding="utf-8",
    )
    rows, errors = read_csv(path)
    assert errors == []
    assert rows[0].fields == {
        "surname": "Иванов", "name": "Иван", "rank": "20k", "patronymic": "Петрович", "birth": "03.05.2014",
        "sex": "м", "team": "Школа 5", "category": "дети до 12 лет",
    }  # fmt: skip


def test_a_long_line_of_blanks_in_the_egd_list_is_read_in_its_length(tmp_path: Path) -> None:
    """Issue 25: a line of 30,000 blanks took 33 s (a pattern backtracking over the blanks);
    read as words, a list of such lines costs what reading it costs (timed in bench/)."""
    good = "  12345678 Ivanov Ivan                 RU  Msk    2d   --  2150  12  T100101\n"
    hostile = ["12345678 Ab" + " " * 30_000 + "x", " " * 30_000, "12345678 " + "a " * 15_000 + "RU Msk 2d"]
    path = tmp_path / "list.txt"
    path.write_text("PIN  Name  GoR\n<pre>\n" + "\n".join(hostile * 20) + "\n" + good)
    players = RatingList.read(path).players
    assert [(p.pin, p.surname, p.name, p.country, p.club, p.grade, p.gor) for p in players] == [
        ("12345678", "Ivanov", "Ivan", "RU", "Msk", "2d", 2150)
    ]


def test_the_egd_line_without_its_last_appearance_and_with_a_long_name(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text(
        "PIN  Name  GoR\n<pre>\n"
        " 11111111 van_der_Berg Jan_Peter            NL  Ams    5k   --  1600   3\n"
        " 22222222 Li Xiao Long                      CN  Bei    3p   P  2800  40  T190101A\n"
    )
    found = {p.pin: (p.surname, p.name, p.grade, p.gor) for p in RatingList.read(path).players}
    assert found == {"11111111": ("van der Berg", "Jan Peter", "5k", 1600), "22222222": ("Li", "Xiao Long", "3p", 2800)}


def test_a_form_feed_or_a_line_separator_is_text_inside_a_cell_not_a_line_end(tmp_path: Path) -> None:
    """Issue 25: ``str.splitlines`` split rows on form feed and U+2028, losing a surname and
    shifting the line numbers after it.  Only CR, LF and CRLF end a row; a row holding
    another line break is a bad row of its own line, as its registration would be refused."""
    text = "surname,name,rating\r\nIva\fnov,Ivan,2000\nPet\u2028rov,Petr,1900\rSidorov,Sid,1800\n"
    rows, errors = read_csv(write(tmp_path, text))
    assert [(r.line, r.fields["surname"]) for r in rows] == [(4, "Sidorov")]
    assert list(map(str, errors)) == [f"line {n}: the surname holds a line break: one line of visible text, please"
                                      for n in (2, 3)]  # fmt: skip


def test_a_list_longer_than_any_event_is_refused_before_the_work(tmp_path: Path) -> None:
    """Issue 25: 100,000 rows ran two minutes to 5 GB; a 27 KB workbook of 3 million empty
    rows took 89 s and 800 MB to say "0 players".  Refused in one line, at once (bench/)."""
    from openpyxl import Workbook

    from data.importers import MAX_LIST_BYTES, MAX_ROWS

    rows = "".join(f"P{i},N,{1000 + i % 1000}\n" for i in range(MAX_ROWS + 1))
    with pytest.raises(ImportFailed, match=f"more than {MAX_ROWS} rows"):
        read_csv(write(tmp_path, "surname,name,rating\n" + rows))
    assert len(read_csv(write(tmp_path, "surname,name,rating\n" + rows[: rows.index(f"P{MAX_ROWS - 1},")]))[0]) == (
        MAX_ROWS - 1
    )
    book = Workbook()
    book.active.append(["surname", "name", "rating"])
    book.active.cell(row=1_048_576, column=1, value="x")  # the last row Excel has
    sheet = tmp_path / "empty.xlsx"
    book.save(sheet)
    assert sheet.stat().st_size < 30_000
    with pytest.raises(ImportFailed, match=f"more than {MAX_ROWS} rows"):
        read_csv(sheet)
    huge = tmp_path / "huge.csv"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_LIST_BYTES + 1)  # sparse: nothing is read to refuse it
    with pytest.raises(ImportFailed, match="21 MB is too big for a registration list"):
        read_csv(huge)


def test_a_pipe_a_device_or_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    """Found by an attack: a pipe named as a list held ``player find`` for ever, ``/dev/zero``
    took every byte of memory, and a 3 GB sparse file was read whole to look at its head."""
    import os

    from data.importers import MAX_RATING_LIST_BYTES

    pipe = tmp_path / "list.txt"
    os.mkfifo(pipe)
    for read in (RatingList.read, read_csv, is_rating_list):
        with pytest.raises(ImportFailed, match="a device or a pipe, not a file"):
            read(pipe)
        with pytest.raises(ImportFailed, match="a device or a pipe, not a file"):
            read(Path("/dev/zero"))
    sparse = tmp_path / "sparse.txt"
    with open(sparse, "wb") as handle:
        handle.write(b"PIN Name GoR\n")
        handle.truncate(3_000_000_000)
    assert is_rating_list(sparse)  # its head alone is read
    limit = MAX_RATING_LIST_BYTES // 1_000_000
    with pytest.raises(ImportFailed, match=f"3000 MB is too big for an EGD rating list \\(at most {limit} MB\\)"):
        RatingList.read(sparse)


def test_a_gor_of_five_thousand_digits_is_no_player_of_the_list(tmp_path: Path) -> None:
    line = "10000001 Ivanov Ivan RU Mos 1d = {gor} 12 T000101\n"
    path = tmp_path / "list.txt"
    huge = line.replace("10000001", "10000002").format(gor="9" * 5000)
    path.write_text("PIN Name GoR\n" + line.format(gor=2100) + huge)
    assert [player.pin for player in RatingList.read(path).players] == ["10000001"]
    for hostile in ("Ivan\x1b[2J\x1b[31mRED\x07", "Ivan\u202eRED", "Ivan\x9b31m"):  # escapes, bidi, CSI
        path.write_text("PIN Name GoR\n" + line.format(gor=2100) + line.replace("Ivanov Ivan", hostile).format(gor=1))
        assert [player.pin for player in RatingList.read(path).players] == ["10000001"]


def _workbook(path: Path, sheet: bytes) -> Path:
    """A workbook openpyxl wrote, its sheet then written by hand, as a hostile or damaged one
    may be."""
    import zipfile

    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["surname"])
    book.save(path)
    with zipfile.ZipFile(path) as made:
        parts = {name: made.read(name) for name in made.namelist()}
    parts["xl/worksheets/sheet1.xml"] = sheet
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as written:
        for name, data in parts.items():
            written.writestr(name, data)
    return path


SHEET = b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>%s</sheetData></worksheet>'


@pytest.mark.parametrize(
    "row",
    [b'<row r="1"><c r="A1" t="n"><v>abc</v></c></row>',  # a number that is none
     b'<row r="1"><c r="A1" t="d"><v>x</v></c></row>',  # a date that is none
     b'<row r="1"><c r="!!" t="n"><v>1</v></c></row>',  # a reference that is none
     b'<row r="1"><c r="A1" t="s"><v>7</v></c></row>'],  # a shared string past the end
)  # fmt: skip
def test_a_workbook_damaged_inside_is_one_line(tmp_path: Path, row: bytes) -> None:
    """openpyxl reads a sheet's cells only as its rows are asked for: what it raised then was
    a traceback (found by an attack)."""
    path = _workbook(tmp_path / "bad.xlsx", SHEET % row)
    with pytest.raises(ImportFailed, match="not an Excel workbook, or a damaged one"):
        read_csv(path)


def test_a_workbook_unpacking_to_gigabytes_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """Half a megabyte of workbook was five million cells, 4.6 GB and a minute."""
    import resource

    wide = SHEET % (b'<row r="1">' + b"<c><v>1</v></c>" * 4_000_000 + b"</row>")  # 60 MB of cells
    path = _workbook(tmp_path / "wide.xlsx", wide)
    assert path.stat().st_size < 1_000_000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ImportFailed, match="unpacks to 61 MB, too big for a registration list"):
        read_csv(path)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100_000  # KB: nothing unpacked
