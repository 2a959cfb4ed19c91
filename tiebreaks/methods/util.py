"""Small numeric helpers shared by the methods."""

from __future__ import annotations

import numpy as np


def round_half_up(values: np.ndarray, decimals: int = 0) -> np.ndarray:
    """Round half up (as FIDE tables do: 1887.5 -> 1888), keeping NaN.

    A tiny epsilon absorbs binary noise such as 2.675 stored as 2.67499...
    """
    scale = 10.0**decimals
    with np.errstate(invalid="ignore"):
        return np.floor(np.asarray(values, dtype=np.float64) * scale + 0.5 + 1e-9) / scale


def row_mean(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Mean of the masked cells per row; NaN for rows without any."""
    count = mask.sum(axis=1)
    total = np.where(mask, values, 0.0).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(count > 0, total / np.maximum(count, 1), np.nan)
