import io
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from data.errors import Refused
from paperwork.build import document
from paperwork.labels import EN, RU
from paperwork.sheet import made_at
from paperwork.tables import final_table, prizes, registration, standings, teams
from schemes.log import actions
from schemes.registry import get_scheme
from tests.builders import Log, played, round_robin, stronger_always_wins
from tests.paperwork.conftest import pages
from tests.schemes.test_gamma import scenario

VLADIVOSTOK = {  # fors.md, row by row
    "1 Затонских Антон 6d Kha 30 +2/50 +3/72 +5/96 +4/119 +8/145": "1",
    "2 Лю Личунь 6d Kha 30 -1/40 -5/50 +3/72 +8/98 -6/108": "2",
    "3 Павлов Сергей 4d Nov 20 +4/41 -1/49 -2/57 +6/80 +7/104": "3",
    "4 Куташов Александр 3d Kha 15 -3/24 +7/47 -8/57 -1/64 +5/85": "5",
    "5 Хованец Алексей 2d Vla 10 +6/31 +2/51 -1/57 +7/79 -4/88": "4",
    "6 Петеримов Сергей 1d Kha 5 -5/14 -8/24 +7/45 -3/52 +2/72": "6",
    "7 Горячкин Андрей 1k Vla 0 +8/20 -4/27 -6/36 -5/44 -3/50": "8",
    "8 Воропаев В 1k Kha 0 -7/10 +6/30 +4/50 -2/54 -1/58": "7",
}


def test_the_vladivostok_final_table_reads_as_in_the_seed(ledgers) -> None:
    cup = ledgers["fors-vladivostok"]
    text = pages(final_table(cup.state, cup.events, 5))[0]
    assert "Итоговая таблица" in text
    for row, place in VLADIVOSTOK.items():
        assert re.search(re.escape(row) + r" \d+ " + place + "$", text, re.MULTILINE), row
    assert "+5 — победа над № 5; -5 — поражение от № 5." in text  # the legend in the table's own notation


def test_gamma_table_writes_half_points_and_shared_places() -> None:
    log = scenario()
    text = pages(final_table(log.state, log.events, 4))[0].splitlines()
    # A: start 19; rounds (colour+handicap, opponent+result); level 21, technical 0, 81.5, place 1-2
    assert "1 P2510 X 2510 19 +0 3+ +0 4+ +0 2-! +9 5- 21 0 81½ 1-2" in text
    # F: bye is not his; he skipped round 3: "-" and "--", as on his card (issue 24: one notation)
    assert any(line.startswith("6 P798 X 798 7") and " - -- " in line and line.endswith("9 1 40½ 6") for line in text)
    legend = next(line for line in text if "— победа над № 5" in line)
    assert "++ — свободный тур" in " ".join(text) and "-- — пропуск тура" in legend
    assert "ЦФ — цвет и фора" in " ".join(text) and "ФКБ — форовый коэффициент Бухгольца" in " ".join(text)
    assert "/w" not in " ".join(text)  # Gamma writes colours in its own column


def test_numbers_are_right_aligned_and_results_and_names_are_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """paperwork.md: «numbers are right-aligned» — a check found ``81½`` centred above ``40½``.
    Each cell of the Gamma table as drawn: the places (``1-2``), the points and the ratings
    to the right; the names to the left; the ranks, colours and results (``3+``, ``2-!``) centred."""
    from paperwork.document import Document

    drawn: dict[str, set[str]] = {}
    fit_cell = Document.fit_cell

    def seen(self: Document, width: float, height: float, text: object, *args: object, **kwargs: object) -> None:
        drawn.setdefault(str(kwargs.get("align", "C")), set()).add(text if isinstance(text, str) else text[0])
        fit_cell(self, width, height, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Document, "fit_cell", seen)
    log = scenario()
    final_table(log.state, log.events, 4)
    assert {"1-2", "81½", "40½", "2510", "798", "21", "0"} <= drawn["R"]
    assert {"3+", "2-!", "+0", "--", "-"} <= drawn["C"] and not {"3+", "+0", "ЦФ"} & drawn["R"]
    assert any(text.startswith("P2510") for text in drawn["L"])


def test_standings_with_shared_places_and_tiebreaks() -> None:
    log = scenario()
    text = pages(standings(log.state, log.events, 4))[0].splitlines()
    assert "Турнирное положение после 4-го тура" in text[1]
    assert "1-2 1 P2510 X 5d 21 0 81½" in text and "1-2 2 P2247 X 2d 21 0 81½" in text


def test_prizes_before_the_end_say_the_round_they_stand_after() -> None:
    """A trial's prizes-4.pdf was titled «Призёры» alone, as the final prizes are."""
    from paperwork.tables import prizes

    log = scenario()
    total = get_scheme("gamma").total_rounds(log.state)
    assert total is not None and total > 3
    assert pages(prizes(log.state, log.events, 3))[0].splitlines()[1] == "Призёры после 3-го тура"
    assert pages(prizes(log.state, log.events, total))[0].splitlines()[1] == "Призёры"


@pytest.mark.parametrize("kind", ["standings", "table", "teams", "prizes"])
def test_a_paper_after_a_round_missing_results_says_which(kind: str) -> None:
    """A trial printed the standings after a round with two boards still playing: titled
    «after round 3» alone, they went to the wall as if final.  Each paper after a round
    names the boards without a result under its title — of an earlier round too (a postponed
    game: a review); after complete rounds, nothing."""
    log = Log("mcmahon", 4)
    for i in range(12):
        log.add(f"P{i}", rating=2000 - 50 * i, club=f"C{i % 3}")
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    log.pair()
    for board in log.state.round(2).boards[1:]:
        log.result(2, board.number, "W+")  # board 1 of round 2 waits
    log.commit(actions.pair(log.state, random.Random(1), early=True))
    for board in (1, 2, 3, 4):
        log.result(3, board, "W+")

    def lines(after: int) -> list[str]:
        return pages(document(kind, log.state, log.events, after))[0].splitlines()

    assert "после 3-го тура" in lines(3)[1]
    assert lines(3)[2] == "(ещё нет результатов в 2-м туре на доске 1, в 3-м туре на досках 5, 6)"
    assert lines(2)[2] == "(ещё нет результата на доске 1)"
    log.result(2, 1, "B+")
    assert lines(3)[2] == "(ещё нет результатов на досках 5, 6)"
    log.result(3, 6, "B+")
    assert lines(3)[2] == "(ещё нет результата на доске 5)"
    assert "нет результат" not in "\n".join(lines(2))


def test_a_400_player_standings_and_table_lose_no_row() -> None:
    log = played("sport-handicap", 400, 3)
    for kind in ("standings", "table", "registration"):
        text = pages(document(kind, log.state, log.events, 3))
        assert len(text) > 1
        names = [n for page in text for n in re.findall(r"Игроков-Длиннофамильный(\d{3})", page)]
        assert sorted(names) == [f"{i:03d}" for i in range(400)], kind
        assert all(("Фамилия, имя" in page) for page in text), "the header on every page"


def test_a_team_of_many_players_is_written_whole_on_more_lines() -> None:
    """A club of fifteen: its members' cell was shrunk to an unreadable size and still cut
    («…Новико…»); it wraps, the row growing, and the other rows keep their height."""
    log = Log("gamma", 3)
    for i in range(15):
        log.add(f"Членклубов{i:02d}", rating=1500 + 10 * i, club="Санкт-Петербург")
    for i in range(3):
        log.add(f"Одиночка{i}", rating=1400 + 10 * i, club=f"Город{i}")
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    built = document("teams", log.state, log.events, 1)
    text = " ".join(pages(built)[0].split())
    assert all(f"Членклубов{i:02d}" in text for i in range(15)) and "…" not in text
    assert len(pages(built)) == 1


@pytest.mark.parametrize(
    ("by", "title"),
    [("team", "Командный зачёт после 1-го тура (в зачёт — лучших: 1)"),
     ("club", "Зачёт клубов после 1-го тура (в зачёт — лучших: 1)"),
     ("country", "Зачёт стран после 1-го тура (в зачёт — лучших: 1)")],
)  # fmt: skip
def test_the_team_standings_say_what_they_group_and_count(by: str, title: str) -> None:
    """A review: clubs and countries were headed «Командный зачёт», and one counted read
    «в зачёт — 1 лучших»; ``--by country`` had no title at all."""
    from paperwork.tables import teams

    log = Log("gamma", 3)
    for i, (team, club, country) in enumerate((("Школа 1", "Спартак", "RU"), ("Школа 2", "Динамо", "BY"))):
        log.add(f"Игрок{i}", rating=1500 + 10 * i, club=club, team=team, country=country)
    log.pair()
    log.result(1, 1, "W+")
    text = pages(teams(log.state, log.events, 1, 1, by))[0]
    assert title in text and "Сумма лучших" in text
    legend = (
        "Очки игрока в зачёте: победа — 1, ничья (джиго, тройное ко) — ½, свободный тур — 1, поражение и пропуск — 0"
    )
    assert legend in " ".join(text.splitlines())  # a Gamma level is no team's point (a trial)


def test_the_team_standings_say_a_bye_is_worth_what_the_scheme_gives_it() -> None:
    """A round robin's bye is worth its ``bye_points`` (0) there too (two trials read its byes
    counted as wins)."""
    from paperwork.tables import teams

    log = played("round-robin", 5, 5)
    for player in log.state.players:
        log.commit(actions.edit(player, club="Спартак"))
    text = " ".join(pages(teams(log.state, log.events, 5, 3, "club"))[0].splitlines())
    assert "свободный тур — 0, поражение и пропуск — 0" in text


def test_round_robin_crosstable() -> None:
    log = played("round-robin", 5, 5)
    text = pages(final_table(log.state, log.events, 5))[0]
    assert text.count("×") == 5
    header = next(line.split() for line in text.splitlines() if line.startswith("№ Фамилия, имя Ранг"))
    columns = [int(n) for n in header[4:9]]  # the columns, headed by the numbers, in the rows' order
    rows = [line for line in text.splitlines() if re.match(r"^\d Игроков", line)]
    assert len(rows) == 5 and [int(line.split()[0]) for line in rows] == columns
    table = {int(line.split()[0]): dict(zip(columns, line.split()[4:9], strict=True)) for line in rows}
    for i in range(1, 6):
        assert table[i][i] == "×"
        for j in range(1, 6):
            if i != j:  # each game once from each side: 1 against 0
                assert {table[i][j], table[j][i]} == {"1", "0"}


def _four_in_a_round_robin() -> Log:
    """P1..P4 rated in that order, so numbered 1-4.  Berger n = 4 (round-robin.md): round 1
    1-4, 2-3; round 2 4-3, 1-2; round 3 2-4, 3-1 (white first, the pair with 4 on board 1).
    Results: 4 beats 1, 2-3 a draw; 4 beats 3, 2 beats 1; 2 beats 4, 1 beats 3.
    Points: 1: 0+0+1 = 1; 2: ½+1+1 = 2½; 3: ½+0+0 = ½; 4: 1+1+0 = 2 — places 2, 4, 1, 3.
    Buchholz: 2: 2+1+½ = 3½; 4: 2½+1+½ = 4; 1: 2½+2+½ = 5; 3: 2½+2+1 = 5½."""
    log, _ = round_robin([2400, 2300, 2200, 2100])
    for number, results in enumerate((("B+", "draw"), ("W+", "B+"), ("W+", "B+")), start=1):
        log.pair()
        for board, code in enumerate(results, start=1):
            log.result(number, board, code)
    return log


def test_the_final_round_robin_table_goes_by_place_columns_too() -> None:
    log = _four_in_a_round_robin()
    text = pages(final_table(log.state, log.events, 3))[0].splitlines()
    assert "Итоговая таблица (по местам)" in text
    assert "№ Фамилия, имя Ранг 2 4 1 3 Очки Бухгольц Личн. встр. Место" in text
    rows = [line for line in text if re.match(r"^\d P\d", line)]
    assert rows == [
        "2 P2 X 3d × 1 1 ½ 2½ 3½ 0 1",
        "4 P4 X 1d 0 × 1 1 2 4 0 2",
        "1 P1 X 4d 0 0 × 1 1 5 0 3",
        "3 P3 X 2d ½ 0 0 × ½ 5½ 0 4",
    ]
    assert "1 — победа, ½ — ничья, 0 — поражение." in text


def test_the_games_a_withdrawal_left_unplayed_are_marked_in_the_round_robin_table() -> None:
    """A trial: the final table left the cells of a player withdrawn after round 1 blank, as if
    the games were still to come, and its legend said nothing of them.  Each side's cell says
    what the round was for him, as every other table does: «--» the withdrawn one's, «++» the
    free round of his opponent.  Round 1 (1-4, 2-3): 4 beats 1, 2 beats 3; 3 withdraws from
    round 2; round 2: 1-2 (1 wins), 4 free; round 3: 2-4 (4 wins), 1 free."""
    log, ids = round_robin([2400, 2300, 2200, 2100])
    log.pair()
    log.result(1, 1, "B+")
    log.result(1, 2, "W+")
    log.commit(actions.withdraw(log.state, ids[2]))
    for number in (2, 3):
        log.pair()
        assert len(log.state.round(number).boards) == 1
        log.result(number, 1, "W+" if number == 2 else "B+")
    text = pages(final_table(log.state, log.events, 3))[0].splitlines()
    assert "№ Фамилия, имя Ранг 4 1 2 3 Очки Бухгольц Личн. встр. Место" in text
    assert [" ".join(line.split()[:8]) for line in text if re.match(r"^\d P\d", line)] == [
        "4 P4 X 1d × 1 1 ++",
        "1 P1 X 4d 0 × 1 ++",
        "2 P2 X 3d 0 0 × 1",
        "3 P3 X 2d -- -- 0 ×",
    ]
    assert "1 — победа, ½ — ничья, 0 — поражение; ++ — свободный тур; -- — пропуск тура или выбыл." in text
    early, players = round_robin([2400, 2300, 2200, 2100])  # 3 leaves from round 3, told after round 1
    early.pair()
    early.result(1, 1, "B+")
    early.result(1, 2, "W+")
    early.commit(actions.withdraw(early.state, players[2], 3))
    early.pair()  # round 2: 4-3 and 1-2, no result yet; 3-1 of round 3 will not be played
    text = pages(final_table(early.state, early.events, 1))[0].splitlines()
    cells = {line.split()[0]: line.split()[4:] for line in text if re.match(r"^\d P\d", line)}
    assert cells["3"][:3] == ["--", "0", "×"]  # against 4 (round 2, still to play): blank
    assert cells["1"][:2] == ["×", "0"] and cells["4"][:2] == ["1", "×"]  # the rest to come: blank


def test_a_double_round_robin_marks_each_cycles_game_in_turn() -> None:
    """A review: with two cycles a missed game's mark vanished once the pair's second game was
    in (R1, absent from round 1, against 4 read «0»), and «--» stood for a game still to come.
    Four players, two cycles; 1 skips round 1 (1-4), every other game won by white."""
    log = Log("round-robin", cycles="2", numbering="rating")
    ids = [log.add(f"R{n}", rating=2500 - 10 * n) for n in range(1, 5)]
    log.commit(actions.skip(ids[0], [1]))
    for number in range(1, 7):
        log.pair()
        for board in log.state.round(number).boards:
            log.result(number, board.number, "W+")
    assert [(b.white, b.black) for b in log.state.round(4).boards] == [(ids[3], ids[0]), (ids[2], ids[1])]

    def rows(after: int) -> list[str]:
        text = pages(final_table(log.state, log.events, after))[0].splitlines()
        assert (
            after < 6
            or "1 — победа, ½ — ничья, 0 — поражение; ++ — свободный тур; -- — пропуск тура или выбыл." in text
        )
        return [line for line in text if re.match(r"^\d R\d", line)]

    # after round 3, by number (2 beat 3, 4 free; 4 beat 3, 1 beat 2; 2 beat 4, 3 beat 1): 1's game of
    # round 4 with 4 still to come, nothing for it
    assert [" ".join(line.split()[:8]) for line in rows(3)] == [
        "1 R1 X 4d × 1 0 --",
        "2 R2 X 4d 0 × 1 1",
        "3 R3 X 4d 1 0 × 0",
        "4 R4 X 4d ++ 0 1 ×",
    ]
    # the final table, by place (2, 3, 4, 1): round 1's «--» and «++» beside round 4's game, won by white (4)
    assert [" ".join(line.split()[:11]) for line in rows(6)] == [
        "2 R2 X 4d × 1 0 1 0 0 1",
        "3 R3 X 4d 0 1 × 0 1 1 0",
        "4 R4 X 4d 0 1 1 0 × ++ 1",
        "1 R1 X 4d 1 0 0 1 -- 0 ×",
    ]


@pytest.mark.parametrize("scheme", ["gamma", "round-robin"])
def test_a_table_before_any_round_is_over_says_so(scheme: str) -> None:
    """A check: round 1 paired, a result still missing, the table was «после 0-го тура»."""
    log = Log(scheme, None if scheme == "round-robin" else 3)
    for surname in ("Аа", "Бб", "Вв", "Гг"):
        log.add(surname, rating=2000)
    log.pair()
    log.result(1, 1, "W+")
    text = pages(final_table(log.state, log.events, 0))[0].splitlines()
    assert text[1].startswith("Таблица до первого тура") and not any("0-го" in line for line in text)
    titles = [pages(made(log.state, log.events, 0))[0].splitlines()[1] for made in (standings, prizes, teams)]
    assert titles == [  # a trial: the clubs' and the prizes' said «после 0-го тура»
        "Турнирное положение до первого тура",
        "Призёры до первого тура",
        "Зачёт клубов до первого тура (в зачёт — лучших: 3)",
    ]
    assert "Призёров пока нет: ни один тур не закончен." in pages(prizes(log.state, log.events, 0))[0]  # no bare header


def test_the_working_round_robin_table_keeps_the_number_order() -> None:
    log = _four_in_a_round_robin()
    text = pages(final_table(log.state, log.events, 2))[0].splitlines()
    # after round 2: 1 has 0, 2 has 1½, 3 has ½, 4 has 2 — still listed 1, 2, 3, 4
    assert "Таблица после 2-го тура (по номерам)" in text
    rows = [line.split()[0] + " " + line.split()[-4] for line in text if re.match(r"^\d P\d", line)]
    assert rows == ["1 0", "2 1½", "3 ½", "4 2"]


def test_the_english_titles_say_the_order_too() -> None:
    log = Log("round-robin", lang="en", numbering="rating")
    for surname, rating in (("A", 2400), ("B", 2300), ("C", 2200)):
        log.add(surname, rating=rating)
    log.pair()
    log.result(1, 1, "W+")
    assert "Table after round 1 (by number)" in pages(final_table(log.state, log.events, 1))[0]
    for number in (2, 3):
        log.pair()
        log.result(number, 1, "W+")
    assert "Final table (by place)" in pages(final_table(log.state, log.events, 3))[0]


def test_registration_list_is_alphabetical_with_every_player(ledgers) -> None:
    gamma = ledgers["gamma"]
    text = pages(registration(gamma.state, gamma.events))[0].splitlines()
    names = [p.full_name for p in gamma.state.players.values()]
    lines = [line for line in text if any(name in line for name in names)]
    order = [next(name for name in names if name in line) for line in lines]
    assert order == sorted(names, key=lambda n: n.lower().replace("ё", "е"))


def test_the_same_log_gives_the_same_bytes(ledgers) -> None:
    gamma = ledgers["gamma"]
    for kind in ("cards", "protocol", "slips", "standings", "table", "registration"):
        first = bytes(document(kind, gamma.state, gamma.events, 3).output())
        again = bytes(document(kind, gamma.state, gamma.events, 3).output())
        assert first == again, kind
        created = PdfReader(io.BytesIO(first)).metadata.creation_date
        assert created.timestamp() == made_at(gamma.events).timestamp(), "dated by the last event"


def test_both_languages_have_every_label() -> None:
    assert set(RU) == set(EN)


CROSS = {("1", "0"), ("0", "1"), ("½", "½"), ("1!", "0!"), ("0!", "1!"), ("0!", "0!")}
"""The two cells of one game: a win, a draw, a walkover, both lose."""


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_finished_round_robin_table_is_square_in_place_order(data: st.DataObject) -> None:
    size = data.draw(st.integers(3, 7), label="players")
    log, _ = round_robin(list(range(2500, 2500 - 10 * size, -10)))
    for number in range(1, size + (size % 2)):
        log.pair()
        for board in log.state.round(number).boards:
            log.result(
                number, board.number, data.draw(st.sampled_from(("W+", "B+", "draw", "W+F", "B+F", "both-lose")))
            )
    last = log.state.paired_rounds
    text = pages(final_table(log.state, log.events, last))[0].splitlines()
    assert "Итоговая таблица (по местам)" in text
    order = [str(log.state.numbers[row.player]) for row in get_scheme("round-robin").standings(log.state, last).rows]
    header = next(line.split() for line in text if line.startswith("№ Фамилия, имя Ранг"))
    rows = {line.split()[0]: line.split()[4 : 4 + size] for line in text if re.match(r"^\d P\d", line)}
    assert header[4 : 4 + size] == order and list(rows) == order  # rows and columns by place
    for i, a in enumerate(order):
        assert rows[a][i] == "×"
        for j, b in enumerate(order):
            if i != j:
                assert (rows[a][j], rows[b][i]) in CROSS


def test_the_registration_list_gives_the_clubs_room_and_blocks_a_column_only_where_there_are_some() -> None:
    """A trial: «Санкт-Петерб…» in a tiny font beside a wide «Не играет с» column no Gamma
    player had anything in."""
    log = Log("fors", rounds=3)
    first = log.add("Алексеев", rating=2100, club="Санкт-Петербург")
    log.add("Борисов", rating=2000, club="Новосибирск")
    plain = pages(registration(log.state, log.events))[0]
    assert "Санкт-Петербург" in plain and "Новосибирск" in plain and "Не играет с" not in plain
    third = log.add("Васильев", rating=1900, club="Москва", block=[first])
    lines = pages(registration(log.state, log.events))[0].splitlines()
    assert "Не играет с" in lines[2]
    # both ways: Алексеев's row names Васильев too
    assert [line.rsplit(" ", 1)[-1] for line in lines if line.split()[0] in (str(first), str(third))] == ["3", "1"]


def test_a_narrow_column_is_widened_by_what_others_leave_empty() -> None:
    """A trial's 40-player round robin cut its shared places to «32…»: the place column takes
    from the crosstable's half-empty columns and from the names' shorter forms, every range
    whole, the name column still naming each player."""
    log = played("round-robin", 40, 2)
    lines = pages(final_table(log.state, log.events, 2))[0].splitlines()
    rows = [line for line in lines if re.match(r"\d+ Игроков", line)]
    places = [row.split()[-1] for row in rows]
    assert len(rows) > 20 and all(re.fullmatch(r"\d+(-\d+)?", place) for place in places), places
    assert any(re.fullmatch(r"\d\d-\d\d", place) for place in places)  # a range of two two-digit places


def test_the_mcmahon_table_numbers_the_rows_its_cells_name() -> None:
    """OpenGotha's table names each opponent by his row («5+»): the rows are numbered beside
    the places (which may be shared), as OpenGotha's «Num», under «#», and the legend says «the
    player of row 5» — a trial read its «№ 5» as the player numbered 5 on the boards."""
    log = played("mcmahon", 12, 3)
    lines = pages(final_table(log.state, log.events, 3))[0].splitlines()
    rows = [line.split() for line in lines if re.match(r"\d+ \d+(-\d+)? Игроков", line)]
    assert [row[0] for row in rows] == [str(n) for n in range(1, 13)]
    assert lines[2].startswith("# М. Фамилия, имя")
    assert "5+ — победа над игроком строки 5 (#)" in " ".join(lines) and "№ 5" not in " ".join(lines)
    assert "/w — белыми, /b — чёрными, цифра после — камни форы" in " ".join(lines)  # a trial read «2+/w1» unexplained


def test_the_bracket_moves_a_winner_on_as_soon_as_his_result_is_in() -> None:
    """A paperwork review: the semi-finals' lines stayed empty until every quarter-final was
    over, and the champion's until the third-place match was.  Seeds 1 and 5 won their
    quarter-finals (the others not yet played): both stand on their semi-final's lines; then the
    final decided, its winner is the champion with the third-place match still to play."""
    from tests.schemes.test_playoff import field, win

    log, ids = field(8, third_place="on")
    log.pair()
    for board in log.state.round(1).boards[:2]:  # 1-8 and 4-5: 1 and 5 win
        seed = {p: i + 1 for i, p in enumerate(ids)}
        log.result(1, board.number, "W+" if seed[board.white] in (1, 5) else "B+")
    text = pages(final_table(log.state, log.events, 1))[0].splitlines()

    def lines(label: str) -> int:  # the bracket's lines of a player, in the text as it is
        return sum(line.startswith(label) for line in text)

    assert (lines("1. P00 X."), lines("5. P04 X."), lines("2. P01 X.")) == (2, 2, 1)
    for board in log.state.round(1).boards[2:]:
        seed = {p: i + 1 for i, p in enumerate(ids)}
        log.result(1, board.number, "W+" if seed[board.white] in (2, 3) else "B+")
    log.pair()
    win(log, 2, ids, {1, 2})
    log.pair()
    final = next(b for b in log.state.round(3).boards if {b.white, b.black} == {ids[0], ids[1]})
    log.result(3, final.number, "W+" if final.white == ids[1] else "B+")  # 2 beats 1; third place not played
    text = pages(final_table(log.state, log.events, 3))[0].splitlines()
    assert lines("2. P01 X.") == 4  # quarter-final, semi-final, final, champion


def test_the_bracket_names_its_stages_and_who_goes_through_without_a_game() -> None:
    """A trial: five players' bracket had no stage over its columns, an empty line beside each
    seed without an opponent, and was titled «после 0-го тура» before any round was over."""
    from tests.schemes.test_playoff import field

    log, _ids = field(5)
    with pytest.raises(Refused, match="the bracket is drawn when round 1 is paired"):  # an empty one said «Финал»
        final_table(log.state, log.events, 0)
    log.pair()
    text = pages(final_table(log.state, log.events, 0))[0].splitlines()
    assert "Сетка плей-офф: посев" in text and not any("0-го" in line for line in text)
    heads = next(line for line in text if line.startswith("1/4 финала"))
    assert heads.split() == ["1/4", "финала", "Полуфинал", "Финал", "Чемпион"]
    assert text.count("(проходит без игры)") == 3  # seeds 1, 2 and 3 wait for the semi-finals
    crowd, _ids = field(33)
    crowd.pair()
    text = pages(final_table(crowd.state, crowd.events, 0))[0]
    assert "1/32 финала" in text and "(проходит без игры)" not in text  # no room between 64 lines (a review)


def test_the_bracket_marks_a_walkover() -> None:
    """The absent finalist's score is «н/я» (no game was played), the champion moves on."""
    from tests.schemes.test_playoff import absent_finalist

    log, _ids = absent_finalist()
    text = pages(final_table(log.state, log.events, 2))[0].splitlines()
    assert "2. P01 X. н/я" in text and sum(line.startswith("1. P00 X.") for line in text) == 3
    assert "н/я — неявка: матч проигран без игры" in text  # said under the bracket (a trial)
    assert "Сетка плей-офф" in text  # over: no round named
    assert "Сетка плей-офф после 1-го тура" in pages(final_table(log.state, log.events, 1))[0].splitlines()


def test_the_bracket_marks_a_game_decided_without_play() -> None:
    """A review: a semi-final the referee gave as ``W+F`` read «1» and «0» on the wall, as if
    played.  Its scores are «1!» and «0!», explained under the bracket, and the match for
    third place moves up to leave the line its room; a bracket of played games has neither."""
    from tests.schemes.test_playoff import field

    log, ids = field(4, third_place="on")
    log.pair()
    for board in log.state.round(1).boards:  # 1 beats 4 without a game; 2 beats 3 at the board (white: the seed)
        log.result(1, board.number, "W+F" if ids[0] in (board.white, board.black) else "W+")
    log.pair()
    text = pages(final_table(log.state, log.events, 2))[0].splitlines()
    assert ("1. P00 X. 1!" in text, "4. P03 X. 0!" in text, "2. P01 X. 1" in text) == (True, True, True)
    assert text[-2:] == ["! — результат без игры", "Стр. 1 из 1"]
    assert text.index("Матч за 3-е место") < text.index("! — результат без игры")
    played, _ids = field(4, third_place="on")
    played.pair()
    for board in played.state.round(1).boards:
        played.result(1, board.number, "W+")
    assert "! — результат без игры" not in pages(final_table(played.state, played.events, 1))[0]


def test_a_walkover_is_printed_as_a_win_without_a_game_not_a_bye() -> None:
    """A trial: the final won by walkover was «Свободный тур» on the protocol and ``++``/``--``
    on the cards.  The protocol names the win without a game; the cards write the opponent,
    no colour, and ``+!``/``-!`` as for any result without a game."""
    from paperwork.cards import cards
    from paperwork.per_scheme.playoff import rating_info
    from paperwork.rounds import protocol
    from tests.schemes.test_playoff import absent_finalist

    log, _ids = absent_finalist()
    text = pages(protocol(log.state, log.events, 2))[0].splitlines()
    assert "Победа без игры (неявка соперника): 1 P00 X" in text and not any("Свободный" in line for line in text)
    faces = [
        face.split("Примечания")[0].splitlines() for face in pages(cards(log.state, log.events))[0].split("Карточка")
    ]
    champion, finalist = faces[1], faces[2]
    assert "2 2 +!" in champion and "2 1 -!" in finalist and "2 ++" not in champion and "2 --" not in finalist
    assert rating_info(log.state, 2)[_ids[0]] == ("1", "1", "1", "1")  # place, wins, seed, games: one sat at


def test_a_protocols_white_and_black_names_have_one_width() -> None:
    """A trial: one 35-letter surname among the black players widened their column and shrank
    every white name to 6 pt.  White's and black's columns keep one width."""
    from paperwork.document import Document
    from paperwork.labels import labels
    from paperwork.wall_sheets import protocol_columns

    log = played("gamma", 4, 1)
    document = Document(log.state, log.events, "")
    columns = protocol_columns(labels("ru"), "gamma")
    long = ("Васильев-Задунайский-Преображенский Константин", "Васильев-Задунайский-Преображенский К.")
    rows = [["1", "1", ("Смирнова Анна", "Смирнова А."), "3k", "15", "2", long, "4k", "14", "0", "6.5", ""]]
    widths = document.widths(columns, document.epw, rows, 11)
    named = [width for width, column in zip(widths, columns, strict=True) if column.title in ("Белые", "Чёрные")]
    assert len(named) == 2 and named[0] == named[1] and abs(sum(widths) - document.epw) < 1e-9


def test_a_column_gives_no_room_below_its_title_at_the_tables_size() -> None:
    """A review: the titles' room was measured at the headers' least size (8 pt), and an 11 pt
    protocol's «Коми» and «№» gave room to the names until their titles shrank."""
    from paperwork.document import HEADER_FONT, Document
    from paperwork.sheet import Column

    log = played("gamma", 4, 1)
    document = Document(log.state, log.events, "")
    columns = [Column("№", 1), Column("Коми", 1), Column("Белые", 4, "L")]
    rows = [["1", "6.5", ("Игроков-Длиннофамильный Константин Константинович", "Игроков-Длиннофамильный К. К.")]]
    widths = document.widths(columns, 60, rows, 11)
    for column, width in zip(columns[:2], widths, strict=False):  # as wide as its title, or as it was
        title = document.text_width(column.title, "B", max(11, HEADER_FONT)) + 2 * document.c_margin
        assert width >= min(10, title) - 1e-9, column.title
    assert abs(sum(widths) - 60) < 1e-9 and widths[2] > 40  # the names took what № left


def test_points_are_written_with_halves_and_quarters() -> None:
    """A trial's round robin read «27.75» in the Sonneborn–Berger column beside «5½»."""
    from paperwork.marks import points

    assert [points(v) for v in (27.75, 1.75, 0.25, 9.0, 5.5, 0.5, -2.25, 1.2)] == [
        "27¾", "1¾", "¼", "9", "5½", "½", "-2¼", "1.2",
    ]  # fmt: skip


def test_english_paperwork_quotes_in_english() -> None:
    """An English referee's trial: the prizes sheet's note read «place 1» in English."""
    from paperwork.labels import EN

    assert [key for key, text in EN.items() if "«" in text or "»" in text] == []


def test_the_missing_results_name_three_rounds_then_an_ellipsis() -> None:
    """A review: six rounds paired without results made a paper's line of six rounds' boards,
    drawn at 3 pt.  Three rounds are named, «…» after; five boards a round."""
    from paperwork.sheet import unfinished

    log, _ids = round_robin([2000 - 10 * i for i in range(14)])
    for _round in range(4):
        log.commit(actions.pair(log.state, random.Random(1), early=True))
    assert unfinished(RU, log.state, 4) == (
        " (ещё нет результатов в 1-м туре на досках 1, 2, 3, 4, 5…, в 2-м туре на досках 1, 2, 3, 4, 5…, "
        "в 3-м туре на досках 1, 2, 3, 4, 5…, …)"
    )
    assert unfinished(EN, log.state, 1) == " (no result yet on boards 1, 2, 3, 4, 5…)"


def test_a_skip_announced_too_late_is_marked_apart_from_one_in_time() -> None:
    """sport-handicap.md: a skip in time pays 5, one after the deadline counts as an absence (0).
    A trial read both as «--» on the final table and the cards (the strength column alone told
    them apart): the late one is «--!», explained under the table."""
    log = Log("sport-handicap", 3)
    ids = [log.add(f"Игрок{i}", rating=2000 - 50 * i) for i in range(6)]
    log.commit(actions.skip(ids[0], [2]))  # before round 1 is paired: in time
    log.pair()
    log.commit(actions.skip(ids[1], [2]))  # round 1 paired: too late for round 2
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    log.pair()
    for board in log.state.round(2).boards:
        log.result(2, board.number, "W+")
    text = " ".join(" ".join(page.split()) for page in pages(final_table(log.state, log.events, 2)))
    first, second = (log.state.numbers[ids[0]], log.state.numbers[ids[1]])
    assert re.search(rf"\b{first} Игрок0 X \S+ \S+ \S+ \S+ -- ", text) and re.search(
        rf"\b{second} Игрок1 X \S+ \S+ \S+ \S+ --! ", text
    )
    assert "-- — пропуск тура или выбыл" in text and "--! — пропуск объявлен поздно: как неявка" in text
    assert "! — результат без игры" not in text  # «--!» is no forfeit
    cards = " ".join(" ".join(page.split()) for page in pages(document("cards", log.state, log.events, 2)))
    assert cards.count("--! — пропуск объявлен поздно") == 6 and cards.count("--!") == 7  # each card's legend says it
    gamma = " ".join(" ".join(page.split()) for page in pages(document("cards", played("gamma", 4, 1).state, [], 1)))
    assert "--!" not in gamma  # a scheme without a deadline never writes it


def test_a_bracket_whose_final_both_lost_says_no_champion() -> None:
    """A trial: the champion's line of a final both lost stayed blank, a paper that looked
    unfinished."""
    from tests.schemes.test_playoff import field, win

    log, ids = field(4)
    log.pair()
    win(log, 1, ids, {1, 2})
    log.pair()
    log.result(2, 1, "both-lose")
    text = pages(final_table(log.state, log.events, 2))[0].splitlines()
    assert "не присуждено: финал проиграли оба" in text
    log, ids = field(4)
    log.pair()
    win(log, 1, ids, {1, 2})
    log.pair()
    win(log, 2, ids, {1})
    assert "не присуждено: финал проиграли оба" not in pages(final_table(log.state, log.events, 2))[0]


def test_a_play_offs_team_paper_says_a_pass_is_no_game_won() -> None:
    """The team paper's note says what a player's points are: a play-off's passes and waits
    count nothing, where the other schemes' byes count a win."""
    from paperwork.tables import teams
    from tests.schemes.test_playoff import field, win

    log, ids = field(5)
    for player, team in zip(ids, "AABBC", strict=True):
        log.commit(actions.edit(player, team=team))
    log.pair()
    win(log, 1, ids, {4})
    text = " ".join(pages(teams(log.state, log.events, 1)))
    assert "проход без соперника и ожидание — 0" in text and "свободный тур — 1" not in text


def test_the_prizes_paper_says_who_was_passed_over_and_for_which_prize() -> None:
    """One prize each: the most wins go to the next best, and the sheet says who had more but
    a prize already, naming that prize (the screen's note, in the paper's words)."""
    from schemes.awards.prizes import PrizeRules

    log, _ids = stronger_always_wins(4)
    sheet = pages(prizes(log.state, log.events, 3, PrizeRules(places=1, specials=("most_wins",))))[0]
    assert "больше всех побед: 1 A X впереди (побед: 3), но уже есть приз «1 место»" in " ".join(sheet.split())


def test_the_prizes_paper_counts_the_passed_over_it_does_not_name() -> None:
    """Seven players, the stronger always wins; places 1-4 and the most wins: three of the
    four ahead named, the fourth counted (a trial read a 3-win player passed over unsaid)."""
    from schemes.awards.prizes import PrizeRules

    log, _ids = stronger_always_wins(7)
    sheet = " ".join(pages(prizes(log.state, log.events, 7, PrizeRules(places=4, specials=("most_wins",))))[0].split())
    assert sheet.count("впереди (побед:") == 3 and "больше всех побед: впереди ещё 1, у каждого уже есть приз." in sheet
