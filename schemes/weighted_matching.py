"""Maximum-weight perfect matching, exact, on integer weights.

OpenGotha pairs by the perfect matching of greatest total weight over the whole field
(weights up to ~10^15).  rustworkx's ``max_weight_matching`` is the blossom algorithm in
Rust on exact integers; with ``max_cardinality`` it returns a perfect matching whenever
one exists, of greatest weight among them.
"""

from __future__ import annotations

from collections.abc import Sequence

import rustworkx


def max_weight_perfect_matching(size: int, edges: Sequence[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Pairs ``(i, j)`` of a perfect matching of vertices ``0..size-1`` of greatest total
    weight; ``edges`` are ``(i, j, weight)`` with integer weights."""
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(size))
    graph.add_edges_from(list(edges))
    pairs = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    return sorted((min(i, j), max(i, j)) for i, j in pairs)
