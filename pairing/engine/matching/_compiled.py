"""The numba-compiled kernels of the package's own backends, under the names
`_plain` gives their plain-Python counterparts (see `kernels`).

Importing this module imports numba; the first call of each kernel in a
process loads its machine code from numba's cache (compiling it first when
the cache is empty or stale).
"""

from __future__ import annotations

from pairing.engine.matching._blossom import (  # noqa: F401 (re-exported)
    _AUGMENTATIONS,
    _BLOSSOMS,
    _STATUS,
    _STEPS,
    EDGE_LIMIT,
    STATUS_BROKEN,
    STATUS_DONE,
    STATUS_OVERFLOW,
    STATUS_RUNNING,
    Core,
    extend_core,
    make_core,
    reopen,
    run,
)
from pairing.engine.matching._start import greedy_start, uniform_start  # noqa: F401
from pairing.engine.matching._treesum import blossoms_full, pair_blossom_sums  # noqa: F401


def arrays(c: Core) -> Core:
    """The state as numpy arrays (it already is)."""
    return c
