"""Maximum-weight matching on small hand-made graphs, every backend.

The reference is an exhaustive search (`best_by_search`), independent of
every backend under test.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from pairing.engine.matching import (
    BACKENDS,
    MAX_WEIGHT,
    max_weight_matching,
    max_weight_matching_result,
)
from pairing.engine.matching.sparse import solve_edges

ALL = (*BACKENDS, "auto")


def best_by_search(n: int, edges: list[tuple[int, int, int]]) -> tuple[int, int]:
    """(cardinality, weight) of the best matching, by trying every matching."""
    weight: dict[tuple[int, int], int] = {}
    for a, b, w in edges:
        key = (min(a, b), max(a, b))
        weight[key] = max(w, weight.get(key, w))

    @cache
    def best(used: frozenset[int], v: int) -> tuple[int, int]:
        while v < n and v in used:
            v += 1
        if v >= n:
            return (0, 0)
        top = best(used | {v}, v + 1)  # v stays single
        for u in range(v + 1, n):
            if u not in used and (v, u) in weight:
                card, w = best(used | {v, u}, v + 1)
                top = max(top, (card + 1, w + weight[(v, u)]))
        return top

    return best(frozenset(), 0)


def check(n: int, edges: list[tuple[int, int, int]], backend: str) -> list[tuple[int, int]]:
    pairs = max_weight_matching(n, edges, backend=backend)
    seen = [v for p in pairs for v in p]
    assert len(seen) == len(set(seen)), "a vertex is matched twice"
    weight = {(min(a, b), max(a, b)): w for a, b, w in edges}
    assert all(p in weight and p[0] < p[1] for p in pairs)
    assert pairs == sorted(pairs)
    assert (len(pairs), sum(weight[p] for p in pairs)) == best_by_search(n, edges)
    return pairs


@pytest.mark.parametrize("backend", ALL)
@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_no_edges(backend: str, n: int) -> None:
    assert check(n, [], backend) == []


@pytest.mark.parametrize("backend", ALL)
def test_single_edge_and_isolated_vertices(backend: str) -> None:
    assert check(5, [(3, 1, -7)], backend) == [(1, 3)]


@pytest.mark.parametrize("backend", ALL)
def test_triangle_takes_its_heaviest_edge(backend: str) -> None:
    assert check(3, [(0, 1, 4), (1, 2, 6), (0, 2, 5)], backend) == [(1, 2)]


@pytest.mark.parametrize("backend", ALL)
def test_cardinality_comes_before_weight(backend: str) -> None:
    # the middle edge alone weighs 10, but two edges beat one
    assert check(4, [(0, 1, 1), (1, 2, 10), (2, 3, 1)], backend) == [(0, 1), (2, 3)]


@pytest.mark.parametrize("backend", ALL)
def test_negative_and_zero_weights(backend: str) -> None:
    edges = [(0, 1, -5), (1, 2, 0), (2, 3, -5), (3, 0, 0), (0, 2, -1)]
    assert check(4, edges, backend) == [(0, 3), (1, 2)]


@pytest.mark.parametrize("backend", ALL)
def test_odd_cycle_with_a_tail_needs_a_blossom(backend: str) -> None:
    # a 5-cycle 0..4 and vertex 5 hanging on 2: the best perfect matching uses
    # the tail and pairs the rest of the cycle around it
    edges = [(0, 1, 8), (1, 2, 8), (2, 3, 8), (3, 4, 8), (4, 0, 8), (2, 5, 1)]
    pairs = check(6, edges, backend)
    assert (2, 5) in pairs


@pytest.mark.parametrize("backend", ALL)
def test_nested_blossoms(backend: str) -> None:
    edges = [
        (0, 2, 2),
        (0, 5, 3),
        (0, 6, 4),
        (1, 3, 6),
        (1, 5, 3),
        (1, 7, 2),
        (2, 4, 2),
        (2, 5, 5),
        (2, 6, 8),
        (2, 7, 8),
        (3, 4, 8),
        (3, 5, 8),
        (3, 6, 4),
        (4, 7, 5),
        (5, 6, 2),
        (5, 7, 9),
        (6, 7, 8),
    ]
    check(8, edges, backend)


def test_nested_blossoms_are_built() -> None:
    """The graph above really ends with a blossom inside a blossom."""
    edges = [
        (0, 2, 2),
        (0, 5, 3),
        (0, 6, 4),
        (1, 3, 6),
        (1, 5, 3),
        (1, 7, 2),
        (2, 4, 2),
        (2, 5, 5),
        (2, 6, 8),
        (2, 7, 8),
        (3, 4, 8),
        (3, 5, 8),
        (3, 6, 4),
        (4, 7, 5),
        (5, 6, 2),
        (5, 7, 9),
        (6, 7, 8),
    ]
    i, j, w = (np.array([e[k] for e in edges]) for k in range(3))
    run = solve_edges(8, i, j, w)
    assert run.perfect
    blossoms = [b for b in range(8, 16) if run.live[b]]
    assert any(run.parent[b] >= 8 for b in blossoms)


@pytest.mark.parametrize("backend", ALL)
def test_two_odd_components_leave_two_vertices_single(backend: str) -> None:
    edges = [(0, 1, 3), (1, 2, 4), (0, 2, 5), (3, 4, 1), (4, 5, 2), (3, 5, 9)]
    assert check(6, edges, backend) == [(0, 2), (3, 5)]


@pytest.mark.parametrize("backend", ALL)
def test_star_matches_one_edge(backend: str) -> None:
    edges = [(0, k, k) for k in range(1, 7)]
    assert check(7, edges, backend) == [(0, 6)]


@pytest.mark.parametrize("backend", ALL)
def test_large_weights_keep_exact_differences(backend: str) -> None:
    big = 10**16
    edges = [(0, 1, big), (2, 3, big), (0, 2, big + 1), (1, 3, big - 2), (0, 3, -big)]
    # {01, 23} = 2 big; {02, 13} = 2 big - 1
    assert check(4, edges, backend) == [(0, 1), (2, 3)]


@pytest.mark.parametrize("backend", ALL)
def test_repeated_pairs_count_at_their_heaviest(backend: str) -> None:
    edges = [(0, 1, 1), (1, 0, 7), (2, 3, 2), (0, 2, 5), (1, 3, 3)]
    result = max_weight_matching_result(4, edges, backend=backend)
    assert result.pairs == [(0, 1), (2, 3)]
    assert result.weight == 9


@pytest.mark.parametrize(
    ("edges", "message"),
    [
        ([(0, 0, 1)], "cannot be paired with itself"),
        ([(0, 4, 1)], "must lie in 0..3"),
        ([(0, 1, 1.5)], "must be integers"),
        ([(0, 1)], "expected \\(i, j, weight\\)"),
        ([(0, 1, MAX_WEIGHT + 1)], "beyond the supported range"),
    ],
)
def test_bad_edges_are_named(edges: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        max_weight_matching(4, edges)


def test_unknown_backend() -> None:
    with pytest.raises(ValueError, match="unknown matching backend 'lemon'"):
        max_weight_matching(2, [(0, 1, 1)], backend="lemon")


def test_weights_at_the_limit_are_exact() -> None:
    edges = [
        (0, 1, MAX_WEIGHT),
        (2, 3, -MAX_WEIGHT),
        (0, 2, MAX_WEIGHT - 1),
        (1, 3, -MAX_WEIGHT + 3),
    ]
    for backend in ("blossom", "priced", "rustworkx"):
        result = max_weight_matching_result(4, edges, backend=backend)
        assert (result.pairs, result.weight) == ([(0, 2), (1, 3)], 2)
