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

The names below are imported when first used (and so are numpy and the
backends behind them): a module that needs only part of the package, such as
the FIDE engine's exact solver (`exact`), loads only that part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pairing.engine import lazy

if TYPE_CHECKING:
    from pairing.engine.matching.api import (
        auto_backend,
        matching_weight,
        max_weight_matching,
        max_weight_matching_result,
        solve,
        warm_up,
    )
    from pairing.engine.matching.backends import BACKENDS
    from pairing.engine.matching.scan import oracle_edges
    from pairing.engine.matching.types import (
        MAX_WEIGHT,
        CandidateHint,
        CertificateError,
        DualSolution,
        Edge,
        MatchingResult,
        WeightOracle,
    )

_HOME = {
    "BACKENDS": "backends",
    "MAX_WEIGHT": "types",
    "CandidateHint": "types",
    "CertificateError": "types",
    "DualSolution": "types",
    "Edge": "types",
    "MatchingResult": "types",
    "WeightOracle": "types",
    "auto_backend": "api",
    "matching_weight": "api",
    "max_weight_matching": "api",
    "max_weight_matching_result": "api",
    "oracle_edges": "scan",
    "solve": "api",
    "warm_up": "api",
}

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

__getattr__, __dir__ = lazy.names(__name__, _HOME)
