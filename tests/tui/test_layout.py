"""The Russian layout read as the Latin keys at the same places (``tui.layout``)."""

from textual.keys import _character_to_key

from tui.layout import latin

RUSSIAN = ("ёйцукенгшщзхъ", "фывапролджэ", "ячсмитьбю")
LATIN = ("`qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,.")
SHIFTED = dict(zip("`[];',.", '~{}:"<>', strict=True))
"""The keyboard's rows, as printed on a Russian keyboard's keys, and what Shift gives."""


def test_each_key_of_the_russian_layout_is_the_latin_key_at_its_place() -> None:
    for russian, english in zip(RUSSIAN, LATIN, strict=True):
        for letter, key in zip(russian, english, strict=True):
            assert latin(letter) == _character_to_key(key)
            assert latin(letter.upper()) == _character_to_key(SHIFTED.get(key, key.upper()))


def test_other_keys_are_themselves() -> None:
    assert [latin(key) for key in ("w", "W", "f3", "enter", "1", "ctrl+p", "ї")] == [
        "w", "W", "f3", "enter", "1", "ctrl+p", "ї"
    ]  # fmt: skip
