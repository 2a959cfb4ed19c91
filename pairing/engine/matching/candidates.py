"""Starting edge sets for the "priced" backend.

Any set of allowed pairs is correct as a start (the certificate decides what
is missing); a good one saves pricing rounds. Sources:
- the oracle's own `candidate_edges()` hint, when it has one;
- otherwise the k heaviest allowed edges at every vertex, found in one scan
  of the whole graph;
- and in both cases a few random allowed partners per vertex (fixed seed):
  heavy edges alone often have no perfect matching (an odd score group has
  no edge out of it), while a random sparse subgraph of a dense graph almost
  surely has one, which saves the rounds that would otherwise only repair
  the cardinality.
"""

from __future__ import annotations

import numpy as np

from pairing.engine.arrays import unique
from pairing.engine.matching.scan import (
    CHUNK,
    Chunk,
    EdgeGraph,
    OracleGraph,
    allowed_weights,
)
from pairing.engine.matching.types import NO_EDGE, WeightOracle

HEAVIEST_PER_VERTEX = 8
RANDOM_PER_VERTEX = 4
SEED = 20240229


def unique_pairs(n: int, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pairs as (low, high) without repeats or self-pairs, sorted."""
    i = np.asarray(i, dtype=np.int64)
    j = np.asarray(j, dtype=np.int64)
    if i.shape != j.shape:
        raise ValueError(f"candidate_edges returned arrays of {i.size} and {j.size} entries")
    if i.size and (min(i.min(), j.min()) < 0 or max(i.max(), j.max()) >= n):
        raise ValueError(f"candidate_edges returned a vertex outside 0..{n - 1}")
    lo = np.minimum(i, j)
    hi = np.maximum(i, j)
    keep = lo != hi
    keys = unique(lo[keep] * n + hi[keep])
    return keys // n, keys % n


def hinted(oracle: WeightOracle, *, chunk: int = CHUNK) -> Chunk:
    """The oracle's suggested pairs that are allowed, with their weights."""
    n = int(oracle.n)
    lo, hi = unique_pairs(n, *oracle.candidate_edges())  # type: ignore[attr-defined]
    parts = [
        allowed_weights(oracle, lo[s : s + chunk], hi[s : s + chunk])
        for s in range(0, lo.size, chunk)
    ]
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), empty.copy()
    i, j, w = (np.concatenate(p) for p in zip(*parts, strict=True))
    return i, j, w


def heaviest(graph: OracleGraph | EdgeGraph, *, k: int | None = None) -> Chunk:
    """The k heaviest allowed edges at every vertex (fewer where fewer exist)."""
    from pairing.engine.matching._topk import offer_chunk  # numba, only when needed

    k = HEAVIEST_PER_VERTEX if k is None else k
    n = graph.n
    top_w = np.zeros((n, k), dtype=np.int64)
    top_j = np.full((n, k), -1, dtype=np.int64)
    filled = np.zeros(n, dtype=np.int64)
    low = np.zeros(n, dtype=np.int64)
    for i, j, w in graph.chunks():
        offer_chunk(i, j, w, top_w, top_j, filled, low)
    rows = np.repeat(np.arange(n, dtype=np.int64), k)
    cols = top_j.ravel()
    ok = cols >= 0
    rows, cols, ws = rows[ok], cols[ok], top_w.ravel()[ok]
    keys, first = np.unique(np.minimum(rows, cols) * n + np.maximum(rows, cols), return_index=True)
    return keys // n, keys % n, ws[first]


def random_partners(graph: OracleGraph | EdgeGraph, *, r: int | None = None) -> Chunk:
    """About r random allowed pairs per vertex (the same ones on every call)."""
    r = RANDOM_PER_VERTEX if r is None else r
    n = graph.n
    rng = np.random.default_rng(SEED)
    if isinstance(graph, EdgeGraph):
        i, j, w = graph.edges
        take = np.sort(rng.choice(i.size, size=min(i.size, r * n), replace=False))
        return i[take], j[take], w[take]
    if n < 2:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), empty.copy()
    a = np.repeat(np.arange(n, dtype=np.int64), r)
    b = rng.integers(0, n - 1, size=a.size)
    b = b + (b >= a)
    lo, hi = unique_pairs(n, a, b)
    packed = graph.packed()
    if packed is None:
        return allowed_weights(graph.oracle, lo, hi)
    w = packed[(lo * (2 * n - lo - 1)) // 2 + hi - lo - 1]
    keep = w != NO_EDGE
    return lo[keep], hi[keep], w[keep]
