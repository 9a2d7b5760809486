"""Test inputs that a Java program and the tests both rebuild from a seed.

The reference outputs of OpenGotha's matcher and of Java's sort are kept for inputs made
here from a few numbers, not the inputs themselves: a splitmix64 stream (its arithmetic
is fixed, unlike a library's generator) gives the same matrices in any Python.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def stream(seed: int):  # type: ignore[no-untyped-def]
    """splitmix64: 64-bit numbers from ``seed``."""
    state = seed & MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


MATCHING_SPREADS = (3, 5, 10, 1000, 10**12, 10**15)
"""How wide a case's costs are: small spreads make many pairings of the same best total."""


def matching_case(seed: int) -> list[list[int]]:
    """A symmetric cost matrix (zero diagonal, costs >= 1), 2 to 60 players."""
    numbers = stream(seed)
    n = 2 + next(numbers) % 59
    spread = MATCHING_SPREADS[next(numbers) % len(MATCHING_SPREADS)]
    cost = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            cost[i][j] = cost[j][i] = 1 + next(numbers) % spread
    return cost


def sort_case(seed: int) -> list[int]:
    """Keys to sort with a comparator that calls equal keys greater both ways (as
    OpenGotha's table order does): up to 1,500 of them, from 1 to 1,000 distinct values."""
    numbers = stream(seed)
    size = (next(numbers) % 41, 30 + next(numbers) % 271, 200 + next(numbers) % 1301)[next(numbers) % 3]
    distinct = (1, 2, 3, 5, 20, 1000)[next(numbers) % 6]
    return [next(numbers) % (distinct + 1) for _ in range(size)]
