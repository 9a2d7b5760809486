"""McMahon and Swiss, paired exactly as OpenGotha 3.51 pairs them (spec: mcmahon.md).

One scheme class, two instances: OpenGotha itself tells McMahon from Swiss only by the
first placement criterion (MMS or NBW), and every rule below is shared.  A round is
OpenGotha's ``pairRound``: the bye first (odd field), then the maximum-weight perfect
matching of the whole field — never split into groups — over ``gotha_costs``, then
colours and handicap by ``gameBetween``, then tables by the better player's score.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cmp_to_key
from typing import Any

from schemes.events import InvalidEvent
from schemes.gotha_costs import Context, bye_weight, context, costs, game_between, order_for_pairing, total_cost
from schemes.gotha_rules import MCMAHON_PARAMS, SWISS_PARAMS, Rules, og_rank, rules
from schemes.gotha_scores import Entrant, Sheet, ordered, score_sheets
from schemes.model import Board, Player, Tournament
from schemes.scheme import Pairing, PairingError, Param, Recorded, Row, Standings
from schemes.weighted_matching import max_weight_perfect_matching

HANDICAP_KOMI = 0.5


def entrant(player: Player) -> Entrant:
    """A Tengen player as OpenGotha's pairing sees him; without a rating, the middle of his rank."""
    rating = player.rating if player.rating is not None else player.rank * 100 + 50
    return Entrant(player.id, player.surname, player.name, og_rank(player.rank), rating, player.smms,
                   player.club, player.country)  # fmt: skip


@dataclass(frozen=True)
class Field:
    """Everything OpenGotha computes before pairing round ``number``."""

    rules: Rules
    sheets: Mapping[int, Sheet]
    number: int

    @property
    def index(self) -> int:
        return self.number - 1


def field_before(tournament: Tournament, number: int) -> Field:
    """The scores of every player before round ``number`` (results of later rounds ignored)."""
    settings = tournament.settings
    the_rules = rules(settings.params, settings.rounds or max(number, tournament.paired_rounds, 1))
    earlier = tournament if tournament.paired_rounds < number else _cut(tournament, number - 1)
    entrants = {p.id: entrant(p) for p in tournament.players.values()}
    return Field(the_rules, score_sheets(earlier, entrants, the_rules), number)


def _cut(tournament: Tournament, rounds: int) -> Tournament:
    from dataclasses import replace

    return replace(tournament, rounds=tournament.rounds[:rounds])


def sheets_after(tournament: Tournament, after_round: int) -> tuple[Rules, dict[int, Sheet]]:
    """The rules and every player's scores with the results up to ``after_round``."""
    the_rules = rules(tournament.settings.params, tournament.settings.rounds or max(after_round, 1))
    entrants = {p.id: entrant(p) for p in tournament.players.values()}
    return the_rules, score_sheets(_cut(tournament, after_round), entrants, the_rules)


@dataclass(frozen=True)
class Weighed:
    """One pair and its cost components (``pairing weights``)."""

    a: int
    b: int
    costs: Mapping[str, int]


def to_pair(tournament: Tournament, number: int) -> list[int]:
    """Who is paired in round ``number``: the available players, in OpenGotha's order (the
    standings before the round)."""
    return [p.id for p in tournament.players.values() if p.available_in(number)]


def weights(tournament: Tournament, number: int) -> list[Weighed]:
    """Every pair of players available in round ``number`` and their costs, in the order of
    OpenGotha's weights files (players by standing before the round)."""
    fld = field_before(tournament, number)
    ctx = context(fld.sheets, fld.rules, fld.index)
    order = order_for_pairing(fld.sheets, fld.rules, fld.index, to_pair(tournament, number))
    return [
        Weighed(a, b, costs(ctx, fld.sheets[a], fld.sheets[b])) for i, a in enumerate(order) for b in order[i + 1 :]
    ]


def choose_bye(fld: Field, tournament: Tournament, players: Sequence[int]) -> int:
    """OpenGotha 3.51's bye: the lowest rank plus doubled MMS, 1000 more per earlier bye; of
    equals, the last in order."""
    best, best_weight = players[-1], None
    for player in players:
        earlier = sum(1 for r in tournament.rounds[: fld.index] if player in r.byes)
        weight = bye_weight(fld.sheets[player], fld.index, earlier)
        if best_weight is None or weight <= best_weight:
            best, best_weight = player, weight
    return best


def _tables(ctx: Context, seatings: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Tables in OpenGotha's order (``renumberTablesByBestScoreThenRating``): by the placement
    of a board's player OpenGotha compares (it takes the weaker of the two when they differ),
    then by that player's rating."""
    criteria = ctx.rules.criteria
    r = ctx.round_index

    def better(a: Sheet, b: Sheet) -> int:
        for criterion in criteria:
            va, vb = a.value(criterion, r), b.value(criterion, r)
            if va != vb:
                return -1 if va > vb else 1
        return 0

    def best(white: int, black: int) -> Sheet:
        w, b = ctx.sheets[white], ctx.sheets[black]
        if better(w, b) == 0 and w.entrant.rating < b.entrant.rating:
            return b
        if better(w, b) == -1:
            return b
        return w

    def cmp(x: tuple[int, int, int], y: tuple[int, int, int]) -> int:
        bx, by = best(x[0], x[1]), best(y[0], y[1])
        c = better(bx, by)
        if c == 0:
            return -1 if bx.entrant.rating > by.entrant.rating else 1
        return c

    return sorted(seatings, key=cmp_to_key(cmp))


@dataclass(frozen=True)
class Gotha:
    """McMahon or Swiss by OpenGotha's rules; ``params`` holds OpenGotha's defaults for it."""

    name: str
    params: Sequence[Param]
    late_entry: bool = True
    rounds_required: bool = True
    numbering_by_hand: bool = False
    skip_deadline: bool = False
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
    ) -> Pairing:
        fld = field_before(tournament, number)
        players = order_for_pairing(fld.sheets, fld.rules, fld.index, to_pair(tournament, number))
        if len(players) < 2:
            raise PairingError("round {round}: fewer than two players to pair", round=number)
        byes: tuple[int, ...] = ()
        if len(players) % 2:
            bye = choose_bye(fld, tournament, players)
            byes = (bye,)
            players = [p for p in players if p != bye]
        ctx = context(fld.sheets, fld.rules, fld.index)
        edges = []
        for i, a in enumerate(players):
            for j in range(i + 1, len(players)):
                w = total_cost(ctx, fld.sheets[a], fld.sheets[players[j]])
                if not fld.rules.deterministic:
                    w += rng.randint(0, fld.rules.random)
                edges.append((i, j, w))
        mate = max_weight_perfect_matching(len(players), edges)
        seatings = []
        for i, j in mate:
            a, b = (players[i], players[j]) if i < j else (players[j], players[i])
            if (
                not allow_repeats
                and ctx.sheets[a].seats
                and any(s is not None and s.opponent == b for s in ctx.sheets[a].seats[: fld.index])
            ):
                from schemes.events import RepeatNeeded

                raise RepeatNeeded("round {round}: no pairing without a repeat game", round=number)
            s = game_between(ctx, fld.sheets[a], fld.sheets[b])
            seatings.append((s.white, s.black, s.handicap))
        komi = tournament.settings.komi
        boards = tuple(
            Board(n, w, b, h, komi if h == 0 else HANDICAP_KOMI)
            for n, (w, b, h) in enumerate(_tables(ctx, seatings), start=1)
        )
        numbering = None
        if not tournament.numbers:
            numbering = tuple(p.id for p in sorted(tournament.players.values(), key=lambda p: p.id))
            numbering = tuple(p for p in numbering if not tournament.players[p].withdrawn_by(1))
        return Pairing(boards, byes, numbering)

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        fld = field_before(tournament, round_number)
        ctx = context(fld.sheets, fld.rules, fld.index)
        s = game_between(ctx, fld.sheets[white], fld.sheets[black])
        if s.handicap == 0:
            return Board(board_number, white, black, 0, tournament.settings.komi)
        return Board(board_number, s.white, s.black, s.handicap, HANDICAP_KOMI)

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        the_rules, sheets = sheets_after(tournament, after_round)
        r = after_round - 1
        rows = ordered(sheets, the_rules.criteria, r)
        shown = tuple(c for c in the_rules.criteria)
        result = []
        place = 0
        previous: tuple[int, ...] | None = None
        for position, sheet in enumerate(rows, start=1):
            values = tuple(sheet.value(c, r) for c in the_rules.criteria)
            if values != previous:
                place = position
            previous = values
            result.append((place, sheet, values))
        counts: dict[int, int] = {}
        for place, _, _ in result:
            counts[place] = counts.get(place, 0) + 1
        out = []
        for place, sheet, _ in result:
            label = str(place) if counts[place] == 1 else f"{place}-{place + counts[place] - 1}"
            main = sheet.value(the_rules.main, r) / 2
            tiebreaks = {c: _shown(sheet, c, r) for c in _REPORTED if c not in ("NULL",)}
            out.append(Row(label, sheet.entrant.id, main, tiebreaks))
        return Standings(after_round, tuple(out), shown[1:] if shown else ())


_REPORTED = ("NBW", "MMS", "SOSW", "SOSWM1", "SOSWM2", "SODOSW", "SOSOSW", "CUSSW", "SOSM", "SOSMM1", "SOSMM2",
             "SODOSM", "SOSOSM", "CUSSM", "Rank", "Rating", "SDC")  # fmt: skip


def _shown(sheet: Sheet, criterion: str, r: int) -> float:
    """A criterion as people read it: points (SODOS is kept ×4 by OpenGotha), rank and rating as they are."""
    value = sheet.value(criterion, r)
    if criterion in ("Rank", "Rating", "SDC", "DC"):
        return value
    if criterion.startswith("SODOS"):
        return value / 4
    return value / 2


MCMAHON = Gotha("mcmahon", MCMAHON_PARAMS)
SWISS = Gotha("swiss", SWISS_PARAMS)


def check_players(players: Mapping[int, Any]) -> None:
    """OpenGotha needs distinct names (its key): refused before a file is written."""
    seen: dict[str, int] = {}
    for player in players.values():
        key = entrant(player).key
        if key in seen:
            raise InvalidEvent("players {a} and {b} have the same name", a=seen[key], b=player.id)
        seen[key] = player.id
