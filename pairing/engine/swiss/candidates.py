"""A starting set of edges for exact sparse matching backends.

The "priced" backend solves the matching on these edges first, then proves
the answer optimal for the whole graph by LP duality, adding edges until it
is. A good set makes that fast; a poor one only makes it slower. Per player:

- a window of WINDOW places around the system's natural partner in the score
  group (1-5 2-6 for Dutch, 1-8 2-7 for Burstein, 1-2 3-4 for Monrad), where
  the system has one;
- the BEST partners by weight in the own and adjacent score groups (this is
  what finds partners for the random systems and around colour conflicts);
  in large groups among COLUMNS places: near the player, near the natural
  partner and a fixed sample of the rest, so the work stays linear in n;
- the NEAREST ranks up and down the whole field (floats across groups).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from pairing.engine.arrays import unique

if TYPE_CHECKING:
    from pairing.engine.swiss.graph import SwissGraph

WINDOW = 6
BEST = 8
NEAREST = 4
COLUMNS = 256  # partners examined per player for BEST in large windows
NEAR_COLUMNS = 64
_CHUNK = 1 << 20
_NONE = np.int64(-(1 << 62))  # below any weight (|w| <= 2**60), safe to negate


def _ideal_window(graph: SwissGraph) -> tuple[np.ndarray, np.ndarray]:
    ideal = graph.system.ideal
    if ideal is None:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    state = graph.state
    centre = ideal(state)
    offsets = np.arange(-WINDOW, WINDOW + 1, dtype=np.int64)
    i = np.repeat(np.arange(graph.n, dtype=np.int64), offsets.size)
    j = (centre[:, None] + offsets[None, :]).reshape(-1)
    lo, hi = state.group_start[i], state.group_start[i] + state.group_size[i]
    keep = (j >= lo) & (j < hi) & (j != i)
    return i[keep], j[keep]


def _nearest(graph: SwissGraph) -> tuple[np.ndarray, np.ndarray]:
    v = np.arange(graph.n, dtype=np.int64)
    i = np.repeat(v, NEAREST)
    j = i + np.tile(np.arange(1, NEAREST + 1, dtype=np.int64), graph.n)
    keep = j < graph.n
    return i[keep], j[keep]


def _columns(graph: SwissGraph, rows: np.ndarray, col_lo: int, col_hi: int) -> np.ndarray:
    """Columns to search per row: the whole window if it is small, otherwise
    COLUMNS places: around the row itself, around its natural partner, and a
    fixed pseudo-random sample of the rest of the window."""
    width = col_hi - col_lo
    if width <= COLUMNS:
        return np.broadcast_to(np.arange(col_lo, col_hi, dtype=np.int64), (rows.size, width))
    near = np.arange(-NEAR_COLUMNS // 2, NEAR_COLUMNS // 2, dtype=np.int64)
    centres = [rows]
    if graph.system.ideal is not None:
        centres.append(graph.system.ideal(graph.state)[rows])
    parts = [np.clip(c[:, None] + near[None, :], col_lo, col_hi - 1) for c in centres]
    rng = np.random.default_rng(int(graph.state.random_key) + col_lo)
    sample = COLUMNS - sum(p.shape[1] for p in parts)
    parts.append(rng.integers(col_lo, col_hi, size=(rows.size, sample)))
    return np.concatenate(parts, axis=1)


def _best_by_weight(
    graph: SwissGraph, rows: np.ndarray, col_lo: int, col_hi: int
) -> tuple[np.ndarray, np.ndarray]:
    if col_hi - col_lo < 2 or rows.size == 0:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    out_i, out_j = [], []
    width = min(col_hi - col_lo, COLUMNS)
    per_chunk = max(1, _CHUNK // width)
    t = min(BEST, width - 1)
    for start in range(0, rows.size, per_chunk):
        r = rows[start : start + per_chunk]
        cols = _columns(graph, r, col_lo, col_hi)
        ii = np.repeat(r, cols.shape[1])
        jj = cols.reshape(-1)
        allowed, weight = graph.edge_weights(np.minimum(ii, jj), np.maximum(ii, jj))
        score = np.where(allowed & (ii != jj), weight, _NONE).reshape(cols.shape)
        best = np.argpartition(-score, t - 1, axis=1)[:, :t]
        chosen = np.take_along_axis(score, best, axis=1).reshape(-1)
        keep = chosen > _NONE
        out_i.append(np.repeat(r, t)[keep])
        out_j.append(np.take_along_axis(cols, best, axis=1).reshape(-1)[keep])
    return np.concatenate(out_i), np.concatenate(out_j)


def candidate_edges(graph: SwissGraph) -> tuple[np.ndarray, np.ndarray]:
    """(i, j) index arrays with i < j, allowed edges only, without repeats."""
    parts = [_ideal_window(graph), _nearest(graph)]
    bounds = graph.state.group_bounds()
    for g, (start, stop) in enumerate(bounds):
        col_lo = bounds[max(g - 1, 0)][0]
        col_hi = bounds[min(g + 1, len(bounds) - 1)][1]
        parts.append(_best_by_weight(graph, np.arange(start, stop, dtype=np.int64), col_lo, col_hi))
    i = np.concatenate([p[0] for p in parts])
    j = np.concatenate([p[1] for p in parts])
    lo, hi = np.minimum(i, j), np.maximum(i, j)
    keys = unique(lo[lo != hi] * graph.n + hi[lo != hi])
    lo, hi = keys // graph.n, keys % graph.n
    ok = graph.allowed(lo, hi)
    return lo[ok], hi[ok]
