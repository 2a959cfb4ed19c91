"""The package's blossom algorithm (`_blossom.py`) as plain Python over exact integers.

`_blossom.py` is written for numba: flat arrays, int64 arithmetic, overflow checks
at 2**59. Weights of hundreds of bits (the FIDE Dutch engine's lexicographic
criteria) do not fit; the same functions run as plain Python do, on lists of
Python integers, which are unbounded. This module loads the algorithm's source a
second time without numba's decorator (and without importing numba), lifts the
overflow limits, and builds its state from lists, so both the compiled engine and
this exact one are the one algorithm, kept in one file.

    core = make_core(n, eu, ev, ew2, dual, mate)   # lists; ew2 = doubled weights
    run(core)                                      # then core.mate, core.dual ...

Everything the module docstring of `_blossom.py` says holds here, except the
overflow paragraph: nothing overflows.

The interpreted run uses the sweeps of `_plain` (the plain build of the
package's int64 kernels), which visit at each dual step only the nodes that
can matter instead of every vertex; `_plain.py` is loaded a second time for
this, with the limits lifted and no work budget (an exact solve has no
compiled build to fall back on). Its arrays `base`, `label` and `best` note
their writes (`_plain._Noted`); code that changes a state between runs writes
through them like the algorithm does.
"""

from __future__ import annotations

from pairing.engine.matching._source import load_plain


class Array(list):
    """A list with the `size` attribute the algorithm reads from its arrays."""

    __slots__ = ()

    @property
    def size(self) -> int:
        return len(self)


class _Unbudgeted:
    """In place of `_budget` in the exact build: every run may do any work."""

    @staticmethod
    def budgeted() -> bool:
        return False

    @staticmethod
    def left() -> int:
        return 1 << 62

    @staticmethod
    def spend(work: int) -> None:
        pass


def _load() -> tuple[dict, dict]:
    """(the sweeps' namespace, the algorithm's namespace), limits lifted."""
    sweeps = vars(load_plain("_plain.py", "pairing.engine.matching._plain_exact"))
    unbounded = 1 << 1_000_000
    sweeps.update(_DUAL_LIMIT=unbounded, _BLOSSOM_DUAL_LIMIT=unbounded, _budget=_Unbudgeted)
    namespace = sweeps["_B"]
    namespace.update(DUAL_LIMIT=unbounded, BLOSSOM_DUAL_LIMIT=unbounded, EDGE_LIMIT=unbounded)
    return sweeps, namespace


_SWEEPS, _ALGORITHM = _load()
Core = _ALGORITHM["Core"]
run = _SWEEPS["run"]
isolate = _ALGORITHM["_isolate"]
unmatch = _ALGORITHM["_unmatch"]
common_blossom_dual = _ALGORITHM["_common_blossom_dual"]
make_even = _ALGORITHM["_make_even"]
leaves = _ALGORITHM["_leaves"]
free_blossom = _ALGORITHM["_free_blossom"]
STATUS_RUNNING = _ALGORITHM["STATUS_RUNNING"]
STATUS_DONE = _ALGORITHM["STATUS_DONE"]
STATUS_BROKEN = _ALGORITHM["STATUS_BROKEN"]
COUNTERS = {
    name: _ALGORITHM[name]
    for name in ("_QH", "_QT", "_NFREE", "_STAMP", "_STATUS", "_AUGMENTATIONS", "_STEPS")
}


def adjacency(n: int, eu: list[int], ev: list[int]) -> tuple[Array, Array, Array]:
    """(aptr, anbr, aedge): the edges at each vertex, as `_blossom.make_core` lays them out."""
    degree = [0] * (n + 1)
    for a in eu:
        degree[a + 1] += 1
    for b in ev:
        degree[b + 1] += 1
    for v in range(n):
        degree[v + 1] += degree[v]
    aptr = Array(degree)
    fill = list(degree[:n])
    anbr = Array([0] * degree[n])
    aedge = Array([0] * degree[n])
    for e, (a, b) in enumerate(zip(eu, ev, strict=True)):
        anbr[fill[a]], aedge[fill[a]] = b, e
        fill[a] += 1
        anbr[fill[b]], aedge[fill[b]] = a, e
        fill[b] += 1
    return aptr, anbr, aedge


def make_core(
    n: int,
    eu: list[int],
    ev: list[int],
    ew2: list[int],
    dual: list[int],
    mate: list[int],
    by_pair: bool = False,
    edges_at: tuple[Array, Array, Array] | None = None,
) -> Core:
    """The algorithm's state over lists (see `_blossom.make_core`). With `by_pair`,
    the searches for least-slack edges may look an edge up by its two ends
    (`_plain._least_slack`, through each vertex's edges by neighbour);
    `edges_at`, `adjacency(n, eu, ev)` when the caller has it."""
    nodes = 2 * n
    aptr, anbr, aedge = adjacency(n, eu, ev) if edges_at is None else edges_at
    counters = Array([0] * 10)
    counters[COUNTERS["_NFREE"]] = n

    def minus() -> Array:
        return Array([-1] * nodes)

    watch = _SWEEPS["_Watch"]()
    if by_pair:
        watch.edge_rows = [None] * n
    noted = _SWEEPS["_Noted"]

    def watched(values: list[int]) -> Array:
        array = noted(values)
        array.note = watch.log.append
        array.watch = watch
        return array

    return Core(
        n=n,
        eu=Array(eu),
        ev=Array(ev),
        ew=Array(ew2),
        aptr=aptr,
        anbr=anbr,
        aedge=aedge,
        parent=minus(),
        base=watched(list(range(n)) + [-1] * n),
        first=minus(),
        snext=minus(),
        sprev=minus(),
        sedge=minus(),
        sin=minus(),
        dual=Array(list(dual) + [0] * n),
        label=watched([0] * nodes),
        ledge=minus(),
        lin=minus(),
        best=watched([-1] * nodes),
        mark=Array([0] * nodes),
        tree=minus(),
        top=Array(range(n)),
        mate=Array(mate),
        queue=Array([0] * (n + 1)),
        inq=Array([False] * n),
        stk=Array([0] * (nodes + 2)),
        tn=Array([0] * (2 * nodes + 2)),
        tv=Array([0] * (2 * nodes + 2)),
        leaf=Array([0] * n),
        buf1=Array([0] * nodes),
        buf2=Array([0] * nodes),
        free=Array(range(2 * n - 1, n - 1, -1)),
        ctr=counters,
    )
