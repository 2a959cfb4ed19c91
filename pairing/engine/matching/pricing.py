"""One certificate check of a run against the whole graph (see `certificate`).

`price(run, graph, ...)` examines every allowed pair of the whole graph
(from the packed cache when the graph has one, otherwise chunk by chunk) and
returns the violations worth adding to the candidate graph: for every vertex
the `per_vertex` pairs with the smallest reduced cost among its violations.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pairing.engine.matching._pricing import blossom_tree, price_chunk, price_packed
from pairing.engine.matching.scan import Chunk, EdgeGraph, OracleGraph
from pairing.engine.matching.sparse import Run

PER_VERTEX = 3


@dataclass(frozen=True, slots=True)
class Pricing:
    new: Chunk  # pairs to add (i < j, unique), with weights
    examined: int  # pairs of the whole graph looked at
    violations: int  # pairs that break the certificate


def price(
    run: Run,
    graph: OracleGraph | EdgeGraph,
    *,
    weights: bool,
    cardinality: bool,
    per_vertex: int | None = None,
) -> Pricing:
    n = run.n
    per_vertex = PER_VERTEX if per_vertex is None else per_vertex
    state = (
        run.dual,
        run.top,
        run.label,
        blossom_tree(run.parent, run.dual),
        run.top.size,
        run.shift,
    )
    keep_j = np.full((n, per_vertex), -1, dtype=np.int64)
    keep_w = np.zeros((n, per_vertex), dtype=np.int64)
    keep_rc = np.zeros((n, per_vertex), dtype=np.int64)
    filled = np.zeros(n, dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    packed = graph.packed()
    if packed is not None:
        price_packed(n, packed, state, weights, cardinality, keep_j, keep_w, keep_rc, filled, stats)
    else:
        for i, j, w in graph.chunks():
            price_chunk(
                i, j, w, state, weights, cardinality, keep_j, keep_w, keep_rc, filled, stats
            )
    rows = np.repeat(np.arange(n, dtype=np.int64), per_vertex)
    cols = keep_j.ravel()
    ok = cols >= 0
    rows, cols, w = rows[ok], cols[ok], keep_w.ravel()[ok]
    keys, first = np.unique(np.minimum(rows, cols) * n + np.maximum(rows, cols), return_index=True)
    return Pricing((keys // n, keys % n, w[first]), int(stats[0]), int(stats[1]))
