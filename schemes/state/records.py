"""What each round meant for each player, read off the paired rounds.

Every scheme scores and breaks ties from these records; reading them in one place
keeps "what counts as a game" the same everywhere: a board with a result is a game
(forfeits included, as the opponents' tie-breaks need them), a bye is a bye unless the
scheme recorded it as a walkover (a game won without a board), a round a scheme recorded
a player waiting in is a bye too, and a round without a board is a skip, unless the player
had withdrawn by then.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, TypeVar

from schemes.state.model import (
    BLACK_BY_FORFEIT,
    BLACK_WINS,
    BOTH_LOSE,
    BOTH_LOSE_PLAYED,
    BOTH_WIN,
    BOTH_WIN_BY_FORFEIT,
    DRAW,
    DRAW_BY_FORFEIT,
    WHITE_BY_FORFEIT,
    WHITE_WINS,
    Player,
    Round,
    Tournament,
)

T = TypeVar("T")

WALKOVERS = "walkovers"
"""A round's record (``Round.extra``) of the byes that were walkovers: each player through
without a game → the opponent who did not come (a play-off's withdrawn or absent).  The
player stays among the byes, as files written before the record list him."""


class Kind(Enum):
    GAME = "game"
    PENDING = "pending"
    """Paired, result not entered yet."""
    BYE = "bye"
    SKIP = "skip"
    WITHDRAWN = "withdrawn"


class Score(Enum):
    WIN = 1.0
    DRAW = 0.5
    LOSS = 0.0


@dataclass(frozen=True)
class Game:
    """A board with a result: it always has an opponent and both scores (a walkover and
    both-absent too, as the opponents' tie-breaks count them)."""

    round: int
    opponent: int
    white: bool
    """The colour actually played (after a nigiri swap)."""
    handicap: int
    komi: float
    score: Score
    forfeit: bool = False
    """Decided without a game: a walkover or both absent."""
    nigiri: bool = False
    """An even game whose colours the nigiri decides."""
    seated: bool = True
    """False for a walkover given without a board (``WALKOVERS``): no colour was drawn."""
    kind: ClassVar[Kind] = Kind.GAME


@dataclass(frozen=True)
class Pending:
    """A board paired whose result is not entered yet."""

    round: int
    opponent: int
    white: bool
    handicap: int
    komi: float
    nigiri: bool = False
    kind: ClassVar[Kind] = Kind.PENDING
    score: ClassVar[None] = None


@dataclass(frozen=True)
class Free:
    """A round without a board: a bye, a skip or a withdrawn round."""

    round: int
    kind: Kind
    late: bool = False
    """A skip or withdrawn round announced after the deadline (``Player.late``)."""
    opponent: ClassVar[None] = None
    score: ClassVar[None] = None


Outcome = Game | Pending | Free
"""What one round meant for one player."""


# result code -> (white's score, black's score, forfeit)
_SCORES = {
    WHITE_WINS: (Score.WIN, Score.LOSS, False),
    BLACK_WINS: (Score.LOSS, Score.WIN, False),
    DRAW: (Score.DRAW, Score.DRAW, False),
    WHITE_BY_FORFEIT: (Score.WIN, Score.LOSS, True),
    BLACK_BY_FORFEIT: (Score.LOSS, Score.WIN, True),
    BOTH_LOSE: (Score.LOSS, Score.LOSS, True),
    DRAW_BY_FORFEIT: (Score.DRAW, Score.DRAW, True),
    BOTH_WIN: (Score.WIN, Score.WIN, False),
    BOTH_WIN_BY_FORFEIT: (Score.WIN, Score.WIN, True),
    BOTH_LOSE_PLAYED: (Score.LOSS, Score.LOSS, False),
}


WAITING = "waiting"
"""A round's record (``Round.extra``) of the players on no board who won their match and wait
for the stage to end (a best-of-three play-off's 2:0 while another match goes to game 3):
each → the games he won.  A round without a game while still in: a bye, as the top seeds'."""


def waiting(played: Round) -> list[int]:
    """The round's ``WAITING`` players; one the round's change by hand has seated since waits no more."""
    seated = {p for board in played.boards for p in (board.white, board.black)} | set(played.byes)
    return [p for p in dict.fromkeys(map(int, played.extra.get(WAITING, {}))) if p not in seated]


def walkovers(played: Round) -> dict[int, int]:
    """The round's byes that were walkovers (``WALKOVERS``), each player → the opponent who
    did not come; one the round's change by hand has seated since is a walkover no more."""
    seated = {p for board in played.boards for p in (board.white, board.black)} | set(played.byes)
    recorded = {int(p): absent for p, absent in played.extra.get(WALKOVERS, {}).items()}
    return {p: absent for p, absent in recorded.items() if p in played.byes and absent not in seated}


def outcomes(tournament: Tournament, after_round: int) -> dict[int, list[Outcome]]:
    """Player id → his outcome in each paired round up to ``after_round`` (a player an
    OpenGotha file seats on several boards of a round: his last board's)."""
    table: dict[int, list[Outcome]] = {p: [] for p in tournament.players}
    for played in tournament.rounds[:after_round]:
        found: dict[int, Outcome] = {}
        for board in played.boards:
            result = played.results.get(board.number)
            for me, white in ((board.white, True), (board.black, False)):
                if result is None:
                    found[me] = Pending(
                        played.number, board.opponent(me), white, board.handicap, board.komi, nigiri=board.nigiri
                    )
                    continue
                white_score, black_score, forfeit = _SCORES[result.code]
                found[me] = Game(
                    played.number,
                    board.opponent(me),
                    white != result.swapped,
                    board.handicap,
                    board.komi,
                    white_score if white else black_score,
                    forfeit,
                    board.nigiri,
                )
        for player_id in [*played.byes, *waiting(played)]:
            found[player_id] = Free(played.number, Kind.BYE)
        for player_id, absent in walkovers(played).items():  # a trial's final won so read «Свободный тур», ++/--
            for me, them, score in ((player_id, absent, Score.WIN), (absent, player_id, Score.LOSS)):
                found[me] = Game(played.number, them, me == player_id, 0, 0.0, score, forfeit=True, seated=False)
        for player in tournament.players.values():
            if player.id in found:
                table[player.id].append(found[player.id])
            else:
                kind = Kind.WITHDRAWN if player.withdrawn_by(played.number) else Kind.SKIP
                table[player.id].append(Free(played.number, kind, late=played.number in player.late))
    return table


def opponents_before(tournament: Tournament, before_round: int) -> dict[int, set[int]]:
    """Whom each player sat at one board with in an earlier round (a forfeit counts: they were paired)."""
    met: dict[int, set[int]] = {p: set() for p in tournament.players}
    for played in tournament.rounds[: before_round - 1]:
        for board in played.boards:
            met[board.white].add(board.black)
            met[board.black].add(board.white)
    return met


def may_meet(tournament: Tournament, before_round: int) -> Callable[[int, int], bool]:
    """Whether two players may be paired in round ``before_round``: not met, not blocked."""
    met = opponents_before(tournament, before_round)
    players = tournament.players

    def check(a: int, b: int) -> bool:
        return b not in met[a] and b not in players[a].block and a not in players[b].block

    return check


def byes_before(tournament: Tournament, number: int) -> set[int]:
    """Everyone who had a bye in a round before ``number``."""
    return {p for played in tournament.rounds[: number - 1] for p in played.byes}


def recorded_at_start(tournament: Tournament, key: str, latecomer: Callable[[Player], T]) -> dict[int, T]:
    """Per-player values recorded under ``key`` (start levels, ranks, strengths) by the
    pairing that first seated each player: round 1's for the field, a later one's for a
    latecomer (``frozen_for_newcomers``).  A player not yet seated, or a latecomer seated by
    a file written before latecomers' values were recorded, gets ``latecomer(player)``."""
    recorded: dict[int, T] = {}
    for played in tournament.rounds:
        for player, value in played.extra.get(key, {}).items():
            recorded.setdefault(int(player), value)
    return {p.id: recorded[p.id] if p.id in recorded else latecomer(p) for p in tournament.players.values()}


def frozen_for_newcomers(
    tournament: Tournament, key: str, seated: Iterable[int], value: Callable[[Player], T]
) -> dict[str, T]:
    """``key``'s value of each of ``seated`` who has none recorded yet: a latecomer's first
    pairing (or bye) records his start rank, level or strength as round 1's recorded the
    field's, so that a rating edited after he played does not rewrite his score (a review
    found a FORS latecomer's −10 start points become +10)."""
    known = {player for played in tournament.rounds for player in played.extra.get(key, {})}
    return {str(p): value(tournament.players[p]) for p in seated if str(p) not in known}
