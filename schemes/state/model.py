"""The tournament as the replay of its event log leaves it.

Everything here is a frozen value.  Mappings inside them are never mutated after
construction: the reducer in ``replay`` builds new ones, so a state handed out
once stays what it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from schemes.errors import Named
from schemes.state.origin import Origin
from schemes.values.names import alphabetical_key, initials
from schemes.values.ranks import rank_label, rank_of_rating
from schemes.values.text import TITLE_LIMIT

WHITE_WINS, BLACK_WINS, DRAW = "W+", "B+", "draw"
WHITE_BY_FORFEIT, BLACK_BY_FORFEIT, BOTH_LOSE = "W+F", "B+F", "both-lose"
DRAW_BY_FORFEIT, BOTH_WIN, BOTH_WIN_BY_FORFEIT = "draw-F", "both-win", "both-win-F"
BOTH_LOSE_PLAYED = "both-lose-played"
"""The referee's rarer verdicts, which OpenGotha files carry: a draw or a win for both given
without a game, a win for both after one, and a game both lost (both disqualified)."""
RESULT_CODES = (
    WHITE_WINS,
    BLACK_WINS,
    DRAW,
    WHITE_BY_FORFEIT,
    BLACK_BY_FORFEIT,
    BOTH_LOSE,
    DRAW_BY_FORFEIT,
    BOTH_WIN,
    BOTH_WIN_BY_FORFEIT,
    BOTH_LOSE_PLAYED,
)
PLAYED = frozenset({WHITE_WINS, BLACK_WINS, DRAW, BOTH_WIN, BOTH_LOSE_PLAYED})
"""The results of a game that was played (the others are a referee's decision without one)."""
SHARED = frozenset({DRAW, DRAW_BY_FORFEIT, BOTH_WIN, BOTH_WIN_BY_FORFEIT})
"""Results that do not decide a winner: a play-off replays such a game."""
_OTHER_COLOUR = {WHITE_WINS: BLACK_WINS, BLACK_WINS: WHITE_WINS, WHITE_BY_FORFEIT: BLACK_BY_FORFEIT,
                 BLACK_BY_FORFEIT: WHITE_BY_FORFEIT}  # fmt: skip


def as_played(code: str, swapped: bool) -> str:
    """A result's code in the colours the players had.  The log keeps it in the colours of the
    pairing (``W+``: the player listed as white won); where the nigiri gave the other colours
    (``swapped``) the referee says and reads it as the slip does — «white won» is the player who
    played white, the one listed as black.  Its own inverse: the code as listed from the code
    as played."""
    return _OTHER_COLOUR.get(code, code) if swapped else code


DEFAULT_KOMI = 6.5
"""The komi of even games where the referee names none (the usual Japanese komi)."""


@dataclass(frozen=True)
class Settings:
    name: str
    scheme: str
    rounds: int | None
    place: str = ""
    dates: str = ""
    komi: float = DEFAULT_KOMI
    time: str = ""
    lang: str = "ru"
    params: Mapping[str, Any] = field(default_factory=dict)
    online: bool = False
    """Played on the internet (OpenGotha's ``bInternet``): the EGF rates it class D at most."""
    gotha: Mapping[str, str] = field(default_factory=dict, hash=False)
    """What an imported OpenGotha file says of the event that Tengen does not use (its
    ``director``, its own ``shortName``), attribute → value as written: carried to the export."""


TEXT_DETAILS: dict[str, tuple[str, int]] = {
    "pin": ("the EGF PIN", 20),
    "rgf": ("the RGF id", 20),
    "patronymic": ("the patronymic", 100),
    "team": ("the team", 100),
    "category": ("the category", 100),
    "note": ("the note", 200),
}
"""A player's details of free text: how a refusal names each, and its longest length.  One
list for the log's checks, the imports and the copying of players into another tournament."""

GOTHA_PLAYER_DETAILS: dict[str, tuple[str, int]] = {
    "agaId": ("the AGA id", 20),
    "agaExpirationDate": ("the AGA expiry date", 20),
    "ffgLicence": ("the FFG licence", 20),
    "ffgLicenceStatus": ("the FFG licence status", 20),
    "ratingOrigin": ("the rating's origin", 40),
}
"""The attributes of an OpenGotha player that Tengen does not use but carries from an imported
file to the export (``Player.gotha``), as OpenGotha names them: how a refusal names each, and
its longest length.  OpenGotha's AGA and FFG reports print them; Tengen never reads them.  A
real file's longest are 5, 10, 8, 1 and 12 characters (775 files of OpenGotha's server)."""
GOTHA_SETTINGS: dict[str, tuple[str, int]] = {
    "director": ("the director", TITLE_LIMIT),
    "shortName": ("the short name", TITLE_LIMIT),
}
"""The same of the event (``Settings.gotha``): its director, and a short name of the file's
own (OpenGotha names its files by it; the export writes the name's first 30 characters
otherwise)."""


@dataclass(frozen=True)
class Player:
    id: int
    surname: str
    name: str
    rank: int
    rating: int | None = None
    country: str = ""
    club: str = ""
    block: frozenset[int] = frozenset()
    joined: int = 1
    """The first round he can be paired in; rounds before it count as skips."""
    withdrawn_from: int | None = None
    skips: frozenset[int] = frozenset()
    pin: str = ""
    """The EGF PIN (OpenGotha files carry it to the rating list)."""
    smms: int = 0
    """McMahon start-score correction (OpenGotha's ``smmsCorrection``, -1..2)."""
    birth: str = ""
    """Date of birth, ISO (``2014-05-03``), or empty: for age groups and the youngest's prize."""
    sex: str = ""
    """``f``, ``m`` or empty: for the women's prize."""
    patronymic: str = ""
    team: str = ""
    """A named team (school, city team…) for the team standings."""
    category: str = ""
    """A category the organiser gives (``дети до 12 лет``), for category prizes."""
    rgf: str = ""
    """The RGF rating-list id."""
    note: str = ""
    """A phone number or any note of the referee's."""
    late: frozenset[int] = frozenset()
    """Skipped or withdrawn rounds announced after the round before was paired: sport-handicap's
    deadline (seed 001) makes them worth nothing; the other schemes do not ask."""
    preregistered: bool = False
    """Registered in advance and not yet confirmed at the venue (OpenGotha's ``PRE``): not
    paired until the referee confirms him, but counted where a scheme counts the field."""
    confirmed_after: int = 0
    """The rounds paired before he was confirmed at the venue: in those he was registered in
    advance (0: never was, or still is)."""
    gotha: Mapping[str, str] = field(default_factory=dict, hash=False)
    """What an imported OpenGotha file holds of him that Tengen does not use
    (``GOTHA_PLAYER_DETAILS``: his AGA id, FFG licence, the rating's origin…), attribute →
    value as written: carried to the export, never read."""

    def profile(self) -> dict[str, Any]:
        """What registers him again in another tournament (``new --from``): his name, strength
        and every detail he has, as a registration takes them."""
        fields: dict[str, Any] = {
            "surname": self.surname,
            "name": self.name,
            "country": self.country,
            "club": self.club,
        }
        if self.rating is None or rank_of_rating(self.rating) != self.rank:  # a declared rank beside his rating
            fields["rank"] = self.rank_label
        if self.rating is not None:
            fields["rating"] = self.rating
        details = {key: getattr(self, key) for key in ("birth", "sex", *TEXT_DETAILS)}
        details["gotha"] = dict(self.gotha)  # his AGA id or FFG licence is his in the next event too
        return fields | {key: value for key, value in details.items() if value}

    @property
    def full_name(self) -> str:
        return f"{self.surname} {self.name}".strip()

    @property
    def short_name(self) -> str:
        """``Смирнова А.``: how a message names him beside his number."""
        return " ".join(part for part in (self.surname, initials(self.name)) if part)

    @property
    def name_key(self) -> tuple[str, str]:
        """His name as names are compared and sorted (``names.alphabetical_key``: case and ё
        folded): a twin's registration, the alphabetical lists."""
        return alphabetical_key(self.surname, self.name)

    @property
    def formal_name(self) -> str:
        """Surname, name and patronymic, as Russian paperwork writes a person."""
        return " ".join(part for part in (self.surname, self.name, self.patronymic) if part)

    @property
    def rank_label(self) -> str:
        return rank_label(self.rank)

    @property
    def sort_rating(self) -> int:
        """The rating for ordering: a rank-only player sorts as ``rank * 100`` (the spec's README),
        which is also OpenGotha's own for a player typed in by rank (``Player.ratingFromRank``: 2k
        1900, 1d 2100): its pairing orders him by it and an export writes it.  ``rank·100+50``
        there put a 2k above the rated 2k players, and a Swiss typed into both programs had 5 of
        15 round-1 boards otherwise (a trial)."""
        return self.rating if self.rating is not None else self.rank * 100

    def skips_round(self, number: int) -> bool:
        return number < self.joined or number in self.skips

    def withdrawn_by(self, number: int) -> bool:
        return self.withdrawn_from is not None and number >= self.withdrawn_from

    def absent_from(self, number: int) -> bool:
        """Whether he is out of round ``number`` by his own word: a skip, a round before he
        joined, or after he withdrew."""
        return self.skips_round(number) or self.withdrawn_by(number)

    def in_advance_for(self, number: int) -> bool:
        """Whether he was (or is) registered in advance and not yet confirmed in round ``number``."""
        return self.preregistered or number <= self.confirmed_after

    def available_in(self, number: int) -> bool:
        """Whether round ``number`` should pair him."""
        return not self.absent_from(number) and not self.in_advance_for(number)

    def came_after(self, number: int) -> bool:
        """Whether he came after round ``number`` was paired: registered after it (``joined``) or
        confirmed at the venue after it (``confirmed_after``) — a latecomer the round's rest may
        still seat (``registry.not_playing``)."""
        return self.joined == number + 1 or self.confirmed_after == number


@dataclass(frozen=True, slots=True)
class Board:
    """One per game (50,000 in a long event), so without a ``__dict__``: a 50,000-game state
    takes 15 MB instead of 25."""

    number: int
    white: int
    black: int
    handicap: int = 0
    """The scheme's handicap: 0 an even game, 1 black moves first with no stones, N >= 2 stones."""
    komi: float = DEFAULT_KOMI
    nigiri: bool = False

    @property
    def jigo_possible(self) -> bool:
        """A jigo needs a whole-number komi: with half a point the only draw is a triple ko
        (or another repetition), which the referee is asked about and the slip offers."""
        return float(self.komi).is_integer()

    def triple_ko(self, code: str) -> bool:
        """Whether result ``code`` here is a triple ko: a draw where the komi leaves no jigo
        (the one rule the boards, the log, the questions and the players' pages say it by)."""
        return code == DRAW and not self.jigo_possible

    @property
    def game(self) -> dict[str, int | float]:
        """The game it seats, as a result records it (``history.seated``): the players with
        their colours, the handicap and the komi — what a slip's winner is read against."""
        return {"white": self.white, "black": self.black, "handicap": self.handicap, "komi": self.komi}

    def has(self, player: int) -> bool:
        return player in (self.white, self.black)

    def opponent(self, player: int) -> int:
        return self.black if player == self.white else self.white


@dataclass(frozen=True, slots=True)
class Result:
    code: str
    swapped: bool = False
    event: int = 0
    origin: Origin | None = None
    """The laptop that entered it, in a hall (what tells a correction from a dispute)."""
    at: str = ""
    """When it was entered, in a hall (shown beside a disputed board's entries)."""
    seated: bool = False
    """Entered saying the game it is for (``history.seated``): a change by hand of its board
    is refused even while it is one entry of a dispute (``Round.entered``)."""


@dataclass(frozen=True)
class Round:
    number: int
    boards: tuple[Board, ...]
    byes: tuple[int, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Scheme-specific values fixed with the pairing (Gamma's lowest top level, …)."""
    results: Mapping[int, Result] = field(default_factory=dict)
    event: int = 0
    as_recorded: bool = False
    """Read from an OpenGotha file as it was: players seated on no board and given no bye
    are OpenGotha's "not assigned", not skips."""
    disputes: Mapping[int, tuple[Result, ...]] = field(default_factory=dict)
    """Boards two laptops entered differently without seeing each other's entry: both
    entries, and no result (the standings leave the game out) until one settles it."""

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.boards)

    @property
    def missing(self) -> tuple[int, ...]:
        return tuple(b.number for b in self.boards if b.number not in self.results)

    @property
    def begun(self) -> bool:
        """Whether any game of it has an entry, a result or a dispute: a round being played,
        whose rest no longer seats latecomers (a dispute is an entry too)."""
        return bool(self.results or self.disputes)

    @property
    def entered(self) -> tuple[int, ...]:
        """The boards with a result or a dispute: what a change by hand must leave as it is.
        Each entry of a dispute names its winner by colour, and a change of colours or a swap
        accepted on a disputed board made both name the other player (a property test).  Not a
        dispute of entries that do not say their game (written before they did): a hall's file
        holding a change of such a board, accepted then, still opens."""
        disputed = {board for board, entries in self.disputes.items() if any(e.seated for e in entries)}
        return tuple(sorted(self.results.keys() | disputed))

    def board(self, number: int) -> Board | None:
        """The board numbered ``number``: the ``number``-th, unless an OpenGotha round's tables
        had gaps (its numbers grow, so the board is never further on than its number)."""
        if 1 <= number <= len(self.boards) and self.boards[number - 1].number == number:
            return self.boards[number - 1]
        return next((b for b in self.boards[: number - 1] if b.number == number), None) if number >= 1 else None

    def board_of(self, player: int) -> Board | None:
        return next((b for b in self.boards if b.has(player)), None)

    def seated(self, board: Board) -> tuple[int, int]:
        """White and black as they played: after a nigiri that swapped them, the other way
        round from the pairing (a trial read «Ч+ наоборот» beside the winner listed under
        «Белые» as his loss).  Where a result is read, the players are shown so."""
        result = self.results.get(board.number)
        return (board.black, board.white) if result is not None and result.swapped else (board.white, board.black)


PLAYERS_PER_LAPTOP = 10_000
"""A hall's laptop registers players from its own block of ids (the founding laptop's from
1, the next one's from 10,001…): two helpers registering at once never take one id."""


@dataclass(frozen=True)
class Laptop:
    device: str
    name: str
    block: int
    """Its players' ids start after ``block * PLAYERS_PER_LAPTOP``."""


@dataclass(frozen=True)
class Take:
    """A take of the chief's role (``chief_changed`` ``taken``) not yet settled: until the laptop
    it was taken from is heard to know of it, an event of that laptop made without knowing of
    it shows it was alive, and the take is void (``replay.still_the_chief``)."""

    lost: str
    """The laptop it was taken from (the take's ``from``): the chief as the log had him then, or
    for a take at once (``at_once``), the laptop the take before it took the role from."""
    taker: str
    seq: int
    """The take's own ``seq`` on the taker's laptop: an event that had seen it knew of it."""
    chained: bool = True
    """Written saying whose role it takes (``from``): kept beside the takes before it, through
    a handover of the role, and past the undo of the entry that voided it.  A take written
    before replaced any take pending and was settled by a handover, as files written then
    replay."""
    at_once: bool = False
    """Taken from a laptop another take in doubt had taken it from (two takes at once,
    ``replay._taken_at_once``): that laptop, knowing of the other, knew it was no chief, and an
    entry of it unaware of this one does not void it (helper-196's fuzzer, day 2310)."""


@dataclass(frozen=True)
class Hall:
    """The laptops that share the tournament, and the chief's, who pairs and sets."""

    laptops: Mapping[str, Laptop]
    chief: str
    taken: tuple[Take, ...] = ()
    """The takes of the chief's role not yet settled, in log order (``Take``): two laptops may
    take it from a chief who was alive all along, one after the other or at once, and his
    next entry, made knowing of neither, voids both (a fuzzer: the first was forgotten once
    the second was made, and the chief's round was lost)."""


@dataclass(frozen=True)
class Tournament:
    settings: Settings
    players: Mapping[int, Player] = field(default_factory=dict)
    numbers: Mapping[int, int] = field(default_factory=dict)
    """Player id → the number printed on cards; empty until round 1 is paired."""
    rounds: tuple[Round, ...] = ()
    hall: Hall | None = None

    @property
    def paired_rounds(self) -> int:
        return len(self.rounds)

    def round(self, number: int) -> Round | None:
        return self.rounds[number - 1] if 1 <= number <= len(self.rounds) else None

    def named(self, player: object) -> object:
        """``player`` as a refusal names him (``Named``); an id no one has, as it is."""
        known = self.players.get(player) if isinstance(player, int) else None
        if known is None:
            return player
        return Named(known.id, self.numbers.get(known.id), known.short_name)

    def player(self, player_id: int) -> Player | None:
        return self.players.get(player_id)

    def blocks(self) -> dict[int, list[int]]:
        """Whom each player must not meet: those blocked on him and those who have him blocked (a
        block works both ways, ``records.may_meet``, and each card and list says so, not only the
        player it was registered with)."""
        both = {player_id: set(player.block) for player_id, player in self.players.items()}
        for player in self.players.values():
            for other in player.block & both.keys():
                both[other].add(player.id)
        return {player_id: sorted(others) for player_id, others in both.items()}

    def skipping(self, number: int) -> list[int]:
        """Who does not play paired round ``number`` without having withdrawn: announced
        skips and latecomers (a bye is a seat)."""
        played = self.round(number)
        seated = set(played.byes) | {p for b in played.boards for p in (b.white, b.black)} if played else set()
        return sorted(p.id for p in self.players.values() if p.id not in seated and not p.withdrawn_by(number))

    def withdrawn(self, number: int) -> list[int]:
        """Who has withdrawn by round ``number``."""
        return sorted(p.id for p in self.players.values() if p.withdrawn_by(number))

    def never_played(self, player_id: int) -> bool:
        """Withdrawn without ever being seated (a board or a bye): not of the field, so the seed
        schemes give him no row and no place (a review found a man withdrawn before the draw
        ranked first by his start points, and the rating table's places begin at 2).  Withdrawn
        from a round still to come after the next, he may yet be seated: of the field (a review
        found a withdrawal announced for day 2 refusing round 1's pairing)."""
        player = self.players[player_id]
        left = player.withdrawn_from
        return (
            left is not None
            and left <= self.paired_rounds + 1
            and not any(played.board_of(player_id) is not None or player_id in played.byes for played in self.rounds)
        )

    def never_entered(self, player_id: int) -> bool:
        """Withdrawn from the first round he could play, never seated: a registration taken
        back (a player registered twice on two laptops of a hall, one who did not come), of no
        table of any scheme.  McMahon and Swiss still list, as OpenGotha does, a player who was
        out of his first rounds before he left (an OpenGotha file's player who never came)."""
        left = self.players[player_id].withdrawn_from
        return left is not None and left <= self.players[player_id].joined and self.never_played(player_id)

    def possible_duplicates(self) -> list[tuple[int, int]]:
        """Pairs of players registered on two laptops of a hall under one surname and name (case
        and ё folded) or one PIN, neither withdrawn: flagged on every laptop until one goes."""
        if self.hall is None:
            return []
        standing = [p for p in self.players.values() if p.withdrawn_from is None]
        found = []
        for i, a in enumerate(standing):
            for b in standing[i + 1 :]:
                if (a.id - 1) // PLAYERS_PER_LAPTOP == (b.id - 1) // PLAYERS_PER_LAPTOP:
                    continue  # one laptop: it asked before registering the second
                same_name = a.name_key == b.name_key
                if same_name or (a.pin and a.pin == b.pin):
                    found.append((min(a.id, b.id), max(a.id, b.id)))
        return sorted(found)

    @property
    def latest_complete_round(self) -> int:
        """The round standings are shown after by default: the last one with every result in."""
        if self.rounds and self.rounds[-1].complete:
            return self.paired_rounds
        return max(0, self.paired_rounds - 1)


def rating_order(players: Iterable[Player]) -> list[Player]:
    """Rating descending, then alphabetically: how Gamma, FORS and rating-numbered round robins number."""
    return sorted(players, key=lambda p: (-p.sort_rating, p.name_key))
