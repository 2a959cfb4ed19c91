"""The package's own backends ("blossom", "priced") behind the public API.

Kept apart from `api` so that importing the package does not import numba:
small graphs go to rustworkx and never pay for loading compiled code. The
kernels themselves are imported when a run needs them, compiled or plain
(`kernels`); `plain` selects the plain-Python build (same answers).
"""

from __future__ import annotations

import numpy as np

from pairing.engine.matching import candidates, kernels
from pairing.engine.matching.certificate import check_matched_weights, free_dual
from pairing.engine.matching.priced import Priced, merge, solve_priced
from pairing.engine.matching.reference import rustworkx_pairs
from pairing.engine.matching.scan import Chunk, EdgeGraph, OracleGraph, allowed_weights, collect
from pairing.engine.matching.types import (
    CandidateHint,
    DualSolution,
    MatchingResult,
    WeightOracle,
)


def _weights_of(pairs: list[tuple[int, int]], source: WeightOracle | Chunk) -> np.ndarray:
    a = np.array([p[0] for p in pairs], dtype=np.int64)
    b = np.array([p[1] for p in pairs], dtype=np.int64)
    if isinstance(source, tuple):
        i, j, w = source
        lookup = dict(zip(zip(i.tolist(), j.tolist(), strict=True), w.tolist(), strict=True))
        return np.array([lookup[p] for p in pairs], dtype=np.int64)
    kept, _, weights = allowed_weights(source, a, b)
    if kept.size != a.size:
        raise RuntimeError("the oracle no longer allows a pair it allowed before")
    return weights


def _result(
    outcome: Priced, backend: str, source: WeightOracle | Chunk, plain: bool
) -> MatchingResult:
    run = outcome.run
    v = np.flatnonzero(run.mate > np.arange(run.n))
    pairs = list(zip(v.tolist(), run.mate[v].tolist(), strict=True))
    weights = _weights_of(pairs, source)
    check_matched_weights(run, v, run.mate[v], weights, plain=plain)
    c = free_dual(run) if run.problem == "maximum" else None
    return MatchingResult(
        pairs,
        int(sum(weights.tolist())),
        backend,
        int(outcome.edges[0].size),
        rounds=outcome.rounds,
        certified=outcome.certified,
        priced=outcome.priced,
        duals=DualSolution(2, run.shift, run, c),
    )


def _solve(
    n: int,
    start: Chunk,
    graph: OracleGraph | EdgeGraph,
    backend: str,
    source: WeightOracle | Chunk,
    plain: bool = False,
) -> MatchingResult:
    outcome = solve_priced(n, start, graph, plain=plain)
    if outcome.run.status == "broken":
        raise RuntimeError("the blossom solver reached an inconsistent state")
    if outcome.run.status != "done":
        i, j, w = source if isinstance(source, tuple) else collect(graph)
        pairs = rustworkx_pairs(n, i, j, w)
        lookup = dict(zip(zip(i.tolist(), j.tolist(), strict=True), w.tolist(), strict=True))
        return MatchingResult(
            pairs,
            sum(lookup[p] for p in pairs),
            "rustworkx",
            int(i.size),
            note=f"{backend}: the duals outgrew int64 headroom; solved by rustworkx",
        )
    return _result(outcome, backend, source, plain)


def solve_whole(n: int, whole: Chunk) -> MatchingResult:
    """ "blossom": the whole graph at once (certified against itself)."""
    return _solve(n, whole, EdgeGraph(n, *whole), "blossom", whole)


def solve_oracle_priced(oracle: WeightOracle, *, plain: bool = False) -> MatchingResult:
    """ "priced" on an oracle: start from its hint (or the heaviest edges per
    vertex) plus random partners, then price against the whole graph.
    `plain` needs the hint (the heaviest edges are found by a compiled scan);
    a plain solve that runs out of budget (`kernels.PLAIN_BUDGET`) is done
    again compiled, with the same answer."""
    n = int(oracle.n)
    graph = OracleGraph(oracle)
    if isinstance(oracle, CandidateHint):
        start = candidates.hinted(oracle)
    else:
        plain = False
        start = candidates.heaviest(graph)
    start = merge(n, start, candidates.random_partners(graph))
    if plain:
        try:
            return _solve(n, start, graph, "priced", oracle, plain=True)
        except kernels.get(True).OverBudget:
            graph = OracleGraph(oracle)  # afresh: the same checks as a compiled solve
    return _solve(n, start, graph, "priced", oracle)


def solve_edges_priced(n: int, whole: Chunk) -> MatchingResult:
    graph = EdgeGraph(n, *whole)
    start = merge(n, candidates.heaviest(graph), candidates.random_partners(graph))
    return _solve(n, start, graph, "priced", whole)
