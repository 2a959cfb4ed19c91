"""The whole graph, read in vectorised chunks of pairs.

`OracleGraph` reads a `WeightOracle` row block by row block (upper triangle)
and, when the packed upper triangle of weights fits in `cache_bytes`, keeps
it: later passes (the certificate checks of the "priced" backend) then read
memory instead of calling the oracle again. `EdgeGraph` wraps an explicit
edge list. Both give `chunks()`: (i, j, w) arrays of allowed pairs, i < j,
with checked integer weights; `packed()` is the cached triangle or None.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from pairing.engine.matching.types import NO_EDGE, Edge, WeightOracle, check_weights

Chunk = tuple[np.ndarray, np.ndarray, np.ndarray]

CHUNK = 1 << 20  # pairs per oracle call
CACHE_BYTES = 1 << 30  # the packed triangle of 16,000 vertices needs 1 GiB


def upper_pairs(n: int, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """All pairs (i, j) with start <= i < stop and i < j < n, row by row."""
    rows = np.arange(start, stop, dtype=np.int64)
    counts = n - 1 - rows
    total = int(counts.sum())
    i = np.repeat(rows, counts)
    offsets = np.cumsum(counts) - counts
    j = np.arange(total, dtype=np.int64) - np.repeat(offsets - rows - 1, counts)
    return i, j


def row_offset(n: int, row: int) -> int:
    """Position of pair (row, row + 1) in the packed upper triangle."""
    return row * (2 * n - row - 1) // 2


def row_blocks(n: int, chunk: int) -> Iterator[tuple[int, int]]:
    """Row ranges [start, stop) holding about `chunk` upper-triangle pairs each."""
    start = 0
    while start < n - 1:
        stop = start + 1
        pairs = n - 1 - start
        while stop < n - 1 and pairs + (n - 1 - stop) <= chunk:
            pairs += n - 1 - stop
            stop += 1
        yield start, stop
        start = stop


def oracle_block(
    oracle: WeightOracle, i: np.ndarray, j: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(allowed, weight) for the pairs (i, j), checked: shapes, integer
    weights within MAX_WEIGHT on allowed pairs."""
    allowed, weight = oracle.edge_weights(i, j)
    allowed = np.asarray(allowed, dtype=bool)
    weight = np.asarray(weight)
    if allowed.shape != i.shape or weight.shape != i.shape:
        raise ValueError(
            f"edge_weights returned arrays of shape {allowed.shape} and {weight.shape} "
            f"for {i.size} pairs"
        )
    if weight.dtype.kind not in "iu":
        raise ValueError(f"edge_weights returned {weight.dtype} weights; weights must be integers")
    check_weights(weight, i, j, source="edge_weights", where=allowed)
    return allowed, weight.astype(np.int64, copy=False)


def allowed_weights(oracle: WeightOracle, i: np.ndarray, j: np.ndarray) -> Chunk:
    """The allowed pairs among (i, j) with their checked integer weights."""
    allowed, weight = oracle_block(oracle, i, j)
    keep = np.flatnonzero(allowed)
    return i[keep], j[keep], weight[keep]


class OracleGraph:
    def __init__(
        self, oracle: WeightOracle, *, chunk: int = CHUNK, cache_bytes: int = CACHE_BYTES
    ) -> None:
        self.oracle = oracle
        self.n = int(oracle.n)
        self.chunk = chunk
        pairs = self.n * (self.n - 1) // 2
        self._packed = np.empty(pairs, dtype=np.int64) if 8 * pairs <= cache_bytes else None
        self._complete = False

    def packed(self) -> np.ndarray | None:
        return self._packed if self._complete else None

    def chunks(self) -> Iterator[Chunk]:
        n = self.n
        for start, stop in row_blocks(n, self.chunk):
            i, j = upper_pairs(n, start, stop)
            if self._complete:
                weight = self._packed[row_offset(n, start) : row_offset(n, stop)]
                allowed = weight != NO_EDGE
            else:
                allowed, weight = oracle_block(self.oracle, i, j)
                if self._packed is not None:
                    self._packed[row_offset(n, start) : row_offset(n, stop)] = np.where(
                        allowed, weight, NO_EDGE
                    )
            keep = np.flatnonzero(allowed)
            yield i[keep], j[keep], weight[keep]
        if self._packed is not None:
            self._complete = True


class EdgeGraph:
    def __init__(
        self, n: int, i: np.ndarray, j: np.ndarray, w: np.ndarray, *, chunk: int = CHUNK
    ) -> None:
        self.n = n
        self.edges = (i, j, w)
        self.chunk = chunk

    def packed(self) -> None:
        return None

    def chunks(self) -> Iterator[Chunk]:
        i, j, w = self.edges
        for start in range(0, i.size, self.chunk):
            stop = start + self.chunk
            yield i[start:stop], j[start:stop], w[start:stop]


def collect(graph: OracleGraph | EdgeGraph) -> Chunk:
    """The whole graph as one (i, j, w) triple."""
    parts = list(graph.chunks())
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), empty.copy()
    if len(parts) == 1:
        return parts[0]
    i, j, w = (np.concatenate(p) for p in zip(*parts, strict=True))
    return i, j, w


def oracle_edges(oracle: WeightOracle, *, chunk: int = CHUNK) -> list[Edge]:
    """Every edge of the oracle's graph as (i, j, weight) tuples."""
    i, j, w = collect(OracleGraph(oracle, chunk=chunk, cache_bytes=0))
    return list(zip(i.tolist(), j.tolist(), w.tolist(), strict=True))
