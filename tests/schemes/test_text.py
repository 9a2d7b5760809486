"""One line of visible text (``schemes.values.text``)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schemes.errors import InvalidEvent
from schemes.values.text import forbidden, single_line


@settings(max_examples=400)
@given(st.text(st.characters(codec=None), max_size=12))
def test_a_text_is_refused_for_an_invisible_character_exactly_when_it_holds_one(text: str) -> None:
    """The printable texts single_line does not look at character by character hold no
    forbidden character: every text holding one is refused, and no other is (unfolded and
    far under the limit, a text can be refused for nothing else)."""
    holds = any(forbidden(char) for char in text)
    try:
        single_line(text, "name", limit=1000, fold=False)
    except InvalidEvent:
        assert holds
    else:
        assert not holds


@pytest.mark.parametrize("char", ["\u200b", "\u2028", "\x85", "\ue000", "\u0378", "\u00ad", "\ufeff", "\x7f"])
def test_each_kind_of_invisible_character_is_refused(char: str) -> None:
    with pytest.raises(InvalidEvent):
        single_line(f"Иван{char}ов", "name")


def test_non_ascii_blanks_are_folded_not_refused() -> None:
    assert single_line("Иван\u00a0\u2003Петров", "name") == "Иван Петров"


def test_a_text_is_kept_with_its_letters_composed() -> None:
    """«И» and a combining breve is «Й»: one letter on the terminal (a column off otherwise),
    in the rating table and in its transliteration (``Ioshkin`` beside ``Yoshkin``)."""
    assert single_line("И\u0306ошкин  Е\u0308жик", "the surname") == "Йошкин Ёжик"
    assert single_line("И\u0306", "the surname", fold=False) == "И\u0306"  # an OpenGotha name as written


def test_a_text_within_the_limit_stays_within_it_once_composed() -> None:
    """A review: U+0958 composes into two letters, so sixty of them (120 once composed) made a
    file saved before names were composed refuse to open."""
    assert len(single_line("\u0958" * 60, "the surname")) == 120
