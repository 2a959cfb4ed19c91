"""Certificate violations over many pairs (numba, self-contained).

For each pair (a, b) of the whole graph, with the last run's duals (units
of 1/2, weights shifted by `shift`):
    rc = dual_a + dual_b + (blossom sum if a, b share a top-level blossom) - 2 (w - shift)
A pair violates the weight certificate when rc < 0 and, when `card` is set,
the cardinality witness when it joins an S vertex to an unlabelled vertex or
to an S vertex of another top-level node (labels 0/1/2 per vertex).

Violations are kept per vertex: the `k` with the smallest rc at each end
(memory n * k, and new edges spread over the graph instead of piling up at
one vertex). `stats[0]` counts pairs examined, `stats[1]` violations seen.

Two sources of pairs: chunks of (i, j, w) arrays, and the packed upper
triangle of the whole weight matrix (row i holds pairs (i, i+1..n-1); the
value NO_EDGE marks pairs that are not allowed).

Ranges: |w| <= 2**60 (2**61 for NO_EDGE), |shift| <= 2**60, |dual| and the
top-level blossom dual <= 2**59, blossom sums <= 2**61: every expression
below stays within 7.5 * 2**60 < 2**63.

Blossom sums: the blossoms holding both a and b are their lowest common
ancestor in the blossom forest and everything above it, so the sum is
`above[lca]`. Pairs inside one big blossom are common, so the lowest common
ancestor comes from an Euler tour of the forest and a sparse table of
minimum depths (constant time per pair).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pairing.engine.matching.types import NO_EDGE  # a fixed sentinel, -2**61


@njit(cache=True)
def _keep(v, other, w, rc, keep_j, keep_w, keep_rc, filled):
    k = keep_j.shape[1]
    if filled[v] < k:
        t = filled[v]
        filled[v] += 1
    else:
        t = 0
        for s in range(1, k):
            if keep_rc[v, s] > keep_rc[v, t]:
                t = s
        if rc >= keep_rc[v, t]:
            return
    keep_j[v, t] = other
    keep_w[v, t] = w
    keep_rc[v, t] = rc


@njit(cache=True)
def blossom_tree(parent, dual):
    """(first, tour, table, above) for `_blossom_sum`: Euler tour of the
    forest of live nodes, first tour position of every node, a sparse table
    of tour positions of least depth, and `above[x]` = the duals of x (if a
    blossom) and of all its ancestors."""
    size = parent.size
    n = size // 2
    kids = np.zeros(size + 1, dtype=np.int64)
    for x in range(size):
        if parent[x] >= 0:
            kids[parent[x] + 1] += 1
    for x in range(size):
        kids[x + 1] += kids[x]
    child = np.empty(max(kids[size], 1), dtype=np.int64)
    fill = kids[:size].copy()
    for x in range(size):
        p = parent[x]
        if p >= 0:
            child[fill[p]] = x
            fill[p] += 1
    depth = np.zeros(size, dtype=np.int64)
    above = np.zeros(size, dtype=np.int64)
    first = np.full(size, -1, dtype=np.int64)
    tour = np.empty(2 * size + 1, dtype=np.int64)
    tdepth = np.empty(2 * size + 1, dtype=np.int64)
    stack = np.empty(size + 1, dtype=np.int64)
    nextk = np.zeros(size, dtype=np.int64)
    length = 0
    for root in range(size):
        if parent[root] >= 0 or (root >= n and kids[root + 1] == kids[root]):
            continue
        above[root] = dual[root] if root >= n else 0
        sp = 1
        stack[0] = root
        first[root] = length
        tour[length] = root
        tdepth[length] = 0
        length += 1
        while sp > 0:
            x = stack[sp - 1]
            k = kids[x] + nextk[x]
            if k < kids[x + 1]:
                nextk[x] += 1
                y = child[k]
                depth[y] = depth[x] + 1
                above[y] = above[x] + (dual[y] if y >= n else 0)
                first[y] = length
                tour[length] = y
                tdepth[length] = depth[y]
                length += 1
                stack[sp] = y
                sp += 1
            else:
                sp -= 1
                if sp > 0:
                    tour[length] = stack[sp - 1]
                    tdepth[length] = depth[stack[sp - 1]]
                    length += 1
    levels = 1
    while (1 << levels) <= length:
        levels += 1
    table = np.empty((levels, max(length, 1)), dtype=np.int64)
    for t in range(length):
        table[0, t] = t
    for k in range(1, levels):
        half = 1 << (k - 1)
        for t in range(length - (1 << k) + 1):
            a = table[k - 1, t]
            b = table[k - 1, t + half]
            table[k, t] = a if tdepth[a] <= tdepth[b] else b
    return first, tour, tdepth, table, above


@njit(cache=True)
def _blossom_sum(first, tour, tdepth, table, above, a, b):
    """Sum of the duals of the blossoms holding both vertices a and b, which
    lie in one top-level blossom."""
    lo = first[a]
    hi = first[b]
    if lo > hi:
        lo, hi = hi, lo
    k = 0
    while (2 << k) <= hi - lo + 1:
        k += 1
    x = table[k, lo]
    y = table[k, hi - (1 << k) + 1]
    at = x if tdepth[x] <= tdepth[y] else y
    return above[tour[at]]


@njit(cache=True)
def _rc(a, b, w, dual, top, tree, size, shift):
    # |w|, |shift| <= 2**60 and |dual| <= 2**59: no term can overflow
    rc = dual[a] + dual[b] - 2 * (w - shift)
    if rc < 0 and top[a] == top[b] and top[a] >= size:
        first, tour, tdepth, table, above = tree
        rc += _blossom_sum(first, tour, tdepth, table, above, a, b)
    return rc


@njit(cache=True)
def _breaks_witness(label, top, a, b):
    la = label[a]
    lb = label[b]
    return (
        (la == 1 and lb == 1 and top[a] != top[b]) or (la == 1 and lb == 0) or (la == 0 and lb == 1)
    )


@njit(cache=True)
def price_chunk(i, j, w, run, weights, card, keep_j, keep_w, keep_rc, filled, stats):
    """`run` = (dual, top, label, blossom_tree(...), size, shift)."""
    dual, top, label, tree, size, shift = run
    stats[0] += i.size
    for t in range(i.size):
        a = i[t]
        b = j[t]
        if not card and dual[a] + dual[b] + 2 * shift >= 2 * w[t]:
            continue
        rc = _rc(a, b, w[t], dual, top, tree, size, shift)
        if (weights and rc < 0) or (card and _breaks_witness(label, top, a, b)):
            stats[1] += 1
            _keep(a, b, w[t], rc, keep_j, keep_w, keep_rc, filled)
            _keep(b, a, w[t], rc, keep_j, keep_w, keep_rc, filled)


@njit(cache=True)
def _row_ok(packed, at, dual, top, a, n, size, base):
    """No pair of row a can have rc < 0: one branch-free pass. Pairs inside
    a's top-level blossom count that blossom's dual (a lower bound of their
    blossom sum). NO_EDGE pairs pass."""
    ta = top[a]
    za = dual[ta] if ta >= size else 0
    low = 0
    for b in range(a + 1, n):
        z = za if top[b] == ta else 0
        low = min(low, base + dual[b] + z - 2 * packed[at + b - a - 1])
    return low >= 0


@njit(cache=True)
def price_packed(n, packed, run, weights, card, keep_j, keep_w, keep_rc, filled, stats):
    dual, top, label, tree, size, shift = run
    at = 0
    for a in range(n):
        base = dual[a] + 2 * shift
        if not card and _row_ok(packed, at, dual, top, a, n, size, base):
            at += n - a - 1
            continue
        ta = top[a]
        za = dual[ta] if ta >= size else 0
        for b in range(a + 1, n):
            w = packed[at]
            at += 1
            z = za if top[b] == ta else 0
            if w == NO_EDGE or (not card and base + dual[b] + z >= 2 * w):
                continue
            rc = _rc(a, b, w, dual, top, tree, size, shift)
            if (weights and rc < 0) or (card and _breaks_witness(label, top, a, b)):
                stats[1] += 1
                _keep(a, b, w, rc, keep_j, keep_w, keep_rc, filled)
                _keep(b, a, w, rc, keep_j, keep_w, keep_rc, filled)
    stats[0] += at
