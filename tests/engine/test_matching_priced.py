"""The priced backend on weight oracles: Swiss-like rounds, hints, awkward
graphs, and what the result reports."""

from __future__ import annotations

import numpy as np
import pytest

from pairing.engine.matching import (
    MAX_WEIGHT,
    auto_backend,
    matching_weight,
    oracle_edges,
    solve,
    warm_up,
)
from pairing.engine.matching.certificate import dual_reduced_costs
from pairing.engine.matching.synthetic import swiss_like


class DenseOracle:
    """A graph from a symmetric weight matrix and a symmetric allowed mask."""

    def __init__(self, weight: np.ndarray, allowed: np.ndarray) -> None:
        self.n = weight.shape[0]
        self.weight = weight.astype(np.int64)
        self.mask = allowed

    def edge_weights(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.mask[i, j], self.weight[i, j]


class HintedDenseOracle(DenseOracle):
    def __init__(self, weight: np.ndarray, allowed: np.ndarray, hint: list[tuple[int, int]]):
        super().__init__(weight, allowed)
        self.hint = hint

    def candidate_edges(self) -> tuple[np.ndarray, np.ndarray]:
        return (
            np.array([a for a, _ in self.hint], dtype=np.int64),
            np.array([b for _, b in self.hint], dtype=np.int64),
        )


def symmetric(rng: np.random.Generator, n: int, low: int, high: int, density: float):
    w = np.triu(rng.integers(low, high, (n, n)), 1)
    a = np.triu(rng.random((n, n)) < density, 1)
    return w + w.T, a | a.T


def same_optimum(oracle, backends=("rustworkx", "blossom", "priced")) -> dict:
    results = {b: solve(oracle, backend=b) for b in backends}
    first = results[backends[0]]
    for b, r in results.items():
        assert (len(r.pairs), r.weight) == (len(first.pairs), first.weight), b
        ends = [v for p in r.pairs for v in p]
        assert len(ends) == len(set(ends))
    return results


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("n", [300, 301])
def test_swiss_like_rounds_agree_with_rustworkx(n: int, seed: int) -> None:
    results = same_optimum(swiss_like(n, rounds=5, seed=seed))
    priced = results["priced"]
    assert priced.backend == "priced"
    assert priced.certified
    assert priced.edges < n * (n - 1) // 4  # solved far fewer pairs than the whole graph
    assert priced.priced >= n * (n - 1) // 2 * priced.rounds * 0.5
    assert len(priced.pairs) == n // 2


def test_swiss_like_round_with_a_hint() -> None:
    oracle = swiss_like(300, rounds=6, seed=3, hint=True)
    results = same_optimum(oracle)
    assert results["priced"].certified


def test_pruning_that_loses_the_only_perfect_matching() -> None:
    """Heavy edges form two odd cliques; the only way to pair everybody is one
    light edge between them, which no heaviest-edges start contains."""
    n = 30
    w = np.zeros((n, n), dtype=np.int64)
    allowed = np.zeros((n, n), dtype=bool)
    left, right = range(0, 15), range(15, 30)
    for group in (left, right):
        for a in group:
            for b in group:
                if a != b:
                    w[a, b] = 1000 + a + b
                    allowed[a, b] = True
    w[3, 20] = w[20, 3] = -5000
    allowed[3, 20] = allowed[20, 3] = True
    oracle = HintedDenseOracle(w, allowed, [(a, b) for a in left for b in left if a < b])
    results = same_optimum(oracle)
    assert (3, 20) in results["priced"].pairs
    assert len(results["priced"].pairs) == 15
    assert results["priced"].rounds >= 2  # the first candidate graph had no perfect matching


def test_no_perfect_matching_anywhere() -> None:
    """Three odd components and isolated vertices: the priced backend switches
    to the maximum-cardinality problem and proves it."""
    rng = np.random.default_rng(4)
    n = 40
    w, allowed = symmetric(rng, n, -50, 50, 0.9)
    comp = np.repeat(np.arange(4), [9, 11, 13, 7])
    allowed &= comp[:, None] == comp[None, :]
    allowed[37:, :] = allowed[:, 37:] = False  # three isolated vertices
    results = same_optimum(DenseOracle(w, allowed))
    priced = results["priced"]
    assert priced.certified
    assert len(priced.pairs) == (9 // 2) + (11 // 2) + (13 // 2) + (4 // 2)
    assert priced.duals is not None and priced.duals.free_dual is not None


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_tiny_oracles(n: int) -> None:
    w = np.ones((n, n), dtype=np.int64)
    allowed = ~np.eye(n, dtype=bool)
    for backend in ("networkx", "rustworkx", "blossom", "priced"):
        result = solve(DenseOracle(w, allowed), backend=backend)
        assert len(result.pairs) == n // 2


def test_duals_reported_by_the_priced_backend_certify_the_whole_graph() -> None:
    oracle = swiss_like(200, rounds=4, seed=5)
    result = solve(oracle, backend="priced")
    edges = oracle_edges(oracle)
    i, j, w = (np.array([e[k] for e in edges], dtype=np.int64) for k in range(3))
    rc = dual_reduced_costs(result.duals, i, j, w)
    assert (rc >= 0).all()
    a = np.array([p[0] for p in result.pairs])
    b = np.array([p[1] for p in result.pairs])
    lookup = {(x, y): z for x, y, z in edges}
    assert (dual_reduced_costs(result.duals, a, b, [lookup[p] for p in result.pairs]) == 0).all()
    assert matching_weight(edges, result.pairs) == result.weight


def test_results_are_deterministic() -> None:
    oracle = swiss_like(150, rounds=3, seed=9)
    for backend in ("blossom", "priced"):
        assert solve(oracle, backend=backend) == solve(oracle, backend=backend)


def test_auto_choice_follows_the_measured_thresholds() -> None:
    assert auto_backend(50) == "rustworkx"
    assert auto_backend(299) == "rustworkx"
    assert auto_backend(300) == "priced"
    assert auto_backend(500, 500 * 3) == "blossom"
    assert auto_backend(500, 500 * 200) == "priced"
    assert solve(swiss_like(20, seed=1)).backend == "rustworkx"
    assert solve(swiss_like(400, seed=1)).backend == "priced"


def test_warm_up_runs() -> None:
    warm_up()


class FloatOracle(DenseOracle):
    def edge_weights(self, i, j):
        allowed, w = super().edge_weights(i, j)
        return allowed, w.astype(float)


class HugeOracle(DenseOracle):
    def edge_weights(self, i, j):
        allowed, w = super().edge_weights(i, j)
        return allowed, np.where((i == 1) & (j == 2), MAX_WEIGHT + 1, w)


class ShortOracle(DenseOracle):
    def edge_weights(self, i, j):
        allowed, w = super().edge_weights(i, j)
        return allowed[:-1], w


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (FloatOracle, "float64 weights; weights must be integers"),
        (HugeOracle, r"weight \d+ of pair \(1, 2\) is beyond the supported range"),
        (ShortOracle, "returned arrays of shape"),
    ],
)
@pytest.mark.parametrize("backend", ["rustworkx", "blossom", "priced"])
def test_bad_oracles_are_reported(cls, message: str, backend: str) -> None:
    n = 6
    w = np.ones((n, n), dtype=np.int64)
    allowed = ~np.eye(n, dtype=bool)
    with pytest.raises(ValueError, match=message):
        solve(cls(w, allowed), backend=backend)


def test_bad_hint_is_reported() -> None:
    n = 4
    oracle = HintedDenseOracle(np.ones((n, n), dtype=np.int64), ~np.eye(n, dtype=bool), [(0, 9)])
    with pytest.raises(ValueError, match=r"outside 0\.\.3"):
        solve(oracle, backend="priced")
