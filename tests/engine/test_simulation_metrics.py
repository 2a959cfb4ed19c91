"""Ranking-quality and fairness measures of the simulation lab on hand-made rankings.

Milvang's outcome model itself is checked against its published rows in
test_milvang.py (not repeated here).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from pairing.simulation.metrics import (
    absolute_colour_difference,
    kendall_tau,
    ndcg,
    paradoxical_results,
    spearman_rho,
)

# Player 0 is the strongest, player 3 the weakest.
STRENGTH4 = np.array([2000.0, 1900.0, 1800.0, 1700.0])


def test_the_strength_order_scores_one_everywhere():
    ranking = np.array([0, 1, 2, 3])
    assert kendall_tau(ranking, STRENGTH4) == 1.0
    assert spearman_rho(ranking, STRENGTH4) == 1.0
    assert ndcg(ranking, STRENGTH4) == pytest.approx(1.0)


def test_the_reversed_order_scores_minus_one():
    ranking = np.array([3, 2, 1, 0])
    assert kendall_tau(ranking, STRENGTH4) == -1.0
    assert spearman_rho(ranking, STRENGTH4) == -1.0


def test_one_swap_at_the_top_by_hand():
    # 1 discordant pair of 6: tau = (5 - 1) / 6; d = (1, -1, 0, 0): rho = 1 - 6*2/(4*15).
    ranking = np.array([1, 0, 2, 3])
    assert kendall_tau(ranking, STRENGTH4) == pytest.approx(2 / 3)
    assert spearman_rho(ranking, STRENGTH4) == pytest.approx(0.8)


def test_ndcg_by_hand():
    # relevance 3, 2, 1 for the strongest to the weakest; ranking puts player 1 first.
    strength = np.array([3.0, 2.0, 1.0])
    gain = 2 / math.log2(2) + 3 / math.log2(3) + 1 / math.log2(4)
    ideal = 3 / math.log2(2) + 2 / math.log2(3) + 1 / math.log2(4)
    assert ndcg(np.array([1, 0, 2]), strength) == pytest.approx(gain / ideal)
    assert gain / ideal == pytest.approx(0.92249, abs=1e-5)


def test_ndcg_weighs_the_top_more_than_the_bottom():
    strength = np.arange(10, 0, -1, dtype=float)
    top_swapped = np.array([1, 0, 2, 3, 4, 5, 6, 7, 8, 9])
    bottom_swapped = np.array([0, 1, 2, 3, 4, 5, 6, 7, 9, 8])
    assert kendall_tau(top_swapped, strength) == kendall_tau(bottom_swapped, strength)
    assert ndcg(top_swapped, strength) < ndcg(bottom_swapped, strength) < 1.0


def test_strengths_need_not_be_sorted_by_player_number():
    strength = np.array([1500.0, 2100.0, 1800.0])  # order: 1, 2, 0
    assert kendall_tau(np.array([1, 2, 0]), strength) == 1.0
    assert spearman_rho(np.array([0, 2, 1]), strength) == pytest.approx(-1.0)


@pytest.mark.parametrize("seed", range(5))
def test_agrees_with_scipy_on_random_rankings(seed):
    rng = np.random.default_rng(seed)
    n = 32
    strength = rng.uniform(1400, 2200, n)
    ranking = rng.permutation(n)
    place = np.empty(n)
    place[ranking] = np.arange(n)
    expected_tau = stats.kendalltau(place, -strength).statistic
    expected_rho = stats.spearmanr(place, -strength).statistic
    assert kendall_tau(ranking, strength) == pytest.approx(expected_tau)
    assert spearman_rho(ranking, strength) == pytest.approx(expected_rho)


def test_a_ranking_must_name_every_player_once():
    with pytest.raises(ValueError, match="exactly once"):
        kendall_tau(np.array([0, 0, 2, 3]), STRENGTH4)
    with pytest.raises(ValueError, match="exactly once"):
        ndcg(np.array([0, 1, 2]), STRENGTH4)


def test_paradoxical_results_are_wins_of_the_weaker_player():
    white = np.array([2000.0, 1500.0, 1800.0, 1600.0])
    black = np.array([1500.0, 2000.0, 1700.0, 1900.0])
    outcome = np.array([-1, 1, 0, -1])  # weaker black wins, weaker white wins, draw, stronger wins
    assert paradoxical_results(white, black, outcome) == 2


def test_absolute_colour_difference():
    assert absolute_colour_difference(np.array([1, -1, 2, 0, -2])) == 6
