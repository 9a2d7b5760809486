"""The optional details of a player (issue 17): kept as events, checked, edited, read back."""

import re
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


AGA = {"agaId": "62308", "agaExpirationDate": "10/10/2023", "ratingOrigin": "AGA : -10.13"}
"""A Canadian Open player's AGA attributes as OpenGotha wrote them (remote/…CanadianOpen2020…)."""
FFG = {"ffgLicence": "07235000", "ffgLicenceStatus": "L", "ratingOrigin": "FFG : -131"}


def gotha_event(player: object = None, event: object = None) -> Log:
    """A McMahon event made as an OpenGotha import makes it, with ``event`` (its director and
    short name), and one player registered with ``player`` (his ids)."""
    log = Log.__new__(Log)
    log.events, log.last = [], None
    created = actions.create("Canadian Open 2020", "mcmahon", 4)
    log.commit((created[0], created[1] if event is None else {**created[1], "gotha": event}))
    data = {"player": 1, "surname": "Kim", "name": "Juyong", "rank": 27, "rating": 2650}
    log.commit(("player_registered", data if player is None else {**data, "gotha": player}))
    return log


def test_an_opengotha_files_ids_are_carried_unread_and_into_another_event() -> None:
    """A trial: the AGA ids, FFG licences, the ratings' origins, the director and the short
    name were gone after an import and an export; the log carries them, as written."""
    log = gotha_event(AGA, {"director": "Melanie Arellano, Mario Gomez", "shortName": "CanOpen20"})
    assert dict(log.state.settings.gotha) == {"director": "Melanie Arellano, Mario Gomez", "shortName": "CanOpen20"}
    assert dict(log.state.players[1].gotha) == AGA
    copied = Log("playoff")  # ``new --from``: his AGA id is his in the play-off too
    copied.add(**log.state.players[1].profile())
    assert dict(copied.state.players[1].gotha) == AGA
    assert copied.events[-1].data["gotha"] == AGA
    assert gotha_event(FFG).state.players[1].gotha == FFG
    assert gotha_event({"agaId": " 62308 "}).state.players[1].gotha == {"agaId": " 62308 "}  # as written


def test_an_event_without_them_is_as_before() -> None:
    """Old files replay unchanged, and Tengen's own entries write no such key: a file of events
    typed in Tengen stays byte for byte as before (and opens in an older Tengen)."""
    log = Log("mcmahon", rounds=3)
    player = log.add("Иванов", rank="5k", name="Иван", pin="12345678")
    assert log.state.settings.gotha == {} and log.state.players[player].gotha == {}
    assert "gotha" not in log.events[0].data and "gotha" not in log.events[1].data
    assert "gotha" not in log.state.players[player].profile()
    copied = Log("playoff")
    copied.add(**log.state.players[player].profile())
    assert "gotha" not in copied.events[-1].data
    assert gotha_event({}).state.players[1].gotha == {}
    assert gotha_event({"agaId": ""}).state.players[1].gotha == {}  # an empty value is none


@pytest.mark.parametrize(
    ("gotha", "says"),
    [
        ({"agaId": "623\x1b[2J08"}, "the AGA id holds the invisible character U+001B"),
        ({"ffgLicence": "0723\n5000"}, "the FFG licence holds a line break"),
        ({"ratingOrigin": "x" * 10_000}, "the rating's origin is 10000 characters long: at most 40"),
        ({"egfPin": "12345678"}, "unknown OpenGotha attribute 'egfPin'"),  # Tengen's own PIN: not carried twice
        ({"note": "x"}, "unknown OpenGotha attribute 'note'"),
        ({"agaId": 62308}, "the AGA id is not text"),
        ({"agaId": ["62308"]}, "the AGA id is not text"),
    ],
)
def test_a_hostile_opengotha_value_is_refused(gotha: dict, says: str) -> None:
    with pytest.raises(InvalidEvent, match="^" + re.escape(says)):
        gotha_event(gotha)


@pytest.mark.parametrize(
    ("gotha", "says"),
    [
        ({"director": "Theo\u202e"}, "the director holds the invisible character U+202E"),
        ({"shortName": "s" * 201}, "the short name is 201 characters long: at most 200"),
        ({"location": "Paris"}, "unknown OpenGotha attribute 'location'"),
        ({"agaId": "62308"}, "unknown OpenGotha attribute 'agaId'"),  # a player's, not the event's
    ],
)
def test_a_hostile_opengotha_setting_is_refused(gotha: dict, says: str) -> None:
    with pytest.raises(InvalidEvent, match="^" + re.escape(says)):
        gotha_event(None, gotha)


def test_markup_is_text_like_any_other() -> None:
    """Kept as typed, as a name with markup is (the export escapes it)."""
    assert gotha_event({"agaId": "<b>1</b>&amp;"}).state.players[1].gotha == {"agaId": "<b>1</b>&amp;"}


def test_they_are_not_edited_but_a_rating_changed_by_hand_is_manual_as_opengotha_says() -> None:
    """Not the referee's to edit (``player_edited`` holds none); a rating typed in Tengen is no
    longer the list's, so its origin goes back as OpenGotha's player form writes it: «MAN», or
    «INI» where he keeps only a rank (the export writes his rank's rating)."""
    log = gotha_event(FFG)
    with pytest.raises(InvalidEvent, match="unknown field 'gotha'"):
        log.commit(("player_edited", {"player": 1, "gotha": {"agaId": "1"}}))
    log.commit(actions.edit_changes(log.state.players[1], club="Paris", rating=2650))
    assert log.state.players[1].gotha == FFG  # the same rating handed back by the form
    log.commit(actions.edit_changes(log.state.players[1], rating=2600))
    assert log.state.players[1].gotha == {**FFG, "ratingOrigin": "MAN"}
    log.commit(actions.edit_changes(log.state.players[1], rank="6d"))
    assert log.state.players[1].gotha == {**FFG, "ratingOrigin": "INI"}
    plain = gotha_event({"agaId": "62308"})  # no origin in the file: none made up
    plain.commit(actions.edit_changes(plain.state.players[1], rating=2600))
    assert plain.state.players[1].gotha == {"agaId": "62308"}
