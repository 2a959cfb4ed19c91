"""Hand-computed deviations and weights of the elementary McMahon components."""

import math

import numpy as np
import pytest

from pairing.engine.mcmahon.components import (
    band_deviation,
    even_deviation,
    grade_factor,
    mms_deviation,
    play_in_deviation,
    play_out_deviation,
    sech_weight,
)
from pairing.engine.mcmahon.config import GradeCurve


def test_sech_weight_is_the_hyperbolic_secant():
    assert sech_weight(2.0, 0.5) == pytest.approx(1 / math.cosh(1.0))
    assert sech_weight(1.0, 0.0) == 1.0
    assert sech_weight(0.7, -3.0) == pytest.approx(sech_weight(0.7, 3.0))
    # no overflow far out: the weight just vanishes
    assert 0 <= sech_weight(1.0, 5000.0) < 1e-300


def test_mms_and_band_deviations():
    assert mms_deviation(12, 10.5) == 1.5
    assert mms_deviation(10, 12) == -2
    assert band_deviation(1, 3) == -2
    np.testing.assert_array_equal(mms_deviation(np.array([3, 4]), np.array([3, 2])), [0, 2])


@pytest.mark.parametrize(
    ("strategy", "si", "sj", "expected"),
    [
        # seeds 0.75 and 0.25: an ideal pair for every split strategy
        ("random", 0.75, 0.25, 0.0),
        ("fine-grain", 0.75, 0.25, 0.5),
        ("split-fold", 0.75, 0.25, 0.0),
        ("split-match", 0.75, 0.25, 0.0),
        ("split-mix", 0.75, 0.25, 0.0),
        # two strong players, seeds 1 and 0.75: extra factor 1 + 1.75/2 = 1.875
        ("fine-grain", 1.0, 0.75, 0.25),
        ("split-fold", 1.0, 0.75, 0.75 * 1.875),
        ("split-match", 1.0, 0.75, 0.25 * 1.875),
        ("split-mix", 1.0, 0.75, 0.125 * 1.875),
        # two weak players, seeds 0 and 0.25: extra factor 1.125
        ("split-fold", 0.0, 0.25, 0.75 * 1.125),
        ("split-match", 0.0, 0.25, 0.25 * 1.125),
        ("split-mix", 0.0, 0.25, 0.125 * 1.125),
        # fold: top v bottom is ideal, match: seed difference 1/2 is ideal
        ("split-fold", 1.0, 0.0, 0.0),
        ("split-match", 0.5, 0.0, 0.0),
        ("split-match", 1.0, 0.0, 0.5 * 1.5),
    ],
)
def test_even_deviation(strategy, si, sj, expected):
    assert float(even_deviation(strategy, si, sj)) == pytest.approx(expected)


def test_ex_forms_weigh_strong_pairs_more_than_weak_ones():
    for strategy in ("split-fold", "split-match", "split-mix"):
        strong = float(even_deviation(strategy, 1.0, 0.75))
        weak = float(even_deviation(strategy, 0.0, 0.25))
        assert strong > weak > 0


def test_unknown_even_strategy():
    with pytest.raises(ValueError, match="unknown even strategy"):
        even_deviation("swiss", 0.1, 0.2)


def test_play_in_deviation():
    # r = 2: different groups with counts 1 and 0 -> (5 - 1 - 0) / 5
    assert float(play_in_deviation(1, 2, 1, 0, 2)) == pytest.approx(0.8)
    assert float(play_in_deviation(1, 1, 0, 0, 2)) == 0.0
    # outsiders (group 0) have count r: against a group player with 0 -> 3/5
    assert float(play_in_deviation(0, 1, 2, 0, 2)) == pytest.approx(0.6)
    # all rounds played in: the small deviation 1/(2r + 1)
    assert float(play_in_deviation(1, 2, 2, 2, 2)) == pytest.approx(0.2)


def test_play_out_deviation():
    assert float(play_out_deviation(1, 1, 0, 0, 2)) == pytest.approx(1.0)
    assert float(play_out_deviation(1, 1, 2, 2, 2)) == pytest.approx(0.2)
    assert float(play_out_deviation(1, 2, 0, 0, 2)) == 0.0
    assert float(play_out_deviation(0, 0, 0, 0, 2)) == 0.0  # no play-out group at all


def test_grade_factors_follow_section_11():
    rising = GradeCurve("rising", centre=-1, steepness=0.4, floor=0.0)
    falling = GradeCurve("falling", centre=-8, steepness=0.3, floor=0.0)
    peak = GradeCurve("peak", centre=-3, steepness=0.15, floor=0.0)
    assert float(grade_factor(rising, -1)) == pytest.approx(0.5)
    assert float(grade_factor(rising, -1 + 2)) == pytest.approx(0.5 * (1 + math.tanh(0.8)))
    assert float(grade_factor(falling, -8)) == pytest.approx(0.5)
    assert float(grade_factor(falling, -18)) == pytest.approx(0.5 * (1 - math.tanh(-3)))
    assert float(grade_factor(peak, -3)) == pytest.approx(1.0)
    assert float(grade_factor(peak, 7)) == pytest.approx(1 / math.cosh(1.5))
    # strong end strict for scores, weak end strict for areas, middle for colours
    assert grade_factor(rising, 5) > grade_factor(rising, -20)
    assert grade_factor(falling, -20) > grade_factor(falling, 5)
    assert grade_factor(peak, -3) > max(grade_factor(peak, 5), grade_factor(peak, -20))
    lifted = GradeCurve("rising", centre=-1, steepness=0.4, floor=0.35)
    assert float(grade_factor(lifted, -1)) == pytest.approx(0.35 + 0.65 * 0.5)
