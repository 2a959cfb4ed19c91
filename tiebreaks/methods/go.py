"""Go tiebreaks as the EGF counts them: MMS, SOS, SOS-1, SOS-2, SOSOS, SODOS, CUSS.

A section is McMahon when its players carry a starting McMahon score
(`Player.mms_start`); otherwise it is a plain Swiss and the score is the
number of wins (a jigo counts half). A round without a game played over the
board (bye, absence, forfeit) adds the player's own starting MMS to SOS in
McMahon, 0 in Swiss; it adds nothing to SOSOS and SODOS.
"""

from __future__ import annotations

import numpy as np

from tiebreaks.methods.context import Context


def _mms_start(ctx: Context) -> np.ndarray:
    return np.array([0.0 if p.mms_start is None else float(p.mms_start) for p in ctx.table.players])


def _is_mcmahon(ctx: Context) -> bool:
    return any(p.mms_start is not None for p in ctx.table.players)


def mcmahon_score(ctx: Context) -> np.ndarray:
    """MMS: starting McMahon score plus points (win 1, jigo 1/2, bye as awarded)."""
    return _mms_start(ctx) + ctx.scores / ctx.table.scoring.win


def _opponent_cells(ctx: Context, values: np.ndarray, virtual: np.ndarray) -> np.ndarray:
    """Per round: the opponent's value for games, `virtual[i]` for other rounds."""
    a = ctx.arrays
    opp = np.where(a.opponent >= 0, a.opponent, 0)
    return np.where(a.played, values[opp], virtual[:, None])


def _sos_cells(ctx: Context) -> np.ndarray:
    def compute():
        mms = ctx.memo("MMS", lambda: mcmahon_score(ctx))
        virtual = _mms_start(ctx) if _is_mcmahon(ctx) else np.zeros(ctx.n)
        return _opponent_cells(ctx, mms, virtual)

    return ctx.memo("SOS-cells", compute)


def sum_of_opponents_scores(ctx: Context, *, drop: int = 0) -> np.ndarray:
    """SOS (SOS-1, SOS-2): opponents' final MMS, dropping the `drop` lowest rounds."""
    cells = np.sort(_sos_cells(ctx), axis=1)
    return cells[:, drop:].sum(axis=1)


def sum_of_opponents_sos(ctx: Context) -> np.ndarray:
    """SOSOS: sum of the opponents' SOS over games played."""
    sos = ctx.memo("SOS", lambda: sum_of_opponents_scores(ctx))
    cells = _opponent_cells(ctx, sos, np.zeros(ctx.n))
    return cells.sum(axis=1)


def sum_of_defeated_opponents_scores(ctx: Context) -> np.ndarray:
    """SODOS: sum of the MMS of opponents beaten (a jigo counts half)."""
    a = ctx.arrays
    mms = ctx.memo("MMS", lambda: mcmahon_score(ctx))
    cells = _opponent_cells(ctx, mms, np.zeros(ctx.n))
    share = np.where(a.played, a.points / ctx.table.scoring.win, 0.0)
    return (cells * share).sum(axis=1)


def cumulative_sum_of_scores(ctx: Context) -> np.ndarray:
    """CUSS: sum over rounds of the MMS reached after each round."""
    a = ctx.arrays
    running = np.cumsum(a.points / ctx.table.scoring.win, axis=1)
    return (running + _mms_start(ctx)[:, None]).sum(axis=1)
