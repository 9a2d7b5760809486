"""The template of the Swiss-like schemes (Gamma, sport-handicap, FORS): one ``pair``.

Each of them pairs a round the same way: at the draw it numbers the field and records
what must not move later (start levels, strengths, ranks); before every round it lists
the players (the topmost chooses first), says in which order a player looks at his
candidates and how a board is seated, and the top-down search with the seeds'
depth-first fallback does the rest, the bye by the scheme's rule.  A scheme supplies
those pieces (``numbering``, ``at_draw``, ``plan``); the order of the steps lives here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from schemes.base.pairing import Candidates, in_list_order, pair_round
from schemes.base.scheme import Pairing, PairingError, Recorded, Traits
from schemes.errors import InvalidEvent
from schemes.state.model import Board, Player, Tournament
from schemes.state.records import byes_before, may_meet


@dataclass(frozen=True)
class Plan:
    """How one round is paired, as the scheme decides it."""

    listed: Sequence[int]
    """Everyone who may be paired, in list order (those absent this round are left out later)."""
    board: Callable[[int, int, int], Board]
    """Board number, the chooser, his partner → the seated board (colours, handicap, komi)."""
    candidates: Candidates = in_list_order
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Values fixed with this round's pairing (Gamma's lowest top level…)."""


SWISS_LIKE = Traits(late_entry=True, rounds_required=True, chooses_byes=True, keeps_apart=True)
"""Rounds set at creation, latecomers welcome, the bye the pairing's (or the referee's)."""


@dataclass(frozen=True)
class SwissLike:
    """What the Swiss-like schemes share besides ``pair``: rounds set at creation, latecomers
    welcome, numbers given by the scheme's own rule."""

    traits: Traits = SWISS_LIKE

    recorded: Sequence[Recorded] = ()
    left_over: bool = False
    """The bye: the player the search leaves over (sport-handicap), or bottom-up among those
    without one (Gamma, FORS)."""

    def total_rounds(self, tournament: Tournament) -> int | None:
        return tournament.settings.rounds

    def default_bye(self, tournament: Tournament, number: int) -> int | None:
        """Its bye is the one its pairing leaves (the greedy search's, cheap to run again)."""
        try:
            byes = self.pair(tournament, number, random.Random(0), None).byes
        except InvalidEvent:  # no pairing (a repeat needed…): nothing to start on; the pairing says why
            return None
        return byes[0] if byes else None

    def rounds_of(self, tournament: Tournament) -> int:
        """The number of rounds, which these schemes require at creation."""
        if tournament.settings.rounds is None:
            raise PairingError("the number of rounds is not set")
        return tournament.settings.rounds

    def numbering(self, field: Sequence[Player]) -> Sequence[Player]:
        """The field in number order, at the draw."""
        raise NotImplementedError

    def at_draw(self, tournament: Tournament, field: Sequence[Player]) -> dict[str, Any]:
        """What round 1's pairing records so that later edits cannot move it."""
        raise NotImplementedError

    def plan(self, tournament: Tournament, number: int, drawn: Mapping[str, Any]) -> Plan:
        """How round ``number`` is paired; ``drawn`` holds ``at_draw``'s values in round 1."""
        raise NotImplementedError

    def pair(
        self,
        tournament: Tournament,
        number: int,
        rng: random.Random,
        order: Sequence[int] | None,
        allow_repeats: bool = False,
        bye: int | None = None,
    ) -> Pairing:
        drawn: dict[str, Any] = {}
        new_order = None
        if number == 1:
            field = [p for p in tournament.players.values() if not p.withdrawn_by(1)]
            if len(field) < 2:  # before the draw, which reads the field (Gamma's top group)
                raise PairingError("round {round} needs at least 2 players", round=number)
            new_order = tuple(p.id for p in self.numbering(field))
            # the plan reads the numbers the draw gives (FORS's ties go by number): not the ids
            tournament = replace(tournament, numbers={p: no for no, p in enumerate(new_order, start=1)})
            drawn = self.at_draw(tournament, field)
        plan = self.plan(tournament, number, drawn)
        playing = [p for p in plan.listed if tournament.players[p].available_in(number)]
        bye, pairs = pair_round(
            number,
            playing,
            byes_before(tournament, number),
            plan.candidates,
            may_meet(tournament, number),
            allow_repeats,
            left_over=self.left_over,
            bye=bye,
        )
        boards = tuple(plan.board(i, a, b) for i, (a, b) in enumerate(pairs, start=1))
        return Pairing(boards, () if bye is None else (bye,), new_order, {**drawn, **plan.extra})
