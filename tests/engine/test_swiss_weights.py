"""Weight terms, factors and the paper's hand-computed examples (Table 1, Figure 1)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pairing.engine.swiss import SwissPlayer, WeightRangeError, pair_round
from pairing.engine.swiss.graph import SwissGraph
from pairing.engine.swiss.state import build_state
from pairing.engine.swiss.systems import (
    PI_SCALE,
    SYSTEMS,
    adjacent_pi,
    burstein_pi,
    dutch_pi,
    monrad_pi,
    random2_pi,
    random_pi,
)
from pairing.engine.swiss.weights import (
    WEIGHT_LIMIT,
    colour_balance_term,
    lexicographic_factors,
    score_difference_term,
)
from tests.engine.swiss_helpers import player, request, unordered

A = np.array


def test_score_difference_term_hand_values():
    assert score_difference_term(A([4]), A([2]))[0] == -2
    assert score_difference_term(A([3]), A([3]))[0] == 0
    assert score_difference_term(A([0]), A([5]))[0] == -5


def test_colour_balance_term_hand_values():
    assert colour_balance_term(A([1]), A([1]))[0] == -2
    assert colour_balance_term(A([1]), A([-1]))[0] == 0
    assert colour_balance_term(A([-1]), A([-2]))[0] == -3


def test_factors_hand_computed():
    # 8 players: k = 4 boards, colour span 3 (beta 2), pi in [-5, -1]:
    # F2 = 4 * 4 + 1 = 17, F1 = 17 * (4 * 3 + 1) = 221.
    f = lexicographic_factors(pairs=4, colour_span=3, system_low=-5, system_high=-1)
    assert (f.colour, f.score) == (17, 221)
    assert f.combine_one(-1, 0, -5) == -226


def _group_of_eight(system: str, **kw):
    players = [player(k) for k in range(1, 9)]
    return pair_round(
        request(players, round_number=1, system=system, initial_colour="w", **kw),
        backend="networkx",
    )


TABLE_1 = {
    "dutch": [(1, 5), (2, 6), (3, 7), (4, 8)],
    "burstein": [(1, 8), (2, 7), (3, 6), (4, 5)],
    "monrad": [(1, 2), (3, 4), (5, 6), (7, 8)],
    "adjacent": [(1, 2), (3, 4), (5, 6), (7, 8)],
}


@pytest.mark.parametrize("system", sorted(TABLE_1))
def test_table_1(system):
    assert unordered(_group_of_eight(system).pairs()) == unordered(TABLE_1[system])


def test_burstein_prefers_the_spread_pairing_over_dutch_with_equal_rank_sums():
    # The paper's reason for the exponent: both have sum of rank differences 16.
    state = build_state(
        request([player(k) for k in range(1, 9)], round_number=1), [player(k) for k in range(1, 9)]
    )
    pairs_b = A([[0, 7], [1, 6], [2, 5], [3, 4]])
    pairs_d = A([[0, 4], [1, 5], [2, 6], [3, 7]])
    total_b = burstein_pi(state, pairs_b[:, 0], pairs_b[:, 1]).sum()
    total_d = burstein_pi(state, pairs_d[:, 0], pairs_d[:, 1]).sum()
    assert total_b - total_d == round(PI_SCALE * 0.0285)  # 16.2518 - 16.2233


def test_pi_hand_values():
    players = [player(k) for k in range(1, 9)]
    state = build_state(request(players, round_number=1), players)
    i, j = A([0]), A([3])  # ranks 1 and 4, d = 3, one score group of 8
    assert monrad_pi(state, i, j)[0] == -3
    assert adjacent_pi(state, i, j)[0] == -3
    assert burstein_pi(state, A([0]), A([7]))[0] == 71375  # 7^1.01 = 7.137548
    assert dutch_pi(state, A([0]), A([4]))[0] == 0  # d = sg/2
    assert dutch_pi(state, i, j)[0] == -PI_SCALE  # |4 - 3|^1.01 = 1
    assert dutch_pi(state, A([0]), A([1]))[0] == -30331  # 3^1.01 = 3.03314
    r = random_pi(state, i, j)[0]
    assert 1 <= r < 2**20 and random_pi(state, i, j)[0] == r
    assert random2_pi(state, A([0]), A([5]))[0] > 0  # top half against bottom half
    assert random2_pi(state, A([0]), A([1]))[0] < 0  # both in the top half


def test_dutch_across_groups_uses_sg_zero():
    players = [player(1, score=1), player(2, score=1), player(3), player(4)]
    state = build_state(request(players), players)
    # ranks 2 and 3 in different groups: -|0 - 1|^1.01
    assert dutch_pi(state, A([1]), A([2]))[0] == -PI_SCALE


def _figure_1_round_2():
    """Figure 1, G2: round 1 was 1-5 2-6 3-7 4-8, won by p1, p6, p3, p4 (no draws).
    Colours as the caption's weights require: p1, p4, p7 and p2 had white."""
    colour = {1: "w", 5: "b", 2: "w", 6: "b", 3: "b", 7: "w", 4: "w", 8: "b"}
    opponent = {1: 5, 5: 1, 2: 6, 6: 2, 3: 7, 7: 3, 4: 8, 8: 4}
    winners = {1, 3, 4, 6}
    players = [
        player(
            k,
            rating=2000 - 10 * k,
            score=1 if k in winners else 0,
            colours=colour[k],
            opponents={opponent[k]},
        )
        for k in range(1, 9)
    ]
    return request(players, round_number=2, total_rounds=4)


def test_figure_1_caption_weights():
    req = _figure_1_round_2()
    graph = SwissGraph(build_state(req, req.players), SYSTEMS["dutch"])
    index = {p.id: k for k, p in enumerate(graph.state.players)}

    def w(a, b):
        t = graph.terms(A([index[a]]), A([index[b]]))
        return tuple(int(x[0]) for x in t)

    # The paper: w(p1,p3) = w(p4,p6) = (0, 0, -1) and w(p1,p4) = w(p3,p6) = (0, -2, 0);
    # pi is in units of 1/PI_SCALE here.
    assert w(1, 3) == w(4, 6) == (0, 0, -PI_SCALE)
    assert w(1, 4) == w(3, 6) == (0, -2, 0)
    result = pair_round(req, backend="networkx")
    assert {frozenset((1, 3)), frozenset((4, 6))} <= unordered(result.pairs())


def _lexicographic_optimum(req):
    """Brute force over all perfect matchings: the best (T1, T2, T3)."""
    graph = SwissGraph(build_state(req, req.players), SYSTEMS[req.system])
    n = graph.n
    best = None

    def terms(a, b):
        if not graph.allowed(A([a]), A([b]))[0]:
            return None
        return tuple(int(x[0]) for x in graph.terms(A([a]), A([b])))

    def search(free, total):
        nonlocal best
        if not free:
            best = total if best is None or total > best else best
            return
        a = free[0]
        for b in free[1:]:
            t = terms(a, b)
            if t is not None:
                search(
                    [v for v in free if v not in (a, b)],
                    tuple(x + y for x, y in zip(total, t, strict=True)),
                )

    search(list(range(n)), (0, 0, 0))
    return best


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("system", ["dutch", "burstein", "random2"])
def test_integer_weight_gives_the_lexicographic_optimum(system, seed):
    rng = np.random.default_rng(seed)
    players = []
    for k in range(1, 9):
        colours = "".join(rng.choice(["w", "b"], size=2))
        opponents = {int(o) for o in rng.choice(range(1, 9), size=2) if o != k}
        players.append(
            player(k, score=float(rng.integers(0, 3)) / 2, colours=colours, opponents=opponents)
        )
    for p in list(players):  # make "have met" symmetric
        for o in p.opponents:
            q = players[o - 1]
            players[o - 1] = SwissPlayer(
                **{**{f: getattr(q, f) for f in q.__slots__}, "opponents": q.opponents | {p.id}}
            )
    req = request(players, round_number=3, system=system, seed=seed)
    best = _lexicographic_optimum(req)
    if best is None:
        return
    result = pair_round(req, backend="networkx")
    assert result.diagnostics.weight_terms == best


def test_weights_beyond_the_int64_budget_are_refused():
    players = [player(k, score=k * 10**12) for k in range(1, 41)]
    with pytest.raises(WeightRangeError, match="2\\*\\*60"):
        pair_round(request(players), backend="networkx")
    assert WEIGHT_LIMIT == 2**60


def test_random_systems_are_reproducible_and_seed_dependent():
    draws = [frozenset(unordered(_group_of_eight("random", seed=s).pairs())) for s in range(8)]
    again = [frozenset(unordered(_group_of_eight("random", seed=s).pairs())) for s in range(8)]
    assert draws == again
    assert len(set(draws)) > 1


def test_random2_pairs_top_half_against_bottom_half():
    for s in range(5):
        for a, b in _group_of_eight("random2", seed=s).pairs():
            assert (a <= 4) != (b <= 4)


def test_factors_grow_with_the_field():
    small = lexicographic_factors(pairs=4, colour_span=3, system_low=-7, system_high=0)
    big = lexicographic_factors(pairs=500, colour_span=3, system_low=-999, system_high=0)
    assert big.score > small.score * 1000
    # A lower-term swing over all boards never reaches one step of the term above.
    assert big.colour > 500 * 999 and big.score > big.colour * 500 * 3


def test_each_system_is_one_registered_function():
    assert set(SYSTEMS) == {"dutch", "burstein", "monrad", "random", "random2", "adjacent"}
    for system in SYSTEMS.values():
        assert callable(system.pi) and system.summary
    assert list(itertools.islice(SYSTEMS, 1)) == ["dutch"]
