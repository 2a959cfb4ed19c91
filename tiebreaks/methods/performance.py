"""Rating-based methods: ARO, TPR, PTP, APRO, APPO (FIDE C.07 §10.1-10.5).

Only games played over the board against rated opponents count. Ratings
and the two FIDE conversion tables come from the Rating Regulations (B.02,
table 8.1a: fractional score p -> rating difference dp; table 8.1b: rating
difference -> expected score PD). Results are rounded half up to integers.
"""

from __future__ import annotations

import numpy as np

from tiebreaks.methods.context import Context
from tiebreaks.methods.cuts import cut_mask
from tiebreaks.methods.unplayed import Rules
from tiebreaks.methods.util import round_half_up, row_mean

# Table 8.1a, p = 0.50, 0.51, ..., 1.00 -> dp (symmetric below 0.50).
_DP_TABLE = (
    "0 7 14 21 29 36 43 50 57 65 72 80 87 95 102 110 117 125 133 141 149 158 166 175 184"
    " 193 202 211 220 230 240 251 262 273 284 296 309 322 336 351 366 383 401 422 444 470"
    " 501 538 589 677 800"
)
# Table 8.1b, the largest rating difference for PD = 0.50, 0.51, ..., 0.99 (above: 1.00).
_PD_TABLE = (
    "3 10 17 25 32 39 46 53 61 68 76 83 91 98 106 113 121 129 137 145 153 162 170 179 188"
    " 197 206 215 225 235 245 256 267 278 290 302 315 328 344 357 374 391 411 432 456 484"
    " 517 559 619 735"
)
_DP_UPPER = np.array(_DP_TABLE.split(), dtype=np.float64)
_PD_BOUNDS = np.array(_PD_TABLE.split(), dtype=np.float64)


def dp_from_p(p: np.ndarray) -> np.ndarray:
    """Table 8.1a: rating difference for a fractional score (rounded to 0.01)."""
    pct = np.rint(np.asarray(p, dtype=np.float64) * 100.0 + 1e-9)
    pct = np.clip(np.nan_to_num(pct, nan=50.0), 0, 100).astype(np.int64)
    upper = _DP_UPPER[np.abs(pct - 50)]
    return np.where(pct >= 50, upper, -upper)


def expected_score(diff: np.ndarray) -> np.ndarray:
    """Table 8.1b: expected score for own rating minus opponent's rating."""
    d = np.asarray(diff, dtype=np.float64)
    pd = (50 + np.searchsorted(_PD_BOUNDS, np.abs(d), side="left")) / 100.0
    return np.where(d >= 0, pd, 1.0 - pd)


def _games(ctx: Context) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Mask of rated games, opponents' ratings and the player's fractional results."""

    def compute():
        a = ctx.arrays
        opp = np.where(a.opponent >= 0, a.opponent, 0)
        opp_rating = a.rating[opp]
        games = a.played & ~np.isnan(opp_rating)
        result = np.where(games, a.points / ctx.table.scoring.win, 0.0)
        return games, np.where(games, opp_rating, 0.0), result

    return ctx.memo("rated-games", compute)


def average_rating_of_opponents(ctx: Context, *, low: int = 0, high: int = 0) -> np.ndarray:
    """ARO (C.07 §10.1): mean rating of the opponents met over the board.

    Cut-k / Median-k drop the lowest (and highest) rated opponents. Under the
    legacy rules (as chess-results computed older events) unplayed rounds use
    up the cut first.
    """
    games, ratings, _ = _games(ctx)
    if not (low or high):
        return round_half_up(row_mean(ratings, games))
    effective_low = np.full(ctx.n, low)
    if ctx.rules is Rules.LEGACY:
        unplayed = ctx.table.rounds_completed - ctx.arrays.played.sum(axis=1)
        effective_low = np.maximum(low - unplayed, 0)
    keep = games
    for k in np.unique(effective_low):
        mask_k = cut_mask(
            key=ratings,
            contribution=ratings,
            voluntary=np.zeros_like(games),
            active=games,
            low=int(k),
            high=high,
        )
        keep = np.where((effective_low == k)[:, None], mask_k, keep)
    return round_half_up(row_mean(ratings, keep))


def tournament_performance_rating(ctx: Context) -> np.ndarray:
    """TPR (C.07 §10.2): ARO plus dp for the fractional score (table 8.1a)."""
    games, ratings, result = _games(ctx)
    aro = round_half_up(row_mean(ratings, games))
    count = games.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = result.sum(axis=1) / np.maximum(count, 1)
    return np.where(count > 0, aro + dp_from_p(p), np.nan)


def perfect_tournament_performance(ctx: Context) -> np.ndarray:
    """PTP (C.07 §10.3): the lowest rating whose expected score reaches the score.

    Expected scores come from table 8.1b game by game. A zero score gives the
    lowest opponent rating minus 800, a full score the highest plus 800.
    """
    games, ratings, result = _games(ctx)
    count = games.sum(axis=1)
    score = result.sum(axis=1)
    low_rating = np.where(games, ratings, np.inf).min(axis=1, initial=np.inf)
    high_rating = np.where(games, ratings, -np.inf).max(axis=1, initial=-np.inf)
    out = np.full(ctx.n, np.nan)
    live = (count > 0) & (score > 0) & (score < count)
    out[(count > 0) & (score <= 0)] = low_rating[(count > 0) & (score <= 0)] - 800
    out[(count > 0) & (score >= count)] = high_rating[(count > 0) & (score >= count)] + 800
    if live.any():
        g, r, s = games[live], ratings[live], score[live]
        lo = low_rating[live] - 800.0  # expected score below any positive score
        hi = high_rating[live] + 800.0  # expected score = games >= score
        while np.any(hi - lo > 1):
            mid = np.floor((lo + hi) / 2)
            exp = np.where(g, expected_score(mid[:, None] - r), 0.0).sum(axis=1)
            ok = exp >= s - 1e-9
            hi = np.where(ok, mid, hi)
            lo = np.where(ok, lo, mid)
        out[live] = hi
    return out


def _average_over_opponents(ctx: Context, values: np.ndarray) -> np.ndarray:
    a = ctx.arrays
    opp = np.where(a.opponent >= 0, a.opponent, 0)
    opp_values = values[opp]
    mask = a.played & ~np.isnan(opp_values)
    return round_half_up(row_mean(opp_values, mask))


def average_performance_of_opponents(ctx: Context) -> np.ndarray:
    """APRO (C.07 §10.4): mean TPR of the opponents met over the board."""
    tpr = ctx.memo("TPR", lambda: tournament_performance_rating(ctx))
    return _average_over_opponents(ctx, tpr)


def average_perfect_performance_of_opponents(ctx: Context) -> np.ndarray:
    """APPO (C.07 §10.5): mean PTP of the opponents met over the board."""
    ptp = ctx.memo("PTP", lambda: perfect_tournament_performance(ctx))
    return _average_over_opponents(ctx, ptp)
