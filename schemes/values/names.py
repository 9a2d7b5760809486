"""Alphabetical order of names as a Russian referee sorts them.

Case does not matter and ``ё`` sorts as ``е`` (the seed's rule).  Cyrillic letters
are in alphabetical order in Unicode (а..я), so apart from ``ё`` the code points do.
"""

from __future__ import annotations

import unicodedata


def names_someone(text: str) -> bool:
    """A surname or a first name has a letter: the rating table, the cards and the search need
    one, and «-» or «1» names nobody (the player form, ``player add`` and the imported lists
    alike)."""
    return any(char.isalpha() for char in text)


def initials(name: str) -> str:
    """``Александр-Станислав Олегович`` → ``А.-С. О.``: the seeds' ``Матвеев Е.``, each part's
    first letter (a name typed ``«Артём»`` or with markup around it is still ``А.``, not ``«.``)."""
    return " ".join(
        "-".join(f"{next((char for char in part if char.isalpha()), part[0])}." for part in word.split("-") if part)
        for word in name.split()
    )


def alphabetical_key(surname: str, name: str) -> tuple[str, str]:
    return fold(surname), fold(name)


def fold(text: str) -> str:
    """A name as it is compared and searched: case, ``ё``/``е`` (the seed's rule), the spaces
    between words and how a letter with an accent was typed (``Й`` or ``И`` and a breve) do
    not matter.  The one fold of every comparison of names: a twin's registration, a search, a
    city's code, the rating list."""
    return " ".join(unicodedata.normalize("NFC", text.casefold()).replace("ё", "е").split())
