import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paperwork.cards import cards
from paperwork.labels import labels
from paperwork.per_scheme import paper
from paperwork.sheet import standings_after
from schemes.registry import get_scheme
from schemes.systems.gotha import pairing
from tests.builders import Log, played
from tests.paperwork.conftest import pages
from tests.schemes.test_gamma import scenario


def test_a_gamma_card_as_computed_by_hand() -> None:
    """Player A of the hand-computed Gamma scenario (tests/schemes/test_gamma.py)."""
    log = scenario()
    text = pages(cards(log.state, log.events, [1]))[0].splitlines()
    # header: start level, final level, technical sum, coefficient 81.5, shared first place
    header = ["Нач. уровень", "19", "Итог. уровень", "21", "Техн.", "0", "ФКБ", "81½", "Место", "1-2"]
    start = text.index(header[0])
    assert text[start : start + len(header)] == header
    legend = "! — результат без игры; ++ — свободный тур; -- — пропуск тура или выбыл; ½ — пол-очка."
    assert legend in " ".join(text)  # the legend, wherever its lines wrap
    assert [line for line in text if line[:1].isdigit() and "(" in line and "—" not in line] == [
        "1 (19) 19 3+ 19 +0 20",  # beat C (level 19), even, white; C ends at 20
        "2 (19) 20 4+ 20 +0 21",  # beat D
        "3 (19) 21 2-! 20 +0 21",  # both lost against B
        "4 (20) 21 5- 10 +9 10½",  # lost to E giving 9; E ends at 11 with a bye: 10.5
    ]


def test_a_gamma_card_counts_his_own_level_on_a_bye_or_skip_row() -> None:
    # Seed 000: for a round missed for any reason, copy the player's own level before it
    # into the "opponent's final level" column.  E (5): start 9, lost R1 and R2, bye in R3
    # (level 9 before it), beat A in R4.  F (6): start 7, won R1 and R2 (9), skipped R3.
    log = scenario()
    rows = {}
    for player in (5, 6):
        text = pages(cards(log.state, log.events, [player]))[0].splitlines()
        rows[player] = [line for line in text if line.startswith("3 (19)")]
    assert rows == {5: ["3 (19) 9 ++ + 9"], 6: ["3 (19) 9 -- - 9"]}


def test_every_player_of_every_demo_on_the_cards(ledgers) -> None:
    for ledger in ledgers.values():
        state = ledger.state
        text = pages(cards(state, ledger.events))
        assert len(text) == math.ceil(len(state.players) / 4)
        for player in state.players.values():
            no = state.numbers[player.id]
            lines = text[(no - 1) // 4].splitlines()
            # the number box stands right before the name, on the page of that number
            assert lines[lines.index(player.full_name) - 1] == str(no)


def test_a_name_too_long_for_the_card_is_the_surname_with_initials_not_cut() -> None:
    """A paperwork review: a long double name was cut («…-Лерм Александра-Мар…») at 6 pt, where
    the surname with initials fits, as the slips write it."""
    log = Log("gamma", rounds=3)
    log.add("Константинопольская-Оглы-Бенедиктова-Лерм", rating=1500, name="Александра-Мария")
    lines = pages(cards(log.state, log.events))[0].splitlines()
    assert "Константинопольская-Оглы-Бенедиктова-Лерм А.-М." in lines and not any("…" in line for line in lines)


def test_a_card_at_registration_is_blank_with_a_row_per_round() -> None:
    log = Log("fors", rounds=5)
    a = log.add("Иванов", rating=2100, name="Иван")
    log.add("Петров", rating=2000, name="Пётр", block=[a])
    text = pages(cards(log.state, log.events))[0].splitlines()
    assert "Иванов Иван" in text and "Петров Пётр" in text
    rows = [text[i + 1 : i + 6] for i, line in enumerate(text) if line.startswith("Тур ")]
    assert rows == [["1", "2", "3", "4", "5"]] * 2, "a blank row for every round, numbered"
    # the block was registered on Петров (id 2) but works both ways: each card says so (a trial
    # found Иванов's blank); before the draw, the ids
    assert [line for line in text if line.startswith("Не играет с")] == ["Не играет с: 2", "Не играет с: 1"]


def test_sport_handicap_and_round_robin_rows(ledgers) -> None:
    kgs = ledgers["sport-handicap"]
    text = pages(cards(kgs.state, kgs.events, [1]))[0]
    # player 1 (2d, 220): round 1 black against 2 (210)... every row shows strength before and after
    assert "Нач. сила" in text and "220" in text
    rr = ledgers["round-robin"]
    state = rr.state
    text = pages(cards(state, rr.events, [5]))[0].splitlines()
    # Затонских is number 5: Berger for 6 puts him against 2 (black), 3 (white), 4 (black); he won all three
    assert [line for line in text if line[:2] in ("1 ", "2 ", "3 ")][:3] == ["1 2 ч + 1", "2 3 б + 2", "3 4 ч + 3"]


def test_english_cards() -> None:
    log = Log("fors", rounds=3, lang="en")  # a pairing that keeps a blocked pair apart
    first = log.add("Smith", rank="5d", name="John")
    log.add("Doe", rating=1500, name="Jane", block=[first])
    text = pages(cards(log.state, log.events))[0]
    assert "Participant card" in text and "Must not meet: 1" in text and "Smith John" in text


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from([("mcmahon", "MMS"), ("swiss", "NBW")]),
    st.sampled_from([",SOS{w},SOSOS{w}", ",DC,SOS{w}", ",SDC,DC", ",CUSS{w}"]),
    st.integers(min_value=5, max_value=13),
    st.integers(min_value=1, max_value=3),
    st.integers(min_value=0, max_value=1000),
)
def test_a_mcmahon_or_swiss_card_gives_the_standings_place(
    scheme: tuple[str, str], later: str, players: int, rounds: int, seed: int
) -> None:
    """The cards place each player from the scores they already hold, as the standings do
    (ties, direct confrontation, shared places): they once asked the standings, which scored
    the whole event a second time."""
    name, main = scheme
    criteria = main + later.format(w="M" if main == "MMS" else "W")
    log = played(name, players, rounds, seed, placementCriteria=criteria)
    state = log.state
    text = labels("ru")
    face = paper(state).card(state, text, rounds)
    standings = get_scheme(name).standings(state, rounds)
    assert {row.player: dict(face(row.player).header)[text["place"]] for row in standings.rows} == {
        row.player: row.place for row in standings.rows
    }


def test_the_cards_of_a_finished_mcmahon_event_score_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the cards scored the event for the rows and again for the places (1.1 s
    of the 1,000 cards)."""
    log = played("mcmahon", 8, 3)
    real, scored = pairing.score_sheets, []

    def counted(*args: object) -> object:
        scored.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pairing, "score_sheets", counted)
    assert "Место" in " ".join(pages(cards(log.state, log.events, [1])))
    assert len(scored) == 1


def test_a_fors_card_has_the_seeds_columns(ledgers) -> None:
    """Seed 002's sample card (paperwork.md's FORS row): round, opponent, his rank, colour,
    group, handicap, result, points, running sum, notes — group and notes left for the pen."""
    fors = ledgers["fors-vladivostok"]
    text = pages(cards(fors.state, fors.events, [1]))[0].splitlines()
    header = text.index("Тур Соп. Ранг соп. Цвет Гр. Фора Рез. Очки Сумма Прим.")
    assert text[header + 1] == "1 2 6d б 0 + 20 50"  # beat 2 (6d) with white, even: 20 points


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_line_of_a_card_stays_inside_its_margin(lang: str) -> None:
    """A trial: the legend's last line ended on the cut line, and at the lower cards on the
    sheet's very edge (0.3 pt above it), where no printer prints; the notes' line ran through
    the legend's first.  Every line's baseline now keeps 3 mm above its card's lower edge."""
    import io

    from pypdf import PdfReader

    log = played("sport-handicap", 8, 7, lang=lang)
    reader = PdfReader(io.BytesIO(bytes(cards(log.state, log.events).output())))
    baselines: list[float] = []

    def seen(text: str, cm: object, tm: list[float], *_: object) -> None:
        if text.strip():
            baselines.append(tm[5])

    reader.pages[0].extract_text(visitor_text=seen)
    card = 841.89 / 2  # two cards a column, in points from the sheet's foot
    assert baselines and min(y % card for y in baselines) > 3 / 25.4 * 72


def test_a_sport_handicap_card_writes_its_correction_as_the_table_does() -> None:
    """A trial: the final table wrote a zero correction «0», its player's card «+0.0»."""
    log = played("sport-handicap", 4, 2)
    corrections = [row.tiebreaks["correction"] for row in standings_after(log.state, 2).rows]
    assert sorted(corrections) == [-2, 0, 0, 2]
    text = "\n".join(pages(cards(log.state, log.events)))
    assert sorted(re.findall(r"\nПоправка\n(\S+)\n", text)) == ["+2.0", "-2.0", "0", "0"]


def test_a_play_off_card_and_slip_offer_no_draw() -> None:
    """A trial: a play-off replays a drawn game, yet its slips had a «Тройное ко» box and its
    cards explained «5= — ничья» and «½ — пол-очка»."""
    from paperwork.rounds import slips
    from tests.schemes.test_playoff import field

    log, _ids = field(4)
    log.pair()
    card = " ".join(pages(cards(log.state, log.events))[0].splitlines())
    assert "5+ — победа над № 5" in card and "ничья" not in card and "½" not in card
    slip = pages(slips(log.state, log.events, 1))[0]
    assert "Победа белых" in slip and "Тройное ко" not in slip and "Джиго" not in slip
    drawn = played("fors", 4, 1)
    assert "Тройное ко" in pages(slips(drawn.state, drawn.events, 1))[0]
