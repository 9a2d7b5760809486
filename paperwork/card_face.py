"""What a participant card shows, and the pieces every scheme's card face is made of
(each scheme's face is in ``paperwork/per_scheme``; ``paperwork/cards.py`` draws them)."""

from __future__ import annotations

from dataclasses import dataclass

from paperwork.sheet import Column, standings_after
from schemes.registry import is_final_table
from schemes.state.model import Tournament


@dataclass(frozen=True)
class Face:
    """What one card shows: header values, the round table, and the notes line."""

    header: list[tuple[str, str]]
    columns: list[Column]
    rows: list[list[str]]


def finished(tournament: Tournament) -> bool:
    return is_final_table(tournament, tournament.paired_rounds)


def final_places(tournament: Tournament) -> dict[int, str]:
    rows = standings_after(tournament, tournament.paired_rounds).rows
    return {row.player: row.place for row in rows}


def blank_rows(columns: list[Column], rows: list[list[str]], rounds: int) -> list[list[str]]:
    """The filled rows, then blank ones numbered up to the last round."""
    return rows + [[str(r)] + [""] * (len(columns) - 1) for r in range(len(rows) + 1, rounds + 1)]
