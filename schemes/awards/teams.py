"""Team standings of an individual event (seed 002's "groups"): a team is the players who
share a named team — or a club, a country — and scores the sum of its best ``k`` members.

Ties go to the sum of all members, then to the team whose best player placed higher;
teams equal on all three share the place.  A player with no team counts for none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from schemes.base.scheme import Standings
from schemes.state.model import Player, Tournament
from schemes.state.records import Kind, outcomes
from schemes.values.places import place_label

GROUPINGS = ("team", "club", "country")
POINTS = ("wins", "score")


@dataclass(frozen=True)
class TeamRow:
    place: str
    team: str
    members: tuple[int, ...]
    """Every member, best first."""
    counted: tuple[int, ...]
    """The best ``k``, whose points make the team's score."""
    points: Mapping[int, float]
    best: float
    total: float
    best_place: int
    """The best member's place in the individual standings (a shared 3-4 counts as 3)."""


DEFAULT_BEST = 3


def has_teams(tournament: Tournament) -> bool:
    """Whether some player has a team or a club to count for: where none has, the team
    standings are empty, and the app does not offer them (a trial's F6 did)."""
    return any(p.team or p.club for p in tournament.players.values())


def default_grouping(tournament: Tournament) -> str:
    """Named teams when any player has one, else clubs."""
    return "team" if any(p.team for p in tournament.players.values()) else "club"


def team_of(player: Player, by: str) -> str:
    return {"team": player.team, "club": player.club, "country": player.country}[by].strip()


def wins(tournament: Tournament, after_round: int, bye: float = 1.0) -> dict[int, float]:
    """Game points: a win 1, a jigo ½, a bye ``bye`` (``Standings.bye_worth``); forfeits as decided."""
    table = outcomes(tournament, after_round)
    return {
        player: sum(bye if o.kind is Kind.BYE else (o.score.value if o.score is not None else 0.0) for o in rounds)
        for player, rounds in table.items()
    }


def team_standings(
    tournament: Tournament, standings: Standings, best: int, by: str = "team", points: str = "wins"
) -> list[TeamRow]:
    """The teams after ``standings.after_round``, in place order.  ``points``: ``wins`` (game
    points, a bye as the scheme values it: ``Standings.bye_worth``) or
    ``score`` (the scheme's own value: level, strength, points, MMS)."""
    position = {
        row.player: int(row.place.split("-")[0]) if row.place.split("-")[0].isdigit() else index
        for index, row in enumerate(standings.rows, start=1)
    }
    value = (
        wins(tournament, standings.after_round, standings.bye_worth)
        if points == "wins"
        else {row.player: row.score for row in standings.rows}
    )
    teams: dict[str, list[int]] = {}
    for player in tournament.players.values():
        name = team_of(player, by)
        if name and player.id in position:
            teams.setdefault(name, []).append(player.id)
    rows = []
    for name, members in teams.items():
        ordered = sorted(members, key=lambda p: (-value.get(p, 0.0), position[p]))
        counted = tuple(ordered[:best])
        rows.append(
            TeamRow(
                "",
                name,
                tuple(ordered),
                counted,
                {p: value.get(p, 0.0) for p in ordered},
                sum(value.get(p, 0.0) for p in counted),
                sum(value.get(p, 0.0) for p in ordered),
                min(position[p] for p in ordered),
            )
        )
    rows.sort(key=lambda r: (-r.best, -r.total, r.best_place, r.team))
    placed = []
    start = 0
    while start < len(rows):
        end = start
        key = (rows[start].best, rows[start].total, rows[start].best_place)
        while end < len(rows) and (rows[end].best, rows[end].total, rows[end].best_place) == key:
            end += 1
        label = place_label(start + 1, end)
        placed += [replace(row, place=label) for row in rows[start:end]]
        start = end
    return placed
