"""Round robin (seed 004): Berger tables, 1 / ½ / 0 scoring, tie-breaks, true rating.

Decisions where the spec is silent (also in docs/decisions.md):
- Nobody joins after round 1 is paired: the Berger table is fixed by the draw.
- A round may be paired, when the referee says so, while the one before still misses a
  result (a postponed game): the table does not depend on results (``Traits.pairs_early``).
- A player who skips a round, or has withdrawn, simply has no game that round; his
  scheduled opponent has the round free as a bye (``bye_points``), exactly as the
  opponent of the dummy in an odd field.  The one who skipped scores nothing.
- Even games keep the table's colours (no nigiri).  With ``handicap=rank`` a rank
  difference of ``h`` (capped) gives the stronger player white and ``h`` stones with
  komi 0.5; equal ranks play even with the announced komi.
- Koya counts the points scored against opponents who have at least half of the
  points of the games they had results in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from schemes.algorithms.berger import berger_round, even_size
from schemes.algorithms.true_rating import TrueRatings, true_ratings
from schemes.base.scheme import (
    Pairing,
    PairingError,
    Param,
    Recorded,
    Row,
    Standings,
    Traits,
    choice,
    half_points,
    int_in,
    names_from,
)
from schemes.state.model import Board, Player, Tournament, rating_order
from schemes.state.records import Game, Kind, Outcome, Score, outcomes
from schemes.values.places import Criterion, every, ranked

TIEBREAKS = ("buchholz", "head_to_head", "sonneborn_berger", "wins", "koya", "true_rating")


PARAMS = (
    Param("numbering", "lot", choice("lot", "rating", "manual"), "how players get their numbers"),
    Param("cycles", 1, int_in(1, 2), "1 = single, 2 = double round robin"),
    Param("handicap", "none", choice("none", "rank"), "even games, or handicap by rank difference"),
    Param("handicap_cap", 9, int_in(0, 9), "most stones a game may have"),
    Param("bye_points", 0.0, half_points(0, 1, only=(0.0, 0.5, 1.0)), "points for a round without opponent"),
    Param("tiebreaks", ["buchholz", "head_to_head"], names_from(TIEBREAKS), "order of tie-breaks after points"),
    Param(
        "order",
        "points",
        choice("points", "true_rating"),
        "standings by points, or by the true rating (the seed's order for incomplete tables)",
    ),
)


@dataclass(frozen=True)
class RoundRobin:
    name: str = "round-robin"
    score_name: str = "points"
    params: Sequence[Param] = PARAMS
    traits: Traits = Traits(numbering_by_hand=True, scheduled=True, pairs_early=True)
    recorded: Sequence[Recorded] = ()

    def total_rounds(self, tournament: Tournament) -> int | None:
        field = len(tournament.numbers) or len(_field(tournament))
        if field < 2:
            return tournament.settings.rounds
        return int(tournament.settings.params["cycles"]) * (even_size(field) - 1)

    def pair(
        self,
        tournament: Tournament,
        number: int,
        rng: random.Random,
        order: Sequence[int] | None,
        allow_repeats: bool = False,
        bye: int | None = None,
    ) -> Pairing:
        numbers, new_order = dict(tournament.numbers), None
        if not numbers:
            new_order = tuple(_numbering(tournament, rng, order))
            numbers = {player_id: no for no, player_id in enumerate(new_order, start=1)}
            wanted = tournament.settings.rounds
            total = tournament.settings.params["cycles"] * (even_size(len(numbers)) - 1)
            if wanted is not None and wanted != total:
                raise PairingError(
                    "{players} players play {total} rounds, but the tournament was created with {wanted}: "
                    "change its rounds (F8, tengen settings --rounds {total}) or the field",
                    players=len(numbers),
                    total=total,
                    wanted=wanted,
                )
        by_number = {no: tournament.players[p] for p, no in numbers.items()}
        size = even_size(len(numbers))
        cycle_round = (number - 1) % (size - 1) + 1
        second_cycle = number > size - 1
        boards: list[Board] = []
        byes: list[int] = []
        for white_no, black_no in berger_round(size, cycle_round):
            if second_cycle:
                white_no, black_no = black_no, white_no
            seats = (by_number.get(white_no), by_number.get(black_no))
            present = [p for p in seats if p is not None and p.available_in(number)]
            if len(present) == 2:
                boards.append(_board(tournament, len(boards) + 1, present[0], present[1]))
            elif present:
                byes.append(present[0].id)
        return Pairing(tuple(boards), tuple(byes), new_order)

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        return _board(tournament, board_number, tournament.players[white], tournament.players[black])

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        table = outcomes(tournament, after_round)
        params = tournament.settings.params
        field = Field(
            {p: _points(rows, params["bye_points"]) for p, rows in table.items()},
            {p: [o for o in rows if isinstance(o, Game)] for p, rows in table.items()},
            {p: not any(map(missed, rows)) for p, rows in table.items()},
        )
        points, complete, fit = field.points, field.complete, field.fit
        criteria: dict[str, Criterion] = {name: partial(rule, field) for name, rule in CRITERIA.items()}
        true_rating = criteria["true_rating"]
        chosen = list(params["tiebreaks"])
        main: list[tuple[str, Criterion]] = [("points", every(points))]
        if params["order"] == "true_rating":

            def rating_or_points(group: Sequence[int]) -> dict[int, float]:
                """Who missed no round by his true-rating position, the others by points."""
                return {p: -fit().position[p] if complete[p] else points[p] for p in group}

            main = [
                ("complete", every({p: float(complete[p]) for p in table})),
                ("rating_or_points", rating_or_points),
                ("true_rating", true_rating),
                *main,
            ]
        deciding = [(name, criteria[name]) for name in chosen if name not in dict(main)]
        reported = [(name, criteria[name]) for name in TIEBREAKS if name not in dict(main + deciding)]
        entered = [p for p in table if not tournament.never_played(p)]  # withdrawn before the draw: not of it
        order = sorted(entered, key=lambda p: (tournament.numbers.get(p, 0), p))
        places, values = ranked(order, main + deciding, reported)
        shown_rating = fit().rating
        rows = tuple(
            Row(
                place,
                player,
                points[player],
                {
                    "points": points[player],
                    **{k: values[player][k] for k in ("wins", *TIEBREAKS)},
                    "true_rating": shown_rating[player],
                },
            )
            for place, player in places
        )
        columns = tuple(dict.fromkeys(["true_rating"] * (params["order"] == "true_rating") + chosen))
        return Standings(after_round, rows, columns, float(params["bye_points"]))


ROUND_ROBIN = RoundRobin()


def _field(tournament: Tournament) -> list[Player]:
    return [p for p in tournament.players.values() if not p.withdrawn_by(1)]


def _numbering(tournament: Tournament, rng: random.Random, order: Sequence[int] | None) -> list[int]:
    field = sorted(p.id for p in _field(tournament))
    if len(field) < 2:
        raise PairingError("a round robin needs at least 2 players")
    method = tournament.settings.params["numbering"]
    if order is not None:
        if sorted(order) != field:
            raise PairingError("the order must list every player of the field once, by id")
        return list(order)
    if method == "manual":
        raise PairingError("numbering is by hand: give the order of player ids (pair --order 3,1,2,...)")
    if method == "rating":
        return [p.id for p in rating_order(tournament.players[p] for p in field)]
    rng.shuffle(field)
    return field


def _board(tournament: Tournament, number: int, white: Player, black: Player) -> Board:
    params = tournament.settings.params
    handicap = 0
    if params["handicap"] == "rank":
        handicap = min(abs(white.rank - black.rank), params["handicap_cap"])
    if handicap == 0:
        return Board(number, white.id, black.id, 0, tournament.settings.komi)
    stronger, weaker = (white, black) if white.rank > black.rank else (black, white)
    return Board(number, stronger.id, weaker.id, handicap, 0.5)


@dataclass
class Field:
    """What the tie-breaks read: points, games and who missed no round; the true ratings are
    fitted once, when a criterion first asks (not frozen: the fit is kept)."""

    points: Mapping[int, float]
    games: Mapping[int, list[Game]]
    complete: Mapping[int, bool]
    fitted: TrueRatings[int] | None = None

    def fit(self) -> TrueRatings[int]:
        if self.fitted is None:
            self.fitted = true_ratings(sorted(self.points), _decided(self.games), self.points)
        return self.fitted


def buchholz(field: Field, group: Sequence[int]) -> dict[int, float]:
    """round-robin.md: «Buchholz (sum of opponents' points)»."""
    return {p: sum(field.points[o.opponent] for o in field.games[p]) for p in group}


def head_to_head(field: Field, group: Sequence[int]) -> dict[int, float]:
    """round-robin.md: «the result between the tied players» (points scored against the others of the group)."""
    members = set(group)
    return {p: sum(o.score.value for o in field.games[p] if o.opponent in members) for p in group}


def sonneborn_berger(field: Field, group: Sequence[int]) -> dict[int, float]:
    """round-robin.md: «the sum of the points of the opponents beaten, plus half of those drawn with»."""
    return {p: sum(field.points[o.opponent] * o.score.value for o in field.games[p]) for p in group}


def wins(field: Field, group: Sequence[int]) -> dict[int, float]:
    """round-robin.md: «number of wins»."""
    return {p: float(sum(o.score is Score.WIN for o in field.games[p])) for p in group}


def koya(field: Field, group: Sequence[int]) -> dict[int, float]:
    """round-robin.md: «Koya (points against players with at least 50 %)»."""
    return {p: sum(o.score.value for o in field.games[p] if _strong(field.games[o.opponent])) for p in group}


def true_rating(field: Field, group: Sequence[int]) -> dict[int, float]:
    """round-robin.md: the «true rating» order; players who missed no round first (the seed's restriction)."""
    position = field.fit().position
    return {p: len(field.points) * field.complete[p] - position[p] for p in group}


CRITERIA = {f.__name__: f for f in (buchholz, head_to_head, sonneborn_berger, wins, koya, true_rating)}
"""Every tie-break of the spec, by the name ``--param tiebreaks=`` uses."""


def round_points(outcome: Outcome, bye_points: float) -> float:
    """1 / ½ / 0 for a game, ``bye_points`` for a bye, nothing for a skip or a pending game."""
    if isinstance(outcome, Game):
        return outcome.score.value
    return bye_points if outcome.kind is Kind.BYE else 0.0


def _points(rows: list[Outcome], bye_points: float) -> float:
    return sum(round_points(o, bye_points) for o in rows)


def _strong(games: list[Game]) -> bool:
    """At least 50 % of his games: a bye's points are no game's (with ``bye_points=1`` a bye
    and two losses read as 1 of 2, a review found)."""
    return bool(games) and sum(game.score.value for game in games) * 2 >= len(games)


def _decided(games: Mapping[int, list[Game]]) -> list[tuple[int, int, float]]:
    """The games the true rating counts: played ones (round-robin.md: forfeits, both-lose,
    byes and skips are not games), each once as ``(a, b, a's score)``."""
    return [
        (p, o.opponent, o.score.value) for p, rows in games.items() for o in rows if p < o.opponent and not o.forfeit
    ]


def missed(outcome: Outcome) -> bool:
    """Whether the player missed this round (seed 004's restriction of the true rating):
    a skip, a withdrawal, or absence from his game; a bye is not a miss."""
    if outcome.kind in (Kind.SKIP, Kind.WITHDRAWN):
        return True
    return isinstance(outcome, Game) and outcome.forfeit and outcome.score is Score.LOSS
