"""The order a Java ``HashMap`` walks its keys.

OpenGotha keeps its players in a ``HashMap<String, Player>`` and its games in a
``HashMap<Integer, Game>``, and where a file gives it two answers to one question — two
players folding to one obsolete name, a player seated on two boards of one round — the
answer is whichever its map walks to first or last.  A map walks its table of buckets in
order (a key's bucket: its ``hashCode`` spread by ``h ^ h >>> 16``, masked by the table's
size), each bucket in the order its keys were put; the table starts at 16 buckets and
doubles whenever it holds more than three quarters of its size.  (A bucket that reaches
nine keys doubles a table under 64 buckets, and becomes a tree, walked otherwise, in a bigger
one: tables numbered 1 to n never come near it.)
"""

from __future__ import annotations

from collections.abc import Sequence


def string_hash(text: str) -> int:
    """Java's ``String.hashCode``: over UTF-16 code units, in 32 bits."""
    h = 0
    data = text.encode("utf-16-le")
    for k in range(0, len(data), 2):
        h = (31 * h + int.from_bytes(data[k : k + 2], "little")) & 0xFFFFFFFF
    return h


def capacity(count: int) -> int:
    """The size of the table of a map that was given ``count`` keys (never removed)."""
    size = 16
    while count > size * 3 // 4:
        size *= 2
    return size


def bucket(hash_code: int, size: int) -> int:
    """The bucket of a key in a table of ``size``."""
    h = hash_code & 0xFFFFFFFF
    return (h ^ (h >> 16)) & (size - 1)


def walk_order(hashes: Sequence[int]) -> list[int]:
    """The indexes of distinct keys, put in this order with these hash codes, in the order
    their map walks them."""
    size = capacity(len(hashes))
    return sorted(range(len(hashes)), key=lambda k: (bucket(hashes[k], size), k))
