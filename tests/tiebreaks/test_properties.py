"""Properties over random sections (hypothesis)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.methods.context import Context
from tiebreaks.methods.graph import game_graph
from tiebreaks.methods.indirect import least_squares, recursive_buchholz
from tiebreaks.methods.registry import get_method
from tiebreaks.methods.relative_elo import _expected_and_actual, fixed_point, relative_elo
from tiebreaks.methods.standings import standings
from tiebreaks.methods.synthetic import SyntheticOptions, synthetic_section
from tiebreaks.methods.unplayed import Rules

RULES = st.sampled_from(list(Rules))
SEEDS = st.integers(0, 2**31 - 1)


def all_played(seed: int, half_players: int, rounds: int):
    """Even number of players, nobody misses a round: everyone plays every round."""
    return synthetic_section(
        SyntheticOptions(players=2 * half_players, rounds=rounds, seed=seed, draw_rate=0.3)
    )


def with_unplayed(seed: int, players: int, rounds: int):
    return synthetic_section(
        SyntheticOptions(
            players=players,
            rounds=rounds,
            seed=seed,
            forfeit_rate=0.1,
            bye_rate=0.1,
            absent_rate=0.1,
        )
    )


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, half=st.integers(1, 15), rounds=st.integers(1, 9), rules=RULES)
def test_buchholz_is_the_sum_of_opponents_scores_when_every_round_was_played(
    seed, half, rounds, rules
):
    table = all_played(seed, half, rounds)
    a = table.arrays
    assert a.played.all()
    bh = get_method("BH").values(Context(table, rules))
    expected = table.scores[a.opponent].sum(axis=1)
    np.testing.assert_allclose(bh, expected)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, players=st.integers(2, 30), rounds=st.integers(1, 9), rules=RULES)
def test_cuts_never_exceed_the_uncut_value(seed, players, rounds, rules):
    table = with_unplayed(seed, players, rounds)
    ctx = Context(table, rules)
    for base in ("BH", "FB", "SB", "PS"):
        full = get_method(base).values(ctx)
        c1 = get_method(f"{base}-C1").values(ctx)
        c2 = get_method(f"{base}-C2").values(ctx)
        assert np.all(c1 <= full + 1e-12), base
        assert np.all(c2 <= c1 + 1e-12), base
    for base in ("BH", "FB"):
        assert np.all(get_method(f"{base}-M1").values(ctx) <= get_method(f"{base}-C1").values(ctx))


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, half=st.integers(1, 60), rounds=st.integers(1, 9))
def test_recursive_buchholz_equals_least_squares_when_all_played_the_same_number_of_games(
    seed, half, rounds
):
    table = all_played(seed, half, rounds)
    ctx = Context(table)
    assert len(set(game_graph(ctx).games().tolist())) == 1
    np.testing.assert_allclose(recursive_buchholz(ctx), least_squares(ctx), atol=1e-9)


def test_recursive_buchholz_equals_least_squares_on_a_large_section():
    # Beyond the dense limit both use their sparse solvers (CG, LSQR).
    table = all_played(7, 300, 9)
    ctx = Context(table)
    np.testing.assert_allclose(recursive_buchholz(ctx), least_squares(ctx), atol=1e-8)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, players=st.integers(2, 120), rounds=st.integers(1, 7))
def test_indirect_methods_never_give_nan(seed, players, rounds):
    table = with_unplayed(seed, players, rounds)
    ctx = Context(table)
    for acronym in ("RB", "LS", "RELO", "GRS"):
        values = get_method(acronym).values(ctx)
        assert values.shape == (players,)
        assert np.all(np.isfinite(values)), acronym
    graph = game_graph(ctx)
    if not graph.is_strongly_connected():
        assert any("RELO" in w and "virtual opponent" in w for w in ctx.warnings)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, players=st.integers(2, 120), rounds=st.integers(1, 7))
def test_relative_elo_balances_expected_and_actual_scores(seed, players, rounds):
    table = with_unplayed(seed, players, rounds)
    ctx = Context(table)
    relative_elo(ctx)
    graph = game_graph(ctx)
    if not graph.is_strongly_connected():
        graph = graph.with_virtual_opponent()
    ratings = fixed_point(graph)
    expected, actual = _expected_and_actual(graph, ratings)
    np.testing.assert_allclose(expected, actual, atol=1e-7)


@settings(max_examples=40, deadline=None)
@given(
    seed=SEEDS,
    players=st.integers(1, 30),
    rounds=st.integers(1, 7),
    rules=RULES,
    after=st.integers(0, 7),
)
def test_standings_are_a_ranking_of_everyone(seed, players, rounds, rules, after):
    table = with_unplayed(seed, players, rounds)
    k = min(after, rounds)
    result = standings(
        table, tiebreaks=["BH-C1", "BH", "SB", "DE", "WIN"], rules=rules, after_round=k
    )
    rows = result.rows
    assert sorted(r.index for r in rows) == list(range(players))
    scores = [r.score for r in rows]
    assert scores == sorted(scores, reverse=True)
    assert result.after_round == k
    for above, below in pairwise(rows):
        if below.reason is None:
            assert below.place == above.place
            assert below.values == above.values and below.score == above.score
        else:
            assert below.place > above.place
