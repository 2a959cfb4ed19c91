"""Milvang's outcome model against the published check rows (NOTES.md section 1)."""

from __future__ import annotations

import numpy as np
import pytest

from pairing.simulation.milvang import (
    black_win_probability,
    draw_results,
    outcome_probabilities,
    white_win_probability,
)

# white rating, black rating, white win %, draw %, black win %
CHECK_ROWS = [
    (1200, 1400, 26.3, 16.9, 56.8),
    (2200, 2400, 14.1, 30.9, 55.0),
    (2400, 2200, 63.4, 26.2, 10.4),
    (2467, 2344, 51.1, 35.1, 13.8),  # Milvang's own example
]


@pytest.mark.parametrize(("white", "black", "pw", "pd", "pb"), CHECK_ROWS)
def test_check_rows_to_a_tenth_of_a_percent(white, black, pw, pd, pb):
    o = outcome_probabilities(white, black)
    assert o.white_win * 100 == pytest.approx(pw, abs=0.1)
    assert o.draw * 100 == pytest.approx(pd, abs=0.1)
    assert o.black_win * 100 == pytest.approx(pb, abs=0.1)


def test_probabilities_form_a_distribution_over_the_paper_range():
    ratings = np.arange(1400, 2201, 50, dtype=float)
    w, b = np.meshgrid(ratings, ratings)
    pw, pb = white_win_probability(w, b), black_win_probability(w, b)
    pd = 1 - pw - pb
    assert (pw >= 0).all() and (pb >= 0).all()
    assert round(pd.min() * 100, 1) == 1.1  # NOTES: never negative, minimum 1.1%


def test_far_apart_ratings_saturate():
    assert white_win_probability(2800, 1000) == 1.0
    assert black_win_probability(1000, 2800) == 1.0


def test_draws_follow_the_probabilities():
    rng = np.random.default_rng(1)
    n = 200_000
    results = draw_results(np.full(n, 2400.0), np.full(n, 2200.0), rng)
    assert (results == 1).mean() == pytest.approx(0.634, abs=0.005)
    assert (results == 0).mean() == pytest.approx(0.262, abs=0.005)
