"""One run of the blossom algorithm on an explicit edge list, with its duals.

`solve_edges(n, i, j, w, problem=...)` solves one of two problems on the
given graph (pairs i < j without repeats, integer weights):

- "perfect": the maximum-weight perfect matching. An odd n gets one extra
  vertex n joined to every vertex by an edge of (shifted) weight 0, so
  "perfect" then means all vertices but one; every perfect matching uses
  exactly one such edge, so their common weight changes no comparison. The
  run starts from `greedy_start`. If the graph has no such matching the run
  ends with a Hungarian forest, reported by `Run.perfect == False`.
- "maximum": a maximum-cardinality matching of maximum weight for graphs
  without a perfect matching; starts from `uniform_start` so that all free
  vertices keep one common dual.

Weights are first shifted by a constant (the middle of their range): every
perfect (resp. maximum) matching has the same number of edges, so a shift
changes no comparison between them, and it halves the magnitudes the
arithmetic has to hold. Internally weights are doubled (see `_blossom`). A
shifted weight beyond EDGE_LIMIT / 2 or a dual beyond the core's limits makes
the run report status "overflow" instead of an answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from pairing.engine.matching import kernels

SCALE = 2  # internal units per unit of weight (duals stay integers)
PROBLEMS = ("perfect", "maximum")


@dataclass(frozen=True, slots=True)
class Run:
    """The final state of one run (arrays are indexed by the run's vertices,
    which include the extra vertex n when `padded`)."""

    n: int  # real vertices
    problem: str  # "perfect" or "maximum"
    padded: bool  # an extra vertex n was added (odd n, problem "perfect")
    status: str  # "done", "overflow" or "broken"
    shift: int  # weights were solved as w - shift
    mate: np.ndarray  # partner of each real vertex, -1 when single
    partner: np.ndarray  # partner of each run vertex (the extra one included)
    dual: np.ndarray  # node duals (vertices, then blossom ids), units of 1/SCALE
    parent: np.ndarray  # enclosing blossom of each node, -1 at top level
    live: np.ndarray  # which node ids are in use (all vertices, current blossoms)
    top: np.ndarray  # top-level node of each vertex
    label: np.ndarray  # final label of each vertex's top node: 0, 1 (S), 2 (T)
    perfect: bool  # every run vertex is matched
    edges: int  # edges in the run's graph (the extra vertex's included)
    augmentations: int  # counters since the solver's cold start
    steps: int  # dual changes
    blossoms: int  # blossoms formed

    @property
    def ok(self) -> bool:
        return self.status == "done"


def shift_for(w: np.ndarray) -> int:
    if w.size == 0:
        return 0
    return (int(w.min()) + int(w.max())) // 2


def solve_edges(
    n: int,
    i: np.ndarray,
    j: np.ndarray,
    w: np.ndarray,
    *,
    problem: str = "perfect",
    plain: bool = False,
) -> Run:
    """One cold run on the given edges."""
    return Solver(n, problem, plain=plain).solve(i, j, w)


def _status(core: Any, code: int) -> str:
    if code == core.STATUS_DONE:
        return "done"
    return "overflow" if code == core.STATUS_OVERFLOW else "broken"  # running: broken too


class Solver:
    """Runs on a growing edge set. `solve` starts cold; `extend` adds edges
    and, for the "perfect" problem, continues from the previous optimum
    (`_blossom.reopen`): only the vertices the new edges disturb are freed.
    The "maximum" problem always starts cold (its certificate needs all free
    vertices to share one dual, which a warm start would not keep).
    `plain` runs the kernels as plain Python (`kernels`): the same runs, ending
    in the same states."""

    def __init__(self, n: int, problem: str, *, plain: bool = False) -> None:
        if problem not in PROBLEMS:
            raise ValueError(f"unknown problem {problem!r}; choose one of {PROBLEMS}")
        self.n = n
        self.problem = problem
        self.plain = plain
        self.kernels = kernels.get(plain)
        self.padded = problem == "perfect" and n % 2 == 1
        self.size = n + 1 if self.padded else n
        self.core: Any = None
        self.shift = 0
        self.edges = (np.zeros(0, np.int64),) * 3

    def solve(self, i: np.ndarray, j: np.ndarray, w: np.ndarray) -> Run:
        i, j, w = (np.asarray(x, dtype=np.int64) for x in (i, j, w))
        self.edges = (i, j, w)
        self.shift = shift_for(w)
        self.core = None
        if not self._fits(w):
            return self._overflow()
        w2 = (w - self.shift) * SCALE
        if self.padded:
            n = self.n
            i = np.concatenate([i, np.arange(n, dtype=np.int64)])
            j = np.concatenate([j, np.full(n, n, dtype=np.int64)])
            w2 = np.concatenate([w2, np.zeros(n, dtype=np.int64)])
        size = self.size
        core = self.kernels
        if self.problem == "perfect":
            dual = np.zeros(size, dtype=np.int64)
            mate = np.full(size, -1, dtype=np.int64)
            c = core.make_core(size, i, j, w2, dual, mate)
            core.greedy_start(size, c.aptr, c.anbr, c.aedge, c.ew, c.dual, c.mate)
        else:
            dual, mate = core.uniform_start(size, w2)
            c = core.make_core(size, i, j, w2, dual, mate)
        core.run(c)
        self.core = c
        return self._collect()

    def extend(self, i: np.ndarray, j: np.ndarray, w: np.ndarray) -> Run:
        i, j, w = (np.asarray(x, dtype=np.int64) for x in (i, j, w))
        old = self.core
        core = self.kernels
        everything = tuple(np.concatenate(p) for p in zip(self.edges, (i, j, w), strict=True))
        if (
            old is None
            or self.problem != "perfect"
            or old.ctr[core._STATUS] != core.STATUS_DONE
            or not self._fits(everything[2])
        ):
            return self.solve(*everything)
        self.edges = everything
        c = core.extend_core(old, i, j, (w - self.shift) * SCALE)
        core.reopen(c, old.eu.size)
        if c.ctr[core._STATUS] == core.STATUS_RUNNING:
            core.run(c)
        if c.ctr[core._STATUS] == core.STATUS_OVERFLOW:
            return self.solve(*everything)  # raised duals ran out of room: start cold
        self.core = c
        return self._collect()

    def _fits(self, w: np.ndarray) -> bool:
        if w.size == 0:
            return True
        return max(int(w.max()) - self.shift, self.shift - int(w.min())) <= (
            self.kernels.EDGE_LIMIT // SCALE
        )

    def _overflow(self) -> Run:
        empty = np.zeros(0, dtype=np.int64)
        single = np.full(self.n, -1, dtype=np.int64)
        return Run(
            self.n,
            self.problem,
            self.padded,
            "overflow",
            self.shift,
            single,
            single,
            empty,
            empty,
            empty,
            empty,
            empty,
            False,
            int(self.edges[0].size),
            0,
            0,
            0,
        )

    def _collect(self) -> Run:
        core = self.kernels
        return _collect(core, core.arrays(self.core), self.n, self.problem, self.padded, self.shift)


def _collect(core: Any, c: Any, n: int, problem: str, padded: bool, shift: int) -> Run:
    size = c.n
    partner = np.full(size, -1, dtype=np.int64)
    has = c.mate >= 0
    e = c.mate[has]
    v = np.flatnonzero(has)
    partner[has] = np.where(c.eu[e] == v, c.ev[e], c.eu[e])
    mate = partner[:n].copy()
    if padded:
        mate[mate == n] = -1
    ctr = c.ctr
    return Run(
        n=n,
        problem=problem,
        padded=padded,
        status=_status(core, int(ctr[core._STATUS])),
        shift=shift,
        mate=mate,
        partner=partner,
        dual=c.dual.copy(),
        parent=c.parent.copy(),
        live=c.base >= 0,
        top=c.top.copy(),
        label=c.label[c.top].copy(),
        perfect=bool(has.all()),
        edges=int(c.eu.size),
        augmentations=int(ctr[core._AUGMENTATIONS]),
        steps=int(ctr[core._STEPS]),
        blossoms=int(ctr[core._BLOSSOMS]),
    )
