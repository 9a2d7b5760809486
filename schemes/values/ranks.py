"""Ranks and ratings on the EGF/RFG scale.

A rating of 100 points is one rank.  The rank index ``r = rating // 100`` (no lower
bound: -400 is 25k) is what every scheme computes with; ``r >= 21`` reads ``(r-20)d`` and
smaller ones ``(21-r)k``, so 1k is 20 and 1d is 21.  Labels outside ``30k..9d`` are
refused: they are typing mistakes, not players.
"""

from __future__ import annotations

import re

from schemes.errors import InvalidEvent

WEAKEST = 21 - 30  # 30k
STRONGEST = 20 + 9  # 9d
FIRST_DAN = 21  # 1d
_LABEL = re.compile(r"^\s*(\d{1,2})\s*(k|d|kyu|dan|к|д|кю|дан)\.?\s*$", re.IGNORECASE)
_LETTER = {"k": "k", "kyu": "k", "к": "k", "кю": "k", "d": "d", "dan": "d", "д": "d", "дан": "d"}


class RankError(InvalidEvent):
    """A rank label or rating that cannot belong to a player."""


def parse_rank(label: str) -> int:
    """The rank index of a label such as ``5d`` or ``12k`` (case-insensitive), or as Russians
    write it: ``3к``, ``2д``, ``3 кю``, ``2 дан``."""
    match = _LABEL.match(label)
    if not match:
        raise RankError("bad rank {label!r}: write it like 5d or 12k (30k..9d)", label=label[:20])
    number, letter = int(match.group(1)), _LETTER[match.group(2).lower()]
    if letter == "d" and 1 <= number <= 9:
        return 20 + number
    if letter == "k" and 1 <= number <= 30:
        return 21 - number
    raise RankError("bad rank {label!r}: ranks go from 30k to 9d", label=label[:20])


def rank_label(index: int) -> str:
    """The label of a rank index; indices below 30k print as 30k."""
    return f"{index - 20}d" if index >= FIRST_DAN else f"{21 - max(index, WEAKEST)}k"


def rank_of_rating(rating: int) -> int:
    """The rank index of a rating: ``floor(rating / 100)`` with no lower bound (seed 000:
    "divided by 100 and truncated"), so -400 is 25k like ``--rank 25k``; a scheme with a
    floor of its own applies it itself."""
    return rating // 100


MIN_RATING, MAX_RATING = -900, (STRONGEST + 1) * 100 - 1


def check_rating(rating: int) -> int:
    """A rating a player can have (the EGF scale's -900..2999), or RankError."""
    if not MIN_RATING <= rating <= MAX_RATING:
        raise RankError(
            "bad rating {rating}: ratings go from {low} to {high}", rating=rating, low=MIN_RATING, high=MAX_RATING
        )
    return rating


def read_strength(text: str) -> dict[str, int | str]:
    """What a referee typed in one strength column: a number is a rating (``2150``, ``-50``,
    ``050``), anything else a rank label (``2d``, ``3 кю``) — the player form's and the
    imported lists' one reading, as ``{"rating": 2150}`` or ``{"rank": "2d"}``; both, a rating
    then a declared rank (``1113 7k``: OpenGotha's player rated 1113 who plays McMahon as a
    7k, which the form shows so that a new rank typed beside keeps his rating); RankError
    where it is neither, or a bare one or two digits (``12``: OpenGotha reads 12k, the
    EGF scale a rating of 21k — asked, not guessed)."""
    both = re.fullmatch(r"\s*(-\d{1,6}|\d{3,6})\s+(\S.*)", text)
    if both and _LABEL.match(both.group(2)):
        parse_rank(both.group(2))
        return {"rating": check_rating(int(both.group(1))), "rank": both.group(2).strip()}
    if re.fullmatch(r"\d{1,2}", text.strip()):  # «12»: 12k typed without its letter, or a rating of 12 (21k)?
        raise RankError("{text!r}: a rank is written {text}k or {text}d, a rating with three digits or more",
                        text=text.strip())  # fmt: skip
    if re.fullmatch(r"-?\d{1,6}", text.strip()):
        return {"rating": check_rating(int(text))}
    if not _LABEL.match(text):  # neither: say both (parse_rank's refusal spoke of ranks alone)
        raise RankError("{text!r} is neither a rating nor a rank: write 2150 or 2d", text=text[:20])
    parse_rank(text)
    return {"rank": text}
