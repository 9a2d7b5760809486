"""How names are compared and shortened (``schemes/values/names.py``)."""

import pytest

from schemes.values.names import fold, initials, names_someone


@pytest.mark.parametrize(
    "name, short",
    [
        ("Евгений", "Е."),
        ("Александр-Станислав", "А.-С."),
        ("Александр-Владимир Христофорович", "А.-В. Х."),
        ("«Артём»", "А."),  # the letter, not the quotation mark
        ("<b>Жирный</b> [bold]Иван[/bold]", "b. b."),  # markup is text: its first letter
        ("123", "1."),  # no letter at all: the first character, never nothing
    ],
)
def test_initials_are_each_parts_first_letter(name: str, short: str) -> None:
    assert initials(name) == short


@pytest.mark.parametrize("text, names", [("Ёлкина", True), ("-", False), ("1", False), ("", False), ("O'Neil", True)])
def test_a_name_needs_a_letter(text: str, names: bool) -> None:
    assert names_someone(text) is names


def test_names_compare_without_case_yo_or_extra_spaces() -> None:
    assert fold("  ЁЛКИНА   Юлия ") == fold("елкина юлия") == "елкина юлия"


def test_names_compare_however_an_accented_letter_was_typed() -> None:
    """An attack: «Й» typed as «И» and a combining breve (a Mac's file, a name pasted from a
    PDF) registered a second Йошкин without a word, and the search did not find him."""
    assert fold("И\u0306ошкин Е\u0308жик") == fold("Йошкин Ёжик") == "йошкин ежик"
    assert fold("A\u0300") == fold("À")
