"""What the screen and the command line write of a tournament (``tui/views.py``)."""

import os
from pathlib import Path

import pytest

from paperwork.wall_sheets import standings_sheet
from tests.builders import Log, played
from tui import i18n
from tui.views import standings_json, standings_text


def test_the_standings_are_written_on_screen_as_on_paper() -> None:
    """A check against the spec: sport-handicap's final strength and its correction went to the
    screen and the command line as ``261½`` and ``-18½`` where the paper (and the spec: «print one
    decimal») writes ``261.5`` and ``-18.5``; each value is now the paper's."""
    log = played("sport-handicap", 7, 3)
    i18n.set_language("en")
    try:
        text = standings_text(log.state, 3).splitlines()[2:]
    finally:
        i18n.set_language("ru")
    paper = standings_sheet(log.state, 3, "en").rows
    assert [line.split()[-3:] for line in text] == [[str(cell) for cell in row[-3:]] for row in paper]
    assert all(row[-3].endswith((".0", ".5")) for row in paper) and any(row[-3].endswith(".5") for row in paper)
    # headed as the final table heads the corrected strength, on paper too (a trial's standings
    # printed after the last round said «Сила» beside the cards' other strength), the screen with it
    assert standings_sheet(log.state, 3, "en").columns[4].title == "Final"
    assert [standings_sheet(log.state, after).columns[4].title for after in (2, 3)] == ["Сила", "Итог. сила"]
    from paperwork.spreadsheets import crosstable_sheet
    from paperwork.spreadsheets import standings_sheet as spreadsheet  # the exports too (a review)

    assert [spreadsheet(log.state, after).header[4] for after in (2, 3)] == ["Сила", "Итог. сила"]
    assert [crosstable_sheet(log.state, after).header[-2] for after in (2, 3)] == ["Сила", "Итог. сила"]


def test_a_new_player_is_offered_the_country_most_players_have() -> None:
    """A trial's rating table had XX for every player: the form offered no country."""
    from tests.builders import Log
    from tui.views import usual_country

    log = Log("gamma", rounds=3)
    assert usual_country(log.state) == "RU"  # a tournament in Russian, nobody registered yet
    log.add("Иванов", rating=2000, country="UA")
    log.add("Петров", rating=1900, country="RU")
    assert usual_country(log.state) == "RU"  # as many: the latest's
    log.add("Сидоров", rating=1800, country="UA")
    log.add("Козлов", rating=1700)
    assert usual_country(log.state) == "UA"


def test_a_prize_passed_over_is_quoted_in_the_words_of_the_language() -> None:
    """A trial read «most wins» in an English list: English quotes in English."""
    from schemes.awards.prizes import field_of, hand_out, standard_rules
    from schemes.registry import get_scheme
    from tests.builders import round_robin
    from tui.views import prize_notes

    log, ids = round_robin([2400, 2300, 2200, 2100])
    for number in range(1, 4):
        log.pair()
        for board in log.state.round(number).boards:
            higher = min((board.white, board.black), key=lambda p: -(log.state.players[p].rating or 0))
            log.result(number, board.number, "W+" if higher == board.white else "B+")  # the stronger always wins
    state = log.state
    field = field_of(state, get_scheme("round-robin").standings(state, 3))
    prizes = hand_out(field, standard_rules(field, places=1, specials=["most_wins"]))
    i18n.set_language("en")
    try:
        assert prize_notes(state, prizes) == [
            "most wins: 1. P1 X (4d) was ahead (wins: 3) but has the prize “place 1” already: one prize each"
        ]
    finally:
        i18n.set_language("ru")
    assert prize_notes(state, prizes) == [
        "больше всех побед: 1. P1 X (4d) впереди (побед: 3), но уже есть приз «1 место» (по одному призу на человека)"
    ]


def test_tab_completes_a_path_as_a_shell_does(tmp_path: Path) -> None:
    """The one name that begins with what is typed, a folder with its ``/``, what several
    share, else the first of them; files of other kinds, hidden ones (unless a dot is typed)
    and names not in UTF-8 are not offered; an unreadable folder or a NUL offers nothing."""
    from tui.views import completed_path

    (tmp_path / "kubok-2026.json").write_text("{}")
    (tmp_path / "kubok-2026.json.bak").write_text("{}")
    (tmp_path / "klub.xml").write_text("")
    (tmp_path / "klub.pdf").write_text("")
    (tmp_path / ".kubok.json").write_text("{}")
    (tmp_path / "летний").mkdir()
    (tmp_path / "летний" / "финал.json").write_text("{}")
    (tmp_path / "spisok.csv").write_text("")
    os.close(os.open(os.fsencode(tmp_path) + b"/k\xcf\xf0.json", os.O_CREAT | os.O_WRONLY))
    (tmp_path / "ku\nx.json").write_text("{}")  # a newline: no line to type it on
    endings = (".json", ".xml")
    assert completed_path("ku", tmp_path, endings) == "kubok-2026.json"
    assert completed_path("k", tmp_path, endings) == "klub.xml"  # klub.xml and kubok… share only «k»: the first
    assert completed_path("ле", tmp_path, endings) == "летний/"
    assert completed_path("летний/", tmp_path, endings) == "летний/финал.json"
    assert completed_path(f"{tmp_path}/летний/ф", Path("/nowhere"), endings) == f"{tmp_path}/летний/финал.json"
    assert completed_path(".k", tmp_path, endings) == ".kubok.json"
    assert completed_path("kubok-2026.json", tmp_path, endings) is None  # whole: nothing to add
    assert completed_path("s", tmp_path, endings) is None and completed_path("s", tmp_path) == "spisok.csv"
    assert completed_path("x", tmp_path, endings) is None
    assert completed_path("нет/k", tmp_path, endings) is None and completed_path("k\0", tmp_path, endings) is None
    (tmp_path / "kubok-2025.json").write_text("{}")
    assert completed_path("ku", tmp_path, endings) == "kubok-202"  # what both share


def test_a_path_typed_under_home_is_completed_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``~/`` is the referee's home, kept as typed in what the field shows."""
    from tui.views import completed_path

    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "Tengen").mkdir()
    assert completed_path("~/Te", Path("/nowhere")) == "~/Tengen/"


def test_the_bracket_says_who_lost_by_not_coming() -> None:
    """A walkover has no score: the bracket says «неявка» beside the absent finalist."""
    from tests.schemes.test_playoff import absent_finalist
    from tui.views import bracket_lines

    log, _ids = absent_finalist()
    lines = bracket_lines(log.state, "ru")
    assert lines[-4:] == ["Финал:", "   >1. P00 X (5d)    2. P01 X (4d) неявка", "", "Чемпион: 1. P00 X (5d)"]


def test_the_bracket_marks_a_game_decided_without_play_as_the_paper_does() -> None:
    """A semi-final given as ``W+F`` reads «1!» and «0!», with the paper's legend under it."""
    from tests.schemes.test_playoff import field
    from tui.views import bracket_lines

    log, ids = field(4)
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+F" if ids[0] in (board.white, board.black) else "W+")
    lines = bracket_lines(log.state, "ru")
    assert lines[1:3] == ["   >1. P00 X (5d) 1!    4. P03 X (4d) 0!", "   >2. P01 X (4d) 1     3. P02 X (4d) 0"]
    assert lines[-2:] == ["", "! — результат без игры"]


def test_the_bracket_names_the_champion_once_the_final_is_decided() -> None:
    """A trial: the champion was only the «>» beside his name (the paper names him), and the
    match for third place was headed a space further in than the final."""
    from tests.schemes.test_playoff import field, win
    from tui.views import bracket_lines

    log, ids = field(4, games_per_match="3", third_place="on")
    for winners in ({1, 2}, {1, 2}, {1, 3}):  # semi-finals 2:0; the final 1:0, third place 1:0
        log.pair()
        win(log, log.state.paired_rounds, ids, winners)
    assert bracket_lines(log.state, "ru")[-5:] == [
        "Финал:", "    1. P00 X (5d) 1    2. P01 X (4d) 0",
        "", "Матч за 3-е место:", "    4. P03 X (4d) 0    3. P02 X (4d) 1",
    ]  # fmt: skip
    log.pair()
    win(log, 4, ids, {1, 4})  # the final 2:0, the match for third place 1:1
    lines = bracket_lines(log.state, "en")
    assert lines[-2:] == ["", "Champion: 1. P00 X (5d)"] and lines.count("") == 3


def test_a_stages_second_players_stand_in_one_column() -> None:
    """An attack: where one match had a score, its opponent stood further right than the next
    match's, and the eye lost which two meet."""
    from schemes.log import actions
    from tests.builders import Log
    from tui.views import bracket_lines

    log = Log("playoff", games_per_match="3")
    for number, surname in enumerate(["Ли", "Васильев", "Ким", "Петров"]):
        log.add(surname, name="Ян", rating=2500 - 10 * number)
    log.pair()
    log.commit(actions.result(1, 1, "W+"))  # Ли beats Петров in the first game of their match
    assert bracket_lines(log.state, "ru") == [
        "Полуфинал:",
        "    1. Ли Ян (5d) 1        4. Петров Ян (4d) 0",
        "    2. Васильев Ян (4d)    3. Ким Ян (4d)",
    ]
    log = Log("playoff", games_per_match="3")  # three: the first seed passes without a game
    for number, surname in enumerate(["Ли", "Васильев", "Ким"]):
        log.add(surname, name="Ян", rating=2500 - 10 * number)
    log.pair()
    log.commit(actions.result(1, 1, "W+"))
    assert bracket_lines(log.state, "ru")[1:] == [
        "   >1. Ли Ян (5d)           проходит без игры",
        "    2. Васильев Ян (4d) 1    3. Ким Ян (4d) 0",
    ]


def test_a_bracket_match_too_long_for_a_line_takes_two() -> None:
    """A trial: a long name wrapped the match to the dialog's edge.  The second player goes
    under the first, every line within the dialog."""
    from tests.builders import Log
    from tui.views import BRACKET_WIDTH, bracket_lines

    log = Log("playoff")
    long = log.add("Васильев-Задунайский-Преображенский", name="Константин", rating=2500)
    log.add("Ли", name="Чан", rating=2400)
    log.pair()
    lines = bracket_lines(log.state, "ru")
    rank = log.state.players[long].rank_label
    first = f"    1. Васильев-Задунайский-Преображенский Константин ({rank})"
    assert lines == ["Финал:", first, "      2. Ли Чан (4d)"]
    assert all(len(line) <= BRACKET_WIDTH for line in lines)


def test_the_settings_of_a_scheme_that_sets_each_boards_komi_show_no_komi() -> None:
    from tests.builders import Log
    from tui import views

    assert "komi" not in [key for key, _value, _meaning in views.settings_rows(Log("sport-handicap", rounds=3).state)]
    assert ("komi", "6.5", "announced komi of even games") in views.settings_rows(Log("fors", rounds=3).state)


@pytest.mark.parametrize(
    ("language", "first"),
    [("ru", "Test cup — турнирное положение до первого тура"), ("en", "Test cup — standings before round 1")],
    ids=["ru", "en"],
)
def test_standings_before_any_round_is_complete_say_so(language: str, first: str) -> None:
    """A trial read «положение после 0-го тура» over round 1's pairing in ``tengen standings``,
    where the printed sheet says «до первого тура»; after round 1 the title counts it."""
    from tests.builders import Log
    from tui.views import teams_json, teams_text

    log = Log("mcmahon", rounds=3)
    for surname in ("Иванов", "Петров", "Сидоров", "Козлов"):
        log.add(surname, rank="5k", team="Восток")
    log.pair()
    i18n.set_language(language)
    try:
        before = standings_text(log.state, 0).splitlines()[0]
        teams = teams_text(log.state, teams_json(log.state, 0, 3, None, "wins")).splitlines()[0]
        for board in log.state.round(1).boards:
            log.result(1, board.number, "W+")
        after = standings_text(log.state, 1).splitlines()[0]
    finally:
        i18n.set_language("ru")
    assert before == first
    team_title = first.replace("турнирное положение", "командный зачёт").replace("standings", "team standings")
    assert teams.startswith(team_title)
    assert after == first.replace("до первого тура", "после 1-го тура").replace("before round 1", "after round 1")


def test_every_setting_s_meaning_starts_in_one_column() -> None:
    """``tengen settings`` padded the keys to 16 letters: every longer OpenGotha key
    (``genNBW2ValueAbsent``…) pushed its value and meaning out of the column."""
    from tests.builders import Log
    from tui.views import settings_rows, settings_text

    state = Log("mcmahon", rounds=3).state
    rows = {key: meaning for key, _value, meaning in settings_rows(state)}
    starts = {
        line.index(i18n._(rows[line.split()[0]])) for line in settings_text(state).splitlines() if rows[line.split()[0]]
    }
    assert len(starts) == 1 and max(len(key) for key in rows) > 16


def test_the_prizes_text_says_the_round_until_the_end() -> None:
    """A play-off trial: `tengen prizes` said «Кубок — призёры» while the match for third
    place went on, where the printed sheet says «Призёры после 4-го тура»."""
    from tests.schemes.test_playoff import field, win
    from tui.views import prizes_of, prizes_text

    log, ids = field(4, games_per_match="3", third_place="on")
    for winners in ({1, 2}, {1, 2}, {1, 3}, {1, 4}):  # the final 2:0; third place 1:1
        log.pair()
        win(log, log.state.paired_rounds, ids, winners)
    assert prizes_text(log.state, prizes_of(log.state, 4), 4).splitlines()[0] == "Test cup — призёры после 4-го тура"
    log.pair()
    win(log, 5, ids, {3})
    lines = prizes_text(log.state, prizes_of(log.state, 5), 5).splitlines()
    assert lines[0] == "Test cup — призёры" and [line.split()[:3] for line in lines[1:4]] == [
        ["1", "место", "1."], ["2", "место", "2."], ["3", "место", "3."],
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "query", "holds"),
    [
        ("Müller Jürgen", "muller", True),
        ("Horváth Ödön", "horvath odon", True),
        ("Łukaszewski Paweł", "lukasz", True),
        ("Søndergaard Jens", "sondergaard", True),
        ("O'Brien Seán", "o'brien", True),
        ("Müller Jürgen", "mül", True),
        ("Ёлкина Мария", "мария ёлк", True),
        ("Ёлкина Мария", "elkina", True),
        ("Ёлкина Мария", "елкин", True),
        ("Horváth Ödön", "horvat ed", False),
        ("Müller Jürgen", "miller", False),
        ("김 민수", "김", True),
        ("김 민수", "kim", False),  # Hangul has no Latin form here: the name is found as written
        ("Smith John", "김 h", False),  # nor a word of the query (a review: it was left out, and «h» found him)
        ("Голованов Пётр", "голь", False),  # Cyrillic by Cyrillic, as typed (a review: «gol» found him)
        ("Николаев Иван", "коль", False),
        ("Smith John", "смит", True),  # a Latin name by its Cyrillic sound
        ("Smith Иван", "смит", True),
        ("Ґонта Іван", "иван", True),  # letters a Russian keyboard has not (a review)
        ("Шевчук Олексій", "олексий", True),
        ("Єрмак Олег", "ерм", True),
    ],
)
def test_a_name_is_found_without_its_accents_in_either_alphabet(name: str, query: str, holds: bool) -> None:
    """A trial: a player on a phone's English keyboard typed «muller», «horvath», and nobody
    was found; the app's search too."""
    from tui.views import name_holds

    assert name_holds(name, query) is holds


def test_every_document_is_named_in_words_in_both_languages() -> None:
    """The English print dialog listed «blank-cards», «table»: the command's names, where the
    Russian one said «пустые карточки», «итоговая таблица»."""
    from paperwork.kinds import KINDS
    from tui.views import document_label

    state = Log("gamma", rounds=3).state
    i18n.set_language("en")
    try:
        english = [document_label(state, kind, "team") for kind in KINDS]
    finally:
        i18n.set_language("ru")
    assert english == ["player cards", "round protocol", "result slips", "round schedule", "standings", "final table",
                       "registration list", "team standings", "prize winners", "blank player cards",
                       "blank round protocol", "blank final table"]  # fmt: skip
    assert [document_label(state, kind, "team") for kind in KINDS] == [i18n.RU[name] for name in english]


def test_a_winner_who_withdrew_is_said_under_the_prizes() -> None:
    """A trial: the second prize went to a player out after round 1, OpenGotha's absent rounds
    keeping him second, and nothing said so.  Whether he takes it is the event's rule: the
    prizes say he withdrew, on screen, on the command line and on paper."""
    from paperwork.tables import prizes as printed
    from schemes.awards.prizes import withdrawn_winners
    from schemes.log import actions
    from tests.builders import Log
    from tui import i18n, views

    log = Log("gamma", 4)
    for i, rating in enumerate((2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700)):
        log.add(f"Игрок{i}", rating=rating, sex="f" if i == 0 else "")  # «выбыла»: she (a review read «снят»)
    for number in (1, 2):
        log.pair()
        for board in log.state.round(number).boards:
            log.result(number, board.number, "W+")
    prizes = views.prizes_of(log.state, 2)
    leader = prizes[0].players[0]
    log.commit(actions.withdraw(log.state, leader, 3))
    prizes = views.prizes_of(log.state, 2)
    assert withdrawn_winners(log.state, prizes) == [(prizes[0], leader)]
    said = views.prizes_json(log.state, prizes)  # ``prizes --json``: a script reads it too
    assert said[0]["withdrawn"] == [leader] and all(p["withdrawn"] == [] for p in said[1:])
    i18n.set_language("ru")
    name = log.state.players[leader].full_name
    assert [n for n in views.prize_notes(log.state, prizes) if "выбыла" in n] == [
        f"1 место: {views.player_label(log.state, leader)} — выбыла с тура 3"
    ]
    assert name in views.player_label(log.state, leader)
    from io import BytesIO

    from pypdf import PdfReader

    pdf = bytes(printed(log.state, log.events, 2).output())
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf)).pages)
    assert "— выбыла с тура 3" in text


def test_the_standings_of_an_event_over_are_the_final_table_with_its_own_score() -> None:
    """A trial: ``tengen standings`` of a finished sport-handicap event said «положение после
    3-го тура» over «Сила» beside the corrected strength, where the app and the paper say
    «Итоговая таблица» and «Итог. сила»; the wider title kept its values under it."""
    from tests.builders import played
    from tui.views import standings_text

    log = played("sport-handicap", 4, 3)
    lines = standings_text(log.state, 3).splitlines()
    assert lines[0] == "Test cup — итоговая таблица"
    assert lines[1].split("  ")[-3:] == ["Итог. сила", "Поправка", " Серия"]
    assert lines[1].index("Итог. сила") + len("Итог. сила") == lines[2].index("253.0") + len("253.0")
    assert standings_text(log.state, 2).splitlines()[:2] == [
        "Test cup — турнирное положение после 2-го тура",
        "Место    №  Фамилия, имя                               Ранг    Сила   Серия",
    ]


def test_the_bracket_names_the_finalist_whose_opponents_both_lost() -> None:
    """A review: one semi-final both lost, the final read «— проходит без игры», the champion
    named only below; the other semi-final's winner is on the final's line, going through."""
    from schemes.log import actions
    from tests.schemes.test_playoff import field
    from tui.views import bracket_lines

    log, _ids = field(4)
    log.pair()
    log.commit(actions.result(1, 1, "both-lose"))
    log.commit(actions.result(1, 2, "W+"))
    lines = bracket_lines(log.state, "ru")
    assert lines[4:6] == ["Финал:", "   >2. P01 X (4d)   проходит без игры"]


def test_the_players_columns_are_as_wide_as_their_longest_entry() -> None:
    """A trial: «Санкт-Петербург» ran into the country beside it in ``tengen players``."""
    from tui.views import players_text

    log = Log("gamma", rounds=3)
    log.add("Иванов", rating=2000, club="Санкт-Петербург", country="RU")
    log.add("Константинопольский-Преображенский", rating=1900, name="Александр-Мария", club="Тверь", country="UA")
    i18n.set_language("en")
    try:
        head, *rows = players_text(log.state).splitlines()
    finally:
        i18n.set_language("ru")
    assert [row.index(country) for row, country in zip(rows, ["RU", "UA"], strict=True)] == [head.index("Country")] * 2
    assert [row.index(rank) for row, rank in zip(rows, ["1k", "2k"], strict=True)] == [head.index("Rank") + 2] * 2


def test_the_team_standings_by_the_schemes_score_say_so_in_russian() -> None:
    """An attack: ``teams --points score`` headed «(3 лучших, score)», the option's own word."""
    from tui.views import teams_json, teams_text

    log = played("gamma", 6, 1)
    state = log.state
    header = teams_text(state, teams_json(state, 1, 3, "country", "score")).splitlines()[0]
    assert header.endswith("(3 лучших, очки схемы)"), header


def test_the_standings_number_each_category_from_1_where_the_categories_decide_first() -> None:
    """As OpenGotha's screen and paper do; the rows stay in the field's order."""
    log = Log("swiss", rounds=3, categoryLimits="1K", placementCriteria="CAT,NBW")
    for surname, rank in (("A", "3d"), ("B", "2d"), ("C", "5k"), ("D", "10k")):
        log.add(surname, rank=rank)
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    rows = standings_json(log.state, 1)["rows"]
    assert [(row["place"], row["tiebreaks"]["CAT"]) for row in rows] == [("1", 1), ("2", 1), ("1", 2), ("2", 2)]
    assert [row["field_place"] for row in rows] == ["1", "2", "3", "4"]  # for scripts: the whole field's


def test_a_redone_result_says_what_its_board_shows_where_it_is_not_that_result() -> None:
    """A trial: the chief's Ctrl+Y said «Возвращено: … Победа белых» while every laptop showed
    the black win a helper had typed since on the board the undo emptied: said beside it."""
    from schemes.log import actions
    from schemes.log.merge import merge
    from tests.schemes.test_merge import founded
    from tui.views import redone_note

    chief, table = founded(2)
    typed = chief.make(actions.result(1, 1, "W+"), 20)
    assert typed is not None and chief.make(actions.undo(len(chief.log())), 21) is not None
    table.take(chief)
    assert table.make(actions.result(1, 1, "B+"), 22) is not None  # on the board the undo emptied
    chief.take(table)
    mine = lambda e: e.origin is not None and e.origin.device == chief.device  # noqa: E731
    assert chief.make(actions.redo(chief.log(), mine), 23) is not None
    merged = merge(chief.held.values())
    subject = next(e for e in merged.events if e.origin == typed.origin)
    assert redone_note(merged.state, subject) == (
        "но на доске остаётся результат «Победа чёрных», введённый позже на «Table 1»"
    )
    assert merged.state.rounds[0].results[1].code == "B+"
