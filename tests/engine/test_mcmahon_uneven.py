"""The uneven component: out, balance (Appendix A), seeding and Omega."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.mcmahon.uneven import (
    balance_deviation,
    group_gap,
    omega,
    out_deviation,
    seed_deviation,
)


def test_group_gap_is_zero_for_neighbours():
    assert group_gap(3, 4) == 0
    assert group_gap(4, 3) == 0
    assert group_gap(2, 5) == 2
    assert group_gap(2, 2) == 1


def test_out_deviation_counts_the_game_being_weighed():
    # neighbours, no earlier uneven game: each will have played one -> ideal
    assert out_deviation(3, 4, 1, 1) == 0
    # one earlier uneven game for one player adds 1
    assert out_deviation(3, 4, 2, 1) == 1
    # three groups apart: gamma = 2
    assert out_deviation(2, 5, 1, 1) == 2


@pytest.mark.parametrize("r", [1, 2, 3, 5, 8])
def test_balance_corner_points(r):
    # (m_i, m_j) with i the lower player playing up
    assert balance_deviation(-1, 1, r) == pytest.approx(0)  # P
    assert balance_deviation(-r, r, r) == pytest.approx(0)  # Q_g
    assert balance_deviation(r, -r, r) == pytest.approx(2 * r)  # Q_e
    assert balance_deviation(r, r, r) == pytest.approx(r)  # Q_p
    assert balance_deviation(-r, -r, r) == pytest.approx(r)  # Q_m


def test_balance_interior_points_by_hand():
    # r = 3, (1, 2): x = 1.5, y = 0.5, y_c = 0.5 -> U_p, delta = |x|
    assert balance_deviation(1, 2, 3) == pytest.approx(1.5)
    # r = 3, (2, -1): x = 0.5, y = -1.5 -> L_p, ((r-1)|x| + 2r(1-y))/(r+1) = 4
    assert balance_deviation(2, -1, 3) == pytest.approx(4.0)
    # r = 3, (0, 0): x = 0, y = 0 -> L, 2r/(r+1) = 1.5
    assert balance_deviation(0, 0, 3) == pytest.approx(1.5)
    # before any round everybody is at 0: r is taken as 1 -> deviation 1
    assert balance_deviation(0, 0, 0) == pytest.approx(1.0)


@settings(max_examples=200, deadline=None)
@given(
    r=st.integers(1, 8),
    a=st.integers(-8, 8),
    b=st.integers(-8, 8),
)
def test_balance_deviation_is_continuous_across_the_critical_lines(r, a, b):
    a, b = max(-r, min(r, a)), max(-r, min(r, b))
    x, y = 0.5 * (b + a), 0.5 * (b - a)
    y_c = (r - abs(x)) / r
    upper = abs(x)
    lower = ((r - 1) * abs(x) + 2 * r * (1 - y)) / (r + 1)
    value = float(balance_deviation(a, b, r))
    assert value == pytest.approx(upper if y >= y_c else lower)
    assert 0 <= value <= 2 * r + 1e-9
    if y == pytest.approx(y_c):  # on the line both forms agree
        assert upper == pytest.approx(lower)


def test_seed_deviations():
    # fold: weakest lower v strongest upper
    assert seed_deviation("fold", 0, 1) == 0
    assert seed_deviation("fold", 1, 0) == 2
    # match: strongest v strongest
    assert seed_deviation("match", 1, 1) == 0
    assert seed_deviation("match", 0, 0) == 2
    # nearest: strongest lower v weakest upper
    assert seed_deviation("nearest", 1, 0) == 0
    assert seed_deviation("nearest", 0, 1) == 2
    assert seed_deviation("nearest", 0.5, 0.25) == 0.75
    with pytest.raises(ValueError):
        seed_deviation("slide", 0, 0)


def test_omega_is_a_weighted_mean_in_zero_one():
    assert omega(1, 1, 1) == pytest.approx(1)
    assert omega(0, 0, 0) == pytest.approx(0)
    assert omega(0.5, 1, 1) == pytest.approx((4 * 0.5 + 2 + 1) / 7)
    # priorities: the same loss costs most in out, then balance, then seed
    assert omega(0.5, 1, 1) < omega(1, 0.5, 1) < omega(1, 1, 0.5)
    values = omega(np.random.default_rng(1).random(50), 0.3, 0.9, out=1, balance=1, seed=1)
    assert np.all((values >= 0) & (values <= 1))


@settings(max_examples=100, deadline=None)
@given(
    w=st.lists(st.floats(0, 1), min_size=3, max_size=3),
    k=st.integers(0, 2),
    bump=st.floats(0.01, 0.5),
)
def test_omega_increases_with_each_sub_weight(w, k, bump):
    better = list(w)
    better[k] = min(1.0, better[k] + bump)
    assert omega(*better) >= omega(*w)
