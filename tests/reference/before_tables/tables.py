"""McMahon's and Swiss's table numbering as it was before each board's compared player was
found once (2026-12-02): every comparison of Java's sort found both boards' players again
and walked the criteria four times.  The oracle ``_tables`` is checked against.  Kept as it was."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cmp_to_key

from schemes.algorithms.java_sort import ContractViolation, java_sort
from schemes.state.model import Board
from schemes.systems.gotha.rules import Rules
from schemes.systems.gotha.scores import Sheet, by_criteria


def tables(sheets: Mapping[int, Sheet], the_rules: Rules, index: int, boards: list[Board]) -> list[Board]:
    def better(a: Sheet, b: Sheet) -> int:
        return by_criteria(the_rules.criteria, index, a, b)

    def best(board: Board) -> Sheet:
        w, b = sheets[board.white], sheets[board.black]
        if better(w, b) == 0 and w.entrant.rating < b.entrant.rating:
            return b
        return b if better(w, b) == -1 else w

    def cmp(x: Board, y: Board) -> int:
        bx, by = best(x), best(y)
        order = better(bx, by)
        if order == 0:
            return -1 if bx.entrant.rating > by.entrant.rating else 1
        return order

    try:
        ordered_boards = java_sort(boards, cmp)
    except ContractViolation:  # Java's sort gives up on this comparator (OpenGotha's Pair would fail): a stable sort
        ordered_boards = sorted(boards, key=cmp_to_key(cmp))
    return [replace(board, number=n) for n, board in enumerate(ordered_boards, start=1)]
