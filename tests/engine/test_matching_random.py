"""Random graphs: every backend agrees with networkx, and the duals prove it.

networkx's `max_weight_matching(maxcardinality=True)` is the reference for
cardinality and total weight (the pairs themselves may differ between
backends when several matchings are optimal).
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine.matching import max_weight_matching_result
from pairing.engine.matching.certificate import (
    cardinality_violations,
    check_matched_weights,
    check_run,
    reduced_costs,
)
from pairing.engine.matching.priced import solve_priced
from pairing.engine.matching.scan import EdgeGraph
from pairing.engine.matching.sparse import Solver, solve_edges

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Graph = tuple[int, np.ndarray, np.ndarray, np.ndarray]


@st.composite
def graphs(draw, max_n: int = 40) -> Graph:
    n = draw(st.one_of(st.integers(0, 8), st.integers(9, max_n), st.just(max_n)))
    density = draw(st.sampled_from([0.05, 0.2, 0.5, 0.9, 1.0]))
    seed = draw(st.integers(0, 2**32 - 1))
    style = draw(st.sampled_from(["small", "wide", "huge", "lexicographic", "ties"]))
    rng = np.random.default_rng(seed)
    a, b = np.triu_indices(n, 1)
    keep = rng.random(a.size) < density
    a, b = a[keep], b[keep]
    m = a.size
    if style == "small":
        w = rng.integers(-10, 11, m)
    elif style == "wide":
        w = rng.integers(-(10**6), 10**6, m)
    elif style == "huge":
        w = rng.integers(-(10**16), 10**16, m)
    elif style == "lexicographic":  # score, colour and system terms as one integer
        f2 = n * n + 1
        f1 = f2 * (3 * n + 1)
        w = -f1 * rng.integers(0, 4, m) - f2 * rng.integers(0, 3, m) - rng.integers(0, n + 1, m)
    else:
        w = np.zeros(m, dtype=np.int64) + rng.integers(0, 2, m)
    return n, a.astype(np.int64), b.astype(np.int64), w.astype(np.int64)


def reference(graph: Graph) -> tuple[int, int]:
    n, i, j, w = graph
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(zip(i.tolist(), j.tolist(), w.tolist(), strict=True))
    matching = nx.max_weight_matching(g, maxcardinality=True)
    return len(matching), sum(g[a][b]["weight"] for a, b in matching)


def edges_of(graph: Graph) -> list[tuple[int, int, int]]:
    _, i, j, w = graph
    return list(zip(i.tolist(), j.tolist(), w.tolist(), strict=True))


def is_matching(pairs: list[tuple[int, int]], graph: Graph) -> bool:
    _, i, j, _ = graph
    edges = set(zip(i.tolist(), j.tolist(), strict=True))
    ends = [v for p in pairs for v in p]
    return len(ends) == len(set(ends)) and all(p in edges for p in pairs)


@SETTINGS
@given(graphs())
def test_every_backend_finds_the_optimum(graph: Graph) -> None:
    expected = reference(graph)
    for backend in ("rustworkx", "blossom", "priced", "auto"):
        result = max_weight_matching_result(graph[0], edges_of(graph), backend=backend)
        assert is_matching(result.pairs, graph), backend
        assert (len(result.pairs), result.weight) == expected, backend


@SETTINGS
@given(graphs(max_n=60))
def test_priced_from_a_bad_start_reaches_the_whole_optimum(graph: Graph) -> None:
    """Start from the lightest edge at each vertex only: the certificate must
    pull in everything the optimum needs, cardinality included."""
    n, i, j, w = graph
    order = np.argsort(w, kind="stable")
    lightest = {}
    for k in order.tolist():
        lightest.setdefault(int(i[k]), k)
    start_k = np.array(sorted(set(lightest.values())), dtype=np.int64)
    start = (i[start_k], j[start_k], w[start_k])
    outcome = solve_priced(n, start, EdgeGraph(n, i, j, w))
    assert outcome.certified
    run = outcome.run
    v = np.flatnonzero(run.mate > np.arange(n))
    pairs = list(zip(v.tolist(), run.mate[v].tolist(), strict=True))
    lookup = dict(zip(zip(i.tolist(), j.tolist(), strict=True), w.tolist(), strict=True))
    assert is_matching(pairs, graph)
    assert (len(pairs), sum(lookup[p] for p in pairs)) == reference(graph)


@SETTINGS
@given(graphs())
def test_duals_certify_the_run(graph: Graph) -> None:
    """rc >= 0 on every edge, rc = 0 on matched edges, full blossoms, and
    either a perfect matching or equal single duals plus a Tutte-Berge witness."""
    n, i, j, w = graph
    run = solve_edges(n, i, j, w, problem="perfect")
    if not run.perfect:
        assert not cardinality_violations(run, i, j).any()
        run = solve_edges(n, i, j, w, problem="maximum")
    assert run.ok
    check_run(run)
    assert (reduced_costs(run, i, j, w, exact=True) >= 0).all()
    v = np.flatnonzero(run.mate > np.arange(n))
    lookup = dict(zip(zip(i.tolist(), j.tolist(), strict=True), w.tolist(), strict=True))
    weights = np.array([lookup[(a, int(run.mate[a]))] for a in v.tolist()], dtype=np.int64)
    check_matched_weights(run, v, run.mate[v], weights)
    assert (len(v), int(weights.sum())) == reference(graph)
    if run.problem == "maximum":
        single = run.mate < 0
        assert single.any()
        assert (run.dual[:n][single] == run.dual[:n][single][0]).all()
        assert (run.dual[:n] >= run.dual[:n][single][0]).all()


@SETTINGS
@given(graphs(max_n=30), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_warm_start_after_adding_edges(graph: Graph, batches: int, seed: int) -> None:
    """Adding edges to a solved graph and continuing gives the optimum of the
    larger graph (when it has a perfect matching) and valid duals."""
    n, i, j, w = graph
    order = np.random.default_rng(seed).permutation(i.size)
    parts = np.array_split(order, batches + 1)
    solver = Solver(n, "perfect")
    run = solver.solve(i[parts[0]], j[parts[0]], w[parts[0]])
    for k, part in enumerate(parts[1:], start=1):
        run = solver.extend(i[part], j[part], w[part])
        assert run.ok
        check_run(run)
        seen = np.concatenate(parts[: k + 1])
        sub = (n, i[seen], j[seen], w[seen])
        assert (reduced_costs(run, *sub[1:], exact=True) >= 0).all()
        card, weight = reference(sub)
        v = np.flatnonzero(run.mate > np.arange(n))
        assert len(v) == card
        if run.perfect:
            lookup = dict(
                zip(
                    zip(sub[1].tolist(), sub[2].tolist(), strict=True), sub[3].tolist(), strict=True
                )
            )
            assert sum(lookup[(a, int(run.mate[a]))] for a in v.tolist()) == weight


def test_numbers_beyond_int64_headroom_hand_over_to_rustworkx() -> None:
    """A sparse graph with weights near 2**56 whose duals outgrow the core's
    limits: the run says so, and the public call still returns the optimum."""
    rng = np.random.default_rng(0)
    n = 68
    a, b = np.triu_indices(n, 1)
    keep = rng.random(a.size) < 0.05
    w = rng.integers(-(2**56), 2**56, keep.sum())
    graph = (n, a[keep].astype(np.int64), b[keep].astype(np.int64), w)
    assert solve_edges(*graph).status == "overflow"
    result = max_weight_matching_result(n, edges_of(graph), backend="blossom")
    assert result.backend == "rustworkx"
    assert "rustworkx" in result.note
    assert (len(result.pairs), result.weight) == reference(graph)
