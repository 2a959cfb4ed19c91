"""The library backends on an explicit edge list: networkx (the reference
implementation) and rustworkx (the same algorithm in Rust, 128-bit integer
weights). Both return a maximum-cardinality matching of maximum weight."""

from __future__ import annotations

import numpy as np


def networkx_pairs(n: int, i: np.ndarray, j: np.ndarray, w: np.ndarray) -> list[tuple[int, int]]:
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(zip(i.tolist(), j.tolist(), w.tolist(), strict=True))
    matching = nx.max_weight_matching(g, maxcardinality=True)
    return sorted((min(a, b), max(a, b)) for a, b in matching)


def rustworkx_pairs(n: int, i: np.ndarray, j: np.ndarray, w: np.ndarray) -> list[tuple[int, int]]:
    import rustworkx as rx

    g = rx.PyGraph()  # a multigraph by default: building it skips the duplicate check
    g.add_nodes_from(range(n))
    g.add_edges_from(list(zip(i.tolist(), j.tolist(), w.tolist(), strict=True)))
    matching = rx.max_weight_matching(g, max_cardinality=True, weight_fn=int)
    return sorted((min(a, b), max(a, b)) for a, b in matching)
