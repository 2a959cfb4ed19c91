"""Public entry points: `solve(oracle)` and `max_weight_matching(n, edges)`.

Backends (all exact, all deterministic):
- "networkx": networkx's blossom algorithm, the reference (slow).
- "rustworkx": the same algorithm in Rust, on the whole graph.
- "blossom": this package's primal-dual blossom algorithm (numba) on the
  whole graph; returns the optimal duals and checks their certificate.
- "priced": the same algorithm on a sparse candidate graph, proven optimal
  for the whole graph by LP duality and grown until it is (`priced`).
- "auto": chosen from the measurements in bench/matching.py: "rustworkx"
  below AUTO_OWN vertices, "priced" from there on; for explicit edge lists
  "blossom" from AUTO_OWN on, or "priced" when the list is dense (more than
  AUTO_DENSE edges per vertex). Below AUTO_OWN rustworkx needs at most a few
  tens of milliseconds, while the first use of the compiled backends in a
  process costs about half a second of CPU (importing numba and loading its
  cache; `warm_up()` pays it ahead).
- "priced" on an oracle with a candidate hint (the Swiss engine's rounds)
  runs its kernels as plain Python up to PLAIN_UP_TO vertices where asked
  for, as the command line pairing one round asks (`kernels`): the same
  algorithm, the same answer, and below that size a round costs less than
  loading numba does.
When the int64 solver cannot hold an instance's numbers it hands over to
"rustworkx" on the whole graph; the result's `note` says so.
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.matching import kernels
from pairing.engine.matching.backends import BACKENDS
from pairing.engine.matching.reference import networkx_pairs, rustworkx_pairs
from pairing.engine.matching.scan import Chunk, OracleGraph, collect
from pairing.engine.matching.types import (
    CandidateHint,
    Edge,
    MatchingResult,
    WeightOracle,
    edge_arrays,
)

AUTO_OWN = 300
AUTO_DENSE = 32
PLAIN_UP_TO = 1500


def _check_backend(backend: str) -> None:
    if backend != "auto" and backend not in BACKENDS:
        raise ValueError(
            f"unknown matching backend {backend!r}; choose one of {('auto', *BACKENDS)}"
        )


def _library(n: int, graph: Chunk, backend: str) -> MatchingResult:
    i, j, w = graph
    pairs = networkx_pairs(n, i, j, w) if backend == "networkx" else rustworkx_pairs(n, i, j, w)
    lookup = dict(zip(zip(i.tolist(), j.tolist(), strict=True), w.tolist(), strict=True))
    return MatchingResult(pairs, sum(lookup[p] for p in pairs), backend, int(i.size))


def auto_backend(n: int, edges: int | None = None) -> str:
    """The backend "auto" picks for n vertices (and, for an explicit list, its edges)."""
    if n < AUTO_OWN:
        return "rustworkx"
    if edges is not None and edges <= AUTO_DENSE * n:
        return "blossom"
    return "priced"


def solve(oracle: WeightOracle, *, backend: str = "auto") -> MatchingResult:
    """Maximum-cardinality, maximum-weight matching of the oracle's graph."""
    _check_backend(backend)
    n = int(oracle.n)
    if backend == "auto":
        backend = auto_backend(n)
    if backend == "priced":
        # Here, not at the top: `own` loads the matching's kernels, which small
        # rounds (rustworkx) never need.
        from pairing.engine.matching.own import solve_oracle_priced

        return solve_oracle_priced(oracle, plain=use_plain(oracle))
    whole = collect(OracleGraph(oracle, cache_bytes=0))
    if backend == "blossom":
        from pairing.engine.matching.own import solve_whole

        return solve_whole(n, whole)
    return _library(n, whole, backend)


def use_plain(oracle: WeightOracle) -> bool:
    """Whether "priced" runs its kernels as plain Python for this oracle."""
    return (
        int(oracle.n) <= PLAIN_UP_TO
        and isinstance(oracle, CandidateHint)
        and kernels.plain_wanted()
    )


def max_weight_matching(
    n: int, edges: Iterable[Edge], *, backend: str = "auto"
) -> list[tuple[int, int]]:
    """Sorted (i, j), i < j, of a maximum-cardinality matching of maximum
    total weight on vertices 0..n-1 (repeated pairs count at their heaviest)."""
    return max_weight_matching_result(n, edges, backend=backend).pairs


def max_weight_matching_result(
    n: int, edges: Iterable[Edge], *, backend: str = "auto"
) -> MatchingResult:
    """`max_weight_matching` with the full `MatchingResult`."""
    _check_backend(backend)
    graph = edge_arrays(n, edges)
    if backend == "auto":
        backend = auto_backend(n, int(graph[0].size))
    if backend in ("networkx", "rustworkx"):
        return _library(n, graph, backend)
    from pairing.engine.matching.own import solve_edges_priced, solve_whole  # numba: see above

    return solve_whole(n, graph) if backend == "blossom" else solve_edges_priced(n, graph)


def warm_up() -> None:
    """Load the compiled code of the "blossom" and "priced" backends now
    (compiling it first if the cache is empty), so that the first real call
    in this process does not pay for it."""
    max_weight_matching(4, [(0, 1, 1), (1, 2, 2), (2, 3, 1)], backend="blossom")
    max_weight_matching(4, [(0, 1, 1), (1, 2, 2), (2, 3, 1)], backend="priced")
    from pairing.engine.matching.synthetic import swiss_like

    solve(swiss_like(12, rounds=1), backend="priced")


def matching_weight(edges: Iterable[Edge], pairs: Iterable[tuple[int, int]]) -> int:
    """Total weight of `pairs` under `edges` (raises KeyError for a pair that is no edge)."""
    weight = {(min(i, j), max(i, j)): w for i, j, w in edges}
    return sum(weight[(min(i, j), max(i, j))] for i, j in pairs)
