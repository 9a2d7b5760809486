"""The FORS points scheme (spec fors.md, seed 002): start points by rank, 20+h / 10-h.

Everybody starts with points for his rank; a game pays according to the handicap
it was played with, so a handicap game is worth as much to either side as an even
one; pairing goes strictly top-down by total points.

Decisions where spec and seed are silent (also in docs/decisions.md):
- ``base_rank`` defaults to the weakest rank of the field at the draw; start points
  are ``start_per_rank * (r - base)`` with no floor, so a player below an explicit
  base starts below zero.  Start ranks are recorded at the draw; a latecomer uses
  his rank then, and the rounds he missed are skips.
- ``stones_per_rank = 0.5`` rounds half a stone down (3 ranks → 1 stone).
- A handicap game has komi 0.5; ``h = 1`` is black first without stones.
- A draw (triple ko) pays each side the middle of its own win and loss.
- ``handicap_given`` and ``head_to_head`` count games really played (not walkovers);
  the opponents' sums count every board with a result.
- ``head_to_head`` among tied players counts wins in even games against the others
  of the tied group.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from schemes.base.scheme import (
    Param,
    Recorded,
    Row,
    Standings,
    half_points,
    int_in,
    names_from,
    rank_param,
    worth_against,
)
from schemes.base.swiss_like import Plan, SwissLike
from schemes.errors import InvalidEvent
from schemes.state.model import Board, Player, Tournament, rating_order
from schemes.state.records import Game, Kind, Outcome, Score, frozen_for_newcomers, outcomes, recorded_at_start
from schemes.values.places import Criterion, every, ranked
from schemes.values.ranks import parse_rank

TIEBREAKS = (
    "opp_earned",
    "opp_wins",
    "ks",
    "wins_even_or_giving",
    "handicap_given",
    "head_to_head",
    "start_rating",
    "wins",
)
"""The organiser's menu, in the spec's order (the default order); the rules are ``CRITERIA``."""


def _stones_per_rank(text: str) -> float:
    if text not in ("1", "0.5", "1.0"):
        raise InvalidEvent("{text!r}: stones per rank are 1 or 0.5", text=text[:20])
    return float(text)


PARAMS = (
    Param("start_per_rank", 5, int_in(0, 100), "start points per rank above the base rank"),
    Param("base_rank", "auto", rank_param("auto"), "the rank with 0 start points (auto: the weakest in the field)"),
    Param("stones_per_rank", 1.0, _stones_per_rank, "handicap stones per rank of difference"),
    Param("handicap_cap", 9, int_in(0, 9), "most stones a game may have"),
    Param("win_points", 20.0, half_points(0, 1000), "a win in an even game; giving h stones: + h"),
    Param("loss_points", 10.0, half_points(0, 1000), "a loss in an even game; receiving h stones: - h"),
    Param("bye_points", 15.0, half_points(0, 1000), "a round without opponent"),
    Param("skip_points", 0.0, half_points(0, 1000), "an announced skip"),
    Param("tiebreaks", list(TIEBREAKS), names_from(TIEBREAKS), "order of the criteria after total points"),
)


def start_ranks(tournament: Tournament) -> dict[int, int]:
    return recorded_at_start(tournament, "start_ranks", lambda p: p.rank)


def base_rank(tournament: Tournament, ranks: Mapping[int, int]) -> int:
    chosen = tournament.settings.params["base_rank"]
    if chosen != "auto":
        return parse_rank(chosen)
    first = tournament.round(1)
    if first is not None:
        return int(first.extra["base_rank"])
    return min(ranks.values(), default=0)


def handicap(rank_a: int, rank_b: int, params: Mapping[str, Any]) -> int:
    return min(int(abs(rank_a - rank_b) * params["stones_per_rank"]), int(params["handicap_cap"]))


def game_points(outcome: Outcome, params: Mapping[str, Any]) -> float:
    """What one round paid: 20+h / 10-h for games, and the bye and skip values."""
    if outcome.kind is Kind.BYE:
        return float(params["bye_points"])
    if outcome.kind is Kind.SKIP:
        return float(params["skip_points"])
    if not isinstance(outcome, Game):
        return 0.0
    giving = outcome.handicap if outcome.white else 0
    receiving = 0 if outcome.white else outcome.handicap
    win = float(params["win_points"]) + giving
    loss = float(params["loss_points"]) - receiving
    if outcome.score is Score.WIN:
        return win
    if outcome.score is Score.DRAW:
        return (win + loss) / 2
    return 0.0 if outcome.forfeit else loss


@dataclass(frozen=True)
class Totals:
    start: float
    points: tuple[float, ...]
    """What each round paid."""
    wins: int
    games: tuple[Game, ...]
    outcomes: tuple[Outcome, ...]

    @property
    def earned(self) -> float:
        return sum(self.points)

    @property
    def total(self) -> float:
        return self.start + self.earned

    @property
    def running(self) -> tuple[float, ...]:
        """The total after each round, as the table writes it (``+2/50``)."""
        totals, total = [], self.start
        for paid in self.points:
            total += paid
            totals.append(total)
        return tuple(totals)


def totals(tournament: Tournament, after_round: int) -> dict[int, Totals]:
    params = tournament.settings.params
    ranks = start_ranks(tournament)
    base = base_rank(tournament, ranks)
    table = outcomes(tournament, after_round)
    return {
        p: Totals(
            float(params["start_per_rank"] * (ranks[p] - base)),
            tuple(game_points(o, params) for o in rows),
            sum(isinstance(o, Game) and o.score is Score.WIN for o in rows),
            tuple(o for o in rows if isinstance(o, Game)),
            tuple(rows),
        )
        for p, rows in table.items()
    }


def _gave(outcome: Game) -> int:
    """Handicap given in a game really played (received counts negative)."""
    if outcome.forfeit:
        return 0
    return outcome.handicap if outcome.white else -outcome.handicap


def start_ratings(tournament: Tournament) -> dict[int, int]:
    """The rating each player had when he was first paired (or had his first bye): fors.md's
    ``start_rating``, recorded by that pairing so a later edit does not move him."""
    return recorded_at_start(tournament, "start_ratings", lambda p: p.sort_rating)


@dataclass(frozen=True)
class Field:
    """What the tie-breaks read: everyone's totals and start ratings after the round."""

    totals: Mapping[int, Totals]
    start_ratings: Mapping[int, int]


def opp_earned(field: Field, group: Sequence[int]) -> dict[int, float]:
    """fors.md: «sum of opponents' points earned in this tournament (without their start points)»."""
    return {p: sum(field.totals[o.opponent].earned for o in field.totals[p].games) for p in group}


def opp_wins(field: Field, group: Sequence[int]) -> dict[int, float]:
    """fors.md: «sum of opponents' wins»."""
    return {p: float(sum(field.totals[o.opponent].wins for o in field.totals[p].games)) for p in group}


def ks(field: Field, group: Sequence[int]) -> dict[int, float]:
    """fors.md: «sum of opponents' total points (start + earned) — the Buchholz analogue»."""
    return {p: sum(field.totals[o.opponent].total for o in field.totals[p].games) for p in group}


def wins_even_or_giving(field: Field, group: Sequence[int]) -> dict[int, float]:
    """fors.md: «wins in even games and in games where the player gave handicap»."""
    return {
        p: float(sum(o.score is Score.WIN and (o.handicap == 0 or o.white) for o in field.totals[p].games))
        for p in group
    }


def handicap_given(field: Field, group: Sequence[int]) -> dict[int, float]:
    """fors.md: «total handicap given to opponents (received counts negative)»."""
    return {p: float(sum(map(_gave, field.totals[p].games))) for p in group}


def head_to_head(field: Field, group: Sequence[int]) -> dict[int, float]:
    """fors.md: «result of the game between the tied players, if it was even» (wins in even games
    really played against the others of the tied group)."""
    members = set(group)
    return {
        p: float(
            sum(
                o.opponent in members and o.score is Score.WIN and o.handicap == 0 and not o.forfeit
                for o in field.totals[p].games
            )
        )
        for p in group
    }


def start_rating(field: Field, group: Sequence[int]) -> dict[int, float]:
    """fors.md: «rating at the start of the tournament: frozen when the player is first paired»."""
    return {p: float(field.start_ratings[p]) for p in group}


def wins(field: Field, group: Sequence[int]) -> dict[int, float]:
    """fors.md: «number of wins»."""
    return {p: float(field.totals[p].wins) for p in group}


CRITERIA = {
    f.__name__: f
    for f in (opp_earned, opp_wins, ks, wins_even_or_giving, handicap_given, head_to_head, start_rating, wins)
}
"""Every tie-break of the spec, by the name ``--param tiebreaks=`` uses."""


def criteria(tournament: Tournament, table: Mapping[int, Totals]) -> dict[str, Criterion]:
    """Every tie-break of the spec, by name, reading this round's field."""
    field = Field(table, start_ratings(tournament))
    return {name: partial(rule, field) for name, rule in CRITERIA.items()}


def ranking(
    tournament: Tournament, after_round: int
) -> tuple[list[tuple[str, int]], dict[int, dict[str, float]], dict[int, Totals]]:
    """Places after ``after_round``: total points, then the organiser's tie-breaks, then number."""
    table = totals(tournament, after_round)
    by_name = criteria(tournament, table)
    chosen = list(tournament.settings.params["tiebreaks"])
    entered = [p for p in table if not tournament.never_played(p)]
    numbered = sorted(entered, key=lambda p: (tournament.numbers.get(p, 0), p))
    total = {p: t.total for p, t in table.items()}
    places, values = ranked(
        numbered,
        [("points", every(total))] + [(n, by_name[n]) for n in chosen],
        [(n, by_name[n]) for n in TIEBREAKS if n not in chosen],
    )
    return places, values, table


@dataclass(frozen=True)
class Fors(SwissLike):
    name: str = "fors"
    score_name: str = "points"
    params: Sequence[Param] = PARAMS
    recorded: Sequence[Recorded] = (
        Recorded("start_ranks", per_player=True),
        Recorded("base_rank"),
        Recorded("start_ratings", per_player=True, in_round_one=False),
    )

    def numbering(self, field: Sequence[Player]) -> Sequence[Player]:
        """Rating desc, then alphabetically (fors.md: as Gamma)."""
        return rating_order(field)

    def at_draw(self, tournament: Tournament, field: Sequence[Player]) -> dict[str, Any]:
        return {
            "start_ranks": {str(p.id): p.rank for p in field},
            "base_rank": base_rank(tournament, {p.id: p.rank for p in field}),
        }

    def plan(self, tournament: Tournament, number: int, drawn: Mapping[str, Any]) -> Plan:
        """Top-down by total points and the chosen tie-breaks; each newcomer's rating and rank
        frozen (fors.md: points and handicaps «by the ranks at the start»)."""
        ranks = start_ranks(tournament)
        places, _, _ = ranking(tournament, number - 1)
        listed = [p for _, p in places]
        playing = [p for p in listed if tournament.players[p].available_in(number)]
        extra = {"start_ratings": frozen_for_newcomers(tournament, "start_ratings", playing, lambda p: p.sort_rating)}
        if number > 1:  # round 1's field: ``at_draw``
            extra["start_ranks"] = frozen_for_newcomers(tournament, "start_ranks", playing, lambda p: p.rank)
        return Plan(listed, lambda i, a, b: self._board(tournament, i, a, b, ranks), extra=extra)

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        return self._board(tournament, board_number, white, black, start_ranks(tournament))

    @staticmethod
    def _board(tournament: Tournament, number: int, first: int, second: int, ranks: Mapping[int, int]) -> Board:
        params = tournament.settings.params
        stones = handicap(ranks[first], ranks[second], params)
        if stones == 0:
            return Board(number, first, second, 0, tournament.settings.komi, nigiri=True)
        white, black = (first, second) if ranks[first] > ranks[second] else (second, first)
        return Board(number, white, black, stones, 0.5)

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        places, values, table = ranking(tournament, after_round)
        params = tournament.settings.params
        return Standings(
            after_round,
            tuple(
                Row(
                    place,
                    p,
                    table[p].total,
                    {
                        "points": table[p].total,
                        "start_points": table[p].start,
                        **{name: values[p][name] for name in TIEBREAKS},
                    },
                )
                for place, p in places
            ),
            ("start_points", *params["tiebreaks"]),
            worth_against(float(params["bye_points"]), float(params["win_points"]), float(params["loss_points"])),
        )


FORS = Fors()
