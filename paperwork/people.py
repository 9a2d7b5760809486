"""How a player is named on paper: number, name (shortened when the column is narrow), rank."""

from __future__ import annotations

from schemes.state.model import Player, Tournament


def name_options(player: Player) -> tuple[str, str]:
    """The full name, and the surname with initials for a column too narrow for it."""
    return player.full_name, player.short_name


def number_of(tournament: Tournament, player: int) -> str:
    no = tournament.numbers.get(player)
    return "" if no is None else str(no)


def identity(tournament: Tournament, player: int) -> tuple[str, tuple[str, str], str]:
    """Number, name options and rank, as protocols and tables print a player."""
    p = tournament.players[player]
    return number_of(tournament, player), name_options(p), p.rank_label
