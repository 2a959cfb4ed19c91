"""Opponent-score methods: BH, FB, SB and AOB (FIDE C.07 Art. 8 and 9).

All four read an `OpponentView` (see `unplayed.py`): per round, the opponent's
adjusted score or the dummy / virtual opponent's score, depending on the
section's rules. In a round robin (pairings fixed in advance) a forfeit
counts as a game against the scheduled opponent, scores are not adjusted and
rounds without an opponent do not count.
"""

from __future__ import annotations

import numpy as np

from tiebreaks.methods.context import Context
from tiebreaks.methods.cuts import cut_sum
from tiebreaks.methods.unplayed import OpponentView, opponent_view
from tiebreaks.methods.util import round_half_up


def view(ctx: Context, *, fore: bool = False) -> OpponentView:
    """The opponent view for this context, computed once."""

    def compute() -> OpponentView:
        if ctx.round_robin:
            return _round_robin_view(ctx)
        return opponent_view(ctx.table, ctx.rules, fore=fore)

    return ctx.memo(("view", fore), compute)


def _round_robin_view(ctx: Context) -> OpponentView:
    a = ctx.arrays
    scores = ctx.scores
    opp = np.where(a.opponent >= 0, a.opponent, 0)
    paired = a.has_opponent
    value = np.where(paired, scores[opp], 0.0)
    return OpponentView(
        value=value,
        voluntary=np.zeros_like(paired),
        result=a.points,
        played=paired,
    )


def _active(ctx: Context, v: OpponentView) -> np.ndarray:
    if ctx.round_robin:
        return v.played
    return np.ones_like(v.played)


def buchholz(ctx: Context, *, low: int = 0, high: int = 0) -> np.ndarray:
    """BH (C.07 Art. 8.1): sum of the opponents' scores.

    Unplayed rounds follow the section's rules (Art. 16 / C.02); Cut-k and
    Median-k drop the least (and most) significant values (Art. 14, 16.5).
    """
    v = view(ctx)
    return cut_sum(
        key=v.value,
        contribution=v.value,
        voluntary=v.voluntary,
        active=_active(ctx, v),
        low=low,
        high=high,
    )


def fore_buchholz(ctx: Context, *, low: int = 0, high: int = 0) -> np.ndarray:
    """FB (C.07 Art. 8.3): Buchholz as if every last-round game had been drawn.

    Every player's score is taken with the last round's game (played or
    forfeited) replaced by a draw; that also holds for the player's own score
    when it stands in for a dummy opponent.
    """
    v = view(ctx, fore=True)
    return cut_sum(
        key=v.value,
        contribution=v.value,
        voluntary=v.voluntary,
        active=_active(ctx, v),
        low=low,
        high=high,
    )


def sonneborn_berger(ctx: Context, *, low: int = 0, high: int = 0) -> np.ndarray:
    """SB (C.07 Art. 9.1): sum over rounds of the opponent's score times the result.

    A dummy opponent (2024/2026) is multiplied by the points awarded for the
    unplayed round; under the legacy rule an unplayed round contributes a draw
    against the virtual opponent. Cut-1 follows Art. 16.5 (see `cuts.py`).
    """
    v = view(ctx)
    contribution = v.value * v.result
    return cut_sum(
        key=v.value,
        contribution=contribution,
        voluntary=v.voluntary,
        active=_active(ctx, v),
        low=low,
        high=high,
    )


def average_of_opponents_buchholz(ctx: Context) -> np.ndarray:
    """AOB (C.07 Art. 8.2): mean Buchholz of the opponents met over the board.

    Rounded half up to two decimals; no value (NaN) without a played game.
    """
    bh = ctx.memo("BH", lambda: buchholz(ctx))
    a = ctx.arrays
    played = a.played if not ctx.round_robin else a.has_opponent
    opp = np.where(a.opponent >= 0, a.opponent, 0)
    total = np.where(played, bh[opp], 0.0).sum(axis=1)
    count = played.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(count > 0, total / np.maximum(count, 1), np.nan)
    return round_half_up(mean, 2)
