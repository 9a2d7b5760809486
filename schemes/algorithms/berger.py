"""FIDE's Berger tables, from the seed's arithmetic rules rather than printed tables.

For an even field ``n`` (an odd field adds a dummy ``n`` whose opponent has the bye):
players ``i < j < n`` meet in round ``i + j - 1`` when ``i + j <= n``, else in round
``i + j - n``; if ``i + j`` is even the higher number is white, if odd the lower.
Player ``n`` meets ``i`` in round ``2i - 1`` when ``2i <= n``, else ``2i - n``, black
against the first half and white against the second.  Boards are listed as FIDE
prints them: the game of ``n`` first, then the pairs folding out from his opponent.
"""

from __future__ import annotations


def even_size(players: int) -> int:
    return players + players % 2


def white_of(i: int, j: int, n: int) -> int:
    """Which of ``i`` and ``j`` plays white in their game of an ``n``-table."""
    i, j = min(i, j), max(i, j)
    if j == n:
        return j if i > n // 2 else i
    return j if (i + j) % 2 == 0 else i


def meeting_round(i: int, j: int, n: int) -> int:
    """The round (1..n-1) in which numbers ``i`` and ``j`` of an ``n``-table meet, by the
    rule above: where a crosstable's cell is empty, whether its game's round has come."""
    i, j = min(i, j), max(i, j)
    if j == n:
        return 2 * i - 1 if 2 * i <= n else 2 * i - n
    return i + j - 1 if i + j <= n else i + j - n


def berger_round(n: int, round_number: int) -> list[tuple[int, int]]:
    """The games ``(white, black)`` of one round of the ``n``-table, board order."""
    if n % 2 or n < 2 or not 1 <= round_number <= n - 1:
        raise ValueError(f"no round {round_number} in a Berger table for {n}")
    first = (round_number + 1) // 2 if round_number % 2 else (round_number + n) // 2

    def wrap(k: int) -> int:
        return (k - 1) % (n - 1) + 1

    pairs = [(first, n)] + [(wrap(first + k), wrap(first - k)) for k in range(1, n // 2)]
    return [(white_of(a, b, n), b if white_of(a, b, n) == a else a) for a, b in pairs]
