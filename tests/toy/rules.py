"""A scheme no referee plays, written only to show that a scheme is its rules, its paperwork
and one line of ``schemes.registry.ENTRIES``: registration order pairs 1–2, 3–4…, the last
sits out an odd round, a win is a point."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from schemes.base.scheme import Pairing, Param, Recorded, Row, Standings, Traits
from schemes.state.model import Board, Tournament
from schemes.state.records import Kind, Score, outcomes


@dataclass(frozen=True)
class Toy:
    name: str = "toy"
    score_name: str = "points"
    params: Sequence[Param] = ()
    traits: Traits = Traits(late_entry=True, rounds_required=True)
    recorded: Sequence[Recorded] = ()

    def total_rounds(self, tournament: Tournament) -> int | None:
        return tournament.settings.rounds

    def pair(
        self,
        tournament: Tournament,
        number: int,
        rng: random.Random,
        order: Sequence[int] | None,
        allow_repeats: bool = False,
        bye: int | None = None,
    ) -> Pairing:
        ids = sorted(p.id for p in tournament.players.values() if p.available_in(number))
        pairs = zip(ids[::2], ids[1::2], strict=False)
        boards = tuple(self.seat(tournament, number, n, a, b) for n, (a, b) in enumerate(pairs, start=1))
        numbering = tuple(sorted(tournament.players)) if not tournament.numbers else None
        return Pairing(boards, tuple(ids[len(boards) * 2 :]), numbering)

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        return Board(board_number, white, black, 0, tournament.settings.komi)

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        wins = {
            player: sum(o.kind is Kind.GAME and o.score is Score.WIN for o in rounds)
            for player, rounds in outcomes(tournament, after_round).items()
        }
        order = sorted(wins, key=lambda p: (-wins[p], p))
        rows = tuple(Row(str(place), p, float(wins[p]), {}) for place, p in enumerate(order, start=1))
        return Standings(after_round, rows)


TOY = Toy()
