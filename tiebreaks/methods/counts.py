"""Result counts and progressive score (FIDE C.07 section 7).

These read only the player's own rounds, so the unplayed-round rules do not
change them.
"""

from __future__ import annotations

import numpy as np

from tiebreaks.methods.context import Context
from tiebreaks.methods.table import Kind


def wins(ctx: Context) -> np.ndarray:
    """WIN (C.07 §7): rounds in which the player got a win's points.

    Counts games won, forfeit wins, the PAB and full-point byes.
    """
    a = ctx.arrays
    return (a.points == ctx.table.scoring.win).sum(axis=1).astype(float)


def games_won(ctx: Context) -> np.ndarray:
    """WON (C.07 §7): games won over the board."""
    return (ctx.arrays.kind == Kind.WIN).sum(axis=1).astype(float)


def black_games(ctx: Context) -> np.ndarray:
    """BPG (C.07 §7): games played over the board with black."""
    a = ctx.arrays
    return (a.black & a.played).sum(axis=1).astype(float)


def black_wins(ctx: Context) -> np.ndarray:
    """BWG (C.07 §7): games won over the board with black."""
    a = ctx.arrays
    return (a.black & (a.kind == Kind.WIN)).sum(axis=1).astype(float)


def rounds_elected_to_play(ctx: Context) -> np.ndarray:
    """REP, formerly GE (C.07 §7): rounds the player elected to play.

    Games played over the board plus rounds won without playing (forfeit win,
    PAB, full-point bye): the player was there to play.
    """
    a = ctx.arrays
    chosen = a.played | (a.points == ctx.table.scoring.win)
    return chosen.sum(axis=1).astype(float)


def progressive_score(ctx: Context, *, low: int = 0) -> np.ndarray:
    """PS (C.07 §7.5): sum of the running scores after each round.

    Cut-k drops the running scores of the first k rounds.
    """
    running = np.cumsum(ctx.arrays.points, axis=1)
    return running[:, low:].sum(axis=1)
