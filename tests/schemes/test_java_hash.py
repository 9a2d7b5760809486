"""Java's ``HashMap`` walk, against the orders Java 17 printed for these keys."""

from __future__ import annotations

import pytest

from schemes.algorithms.java_hash import string_hash, walk_order


@pytest.mark.parametrize(
    ("keys", "walked"),
    [
        (["IVANOVIVAN", "PETROVPETR", "SIDOROV", "KIM", "LEE", "PARK"], [2, 0, 1, 4, 3, 5]),
        (["A", "B", "C", "Q", "a", "AA", "BB", "Ab", "BC"], [5, 6, 0, 3, 4, 7, 8, 1, 2]),
        (["MÜLLERHANS", "MULLERHANS", "MUELLERHANS", "ÇELIKALI", "CELIKALI", "DE-VRIESJAN", "DEVRIESJAN"],
         [3, 6, 5, 1, 0, 4, 2]),
        ([f"PLAYER{i * 7919 % 1000}X" for i in range(40)],
         [16, 27, 37, 23, 26, 34, 4, 15, 12, 22, 24, 33, 25, 14, 3, 36, 35, 5, 0, 10, 32, 13, 2, 11, 1, 7, 18, 29, 31,
          21, 39, 17, 28, 6, 38, 9, 20, 8, 30, 19]),
    ],
)  # fmt: skip
def test_players_are_walked_in_the_order_of_javas_hashmap(keys: list[str], walked: list[int]) -> None:
    """Where two players fold to one ASCII name, OpenGotha takes the first its map of players
    walks to."""
    assert walk_order([string_hash(key) for key in keys]) == walked


def test_games_are_walked_in_the_order_of_javas_hashmap() -> None:
    """OpenGotha reads the game of a player seated twice in a round as the last its map of
    games walks to: keys round × 1000 + table, spread above 65,535 (``h ^ h >>> 16``)."""
    keys = [98500, 4501, 4005, 70000, 65536, 131072, 5, 99001, 37, 16, 4096, 1000]
    assert walk_order(keys) == [9, 10, 3, 4, 5, 0, 1, 2, 6, 8, 7, 11]


@pytest.mark.parametrize(("more", "last"), [(0, 4005), (1000, 4501)])
def test_a_growing_map_walks_a_rounds_games_otherwise(more: int, last: int) -> None:
    """Four rounds of 500 games, 200 more and a table 502 in round 5: of table 6 and table
    502 of round 5, the map of 2,201 games walks to table 6 last (table 502's key wraps to
    a low bucket); once a sixth round's 1,000 more games double its table, table 502."""
    keys = [r * 1000 + t for r in range(4) for t in range(500)] + [4000 + t for t in range(200)] + [4501]
    keys += [5000 + t for t in range(more)]
    order = walk_order(keys)
    walked = [keys[k] for k in order if keys[k] in (4005, 4501)]
    assert walked[-1] == last
