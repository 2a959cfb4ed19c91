"""The Cut and Median modifiers (FIDE C.07 Art. 14 and Art. 16.5), vectorised.

Cut-k drops the k least significant values, Median-k drops the k least and
the k most significant. The least significant value (LSV) is the one with the
lowest opponent score (ties: the lower contribution). With voluntary unplayed
rounds (VUR) under the 2024/2026 rules, each low cut compares the lowest VUR
contribution with the LSV's contribution and drops the higher of the two, the
VUR on a tie: for Buchholz (contribution = opponent score) that always drops
the lowest VUR; for Sonneborn-Berger it is Art. 16.5's comparison.
"""

from __future__ import annotations

import numpy as np

_INF = np.inf


def _argmin_lex(primary: np.ndarray, secondary: np.ndarray, active: np.ndarray) -> np.ndarray:
    """Row-wise index of the smallest (primary, secondary) among active cells (-1: none)."""
    p = np.where(active, primary, _INF)
    best = p.min(axis=1, keepdims=True)
    candidates = active & (p == best)
    s = np.where(candidates, secondary, _INF)
    idx = s.argmin(axis=1)
    return np.where(candidates.any(axis=1), idx, -1)


def _drop(active: np.ndarray, idx: np.ndarray) -> np.ndarray:
    rows = np.nonzero(idx >= 0)[0]
    out = active.copy()
    out[rows, idx[rows]] = False
    return out


def cut_mask(
    *,
    key: np.ndarray,
    contribution: np.ndarray,
    voluntary: np.ndarray,
    active: np.ndarray,
    low: int = 0,
    high: int = 0,
) -> np.ndarray:
    """The cells that remain after cutting `low` least and `high` most significant values."""
    remaining = active.copy()
    if active.shape[1] == 0:
        return remaining
    rows = np.arange(active.shape[0])
    for _ in range(low):
        lsv = _argmin_lex(key, contribution, remaining)
        vur = _argmin_lex(contribution, key, remaining & voluntary)
        lsv_c = np.where(lsv >= 0, contribution[rows, np.maximum(lsv, 0)], _INF)
        vur_c = np.where(vur >= 0, contribution[rows, np.maximum(vur, 0)], -_INF)
        take_vur = (vur >= 0) & ~(lsv_c > vur_c)
        remaining = _drop(remaining, np.where(take_vur, vur, lsv))
    for _ in range(high):
        top = _argmin_lex(-key, -contribution, remaining)
        remaining = _drop(remaining, top)
    return remaining


def cut_sum(
    *,
    key: np.ndarray,
    contribution: np.ndarray,
    voluntary: np.ndarray,
    active: np.ndarray,
    low: int = 0,
    high: int = 0,
) -> np.ndarray:
    """Row sums of `contribution` over the cells left after the cuts."""
    if low == 0 and high == 0:
        return np.where(active, contribution, 0.0).sum(axis=1)
    keep = cut_mask(
        key=key,
        contribution=contribution,
        voluntary=voluntary,
        active=active,
        low=low,
        high=high,
    )
    return np.where(keep, contribution, 0.0).sum(axis=1)
