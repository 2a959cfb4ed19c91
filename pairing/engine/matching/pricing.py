"""One certificate check of a run against the whole graph (see `certificate`).

`price(run, graph, ...)` examines every allowed pair of the whole graph
(from the packed cache when the graph has one, otherwise chunk by chunk) and
returns the violations worth adding to the candidate graph: for every vertex
the `per_vertex` pairs with the smallest reduced cost among its violations.

Two implementations with one answer: the compiled kernels of `_pricing`, and
(`plain=True`) numpy over whole chunks, which keeps per vertex exactly the
pairs `_pricing._keep` keeps (ties included: the same slots, in the same order).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pairing.engine.matching import kernels
from pairing.engine.matching.scan import Chunk, EdgeGraph, OracleGraph, collect
from pairing.engine.matching.sparse import SCALE, Run

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
    plain: bool = False,
    memo: dict | None = None,
) -> Pricing:
    """`memo` (plain only): a dict kept between the checks of one solve, which
    keeps the whole graph's pairs after the first."""
    n = run.n
    per_vertex = PER_VERTEX if per_vertex is None else per_vertex
    if plain:
        return _price_plain(run, graph, weights, cardinality, per_vertex, memo)
    from pairing.engine.matching._pricing import blossom_tree, price_chunk, price_packed

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


def _price_plain(
    run: Run,
    graph: OracleGraph | EdgeGraph,
    weights: bool,
    cardinality: bool,
    per_vertex: int,
    memo: dict | None,
) -> Pricing:
    n = run.n
    dual, top, label = run.dual, run.top, run.label
    size = top.size
    packed = graph.packed()
    if memo is not None and "pairs" in memo:
        i, j, w = memo["pairs"]
    else:
        i, j, w = collect(graph)
        if memo is not None:
            memo["pairs"] = (i, j, w)
    examined = n * (n - 1) // 2 if packed is not None else int(i.size)  # as `_pricing` counts
    # |w|, |shift| <= 2**60 and |dual| <= 2**59: as in `_pricing`, nothing overflows
    rc = dual[i] + dual[j] - SCALE * (w - run.shift)
    candidates = np.flatnonzero(rc < 0)
    if cardinality:
        la, lb = label[i], label[j]
        candidates = np.flatnonzero(
            (rc < 0)
            | ((la == 1) & (lb == 1) & (top[i] != top[j]))
            | ((la == 1) & (lb == 0))
            | ((la == 0) & (lb == 1))
        )
    a, b, w, rc = i[candidates], j[candidates], w[candidates], rc[candidates]
    inside = np.flatnonzero((rc < 0) & (top[a] == top[b]) & (top[a] >= size))
    if inside.size:
        sums = np.zeros(inside.size, dtype=np.int64)
        kernels.get(True).pair_blossom_sums(run.parent, dual, a[inside], b[inside], sums)
        rc[inside] += sums
    bad = rc < 0 if weights else np.zeros(a.size, dtype=bool)
    if cardinality:
        la, lb = label[a], label[b]
        bad |= (
            ((la == 1) & (lb == 1) & (top[a] != top[b]))
            | ((la == 1) & (lb == 0))
            | ((la == 0) & (lb == 1))
        )
    found = np.flatnonzero(bad)
    if not found.size:
        empty = np.zeros(0, dtype=np.int64)
        return Pricing((empty, empty.copy(), empty.copy()), examined, 0)
    rows, cols, kept_w = _kept(n, per_vertex, a[found], b[found], w[found], rc[found])
    keys, first = np.unique(np.minimum(rows, cols) * n + np.maximum(rows, cols), return_index=True)
    return Pricing((keys // n, keys % n, kept_w[first]), examined, int(found.size))


def _kept(
    n: int, k: int, a: np.ndarray, b: np.ndarray, w: np.ndarray, rc: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(vertex, partner, weight) of the violations `_pricing._keep` keeps when
    offered pair t = (a[t], b[t]) at both ends in the order t: all of them at a
    vertex with at most k, otherwise k slots, a new pair replacing the first
    slot of largest rc when its rc is smaller."""
    m = a.size
    ends = np.concatenate([a, b])
    order = np.lexsort((np.tile(np.arange(m), 2), ends))
    ends = ends[order]
    others = np.concatenate([b, a])[order]
    ws = np.concatenate([w, w])[order]
    rcs = np.concatenate([rc, rc])[order]
    counts = np.bincount(ends, minlength=n)
    crowded = counts[ends] > k
    rows = [ends[~crowded]]
    cols = [others[~crowded]]
    kept = [ws[~crowded]]
    starts = np.cumsum(counts) - counts
    for v in np.flatnonzero(counts > k).tolist():
        at = int(starts[v])
        slot_j: list[int] = []
        slot_w: list[int] = []
        slot_rc: list[int] = []
        for o, x, r in zip(
            others[at : at + counts[v]].tolist(),
            ws[at : at + counts[v]].tolist(),
            rcs[at : at + counts[v]].tolist(),
            strict=True,
        ):
            if len(slot_rc) < k:
                slot_j.append(o)
                slot_w.append(x)
                slot_rc.append(r)
                continue
            t = 0
            for s in range(1, k):
                if slot_rc[s] > slot_rc[t]:
                    t = s
            if r >= slot_rc[t]:
                continue
            slot_j[t], slot_w[t], slot_rc[t] = o, x, r
        rows.append(np.full(len(slot_j), v, dtype=np.int64))
        cols.append(np.array(slot_j, dtype=np.int64))
        kept.append(np.array(slot_w, dtype=np.int64))
    return np.concatenate(rows), np.concatenate(cols), np.concatenate(kept)
