"""Shared types of the matching package: the weight oracle, the result, input checks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

if TYPE_CHECKING:
    from pairing.engine.matching.sparse import Run

Edge = tuple[int, int, int]

# Weight range. Every backend accepts integer weights with |w| <= MAX_WEIGHT
# (2**60, about 1.15e18) and refuses larger ones with a ValueError naming the
# pair. The package's own int64 solver ("blossom", "priced") subtracts the
# middle of the weight range first and needs headroom for its duals: it runs
# when the weights of the edges it solves span at most 2**58 and every dual
# stays within 2**59 (checked at every step, so no sum ever exceeds int64).
# Weights up to 1e16 in magnitude have always fitted in the tests; sparse
# graphs with weights near 2**56 can outgrow it (tested). When it does not
# fit, the call hands over to rustworkx (128-bit integers) on the whole graph
# and says so in `MatchingResult.note`: the answer is exact either way.
MAX_WEIGHT = 1 << 60


# A pair that is not allowed, in the packed cache of a whole graph's weights:
# below every accepted weight, and so low that its reduced cost is always
# positive yet still fits in int64 (|duals| <= 2**59, |shift| <= 2**60).
NO_EDGE = -(1 << 61)


class WeightOracle(Protocol):
    """A graph on vertices 0..n-1 given by a vectorised weight function.

    Optionally an oracle may also define `candidate_edges() -> (i, j)`: index
    arrays of pairs likely to be in the optimum (for example same and
    adjacent score groups). The "priced" backend starts from them, proves the
    result optimal for the whole graph and adds pairs as needed, so a poor
    hint costs time, never correctness."""

    n: int

    def edge_weights(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For equal-length index arrays with i < j elementwise, return
        (allowed: bool array, weight: int64 array). Weights of pairs that are
        not allowed are ignored."""
        ...


@runtime_checkable
class CandidateHint(Protocol):
    def candidate_edges(self) -> tuple[np.ndarray, np.ndarray]: ...


class CertificateError(RuntimeError):
    """A finished run does not satisfy its own optimality conditions (a bug)."""


@dataclass(frozen=True, slots=True)
class DualSolution:
    """Optimal duals behind a certified result, for explanations and checks.

    `certificate.dual_reduced_costs(duals, i, j, w)` gives scale * rc per pair, with
    rc = y_a + y_b + sum(z_B : a, b in B) - (w - shift), exact integers; rc >= 0
    on every allowed pair and rc = 0 on the matched ones is the certificate
    (see `pairing.engine.matching.certificate`). free_dual: the common dual
    (times scale) of the single vertices when the graph has no perfect
    matching, else None."""

    scale: int
    shift: int
    run: Run
    free_dual: int | None


@dataclass(frozen=True, slots=True)
class MatchingResult:
    """A maximum-cardinality, maximum-weight matching and how it was found.

    pairs: sorted (i, j) with i < j. weight: their total weight.
    backend: the backend that produced the pairs. edges: edges in the graph
    that backend solved (for "priced": the final candidate graph).
    rounds: solve-and-price rounds ("priced"; 1 otherwise). certified: an
    LP-duality certificate over the whole graph was checked (see
    `pairing.engine.matching.certificate`). priced: pairs of the whole graph
    examined by certificate checks. note: why a backend handed over to another.
    duals: the optimal dual solution when the backend has one."""

    pairs: list[tuple[int, int]]
    weight: int
    backend: str
    edges: int
    rounds: int = 1
    certified: bool = False
    priced: int = 0
    note: str = ""
    duals: DualSolution | None = field(default=None, compare=False, repr=False)


def check_weights(
    weight: np.ndarray,
    i: np.ndarray,
    j: np.ndarray,
    *,
    source: str,
    where: np.ndarray | None = None,
) -> None:
    """Raise ValueError when weights are not integers or exceed MAX_WEIGHT
    (with `where`, a boolean mask: only the weights of the pairs it marks)."""
    if weight.dtype.kind not in "iu":
        raise ValueError(f"{source} returned {weight.dtype} weights; weights must be integers")
    if weight.size == 0:
        return
    if weight.dtype.kind == "u":
        too_big = weight > MAX_WEIGHT
    else:
        too_big = (weight > MAX_WEIGHT) | (weight < -MAX_WEIGHT)
    if where is not None:
        too_big &= where
    if too_big.any():
        k = int(np.flatnonzero(too_big)[0])
        raise ValueError(
            f"{source}: weight {int(weight[k])} of pair ({int(i[k])}, {int(j[k])}) is beyond "
            f"the supported range |w| <= 2**60"
        )


def edge_arrays(n: int, edges: Iterable[Edge]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validated (i, j, w) arrays with i < j, one entry per pair (the heaviest
    of repeated pairs). Raises ValueError naming the offending edge."""
    if n < 0:
        raise ValueError(f"the number of vertices must be >= 0, not {n}")
    rows = edges if isinstance(edges, list) else list(edges)
    arr = _as_int_table(rows)
    if arr is None or not _in_range(n, arr):
        _explain(n, rows)  # raises, naming the first bad edge
    if arr.shape[0] == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), empty.copy()
    lo = np.minimum(arr[:, 0], arr[:, 1])
    hi = np.maximum(arr[:, 0], arr[:, 1])
    w = arr[:, 2]
    order = np.lexsort((-w, hi, lo))
    lo, hi, w = lo[order], hi[order], w[order]
    keep = np.ones(lo.size, dtype=bool)
    keep[1:] = (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])
    return lo[keep], hi[keep], w[keep]


def _as_int_table(rows: list) -> np.ndarray | None:
    """The edges as an (m, 3) int64 array when numpy reads them as integers."""
    if not rows:
        return np.zeros((0, 3), dtype=np.int64)
    try:
        arr = np.array(rows)
    except (TypeError, ValueError, OverflowError):
        return None
    if arr.dtype.kind not in "iub" or arr.ndim != 2 or arr.shape[1] != 3:
        return None
    return arr.astype(np.int64)


def _in_range(n: int, arr: np.ndarray) -> bool:
    if arr.shape[0] == 0:
        return True
    ends = arr[:, :2]
    return bool(
        (ends >= 0).all()
        and (ends < n).all()
        and (arr[:, 0] != arr[:, 1]).all()
        and (np.abs(arr[:, 2]) <= MAX_WEIGHT).all()
    )


def _explain(n: int, rows: list) -> None:
    for k, edge in enumerate(rows):
        try:
            a, b, w = edge
        except (TypeError, ValueError):
            raise ValueError(f"edge {k} {edge!r}: expected (i, j, weight)") from None
        for x in (a, b, w):
            if not isinstance(x, (int, np.integer)):
                raise ValueError(f"edge {k} {edge!r}: vertices and weights must be integers")
        if not (0 <= a < n and 0 <= b < n):
            raise ValueError(f"edge {k} {edge!r}: vertices must lie in 0..{n - 1}")
        if a == b:
            raise ValueError(f"edge {k} {edge!r}: a vertex cannot be paired with itself")
        if abs(int(w)) > MAX_WEIGHT:
            raise ValueError(f"edge {k} {edge!r}: weight beyond the supported range |w| <= 2**60")
    raise ValueError("the edges could not be read as (i, j, weight) integer triples")
