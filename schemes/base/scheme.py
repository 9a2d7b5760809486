"""What every tournament system provides to the core.

A scheme is a set of pure functions over a replayed ``Tournament``: it pairs the
next round, and it orders the players after any round.  Its own running values
(levels, points, streaks) are derived from the rounds when asked for, never
stored, so a corrected result changes them everywhere at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from schemes.errors import BadSetting, InvalidEvent
from schemes.state.model import Board, Tournament
from schemes.values.ranks import parse_rank, rank_label


@dataclass(frozen=True)
class Param:
    """A ``--param KEY=VALUE`` of a scheme: its default and how to read it."""

    key: str
    default: Any
    parse: Callable[[str], Any]
    """Turns the referee's text into the stored JSON value; ValueError with a message when bad."""
    help: str = ""
    late: bool = False
    """Added after tournaments were written with the scheme: left out of a new file while it
    holds its default (read back as the default), so that the Tengen before it — a helper's
    laptop not yet updated — still reads the file, which an unknown parameter makes damaged."""


@dataclass(frozen=True)
class Choice:
    """A parameter parser accepting one of ``allowed`` (an interface offers them as a list)."""

    allowed: tuple[str, ...]

    def __call__(self, text: str) -> str:
        if text not in self.allowed:
            raise InvalidEvent("{text!r} is not one of {allowed}", text=text[:20], allowed=", ".join(self.allowed))
        return text


def choice(*allowed: str) -> Choice:
    return Choice(allowed)


def int_in(low: int, high: int) -> Callable[[str], int]:
    """A parameter parser accepting a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise InvalidEvent("{text!r} is not a whole number", text=text[:20]) from None
        if not low <= value <= high:
            raise InvalidEvent("{value} is not between {low} and {high}", value=value, low=low, high=high)
        return value

    return parse


def half_points(low: float, high: float, only: tuple[float, ...] = ()) -> Callable[[str], float]:
    """A parameter parser for points: a whole or half number from ``low`` to ``high`` (or one of ``only``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise InvalidEvent("{text!r} is not a number", text=text[:20]) from None
        if only and value not in only:
            raise InvalidEvent(
                "{value} is not {allowed}", value=f"{value:g}", allowed=", ".join(f"{v:g}" for v in only)
            )
        if not low <= value <= high or value * 2 != int(value * 2):
            raise InvalidEvent(
                "{value}: points are whole or half numbers from {low} to {high}",
                value=f"{value:g}",
                low=f"{low:g}",
                high=f"{high:g}",
            )
        return value

    return parse


@dataclass(frozen=True)
class NamesFrom:
    """A parameter parser for an ordered comma list of names from ``allowed``, each once (an
    interface may let the referee write them in his words and give their names here)."""

    allowed: tuple[str, ...]
    what: str = "tie-break"

    def __call__(self, text: str) -> list[str]:
        names = [name.strip() for name in text.split(",") if name.strip()]
        unknown = [name for name in names if name not in self.allowed]
        if unknown:
            raise InvalidEvent(
                "unknown {what} {name!r}: choose from {choices}",
                what=self.what,
                name=unknown[0][:40],
                choices=", ".join(self.allowed),
            )
        if len(set(names)) != len(names):
            raise InvalidEvent("a {what} is listed twice", what=self.what)
        return names


def names_from(choices: Sequence[str], what: str = "tie-break") -> NamesFrom:
    return NamesFrom(tuple(choices), what)


def rank_param(*words: str) -> Callable[[str], str]:
    """A parameter parser for a rank label (stored as ``5d``/``21k``), or one of ``words``."""

    def parse(text: str) -> str:
        if text in words:
            return text
        return rank_label(parse_rank(text))

    return parse


@dataclass(frozen=True)
class Recorded:
    """A value a pairing records in its ``extra`` so that replay never recomputes it (start
    levels, the top group…): its key, whether it maps player ids to numbers or is one
    number, and whether round 1's pairing must have it."""

    key: str
    per_player: bool = False
    in_round_one: bool = True
    in_every_round: bool = False


_RECORD_LIMIT = 10**7


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= _RECORD_LIMIT


def check_recorded(recorded: Sequence[Recorded], number: int, extra: Mapping[str, Any]) -> None:
    """A pairing's ``extra`` as the scheme records it, so a damaged file is refused on load
    rather than failing later in standings or paperwork."""
    known = {r.key: r for r in recorded}
    unknown = sorted(set(extra) - set(known))
    if unknown:
        raise InvalidEvent("round {round}: unknown recorded value {key!r}", round=number, key=unknown[0][:40])
    for item in recorded:
        if item.key not in extra:
            if item.in_every_round or (item.in_round_one and number == 1):
                raise InvalidEvent("round {round}: the pairing lacks {key}", round=number, key=item.key)
            continue
        value = extra[item.key]
        if item.per_player:
            good = isinstance(value, Mapping) and all(
                isinstance(k, str) and k.isascii() and k.isdigit() and len(k) < 10 and _is_number(v)  # not «³»
                for k, v in value.items()
            )
        else:
            good = _is_number(value)
        if not good:
            raise InvalidEvent("round {round}: damaged {key}", round=number, key=item.key)


@dataclass(frozen=True)
class Pairing:
    boards: tuple[Board, ...]
    byes: tuple[int, ...] = ()
    order: tuple[int, ...] | None = None
    """Player ids in number order, when this pairing assigns the numbers (round 1)."""
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Row:
    place: str
    """The place in the whole field: what the prizes, the teams, a play-off's seeds and the
    rating commission's tables go by."""
    player: int
    score: float
    tiebreaks: Mapping[str, float]
    in_category: str = ""
    """The place within the player's category, where the categories decide first (OpenGotha's
    criterion CAT): OpenGotha's screen and printed standings restart the places there, and a
    referee comparing them read «17» for the second category's winner; empty elsewhere."""

    @property
    def shown_place(self) -> str:
        """The place as the standings show it to people: within the category where there is one."""
        return self.in_category or self.place


@dataclass(frozen=True)
class Standings:
    after_round: int
    rows: tuple[Row, ...]
    columns: tuple[str, ...] = ()
    """The row values printed beside the score, in order: what decides the places (the
    criteria the organiser picked) and the scheme's own running values; a row holds more
    (every tie-break of the spec, for ``standings --json``)."""
    bye_worth: float = 1.0
    """A bye's game points where points are games won (the team standings), as the scheme
    values it against a win: Gamma's and OpenGotha's default a win, sport-handicap's and FORS's
    default a draw, a round robin's its ``bye_points`` (0 by default: two trials read a club
    table's byes as wins its standings had not given), a play-off's none (a seed passing a
    stage or a winner waiting for the next: a trial's top seed had a win for each such round)."""


def worth_against(points: float, win: float, loss: float) -> float:
    """``points`` as a share of a win over a loss (a bye's ``Standings.bye_worth``): 0 to 1."""
    return min(1.0, max(0.0, (points - loss) / (win - loss))) if win > loss else 0.0


class PairingError(InvalidEvent):
    """The round cannot be paired; the template says why."""


@dataclass(frozen=True)
class Traits:
    """What a system allows beyond pairing and ordering, read by the log's checks, the app's
    keys and the paperwork alike.  By default a system allows nothing beyond the common case
    (every available player seated, a game may be drawn): it says what more it allows, and a
    new one allows nothing by accident."""

    late_entry: bool = False
    """Players may register after round 1 has been paired."""
    rounds_required: bool = False
    """The number of rounds is set when the tournament is made (it cannot follow from the
    field): given to ``new``, else the scheme's ``default_rounds``."""
    default_rounds: int | None = None
    """The rounds a tournament has where ``new`` is given none: the spec's default (the seed's
    7 for sport-handicap); None where they are required, and ``new`` refuses without them."""
    numbering_by_hand: bool = False
    """The referee may give the numbering order (``pair --order``)."""
    skip_deadline: bool = False
    """A skip announced after the round before was paired is worth less (``Player.late``)."""
    everyone_plays: bool = True
    """Every available player is seated in each round (a play-off leaves the eliminated out)."""
    draws: bool = True
    """A game can end in a draw (a play-off game is replayed instead)."""
    params_editable: bool = False
    """The referee may change the parameters during the event (OpenGotha's may: a McMahon bar
    is often set once the field is known)."""
    chooses_byes: bool = False
    """Its pairing chooses who sits out an odd round, and so the referee may choose instead
    (``pair``'s ``bye``); not where a table or a bracket fixes it."""
    pairs_early: bool = False
    """A round may be paired before the round before has every result: a table fixed in
    advance does not wait for them (a round robin's postponed game), and OpenGotha's pairing
    counts a missing result for neither player (OpenGotha's own rounds are also recorded with
    players on no board, its "not assigned": ``opengotha``)."""
    confirms_players: bool = False
    """A player may be registered in advance and confirmed when he comes (OpenGotha's
    ``PRE``), not paired until then."""
    opengotha: bool = False
    """Paired exactly as OpenGotha pairs: its files in and out, its weights of a pair explained."""
    bracket: bool = False
    """Paired from a knockout bracket, which the app shows (the play-off's)."""
    scheduled: bool = False
    """Who meets whom in each round is fixed in advance (a Berger table, once round 1 is
    paired): a withdrawn player's later opponents sit out with a bye, which the referee is told
    before he withdraws him."""
    komi_by_rule: bool = False
    """Every board's komi is the scheme's (sport-handicap's: the strength difference's): the
    tournament's komi is neither asked nor shown (a trial set one, which no board took)."""
    half_komi: bool = False
    """A jigo is white's win (sport-handicap's komi is ``K + 0.5``), so a board's komi is always a
    half and its one draw a triple ko: a whole komi set by hand is refused (a trial's komi 0
    made a jigo that the scheme then scored as a triple ko, 5 each).  Each board's komi
    remains the referee's to change by whole points."""
    compiles: bool = False
    """Its pairing runs loops numba compiles: the first pairing of an installation waits for
    the compiler (up to a minute), which the referee is told beforehand."""
    keeps_apart: bool = False
    """Its pairing keeps players the referee blocked from meeting apart (``Player.block``):
    OpenGotha's has no such rule, nor a Berger table or a bracket, and a trial's block in a
    Swiss met on board 1 with nothing said."""
    from_places: tuple[tuple[str, str], ...] = ()
    """Parameters a tournament takes when its players are registered in the place order of an
    earlier one (``new --from``), unless the referee gives them (a play-off is then seeded
    by those places)."""


class Scheme(Protocol):
    """What the core asks of a tournament system (the schemes are frozen dataclasses, so
    their attributes are read-only here)."""

    @property
    def name(self) -> str: ...

    @property
    def params(self) -> Sequence[Param]: ...

    @property
    def score_name(self) -> str:
        """What its main value is called (a label key beside the tie-breaks' in
        ``Standings.columns``): level, strength, points, MMS…"""

    @property
    def traits(self) -> Traits:
        """What it allows beyond pairing and ordering (one value: every reader asks it alike)."""

    @property
    def recorded(self) -> Sequence[Recorded]:
        """What its pairings record in ``extra``."""

    def total_rounds(self, tournament: Tournament) -> int | None:
        """The number of rounds of the event, where it is known."""

    def pair(
        self,
        tournament: Tournament,
        number: int,
        rng: random.Random,
        order: Sequence[int] | None,
        allow_repeats: bool = False,
        bye: int | None = None,
    ) -> Pairing:
        """The pairing of round ``number``; ``order`` numbers the players by hand.

        ``allow_repeats`` is the referee's confirmation that a repeat game is acceptable
        when no pairing without one exists (he then fixes it by hand); ``bye`` is the
        referee's choice of who sits out an odd round (``actions.with_bye`` has checked that
        he plays it and that the field is odd), refused where ``chooses_byes`` is not.
        """

    def seat(self, tournament: Tournament, round_number: int, board_number: int, white: int, black: int) -> Board:
        """A board for two players the referee put together: handicap, komi and colours by the
        scheme's rules; where the rules leave colours open, the seats stay as given."""

    def standings(self, tournament: Tournament, after_round: int) -> Standings:
        """Everyone in place order after ``after_round`` (0 = before the first round)."""


@runtime_checkable
class ChoosesByes(Protocol):
    """A scheme whose pairing chooses who sits out an odd round (``Traits.chooses_byes``)."""

    def default_bye(self, tournament: Tournament, number: int) -> int | None:
        """Whom its pairing of round ``number`` seats out, the referee choosing no one; None
        for an even field, or a round it cannot pair.  The referee's choice starts on him: a
        trial's cursor sat on the table's last, OpenGotha's bye another, and Enter made a
        pairing OpenGotha would not."""


@runtime_checkable
class PairsTheRest(Protocol):
    """A scheme that pairs the players a round left off its boards, keeping the boards it
    has: OpenGotha's Pair on the rows still unpaired (a round paired in part before the
    latecomers came, as a switched file's last round may be)."""

    def pair_rest(self, state: Tournament, number: int, rng: random.Random, repeats: bool, bye: int | None) -> Pairing:
        """The new boards and bye of round ``number`` (the latest) for the players who play it on
        none of its boards and are not its bye (``actions.rest_of``: ``state`` has its latecomers
        playing it), numbered from the first table its boards leave free; ``repeats`` and ``bye`` as ``Scheme.pair``'s
        ``allow_repeats`` and ``bye`` (the bye where the round has none)."""

    def rest_bye(self, state: Tournament, number: int) -> int | None:
        """Whom ``pair_rest`` seats out of an odd rest with no ``bye`` given (the referee's
        list starts on him, as a round's list starts on ``ChoosesByes.default_bye``); None
        where nobody would sit out."""


def is_final(scheme: Scheme, tournament: Tournament, after_round: int) -> bool:
    """Whether standings after ``after_round`` are the final table: the event's last round,
    every result of every round in (a round robin's postponed game of round 2 still missing
    left a table titled final, a trial found).  The one answer the app, the paperwork and the
    schemes ask."""
    played = tournament.rounds[:after_round]
    return (
        bool(after_round)
        and after_round == scheme.total_rounds(tournament)
        and len(played) == after_round
        and all(r.complete for r in played)
    )


def parse_params(scheme: Scheme, given: Mapping[str, str]) -> dict[str, Any]:
    """The scheme's parameters with the referee's values over the defaults."""
    known = {p.key: p for p in scheme.params}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise InvalidEvent(
            "unknown parameter {key!r} for {scheme}: known are {known}",
            key=unknown[0][:40],
            scheme=scheme.name,
            known=", ".join(known) or "none",
        )
    values = {p.key: p.default for p in scheme.params}
    for key, text in given.items():
        try:
            values[key] = known[key].parse(text)
        except ValueError as error:
            problem = error if isinstance(error, InvalidEvent) else str(error)
            raise BadSetting(key, InvalidEvent("{key}: {problem}", key=key, problem=problem), problem) from None
    return values


def stored_params(scheme: Scheme, values: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters a new tournament's file holds: every one but a late one at its default."""
    late = {p.key: p.default for p in scheme.params if p.late}
    return {key: value for key, value in values.items() if key not in late or value != late[key]}


def check_params(scheme: Scheme, stored: Mapping[str, Any]) -> dict[str, Any]:
    """Stored parameters read back through the same parsers, so a hand-edited file is checked too."""
    values = {p.key: p.default for p in scheme.params}
    for key, value in stored.items():
        values[key] = value
    return parse_params(scheme, {k: _as_text(v) for k, v in values.items()})


def _as_text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)
