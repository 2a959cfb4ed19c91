"""Accelerated pairings: virtual points added to some players' scores for pairing only
(never to their standings), so that the strongest meet earlier in a large field.

Baku (FIDE C.04.5.1), for the standard scoring (1, ½, 0):
- group A (GA) is the first half of the players to be paired before round 1, rounded
  up to an even number: the first 2 * ceil(N / 4) in pairing-number order; late
  entries do not move the last GA player;
- the accelerated rounds are the first half of the tournament, rounded up; in the
  first half of them (rounded up) each GA player has 1 virtual point, in the rest ½;
  GB players, and everyone after the accelerated rounds, have none.
(In nine rounds: five accelerated rounds, 1 point in rounds 1-3, ½ in rounds 4-5.)

Other schemes arbiters use (progressive, Haley) each fit one function of the same
shape, `scheme(group_a_size, total_rounds) -> [virtual points per round]`, registered in
SCHEMES; only Baku is built.

The TRF carries the result as XXA lines (pairing number, then the virtual points of
each round), the convention JaVaFo and bbpPairings read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction


def baku_group_size(players: int) -> int:
    """How many players form group A: half the field, rounded up to an even number."""
    return 2 * math.ceil(players / 4)


def baku_points(total_rounds: int) -> list[Fraction]:
    """A GA player's virtual points in rounds 1..total_rounds."""
    accelerated = math.ceil(total_rounds / 2)
    full = math.ceil(accelerated / 2)
    return [
        Fraction(1) if r <= full else Fraction(1, 2) if r <= accelerated else Fraction(0)
        for r in range(1, total_rounds + 1)
    ]


SCHEMES = {"baku": baku_points}


def virtual_points(
    scheme: str, first_round_ids: Sequence[int], total_rounds: int
) -> dict[int, list[Fraction]]:
    """Virtual points per round for the players of group A. `first_round_ids`: the
    players to be paired in round 1, in pairing-number order (late entries are in GB)."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown acceleration {scheme!r}; known: {', '.join(SCHEMES)}")
    points = SCHEMES[scheme](total_rounds)
    group_a = first_round_ids[: baku_group_size(len(first_round_ids))]
    return {pid: list(points) for pid in group_a}
