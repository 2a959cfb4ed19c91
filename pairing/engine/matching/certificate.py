"""What a finished run proves about a larger graph, and how to check it.

A run (see `sparse`) ends with a matching M on its own edge set and integer
duals: u_v per vertex and Z_B >= 0 per blossom B (a laminar family of odd
vertex sets), in units of 1/SCALE, for the weights w' = w - shift. The
reduced cost of a pair is

    rc(a, b) = u_a + u_b + sum(Z_B : a, b in B) - SCALE * w'(a, b),

SCALE times the reduced cost of the weighted-matching LP with odd-set
constraints. Let G be any graph on the same vertices that contains the run's
edges, for example the whole allowed graph of a round. The run's own
conditions (`check_run`, `check_matched_weights`) are: rc = 0 on M, and every
blossom holds (|B| - 1) / 2 edges of M.

Weight, problem "perfect". If M is perfect and rc >= 0 on every edge of G,
then M is a maximum-weight perfect matching of G. For any perfect M':
    SCALE * w'(M') <= sum over ab in M' of (u_a + u_b + sum Z_B)     (rc >= 0)
                    = sum_v u_v + sum_B Z_B |M' inside B|
                   <= sum_v u_v + sum_B Z_B (|B| - 1) / 2             (Z >= 0)
and M attains every step with equality (rc = 0 on M, full blossoms).
w' differs from w by the same constant on all perfect matchings. Odd n: the
run adds a vertex joined to every vertex at w' = 0; the perfect matchings of
that graph are exactly the matchings of G leaving one vertex single, which
are the maximum-cardinality ones, so the same argument applies.

Weight, problem "maximum". Suppose moreover that every vertex has u_v >= c
and every vertex single in M has u_v = c. Then M has the largest weight among
the matchings of G with |M| edges: for such an M' (k = |M| edges) the first
line above reads sum over the vertices M' covers, and
    sum_{v covered by M'} u_v = sum_v u_v - sum_{v single in M'} u_v
                              <= sum_v u_v - (n - 2k) c,
with equality for M.

Cardinality. When M is not perfect, the run ended with a Hungarian forest
(`label`): every single vertex is the base of an S node, T nodes are single
vertices, and no edge of the run joins an S node to another S node or to an
unlabelled vertex. Let U be the T vertices. If no edge of G does either,
each S node (connected, odd) is a whole component of G - U, and there are
|U| + (number of single vertices) S nodes (each tree has one S node more
than it has T nodes). By the Tutte-Berge formula every matching of G has at
most (n + |U| - odd(G - U)) / 2 <= (n - singles) / 2 = |M| edges.

Together: M is a maximum-cardinality matching of G and, among those, of
maximum weight. A pair of G that breaks one of these conditions is a
violation: rc < 0, or (M not perfect) a pair breaking the Tutte-Berge
witness (`cardinality_violations` here, checked in bulk by `_pricing`). The
run's own edges never violate, so a violation is always a pair the run did
not have: the priced solver adds violations and solves again, and ends.
"""

from __future__ import annotations

import numpy as np

from pairing.engine.matching import kernels
from pairing.engine.matching.sparse import SCALE, Run
from pairing.engine.matching.types import CertificateError, DualSolution


def dual_reduced_costs(duals: DualSolution, i, j, w) -> np.ndarray:
    """scale * rc per pair for the duals a certified run reported, exact everywhere."""
    return reduced_costs(duals.run, i, j, w, exact=True)


def reduced_costs(
    run: Run,
    i: np.ndarray,
    j: np.ndarray,
    w: np.ndarray,
    *,
    exact: bool = False,
    plain: bool = False,
) -> np.ndarray:
    """rc for pairs of real vertices. Exact where negative; with exact=True
    exact everywhere (otherwise pairs inside a blossom may be understated,
    never below 0 when their true value is >= 0). `plain`: without numba."""
    i = np.asarray(i, dtype=np.int64)
    j = np.asarray(j, dtype=np.int64)
    shifted = np.asarray(w, dtype=np.int64) - run.shift  # |shifted| <= 2**61
    rc = run.dual[i] + run.dual[j] - SCALE * shifted
    size = run.top.size
    same = (run.top[i] == run.top[j]) & (run.top[i] >= size)
    if not exact:
        same &= rc < 0
    else:
        np.minimum(rc, 1 << 62, out=rc)  # saturate: keeps rc + blossom sums in int64
    if same.any():
        sums = np.zeros(int(same.sum()), dtype=np.int64)
        kernels.get(plain).pair_blossom_sums(run.parent, run.dual, i[same], j[same], sums)
        rc[same] += sums
    return rc


def cardinality_violations(run: Run, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Pairs that break the run's Tutte-Berge witness (only for imperfect runs)."""
    la = run.label[i]
    lb = run.label[j]
    outer_a = la == 1
    outer_b = lb == 1
    return (
        (outer_a & outer_b & (run.top[i] != run.top[j]))
        | (outer_a & (lb == 0))
        | ((la == 0) & outer_b)
    )


def free_dual(run: Run) -> int | None:
    single = np.flatnonzero(run.partner < 0)
    return int(run.dual[single[0]]) if single.size else None


def check_run(run: Run, *, plain: bool = False) -> None:
    """The run's own optimality conditions (cheap; a failure is a bug)."""
    size = run.top.size
    partner = run.partner
    if run.padded and partner[run.n] >= 0:
        rc = reduced_costs(
            run,
            partner[run.n : run.n + 1],
            np.array([run.n]),
            np.array([run.shift]),
            exact=True,
            plain=plain,
        )
        if rc[0] != 0:
            raise CertificateError("the matched edge to the extra vertex is not tight")
    if not kernels.get(plain).blossoms_full(run.parent, partner, run.live):
        raise CertificateError("a blossom does not hold |B| // 2 matched edges")
    if run.padded:
        real = np.arange(run.n, dtype=np.int64)
        rc = reduced_costs(
            run,
            real,
            np.full(run.n, run.n, dtype=np.int64),
            np.full(run.n, run.shift, dtype=np.int64),
            plain=plain,
        )
        if np.any(rc < 0):
            raise CertificateError("an edge to the extra vertex has negative reduced cost")
    single = partner < 0
    if single.any():
        labels = run.label[single]
        if np.any(labels != 1):
            raise CertificateError("a single vertex is not an outer vertex")
        inner = run.label == 2
        if np.any(run.top[inner] >= size):
            raise CertificateError("an inner node of the final forest is a blossom")
        if run.problem == "maximum":
            c = run.dual[:size][single]
            if np.any(c != c[0]) or np.any(run.dual[:size] < c[0]):
                raise CertificateError("single vertices do not share the least vertex dual")


def check_matched_weights(
    run: Run, i: np.ndarray, j: np.ndarray, w: np.ndarray, *, plain: bool = False
) -> None:
    """Matched real edges must be tight: i, j, w are the matched pairs."""
    if np.any(reduced_costs(run, i, j, w, exact=True, plain=plain) != 0):
        raise CertificateError("a matched edge is not tight")
