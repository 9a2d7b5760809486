"""The rules' words filled in (``schemes.errors.counted``): a count agrees with its noun."""

import pytest

from schemes.errors import Notice, Worded, counted


@pytest.mark.parametrize(
    "count, english, russian",
    [
        (1, "1 game", "1 партию"),
        (3, "3 games", "3 партии"),
        (11, "11 games", "11 партий"),
        (21, "21 games", "21 партию"),
        ("2", "2 games", "2 партии"),  # a count a hall's record kept as text
        (True, "True", "True"),  # no count: as it is, never «True game»
    ],
)
def test_a_count_agrees_with_its_noun_in_both_languages(count: object, english: str, russian: str) -> None:
    assert counted("{count:game|games}", count=count) == english
    assert counted("{count:партию|партии|партий}", count=count) == russian


def test_a_notice_and_a_refusal_say_their_counts_in_english_too() -> None:
    """A trial read «round 4: 1 games without a result» on the command line."""
    assert str(Notice("{count:entry|entries} lacking", {"count": 1})) == "1 entry lacking"
    assert str(Worded("{count:entry|entries} lacking", count=2)) == "2 entries lacking"


def test_a_word_agrees_with_a_players_sex() -> None:
    assert [counted("{sex:снят|снята}", sex=sex) for sex in ("f", "m", "")] == ["снята", "снят", "снят"]
