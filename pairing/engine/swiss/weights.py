"""Edge weights: the paper's lexicographic triple turned into one exact integer.

    w(p_i, p_j) = (-|s_i - s_j|, -|cd_i + cd_j|, pi(p_i, p_j))

compared lexicographically over the sum of a matching. With at most k boards
(k = floor(n/2)) every maximum-cardinality matching has exactly the same
number of edges, so the three totals T1, T2, T3 of two such matchings can only
differ by

    T3: at most k * (pi_max - pi_min)          = k * P
    T2: at most k * C, C the largest |cd_i + cd_j| on an edge.

Choosing
    F2 = k * P + 1                (one colour step outweighs any pi change)
    F1 = F2 * (k * C + 1)         (one score step outweighs any colour + pi change)
and w = F1 * t1 + F2 * t2 + t3 makes the maximum-weight maximum-cardinality
matching exactly the lexicographic optimum for any n. (The paper's fixed
factors 10000 and 100 fail once n/2 lower-term differences add up to more
than one step of the higher term.)

Range: every edge weight must satisfy |w| <= WEIGHT_LIMIT = 2**60, which keeps
weights, and the doubled sums a blossom algorithm forms from them, inside
int64 with room to spare. The largest weight is about F1 * (score span); a
round whose weights would exceed the limit raises WeightRangeError. With
beta = 2 this allows, for example, 10,000 players over 11 rounds with every
system.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pairing.engine.swiss.errors import WeightRangeError

WEIGHT_LIMIT = 2**60


def score_difference_term(score_i: np.ndarray, score_j: np.ndarray) -> np.ndarray:
    """-|s_i - s_j| in score units (criterion Q1: opponents of equal score)."""
    return -np.abs(score_i - score_j)


def colour_balance_term(cd_i: np.ndarray, cd_j: np.ndarray) -> np.ndarray:
    """-|cd_i + cd_j| (criterion Q2: 0 when the two can both move towards balance)."""
    return -np.abs(cd_i + cd_j)


@dataclass(frozen=True, slots=True)
class Factors:
    score: int  # F1
    colour: int  # F2
    pairs: int  # k
    colour_span: int  # C
    system_span: int  # P
    system_low: int
    system_high: int

    def combine(
        self, score_term: np.ndarray, colour_term: np.ndarray, system_term: np.ndarray
    ) -> np.ndarray:
        return (
            np.int64(self.score) * score_term + np.int64(self.colour) * colour_term + system_term
        ).astype(np.int64)

    def combine_one(self, t1: int, t2: int, t3: int) -> int:
        return self.score * t1 + self.colour * t2 + t3


def lexicographic_factors(
    *, pairs: int, colour_span: int, system_low: int, system_high: int
) -> Factors:
    """F1 and F2 for a round with at most `pairs` boards (see the module text)."""
    pairs = max(pairs, 1)
    system_span = max(system_high - system_low, 0)
    colour = pairs * system_span + 1
    score = colour * (pairs * max(colour_span, 0) + 1)
    return Factors(score, colour, pairs, colour_span, system_span, system_low, system_high)


def largest_weight(factors: Factors, *, score_span: int) -> int:
    """An upper bound on |w| over all edges of the round."""
    return (
        factors.score * score_span
        + factors.colour * factors.colour_span
        + max(abs(factors.system_low), abs(factors.system_high))
    )


def check_weight_range(factors: Factors, *, score_span: int, players: int) -> None:
    bound = largest_weight(factors, score_span=score_span)
    if bound > WEIGHT_LIMIT:
        raise WeightRangeError(
            f"{players} players: exact weights would reach {bound:.3e}, beyond the "
            f"supported {WEIGHT_LIMIT:.3e} (2**60); pair fewer players per section or "
            f"use a smaller score scale"
        )
