"""The "priced" solver: solve a sparse candidate graph, prove the answer for
the whole graph by LP duality, add what the proof rejects, repeat.

Round r solves the candidate graph exactly (`sparse.solve_edges`), checks
the run's own optimality conditions, then examines every pair of the whole
graph for violations of the certificate (`pricing.price`). No violation: the
matching is optimal for the whole graph (proof in `certificate`). Some: the
most violated pairs (a few per vertex) join the candidate graph and the next
round continues from the previous optimum (`sparse.Solver.extend`). Every
violation is a pair the candidate graph did not
have (its own edges satisfy both tests), so each round adds at least one
pair and the loop ends, at worst with the whole graph.

The problem solved starts as "perfect". When the candidate graph has no
perfect matching and no pair of the whole graph breaks the run's Tutte-Berge
witness, the whole graph has none either, and the solver switches to
"maximum" (maximum cardinality, then maximum weight) on the same candidates.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pairing.engine.matching.certificate import check_run
from pairing.engine.matching.pricing import price
from pairing.engine.matching.scan import Chunk, EdgeGraph, OracleGraph
from pairing.engine.matching.sparse import Run, Solver


@dataclass(frozen=True, slots=True)
class Priced:
    run: Run  # the last run; status other than "done" means no answer
    edges: Chunk  # the last candidate graph
    rounds: int
    priced: int  # pairs examined by certificate checks
    certified: bool


def merge(n: int, *parts: Chunk) -> Chunk:
    """Union of edge sets (i < j); a pair in several keeps its first weight."""
    i, j, w = (np.concatenate(p) for p in zip(*parts, strict=True))
    keys, first = np.unique(i * n + j, return_index=True)
    return keys // n, keys % n, w[first]


def solve_priced(
    n: int, start: Chunk, graph: OracleGraph | EdgeGraph, *, plain: bool = False
) -> Priced:
    """`plain`: the kernels run as plain Python (`kernels`), with the same answer."""
    solver = Solver(n, "perfect", plain=plain)
    run = solver.solve(*start)
    rounds = 1
    priced = 0
    memo: dict = {}
    while True:
        if not run.ok:
            return Priced(run, solver.edges, rounds, priced, False)
        check_run(run, plain=plain)
        weights = run.perfect or solver.problem == "maximum"
        found = price(
            run, graph, weights=weights, cardinality=not run.perfect, plain=plain, memo=memo
        )
        priced += found.examined
        if found.violations == 0 and weights:
            return Priced(run, solver.edges, rounds, priced, True)
        rounds += 1
        if found.violations == 0:  # no perfect matching anywhere: switch problem
            edges = solver.edges
            solver = Solver(n, "maximum", plain=plain)
            run = solver.solve(*edges)
        else:
            run = solver.extend(*found.new)
