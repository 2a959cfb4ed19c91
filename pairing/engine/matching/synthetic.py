"""Synthetic Swiss-like rounds as weight oracles, for tests and benchmarks.

`swiss_like(n, rounds=..., seed=...)` plays `rounds` simple Swiss rounds
(players sorted by score then rank, neighbours paired, results drawn from
rating differences with draws, white to the lower colour difference) and
returns the graph of the next round:
- allowed pairs: not met before and |cd_i + cd_j| < 4 (beta = 2);
- weight = F1 * (-|s_i - s_j|) + F2 * (-|cd_i + cd_j|) + pi(i, j), exact
  integers, scores in half points, with pi a Dutch-like term preferring
  partners half a score group away in the standings,
  pi(i, j) = -| |pos_i - pos_j| - (G_i + G_j) // 4 |,
  and factors from n so that the three terms stay lexicographic:
  F2 = (n // 2) * n + 1, F1 = F2 * ((n // 2) * 3 + 1).
`hint=True` adds `candidate_edges()`: for every player the partners within a
few places of the Dutch-preferred position and the nearest places overall.
"""

from __future__ import annotations

import numpy as np

WINDOW = 3  # candidate places either side of the preferred ones


class SwissLikeRound:
    def __init__(self, score: np.ndarray, cd: np.ndarray, met: np.ndarray) -> None:
        self.n = int(score.size)
        self.score = score.astype(np.int64)
        self.cd = cd.astype(np.int64)
        self.met = np.unique(met.astype(np.int64))  # keys low * n + high
        order = np.lexsort((np.arange(self.n), -self.score))
        self.pos = np.empty(self.n, dtype=np.int64)
        self.pos[order] = np.arange(self.n)
        self.by_pos = order
        _, inverse, counts = np.unique(self.score, return_inverse=True, return_counts=True)
        self.group_size = counts[inverse].astype(np.int64)
        half = self.n // 2
        self.f2 = half * max(self.n, 1) + 1
        self.f1 = self.f2 * (half * 3 + 1)
        self.pairs_evaluated = 0

    def has_met(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        keys = np.minimum(i, j) * self.n + np.maximum(i, j)
        at = np.searchsorted(self.met, keys)
        at = np.minimum(at, max(self.met.size - 1, 0))
        return self.met[at] == keys if self.met.size else np.zeros(keys.size, dtype=bool)

    def edge_weights(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        self.pairs_evaluated += int(i.size)
        colour = np.abs(self.cd[i] + self.cd[j])
        allowed = (colour < 4) & ~self.has_met(i, j) & (i != j)
        half = (self.group_size[i] + self.group_size[j]) // 4
        pi = -np.abs(np.abs(self.pos[i] - self.pos[j]) - half)
        weight = -self.f1 * np.abs(self.score[i] - self.score[j]) - self.f2 * colour + pi
        return allowed, weight


class HintedSwissLikeRound(SwissLikeRound):
    def candidate_edges(self) -> tuple[np.ndarray, np.ndarray]:
        n = self.n
        offsets = np.arange(-WINDOW, WINDOW + 1)
        pos = np.arange(n)
        half = self.group_size[self.by_pos] // 2
        targets = [
            pos[:, None] + half[:, None] + offsets,
            pos[:, None] - half[:, None] + offsets,
            pos[:, None] + offsets,
        ]
        a = np.concatenate([np.repeat(pos, offsets.size)] * 3)
        b = np.concatenate([t.ravel() for t in targets])
        ok = (b >= 0) & (b < n) & (b != a)
        return self.by_pos[a[ok]], self.by_pos[b[ok]]


def swiss_like(n: int, *, rounds: int = 5, seed: int = 0, hint: bool = False) -> SwissLikeRound:
    rng = np.random.default_rng(seed)
    rating = np.sort(rng.normal(1800, 250, n))[::-1]
    score = np.zeros(n, dtype=np.int64)
    cd = np.zeros(n, dtype=np.int64)
    met: list[np.ndarray] = []
    for _ in range(rounds):
        order = np.lexsort((np.arange(n), -score))
        a, b = order[0 : n - 1 : 2], order[1:n:2]
        a_white = (cd[a] < cd[b]) | ((cd[a] == cd[b]) & (rng.random(a.size) < 0.5))
        white, black = np.where(a_white, a, b), np.where(a_white, b, a)
        cd[white] += 1
        cd[black] -= 1
        expected = 1.0 / (1.0 + 10.0 ** ((rating[black] - rating[white] - 30) / 400.0))
        draw = rng.random(a.size) < 0.25
        white_wins = rng.random(a.size) < expected
        score[white] += np.where(draw, 1, np.where(white_wins, 2, 0))
        score[black] += np.where(draw, 1, np.where(white_wins, 0, 2))
        if n % 2:
            score[order[-1]] += 2  # the bye
        met.append(np.minimum(a, b) * n + np.maximum(a, b))
    keys = np.concatenate(met) if met else np.zeros(0, dtype=np.int64)
    cls = HintedSwissLikeRound if hint else SwissLikeRound
    return cls(score, cd, keys)
