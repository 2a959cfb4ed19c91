"""Sums of blossom duals over the blossoms holding both ends of a pair (numba).

The blossoms of a run form a forest over its nodes (`parent`, -1 at the top).
For a pair (a, b) the blossoms containing both are the common ancestors of a
and b, i.e. the lowest common ancestor and everything above it.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _prepare(parent, dual, depth, above):
    """depth[x] = number of blossoms above node x; above[x] = sum of the duals
    of x's enclosing blossoms plus x's own dual when x is a blossom."""
    size = parent.size
    n = size // 2
    done = np.zeros(size, dtype=np.bool_)
    chain = np.empty(size, dtype=np.int64)
    for x0 in range(size):
        sp = 0
        x = x0
        while x >= 0 and not done[x]:
            chain[sp] = x
            sp += 1
            x = parent[x]
        while sp > 0:
            sp -= 1
            y = chain[sp]
            own = dual[y] if y >= n else 0
            p = parent[y]
            depth[y] = 0 if p < 0 else depth[p] + 1
            above[y] = own if p < 0 else above[p] + own
            done[y] = True


@njit(cache=True)
def pair_blossom_sums(parent, dual, a, b, out):
    """out[k] = sum of duals of the blossoms containing both a[k] and b[k]."""
    depth = parent.copy()
    above = parent.copy()
    _prepare(parent, dual, depth, above)
    for k in range(a.size):
        x = parent[a[k]]
        y = parent[b[k]]
        if x < 0 or y < 0:
            out[k] = 0
            continue
        while depth[x] > depth[y]:
            x = parent[x]
        while depth[y] > depth[x]:
            y = parent[y]
        while x != y and x >= 0:
            x = parent[x]
            y = parent[y]
        out[k] = above[x] if x >= 0 else 0


@njit(cache=True)
def blossoms_full(parent, mate, live):
    """True when every live blossom B holds exactly (|B| - 1) / 2 matched
    edges: count vertices and inside-matched edges per node bottom-up."""
    size = parent.size
    n = size // 2
    depth = np.zeros(size, dtype=np.int64)
    no_duals = np.zeros(size, dtype=np.int64)
    _prepare(parent, no_duals, depth, no_duals.copy())
    order = np.argsort(-depth)
    members = np.zeros(size, dtype=np.int64)
    inside = np.zeros(size, dtype=np.int64)
    for v in range(n):
        members[v] = 1
        m = mate[v]
        if m > v:
            x = parent[v]
            y = parent[m]
            if x >= 0 and y >= 0:
                while depth[x] > depth[y]:
                    x = parent[x]
                while depth[y] > depth[x]:
                    y = parent[y]
                while x != y and x >= 0:
                    x = parent[x]
                    y = parent[y]
                if x >= 0:
                    inside[x] += 1
    for k in range(size):
        x = order[k]
        p = parent[x]
        if p >= 0:
            members[p] += members[x]
            inside[p] += inside[x]
    for b in range(n, size):  # noqa: SIM110 (a plain loop compiles in numba)
        if live[b] and 2 * inside[b] + 1 != members[b]:
            return False
    return True
