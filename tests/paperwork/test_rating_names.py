"""The rating table's Latin names from the EGD list (seed 003: «на основании информации,
заложенной в рейтинг-листе»): found by PIN, or by name and club together."""

from pathlib import Path

import pytest

from data.importers import RatingList
from paperwork.rating_names import ListedNames, club_agrees, skeleton
from schemes.state.model import Player

LIST = """\
PIN  Name  Country Club Grade GoR
<pre>
  12486639 Zatonskikh Anton                    RU  27Kh    5d   --   2498    47  T171125B
  17274356 Gorjachkin Andrej                   RU  25Vl    1k   2k   1881     2  T150926O
  13849506 Voropaev Vladimir                   RU  27Kh    1k   --   1944    21  T170211N
  15213231 Voropaev Mikhail                    RU  61Ba   13k   --    776     3  T100626I
  12750694 Pavlov Sergej                       RU  49Ma    3d   --   2284   109  T170715G
  10000001 Ivanov Ivan                         RU  78SP    2k   --   1800     5  T170715G
  10000002 Ivanov Ivan                         RU  78SP    5k   --   1500     5  T170715G
  10000003 Smirnova Natalja                    RU  77Mo    3k   --   1700     5  T170715G
  10000004 Kuznecov Dmitrij                    RU  xxxx    3k   --   1700     5  T170715G
"""


@pytest.fixture
def listed(tmp_path: Path) -> ListedNames:
    path = tmp_path / "allworld_lp.html"
    path.write_text(LIST, encoding="utf-8")
    return ListedNames(RatingList.read(path))


def player(surname: str, name: str, club: str = "", pin: str = "") -> Player:
    return Player(1, surname, name, 20, club=club, pin=pin)


@pytest.mark.parametrize(
    "ours, theirs",
    [
        ("Горячкин", "Gorjachkin"),  # the table's ya and the list's ja
        ("Андрей", "Andrej"),
        ("Хованец", "Khovanec"),  # ts and c
        ("Алексей", "Alexej"),  # ks and x
        ("Затонских", "Zatonskih"),  # kh and h
        ("Лю", "Liu"),
        ("Наталья", "Natalja"),
        ("Дмитрий", "Dmitrij"),
        ("Филиппов", "Filipov"),  # doubled letters
    ],
)
def test_one_skeleton_for_both_spellings(ours: str, theirs: str) -> None:
    assert skeleton(ours) == skeleton(theirs)


def test_different_names_stay_different() -> None:
    assert skeleton("Павлов") != skeleton("Павлова")
    assert skeleton("Сергей") != skeleton("Семён")


@pytest.mark.parametrize(
    "ours, theirs, agree",
    [
        ("Хабаровск", "27Kh", True),  # the city's code Kha, and Khabarovsk
        ("Kha", "27Kh", True),
        ("Владивосток", "25Vl", True),
        ("Санкт-Петербург", "78SP", True),  # StP: S, then P
        ("Москва", "77Mo", True),
        ("Новосибирск", "49Ma", False),
        ("Хабаровск", "25Vl", False),
        ("Школа №5", "xxxx", False),  # the list's blanks agree with nothing
        ("Омск", "00oo", False),
        ("Пекин", "Bei", False),
        ("Beijing", "Bei", True),
    ],
)
def test_the_lists_club_against_ours(ours: str, theirs: str, agree: bool) -> None:
    assert club_agrees(ours, theirs) is agree


def test_found_by_name_and_club(listed: ListedNames) -> None:
    found = listed.find(player("Горячкин", "Андрей", "Владивосток"))
    assert found is not None and (found.surname, found.name, found.pin) == ("Gorjachkin", "Andrej", "17274356")
    found = listed.find(player("Затонских", "Антон", "Хабаровск"))
    assert found is not None and found.name == "Anton"


def test_an_initial_stands_for_the_name_it_begins(listed: ListedNames) -> None:
    # seed 003's «Воропаев В» of Khabarovsk; the list's other Voropaev is Mikhail of 61Ba
    found = listed.find(player("Воропаев", "В", "Хабаровск"))
    assert found is not None and found.name == "Vladimir"


def test_a_name_of_another_club_or_without_a_club_is_not_found(listed: ListedNames) -> None:
    assert listed.find(player("Павлов", "Сергей", "Новосибирск")) is None  # the list's is of 49Ma
    assert listed.find(player("Горячкин", "Андрей")) is None  # no club: a name alone is not enough
    assert listed.find(player("Кузнецов", "Дмитрий", "Школа №5")) is None  # the list's club is xxxx


def test_two_of_one_name_and_club_are_not_guessed_between(listed: ListedNames) -> None:
    assert listed.find(player("Иванов", "Иван", "Санкт-Петербург")) is None


def test_the_pin_finds_him_whatever_his_name(listed: ListedNames) -> None:
    found = listed.find(player("Иванов", "Ваня", pin="10000002"))
    assert found is not None and (found.surname, found.name, found.grade) == ("Ivanov", "Ivan", "5k")
    # a PIN not in the list: found by name and club as anyone
    found = listed.find(player("Смирнова", "Наталья", "Москва", pin="99999999"))
    assert found is not None and found.name == "Natalja"
