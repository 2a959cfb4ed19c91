"""Indirect methods from the tiebreak proposals: RB, LS and GRS.

They rate a player by the results and the strength of the opponents, the
opponents' opponents and so on, over games played over the board. Relative
Elo ratings are in `relative_elo.py`.

Recursive Buchholz (Gonzalez-Diaz et al. 2013, as the spec tabulates it)
iterates  Rb <- mean of the opponents' Rb + s_i / m_i,  then subtracts the
mean, starting from 0. Its fixed point solves L Rb = s with mean zero; the
iteration is slow and oscillates on bipartite game graphs (after round 1, for
instance), so `recursive_buchholz` solves the linear system and
`recursive_buchholz_iteration` reproduces the spec's table.

Least squares (Gulliksen 1956) fits rating differences to the game outcomes:
minimise the sum over games of (r - (q_i - q_j))^2 with sum q = 0; its normal
equations are L q = s, so at the fixed point it agrees with recursive
Buchholz.

The generalised row sum (Chebotarev 1989) completes missing comparisons:
(L + I/eps) x = (m n + 1/eps) s, where m is the most games any pair played
and n the number of players; 1/eps >= m (n - 2) is "well chosen" (monotone).
The default 1/eps = m n is the spec's example (n = 4, m = 2, 1/eps = 8).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import lsqr

from tiebreaks.methods.context import Context
from tiebreaks.methods.graph import GameGraph, centred, connected_graph, game_graph
from tiebreaks.methods.linear import DENSE_LIMIT, solve_laplacian, solve_spd

SPEC_TOLERANCE = 1e-4 / 3  # the spec's stopping rule: max change below 1/3 of 0.0001


def recursive_buchholz(ctx: Context) -> np.ndarray:
    """RB: the fixed point of recursive Buchholz, solved directly (L Rb = s, mean 0)."""
    graph = connected_graph(ctx, "RB")
    x = solve_laplacian(graph.laplacian(), graph.row_sums())
    return centred(x, graph.players)


@dataclass(frozen=True)
class Iteration:
    values: np.ndarray
    history: tuple[np.ndarray, ...]  # the iterates, starting with the zero vector
    converged: bool


def recursive_buchholz_iteration(
    ctx: Context, *, tolerance: float = SPEC_TOLERANCE, max_iterations: int = 1000
) -> Iteration:
    """RB by the spec's iteration, keeping every iterate (the table's columns)."""
    graph = connected_graph(ctx, "RB")
    return iterate_recursive_buchholz(graph, tolerance=tolerance, max_iterations=max_iterations)


def iterate_recursive_buchholz(
    graph: GameGraph, *, tolerance: float = SPEC_TOLERANCE, max_iterations: int = 1000
) -> Iteration:
    matches = graph.matches()
    games = graph.games().astype(float)
    s = graph.row_sums()
    has_games = games > 0
    safe = np.where(has_games, games, 1.0)
    x = np.zeros(graph.size)
    history = [x[: graph.players].copy()]
    for _ in range(max_iterations):
        new = np.where(has_games, (matches @ x + s) / safe, 0.0)
        new -= new.mean()
        change = np.abs(new - x).max() if graph.size else 0.0
        x = new
        history.append(centred(x, graph.players))
        if change < tolerance:
            return Iteration(values=history[-1], history=tuple(history), converged=True)
    return Iteration(values=history[-1], history=tuple(history), converged=False)


def least_squares(ctx: Context) -> np.ndarray:
    """LS: least-squares ratings fitted to the game outcomes (sum q = 0)."""
    graph = connected_graph(ctx, "LS")
    return centred(least_squares_fit(graph), graph.players)


def least_squares_fit(graph: GameGraph) -> np.ndarray:
    """Minimum-norm solution of min ||A q - r|| for the game incidence matrix A."""
    games = len(graph.i)
    if games == 0:
        return np.zeros(graph.size)
    rows = np.arange(games)
    incidence = sp.coo_matrix(
        (
            np.concatenate([np.ones(games), -np.ones(games)]),
            (np.concatenate([rows, rows]), np.concatenate([graph.i, graph.j])),
        ),
        shape=(games, graph.size),
    ).tocsr()
    if graph.size <= DENSE_LIMIT:
        q, *_ = np.linalg.lstsq(incidence.toarray(), graph.outcome, rcond=None)
    else:
        q = lsqr(incidence, graph.outcome, atol=1e-14, btol=1e-14, iter_lim=50 * graph.size)[0]
        normal = incidence.T @ (incidence @ q - graph.outcome)
        if np.abs(normal).max() > 1e-8:  # slow convergence: solve the normal equations
            q = solve_laplacian(graph.laplacian(), graph.row_sums())
    return q - q.mean()


def generalised_row_sum(ctx: Context, *, inv_eps: float | None = None) -> np.ndarray:
    """GRS: generalised row sums, (L + I/eps) x = (m n + 1/eps) s."""
    graph = game_graph(ctx)
    return generalised_row_sum_of(graph, inv_eps=inv_eps)


def generalised_row_sum_of(graph: GameGraph, *, inv_eps: float | None = None) -> np.ndarray:
    n = graph.size
    if n == 0:
        return np.zeros(0)
    matches = graph.matches()
    m = float(matches.max()) if matches.nnz else 1.0
    inv = m * n if inv_eps is None else float(inv_eps)
    gamma = m * n + inv
    system = graph.laplacian() + inv * sp.identity(n, format="csr")
    return solve_spd(system, gamma * graph.row_sums())
