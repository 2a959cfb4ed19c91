"""Milvang's outcome model: the probability of a white win, a draw and a black win.

Source: Otto Milvang, "Probability for the outcome of a chess game based on
rating" (FIDE Systems of Pairings and Programs Commission, 2015/2016), fitted on
about 3.9 million FIDE-rated games. The model is used by Führlich, Cseh and
Lenzner's Swiss-system simulations, and here by the random tournament generator
and the simulation lab.

For white rating Rw and black rating Rb let Rm = (Rw + Rb) / 2, Rd = Rw - Rb and
q = (Rm - 1200) / 1200 when Rm > 1200, otherwise 0. Each of the two decisive
outcomes follows a curve made of two parabolic arcs that meet at a centre point
(CL, CV) and reach 0 or 1 at a lower limit LL and an upper limit UL:

- white wins: CL = 40, CV = 0.45 - 0.10 q^2, LL = -1492 + 0.391 Rm,
  UL = 1691 - 0.428 Rm; the curve rises from 0 (at LL) to 1 (at UL).
- black wins: CL = -80, CV = 0.46 - 0.13 q^2, LL = -1753 + 0.416 Rm,
  UL = 1428 - 0.388 Rm; the curve falls from 1 (at LL) to 0 (at UL).

A draw takes the rest. Published checks (white / draw / black, in %):
1200 v 1400 = 26.3 / 16.9 / 56.8; 2200 v 2400 = 14.1 / 30.9 / 55.0;
2400 v 2200 = 63.4 / 26.2 / 10.4; 2467 v 2344 = 51.1 / 35.1 / 13.8.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class Outcome:
    """Probabilities of the three results of one game, summing to 1."""

    white_win: float
    draw: float
    black_win: float


def _strength_q(mean_rating: np.ndarray) -> np.ndarray:
    return np.where(mean_rating > 1200, (mean_rating - 1200) / 1200, 0.0)


def white_win_probability(white: float | np.ndarray, black: float | np.ndarray) -> np.ndarray:
    """Probability that white wins (vectorised over ratings)."""
    rw = np.asarray(white, dtype=float)
    rb = np.asarray(black, dtype=float)
    rm = (rw + rb) / 2
    rd = rw - rb
    q = _strength_q(rm)
    cl, cv = 40.0, 0.45 - 0.10 * q**2
    ll, ul = -1492 + 0.391 * rm, 1691 - 0.428 * rm
    rising = cv * ((rd - ll) / (cl - ll)) ** 2
    falling = 1 - (1 - cv) * ((rd - ul) / (cl - ul)) ** 2
    return np.where(rd <= ll, 0.0, np.where(rd <= cl, rising, np.where(rd <= ul, falling, 1.0)))


def black_win_probability(white: float | np.ndarray, black: float | np.ndarray) -> np.ndarray:
    """Probability that black wins (vectorised over ratings)."""
    rw = np.asarray(white, dtype=float)
    rb = np.asarray(black, dtype=float)
    rm = (rw + rb) / 2
    rd = rw - rb
    q = _strength_q(rm)
    cl, cv = -80.0, 0.46 - 0.13 * q**2
    ll, ul = -1753 + 0.416 * rm, 1428 - 0.388 * rm
    upper = 1 - (1 - cv) * ((rd - ll) / (cl - ll)) ** 2
    lower = cv * ((rd - ul) / (cl - ul)) ** 2
    return np.where(rd <= ll, 1.0, np.where(rd <= cl, upper, np.where(rd <= ul, lower, 0.0)))


def outcome_probabilities(white: float, black: float) -> Outcome:
    """The three probabilities for one game between the given ratings."""
    pw = float(white_win_probability(white, black))
    pb = float(black_win_probability(white, black))
    # Far outside the fitted range both curves can saturate; never let the draw go negative.
    pd = max(0.0, 1.0 - pw - pb)
    total = pw + pd + pb
    return Outcome(pw / total, pd / total, pb / total)


def draw_results(white: np.ndarray, black: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Draw one result per game: 1 white wins, 0 draw, -1 black wins."""
    pw = white_win_probability(white, black)
    pb = black_win_probability(white, black)
    pd = np.clip(1.0 - pw - pb, 0.0, None)
    total = pw + pd + pb
    u = rng.random(np.shape(pw)) * total
    return np.where(u < pw, 1, np.where(u < pw + pd, 0, -1)).astype(np.int8)
