"""Game classes, handicap stones and komi (section 2.1 of the weights paper).

Classes by the McMahon score difference d and the handicap offset H:
even |d| < |H|, uneven |d| = |H|, handicap |d| > |H|.

Stones for the weaker player: the difference of the rounded-down McMahon
scores (or of the ranks, when the handicap is based on rank) minus the
reduction, between 0 and the cap; no stones at all when either player is at
or above `no_handicap_rank` (such a game is played even).

A *handicap game* is a game of the handicap class that is played with
stones. No handicap game may involve a player at or above the bar: those
pairs are not edges of the matching graph.
"""

from __future__ import annotations

import numpy as np

from .config import McMahonConfig


def game_class(m_a: float, m_b: float, config: McMahonConfig) -> str:
    gap, h = abs(m_a - m_b), abs(config.handicap_offset)
    if gap < h:
        return "even"
    return "uneven" if gap == h else "handicap"


def handicap_stones(mms_a, mms_b, rank_a, rank_b, config: McMahonConfig):
    """Stones between players a and b (elementwise; either may be the weaker)."""
    if config.handicap_basis == "rank":
        gap = np.abs(np.asarray(rank_a) - np.asarray(rank_b))
    else:
        gap = np.abs(np.floor(np.asarray(mms_a, dtype=float)) - np.floor(mms_b))
    stones = np.clip(gap - config.handicap_reduction, 0, config.handicap_cap).astype(np.int64)
    if config.no_handicap_rank is not None:
        strong = np.maximum(rank_a, rank_b) >= config.no_handicap_rank
        stones = np.where(strong, 0, stones)
    return stones


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
