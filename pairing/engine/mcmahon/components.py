"""Rule deviations and weights of the elementary components.

Every function works on numpy arrays (elementwise) and on plain numbers.
Section numbers refer to G. Kaniuk, "Weights in McMahon pairing - revised"
(2015). The uneven, area and colour components have their own modules.
"""

from __future__ import annotations

import numpy as np

from .config import GradeCurve


def sech_weight(shape, deviation):
    """Equation (1): w = sech(lambda * delta), computed without overflow."""
    x = np.abs(np.asarray(shape, dtype=float) * np.asarray(deviation, dtype=float))
    return 1.0 / np.cosh(np.minimum(x, 700.0))  # cosh(700) is still finite


def grade_factor(curve: GradeCurve, grade):
    """Section 11: the grade-dependent factor of a shape parameter, lifted by
    the curve's floor (floor 0 gives the paper's forms exactly)."""
    z = curve.steepness * (np.asarray(grade, dtype=float) - curve.centre)
    if curve.kind == "rising":
        shape = 0.5 * (1.0 + np.tanh(z))
    elif curve.kind == "falling":
        shape = 0.5 * (1.0 - np.tanh(z))
    else:
        shape = sech_weight(1.0, z)
    return curve.floor + (1.0 - curve.floor) * shape


def mms_deviation(m_i, m_j):
    """Section 3.1: delta_mms = m_i - m_j (applied to every pair)."""
    return np.asarray(m_i, dtype=float) - np.asarray(m_j, dtype=float)


def band_deviation(b_i, b_j):
    """Section 3.2: delta_band = b_i - b_j."""
    return np.asarray(b_i, dtype=float) - np.asarray(b_j, dtype=float)


def even_deviation(strategy: str, s_i, s_j):
    """Section 4: deviation of a pair inside one McMahon group, seeds in
    [0, 1] (1 the strongest). The split strategies use the "-ex" forms that
    give a pair of strong players a larger deviation than a pair of weak ones."""
    s_i = np.asarray(s_i, dtype=float)
    s_j = np.asarray(s_j, dtype=float)
    total = s_i + s_j
    extra = 1.0 + 0.5 * total
    if strategy == "random":
        return np.zeros(np.broadcast(s_i, s_j).shape)
    if strategy == "fine-grain":
        return s_i - s_j
    if strategy == "split-fold":
        return np.abs(total - 1.0) * extra
    if strategy == "split-match":
        return np.abs(np.abs(s_i - s_j) - 0.5) * extra
    if strategy == "split-mix":
        delta = (s_i - 0.5) * (s_j - 0.5)
        return np.where(delta <= 0, 0.0, delta * extra)
    raise ValueError(f"unknown even strategy {strategy!r}")


def play_in_deviation(group_i, group_j, count_i, count_j, rounds: int):
    """Section 8: 0 for the same play-in group (outsiders share group 0),
    else (2r + 1 - P_i - P_j) / (2r + 1)."""
    same = np.asarray(group_i) == np.asarray(group_j)
    value = (2 * rounds + 1 - np.asarray(count_i) - np.asarray(count_j)) / (2 * rounds + 1)
    return np.where(same, 0.0, value)


def play_out_deviation(group_i, group_j, count_i, count_j, rounds: int):
    """Section 9: 0 for different play-out groups, else
    (2r + 1 - P_i - P_j) / (2r + 1). Players in no play-out group (group 0)
    are in no group together, so their pairs have deviation 0."""
    group_i = np.asarray(group_i)
    same = (group_i == np.asarray(group_j)) & (group_i != 0)
    value = (2 * rounds + 1 - np.asarray(count_i) - np.asarray(count_j)) / (2 * rounds + 1)
    return np.where(same, value, 0.0)
