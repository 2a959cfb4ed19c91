"""Area seeds and the area rule deviation (section 6 of the weights paper).

An *area* is a country or a club. Inside each McMahon group every player gets
an area seed a_i, and the rule deviation of a pair is a_i + a_j: pairs with
equal and opposite seeds come from different areas.

- `simple_area_seeds`: sort the group by decreasing area size, split it in
  two halves A and B, seed A with 1..n and B with -1..-n (so A_k meets B_k,
  the two halves slide onto each other).
- `mixed_area_seeds`: the algorithm MA0-MA4 of section 6.1.

Players without an area (blank country or club) each form an area of one:
a blank club is no club, and two players without a club are not clubmates.
`area_key` is the one place that says when two names are the same area.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

import numpy as np


def area_key(text: str | None) -> str | None:
    """The key under which a club or country name is compared: case and
    surrounding spaces do not count; a blank name is no area (None)."""
    key = (text or "").strip().casefold()
    return key or None


def same_area(a: str | None, b: str | None) -> bool:
    """Two names of the same area; never true for a blank name."""
    key = area_key(a)
    return key is not None and key == area_key(b)


def _area_sets(areas: Sequence[Hashable | None], order: Sequence[int]) -> list[list[int]]:
    """Positions grouped by area in order of first appearance along `order`."""
    sets: dict[object, list[int]] = {}
    for pos in order:
        key = areas[pos]
        sets.setdefault(("single", pos) if key is None else ("area", key), []).append(pos)
    return list(sets.values())


def simple_area_seeds(areas: Sequence[Hashable | None], order: Sequence[int]) -> list[int]:
    """Section 6: seeds 1..n for the first half and -1..-n for the second half
    of the group sorted by decreasing area size (ties: first appearance along
    `order`). In an odd group the middle player gets seed 0."""
    sets = _area_sets(areas, order)
    sets.sort(key=len, reverse=True)  # stable: ties keep the order of appearance
    line = [pos for s in sets for pos in s]
    seeds = [0] * len(areas)
    half = len(line) // 2
    for k in range(half):
        seeds[line[k]] = k + 1
        seeds[line[len(line) - half + k]] = -(k + 1)
    return seeds


def mixed_area_seeds(
    areas: Sequence[Hashable | None], order: Sequence[int], rng: random.Random | None = None
) -> list[int]:
    """Section 6.1, MA0-MA4, for one McMahon group.

    MA0: a = 1, shuffle the group (with `rng`; without it `order` is used as
    is). MA1: arrange the unseeded players in area sets A_1..A_n by
    decreasing size. MA2: the front of A_1 gets +a, the back of A_n gets -a;
    both leave their sets. MA3: halt if A_1 has fewer than 2 players or is
    the only set. MA4: if A_1 is no longer the largest set, a += 1; go to MA1.

    Our reading of the steps the paper leaves open:
    - MA3 looks at the largest set after MA2 (the next A_1). Testing the set
      just seeded would halt with another area still holding two unseeded
      players, who would then meet at deviation 0.
    - Ties in size keep the previous order, so A_1 stays first while it is
      still a largest set, and a grows exactly when the front set changes:
      players seeded +a all come from one area and -a from others, so equal
      and opposite seeds are always from different areas.
    - A group that is one area from the start is not seeded (MA2 would give
      +a and -a inside one area).
    Everyone else keeps seed 0.
    """
    order = list(order)
    if rng is not None:
        rng.shuffle(order)
    seeds = [0] * len(areas)
    sets = _area_sets(areas, order)
    sets.sort(key=len, reverse=True)  # MA1 (stable)
    a = 1
    while len(sets) >= 2:
        front = sets[0]
        seeds[front.pop(0)] = a  # MA2
        seeds[sets[-1].pop()] = -a
        sets = [s for s in sets if s]
        sets.sort(key=len, reverse=True)  # MA1 for the next pass
        if len(sets) < 2 or len(sets[0]) < 2:  # MA3
            break
        if sets[0] is not front:  # MA4
            a += 1
    return seeds


def area_deviation(seed_i, seed_j, same_group, same_area, same_area_penalty: float = 1.0):
    """The area rule deviation of a pair.

    Inside one McMahon group: |a_i + a_j| (section 6; the sign does not
    matter to sech) plus `same_area_penalty` when the two players are from
    the same area. The penalty is our addition: with seeds alone, two
    unseeded players of a dominant area meet at deviation 0, as good as any
    pair, so nothing would ever move one of them to a neighbouring group to
    avoid the game; with it, a same-area game always costs something and the
    matching can weigh that against a score difference. Penalty 0 gives the
    paper's deviation exactly.

    Across groups the seeds (given per group) say nothing about the two
    players, so the deviation is the penalty for a same-area pair and 0
    otherwise (the paper asks for areas to be kept apart across groups too,
    section 6, first paragraph).
    """
    same = np.asarray(same_area, dtype=float) * same_area_penalty
    inside = np.abs(np.asarray(seed_i, dtype=float) + np.asarray(seed_j, dtype=float)) + same
    return np.where(np.asarray(same_group, dtype=bool), inside, same)
