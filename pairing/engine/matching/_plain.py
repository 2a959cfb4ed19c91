"""The kernels of the "priced" backend run as plain Python (no numba).

Loading the numba-compiled kernels costs a process about half a second of CPU
(importing numba, initialising its compiler, reading the cached machine code),
more than a whole round of a thousand players needs when the same algorithm
runs as plain Python. Here `_blossom.py` and `_start.py` are executed a second
time without numba (`_source.load_plain`, as `exact` does for the FIDE engine),
over Python lists of int64-range integers and with the same overflow limits, so
a run takes exactly the steps the compiled one takes and ends in exactly its
state (tests/engine/test_matching_plain.py compares them field by field).

What is not the compiled code itself does the same thing in another order or
with numpy:
- the per-step sweeps (`_find_delta`, `_move_duals`, the event sweep of
  `_dual_step`) visit every vertex at every dual step, which costs nothing
  compiled and most of the time interpreted. Here they visit only the nodes
  that can matter, kept up to date from the writes to `label`, `best` and
  `base` (`_Noted`), with the candidates for the next step in a heap
  (`_refresh`). Decisions are taken in the order of the nodes' base vertices,
  the compiled order, so every tie goes the compiled way;
- `_least_slack`, `_scan` and `_dissolve`: the same loops with fewer lookups;
- `greedy_start`: its first pass and the tight edges of its second with numpy;
- `_treesum` (`blossoms_full`, `pair_blossom_sums`) over an Euler tour of the
  blossom forest, and the certificate check of `_pricing` with numpy
  (`pricing.price(plain=True)`), with the same answers.

Interpreted, a run costs what its work costs: rounds whose blossoms grow
large can take many times the compiled load. Runs therefore count their work
and stop (`OverBudget`) when the process has spent its budget for the plain
kernels (`_budget.PLAIN_BUDGET`); the solve is then done again compiled, with
the same answer (`own.solve_oracle_priced`).
"""

from __future__ import annotations

import heapq

if "np" not in globals():  # `exact` loads this file again, numpy when first used
    import numpy as np

from pairing.engine.matching import _budget
from pairing.engine.matching._source import load_plain


class OverBudget(Exception):
    """A run has done more work than the process may spend in the plain kernels
    (`_budget.PLAIN_BUDGET`)."""


class Array(list):
    """A list with the `size` attribute the kernels read from their arrays."""

    __slots__ = ()

    @property
    def size(self) -> int:
        return len(self)


class _Noted(Array):
    """An Array that appends every index written to a log shared by one run's arrays."""

    __slots__ = ("note", "watch")

    def __setitem__(self, index, value) -> None:
        list.__setitem__(self, index, value)
        self.note(index)


class _Watch:
    """What the sweeps know between dual steps (see `_refresh`), and the run's
    work; one per state, reset by each run on it."""

    __slots__ = (
        "checked",
        "edge_rows",
        "heap",
        "inner",
        "leaves",
        "limit",
        "log",
        "moved",
        "outer",
        "outer_vertices",
        "pending",
        "slacks",
        "watchers",
        "work",
    )

    def __init__(self) -> None:
        self.log: list[int] = []  # nodes written to since the log was last read
        self.pending: set[int] = set()  # nodes written to since the last refresh
        self.outer: set[int] = set()  # the top-level S nodes
        self.inner: set[int] = set()  # the top-level T nodes
        # (delta + moved, base vertex, node, edge, label) of the candidates for a step
        self.heap: list[tuple[int, int, int, int, int]] = []
        self.watchers: dict[int, list[int]] = {}  # vertex -> nodes whose edge ends there
        self.leaves: dict[int, list[int]] = {}  # blossom -> its vertices (fixed for its life)
        self.moved = 0  # sum of the dual steps of the run
        self.slacks: dict[int, int] = {}  # edge -> its slack, while no dual moves
        self.checked = False  # every vertex dual checked against the limit
        self.work = 0  # adjacency entries and nodes looked at in this run
        self.limit = 0  # work this run may do
        # The exact build only (`exact`, where no run has to match a compiled one
        # step for step): per vertex, its edges as neighbour -> edge (None until
        # first read, `_edge_row`; kept for the state's life, whose edges are
        # fixed), and while the least-slack searches of one sweep run, the
        # vertices in S nodes when it began (see `_least_slack`).
        self.edge_rows: list[dict[int, int] | None] | None = None
        self.outer_vertices: list[int] | None = None

    def reset(self, c) -> None:
        """Start a run: forget all but the nodes with a label or a remembered edge."""
        label = c.label
        best = c.best
        self.log.clear()  # the same list: the noted arrays append to it
        self.pending = {x for x in range(2 * c.n) if label[x] or best[x] != -1}
        self.outer = set()
        self.inner = set()
        self.heap = []
        self.watchers = {}
        self.leaves = {}
        self.moved = 0
        self.slacks = {}
        self.checked = False
        self.work = 0
        self.limit = _budget.left() if _budget.budgeted() else 1 << 62


_B = vars(load_plain("_blossom.py", "pairing.engine.matching._blossom_plain"))
_S = vars(load_plain("_start.py", "pairing.engine.matching._start_plain"))

Core = _B["Core"]
STATUS_RUNNING = _B["STATUS_RUNNING"]
STATUS_DONE = _B["STATUS_DONE"]
STATUS_OVERFLOW = _B["STATUS_OVERFLOW"]
STATUS_BROKEN = _B["STATUS_BROKEN"]
EDGE_LIMIT = _B["EDGE_LIMIT"]
_DUAL_LIMIT = _B["DUAL_LIMIT"]
_BLOSSOM_DUAL_LIMIT = _B["BLOSSOM_DUAL_LIMIT"]
_UNKNOWN = _B["UNKNOWN"]
_STATUS = _B["_STATUS"]
_STEPS = _B["_STEPS"]
_AUGMENTATIONS = _B["_AUGMENTATIONS"]
_BLOSSOMS = _B["_BLOSSOMS"]
_RESCANS = _B["_RESCANS"]
_leaves = _B["_leaves"]
_act = _B["_act"]
_label_t = _B["_label_t"]
_tight_ss = _B["_tight_ss"]
_expand_unlabelled = _B["_expand_unlabelled"]
_seek_s_neighbour = _B["_seek_s_neighbour"]
_STAMP = _B["_STAMP"]
_NOTED = ("base", "label", "best")


def _members(c, watch: _Watch, b: int) -> list[int]:
    """The vertices of blossom b (cached: a blossom keeps its vertices until freed)."""
    found = watch.leaves.get(b)
    if found is None:
        k = _leaves(c, b)
        found = watch.leaves[b] = c.leaf[:k]
    return found


def _refresh(c, watch: _Watch) -> None:
    """Bring the sweeps' knowledge up to date before a dual step.

    The candidates for the next step (`_find_delta`: unlabelled and S nodes
    with a least-slack edge) wait in a heap keyed by their delta plus `moved`,
    the sum of the steps so far: while an edge's far end stays outer, its
    delta falls by exactly each step, and otherwise by less, so a key never
    overstates a delta and is exact while nothing changed. Looked at again
    here, exactly as `_find_delta` would look at them, are the nodes written
    to since the last refresh and those whose edge ends in a node written to
    (its label may have changed, the edge may be stale): a stale edge is
    recomputed here, at the step where the compiled sweep recomputes it.
    Inner blossoms, few, are looked at on every step."""
    n = c.n
    top = c.top
    base = c.base
    label = c.label
    best = c.best
    dual = c.dual
    eu = c.eu
    ev = c.ev
    ew = c.ew
    first = c.first
    snext = c.snext
    log = watch.log
    pending = watch.pending
    if log:
        pending.update(log)
        log.clear()
    watch.pending = set()
    watchers = watch.watchers
    leaves = watch.leaves
    outer = watch.outer
    inner = watch.inner
    outer.difference_update(pending)  # a node leaves the labelled top level only
    inner.difference_update(pending)  # when written to or absorbed (below)
    suspects = set(pending)
    watch.work += len(suspects)
    for z in pending & watchers.keys():
        suspects.update(watchers.pop(z))
    for x in [x for x in pending if x >= n]:
        leaves.pop(x, None)
        if base[x] < 0:
            continue  # a freed blossom: its vertices are in its (written) children
        ch = f = first[x]
        while True:
            outer.discard(ch)
            inner.discard(ch)
            ch = snext[ch]
            if ch == f:
                break
        for z in _members(c, watch, x):
            if z in watchers:
                suspects.update(watchers.pop(z))
    heap = watch.heap
    push = heapq.heappush
    set_item = list.__setitem__
    moved = watch.moved
    if watch.edge_rows is not None:
        watch.outer_vertices = _outer_vertices(c)
    for u in suspects:
        v = base[u]
        if v < 0 or top[v] != u:
            continue
        lu = label[u]
        if lu == 2:
            if u in pending:
                inner.add(u)
            continue
        if lu == 1 and u in pending:
            outer.add(u)
        e = best[u]
        if e >= 0:
            a = eu[e]
            b = ev[e]
            tu = top[a]
            tw = top[b]
            if tu == u:
                o, z = tw, b
            elif tw == u:
                o, z = tu, a
            else:
                o = u
            stale = o == u or label[o] != 1
        elif e == _UNKNOWN:
            stale = True
        else:
            continue
        if stale:
            c.ctr[_RESCANS] += 1
            e = _least_slack(c, u, lu == 1)
            set_item(best, u, e)  # not noted: the entry pushed below is current
            if e < 0:
                continue
            a = eu[e]
            b = ev[e]
            z = b if top[a] == u else a  # the end in an S node
        d = dual[a] + dual[b] - ew[e]
        if lu == 1:
            d //= 2
        push(heap, (d + moved, v, u, e, lu))
        found = watchers.get(z)
        if found is None:
            watchers[z] = [u]
        else:
            found.append(u)
    watch.outer_vertices = None


def _heap_top(c, watch: _Watch):
    """The heap's first entry that is current, as (delta, base vertex, node,
    kind), or None; keys that understate a delta are corrected on the way."""
    top = c.top
    base = c.base
    label = c.label
    best = c.best
    dual = c.dual
    eu = c.eu
    ev = c.ev
    ew = c.ew
    heap = watch.heap
    moved = watch.moved
    while heap:
        key, v, u, e, lu = heap[0]
        if base[u] != v or top[v] != u or label[u] != lu or best[u] != e:
            heapq.heappop(heap)
            continue
        d = dual[eu[e]] + dual[ev[e]] - ew[e]
        if lu == 1:
            d //= 2
        if d + moved != key:
            heapq.heapreplace(heap, (d + moved, v, u, e, lu))
            continue
        return d, v, u, 2 + lu
    return None


def _find_delta(c, watch: _Watch):
    """`_blossom._find_delta`: the least (delta, base vertex) over the inner
    blossoms and the heap's first current entry."""
    n = c.n
    base = c.base
    dual = c.dual
    found = _heap_top(c, watch)
    for b in watch.inner:
        if b >= n:
            d = dual[b] // 2
            v = base[b]
            if found is None or d < found[0] or (d == found[0] and v < found[1]):
                found = (d, v, b, 4)
    if found is None:
        return -1, 0, -1
    return found[0], found[3], found[2]


def _move_duals(c, watch: _Watch, delta: int) -> None:
    """`_blossom._move_duals` over the labelled nodes. Its check of every vertex
    dual against the limit is made in full at a run's first step; after that
    only the duals moved can break it, outer ones by falling, inner by rising."""
    n = c.n
    dual = c.dual
    bad = False
    lowest = highest = 0
    watch.work += len(watch.outer) + len(watch.inner)
    for b in watch.outer:
        if b < n:
            d = dual[b] = dual[b] - delta
            if d < lowest:
                lowest = d
            continue
        members = _members(c, watch, b)
        watch.work += len(members)
        for v in members:
            d = dual[v] = dual[v] - delta
            if d < lowest:
                lowest = d
        dual[b] += 2 * delta
        if dual[b] > _BLOSSOM_DUAL_LIMIT:
            bad = True
    for b in watch.inner:
        if b < n:
            d = dual[b] = dual[b] + delta
            if d > highest:
                highest = d
            continue
        members = _members(c, watch, b)
        watch.work += len(members)
        for v in members:
            d = dual[v] = dual[v] + delta
            if d > highest:
                highest = d
        dual[b] -= 2 * delta
    if not watch.checked and n:
        vertex = dual[:n]
        lowest = min(lowest, min(vertex))
        highest = max(highest, max(vertex))
        watch.checked = True
    if highest > _DUAL_LIMIT or lowest < -_DUAL_LIMIT:
        bad = True
    if bad:
        c.ctr[_STATUS] = STATUS_OVERFLOW


def _dual_step(c):
    """`_blossom._dual_step`. Its event sweep visits, in vertex order, the
    nodes that can have an event (heap entries at delta 0, inner blossoms at
    0), and nodes written to during the sweep at their place, which is where
    the compiled sweep meets them."""
    watch = c.label.watch
    if watch.work > watch.limit:
        raise OverBudget
    _refresh(c, watch)
    delta, kind, node = _find_delta(c, watch)
    if kind == 0:
        return -1
    if delta < 0 or delta > _DUAL_LIMIT:
        c.ctr[_STATUS] = STATUS_OVERFLOW if delta > 0 else STATUS_BROKEN
        return -1
    c.ctr[_STEPS] += 1
    if delta > 0:
        _move_duals(c, watch, delta)
        if c.ctr[_STATUS] != STATUS_RUNNING:
            return -1
        watch.moved += delta
        watch.slacks = {}
    augmented = _act(c, node)
    n = c.n
    top = c.top
    base = c.base
    label = c.label
    best = c.best
    dual = c.dual
    eu = c.eu
    ev = c.ev
    ew = c.ew
    log = watch.log
    pending = watch.pending
    places = [base[b] for b in watch.inner if b >= n and dual[b] == 0]
    heap = watch.heap
    while True:
        first = _heap_top(c, watch)
        if first is None or first[0] != 0:
            break
        heapq.heappop(heap)
        places.append(first[1])
        pending.add(first[2])  # looked at again at the next refresh
    for x in log:
        pending.add(x)
        if base[x] >= 0:
            places.append(base[x])
    log.clear()
    heapq.heapify(places)
    at = -1
    while places:
        v = heapq.heappop(places)
        if v <= at:
            continue
        at = v
        b = top[v]
        if base[b] != v:
            continue
        if label[b] == 2:
            if not (b >= n and dual[b] == 0):
                continue
        else:
            e = best[b]
            if e < 0 or dual[eu[e]] + dual[ev[e]] != ew[e]:
                continue
        augmented += _act(c, b)
        if log:
            for x in log:
                pending.add(x)
                u = base[x]
                if u > at:
                    heapq.heappush(places, u)
            log.clear()
    return augmented


def _outer_vertices(c) -> list[int]:
    """The vertices in S nodes."""
    label = c.label
    return [z for z, t in enumerate(c.top[: c.n]) if label[t] == 1]


def _edge_row(c, watch: _Watch, y: int) -> dict[int, int]:
    """Vertex y's edges as neighbour -> edge (the exact build's `_Watch.edge_rows`)."""
    row = watch.edge_rows[y]
    if row is None:
        start, stop = c.aptr[y], c.aptr[y + 1]
        row = watch.edge_rows[y] = dict(zip(c.anbr[start:stop], c.aedge[start:stop], strict=True))
    return row


def _least_slack(c, b, outer):
    """`_blossom._least_slack` (the same loops, fewer lookups). In the exact build,
    during a sweep that noted the S vertices (`_Watch.outer_vertices`), the
    search goes through those vertices instead of b's edges when they are fewer:
    the same least slack, though among equal edges perhaps another one. Vertices
    that become S during the sweep are scanned afterwards (`_scan`), which offers
    their edges to the unlabelled nodes then."""
    top = c.top
    label = c.label
    dual = c.dual
    ew = c.ew
    aptr = c.aptr
    anbr = c.anbr
    aedge = c.aedge
    best = -1
    bslack = 0
    members = (b,) if b < c.n else c.leaf[: _leaves(c, b)]
    work = len(members)
    watch = c.label.watch
    candidates = watch.outer_vertices
    if candidates is not None and len(candidates) * len(members) < sum(
        aptr[y + 1] - aptr[y] for y in members
    ):
        rows = [(dual[y], _edge_row(c, watch, y).get) for y in members]
        for z in candidates:
            if top[z] == b or label[top[z]] != 1:
                continue
            dz = dual[z]
            for dy, found in rows:
                e = found(z)
                if e is None:
                    continue
                s = dy + dz - ew[e]
                if best < 0 or s < bslack:
                    best = e
                    bslack = s
                    if s == 0 and not outer:
                        return best
        return best
    for y in members:
        dy = dual[y]
        start = aptr[y]
        stop = aptr[y + 1]
        work += stop - start
        for z, e in zip(anbr[start:stop], aedge[start:stop], strict=True):
            bz = top[z]
            if bz != b and label[bz] == 1:
                s = dy + dual[z] - ew[e]
                if best < 0 or s < bslack:
                    best = e
                    bslack = s
                    if s == 0 and not outer:
                        c.label.watch.work += work
                        return best
    c.label.watch.work += work
    return best


def _scan(c, v):
    """`_blossom._scan` (the same loop, fewer lookups: the slack of a node's
    remembered edge is kept in `_Watch.slacks` until the duals next move)."""
    top = c.top
    label = c.label
    best = c.best
    dual = c.dual
    eu = c.eu
    ev = c.ev
    ew = c.ew
    watch = c.label.watch
    slacks = watch.slacks
    known = slacks.get
    start = c.aptr[v]
    stop = c.aptr[v + 1]
    dv = dual[v]
    watch.work += stop - start
    bv = top[v]
    for w, e in zip(c.anbr[start:stop], c.aedge[start:stop], strict=True):
        bw = top[w]
        if bv == bw:
            continue
        lw = label[bw]
        if lw == 2:
            continue
        s = dv + dual[w] - ew[e]
        if lw == 0:
            if s == 0:
                _label_t(c, bw, e, w)
                continue
            f = best[bw]
        elif s == 0:
            if _tight_ss(c, e, v, w):
                return 1
            bv = top[v]  # perhaps in a new blossom now
            continue
        else:
            f = best[bv]
            if f < -1:
                continue  # UNKNOWN: found when needed
            bw = bv
        if f >= 0:
            t = known(f)
            if t is None:
                t = slacks[f] = dual[eu[f]] + dual[ev[f]] - ew[f]
            if s >= t:
                continue
        best[bw] = e
        slacks[e] = s
    return 0


def _dissolve(c, ra, rb):
    """`_blossom._dissolve`, its search for the two trees' nodes in one comprehension."""
    n = c.n
    top = c.top
    base = c.base
    tree = c.tree
    label = c.label
    best = c.best
    nodes = [
        b
        for v, b in zip(range(n), top, strict=True)
        if base[b] == v and (tree[b] == ra or tree[b] == rb)
    ]
    freed = []
    for b in nodes:
        label[b] = 0
        tree[b] = -1
        best[b] = -1
        freed.extend(c.leaf[: _leaves(c, b)])
    dual = c.dual
    for b in nodes:
        if b >= n and dual[b] == 0:
            _expand_unlabelled(c, b)
    c.ctr[_STAMP] += 1
    stamp = c.ctr[_STAMP]
    mark = c.mark
    watch = c.label.watch
    if watch.edge_rows is not None:
        watch.outer_vertices = _outer_vertices(c)
    for v in freed:
        b = top[v]
        if mark[b] != stamp:
            mark[b] = stamp
            if label[b] == 0:
                _seek_s_neighbour(c, b)
    watch.outer_vertices = None


def run(c) -> None:
    """`_blossom.run` (the sweeps start afresh: `reopen` may have moved any dual).
    Within `kernels.plain_preferred`, raises OverBudget when the process's
    budget for the plain kernels runs out."""
    watch = c.label.watch
    watch.reset(c)
    try:
        _run(c)
    finally:
        _budget.spend(watch.work)


# the kernels call each other through the namespace: these take the place of theirs
_B.update(_dual_step=_dual_step, _least_slack=_least_slack, _scan=_scan, _dissolve=_dissolve)
_run = _B["run"]
reopen = _B["reopen"]


def greedy_start(n, aptr, anbr, aedge, ew2, dual, mate) -> None:
    """`_start.greedy_start` on Arrays: its first pass (vertex duals from the
    heaviest edges) and the tight edges its second pass matches greedily are
    found with numpy; the greedy choices themselves are made in its order."""
    if n == 0:
        return
    ptr = np.array(aptr, dtype=np.int64)
    other = np.array(anbr, dtype=np.int64)
    weight = np.array(ew2, dtype=np.int64)[np.array(aedge, dtype=np.int64)]  # per position
    degree = np.diff(ptr)
    has = degree > 0
    heaviest = np.zeros(n, dtype=np.int64)
    if other.size:
        heaviest[has] = np.maximum.reduceat(weight // 2, ptr[:-1][has])
    vertex_dual = heaviest + (heaviest & 1)
    owner = np.repeat(np.arange(n, dtype=np.int64), degree)
    tight = np.flatnonzero(vertex_dual[owner] + vertex_dual[other] == weight)
    dual[:n] = vertex_dual.tolist()
    mate[:n] = [-1] * n
    for p, v, w in zip(tight.tolist(), owner[tight].tolist(), other[tight].tolist(), strict=True):
        if mate[v] < 0 and mate[w] < 0:
            mate[v] = mate[w] = aedge[p]
    for v in [v for v in range(n) if mate[v] < 0 and aptr[v] < aptr[v + 1]]:
        if mate[v] >= 0:
            continue
        start, stop = aptr[v], aptr[v + 1]
        need = max(ew2[aedge[p]] - dual[anbr[p]] for p in range(start, stop))
        dual[v] = need
        for p in range(start, stop):
            w = anbr[p]
            e = aedge[p]
            if mate[w] < 0 and need + dual[w] == ew2[e]:
                mate[v] = e
                mate[w] = e
                break


uniform_start = _S["uniform_start"]


class _Forest:
    """The blossoms of a run as a forest (`parent`: the enclosing blossom of
    each node, -1 at the top; nodes n.. are blossoms), with an Euler tour and
    a sparse table of its depths: lowest common ancestors of many pairs in a
    few numpy steps, however deep the nesting (the compiled `_pricing` uses
    the same tour)."""

    def __init__(self, parent: np.ndarray) -> None:
        size = parent.size
        n = size // 2
        up = parent.tolist()
        kids: dict[int, list[int]] = {}
        used = set()
        for x in range(size):
            p = up[x]
            if p >= 0:
                used.add(p)
                if x >= n:
                    kids.setdefault(p, []).append(x)
        first = [-1] * size
        root = [-1] * size
        depth = [0] * size
        order: list[int] = []  # the blossoms in preorder
        tour: list[int] = []
        for r in sorted(b for b in used if up[b] < 0):
            root[r] = r
            first[r] = len(tour)
            tour.append(r)
            order.append(r)
            stack = [(r, iter(kids.get(r, ())))]
            while stack:
                x, rest = stack[-1]
                y = next(rest, None)
                if y is None:
                    stack.pop()
                    if stack:
                        tour.append(stack[-1][0])
                    continue
                root[y] = r
                depth[y] = depth[x] + 1
                first[y] = len(tour)
                tour.append(y)
                order.append(y)
                stack.append((y, iter(kids.get(y, ()))))
        self.up = up
        self.order = order
        self.first = np.array(first, dtype=np.int64)
        self.root = np.array(root, dtype=np.int64)
        self.tour = np.array(tour, dtype=np.int64)
        self.depth = np.array(depth, dtype=np.int64)[self.tour]  # along the tour
        table = [np.arange(self.tour.size, dtype=np.int64)]
        while 2 << (len(table) - 1) <= self.tour.size:
            width = 1 << len(table)
            prev = table[-1]
            a = prev[: self.tour.size - width + 1]
            b = prev[width // 2 : width // 2 + a.size]
            table.append(np.where(self.depth[a] <= self.depth[b], a, b))
        self.table = table

    def meet(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """The lowest common ancestor of blossoms x[k] and y[k] (-1 when either
        is -1 or they are in different trees)."""
        out = np.full(x.size, -1, dtype=np.int64)
        ok = (x >= 0) & (y >= 0)
        ok[ok] = self.root[x[ok]] == self.root[y[ok]]
        at = np.flatnonzero(ok)
        if not at.size:
            return out
        fx = self.first[x[at]]
        fy = self.first[y[at]]
        lo = np.minimum(fx, fy)
        hi = np.maximum(fx, fy)
        level = np.zeros(at.size, dtype=np.int64)
        span = hi - lo + 1
        while True:  # level = floor(log2(span))
            more = (span >> (level + 1)) > 0
            if not more.any():
                break
            level += more
        for k in np.unique(level).tolist():
            pick = np.flatnonzero(level == k)
            a = self.table[k][lo[pick]]
            b = self.table[k][hi[pick] - (1 << k) + 1]
            out[at[pick]] = self.tour[np.where(self.depth[a] <= self.depth[b], a, b)]
        return out

    def add_up(self, counts: list[int]) -> None:
        """counts[x] += counts[y] for every blossom y inside x (counts by node)."""
        up = self.up
        for y in reversed(self.order):
            p = up[y]
            if p >= 0:
                counts[p] += counts[y]


def blossoms_full(parent, mate, live) -> bool:
    """`_treesum.blossoms_full`: every live blossom B holds exactly (|B| - 1) / 2
    matched edges (`mate`: partner per vertex, -1 single)."""
    size = parent.size
    n = size // 2
    forest = _Forest(parent)
    members = [0] * size
    for p in parent[:n].tolist():
        if p >= 0:
            members[p] += 1
    forest.add_up(members)
    inside = [0] * size
    v = np.flatnonzero(mate[:n] > np.arange(n))
    for x in forest.meet(parent[v], parent[mate[v]]).tolist():
        if x >= 0:
            inside[x] += 1
    forest.add_up(inside)
    alive = live.tolist()
    return all(not alive[b] or 2 * inside[b] + 1 == members[b] for b in range(n, size))


def pair_blossom_sums(parent, dual, a, b, out) -> None:
    """`_treesum.pair_blossom_sums`: out[k] = the sum of the duals of the
    blossoms holding both a[k] and b[k] (the common ancestors' duals)."""
    forest = _Forest(parent)
    own = dual.tolist()
    above = [0] * parent.size  # a blossom's dual plus those of the blossoms around it
    up = forest.up
    for y in forest.order:
        p = up[y]
        above[y] = own[y] + (above[p] if p >= 0 else 0)
    x = forest.meet(parent[a], parent[b])
    out[:] = np.where(x >= 0, np.array(above, dtype=np.int64)[np.maximum(x, 0)], 0)


def _lists(c, names, watch: _Watch | None = None):
    """`c` with the fields `names` as Arrays (`base`, `label` and `best` noted)."""
    fields = {}
    for name in names:
        values = getattr(c, name).tolist()
        if name in _NOTED:
            array = _Noted(values)
            array.note = watch.log.append
            array.watch = watch
        else:
            array = Array(values)
        fields[name] = array
    return c._replace(**fields)


def make_core(n, eu, ev, ew2, dual, mate):
    """`_blossom.make_core` over Arrays."""
    return _lists(_B["make_core"](n, eu, ev, ew2, dual, mate), Core._fields[1:], _Watch())


_EDGE_FIELDS = ("eu", "ev", "ew", "aptr", "anbr", "aedge")


def extend_core(c, eu, ev, ew2):
    """`_blossom.extend_core` over Arrays (the state's other arrays are kept)."""
    edges = {name: np.array(getattr(c, name), dtype=np.int64) for name in ("eu", "ev", "ew")}
    return _lists(_B["extend_core"](c._replace(**edges), eu, ev, ew2), _EDGE_FIELDS)


_RESULT_FIELDS = ("mate", "eu", "ev", "dual", "parent", "base", "top", "label")


def arrays(c):
    """The fields of `c` that `sparse` reads with numpy, as int64 arrays."""
    return c._replace(
        **{name: np.array(getattr(c, name), dtype=np.int64) for name in _RESULT_FIELDS}
    )
