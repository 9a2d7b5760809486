"""The Latin names of the rating-commission table: the rating list's spelling where the player
is in it, the transliteration table's otherwise.

Seed 003: the commission turns Cyrillic names into Latin «на основании информации, заложенной
в рейтинг-листе», so a player's Latin name is the one the EGD list already has for him
(Затонских Антон → ``Zatonskikh Anton``, Горячкин Андрей → ``Gorjachkin Andrej``, not the
table's ``Goryachkin Andrey``, which the list would take for a newcomer).  A player is found
by his EGD PIN, or else by his name and his club together: the name compared in a spelling
that forgets how it was transliterated (``kh``/``h``, ``ts``/``c``, ``x``/``ks``, ``y``/``j``/``i``,
doubled letters), an initial (``Воропаев В``) standing for any first name it begins, and the
club agreeing with the list's (its letters in order in ours, the first one first:
``27Kh`` agrees with ``Kha``, ``78SP`` with ``StP``).  A name alone is not enough: two
Sergey Pavlovs of different cities are different players.  Found twice, or not at all: the
transliteration table.
"""

from __future__ import annotations

import re
from collections import defaultdict

from data import codes
from data.importers import RatedPlayer, RatingList
from paperwork.translit import ascii_only, latin
from schemes.state.model import Player

_VARIANTS = (("shch", "sch"), ("kh", "h"), ("x", "ks"), ("ts", "c"), ("tz", "c"), ("w", "v"), ("j", "i"), ("y", "i"))
"""Spellings one Russian sound has in the list's names and in the transliteration table."""


def skeleton(text: str) -> str:
    """``text`` in Latin letters with the transliteration's choices forgotten: ``Goryachkin``
    and ``Gorjachkin`` are both ``goriachkin``, ``Khovanets`` and ``Khovanec`` ``hovanec``."""
    word = "".join(char for char in ascii_only(latin(text)).lower() if char.isalpha())
    for spelling, sound in _VARIANTS:
        word = word.replace(spelling, sound)
    return re.sub(r"(.)\1+", r"\1", word)


def _subsequence(short: str, long: str) -> bool:
    letters = iter(long)
    return all(char in letters for char in short)


def club_agrees(ours: str, theirs: str) -> bool:
    """The list's club (``27Kh``: the region's number and the city's letters) is ours: its
    letters appear in order in our club's code or in its transliteration, the first one
    first.  The list's blanks (``xxxx``, ``00oo``) agree with nothing."""
    wanted = "".join(char for char in theirs.lower() if char.isascii() and char.isalpha())
    if not wanted or set(wanted) <= {"x", "o"}:
        return False
    for spelling in (codes.city_code(ours), latin(ours)):
        letters = "".join(char for char in spelling.lower() if char.isascii() and char.isalpha())
        if letters[:1] == wanted[0] and _subsequence(wanted, letters):
            return True
    return False


class ListedNames:
    """A rating list indexed by the skeleton of its surnames, for one table's players."""

    def __init__(self, ratings: RatingList) -> None:
        self.ratings = ratings
        self.by_surname: dict[str, list[RatedPlayer]] = defaultdict(list)
        for entry in ratings.players:
            self.by_surname[skeleton(entry.surname)].append(entry)

    def find(self, player: Player) -> RatedPlayer | None:
        """His line of the list: by PIN, else the one line of his name and club (None when
        there is none, or more than one)."""
        if player.pin and (listed := self.ratings.by_pin(player.pin)) is not None:
            return listed
        surname, name = skeleton(player.surname), skeleton(player.name)
        if not (player.club and surname):
            return None
        initial = len("".join(char for char in player.name if char.isalpha())) == 1
        found = [
            entry
            for entry in self.by_surname.get(surname, [])
            if (skeleton(entry.name).startswith(name) if initial else skeleton(entry.name) == name)
            and club_agrees(player.club, entry.club)
        ]
        return found[0] if len(found) == 1 else None
