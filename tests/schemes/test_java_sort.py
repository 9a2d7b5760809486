"""Java's TimSort, comparison for comparison: OpenGotha numbers tables with a comparator
that calls two equal boards "after" each other, so only the same algorithm gives its order."""

import hashlib
import json
import random
from pathlib import Path

import pytest

from schemes.algorithms.java_sort import ContractViolation, java_order, java_sort
from tests.reference.cases import sort_case

REFERENCE = json.loads((Path(__file__).parents[1] / "reference" / "java_sort.json").read_text())


def sorted_as_java(keys: list[int]) -> str:
    try:
        order = java_sort(list(range(len(keys))), lambda x, y: -1 if keys[x] < keys[y] else 1)
    except ContractViolation:
        return "ERR"
    return hashlib.sha256(" ".join(map(str, order)).encode()).hexdigest()[:16]


@pytest.mark.parametrize("block", range(15))
def test_the_order_of_javas_sort(block: int) -> None:
    """1,500 cases up to 1,500 elements: Java's order, or Java's refusal of the comparator."""
    seeds = [s for s in sorted(REFERENCE, key=int) if int(s) % 15 == block]
    assert {s: sorted_as_java(sort_case(int(s))) for s in seeds} == {s: REFERENCE[s] for s in seeds}


def test_the_reference_covers_merges_and_refusals() -> None:
    sizes = [len(sort_case(int(s))) for s in REFERENCE]
    assert max(sizes) > 1000 and min(sizes) < 2
    assert 100 < list(REFERENCE.values()).count("ERR") < 1000


def test_a_consistent_comparator_sorts_stably() -> None:
    rng = random.Random(7)
    for size in (0, 1, 5, 31, 32, 33, 100, 2000):
        items = [(rng.randint(0, 9), k) for k in range(size)]
        got = java_sort(items, lambda a, b: (a[0] > b[0]) - (a[0] < b[0]))
        assert got == sorted(items, key=lambda item: item[0])


def test_strings_go_in_javas_order_of_utf16_units() -> None:
    """Beyond the BMP Java's order is not Python's: 𝔸 (U+1D538, the units D835 DD38) comes
    before U+FFFD in Java and after it in Python; within the BMP both agree, a prefix first."""
    names = ["\ufffd", "𝔸", "Ёлкин", "Елкин", "Al", "A", ""]
    assert sorted(names, key=java_order) == ["", "A", "Al", "Ёлкин", "Елкин", "𝔸", "\ufffd"]
    assert sorted(names) == ["", "A", "Al", "Ёлкин", "Елкин", "\ufffd", "𝔸"]
