"""Area seeds (section 6) and the mixed-area algorithm MA0-MA4 (section 6.1)."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.mcmahon.area import area_deviation, mixed_area_seeds, simple_area_seeds


def test_simple_seeds_slide_the_halves():
    areas = ["A", "A", "B", "C"]
    seeds = simple_area_seeds(areas, [0, 1, 2, 3])
    assert seeds == [1, 2, -1, -2]
    # A_k meets B_k: the pairs with a_i + a_j = 0 are from different areas
    assert areas[0] != areas[2] and areas[1] != areas[3]


def test_simple_seeds_sort_by_decreasing_area_size_and_leave_the_middle_at_zero():
    areas = ["C", "B", "B", "B", "A"]
    seeds = simple_area_seeds(areas, range(5))
    # order: B B B C A -> seeds 1 2 0 -1 -2
    assert [seeds[1], seeds[2], seeds[3], seeds[0], seeds[4]] == [1, 2, 0, -1, -2]


def test_mixed_seeds_trace():
    # X X X Y Y Y Z in this order (no shuffle)
    areas = ["X", "X", "X", "Y", "Y", "Y", "Z"]
    seeds = mixed_area_seeds(areas, range(7))
    # pass 1: X front +1, Z -1; Y becomes the largest -> a = 2
    # pass 2: Y front +2, X back -2; pass 3: Y +2, X -2; only Y left -> halt
    assert seeds == [1, -2, -2, 2, 2, 0, -1]


def test_dominant_area_leaves_its_surplus_at_seed_zero():
    areas = ["X"] * 6 + ["Y", "Z"]
    seeds = mixed_area_seeds(areas, range(8))
    x_seeds = [s for a, s in zip(areas, seeds, strict=True) if a == "X"]
    assert x_seeds.count(0) == 4  # 6 - 2: more than half the group
    assert sorted(s for a, s in zip(areas, seeds, strict=True) if a != "X") == [-1, -1]


def test_a_single_area_is_not_seeded_and_areas_of_one_are_barely_seeded():
    assert mixed_area_seeds(["X"] * 4, range(4)) == [0, 0, 0, 0]
    # all areas distinct: the first pass seeds two players and halts
    seeds = mixed_area_seeds(["A", "B", "C", "D"], range(4))
    assert sorted(seeds) == [-1, 0, 0, 1]
    # players without an area (None) are areas of one
    assert sorted(mixed_area_seeds([None, None, None], range(3))) == [-1, 0, 1]


def _check_mixed(areas, seeds):
    by_seed = {}
    for a, s in zip(areas, seeds, strict=True):
        by_seed.setdefault(s, []).append(a)
    for s, members in by_seed.items():
        if s > 0:
            # equal and opposite seeds are from different areas
            for a in members:
                for b in by_seed.get(-s, []):
                    assert a != b or a is None
    unseeded = [a for a, s in zip(areas, seeds, strict=True) if s == 0]
    counts = Counter(a for a in unseeded if a is not None)
    repeated = [a for a, c in counts.items() if c > 1]
    # either no two unseeded players share an area, or all unseeded ones do
    assert not repeated or (len(repeated) == 1 and counts[repeated[0]] == len(unseeded))


@settings(max_examples=300, deadline=None)
@given(
    areas=st.lists(st.sampled_from(["FR", "DE", "CZ", "PL", None]), min_size=2, max_size=30),
    seed=st.integers(0, 10**6),
)
def test_mixed_seeds_properties(areas, seed):
    seeds = mixed_area_seeds(areas, range(len(areas)), random.Random(seed))
    _check_mixed(areas, seeds)
    dominant = Counter(a for a in areas if a is not None).most_common(1)
    if dominant and dominant[0][1] > len(areas) / 2:
        assert seeds.count(0) >= 1


def test_area_deviation():
    # inside a group: |a_i + a_j| plus the same-area penalty
    assert area_deviation(2, -2, True, False) == 0
    assert area_deviation(1, 2, True, False) == 3
    assert area_deviation(0, 0, True, True) == 1
    assert area_deviation(0, 0, True, True, same_area_penalty=0.0) == 0  # the paper's form
    # across groups: the penalty for the same area only
    assert area_deviation(3, 1, False, False) == 0
    assert area_deviation(3, 1, False, True, same_area_penalty=2.0) == 2


@pytest.mark.parametrize("method", [simple_area_seeds, mixed_area_seeds])
def test_seeds_cover_every_player(method):
    areas = ["A", "B", "A", "C", "A", "B"]
    assert len(method(areas, range(6))) == 6
