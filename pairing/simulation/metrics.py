"""Ranking quality and fairness measures of one simulated event.

Rankings are arrays of 0-based player indices, best first. `strength` holds
each player's true strength; the ideal ranking sorts by it.

- Normalised Kendall tau (Kendall 1945): (concordant - discordant pairs) /
  (n(n-1)/2), in [-1, 1]; 1 when the ranking is the strength order.
- Spearman rho (Spearman 1904): 1 - 6 sum d^2 / (n(n^2-1)) over the two rank
  vectors, in [-1, 1].
- NDCG: discounted cumulative gain with linear relevance (the strongest of n
  players has relevance n, the weakest 1) and discount 1/log2(place + 1),
  divided by the ideal ranking's gain; in (0, 1], 1 for the strength order.
  It weighs the top of the ranking most.
- Paradoxical result: a game the weaker player won (the paper, Appendix A).
- Absolute colour difference acd = sum over players of |whites - blacks|.
"""

from __future__ import annotations

import numpy as np


def _positions(ranking: np.ndarray) -> np.ndarray:
    """position[i] = place (0-based) of player i in the ranking."""
    ranking = np.asarray(ranking, dtype=np.int64)
    n = ranking.size
    if n and (np.sort(ranking) != np.arange(n)).any():
        raise ValueError("a ranking must list every player 0..n-1 exactly once")
    position = np.empty(n, dtype=np.int64)
    position[ranking] = np.arange(n)
    return position


def _strength_positions(strength: np.ndarray, ranking: np.ndarray) -> np.ndarray:
    strength = np.asarray(strength, dtype=float)
    if strength.size != np.asarray(ranking).size:
        raise ValueError(
            f"a ranking must list every player exactly once: {np.asarray(ranking).size} "
            f"places for {strength.size} players"
        )
    return _positions(np.argsort(-strength, kind="stable"))


def kendall_tau(ranking: np.ndarray, strength: np.ndarray) -> float:
    """Normalised Kendall tau between the ranking and the strength order."""
    mine = _positions(ranking)
    ideal = _strength_positions(strength, ranking)
    n = mine.size
    if n < 2:
        return 1.0
    i, j = np.triu_indices(n, k=1)
    agree = np.sign(mine[i] - mine[j]) * np.sign(ideal[i] - ideal[j])
    return float(agree.sum() / (n * (n - 1) / 2))


def spearman_rho(ranking: np.ndarray, strength: np.ndarray) -> float:
    """Spearman's rank correlation between the ranking and the strength order."""
    mine = _positions(ranking)
    ideal = _strength_positions(strength, ranking)
    n = mine.size
    if n < 2:
        return 1.0
    d = (mine - ideal).astype(float)
    return float(1.0 - 6.0 * (d @ d) / (n * (n * n - 1)))


def ndcg(ranking: np.ndarray, strength: np.ndarray) -> float:
    """Normalised discounted cumulative gain of the ranking (linear relevance)."""
    ranking = np.asarray(ranking, dtype=np.int64)
    ideal = _strength_positions(strength, ranking)
    _positions(ranking)  # validates
    n = ranking.size
    if n == 0:
        return 1.0
    relevance = (n - ideal).astype(float)  # strongest n, weakest 1
    discount = 1.0 / np.log2(np.arange(2, n + 2))
    gain = float(relevance[ranking] @ discount)
    best = float(np.sort(relevance)[::-1] @ discount)
    return gain / best


def paradoxical_results(
    white_strength: np.ndarray, black_strength: np.ndarray, outcome: np.ndarray
) -> int:
    """Games won by the weaker player (outcome: 1 white won, 0 draw, -1 black won)."""
    ws = np.asarray(white_strength, dtype=float)
    bs = np.asarray(black_strength, dtype=float)
    outcome = np.asarray(outcome)
    return int(((outcome == 1) & (ws < bs)).sum() + ((outcome == -1) & (bs < ws)).sum())


def absolute_colour_difference(colour_differences: np.ndarray) -> int:
    """acd = sum of |cd| over all players."""
    return int(np.abs(np.asarray(colour_differences, dtype=np.int64)).sum())
