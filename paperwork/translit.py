"""Russian to Latin letters for the Latin variant of the rating table.

The table follows the common BGN/PCGN-style romanisation used in Russian go
players' EGD names (Затонских → Zatonskikh, Горячкин → Goryachkin): ``ё`` as ``e``,
``й`` as ``y``, ``х`` as ``kh``, ``ц`` as ``ts``, ``ю``/``я`` as ``yu``/``ya``, and the
hard and soft signs dropped.  Characters outside the Russian alphabet pass through.
"""

from __future__ import annotations

import unicodedata

_LETTERS = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "д": "d",
    "е": "e",
    "ё": "e",
    "ж": "zh",
    "з": "z",
    "и": "i",
    "й": "y",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ъ": "",
    "ы": "y",
    "ь": "",
    "э": "e",
    "ю": "yu",
    "я": "ya",
    # the other Cyrillic letters of the CIS's guests (Ukrainian, Belarusian), as their passports write them
    "є": "ye",
    "і": "i",
    "ї": "yi",
    "ґ": "g",
    "ў": "u",
}

_UNDECOMPOSED = str.maketrans(
    {
        "Ł": "L",
        "ł": "l",
        "Ø": "O",
        "ø": "o",
        "ß": "ss",
        "ẞ": "SS",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Đ": "D",
        "đ": "d",
        "Ð": "D",
        "ð": "d",
        "Þ": "Th",
        "þ": "th",
        "ı": "i",
        "Ħ": "H",
        "ħ": "h",
        "Ŧ": "T",
        "ŧ": "t",
    }  # fmt: skip
)
"""Latin letters that are no letter plus an accent, so taking accents off leaves them as they
are: each written as the EGD list writes it (``Łukaszewski`` → ``Lukaszewski``, ``Weiß`` →
``Weiss``, ``Ødegård`` → ``Odegard``)."""


def latin(text: str) -> str:
    out = []
    for char in text:
        lower = char.lower()
        if lower not in _LETTERS:
            out.append(char)
            continue
        letters = _LETTERS[lower]
        out.append(letters.capitalize() if char != lower else letters)
    return "".join(out)


def has_latin_form(letter: str) -> bool:
    """Whether ``letter`` is written in Latin letters: the table's (the hard and soft signs
    too, written as nothing: «Пермь» is «Perm», not a letter lost) or its own in ASCII."""
    return letter.lower() in _LETTERS or bool(ascii_only(letter))


def is_cyrillic(text: str) -> bool:
    return any("\u0400" <= char <= "\u04ff" for char in text)


def is_all_cyrillic(text: str) -> bool:
    """Every letter of ``text`` is a Cyrillic one: a name half in Latin (a first name in
    Cyrillic, a surname typed in Latin) is not a Cyrillic name (a trial's table mixed them)."""
    return _every_letter(text, "CYRILLIC ")


def is_latin(text: str) -> bool:
    """Every letter of ``text`` is a Latin one, accented or not (``André``, ``Łukaszewski``)."""
    return _every_letter(text, "LATIN ")


def _every_letter(text: str, script: str) -> bool:
    """Every letter of ``text`` is of ``script``, as Unicode names its letters (``LATIN …``)."""
    return all(unicodedata.name(char, "").startswith(script) for char in text if char.isalpha())


def ascii_only(text: str) -> str:
    """``text`` in plain ASCII, as the Latin form of the rating table must be: accents taken
    off (``Müller`` → ``Muller``), the Latin letters without one written as the EGD list does
    (``Ł`` → ``L``, ``ß`` → ``ss``), anything else not ASCII left out (a Korean name typed in
    Hangul, ``№``, ``«»``)."""
    return unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED)).encode("ascii", "ignore").decode("ascii")


def unaccented(text: str) -> str:
    """``text`` with its Latin letters' accents split off (``Kraków`` → ``Krako`` + ``´``), the
    letters without one as the EGD list writes them (``Ł`` → ``L``): only the canonical
    decomposition, so a ``№`` stays a sign and is no ``No``."""
    return unicodedata.normalize("NFD", text.translate(_UNDECOMPOSED))
