"""Starting points for the blossom algorithm (numba, self-contained).

Both produce integer vertex duals u and a matching (edge index per vertex,
-1 free) that satisfy the algorithm's invariants for edge weights given in
doubled units (ew2 = 2 w): every slack u_a + u_b - 2 w_ab >= 0, matched edges
tight, all free vertices with duals of one parity.

- `greedy_start` (for the perfect-matching problem, vertex duals free in
  sign): u_v = the heaviest weight at v, rounded up to an even number, so
  u_a + u_b >= 2 w_ab; an edge of even weight is tight when it is the heaviest
  at both ends, and such mutual-best pairs are matched. A second pass lowers
  each still-free vertex's dual to the least feasible value (which makes its
  best edge tight) and matches it if that edge's other end is free. All
  duals stay even.
- `uniform_start` (for maximum cardinality without a perfect matching): every
  vertex gets the same dual, the heaviest weight of the graph, and nothing is
  matched; equal free duals are what the final certificate needs then.
"""

from __future__ import annotations

if "np" not in globals():  # `_source.load_plain` gives numpy when first used
    import numpy as np
if "njit" not in globals():  # `_source.load_plain` runs this file without numba
    from numba import njit


@njit(cache=True)
def greedy_start(n, aptr, anbr, aedge, ew2, dual, mate):
    for v in range(n):
        mx = 0
        for p in range(aptr[v], aptr[v + 1]):
            h = ew2[aedge[p]] // 2
            if p == aptr[v] or h > mx:
                mx = h
        dual[v] = mx + (mx & 1)
        mate[v] = -1
    for v in range(n):
        if mate[v] >= 0:
            continue
        for p in range(aptr[v], aptr[v + 1]):
            w = anbr[p]
            e = aedge[p]
            if mate[w] < 0 and dual[v] + dual[w] == ew2[e]:
                mate[v] = e
                mate[w] = e
                break
    for v in range(n):
        if mate[v] >= 0 or aptr[v] == aptr[v + 1]:
            continue
        need = 0
        for p in range(aptr[v], aptr[v + 1]):
            d = ew2[aedge[p]] - dual[anbr[p]]
            if p == aptr[v] or d > need:
                need = d
        dual[v] = need
        for p in range(aptr[v], aptr[v + 1]):
            w = anbr[p]
            e = aedge[p]
            if mate[w] < 0 and dual[v] + dual[w] == ew2[e]:
                mate[v] = e
                mate[w] = e
                break


def uniform_start(n: int, ew2: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    top = int(ew2.max()) // 2 if ew2.size else 0
    return np.full(n, top, dtype=np.int64), np.full(n, -1, dtype=np.int64)
