import pytest

from schemes.algorithms.berger import berger_round, meeting_round, white_of

# FIDE Handbook C.05, Annex 1 (Berger tables), white first.
FIDE_6 = [
    "1-6 2-5 3-4",
    "6-4 5-3 1-2",
    "2-6 3-1 4-5",
    "6-5 1-4 2-3",
    "3-6 4-2 5-1",
]
FIDE_8 = [
    "1-8 2-7 3-6 4-5",
    "8-5 6-4 7-3 1-2",
    "2-8 3-1 4-7 5-6",
    "8-6 7-5 1-4 2-3",
    "3-8 4-2 5-1 6-7",
    "8-7 1-6 2-5 3-4",
    "4-8 5-3 6-2 7-1",
]


def _text(n: int, r: int) -> str:
    return " ".join(f"{w}-{b}" for w, b in berger_round(n, r))


@pytest.mark.parametrize("n, table", [(6, FIDE_6), (8, FIDE_8)])
def test_printed_fide_tables(n: int, table: list[str]) -> None:
    assert [_text(n, r) for r in range(1, n)] == table


@pytest.mark.parametrize("players", range(3, 31))
def test_tables_follow_the_seed_rules(players: int) -> None:
    n = players + players % 2
    met: set[frozenset[int]] = set()
    whites = {p: 0 for p in range(1, n + 1)}
    for r in range(1, n):
        games = berger_round(n, r)
        seated = [p for g in games for p in g]
        assert sorted(seated) == list(range(1, n + 1)), "everyone plays once a round"
        assert games[0][0] == n or games[0][1] == n, "the game of the last number is board 1"
        for white, black in games:
            pair = frozenset((white, black))
            assert pair not in met
            met.add(pair)
            i, j = sorted(pair)
            # the seed's round rule
            if j == n:
                assert r == (2 * i - 1 if 2 * i <= n else 2 * i - n)
                assert (white == n) == (i > n // 2)
            else:
                assert r == (i + j - 1 if i + j <= n else i + j - n)
                assert white == (j if (i + j) % 2 == 0 else i)
            assert meeting_round(i, j, n) == r and white_of(i, j, n) == white
            whites[white] += 1
    assert len(met) == n * (n - 1) // 2, "everyone meets everyone"
    assert all(abs(w - (n - 1) / 2) <= 1 for w in whites.values()), "colours are balanced"


def test_bad_round_is_refused() -> None:
    with pytest.raises(ValueError):
        berger_round(8, 8)
    with pytest.raises(ValueError):
        berger_round(7, 1)
