"""Keys typed on the Russian keyboard layout, read as the keys at the same places on the
Latin one.

A Russian referee types the players' names in Cyrillic, then turns to the slips and presses
``w`` for "white won": with the layout still Russian the key sends ``ц``, and nothing
happened, without a word.  So every key of the app also answers at its place on ЙЦУКЕН,
wherever nothing takes the Cyrillic letter itself: a text field keeps the letter it was
typed, and the questions' own ``д`` (да) and ``н`` (нет) stay answers.
"""

from __future__ import annotations

_PLACES = dict(
    zip(
        "йцукенгшщзфывапролдячсмитьЙЦУКЕНГШЩЗФЫВАПРОЛДЯЧСМИТЬ",
        "qwertyuiopasdfghjklzxcvbnmQWERTYUIOPASDFGHJKLZXCVBNM",
        strict=True,
    )
) | {
    "х": "left_square_bracket",
    "ъ": "right_square_bracket",
    "ж": "semicolon",
    "э": "apostrophe",
    "б": "comma",
    "ю": "full_stop",
    "ё": "grave_accent",
    "Х": "left_curly_bracket",
    "Ъ": "right_curly_bracket",
    "Ж": "colon",
    "Э": "quotation_mark",
    "Б": "less_than_sign",
    "Ю": "greater_than_sign",
    "Ё": "tilde",
}
"""Each key of the Russian layout and the name Textual gives the Latin key at its place."""


def latin(key: str) -> str:
    """The Latin key at the place of ``key`` on the Russian layout; any other key as it is."""
    return _PLACES.get(key, key)
