"""The normalised strength difference (the paper's Appendix A, "Reasons for High
Ranking Quality").

For one round, the strength difference of a pairing is the sum over its games
of |str_i - str_j| (true strengths). Its maximum is found with the same
maximum-weight matching model the engine pairs with, the graph of the round
(same absolute criteria, same score and colour terms) with the Burstein term
replaced by pi(i, j) = |str_i - str_j|: the largest strength difference a
pairing can have while keeping the best possible score groups and colour
balance. This system needs the true strengths, so it exists only as an
analytical tool; it is never registered with the engine.

The normalised strength difference of an event is the sum over its rounds of
the pairings' strength differences divided by the sum of the maxima.
"""

from __future__ import annotations

import numpy as np

from pairing.engine import matching
from pairing.engine.swiss.graph import SwissGraph
from pairing.engine.swiss.request import SwissPlayer, SwissRequest
from pairing.engine.swiss.state import RoundState, build_state
from pairing.engine.swiss.systems import PairingSystem

# pi values are integers: strength differences in thousandths of a point.
STRENGTH_SCALE = 1000


def strength_difference_system(strength_by_id: dict[int, float]) -> PairingSystem:
    """pi(i, j) = |str_i - str_j| (scaled to integers) for the round's vertices."""

    def _scaled(state: RoundState) -> np.ndarray:
        return np.array(
            [round(strength_by_id[p.id] * STRENGTH_SCALE) for p in state.players], dtype=np.int64
        )

    def pi(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        s = _scaled(state)
        return np.abs(s[i] - s[j])

    def bounds(state: RoundState) -> tuple[int, int]:
        s = _scaled(state)
        return 0, int(s.max() - s.min()) if s.size else 0

    return PairingSystem(
        name="strength-difference",
        pi=pi,
        bounds=bounds,
        summary="largest true-strength difference (analysis only)",
    )


def pairing_strength_difference(
    pairs: list[tuple[int, int]], strength_by_id: dict[int, float]
) -> float:
    """Sum of |str_white - str_black| over the pairs (pairing numbers)."""
    return float(sum(abs(strength_by_id[a] - strength_by_id[b]) for a, b in pairs))


def maximum_strength_difference(
    request: SwissRequest,
    paired: list[SwissPlayer] | tuple[SwissPlayer, ...],
    strength_by_id: dict[int, float],
) -> float:
    """The largest total strength difference of a pairing of `paired` (the
    players the round actually pairs: no bye, no absentees) that keeps the
    engine's score and colour optimum. 0 when fewer than two players."""
    if len(paired) < 2:
        return 0.0
    graph = SwissGraph(
        build_state(request, list(paired)), strength_difference_system(strength_by_id)
    )
    result = matching.solve(graph)
    ids = [p.id for p in graph.state.players]
    pairs = [(ids[a], ids[b]) for a, b in result.pairs]
    return pairing_strength_difference(pairs, strength_by_id)
