"""Small numpy helpers shared by the engines."""

from __future__ import annotations

import numpy as np


def unique(values: np.ndarray) -> np.ndarray:
    """The sorted distinct values of a 1-d integer array, as `np.unique` gives
    them. numpy's own `unique` imports `numpy.ma` on its first call without
    options, which costs a command line about 10 ms of its start."""
    a = np.sort(np.asarray(values).ravel())
    if a.size < 2:
        return a
    keep = np.empty(a.size, dtype=bool)
    keep[0] = True
    np.not_equal(a[1:], a[:-1], out=keep[1:])
    return a[keep]
