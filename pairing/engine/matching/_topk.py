"""Running "k heaviest edges per vertex" over chunks of pairs (numba, self-contained)."""

from __future__ import annotations

from numba import njit


@njit(cache=True)
def _offer(v, other, w, top_w, top_j, filled):
    k = top_w.shape[1]
    if filled[v] < k:
        top_w[v, filled[v]] = w
        top_j[v, filled[v]] = other
        filled[v] += 1
        return
    low = 0
    for t in range(1, k):
        if top_w[v, t] < top_w[v, low]:
            low = t
    if w > top_w[v, low]:
        top_w[v, low] = w
        top_j[v, low] = other


@njit(cache=True)
def offer_chunk(i, j, w, top_w, top_j, filled, low):
    """Offer every pair (i[t], j[t], w[t]) to both of its ends. Ties keep the
    pair seen first, so the result depends only on the scan order. `low[v]`
    is the lightest weight kept at a full vertex v (a quick reject)."""
    k = top_w.shape[1]
    for t in range(i.size):
        a = i[t]
        b = j[t]
        x = w[t]
        if filled[a] < k or x > low[a]:
            _offer(a, b, x, top_w, top_j, filled)
            if filled[a] == k:
                low[a] = _lightest(top_w, a)
        if filled[b] < k or x > low[b]:
            _offer(b, a, x, top_w, top_j, filled)
            if filled[b] == k:
                low[b] = _lightest(top_w, b)


@njit(cache=True)
def _lightest(top_w, v):
    m = top_w[v, 0]
    for t in range(1, top_w.shape[1]):
        if top_w[v, t] < m:
            m = top_w[v, t]
    return m
