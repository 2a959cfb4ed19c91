"""Who gets the pairing-allocated bye, and why a round cannot be paired.

FIDE C.04.1: the bye goes to the lowest-ranked eligible player (no earlier
pairing-allocated bye, no earlier win without playing) whose absence still
lets everybody else be paired. The lowest eligible player almost always
works, so the engine solves the weighted matching without them first; only
if that leaves somebody unpaired are further candidates tested, each with a
cheap cardinality-only matching.
"""

from __future__ import annotations

import numpy as np

from pairing.engine import matching
from pairing.engine.swiss.errors import PairingError
from pairing.engine.swiss.graph import SwissGraph
from pairing.engine.swiss.request import SwissPlayer

_CHUNK = 1 << 20


def allowed_pairs(graph: SwissGraph) -> tuple[np.ndarray, np.ndarray]:
    """All edges (i < j) of the graph, computed in vectorised chunks."""
    n = graph.n
    out_i, out_j = [], []
    rows = max(1, _CHUNK // max(n, 1))
    for start in range(0, n, rows):
        r = np.arange(start, min(n, start + rows), dtype=np.int64)
        ii = np.repeat(r, n)
        jj = np.tile(np.arange(n, dtype=np.int64), r.size)
        keep = ii < jj
        ii, jj = ii[keep], jj[keep]
        ok = graph.allowed(ii, jj)
        out_i.append(ii[ok])
        out_j.append(jj[ok])
    if not out_i:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    return np.concatenate(out_i), np.concatenate(out_j)


def maximum_cardinality(
    n: int, i: np.ndarray, j: np.ndarray, *, backend: str
) -> list[tuple[int, int]]:
    return matching.max_weight_matching(
        n, zip(i.tolist(), j.tolist(), [1] * len(i), strict=True), backend=backend
    )


def first_workable_bye(
    graph: SwissGraph, candidates: list[SwissPlayer], *, backend: str
) -> SwissPlayer:
    """The first candidate whose absence leaves a perfect matching of the rest.

    `graph` holds all active players (an odd number). Raises PairingError if
    no candidate works.
    """
    i, j = allowed_pairs(graph)
    n = graph.n
    full = maximum_cardinality(n, i, j, backend=backend)
    if len(full) < (n - 1) // 2:
        raise unpairable_error(
            graph,
            full,
            header=("No pairing exists: even with a bye, some players cannot be paired."),
        )
    for candidate in candidates:
        k = graph.state.index_of(candidate.id)
        keep = (i != k) & (j != k)
        if len(maximum_cardinality(n, i[keep], j[keep], backend=backend)) == (n - 1) // 2:
            return candidate
    raise PairingError(
        "No pairing exists: whichever eligible player takes the pairing-allocated bye, "
        "the others cannot all be paired.",
        players=tuple(c.id for c in candidates),
        reasons={c.id: "giving them the bye leaves another player unpaired" for c in candidates},
    )


def _summarise(reasons: list[str], limit: int = 6) -> str:
    if len(reasons) <= limit:
        return "; ".join(reasons)
    return "; ".join(reasons[:limit]) + f"; and {len(reasons) - limit} more"


def unpairable_error(
    graph: SwissGraph, pairs: list[tuple[int, int]], *, header: str
) -> PairingError:
    """A PairingError naming the players a maximum matching leaves out, and why."""
    matched = {v for pair in pairs for v in pair}
    unmatched = [v for v in range(graph.n) if v not in matched]
    state = graph.state
    reasons: dict[int, str] = {}
    for v in unmatched:
        others = np.array([u for u in range(graph.n) if u != v], dtype=np.int64)
        ok = graph.allowed(np.full(others.shape, v), others) if others.size else np.zeros(0, bool)
        partners = [state.players[u].label for u in others[ok]]
        if not partners:
            why = [graph.exclusion_reason(v, int(u)) or "" for u in others]
            reasons[state.players[v].id] = (
                "no possible opponent: " + _summarise(why) if why else "no other player to meet"
            )
        else:
            reasons[state.players[v].id] = (
                "every possible opponent (" + _summarise(partners) + ") is needed on another board"
            )
    return PairingError(
        header, players=tuple(state.players[v].id for v in unmatched), reasons=reasons
    )
