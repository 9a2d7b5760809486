"""Places from a main score and tie-breaks, with shared places printed ``2-5``.

Tie-breaks apply one after another, each only among the players still tied on
everything before it.  A criterion receives the tied group, because some (the
result between the tied players) mean something only within that group; the
others simply ignore it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

Criterion = Callable[[Sequence[int]], Mapping[int, float]]


def every(values: Mapping[int, float]) -> Criterion:
    """A criterion with one value per player, whatever group he is tied in."""
    return lambda group: values


def place_label(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


def ranked(
    players: Sequence[int], criteria: Sequence[tuple[str, Criterion]], reported: Sequence[tuple[str, Criterion]] = ()
) -> tuple[list[tuple[str, int]], dict[int, dict[str, float]]]:
    """Players in place order with their place labels, and each player's criterion values.

    ``players`` come in their order for a shared place (their numbers); every
    criterion is higher-is-better.  A player's value of a group criterion is the
    one it had within the group he was tied in when that criterion came up.
    Only ``criteria`` decide (seeds 002 and 004: players equal on every chosen
    criterion share the place); ``reported`` ones are evaluated on the groups left
    tied at the end, for the record, and separate no one.
    """
    values: dict[int, dict[str, float]] = {p: {} for p in players}
    groups: list[list[int]] = [list(players)] if players else []  # no field, no group (no place)
    for name, criterion in criteria:
        refined: list[list[int]] = []
        for group in groups:
            scores = criterion(group)
            for player in group:
                values[player][name] = scores[player]
            if len(group) == 1:
                refined.append(group)
                continue
            group = sorted(group, key=lambda p: -scores[p])
            run = [group[0]]
            for player in group[1:]:
                if scores[player] == scores[run[-1]]:
                    run.append(player)
                else:
                    refined.append(run)
                    run = [player]
            refined.append(run)
        groups = refined
    for name, criterion in reported:
        for group in groups:
            scores = criterion(group)
            for player in group:
                values[player][name] = scores[player]
    order: list[tuple[str, int]] = []
    for group in groups:
        label = place_label(len(order) + 1, len(order) + len(group))
        order.extend((label, player) for player in group)
    return order, values
