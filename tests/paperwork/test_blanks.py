"""Blank forms (issue 17): pdftotext-like reading shows the grid; page counts by hand."""

import pytest

from paperwork.blanks import blank_cards, blank_protocol, blank_table
from paperwork.cards import cards
from paperwork.tables import final_table
from schemes.registry import SCHEMES, get_scheme
from tests.builders import Log, played
from tests.paperwork.conftest import pages


def test_forty_blank_cards_are_ten_pages_with_a_row_per_round() -> None:
    log = Log("gamma", rounds=6)
    document = blank_cards(log.state, log.events, 40, 6)
    text = pages(document)
    assert len(text) == 10  # four cards to an A4
    first = text[0]
    assert first.count("Карточка участника") == 4 and "Нач. уровень" in first
    assert all(str(r) in first for r in range(1, 7))


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_a_blank_card_has_the_filled_cards_columns(scheme: str) -> None:
    """A review: blank cards had five columns of their own, not seed 000's (Gamma's opponent's
    level and final level) nor McMahon's opponent's rank: a referee on paper fills in what the
    filled card shows.  Its header boxes and columns are the scheme's card's, every value blank."""
    log = played(scheme, 4, 2)  # a play-off of four has two rounds
    filled = pages(cards(log.state, log.events, [1]))[0].splitlines()
    blank = pages(blank_cards(log.state, log.events, 1, 2))[0].splitlines()
    titles = next(line for line in filled if line.startswith("Тур "))
    assert titles in blank, (titles, blank)
    assert "Игроков" not in " ".join(blank) and "Примечания:" in blank
    keeps_apart = get_scheme(scheme).traits.keeps_apart  # a round robin's everyone meets everyone (a trial)
    assert ("Не играет с:" in blank) is keeps_apart and ("Не играет с:" in filled) is keeps_apart


def test_a_blank_protocol_has_its_boards_numbered() -> None:
    log = Log("fors", rounds=5)
    text = "\n".join(pages(blank_protocol(log.state, log.events, 20)))
    assert "Протокол тура" in text and "Белые" in text and "Чёрные" in text and "Очки" in text
    numbers = [line.split()[0] for line in text.splitlines() if line.split() and line.split()[0].isdigit()]
    assert [int(n) for n in numbers if int(n) <= 20][-1] == 20


def test_a_blank_table_of_sixty_players_and_nine_rounds_turns_landscape_and_flows_onto_pages() -> None:
    log = Log("mcmahon", rounds=9)
    document = blank_table(log.state, log.events, 60, 9)
    assert document.w > document.h  # landscape
    text = pages(document)
    assert len(text) >= 2 and "Итоговая таблица" in text[0] and "ММ" in text[0]


def test_a_blank_card_is_of_no_round_though_the_file_has_some() -> None:
    """A trial: blank cards printed during the event said «Round 5», the rounds of the file,
    on a card to be filled by hand."""
    log = played("gamma", 6, 2)
    first = pages(blank_cards(log.state, log.events, 4, 6))[0]
    assert "Карточка участника · 2-й тур" not in first and first.count("Карточка участника · ") == 4


@pytest.mark.parametrize("scheme", [s for s in SCHEMES if s != "playoff"])
def test_a_blank_table_has_the_filled_tables_columns(scheme: str) -> None:
    """A FORS trial: the blank final table had one set of columns for every scheme (number,
    name, rank, rounds, score, place), with nowhere for FORS's start points or coefficient
    (paperwork.md: «number, name and rank, start points; per round; then coefficient and
    place»).  It has its scheme's table's column titles; a round robin's, one per player."""
    log = played(scheme, 4, 2)

    def titles(lines: list[str]) -> str:
        return next(line for line in lines if line.startswith(("№ ", "# ")))

    filled = titles(pages(final_table(log.state, log.events, 2))[0].splitlines())
    blank = pages(blank_table(log.state, log.events, 4, 2))[0].splitlines()
    assert titles(blank) == filled and blank[blank.index(filled) + 1 :][:4] == ["1", "2", "3", "4"]


def test_a_blank_form_of_a_best_of_three_has_room_for_every_game() -> None:
    """A trial: the blank table of a best-of-three play-off of 8 had five round columns (the
    event's count not known yet); three stages of up to three games are nine.  Of one game, three."""
    from paperwork.build import blank_size

    for games, rounds in (("3", 9), ("1", 3)):
        log = Log("playoff", games_per_match=games, third_place="on")
        for i in range(8):
            log.add(f"P{i}", rating=2500 - 10 * i)
        assert blank_size(log.state, "rounds") == rounds
