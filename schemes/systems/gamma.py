"""The Gamma scheme (spec gamma.md, seed 000): levels, a top group, handicap by level.

Everything the seed's referee writes on the cards is derived here from the rounds:
the level before each round (+1 for a win or a bye), the technical sum, and the
coefficient.  What is fixed at the close of registration (top group, start levels)
is recorded in round 1's pairing event, so a later edit of a rating cannot move it.

Decisions where spec and seed are silent (also in docs/decisions.md):
- A player registered after round 1 starts at ``min(rank, top level)``: the level he
  would have had in the draw.  The rounds he missed are skips (README).
- Rounds after a withdrawal count like skips: level unchanged, ``+1`` technical, own
  level in the coefficient.
- A ``draw`` (a triple ko; jigo cannot happen with half-point komi) raises no level.
- Blocked pairs (``--block``) are respected, as an explicit instruction of the referee.
- Any earlier board between two players, forfeits included, counts as having met.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from schemes.base.scheme import PairingError, Param, Recorded, Row, Standings, int_in
from schemes.base.swiss_like import Plan, SwissLike
from schemes.state.model import Board, Player, Tournament, rating_order
from schemes.state.records import Game, Kind, Outcome, Score, frozen_for_newcomers, outcomes, recorded_at_start
from schemes.values.places import ranked

PARAMS = (Param("handicap_cap", 9, int_in(0, 9), "most stones a game may have"),)
TOP_RANK = 30


@dataclass(frozen=True)
class TopGroup:
    level: int
    """``L_top``: the bottom rank of the top group, every member's start level."""
    size: int
    """``G``: how many players it held; before each round the ``G``-th player sets ``T``."""


def top_group(ranks: Sequence[int], rounds: int) -> TopGroup:
    """The top group at the close of registration, widened until it holds ``rounds`` players."""
    highest = max(ranks)
    width = max(1, math.ceil((TOP_RANK - highest) / 2))
    bottom = highest - width + 1
    while sum(r >= bottom for r in ranks) < rounds and bottom > min(ranks):
        bottom -= 1
    return TopGroup(bottom, sum(r >= bottom for r in ranks))


@dataclass(frozen=True)
class Card:
    """What a player's card says after some rounds."""

    levels: tuple[int, ...]
    """Level before round 1, 2, …, and last the level after the rounds counted."""
    technical: int
    outcomes: tuple[Outcome, ...]

    @property
    def level(self) -> int:
        return self.levels[-1]


def _gain(outcome: Outcome) -> int:
    if outcome.kind is Kind.BYE:
        return 1
    return int(isinstance(outcome, Game) and outcome.score is Score.WIN)


def _technical(outcome: Outcome) -> int:
    if outcome.kind is Kind.BYE:
        return -1
    return int(outcome.kind in (Kind.SKIP, Kind.WITHDRAWN))


def start_levels(tournament: Tournament) -> dict[int, int]:
    """Start levels: recorded at the draw; a latecomer starts at ``min(rank, L_top)``."""
    first = tournament.round(1)
    if first is None:
        return {}
    return recorded_at_start(tournament, "start_levels", lambda p: min(p.rank, first.extra["top_level"]))


def cards(tournament: Tournament, after_round: int) -> dict[int, Card]:
    """Every player's card after ``after_round`` rounds (round 1 must be paired)."""
    table = outcomes(tournament, after_round)
    result = {}
    for player, level in start_levels(tournament).items():
        levels = [level]
        for outcome in table[player]:
            levels.append(levels[-1] + _gain(outcome))
        result[player] = Card(tuple(levels), sum(map(_technical, table[player])), tuple(table[player]))
    return result


def levels_before(tournament: Tournament, number: int) -> dict[int, int]:
    """Everyone's level before round ``number`` (round 1 must be paired)."""
    return {p: card.level for p, card in cards(tournament, number - 1).items()}


def coefficient(player: int, cards: Mapping[int, Card]) -> float:
    """ФКБ: opponents' levels with half their technical sum, handicap given minus received;
    a round without a game adds the player's own level before it."""
    card = cards[player]
    total = 0.0
    for index, outcome in enumerate(card.outcomes):
        if isinstance(outcome, Game):
            other = cards[outcome.opponent]
            total += other.level + other.technical / 2
            if outcome.handicap:
                total += outcome.handicap if outcome.white else -outcome.handicap
        elif outcome.kind is not Kind.PENDING:
            total += card.levels[index]
    return total


def _list_order(players: Iterable[Player], levels: Mapping[int, int]) -> list[Player]:
    """Level desc, rating desc, alphabetically: the order of the cards before a round."""
    return sorted(players, key=lambda p: (-levels[p.id], -p.sort_rating, p.name_key))


def middle_out(group: Sequence[int]) -> list[int]:
    """The seed's scan of one level: from the middle down to the end, then up from the middle."""
    middle = (len(group) - 1) // 2
    return list(group[middle:]) + list(reversed(group[:middle]))


@dataclass(frozen=True)
class Gamma(SwissLike):
    name: str = "gamma"
    score_name: str = "level"
    params: Sequence[Param] = PARAMS
    recorded: Sequence[Recorded] = (
        Recorded("top_level"),
        Recorded("top_group_size"),
        Recorded("start_levels", per_player=True),
        Recorded("lowest_top_level", in_every_round=True),
    )

    def numbering(self, field: Sequence[Player]) -> Sequence[Player]:
        """Rating desc, then alphabetically (seed 000)."""
        return rating_order(field)

    def at_draw(self, tournament: Tournament, field: Sequence[Player]) -> dict[str, Any]:
        group = top_group([p.rank for p in field], self.rounds_of(tournament))
        return {
            "top_level": group.level,
            "top_group_size": group.size,
            "start_levels": {str(p.id): min(p.rank, group.level) for p in field},
        }

    def plan(self, tournament: Tournament, number: int, drawn: Mapping[str, Any]) -> Plan:
        """Cards by level; candidates from the middle of the chooser's level down; the lowest
        top level of the round (the first ``G`` cards) recorded with the pairing."""
        field = [p for p in tournament.players.values() if not p.withdrawn_by(number)]
        if not field:
            raise PairingError("round {round} needs at least 2 players", round=number)
        if number == 1:
            levels = {int(p): level for p, level in drawn["start_levels"].items()}
            size = drawn["top_group_size"]
        else:
            levels = levels_before(tournament, number)
            size = tournament.rounds[0].extra["top_group_size"]
        listed = _list_order(field, levels)
        lowest_top = levels[listed[min(size, len(listed)) - 1].id]

        def candidates(chooser: int, remaining: list[int]) -> list[int]:
            same = 0
            while same < len(remaining) and levels[remaining[same]] == levels[chooser]:
                same += 1
            return middle_out(remaining[:same]) + remaining[same:]

        cap, komi = tournament.settings.params["handicap_cap"], tournament.settings.komi
        extra: dict[str, Any] = {"lowest_top_level": lowest_top}
        if number > 1:  # a latecomer's start level, recorded as the draw recorded the field's
            top = tournament.rounds[0].extra["top_level"]
            playing = [p.id for p in listed if p.available_in(number)]
            extra["start_levels"] = frozen_for_newcomers(
                tournament, "start_levels", playing, lambda p: min(p.rank, top)
            )
        return Plan(
            [p.id for p in listed],
            lambda i, a, b: self._board(i, a, b, levels, lowest_top, cap, komi),
            candidates,
            extra,
        )

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        return self._board(
            board_number,
            white,
            black,
            levels_before(tournament, round_number),
            tournament.rounds[round_number - 1].extra["lowest_top_level"],
            tournament.settings.params["handicap_cap"],
            tournament.settings.komi,
        )

    @staticmethod
    def _board(
        number: int, first: int, second: int, levels: Mapping[int, int], top: int, cap: int, komi: float
    ) -> Board:
        effective = {p: min(levels[p], top) for p in (first, second)}
        handicap = min(abs(effective[first] - effective[second]), cap)
        if handicap == 0:
            return Board(number, first, second, 0, komi, nigiri=True)
        white, black = (first, second) if effective[first] > effective[second] else (second, first)
        return Board(number, white, black, handicap, 0.5)

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        if not tournament.rounds:
            rows = tuple(
                Row("", p.id, float(p.rank), {"level": float(p.rank), "technical": 0.0, "coefficient": 0.0})
                for p in rating_order(tournament.players.values())
                if not tournament.never_played(p.id)
            )
            return Standings(0, rows, ("technical", "coefficient"))
        table = cards(tournament, after_round)
        level = {p: float(card.level) for p, card in table.items()}
        technical = {p: float(card.technical) for p, card in table.items()}
        coefficients = {p: coefficient(p, table) for p in table}
        order = sorted((p for p in table if not tournament.never_played(p)), key=lambda p: tournament.numbers.get(p, 0))
        places, _ = ranked(order, [("level", lambda g: level), ("coefficient", lambda g: coefficients)])
        return Standings(
            after_round,
            tuple(
                Row(place, p, level[p], {"level": level[p], "technical": technical[p], "coefficient": coefficients[p]})
                for place, p in places
            ),
            ("technical", "coefficient"),
        )


GAMMA = Gamma()
