"""Relative Elo ratings (tiebreak proposals, after Elo 1978).

Every player gets the rating at which the expected score, game by game with
the normal curve (sigma = 2000/7), equals the actual score. Ratings are
unique up to a constant; they are reported with mean zero.

The spec computes them by the iteration  u_i = -sigma ln(We_i / W_i),
R <- R + (u - mean u), from R = 0 (`relative_elo_iteration`; its table's
"R28" column is the 28th iterate, up to 0.21 from the fixed point). The
default `relative_elo` finds the fixed point itself: We(R) = W is the
gradient condition of the convex function
    f(R) = sum over games sigma [G(d) - w d],  d = (R_i - R_j)/sigma,
with G(d) = d Phi(d) + phi(d), so damped Newton steps converge from any
start. The domain must be strongly connected, otherwise the virtual drawing
opponent is added (see `graph.py`).
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.special import ndtr

from tiebreaks.methods.context import Context
from tiebreaks.methods.graph import GameGraph, centred, strongly_connected_graph
from tiebreaks.methods.indirect import Iteration
from tiebreaks.methods.linear import solve_laplacian

SIGMA = 2000.0 / 7.0
_SQRT_2PI = np.sqrt(2.0 * np.pi)


def _pdf(d: np.ndarray) -> np.ndarray:
    return np.exp(-0.5 * d * d) / _SQRT_2PI


def _expected_and_actual(graph: GameGraph, ratings: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    d = (ratings[graph.i] - ratings[graph.j]) / SIGMA
    p = ndtr(d)
    expected = np.bincount(graph.i, p, graph.size) + np.bincount(graph.j, 1.0 - p, graph.size)
    actual = np.bincount(graph.i, graph.result, graph.size) + np.bincount(
        graph.j, 1.0 - graph.result, graph.size
    )
    return expected, actual


def _objective(graph: GameGraph, ratings: np.ndarray) -> float:
    d = (ratings[graph.i] - ratings[graph.j]) / SIGMA
    g = d * ndtr(d) + _pdf(d)
    return float(SIGMA * np.sum(g - graph.result * d))


def fixed_point(graph: GameGraph, *, tolerance: float = 1e-9, max_steps: int = 100) -> np.ndarray:
    """Ratings with expected = actual score for every node (damped Newton)."""
    n = graph.size
    ratings = np.zeros(n)
    if len(graph.i) == 0:
        return ratings
    for _ in range(max_steps):
        expected, actual = _expected_and_actual(graph, ratings)
        gradient = expected - actual
        if np.abs(gradient).max() < tolerance:
            break
        d = (ratings[graph.i] - ratings[graph.j]) / SIGMA
        w = _pdf(d) / SIGMA
        off = sp.coo_matrix((w, (graph.i, graph.j)), shape=(n, n))
        off = off + off.T
        hessian = sp.diags(np.asarray(off.sum(axis=1)).ravel()) - off
        step = -solve_laplacian(hessian, gradient - gradient.mean())
        base = _objective(graph, ratings)
        slope = float(gradient @ step)
        t = 1.0
        while t > 1e-8:
            trial = ratings + t * step
            if _objective(graph, trial) <= base + 1e-4 * t * slope:
                break
            t *= 0.5
        ratings = ratings + t * step
        ratings -= ratings.mean()
    return ratings


def relative_elo(ctx: Context) -> np.ndarray:
    """RELO: relative Elo ratings at the fixed point (mean zero)."""
    graph = strongly_connected_graph(ctx, "RELO")
    return centred(fixed_point(graph), graph.players)


def iterate_relative_elo(graph: GameGraph, *, iterations: int) -> Iteration:
    """The spec's iteration, `iterations` updates from R = 0, keeping every iterate."""
    ratings = np.zeros(graph.size)
    history = [ratings[: graph.players].copy()]
    for _ in range(iterations):
        expected, actual = _expected_and_actual(graph, ratings)
        has_games = expected > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            u = np.where(has_games, -SIGMA * np.log(expected / actual), 0.0)
        ratings = ratings + (u - u.mean())
        history.append(centred(ratings, graph.players))
    return Iteration(values=history[-1], history=tuple(history), converged=False)


def relative_elo_iteration(ctx: Context, *, iterations: int = 28) -> Iteration:
    """RELO by the spec's iteration (28 updates reproduce its R28 column)."""
    graph = strongly_connected_graph(ctx, "RELO")
    return iterate_relative_elo(graph, iterations=iterations)
