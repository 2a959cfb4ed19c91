"""Maximum-weight matching for the pairing engines.

Vertices 0..n-1, integer weights with |w| <= MAX_WEIGHT (2**60; larger raises
ValueError). The answer is always a matching of maximum cardinality and,
among those, of maximum total weight; every backend is exact and
deterministic.

- `solve(oracle)`: the graph given by a `WeightOracle` (weights computed with
  numpy over index arrays, the whole near-complete graph of a round).
- `max_weight_matching(n, edges)`: an explicit edge list, returns the pairs.

See `api` for the backends and `certificate` for why the sparse "priced"
backend's answers are optimal for the whole graph.
"""

from pairing.engine.matching.api import (
    auto_backend,
    matching_weight,
    max_weight_matching,
    max_weight_matching_result,
    solve,
    warm_up,
)
from pairing.engine.matching.scan import oracle_edges
from pairing.engine.matching.types import (
    BACKENDS,
    MAX_WEIGHT,
    CandidateHint,
    CertificateError,
    DualSolution,
    Edge,
    MatchingResult,
    WeightOracle,
)

__all__ = [
    "BACKENDS",
    "MAX_WEIGHT",
    "CandidateHint",
    "CertificateError",
    "DualSolution",
    "Edge",
    "MatchingResult",
    "WeightOracle",
    "auto_backend",
    "matching_weight",
    "max_weight_matching",
    "max_weight_matching_result",
    "oracle_edges",
    "solve",
    "warm_up",
]
