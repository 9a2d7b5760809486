"""The players' pages as HTML: the paper's tables, the app's words, a search by any part of a
name, the projector's slides, and a hostile name that stays text."""

from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path

import pytest

from data.service import Service
from paperwork.sheet import standings_after
from paperwork.wall_sheets import standings_sheet
from schemes.log import actions
from schemes.state.model import Tournament
from tests.builders import Log, played
from tests.tui.web.players import HOSTILE, hall_tournament
from tui.web import pages
from tui.web.html import tag, text


@pytest.fixture
def state(tmp_path: Path) -> Tournament:
    return Service(hall_tournament(tmp_path / "t.json")).state


def visit(state: Tournament, lang: str | None = None, path: str = "/") -> pages.Visit:
    shown, chosen = pages.language_of(state, lang)
    return pages.Visit(state, shown, chosen, "v1", path)


def cells(html: str, row_id: str) -> list[str]:
    """The text of each cell of the row ``row_id``."""
    row = re.search(rf'<tr id="{row_id}">(.*?)</tr>', html)
    assert row is not None, row_id
    return [
        " ".join(unescape(re.sub(r"<[^>]+>", " ", c)).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1))
    ]


def test_a_search_finds_a_name_by_any_part_in_either_alphabet(state: Tournament) -> None:
    elkina, smith = 1, 3
    for query in ("елк", "ЕЛК", "Ёлк", "ёлкина м", "elk", "ELKINA"):
        assert pages.matches(state, query) == [elkina], query
    assert pages.matches(state, "смит") == [smith]  # a Latin name by its Cyrillic sound
    assert pages.matches(state, "ов") == [2, 5, 6]  # Иванов, Петров, Сидорова: in surname order
    assert pages.matches(state, "е") == []  # one letter finds everyone: asks for more
    assert pages.matches(state, "щщщ") == []
    assert pages.matches(state, "Мария ёлк") == pages.matches(state, "mariya elk") == [elkina]  # a first name first
    assert pages.matches(state, " 1 ") == [elkina] and pages.matches(state, "99") == []  # the number on his card


def test_a_search_on_an_english_keyboard_finds_an_accented_name() -> None:
    """A trial: «muller» and «horvath» found nobody on a phone; the pages search as the app does."""
    from tests.builders import Log

    log = Log("mcmahon", 3)
    muller, horvath = log.add("Müller", name="Jürgen", rank="1k"), log.add("Horváth", name="Ödön", rank="2k")
    assert pages.matches(log.state, "muller") == [muller] and pages.matches(log.state, "odon horvath") == [horvath]


def test_a_player_of_a_category_is_told_his_place_in_it_as_his_row_shows_it() -> None:
    """Where the categories decide first, the standings number each from 1 (OpenGotha's
    screen and paper): the search says the place with its category, and his row shows it."""
    log = Log("swiss", rounds=3, categoryLimits="1K", placementCriteria="CAT,NBW")
    ids = [log.add(s, rank=r) for s, r in (("Ан", "3d"), ("Бор", "2d"), ("Вер", "5k"), ("Гор", "10k"))]
    log.pair()
    for board in log.state.round(1).boards:
        log.result(1, board.number, "W+")
    state = log.state
    row = next(row for row in standings_after(state, 1).rows if row.player == ids[2])
    assert row.place in ("3", "4") and row.in_category in ("1", "2")
    html = pages.player(visit(state, path="/player"), "Вер")
    said = f"Вер X (5k) — место {row.in_category} в категории 2 после 1-го тура"
    assert said in unescape(re.sub(r"<[^>]+>", "", html))
    assert cells(pages.standings(visit(state), 1), f"player-{ids[2]}")[0] == row.in_category


def test_the_search_page_names_the_board_colour_and_opponent(state: Tournament) -> None:
    html = pages.player(visit(state, path="/player"), "елк")
    text = unescape(re.sub(r"<[^>]+>", "", html))
    assert "1 Ёлкина Мария (2d)" in text
    assert "1-й тур: доска 1, чёрные, против 2 Иванов Иван (1d); коми 6.5; результат: Б+" in text
    assert 'href="/round/1#board-1"' in html
    nobody = unescape(re.sub(r"<[^>]+>", "", pages.player(visit(state), "Зззз")))
    assert "По запросу «Зззз» никого не нашлось" in nobody


def test_a_player_found_is_told_his_place_and_led_to_his_row(tmp_path: Path) -> None:
    """A review: «Где я играю?» gave the board alone, and a player scrolled a phone's 42,000
    pixels of standings for his place.  Once a round is complete the search says his place
    and links to his row of the standings, which the page names; before that, no place."""
    path = hall_tournament(tmp_path / "t.json")
    before = pages.player(visit(Service(path).state, path="/player"), "елк")
    assert "после" not in unescape(re.sub(r"<[^>]+>", "", before))
    with Service(path, writable=True) as service:
        for board in service.state.rounds[0].boards[1:]:
            service.commit(actions.result(1, board.number, "B+"))
        state = service.state
    html = pages.player(visit(state, path="/player"), "елк")
    place = next(row.place for row in standings_after(state, 1).rows if row.player == 1)
    assert f"1 Ёлкина Мария (2d) — место {place} после 1-го тура" in unescape(re.sub(r"<[^>]+>", "", html))
    assert 'href="/standings#player-1"' in html
    assert cells(pages.standings(visit(state), 1), "player-1")[:3] == [place, "1", "Ёлкина Мария"]


def test_standings_of_a_round_still_being_played_say_they_are_not_final(tmp_path: Path) -> None:
    """A review read the standings after a round with one result of 200 missing as final."""
    path = hall_tournament(tmp_path / "t.json")
    state = Service(path).state
    missing = len(state.rounds[0].missing)
    shown = unescape(re.sub(r"<[^>]+>", "", pages.standings(visit(state), 1)))
    assert f"Не окончательно: результатов 1-го тура ещё не хватает — {missing}" in shown and missing > 0
    assert "Не окончательно" not in unescape(re.sub(r"<[^>]+>", "", pages.standings(visit(state), 0)))
    with Service(path, writable=True) as service:
        for board in service.state.rounds[0].boards[1:]:
            service.commit(actions.result(1, board.number, "B+"))
        state = service.state
    shown = unescape(re.sub(r"<[^>]+>", "", pages.standings(visit(state), 1)))
    assert "Не окончательно" not in shown and "Итоговые места" not in shown  # two rounds to come


@pytest.mark.parametrize("scheme", ["gamma", "round-robin"])
def test_the_standings_after_the_last_round_say_they_are_final(scheme: str) -> None:
    """A review found the finished event's standings worded like any round's: after the last
    round, its results all in, they say they are final; after an earlier round they do not."""
    state = played(scheme, 5, 5 if scheme == "round-robin" else 3).state
    last = state.paired_rounds
    assert "Итоговые места: сыграны все туры" in unescape(re.sub(r"<[^>]+>", "", pages.standings(visit(state), last)))
    assert "Итоговые места" not in unescape(re.sub(r"<[^>]+>", "", pages.standings(visit(state), last - 1)))


def test_a_hostile_name_and_title_stay_text_everywhere(state: Tournament) -> None:
    every = [
        pages.event(visit(state)),
        pages.pairing(visit(state), 1),
        pages.standings(visit(state), 0),
        pages.player(visit(state), "<scr"),
        pages.player(visit(state), '"><script>alert(1)</script>'),
        pages.projector(visit(state), 0),
    ]
    for html in every:
        assert "<script>alert" not in html and "<b>Жирный" not in html and "<i>зала" not in html
        assert html.count("<script") == 1 and '<script src="/live.js" defer></script>' in html  # ours alone
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in every[1]
    assert unescape(re.sub(r"<[^>]+>", "", every[3])).count(HOSTILE) == 1  # found, as text
    assert 'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in every[4]


def test_control_characters_never_reach_a_page() -> None:
    """Names refuse them already (a setting, a registration); the page drops any that came by another way."""
    assert text("Кубок\x1b[31m\x00зала\tи\n") == "Кубок[31mзала\tи\n"
    assert tag("td", "<b>", class_='"x') == '<td class="&quot;x">&lt;b&gt;</td>'
    # a visitor's search echoed back: a right-to-left override turned «…» and the rest around
    assert text("\u202eabc\u2066d\u200fe\u061c") == "abcde"


def test_a_search_with_a_writing_direction_override_is_echoed_without_it(state: Tournament) -> None:
    page = pages.player(visit(state), "\u202eabc")
    assert "\u202e" not in page and "«abc»" in page


def test_a_pairing_is_the_protocol_with_each_result_as_the_app_writes_it(state: Tournament) -> None:
    html = pages.pairing(visit(state), 1)
    assert cells(html, "board-1") == [
        "1 Коми 6.5", "2", "Иванов Иван № 2 · 1d", "1d", "30", "1", "Ёлкина Мария № 1 · 2d", "2d", "31", "",
        "6.5", "Б+",  # no stones: an even game (a trial read «Фора 0» as a handicap)
    ]  # fmt: skip
    assert cells(html, "board-2")[-1] == ""  # awaited
    english = pages.pairing(visit(state, "en"), 1)
    assert cells(english, "board-1")[-1] == "W+" and ">White<" in english and ">Белые<" not in english
    assert cells(english, "board-1")[2] == "Иванов Иван No 2 · 1d"  # not the Russian «№»


def test_the_standings_have_the_papers_columns_and_legend(state: Tournament) -> None:
    html = pages.standings(visit(state, path="/standings"), 0)
    long = [
        re.sub(r'<span class="short">.*?</span>|<[^>]+>', "", t)
        for t in re.findall(r'<th class="[^"]*">(.*?)</th>', html)
    ]
    assert [unescape(t) for t in long] == [c.title for c in standings_sheet(state, 0).columns]
    assert '<span class="long">Место</span><span class="short">М.</span>' in html  # a phone's narrow column
    assert "SOS — сумма очков соперников" in unescape(html)
    with pytest.raises(pages.NotFound):
        pages.standings(visit(state), 2)


def test_a_round_not_paired_is_not_found(state: Tournament) -> None:
    with pytest.raises(pages.NotFound, match="2-й тур ещё не составлен"):
        pages.pairing(visit(state), 2)


def test_the_language_is_the_tournaments_unless_the_visitor_chose(state: Tournament) -> None:
    assert pages.language_of(state, None) == ("ru", None)
    assert pages.language_of(state, "en") == ("en", "en")
    assert pages.language_of(state, "xx<") == ("ru", None)
    english = pages.event(visit(state, "en"))
    assert '<html lang="en">' in english and 'href="/standings?lang=en"' in english
    assert '<a href="/?lang=ru">RU</a>' in english  # the switch back


def test_a_postponed_game_of_an_earlier_round_keeps_the_last_table_from_being_final() -> None:
    """A review: a round robin's game of round 2 put off, round 3 complete, the page said
    «Итоговые места: сыграны все туры» where the paper said «после 3-го тура»."""
    log = Log("round-robin")
    for i in range(1, 5):
        log.add(f"P{i}", rating=2400 - 50 * i)
    for number in (1, 2, 3):
        log.commit(actions.pair(log.state, random.Random(1), early=number == 3))
        for board in log.state.round(number).boards:
            if (number, board.number) != (2, 2):
                log.result(number, board.number, "W+")
    shown = unescape(re.sub(r"<[^>]+>", "", pages.standings(visit(log.state), 3)))
    assert "Итоговые места" not in shown and "Не окончательно: результатов 2-го тура ещё не хватает — 1" in shown
    log.result(2, 2, "B+")
    assert "Итоговые места: сыграны все туры" in unescape(re.sub(r"<[^>]+>", "", pages.standings(visit(log.state), 3)))


def test_the_projector_shows_a_field_without_a_player_who_never_played() -> None:
    """A review: a FORS player withdrawn before the draw has no row, but the slides were cut
    by every registered player, and the standings slide failed (IndexError); the event page
    counted him too."""
    log = Log("fors", rounds=3)
    gone = [log.add(f"P{i}", rating=2400 - 50 * i) for i in range(1, 7)][0]
    log.commit(actions.withdraw(log.state, gone, 1))
    log.pair()
    assert [kind for kind, _n, _rows in pages.slides(log.state)] == ["round", "standings"]
    assert pages.slides(log.state)[1][2] == range(0, 5)
    slide = pages.projector(visit(log.state, path="/projector"), 1)
    assert slide.count("<tr>") == 1 + 5
    assert "участников: 5" in unescape(re.sub(r"<[^>]+>", "", pages.event(visit(log.state))))


def test_the_projector_cycles_the_pairing_then_the_standings(tmp_path: Path) -> None:
    state = Service(hall_tournament(tmp_path / "t.json", extra=24)).state  # 30 players, 15 boards
    assert [(kind, n, (r.start, r.stop)) for kind, n, r in pages.slides(state)] == [
        ("round", 1, (0, 15)), ("standings", 0, (0, 15)), ("standings", 0, (15, 30)),
    ]  # fmt: skip
    first = pages.projector(visit(state, path="/projector"), 0)
    # the live script fetches the next slide; with scripts off, a meta refresh goes there
    assert 'data-next="/projector?slide=1" data-seconds="12"' in first
    assert '<noscript><meta http-equiv="refresh" content="12;url=/projector?slide=1"></noscript>' in first
    assert first.count('<tr id="board-') == 15 and "1/3" in first
    last = pages.projector(visit(state, path="/projector"), 2)
    assert 'content="12;url=/projector?slide=0"' in last and last.count("<tr>") == 1 + 15  # header and 15 rows
    assert pages.projector(visit(state), 8) == pages.projector(visit(state), 2)  # any number: one of the three


@pytest.mark.parametrize(("count", "sizes"), [(0, [0]), (1, [1]), (15, [15]), (16, [8, 8]), (61, [12, 12, 12, 12, 13])])
def test_a_table_is_cut_into_slides_as_equal_as_they_go(count: int, sizes: list[int]) -> None:
    """A trial: 61 players were five slides of 12 and a sixth of one."""
    assert [len(rows) for rows in pages._cut(count)] == sizes


def test_every_row_is_on_one_slide_of_at_most_fifteen() -> None:
    for count in range(1, 800):
        cut = pages._cut(count)
        assert [r.start for r in cut[1:]] == [r.stop for r in cut[:-1]] and cut[0].start == 0 and cut[-1].stop == count
        assert max(map(len, cut)) <= pages.SLIDE_ROWS and max(map(len, cut)) - min(map(len, cut)) <= 1


def test_before_any_pairing_the_event_says_so(tmp_path: Path) -> None:
    with Service.create(tmp_path / "t.json", [actions.create("Кубок", "gamma", 5)]) as service:
        state = service.state
    html = pages.event(visit(state))
    assert "Жеребьёвки ещё не было" in html and "/round/" not in html
    assert pages.slides(state) == [("standings", 0, range(0, 0))]


def test_a_double_round_robins_page_says_the_rounds_cycle_and_a_single_ones_no_empty_line() -> None:
    from tests.builders import round_robin

    double, _ = round_robin([2400, 2300, 2200, 2100], cycles="2")
    double.pair()
    html = pages.pairing(visit(double.state, path="/round/1"), 1)
    assert '<p class="facts">Круг 1 из 2</p>' in html
    single, _ = round_robin([2400, 2300, 2200, 2100])
    single.pair()
    assert '<p class="facts"></p>' not in pages.pairing(visit(single.state, path="/round/1"), 1)


def test_a_play_off_on_the_pages_names_its_stages_and_who_is_out() -> None:
    """A trial: the phone and the projector said «2-й тур» for the final and the match for
    third place alike; a semi-final's loser found by «Где я играю?» read «Без пары», as if he
    had a bye, and «место после 1-го тура» with no place in it."""
    from tests.schemes.test_playoff import field, win

    cup, seeds = field(4)
    cup.pair()
    win(cup, 1, seeds, {1, 2})
    cup.pair()
    state = cup.state

    def said(html: str) -> str:
        return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())

    assert "2-й тур Финал: доска 1" in said(pages.pairing(visit(state, path="/round/2"), 2))
    assert "Полуфинал: доски 1, 2" in said(pages.pairing(visit(state, path="/round/1"), 1))
    assert "Финал: доска 1" in said(pages.projector(visit(state, path="/projector"), 0))
    loser = said(pages.player(visit(state, path="/player"), "P03"))
    assert "4 P03 X (4d) — место 3-4 после 1-го тура 2-й тур: выбыл из плей-офф" in loser
    open_places, ids = field(4, third_place="on")  # the final's and the match for third's places are open
    open_places.pair()
    win(open_places, 1, ids, {1, 2})
    open_places.pair()
    finalist = said(pages.player(visit(open_places.state, path="/player"), "P00"))
    assert "1 P00 X (5d) 2-й тур: доска 1" in finalist and "место" not in finalist


def test_a_player_whose_nigiri_swapped_the_colours_is_told_the_colour_he_played() -> None:
    log = Log("gamma", rounds=3)
    for rating in (2510, 2247, 2100, 1950):
        log.add(f"P{rating}", rating=rating)
    log.pair()
    log.result(1, 1, "B+", swapped=True)  # P2510, listed white, played black
    found = unescape(re.sub(r"<[^>]+>", "", pages.player(visit(log.state, path="/player"), "P2510")))
    assert "1-й тур: доска 1, чёрные, против 2 P2247 X (2d)" in found
    assert cells(pages.pairing(visit(log.state, path="/round/1"), 1), "board-1")[1:3] == ["2", "P2247 X № 2 · 2d"]
