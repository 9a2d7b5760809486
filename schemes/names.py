"""Alphabetical order of names as a Russian referee sorts them.

Case does not matter and ``ё`` sorts as ``е`` (the seed's rule).  Cyrillic letters
are in alphabetical order in Unicode (а..я), so apart from ``ё`` the code points do.
"""

from __future__ import annotations

from collections.abc import Iterable

from schemes.model import Player


def alphabetical_key(surname: str, name: str) -> tuple[str, str]:
    return _fold(surname), _fold(name)


def _fold(text: str) -> str:
    return text.casefold().replace("ё", "е")


def rating_order(players: Iterable[Player]) -> list[Player]:
    """Rating descending, then alphabetically: how Gamma, FORS and rating-numbered round robins number."""
    return sorted(players, key=lambda p: (-p.sort_rating, alphabetical_key(p.surname, p.name)))
