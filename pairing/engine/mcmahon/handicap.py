"""Game classes, handicap stones and komi (section 2.1 of the weights paper).

Classes by the McMahon score difference d and the handicap offset H:
even |d| < |H|, uneven |d| = |H|, handicap |d| > |H|.

Stones, as OpenGotha counts them (its `hdBasedOnMMS`, `hdNoHdRankThreshold`,
`hdCorrection` and `hdCeiling`):

- each player's *handicap rank* is the rank, or with the handicap based on
  MMS the rank the McMahon score stands for (the rounded-down score counted
  from the `zero` rank);
- a handicap rank above `no_handicap_rank` counts as that rank: two players
  at or above it play even, and a player above it gives the stones a player
  at it would give;
- the stones are the difference of the two handicap ranks minus the
  reduction (a negative reduction adds stones; an even pair stays even),
  never below 0 and never above the cap.

No game is forbidden because of its stones: a handicap game is only as
unlikely as its McMahon score difference makes it.
"""

from __future__ import annotations

import numpy as np

from .config import McMahonConfig


def game_class(m_a: float, m_b: float, config: McMahonConfig) -> str:
    gap, h = abs(m_a - m_b), abs(config.handicap_offset)
    if gap < h:
        return "even"
    return "uneven" if gap == h else "handicap"


def handicap_rank(mms, rank, config: McMahonConfig):
    """The rank a player counts as when stones are counted (elementwise)."""
    if config.handicap_basis == "rank":
        value = np.asarray(rank, dtype=float)
    else:
        value = np.floor(np.asarray(mms, dtype=float)) + config.zero
    if config.no_handicap_rank is not None:
        value = np.minimum(value, config.no_handicap_rank)
    return value


def handicap_stones(mms_a, mms_b, rank_a, rank_b, config: McMahonConfig):
    """Stones between players a and b (elementwise; either may be the weaker)."""
    gap = np.abs(handicap_rank(mms_a, rank_a, config) - handicap_rank(mms_b, rank_b, config))
    reduced = np.where(gap > 0, np.maximum(gap - config.handicap_reduction, 0), 0)
    return np.minimum(reduced, config.handicap_cap).astype(np.int64)


def is_handicap_game(mms_a, mms_b, stones, config: McMahonConfig):
    """Handicap class by score and played with stones (elementwise)."""
    gap = np.abs(np.asarray(mms_a, dtype=float) - np.asarray(mms_b, dtype=float))
    return (gap > abs(config.handicap_offset)) & (np.asarray(stones) > 0)


def komi_for(klass: str, stones: int, config: McMahonConfig) -> float:
    """Komi per class: handicap komi with stones, even komi for even games,
    uneven komi otherwise (uneven games, and handicap-class games that are
    played without stones)."""
    if stones > 0:
        return config.komi_handicap
    return config.komi_even if klass == "even" else config.komi_uneven
