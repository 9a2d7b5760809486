"""The sport-handicap points scheme of the KGS Russian room (spec sport-handicap.md, seed 001).

A player's strength is in game points.  Handicap stones and komi make up the whole
difference of two strengths, so every game is even in expectation; the round's
points (with a bonus for winning streaks) become the new strength, and a final
correction settles what the handicaps of the early rounds got wrong.

Decisions where spec and seed are silent (also in docs/decisions.md):
- A player registered after round 1 starts from his rank; each round he missed is an
  announced skip (5 points), as the README rules for every scheme.
- A skip (or withdrawal) announced after the round before was paired is recorded but
  worth 0 and breaks a streak (spec: the seed's deadline); one in time is worth 5.
- Before the last round is complete the correction is 0: it compares with the final
  strengths, which do not exist yet.
- Blocked pairs (``--block``) are respected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from schemes.base.scheme import Param, Recorded, Row, Standings, Traits, choice, int_in, is_final, rank_param
from schemes.base.swiss_like import SWISS_LIKE, Plan, SwissLike
from schemes.state.model import Board, Player, Tournament
from schemes.state.records import Free, Game, Outcome, Score, frozen_for_newcomers, outcomes, recorded_at_start
from schemes.values.places import ranked
from schemes.values.ranks import parse_rank

PARAMS = (
    Param("rank_step", 10, int_in(1, 100), "strength points per rank"),
    Param("floor", "21k", rank_param(), "the rank with strength 0; weaker ranks count as it"),
    Param("win_points", 10, int_in(1, 100), "points for a win"),
    Param("half_points", 5, int_in(0, 100), "points for a triple ko, a skip, a walkover or a bye"),
    Param("streak_bonus", "on", choice("on", "off"), "a win after n >= 2 wins in a row is worth n wins"),
    Param("correction", "on", choice("on", "off"), "the final correction for the handicaps played"),
)
STONE_POINTS, EVEN_KOMI = 16, 6


def stone_value(stones: int) -> int:
    """``V(N) = 6 + (N-1)·16``: what a handicap of N is worth (N = 1 is an even game)."""
    return EVEN_KOMI + (stones - 1) * STONE_POINTS


def handicap_for(difference: int) -> tuple[int, int]:
    """Stones ``N`` (1..9) and white's komi ``K`` for a strength difference ``X >= 0``:
    the ``V(N)`` nearest to ``X``, the smaller ``N`` on a tie; ``K = V(N) - X``."""
    stones = min(range(1, 10), key=lambda n: (abs(stone_value(n) - difference), n))
    return stones, stone_value(stones) - difference


def board_for(number: int, white: int, black: int, difference: int) -> Board:
    """The board of white (the stronger or equal) against black; jigo is white's, so komi is K + 0.5."""
    stones, komi = handicap_for(difference)
    return Board(number, white, black, stones if stones > 1 else 0, komi + 0.5)


@dataclass(frozen=True)
class Card:
    strengths: tuple[int, ...]
    """Strength before round 1, 2, …, and last the strength after the rounds counted."""
    points: tuple[int, ...]
    streak: int
    outcomes: tuple[Outcome, ...]

    @property
    def strength(self) -> int:
        return self.strengths[-1]


def start_strength(player: Player, params: Mapping[str, Any]) -> int:
    return int(params["rank_step"]) * max(0, player.rank - parse_rank(params["floor"]))


def cards(tournament: Tournament, after_round: int) -> dict[int, Card]:
    params = tournament.settings.params
    win, half, bonus = params["win_points"], params["half_points"], params["streak_bonus"] == "on"
    table = outcomes(tournament, after_round)
    starts = recorded_at_start(tournament, "start_strengths", lambda p: start_strength(p, params))
    result = {}
    for player, start in starts.items():
        strengths, points, streak = [start], [], 0
        for outcome in table[player]:
            gained = 0
            if isinstance(outcome, Free) and outcome.late:
                streak = 0  # too late to be a skip: an absence
            elif isinstance(outcome, Free):
                gained = half
            elif isinstance(outcome, Game):
                if outcome.score is Score.DRAW or (outcome.forfeit and outcome.score is Score.WIN):
                    gained = half
                elif outcome.score is Score.WIN:
                    gained = win * max(1, streak) if bonus else win
                    streak += 1
                else:
                    streak = 0
            points.append(gained)
            strengths.append(strengths[-1] + gained)
        result[player] = Card(tuple(strengths), tuple(points), streak, tuple(table[player]))
    return result


def correction_tenths(player: int, cards: Mapping[int, Card]) -> int:
    """Ten times the final correction: ``Σ (d_before - d_end)`` over the games really played."""
    mine = cards[player]
    total = 0
    for index, outcome in enumerate(mine.outcomes):
        if isinstance(outcome, Game) and not outcome.forfeit:
            other = cards[outcome.opponent]
            before = mine.strengths[index] - other.strengths[index]
            total += before - (mine.strength - other.strength)
    return total


@dataclass(frozen=True)
class SportHandicap(SwissLike):
    name: str = "sport-handicap"
    score_name: str = "strength"
    params: Sequence[Param] = PARAMS
    traits: Traits = replace(
        SWISS_LIKE, skip_deadline=True, default_rounds=7, komi_by_rule=True, half_komi=True
    )  # the seed's 7 rounds
    left_over: bool = True
    recorded: Sequence[Recorded] = (Recorded("start_strengths", per_player=True),)

    def numbering(self, field: Sequence[Player]) -> Sequence[Player]:
        """Registration order (seed 001: whoever registered earlier ranks higher)."""
        return sorted(field, key=lambda p: p.id)

    def at_draw(self, tournament: Tournament, field: Sequence[Player]) -> dict[str, Any]:
        params = tournament.settings.params
        return {"start_strengths": {str(p.id): start_strength(p, params) for p in field}}

    def plan(self, tournament: Tournament, number: int, drawn: Mapping[str, Any]) -> Plan:
        extra: dict[str, Any] = {}
        if number == 1:
            strength = {int(p): s for p, s in drawn["start_strengths"].items()}
        else:
            strength = {p: card.strength for p, card in cards(tournament, number - 1).items()}
            params = tournament.settings.params  # a latecomer's start, recorded as the draw recorded the field's
            playing = [p for p in strength if tournament.players[p].available_in(number)]
            extra["start_strengths"] = frozen_for_newcomers(
                tournament, "start_strengths", playing, lambda p: start_strength(p, params)
            )
        listed = sorted(strength, key=lambda p: (-strength[p], p))
        return Plan(
            listed, lambda i, white, black: board_for(i, white, black, strength[white] - strength[black]), extra=extra
        )

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        strength = {p: card.strength for p, card in cards(tournament, round_number - 1).items()}
        if strength[white] < strength[black]:
            white, black = black, white
        return board_for(board_number, white, black, strength[white] - strength[black])

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        table = cards(tournament, after_round)
        params = tournament.settings.params
        final = params["correction"] == "on" and is_final(self, tournament, after_round)
        tenths = {p: correction_tenths(p, table) if final else 0 for p in table}
        score = {p: (10 * card.strength + tenths[p]) / 10 for p, card in table.items()}
        entered = [p for p in table if not tournament.never_played(p)]
        order = sorted(entered, key=lambda p: (tournament.numbers.get(p, 0), p))
        places, _ = ranked(order, [("score", lambda group: score)])
        return Standings(
            after_round,
            tuple(
                Row(
                    place,
                    p,
                    score[p],
                    {
                        "strength": float(table[p].strength),
                        "correction": tenths[p] / 10,
                        "streak": float(table[p].streak),
                    },
                )
                for place, p in places
            ),
            ("correction", "streak") if final else ("streak",),
            min(1.0, params["half_points"] / params["win_points"]),  # a bye is worth a draw
        )


SPORT_HANDICAP = SportHandicap()
