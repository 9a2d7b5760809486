"""Java's ``List.sort`` (TimSort), comparison for comparison.

OpenGotha numbers a round's tables by sorting its games with a comparator that is not an
order: two boards whose best players are equal in every criterion and in rating each say
they come after the other.  Where such boards meet, the result is whatever the sorting
algorithm's sequence of comparisons makes of them, so the tables of OpenGotha can only
be reproduced by the same algorithm: Tim Peters' merge sort (his ``listsort.txt``) with
the constants and the details of Java's version — runs of at least ``minRunLength`` made
by binary insertion, a stack of runs merged when its lengths break the invariants, and
merges that gallop after ``MIN_GALLOP`` wins in a row.  For a consistent comparator this
is an ordinary stable sort.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")
Compare = Callable[[T, T], int]

MIN_MERGE = 32
MIN_GALLOP = 7


@lru_cache(maxsize=8192)
def java_order(text: str) -> bytes:
    """A string's sort key in Java's order (``String.compareTo``): by UTF-16 code units, which
    differs from Python's order of code points where a character is beyond the BMP.  Big-endian
    units compare as their bytes do, a prefix first.  Kept per string: a pairing sorts the
    same names a hundred times."""
    return text.encode("utf-16-be", "surrogatepass")


class ContractViolation(ValueError):
    """Java's "Comparison method violates its general contract!": its sort gives up on a
    comparator so inconsistent that a merge runs out of one side."""


def java_sort(items: list[T], compare: Compare[T]) -> list[T]:
    """A new list: ``items`` sorted as Java's ``List.sort(compare)`` sorts them."""
    a = list(items)
    _Sorter(a, compare).sort()
    return a


def _min_run_length(n: int) -> int:
    r = 0
    while n >= MIN_MERGE:
        r |= n & 1
        n >>= 1
    return n + r


def _reverse(a: MutableSequence[T], lo: int, hi: int) -> None:
    hi -= 1
    while lo < hi:
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1
        hi -= 1


def _count_run(a: MutableSequence[T], lo: int, hi: int, compare: Compare[T]) -> int:
    """The length of the run at ``lo``, made ascending (a strictly descending run is reversed)."""
    run_hi = lo + 1
    if run_hi == hi:
        return 1
    if compare(a[run_hi], a[lo]) < 0:
        run_hi += 1
        while run_hi < hi and compare(a[run_hi], a[run_hi - 1]) < 0:
            run_hi += 1
        _reverse(a, lo, run_hi)
    else:
        run_hi += 1
        while run_hi < hi and compare(a[run_hi], a[run_hi - 1]) >= 0:
            run_hi += 1
    return run_hi - lo


def _binary_sort(a: MutableSequence[T], lo: int, hi: int, start: int, compare: Compare[T]) -> None:
    """Binary insertion of ``a[start:hi]`` into the sorted ``a[lo:start]``."""
    if start == lo:
        start += 1
    while start < hi:
        pivot = a[start]
        left, right = lo, start
        while left < right:
            mid = (left + right) >> 1
            if compare(pivot, a[mid]) < 0:
                right = mid
            else:
                left = mid + 1
        a[left + 1 : start + 1] = a[left:start]
        a[left] = pivot
        start += 1


def _gallop_left(key: T, a: MutableSequence[T], base: int, length: int, hint: int, compare: Compare[T]) -> int:
    """Where ``key`` goes in the sorted ``a[base:base+length]``, before any equal element."""
    last_ofs, ofs = 0, 1
    if compare(key, a[base + hint]) > 0:
        max_ofs = length - hint
        while ofs < max_ofs and compare(key, a[base + hint + ofs]) > 0:
            last_ofs = ofs
            ofs = (ofs << 1) + 1
        ofs = min(ofs, max_ofs)
        last_ofs += hint
        ofs += hint
    else:
        max_ofs = hint + 1
        while ofs < max_ofs and compare(key, a[base + hint - ofs]) <= 0:
            last_ofs = ofs
            ofs = (ofs << 1) + 1
        ofs = min(ofs, max_ofs)
        last_ofs, ofs = hint - ofs, hint - last_ofs
    last_ofs += 1
    while last_ofs < ofs:
        m = last_ofs + ((ofs - last_ofs) >> 1)
        if compare(key, a[base + m]) > 0:
            last_ofs = m + 1
        else:
            ofs = m
    return ofs


def _gallop_right(key: T, a: MutableSequence[T], base: int, length: int, hint: int, compare: Compare[T]) -> int:
    """Where ``key`` goes in the sorted ``a[base:base+length]``, after any equal element."""
    ofs, last_ofs = 1, 0
    if compare(key, a[base + hint]) < 0:
        max_ofs = hint + 1
        while ofs < max_ofs and compare(key, a[base + hint - ofs]) < 0:
            last_ofs = ofs
            ofs = (ofs << 1) + 1
        ofs = min(ofs, max_ofs)
        last_ofs, ofs = hint - ofs, hint - last_ofs
    else:
        max_ofs = length - hint
        while ofs < max_ofs and compare(key, a[base + hint + ofs]) >= 0:
            last_ofs = ofs
            ofs = (ofs << 1) + 1
        ofs = min(ofs, max_ofs)
        last_ofs += hint
        ofs += hint
    last_ofs += 1
    while last_ofs < ofs:
        m = last_ofs + ((ofs - last_ofs) >> 1)
        if compare(key, a[base + m]) < 0:
            ofs = m
        else:
            last_ofs = m + 1
    return ofs


class _Sorter:
    """One sort's state: the array, its stack of pending runs and the galloping threshold."""

    def __init__(self, a: list[T], compare: Compare[T]) -> None:
        self.a = a
        self.compare = compare
        self.min_gallop = MIN_GALLOP
        self.run_base: list[int] = []
        self.run_len: list[int] = []

    def sort(self) -> None:
        a, compare = self.a, self.compare
        lo, hi = 0, len(a)
        remaining = hi - lo
        if remaining < 2:
            return
        if remaining < MIN_MERGE:
            init = _count_run(a, lo, hi, compare)
            _binary_sort(a, lo, hi, lo + init, compare)
            return
        min_run = _min_run_length(remaining)
        while remaining:
            run = _count_run(a, lo, hi, compare)
            if run < min_run:
                forced = min(remaining, min_run)
                _binary_sort(a, lo, lo + forced, lo + run, compare)
                run = forced
            self.run_base.append(lo)
            self.run_len.append(run)
            self._merge_collapse()
            lo += run
            remaining -= run
        self._merge_force_collapse()

    def _merge_collapse(self) -> None:
        length = self.run_len
        while len(length) > 1:
            n = len(length) - 2
            if (n > 0 and length[n - 1] <= length[n] + length[n + 1]) or (
                n > 1 and length[n - 2] <= length[n] + length[n - 1]
            ):
                if length[n - 1] < length[n + 1]:
                    n -= 1
            elif n < 0 or length[n] > length[n + 1]:
                break
            self._merge_at(n)

    def _merge_force_collapse(self) -> None:
        length = self.run_len
        while len(length) > 1:
            n = len(length) - 2
            if n > 0 and length[n - 1] < length[n + 1]:
                n -= 1
            self._merge_at(n)

    def _merge_at(self, i: int) -> None:
        a, compare = self.a, self.compare
        base1, len1 = self.run_base[i], self.run_len[i]
        base2, len2 = self.run_base[i + 1], self.run_len[i + 1]
        self.run_len[i] = len1 + len2
        del self.run_base[i + 1]
        del self.run_len[i + 1]
        k = _gallop_right(a[base2], a, base1, len1, 0, compare)
        base1 += k
        len1 -= k
        if len1 == 0:
            return
        len2 = _gallop_left(a[base1 + len1 - 1], a, base2, len2, len2 - 1, compare)
        if len2 == 0:
            return
        if len1 <= len2:
            self._merge_lo(base1, len1, base2, len2)
        else:
            self._merge_hi(base1, len1, base2, len2)

    def _merge_lo(self, base1: int, len1: int, base2: int, len2: int) -> None:
        a, compare = self.a, self.compare
        tmp = a[base1 : base1 + len1]
        cursor1, cursor2, dest = 0, base2, base1
        a[dest] = a[cursor2]
        dest += 1
        cursor2 += 1
        len2 -= 1
        if len2 == 0:
            a[dest : dest + len1] = tmp[cursor1 : cursor1 + len1]
            return
        if len1 == 1:
            a[dest : dest + len2] = a[cursor2 : cursor2 + len2]
            a[dest + len2] = tmp[cursor1]
            return
        min_gallop = self.min_gallop
        while True:
            count1 = count2 = 0
            broke = False
            while True:
                if compare(a[cursor2], tmp[cursor1]) < 0:
                    a[dest] = a[cursor2]
                    dest += 1
                    cursor2 += 1
                    count2 += 1
                    count1 = 0
                    len2 -= 1
                    if len2 == 0:
                        broke = True
                        break
                else:
                    a[dest] = tmp[cursor1]
                    dest += 1
                    cursor1 += 1
                    count1 += 1
                    count2 = 0
                    len1 -= 1
                    if len1 == 1:
                        broke = True
                        break
                if (count1 | count2) >= min_gallop:
                    break
            if broke:
                break
            while True:
                count1 = _gallop_right(a[cursor2], tmp, cursor1, len1, 0, compare)
                if count1 != 0:
                    a[dest : dest + count1] = tmp[cursor1 : cursor1 + count1]
                    dest += count1
                    cursor1 += count1
                    len1 -= count1
                    if len1 <= 1:
                        broke = True
                        break
                a[dest] = a[cursor2]
                dest += 1
                cursor2 += 1
                len2 -= 1
                if len2 == 0:
                    broke = True
                    break
                count2 = _gallop_left(tmp[cursor1], a, cursor2, len2, 0, compare)
                if count2 != 0:
                    a[dest : dest + count2] = a[cursor2 : cursor2 + count2]
                    dest += count2
                    cursor2 += count2
                    len2 -= count2
                    if len2 == 0:
                        broke = True
                        break
                a[dest] = tmp[cursor1]
                dest += 1
                cursor1 += 1
                len1 -= 1
                if len1 == 1:
                    broke = True
                    break
                min_gallop -= 1
                if not (count1 >= MIN_GALLOP or count2 >= MIN_GALLOP):
                    break
            if broke:
                break
            if min_gallop < 0:
                min_gallop = 0
            min_gallop += 2
        self.min_gallop = max(1, min_gallop)
        if len1 == 1:
            a[dest : dest + len2] = a[cursor2 : cursor2 + len2]
            a[dest + len2] = tmp[cursor1]
        elif len1 == 0:
            raise ContractViolation("Comparison method violates its general contract!")
        else:
            a[dest : dest + len1] = tmp[cursor1 : cursor1 + len1]

    def _merge_hi(self, base1: int, len1: int, base2: int, len2: int) -> None:
        a, compare = self.a, self.compare
        tmp = a[base2 : base2 + len2]
        cursor1, cursor2, dest = base1 + len1 - 1, len2 - 1, base2 + len2 - 1
        a[dest] = a[cursor1]
        dest -= 1
        cursor1 -= 1
        len1 -= 1
        if len1 == 0:
            a[dest - (len2 - 1) : dest + 1] = tmp[0:len2]
            return
        if len2 == 1:
            dest -= len1
            cursor1 -= len1
            a[dest + 1 : dest + 1 + len1] = a[cursor1 + 1 : cursor1 + 1 + len1]
            a[dest] = tmp[cursor2]
            return
        min_gallop = self.min_gallop
        while True:
            count1 = count2 = 0
            broke = False
            while True:
                if compare(tmp[cursor2], a[cursor1]) < 0:
                    a[dest] = a[cursor1]
                    dest -= 1
                    cursor1 -= 1
                    count1 += 1
                    count2 = 0
                    len1 -= 1
                    if len1 == 0:
                        broke = True
                        break
                else:
                    a[dest] = tmp[cursor2]
                    dest -= 1
                    cursor2 -= 1
                    count2 += 1
                    count1 = 0
                    len2 -= 1
                    if len2 == 1:
                        broke = True
                        break
                if (count1 | count2) >= min_gallop:
                    break
            if broke:
                break
            while True:
                count1 = len1 - _gallop_right(tmp[cursor2], a, base1, len1, len1 - 1, compare)
                if count1 != 0:
                    dest -= count1
                    cursor1 -= count1
                    len1 -= count1
                    a[dest + 1 : dest + 1 + count1] = a[cursor1 + 1 : cursor1 + 1 + count1]
                    if len1 == 0:
                        broke = True
                        break
                a[dest] = tmp[cursor2]
                dest -= 1
                cursor2 -= 1
                len2 -= 1
                if len2 == 1:
                    broke = True
                    break
                count2 = len2 - _gallop_left(a[cursor1], tmp, 0, len2, len2 - 1, compare)
                if count2 != 0:
                    dest -= count2
                    cursor2 -= count2
                    len2 -= count2
                    a[dest + 1 : dest + 1 + count2] = tmp[cursor2 + 1 : cursor2 + 1 + count2]
                    if len2 <= 1:
                        broke = True
                        break
                a[dest] = a[cursor1]
                dest -= 1
                cursor1 -= 1
                len1 -= 1
                if len1 == 0:
                    broke = True
                    break
                min_gallop -= 1
                if not (count1 >= MIN_GALLOP or count2 >= MIN_GALLOP):
                    break
            if broke:
                break
            if min_gallop < 0:
                min_gallop = 0
            min_gallop += 2
        self.min_gallop = max(1, min_gallop)
        if len2 == 1:
            dest -= len1
            cursor1 -= len1
            a[dest + 1 : dest + 1 + len1] = a[cursor1 + 1 : cursor1 + 1 + len1]
            a[dest] = tmp[cursor2]
        elif len2 == 0:
            raise ContractViolation("Comparison method violates its general contract!")
        else:
            a[dest - (len2 - 1) : dest + 1] = tmp[0:len2]
