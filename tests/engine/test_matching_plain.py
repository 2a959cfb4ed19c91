"""The plain-Python kernels (`_plain`) against the compiled ones: every run
ends in the same state, every certificate check keeps the same pairs, every
solve returns the same answer; and the command line does not load numba for
rounds the plain kernels take."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engine.matching import _budget, _plain, api, kernels
from pairing.engine.matching._compiled import blossoms_full as compiled_full
from pairing.engine.matching._compiled import pair_blossom_sums as compiled_sums
from pairing.engine.matching.own import solve_oracle_priced
from pairing.engine.matching.pricing import price
from pairing.engine.matching.scan import EdgeGraph, OracleGraph
from pairing.engine.matching.sparse import Run, Solver
from pairing.engine.matching.synthetic import swiss_like
from tests.engine.test_matching_priced import DenseOracle, HintedDenseOracle, symmetric
from tests.engine.test_matching_random import SETTINGS, Graph, graphs

SCRATCH = ("leaf", "stk", "tn", "tv", "buf1", "buf2")  # meaningful only inside one call


def state(core) -> dict[str, list]:
    """Every array of a run's state (compiled or plain) as lists, counters included."""
    return {
        name: np.asarray(getattr(core, name)).tolist()
        for name in core._fields
        if name != "n" and name not in SCRATCH
    }


def same_run(a: Run, b: Run) -> None:
    for name in Run.__dataclass_fields__:
        x, y = getattr(a, name), getattr(b, name)
        if isinstance(x, np.ndarray):
            assert x.tolist() == y.tolist(), name
        else:
            assert x == y, name


def solvers(n: int, problem: str) -> tuple[Solver, Solver]:
    return Solver(n, problem), Solver(n, problem, plain=True)


@SETTINGS
@given(graphs(max_n=60), st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_plain_runs_end_in_the_compiled_state(graph: Graph, batches: int, seed: int) -> None:
    """Cold runs of both problems and warm runs after added edges: the whole
    state, counters included (scratch buffers aside), is the compiled state."""
    n, i, j, w = graph
    for problem in ("perfect", "maximum"):
        order = np.random.default_rng(seed).permutation(i.size)
        parts = np.array_split(order, batches + 1)
        compiled, plain = solvers(n, problem)
        for k, part in enumerate(parts):
            step = "solve" if k == 0 else "extend"
            a = getattr(compiled, step)(i[part], j[part], w[part])
            b = getattr(plain, step)(i[part], j[part], w[part])
            same_run(a, b)
            if compiled.core is not None:
                assert state(compiled.core) == state(plain.core)


@SETTINGS
@given(graphs(max_n=60), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_plain_pricing_keeps_the_same_pairs(graph: Graph, per_vertex: int, seed: int) -> None:
    """Runs on a random half of a graph, priced against the whole graph for
    weights and cardinality, as an edge list and as a (packed) oracle."""
    n, i, j, w = graph
    half = np.random.default_rng(seed).random(i.size) < 0.5
    run = Solver(n, "perfect").solve(i[half], j[half], w[half])
    if not run.ok:
        return
    weight = np.zeros((n, n), dtype=np.int64)
    allowed = np.zeros((n, n), dtype=bool)
    weight[i, j] = weight[j, i] = w
    allowed[i, j] = allowed[j, i] = True
    oracle = DenseOracle(weight, allowed)
    kinds = (
        lambda: EdgeGraph(n, i, j, w),
        lambda: OracleGraph(oracle, cache_bytes=0),
        lambda: OracleGraph(oracle),  # packed after the first check
    )
    for make in kinds:
        compiled, plain, memo = make(), make(), {}
        for weights, cardinality in ((True, False), (False, True), (True, True), (True, False)):
            a = price(
                run, compiled, weights=weights, cardinality=cardinality, per_vertex=per_vertex
            )
            b = price(
                run,
                plain,
                weights=weights,
                cardinality=cardinality,
                per_vertex=per_vertex,
                plain=True,
                memo=memo,
            )
            assert (a.examined, a.violations) == (b.examined, b.violations)
            assert [x.tolist() for x in a.new] == [x.tolist() for x in b.new]


@SETTINGS
@given(graphs(max_n=60), st.integers(0, 2**32 - 1))
def test_plain_blossom_sums_and_full_blossoms(graph: Graph, seed: int) -> None:
    n, i, j, w = graph
    run = Solver(n, "perfect").solve(i, j, w)
    if not run.ok or not i.size:
        return
    a = np.zeros(i.size, dtype=np.int64)
    b = np.zeros(i.size, dtype=np.int64)
    compiled_sums(run.parent, run.dual, i, j, a)
    _plain.pair_blossom_sums(run.parent, run.dual, i, j, b)
    assert a.tolist() == b.tolist()
    rng = np.random.default_rng(seed)
    partner = run.partner
    order = rng.permutation(partner.size)  # another matching: blossoms may not be full
    other = np.full(partner.size, -1, dtype=np.int64)
    other[order[0::2][: order.size // 2]] = order[1::2][: order.size // 2]
    other[order[1::2][: order.size // 2]] = order[0::2][: order.size // 2]
    for mate in (partner, other):
        assert compiled_full(run.parent, mate, run.live) == _plain.blossoms_full(
            run.parent, mate, run.live
        )


def same_result(oracle) -> None:
    a = solve_oracle_priced(oracle)
    b = solve_oracle_priced(oracle, plain=True)
    for name in ("pairs", "weight", "backend", "edges", "rounds", "certified", "priced", "note"):
        assert getattr(a, name) == getattr(b, name), name
    if a.duals is not None:
        assert (a.duals.scale, a.duals.shift, a.duals.free_dual) == (
            b.duals.scale,
            b.duals.shift,
            b.duals.free_dual,
        )
        same_run(a.duals.run, b.duals.run)


@pytest.mark.parametrize("n", [2, 3, 40, 41, 301, 600])
@pytest.mark.parametrize("rounds", [1, 4, 8])
@pytest.mark.parametrize("seed", [0, 1])
def test_plain_priced_solves_like_the_compiled_one(n: int, rounds: int, seed: int) -> None:
    same_result(swiss_like(n, rounds=rounds, seed=seed, hint=True))


@pytest.mark.parametrize("seed", range(6))
def test_plain_priced_on_awkward_hinted_graphs(seed: int) -> None:
    """Sparse, tied and hint-poor graphs: several pricing rounds, no perfect matching."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 90))
    weight, allowed = symmetric(rng, n, -3, 4, float(rng.choice([0.03, 0.1, 0.5])))
    hint = [(a, a + 1) for a in range(0, n - 1, 3)]
    same_result(HintedDenseOracle(weight, allowed, hint))


@pytest.mark.parametrize("spent", [kernels.PLAIN_BUDGET, kernels.PLAIN_BUDGET - 2000])
def test_plain_solve_over_budget_is_solved_compiled(monkeypatch, spent: int) -> None:
    """A plain solve that runs out of the process's budget is done again compiled."""
    monkeypatch.setattr(_budget, "spent", spent)
    with kernels.plain_preferred():
        same_result(swiss_like(301, rounds=4, hint=True))
    assert kernels.plain_left() < 0


def test_plain_kernels_only_where_asked_for(monkeypatch) -> None:
    hinted = swiss_like(40, hint=True)
    monkeypatch.setattr(kernels, "compiled_loaded", lambda: False)
    monkeypatch.setattr(_budget, "spent", 0)
    assert not api.use_plain(hinted)  # a library call: compiled, fastest once loaded
    with kernels.plain_preferred():
        assert api.use_plain(hinted)
        assert not api.use_plain(swiss_like(40))  # no hint: the heaviest edges are compiled
        big = swiss_like(api.PLAIN_UP_TO + 1, rounds=1, hint=True)
        assert not api.use_plain(big)
        monkeypatch.setattr(_budget, "spent", kernels.PLAIN_BUDGET)
        assert not api.use_plain(hinted)  # budget spent
        monkeypatch.setattr(_budget, "spent", 0)
        monkeypatch.setattr(kernels, "compiled_loaded", lambda: True)
        assert not api.use_plain(hinted)  # loaded anyway


def test_command_line_round_of_a_thousand_does_not_load_numba(tmp_path) -> None:
    """The command's plain round is the pairing the compiled matching gives here."""
    from pairing.cli.pair import pairs_text
    from pairing.engine.swiss import pair_round
    from pairing.engine.swiss.from_record import request_from_record
    from pairing.formats.trf import read_trf, write_trf
    from pairing.generate import GeneratorConfig, generate_tournament

    record = generate_tournament(GeneratorConfig(players=1000, rounds=9), seed=1, rounds_played=4)
    path = tmp_path / "mid.trf"
    write_trf(record, path)
    code = (
        "import sys\n"
        "from pairing.cli.pair import main\n"
        f"code = main(['--mwm-dutch', {str(path)!r}, '-p', {str(tmp_path / 'out')!r}])\n"
        "assert code == 0, code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'scipy')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    here = pair_round(request_from_record(read_trf(path), system="dutch"))
    assert here.diagnostics.backend == "priced"
    assert (tmp_path / "out").read_text() == pairs_text(here)
