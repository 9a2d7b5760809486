"""Play-off (knockout), seed 004: «проигравший выбывает» (issue 18).

The bracket is the next power of two; byes go to the top seeds, and the standard order
puts seed 1 and seed 2 in opposite halves (for 8: 1–8, 4–5, 2–7, 3–6; the winners of 1–8
and 4–5 meet next).  Seeds are the players' numbers, given at round 1 by rating or by the
referee's order (``pair --order``: the places of an earlier tournament).

A Tengen round holds one game of every match still undecided, so a best-of-three stage
takes two or three rounds; a stage is over when every match is decided, and the next one
pairs the winners in bracket order (with the semi-final losers' match for third place when
asked).  There are no draws — a jigo is replayed — and when both lose both are out, the
next opponent going through without a game.  A player who withdraws, or is announced absent
from a one-game match, loses it without a game (a walkover): his opponent goes through, and
the next stage may start in that very round; absent from one game of a best of three, he
loses that game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from schemes.base.scheme import Pairing, PairingError, Param, Recorded, Row, Standings, Traits, choice, int_in
from schemes.errors import InvalidEvent
from schemes.state.model import (
    BOTH_LOSE,
    BOTH_LOSE_PLAYED,
    PLAYED,
    WHITE_BY_FORFEIT,
    WHITE_WINS,
    Board,
    Tournament,
)
from schemes.state.records import WAITING, WALKOVERS
from schemes.values.places import place_label


def _one_or_three(text: str) -> int:
    if text.strip() not in ("1", "3"):
        raise InvalidEvent("{text!r}: a match is 1 game or the best of 3", text=text[:20])
    return int(text)


PARAMS = (
    Param(
        "seeding",
        "rating",
        choice("rating", "registration"),
        "seeds by rating, or in registration order (the best of a tournament: by its places)",
    ),
    Param("games_per_match", 1, _one_or_three, "1, or 3 (best of three)"),
    Param("third_place", "off", choice("on", "off"), "a match for third place between the semi-final losers"),
    Param("colours", "seed", choice("seed", "nigiri"), "the higher seed takes white, or nigiri"),
    Param("handicap", "none", choice("none", "rank"), "even games, or handicap by rank difference"),
    Param("handicap_cap", 9, int_in(0, 9), "most stones a game may have"),
)


def bracket_order(size: int) -> list[int]:
    """Seeds by bracket slot for a power of two: [1, 2] → [1, 4, 2, 3] → [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1]
    while len(order) < size:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


@dataclass
class Match:
    """Two players (``None``: a bye), the games they played (winner per game, ``None`` when
    both lost), and how it ended."""

    a: int | None
    b: int | None
    wins: dict[int, int] = field(default_factory=dict)
    games: int = 0
    both_lost: bool = False
    third_place: bool = False
    absent: frozenset[int] = frozenset()
    """Who lost the match by not coming to a round it was still undecided in (withdrawn or
    announced absent): a walkover."""
    unplayed: bool = False
    """A game of it was decided without play (the referee's ``W+F``, ``both-lose``): its
    score says so, as every other table marks such a result with «!»."""

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for p in (self.a, self.b) if p is not None)

    def score(self, player: int) -> str:
        """The games ``player`` won, as the bracket writes them: «1», «2!» where a game was
        decided without play (a trial's walkover read as a game won); "" before any game."""
        return f"{self.wins.get(player, 0)}{'!' if self.unplayed else ''}" if self.games else ""

    def winner(self, needed: int) -> int | None:
        """The player through: a bye's player, the one with enough wins; None when both are out
        or it is not decided."""
        present = [p for p in self.players if p not in self.absent]
        if len(present) == 1:
            return present[0]
        return next((p for p in present if self.wins.get(p, 0) >= needed), None)

    def decided(self, needed: int, most: int) -> bool:
        return len(self.players) < 2 or self.winner(needed) is not None or self.both_out(most)

    def both_out(self, most: int) -> bool:
        """Both lost the one game, the games ran out with no one through, or neither came."""
        if len(self.players) < 2:
            return False
        if self.absent:
            return set(self.players) <= self.absent
        return (self.both_lost if most == 1 else self.games >= most) and not any(
            self.wins.get(p, 0) >= (most + 1) // 2 for p in self.players
        )


@dataclass
class Bracket:
    """The stages so far (each a list of matches in bracket order) and the seeds."""

    seeds: dict[int, int]
    stages: list[list[Match]]
    needed: int
    most: int
    third_place_on: bool

    @property
    def current(self) -> list[Match]:
        return self.stages[-1] if self.stages else []

    def stage_over(self) -> bool:
        return all(m.decided(self.needed, self.most) for m in self.current)

    def champion(self) -> int | None:
        """The final's winner once it is decided (the match for third place may still be on)."""
        final = main_matches(self.current)
        return final[0].winner(self.needed) if len(final) == 1 else None

    def finished(self) -> bool:
        """The final (and the third-place match) decided; or no one left to play one (both
        out of every semi-final)."""
        main = main_matches(self.current)
        return bool(self.stages) and len(main) <= 1 and self.stage_over()

    def advance(self, tournament: Tournament, number: int) -> dict[int, int]:
        """The bracket as round ``number`` plays it: the next stage once the current one is
        over, and each undecided match's players who do not play the round out without a
        game; a stage that walkovers end gives way to the next in the same round.  The
        players those walkovers put through, each with the opponent who did not come."""
        through: dict[int, int] = {}
        while True:
            if self.stage_over():
                if self.finished():
                    return through
                self.stages.append(self.next_stage())
            walked = self._walkovers(tournament, number)
            through |= walked
            if not walked or not self.stage_over():
                return through

    def settle(self) -> None:
        """The stages after the last one played that play no game, put in place at once: a
        final of one (the other semi-final both lost) names its champion, and a final of none
        ends the play-off, without a round of no boards (a trial paired one to see him)."""
        while self.stages and self.stage_over() and not self.finished():
            following = self.next_stage()
            if not all(m.decided(self.needed, self.most) for m in following):
                return
            self.stages.append(following)

    def _walkovers(self, tournament: Tournament, number: int) -> dict[int, int]:
        """Each undecided match's players who do not play round ``number``: one withdrawn, or
        absent from a one-game match, loses the match; absent from one game of a best of three,
        he loses that game (a trial's «пропускает 5» gave away a 1:0 lead and the match).  The
        players present, who pass the round without a game, each with the one who did not come."""
        through: dict[int, int] = {}
        for match in self.current:
            if len(match.players) < 2 or match.decided(self.needed, self.most):
                continue
            players = tournament.players
            missing = frozenset(p for p in match.players if not players[p].available_in(number))
            if not missing:
                continue
            gone = frozenset(p for p in missing if players[p].withdrawn_by(number))
            present = [p for p in match.players if p not in missing]
            if gone or self.most == 1:
                match.absent = gone or missing
            else:  # a game won without play, marked so on the bracket
                match.games += 1
                match.unplayed = True
                match.wins.update({p: match.wins.get(p, 0) + 1 for p in present})
            through |= dict.fromkeys(present, next(iter(missing)))
        return through

    def next_stage(self) -> list[Match]:
        """Winners paired in bracket order; after the semi-finals, their losers too if asked."""
        main = main_matches(self.current)
        through = [m.winner(self.needed) for m in main]
        matches = [Match(through[i], through[i + 1]) for i in range(0, len(through), 2)]
        matches = [m for m in matches if m.players]
        third = self.third_place_pair(main)
        if third is not None:
            matches.append(Match(*third, third_place=True))
        return matches

    def third_place_pair(self, main: list[Match]) -> tuple[int, int] | None:
        """The losers of the semi-finals ``main`` who meet for third place, if it is played:
        asked for, and each semi-final decided with a loser (not both out)."""
        if len(main) != 2 or not self.third_place_on or not all(m.decided(self.needed, self.most) for m in main):
            return None
        losers = [next((p for p in m.players if p != m.winner(self.needed)), None) for m in main]
        decided = [p for m, p in zip(main, losers, strict=True) if p is not None and not m.both_out(self.most)]
        return (decided[0], decided[1]) if len(decided) == 2 else None


def _seeds(tournament: Tournament) -> dict[int, int]:
    return dict(tournament.numbers)


def _first_stage(seeds: dict[int, int]) -> list[Match]:
    by_seed = {seed: player for player, seed in seeds.items()}
    size = 1
    while size < len(by_seed):
        size *= 2
    order = bracket_order(size)
    return [Match(by_seed.get(order[i]), by_seed.get(order[i + 1])) for i in range(0, size, 2)]


def _a_won(code: str, white_is_a: bool) -> bool | None:
    """Whether the match's first player won the game; None when both lost."""
    if code in (BOTH_LOSE, BOTH_LOSE_PLAYED):
        return None
    return (code in (WHITE_WINS, WHITE_BY_FORFEIT)) == white_is_a


def bracket(tournament: Tournament, upto: int | None = None) -> Bracket:
    """The bracket as the rounds up to ``upto`` (default: all) leave it."""
    params = tournament.settings.params
    most = int(params["games_per_match"])
    result = Bracket(_seeds(tournament), [], (most + 1) // 2, most, params["third_place"] == "on")
    if not tournament.numbers:
        return result
    result.stages.append(_first_stage(result.seeds))
    for played in tournament.rounds[: upto if upto is not None else len(tournament.rounds)]:
        result.advance(tournament, played.number)
        by_player = {p: m for m in result.current for p in m.players}
        for board in played.boards:
            match = by_player.get(board.white)
            outcome = played.results.get(board.number)
            if match is None or board.black not in match.players or outcome is None:  # off the bracket: for none
                continue
            a_won = _a_won(outcome.code, board.white == match.a)
            match.games += 1
            match.unplayed |= outcome.code not in PLAYED
            if a_won is None:
                match.both_lost = True
            else:
                winner = match.a if a_won else match.b
                assert winner is not None
                match.wins[winner] = match.wins.get(winner, 0) + 1
    result.settle()
    return result


@dataclass(frozen=True)
class Stage:
    """What a board of a play-off round decides: a match of the stage of ``matches`` matches
    (1 the final, 2 the semi-finals…) or the match for third place, and its game ``game``."""

    matches: int
    third_place: bool
    game: int


def stages_on_boards(tournament: Tournament, number: int) -> dict[int, Stage]:
    """Board number → what it decides, for paired round ``number``: the bracket as the round
    was paired (a trial's protocols named neither the final nor «партия 3»)."""
    state = bracket(tournament, number - 1)
    state.advance(tournament, number)
    played = tournament.round(number)
    main = sum(not m.third_place for m in state.current)
    by_players = {frozenset(m.players): m for m in state.current}
    found = {}
    for board in played.boards if played is not None else ():
        match = by_players.get(frozenset((board.white, board.black)))
        if match is not None:
            found[board.number] = Stage(1 if match.third_place else main, match.third_place, match.games + 1)
    return found


def _seat(tournament: Tournament, number: int, higher: int, lower: int, game: int) -> Board:
    """Colours: the higher seed white in game 1 (3), black in game 2; or nigiri.  A handicap
    by rank difference when asked: the stronger white, komi 0.5."""
    params = tournament.settings.params
    players = tournament.players
    if params["handicap"] == "rank":
        stones = min(abs(players[higher].rank - players[lower].rank), params["handicap_cap"])
        if stones:
            stronger, weaker = (higher, lower) if players[higher].rank >= players[lower].rank else (lower, higher)
            return Board(number, stronger, weaker, stones, 0.5)
    komi = tournament.settings.komi
    if params["colours"] == "nigiri":
        return Board(number, higher, lower, 0, komi, nigiri=True)
    white, black = (higher, lower) if game % 2 == 1 else (lower, higher)
    return Board(number, white, black, 0, komi)


@dataclass(frozen=True)
class Playoff:
    name: str = "playoff"
    score_name: str = "wins"
    params: Sequence[Param] = PARAMS
    traits: Traits = Traits(
        numbering_by_hand=True,
        everyone_plays=False,
        draws=False,
        bracket=True,
        from_places=(("seeding", "registration"),),
    )
    recorded: Sequence[Recorded] = (
        Recorded(WALKOVERS, per_player=True, in_round_one=False),
        Recorded(WAITING, per_player=True, in_round_one=False),
    )

    def total_rounds(self, tournament: Tournament) -> int | None:
        """One game a match: a round a stage (the third-place match is played beside the
        final), less the stages walkovers ended in a round that began the next one (a
        trial's «тур 2 из 4» was the final).  Best of three: known once the final is
        decided — the rounds it took."""
        done = bracket(tournament)
        if done.finished() and tournament.rounds[-1].complete:
            return tournament.paired_rounds
        if int(tournament.settings.params["games_per_match"]) == 1:
            if tournament.paired_rounds:
                return tournament.paired_rounds + stages(tournament) - len(done.stages)
            return most_rounds(tournament) or None  # of no bracket yet, no count
        return None

    def pair(
        self,
        tournament: Tournament,
        number: int,
        rng: random.Random,
        order: Sequence[int] | None,
        allow_repeats: bool = False,
        bye: int | None = None,
    ) -> Pairing:
        numbering = None
        if not tournament.numbers:
            # seeded, the absent from round 1 too: his first match is a walkover («absent from a
            # one-game match»), where leaving him out refused the pairing (the numbering lists
            # every player not withdrawn)
            field = [p for p in tournament.players.values() if not p.withdrawn_by(1)]
            if len(field) < 2:
                raise PairingError("a play-off needs two players at least")
            if order is not None:
                numbering = tuple(order)
            elif tournament.settings.params["seeding"] == "rating":
                numbering = tuple(p.id for p in sorted(field, key=lambda p: (-p.sort_rating, p.id)))
            else:
                numbering = tuple(sorted(p.id for p in field))
            seeded = _with_numbers(tournament, numbering)
            state = bracket(seeded)
        else:
            state = bracket(tournament)
            if state.finished():
                raise PairingError("the play-off is over: the final is decided")
        walked = state.advance(tournament, number)
        seeds = state.seeds
        boards: list[Board] = []
        byes: list[int] = []
        for match in state.current:
            if match.decided(state.needed, state.most) and match.games == 0 and len(match.players) == 1:
                if tournament.players[match.players[0]].available_in(number):  # a review: a bye's skip blocked pairing
                    byes.append(match.players[0])
                continue
            if match.decided(state.needed, state.most) or not all(
                tournament.players[p].available_in(number) for p in match.players
            ):  # a game missed in a best of three: counted by ``advance``, not played
                continue
            higher, lower = sorted(match.players, key=lambda p: seeds[p])
            boards.append(_seat(tournament, len(boards) + 1, higher, lower, match.games + 1))
        seated = {p for board in boards for p in (board.white, board.black)}
        walkovers = {p: absent for p, absent in walked.items() if p not in seated and p not in byes}
        byes += walkovers  # through without a game this round: listed as a bye, recorded as a walkover
        last = sum(not m.third_place for m in state.current) == 1  # the final: no stage to wait for
        waiting = {  # a trial's 2:0 winner read «--» while game 3 of another match was played
            p: match.wins.get(p, 0)
            for match in ([] if last else state.current)
            if len(match.players) == 2 and (p := match.winner(state.needed)) is not None
            and p not in seated and p not in byes and tournament.players[p].available_in(number)
        }  # fmt: skip
        extra = {key: {str(p): value for p, value in found.items()}
                 for key, found in ((WALKOVERS, walkovers), (WAITING, waiting)) if found}  # fmt: skip
        return Pairing(tuple(boards), tuple(byes), numbering, extra)

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        seeds = tournament.numbers
        higher, lower = sorted((white, black), key=lambda p: seeds.get(p, 10**6))
        return _seat(tournament, board_number, higher, lower, 1)

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        """Places by the stage each went out in: those out in a stage share the places after
        everyone still in (5-8, 3-4, 2), the players of a match both lost after the others; the
        third-place match splits 3 and 4; the champion 1; a final both lost «2» to both, no «1».
        The final's places do not wait for the third-place match beside it, and the semi-final
        losers who meet for third place have none until it is decided (a trial: the finalists'
        places stayed blank, the runner-up above the champion, while «3 место» went to both).
        Those without a place stand by the best place each can still reach, then by seed:
        those still in first, a semi-final's loser (playing for third) after them (a trial read
        a semi-final's loser above the two still playing the other); the score is the games
        won."""
        state = bracket(tournament, after_round)
        wins: dict[int, int] = dict.fromkeys(tournament.players, 0)
        places: dict[int, str] = {}
        best: dict[int, int] = {}  # the best place one without a place can still reach: 1 for those still in
        for stage in state.stages:
            for match in stage:
                for p, count in match.wins.items():
                    wins[p] += count
            main = main_matches(stage)
            for match in (m for m in main if m.decided(state.needed, state.most)):  # out, his stage still on
                best.update((p, len(main) + 1) for p in match.players if p != match.winner(state.needed))
            if all(m.decided(state.needed, state.most) for m in main):
                winners = {i: m.winner(state.needed) for i, m in enumerate(main)}
                through = [w for w in winners.values() if w is not None]
                beaten = [p for i, m in enumerate(main) if winners[i] is not None for p in m.players if p != winners[i]]
                both = [p for i, m in enumerate(main) if winners[i] is None for p in m.players]  # nobody won theirs
                if len(main) == 1 and not through:  # a final both lost: no «1», both finalists «2» (a trial)
                    places.update(dict.fromkeys(both, "2"))
                else:  # a match both lost below its stage's beaten (a review: they shared «3-4» with them)
                    low = max(len(through), 1) + 1  # nobody through: still no «1»
                    places.update(dict.fromkeys(beaten, place_label(low, low + len(beaten) - 1)))
                    places.update(
                        dict.fromkeys(both, place_label(low + len(beaten), low + len(beaten) + len(both) - 1))
                    )
                for p in state.third_place_pair(main) or ():
                    del places[p]
                if len(main) == 1 and through:
                    places[through[0]] = "1"
            for match in (m for m in stage if m.third_place and m.decided(state.needed, state.most)):
                winner = match.winner(state.needed)
                for p in match.players:
                    places[p] = "3" if p == winner else "4"

        def order(p: int) -> tuple[int, int]:
            return (int(places[p].split("-")[0]) if p in places else best.get(p, 1), state.seeds[p])

        ordered = sorted(state.seeds, key=order)
        rows = tuple(Row(places.get(p, ""), p, float(wins[p]), {}) for p in ordered)
        return Standings(after_round, rows, bye_worth=0.0)


def stages(tournament: Tournament) -> int:
    """The stages of the bracket its field makes (none for fewer than two players)."""
    field = len(tournament.numbers) or sum(not p.withdrawn_by(1) for p in tournament.players.values())
    return (field - 1).bit_length() if field > 1 else 0


def most_rounds(tournament: Tournament) -> int:
    """The rounds the event takes at most: every game of every stage (the match for third place
    is played beside the final) — what a blank form of a best of three has room for."""
    return stages(tournament) * int(tournament.settings.params["games_per_match"])


def main_matches(stage: list[Match]) -> list[Match]:
    """A stage's matches of the bracket proper, without the match for third place."""
    return [m for m in stage if not m.third_place]


def _with_numbers(tournament: Tournament, order: Sequence[int]) -> Tournament:
    return replace(tournament, numbers={p: n for n, p in enumerate(order, start=1)})


PLAYOFF = Playoff()
