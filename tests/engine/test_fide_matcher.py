"""The FIDE Dutch engine's warm-started exact matching against networkx.

The weights here are built like the engine's: a top field of 1 per pair (so a
pair more always outweighs any lower field, and every maximum-weight matching is
a maximum-cardinality one), many ties, lower fields hundreds of bits wide. After
each change of weights (gains, losses, removed edges, fixed pairs) the matcher's
solution must weigh as much as networkx's maximum-weight matching of the same
graph, solved from scratch.
"""

from __future__ import annotations

import random
import subprocess
import sys

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine.fide_dutch.matcher import (
    NEAR,
    REBUILD_LEAST,
    Matcher,
    _isolate_all,
    _left_out_violated,
    _Nesting,
)
from pairing.engine.matching import exact

LOW = 300  # bits below the top field

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def best_weight(n: int, weights: dict[tuple[int, int], int], fixed: dict[int, int]) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(
        (a, b, w) for (a, b), w in weights.items() if a not in fixed and b not in fixed
    )
    matching = nx.max_weight_matching(graph)
    return sum(graph[a][b]["weight"] for a, b in matching)


def blocked(n: int, weights: dict[tuple[int, int], int]) -> set[tuple[int, int]]:
    """The pairs that are not edges of `weights`."""
    return {(a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in weights}


def weight_of(mate: list[int], weights: dict[tuple[int, int], int], fixed: dict[int, int]) -> int:
    total = 0
    for v, u in enumerate(mate):
        if u > v and v not in fixed:
            total += weights[v, u]
    return total


def is_matching(mate: list[int]) -> bool:
    return all(mate[mate[v]] == v for v in range(len(mate)))


def solve_through(g: Matcher, steps) -> None:
    """Solve, then apply each step (a gain, a loss, a removal, a fixed pair, or
    nothing) and solve again: every solution a matching that keeps the fixed
    pairs and weighs what networkx's maximum-weight matching of the graph does."""
    n = g.n
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    mate = g.solve()
    assert is_matching(mate)
    assert weight_of(mate, g.edges(), g.fixed) == best_weight(n, g.edges(), g.fixed)
    for action, index, amount in steps:
        a, b = pairs[index] if pairs else (0, 0)
        free = a not in g.fixed and b not in g.fixed and a != b
        if action == "gain" and free and g.weight(a, b):
            g.set(a, b, g.weight(a, b) + (amount << (LOW - 100)))
        elif action == "loss" and free and g.weight(a, b):
            g.set(a, b, max(g.weight(a, b) - (amount << (LOW - 100)), 1 << LOW))
        elif action == "remove" and free:
            g.set(a, b, 0)
        elif action == "fix" and a not in g.fixed and mate[a] != a:
            g.fix(a, mate[a])
        mate = g.solve()
        assert is_matching(mate)
        for v, u in g.fixed.items():
            assert mate[v] == u
        assert weight_of(mate, g.edges(), g.fixed) == best_weight(n, g.edges(), g.fixed)


@st.composite
def scenario(draw):
    n = draw(st.integers(min_value=2, max_value=13))
    density = draw(st.sampled_from([0.5, 0.8, 1.0]))
    levels = draw(st.sampled_from([2, 3, 5]))  # few values: many ties
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = {}
    for key in pairs:
        if draw(st.floats(0, 1)) < density:
            edges[key] = (1 << LOW) + (draw(st.integers(0, levels)) << (LOW - 40))
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["gain", "loss", "remove", "fix", "solve"]),
                st.integers(0, max(len(pairs) - 1, 0)),
                st.integers(1, 1 << 60),
            ),
            max_size=12,
        )
    )
    return n, edges, steps


@SETTINGS
@given(scenario())
def test_every_solution_weighs_what_a_fresh_maximum_weight_matching_weighs(case):
    n, edges, steps = case
    g = Matcher(n)
    for (a, b), w in edges.items():
        g.set(a, b, w)
    solve_through(g, steps)


def dense_matcher(n: int) -> Matcher:
    """Every pair an edge, a top field of 1 and few values below (many ties)."""
    g = Matcher(n)
    for a in range(n):
        for b in range(a + 1, n):
            g.set(a, b, (1 << LOW) + ((a * b) % 7 << 100))
    return g


def nested_solution(seed: int, n: int = 28) -> Matcher:
    """A solved matcher whose state keeps nested blossoms (triangles inside
    groups of nine)."""
    rng = random.Random(seed)
    g = Matcher(n)
    for a in range(n):
        for b in range(a + 1, n):
            w = ((a // 3 == b // 3) << 200) + ((a // 9 == b // 9) << 150)
            g.set(a, b, (1 << LOW) + w + rng.randrange(1 << 20))
    g.solve()
    return g


def test_the_blossoms_two_vertices_share_are_found_by_halving_their_chains():
    """`_Nesting.common_dual` (the repair's shortcut) against the algorithm's own
    walk, on solutions that keep nested blossoms (triangles inside groups of nine)."""
    n = 28
    for seed in range(3):
        c = nested_solution(seed, n).core
        nesting = _Nesting(c)
        assert max(len(nesting._chain(v)[0]) for v in range(c.n)) >= 2
        shared = 0
        for a in range(c.n):
            for b in range(c.n):
                expected = exact.common_blossom_dual(c, a, b)
                assert nesting.common_dual(a, b) == expected
                shared += expected > 0
        assert shared > n


def test_most_solutions_after_the_first_are_warm():
    """A chain of small changes on a dense graph is solved from the kept state, not
    from scratch (the point of keeping it)."""
    n = 40
    g = dense_matcher(n)
    g.solve()
    for v in range(n):
        if v in g.fixed:
            continue
        for u in range(v + 1, n):
            if u not in g.fixed:
                g.set(v, u, g.weight(v, u) + (u << 10))
        mate = g.solve()
        assert weight_of(mate, g.edges(), g.fixed) == best_weight(n, g.edges(), g.fixed)
        g.fix(v, mate[v])
    assert len(g.fixed) == n
    assert g.solved >= 10
    assert g.cold == 1


def test_the_exact_algorithm_is_the_compiled_one_run_as_python():
    """The exact solver is the package's blossom source, loaded without numba: its
    functions come from `_blossom.py` (the per-step sweeps from `_plain.py`, the
    plain build's), and importing it imports no numba."""
    assert exact.run.__code__.co_filename.endswith("_plain.py")
    assert exact.isolate.__code__.co_filename.endswith("_blossom.py")
    assert exact.run.__globals__["_DUAL_LIMIT"] > 1 << 1000  # no int64 limits
    assert not exact.run.__globals__["_budget"].budgeted()
    core = exact.make_core(
        4, [0, 1, 2, 0], [1, 2, 3, 3], [2 << 200, 3 << 200, 2 << 200, 2], [4 << 200] * 4, [-1] * 4
    )
    exact.run(core)
    assert core.ctr[exact.COUNTERS["_STATUS"]] == exact.STATUS_DONE
    pairs = {tuple(sorted((core.eu[e], core.ev[e]))) for e in core.mate}
    assert pairs == {(0, 1), (2, 3)}
    code = (
        "import sys; from pairing.engine.fide_dutch import pair_round_fide; "
        "print('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_matched_edge_that_loses_weight_gives_way():
    top = 1 << LOW
    g = Matcher(4)
    for (a, b), w in {(0, 1): 10, (2, 3): 10, (0, 2): 6, (1, 3): 6}.items():
        g.set(a, b, top + (w << 200))
    assert g.solve()[:2] == [1, 0]
    g.set(0, 1, top + (1 << 200))
    mate = g.solve()
    assert (mate[0], mate[1]) == (2, 3)
    g.set(0, 2, 0)  # removed: the first pairs again, whatever they weigh
    mate = g.solve()
    assert (mate[0], mate[2]) == (1, 3)
    assert g.cold == 1


def test_a_change_to_most_edges_starts_afresh_with_the_same_answer():
    """When most edges change at once (a new bracket's weights), the matcher builds
    a new state instead of repairing the old one; the solution is still a
    maximum-weight matching."""
    n = 41
    g = dense_matcher(n)
    g.solve()
    assert g.cold == 1
    for a in range(n):
        for b in range(a + 1, n):
            g.set(a, b, (1 << LOW) + ((a + 3 * b) % 5 << 200) + (a << 20))
    mate = g.solve()
    assert g.cold == 2
    assert is_matching(mate)
    assert weight_of(mate, g.edges(), g.fixed) == best_weight(n, g.edges(), g.fixed)
    v = next(v for v in range(n) if mate[v] != v)
    key = (min(v, mate[v]), max(v, mate[v]))
    g.set(*key, g.weight(*key) + (1 << 150))
    mate = g.solve()
    assert g.cold == 2  # a small change is repaired
    assert weight_of(mate, g.edges(), g.fixed) == best_weight(n, g.edges(), g.fixed)


class _Counting(Matcher):
    """A matcher that records how many vertices are free before and after a
    repair re-matches them (`_tighten_free`)."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.free: list[tuple[int, int]] = []

    def _tighten_free(self, c) -> None:
        before = sum(1 for v in range(c.n) if c.mate[v] < 0)
        super()._tighten_free(c)
        self.free.append((before, sum(1 for v in range(c.n) if c.mate[v] < 0)))


def test_a_repair_pairs_again_the_players_it_freed_along_tight_edges():
    """A term by the higher player's position on every edge among a group (as the
    exchange terms of a remainder) frees most of the group in the repair; lowering
    the freed players' duals pairs most of them again before the search starts,
    and the search still ends at a maximum-weight matching."""
    n, group = 40, 16
    g = _Counting(n)
    for a in range(n):
        for b in range(a + 1, n):
            g.set(a, b, (1 << LOW) + ((a * b) % 7 << 100))
    g.solve()
    for a in range(group):
        for b in range(a + 1, group):
            g.set(a, b, g.weight(a, b) + ((group - a) << 40))
    mate = g.solve()
    assert g.cold == 1  # repaired, not rebuilt
    ((before, after),) = g.free
    assert before >= group // 2
    assert after <= before - 4
    assert is_matching(mate)
    assert weight_of(mate, g.edges(), g.fixed) == best_weight(n, g.edges(), g.fixed)


def test_a_repair_that_would_free_most_players_starts_afresh():
    """A few hundred edges (under the share that starts afresh by itself) that all
    gain beyond their slack, among half the players: the repair would free most of
    them, so the matcher builds a new state; the answer is still a best one."""
    n, group = 60, 30
    g = dense_matcher(n)
    g.solve()
    for a in range(group):
        for b in range(a + 1, group):
            g.set(a, b, g.weight(a, b) + ((a + b) % 3 << 250))
    assert len(g.pending) < REBUILD_LEAST
    mate = g.solve()
    assert g.cold == 2
    assert weight_of(mate, g.edges(), g.fixed) == best_weight(n, g.edges(), g.fixed)


def test_opening_many_players_at_once_is_opening_them_one_by_one():
    """`_isolate_all` (one walk down each outermost blossom) leaves the state
    `exact.isolate` leaves when called for each player in turn: the same duals,
    blossoms and matching."""
    for seed in range(4):
        rng = random.Random(100 + seed)
        one, many = nested_solution(seed), nested_solution(seed)
        deepest = max(range(28), key=lambda v: len(_Nesting(one.core)._chain(v)[0]))
        assert len(_Nesting(one.core)._chain(deepest)[0]) >= 2  # nested blossoms to open
        players = [deepest, *rng.sample(range(28), rng.randint(0, 5))]
        for v in players:
            exact.isolate(one.core, v)
        _isolate_all(many.core, players)
        a, b = one.core, many.core
        fields = ("dual", "top", "mate", "parent", "base", "first", "label", "best", "tree")
        for field in fields:
            assert list(getattr(a, field)) == list(getattr(b, field)), field
        free = exact.COUNTERS["_NFREE"]
        assert sorted(a.free[: a.ctr[free]]) == sorted(b.free[: b.ctr[free]])


@st.composite
def potential_scenario(draw):
    """A graph whose edges mostly weigh what the players' potentials say (as the
    engine's edges outside the bracket do), some pairs that may not meet, a few
    edges weighed otherwise (a bracket's), then changes as above. Often a block
    of consecutive players is held in pairs by heavier edges (a bracket), so that
    players on its two sides may have to meet across it: an edge too far apart to
    be in a first state."""
    n = draw(st.integers(min_value=2, max_value=3 * NEAR + 8))
    parts = [draw(st.integers(0, 7)) << (LOW - 60) for _ in range(n)]
    potential = [(1 << LOW) + 2 * part for part in parts]
    met = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n))
    weights = {}
    for a in range(n):
        for b in range(a + 1, n):
            if (a, b) not in met and (b, a) not in met:
                weights[a, b] = (potential[a] + potential[b]) // 2
    pairs = list(weights)
    otherwise = {}  # set after the potentials' weights: heavier or lighter
    for _ in range(draw(st.integers(0, n))):
        if pairs:
            key = pairs[draw(st.integers(0, len(pairs) - 1))]
            otherwise[key] = weights[key] + (draw(st.integers(-(1 << 50), 1 << 50)) << (LOW - 100))
    if n >= 2 * NEAR + 2 and draw(st.booleans()):
        start = draw(st.integers(0, n - 2 * NEAR))
        for a in range(start, start + 2 * NEAR, 2):
            if (a, a + 1) in weights:
                otherwise[a, a + 1] = weights[a, a + 1] + (1 << (LOW - 20))
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["gain", "loss", "remove", "fix", "solve"]),
                st.integers(0, max(n * (n - 1) // 2 - 1, 0)),
                st.integers(1, 1 << 60),
            ),
            max_size=8,
        )
    )
    return n, weights, potential, otherwise, steps


@SETTINGS
@given(potential_scenario())
def test_with_potentials_every_solution_is_still_a_maximum_weight_matching(case):
    """A state that leaves out the far edges the potentials describe, priced after
    each solution, gives what a fresh maximum-weight matching of the whole graph
    weighs, through the same changes as above."""
    n, weights, potential, otherwise, steps = case
    g = Matcher(n)
    g.reset(potential, blocked(n, weights))
    assert g.edges() == weights
    g.set_many(otherwise.items())
    solve_through(g, steps)


@st.composite
def family_scenario(draw):
    """`potential_scenario`, and a block of players that is a bracket and its next
    scoregroup: the edges among the block but inside the bracket weighed
    otherwise, the others among the block by a second family of potentials (the
    first's plus an even part per player, often much larger for a few players,
    so that far pairs of the block may be best). Sometimes a second block
    follows before the steps (the next bracket), its edges set only as a family."""
    n, weights, potential, otherwise, steps = draw(potential_scenario())
    blocks = []
    for _ in range(draw(st.integers(1, 2))):
        start = draw(st.integers(0, n - 1))
        end = draw(st.integers(start + 1, n))
        split = draw(st.integers(start, end))  # the bracket start..split, then its group
        extra = {v: 2 * (draw(st.integers(0, 40)) << (LOW - 70)) for v in range(start, end)}
        second = {v: potential[v] + extra[v] for v in extra}
        family, bracket = {}, {}
        for a in range(start, end):
            for b in range(a + 1, end):
                if (a, b) not in weights:
                    continue
                if b < split:
                    bracket[a, b] = weights[a, b] + (draw(st.integers(0, 3)) << (LOW - 40))
                else:
                    family[a, b] = (second[a] + second[b]) // 2
        blocks.append((second, family, bracket))
    return n, weights, potential, otherwise, blocks, steps


@SETTINGS
@given(family_scenario())
def test_with_a_second_family_every_solution_is_still_a_maximum_weight_matching(case):
    """A bracket's edges into its next scoregroup as a second family
    (`Matcher.set_family`): left out of new states, not needed in the kept one,
    priced after each solution; the answer is a best one through the steps (which
    also set family edges one by one, taking them out of the family), and when a
    new family replaces one whose edges are not all set again."""
    n, weights, potential, otherwise, blocks, steps = case
    g = Matcher(n)
    g.reset(potential, blocked(n, weights))
    g.set_many(otherwise.items())
    expected, set_ = {**weights, **otherwise}, set(otherwise)
    for k, (second, family, bracket) in enumerate(blocks):
        g.set_many(bracket.items())
        g.set_family(second)
        expected.update(bracket)
        set_.update(bracket)
        expected.update((key, w) for key, w in family.items() if key not in set_)
        assert g.edges() == expected  # the families weigh what they should
        if k + 1 < len(blocks):
            mate = g.solve()
            assert weight_of(mate, g.edges(), g.fixed) == best_weight(n, g.edges(), g.fixed)
    solve_through(g, steps)


def rising_potentials(n: int):
    """(potential, weights, matcher): every pair an edge the potentials describe,
    the potentials rising slowly with the player's place; the matcher reset to
    them."""
    potential = [(1 << LOW) + (v << 10) for v in range(n)]
    weights = {
        (a, b): (potential[a] + potential[b]) // 2 for a in range(n) for b in range(a + 1, n)
    }
    g = Matcher(n)
    g.reset(potential, set())
    return potential, weights, g


def test_a_far_edge_the_best_matching_needs_is_found_by_pricing():
    """The first and the last of 20 players should meet (the others are held in
    pairs by heavier edges), but their edge is one the potentials describe and
    too far apart to be in the first state: the solution's duals violate it, it
    is added, and the next state's solution pairs them."""
    n = 20
    _, weights, g = rising_potentials(n)
    for a in range(1, n - 1, 2):
        weights[a, a + 1] += 1 << 100
        g.set(a, a + 1, weights[a, a + 1])
    mate = g.solve()
    assert n - 1 > NEAR
    assert g.violations >= 1
    assert (0, n - 1) in g.touched
    assert mate[0] == n - 1
    assert weight_of(mate, weights, {}) == best_weight(n, weights, {})
    assert g.cold == 2  # the sparse state, then one with the edge added


def test_a_far_edge_of_the_second_family_is_found_by_pricing():
    """A bracket of players 0 and 1 (their edge heavier than the potentials say)
    and a next scoregroup of 20 and 21, with the players between held in pairs:
    the second family weighs every edge among the four but the bracket's own by
    far more than the first does, so the best matching pairs the bracket across,
    0 and 1 with 20 and 21. Those edges are too far apart for the first state,
    and the first family's prices see nothing wrong; the second's find them."""
    n = 22
    potential, weights, g = rising_potentials(n)
    g.solve()
    for a in range(2, 20, 2):
        weights[a, a + 1] += 1 << 200
        g.set(a, a + 1, weights[a, a + 1])
    weights[0, 1] += 1 << 100
    g.set(0, 1, weights[0, 1])
    second = {v: potential[v] + (1 << 150) for v in (0, 1, 20, 21)}
    family = {
        (a, b): (second[a] + second[b]) // 2
        for a, b in [(0, 20), (0, 21), (1, 20), (1, 21), (20, 21)]
    }
    weights.update(family)
    g.set_family(second)
    assert g.edges() == weights
    mate = g.solve()
    assert {mate[0], mate[1]} == {20, 21}
    assert weight_of(mate, weights, {}) == best_weight(n, weights, {})
    assert g.violations >= 1


def test_pricing_finds_every_violated_left_out_edge():
    """`_left_out_violated` against the slack of every left-out edge, computed with
    the blossoms' own walk, on states with nested blossoms and duals moved off the
    potentials."""
    for seed in range(6):
        rng = random.Random(seed)
        g = nested_solution(seed)
        c = g.core
        n = g.n
        # even potentials near the duals (the state's duals are of doubled weights)
        potential = [c.dual[v] // 2 * 2 + rng.randrange(-(1 << 21), 1 << 21) * 2 for v in range(n)]
        left_out = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.5]
        index = {k: e for k, e in g.index.items() if k not in set(left_out)}
        weights = {k: (potential[k[0]] + potential[k[1]]) // 2 for k in left_out}
        expected = sorted(
            (a, b)
            for a, b in left_out
            if c.dual[a] + c.dual[b] - 2 * weights[a, b] + exact.common_blossom_dual(c, a, b) < 0
        )
        found = sorted(_left_out_violated(c, n, potential, index, weights.__contains__, {}))
        assert found == expected
        assert expected  # some violated, some not
        assert len(expected) < len(left_out)
