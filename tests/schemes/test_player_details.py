"""The optional details of a player (issue 17): kept as events, checked, edited, read back."""

from datetime import date

import pytest

from schemes.errors import InvalidEvent
from schemes.log import actions
from schemes.values.dates import age_on, parse_birth
from tests.builders import Log


def test_details_are_registered_and_edited() -> None:
    log = Log("gamma", rounds=3)
    player = log.add("Иванов", rank="5k", name="Иван", patronymic="Петрович", birth="03.05.2014", sex="м",
                     team="Школа №5", category="дети до 12 лет", pin="12345678", rgf="777", note="+7 900")  # fmt: skip
    p = log.state.players[player]
    assert (p.birth, p.sex, p.patronymic, p.team, p.category, p.pin, p.rgf, p.note) == (
        "2014-05-03", "m", "Петрович", "Школа №5", "дети до 12 лет", "12345678", "777", "+7 900",
    )  # fmt: skip
    assert p.formal_name == "Иванов Иван Петрович"
    log.commit(actions.edit(player, sex="ж", birth="", team=""))
    p = log.state.players[player]
    assert (p.sex, p.birth, p.team, p.patronymic) == ("f", "", "", "Петрович")


@pytest.mark.parametrize(
    ("field", "value"),
    [("birth", "31.02.2014"), ("birth", "1800-01-01"), ("birth", "2014-05-03..2014-05-04"), ("sex", "x")],
)
def test_bad_details_are_refused(field: str, value: str) -> None:
    with pytest.raises(InvalidEvent):
        actions.profile(**{field: value})


def test_a_damaged_detail_in_the_file_is_refused() -> None:
    log = Log("gamma", rounds=3)
    with pytest.raises(InvalidEvent):
        log.commit(("player_registered", {"player": 1, "surname": "A", "name": "B", "rank": 10, "birth": "03.05.2014"}))
    with pytest.raises(InvalidEvent):
        log.commit(("player_registered", {"player": 1, "surname": "A", "name": "B", "rank": 10, "sex": "x"}))


def test_age_counts_full_years_on_the_day() -> None:
    assert age_on("2014-05-03", date(2026, 5, 2)) == 11
    assert age_on("2014-05-03", date(2026, 5, 3)) == 12
    assert age_on("", date(2026, 5, 3)) is None
    assert parse_birth(" 03.05.2014 ") == "2014-05-03"


def test_an_edit_of_other_fields_keeps_a_declared_rank_beside_the_rating() -> None:
    """An OpenGotha file's 7d of rating 2661 (the rating's rank is 6d): the form hands back his
    rating unchanged with a new club, and he stays a 7d; a new rating gives its own rank."""
    log = Log("mcmahon", rounds=3)
    player = log.add("Le Calvé", rating=2661, rank="7d", name="Benjamin")
    assert (log.state.players[player].rank, log.state.players[player].rating) == (27, 2661)
    p = log.state.players[player]
    change = actions.edit_changes(p, surname=p.surname, name=p.name, rating=2661, club="Paris")
    assert change == ("player_edited", {"player": player, "club": "Paris"})
    assert actions.edit_changes(p, rating=2661) is None
    log.commit(actions.edit_changes(p, surname=p.surname, name=p.name, rating=2540))
    assert (log.state.players[player].rank, log.state.players[player].rating) == (25, 2540)
    assert "rank" not in log.state.players[player].profile()  # his rating's rank: ``new --from`` gives the rating


def test_a_rank_or_a_rating_changed_beside_the_other_keeps_the_other() -> None:
    """A trial: a new rank typed beside an unchanged rating (the log reads a rank alone as no
    rating) wiped the rating, and a new rating beside an unchanged declared rank (the log
    reads a rating alone as his rating's rank) made him a 9k: the edit states both."""
    log = Log("mcmahon", rounds=3)
    player = log.add("Mroczek", rating=1113, rank="7k", name="Jan")
    change = actions.edit_changes(log.state.players[player], rating=1113, rank="6k")
    assert change == ("player_edited", {"player": player, "rank": 15, "rating": 1113})
    log.commit(change)
    assert (log.state.players[player].rank, log.state.players[player].rating) == (15, 1113)
    log.commit(actions.edit_changes(log.state.players[player], rating=1200, rank="6k"))
    assert (log.state.players[player].rank, log.state.players[player].rating) == (15, 1200)
    log.commit(actions.edit_changes(log.state.players[player], rank="6k"))  # the rating erased
    assert (log.state.players[player].rank, log.state.players[player].rating) == (15, None)


def test_a_declared_rank_goes_with_the_player_into_another_tournament() -> None:
    log = Log("mcmahon", rounds=3)
    player = log.add("Le Calvé", rating=2661, rank="7d", name="Benjamin")
    copied = Log("playoff")
    copied.add(**log.state.players[player].profile())
    assert (copied.state.players[1].rank, copied.state.players[1].rating) == (27, 2661)
