"""Edmonds' primal-dual blossom algorithm on flat integer arrays (numba).

The linear programme (in the units used here, every quantity doubled so that
all arithmetic stays in integers):

    edge slack  s(a, b) = u_a + u_b + sum(Z_B : a, b in B) - 2 w(a, b) >= 0

with vertex duals u (free in sign) and blossom duals Z_B >= 0 on a laminar
family of odd vertex sets. A matching M is optimal when every matched edge has
slack 0 and every blossom with Z_B > 0 holds |B| // 2 matched edges. The
algorithm keeps those conditions true from start to end and changes the duals
until the matching is perfect or no augmenting path can exist (see
`pairing.engine.matching.certificate` for what the final state proves).

The search grows an alternating forest with a tree at every free vertex:
S nodes (outer) lose delta, T nodes (inner) gain delta, outer blossoms gain
2 delta, inner blossoms lose 2 delta. Delta is the largest step keeping every
slack >= 0 and every Z >= 0:
  delta2 = slack of an edge from an S vertex to an unlabelled node,
  delta3 = half the slack of an edge between two S nodes,
  delta4 = half the dual of an inner blossom (which is then expanded).
A tight S-S edge either closes a blossom (both ends in one tree) or gives an
augmenting path (two trees). There is no delta1 ("stop when a free vertex's
dual reaches 0"): free duals may go negative, which is what makes the result
a maximum-cardinality matching first. After an augmentation only the two
trees it joined are taken apart (their vertices become unlabelled and are
offered to the other trees); the rest of the forest stays. Least-slack edges
remembered for delta2/delta3 may then point at vertices that are no longer
outer; they are checked when delta is computed and recomputed if stale.

Integrality: every free vertex has an even u at the start (`_start`, and
`reopen` for a warm start), every tight edge joins two vertices of equal
parity, and every step moves all labelled vertices by the same delta, so all
vertices of the forest share one parity, S-S slacks are even and delta3 is
an integer.

Events: after each dual step every edge that became tight and every inner
blossom whose dual reached 0 is acted on in one sweep (lexicographic weights
have many ties, so one step often makes many edges tight at once). The least
slack edge of a new S blossom is found lazily (UNKNOWN) when delta is next
needed: blossoms are often absorbed into larger ones before that.

Warm start (`reopen`): edges appended to a finished run may have negative
slack. One end of each such edge is freed: its blossoms are dissolved (each
blossom's dual moved to its vertices, Z/2 apiece, which keeps inner slacks
and raises outer ones; a base whose matched edge thereby loosens is
unmatched), it is unmatched, and its dual is raised until the edge is tight.

Overflow: edge weights (internal units) satisfy |w| <= EDGE_LIMIT = 2**58
(checked by the caller); the run stops with STATUS_OVERFLOW as soon as a dual
would leave |u| <= 2**59, Z <= 2**59 or delta > 2**59, which keeps every sum
formed here or by the certificate below 2**63.

Layout: vertices are 0..n-1, blossoms n..2n-1 (ids recycled through a free
list). The children of a blossom form a cycle linked by `snext`/`sprev`;
`sedge[c]` is the edge from child c to `snext[c]` and `sin[c]` its end inside
c. `first[B]` is the child holding the base. Each top-level node has a label
(0 none, 1 S, 2 T) and a label edge: for a T node the edge from the S vertex
that reached it (`lin` = end inside the node); for a non-root S node its
matched edge (`lin` = its base); `tree` names the root of its tree.

Two implementation rules. All functions of the algorithm live in this one
module, although it is long: numba's cache only notices edits to the file
of the function it compiled (a documented limitation: cached functions keep
the old code of functions they call from other files), so spreading the
algorithm over several files could leave stale machine code behind. And
loops never pass the state tuple `c` to a helper: each such call costs
reference-count traffic on all of its ~35 arrays, so loops read arrays into
locals and call array-only helpers.
"""

from __future__ import annotations

from collections import namedtuple

if "np" not in globals():  # `_source.load_plain` gives numpy when first used
    import numpy as np
if "njit" not in globals():  # `_source.load_plain` runs this file without numba
    from numba import njit

STATUS_RUNNING = 0
STATUS_DONE = 1
STATUS_OVERFLOW = 2
STATUS_BROKEN = 3  # an invariant failed: a bug, reported instead of a wrong answer

DUAL_LIMIT = 1 << 59
BLOSSOM_DUAL_LIMIT = 1 << 59
EDGE_LIMIT = 1 << 58  # bound on the |weight| (internal units) accepted by the core

UNKNOWN = -2  # best edge of an S blossom not computed yet

# counters
_QH, _QT, _NFREE, _STAMP, _STATUS, _AUGMENTATIONS, _STEPS, _BLOSSOMS, _RESCANS, _SCANS = range(10)

Core = namedtuple(
    "Core",
    "n eu ev ew aptr anbr aedge parent base first snext sprev sedge sin dual label "
    "ledge lin best mark tree top mate queue inq stk tn tv leaf buf1 buf2 free ctr",
)


def make_core(
    n: int, eu: np.ndarray, ev: np.ndarray, ew2: np.ndarray, dual: np.ndarray, mate: np.ndarray
) -> Core:
    """Arrays for a run on vertices 0..n-1 and edges (eu, ev) with doubled
    weights ew2, starting from vertex duals `dual` and matched edge per vertex
    `mate` (-1 free); all blossoms start trivial."""
    i64 = np.int64
    m = eu.size
    nodes = 2 * n
    ends = np.concatenate([eu, ev]).astype(i64)
    order = np.argsort(ends, kind="stable")
    aptr = np.zeros(n + 1, i64)
    np.cumsum(np.bincount(ends, minlength=n), out=aptr[1:])
    node_dual = np.zeros(nodes, i64)
    node_dual[:n] = dual
    base = np.full(nodes, -1, i64)
    base[:n] = np.arange(n)
    ctr = np.zeros(10, i64)
    ctr[_NFREE] = n

    def minus() -> np.ndarray:
        return np.full(nodes, -1, i64)

    return Core(
        n=n,
        eu=eu.astype(i64),
        ev=ev.astype(i64),
        ew=ew2.astype(i64),
        aptr=aptr,
        anbr=np.concatenate([ev, eu]).astype(i64)[order],
        aedge=np.concatenate([np.arange(m), np.arange(m)]).astype(i64)[order],
        parent=minus(),
        base=base,
        first=minus(),
        snext=minus(),
        sprev=minus(),
        sedge=minus(),
        sin=minus(),
        dual=node_dual,
        label=np.zeros(nodes, i64),
        ledge=minus(),
        lin=minus(),
        best=minus(),
        mark=np.zeros(nodes, i64),
        tree=minus(),
        top=np.arange(n, dtype=i64),
        mate=mate.astype(i64).copy(),
        queue=np.zeros(n + 1, i64),
        inq=np.zeros(n, np.bool_),
        stk=np.zeros(nodes + 2, i64),
        tn=np.zeros(2 * nodes + 2, i64),
        tv=np.zeros(2 * nodes + 2, i64),
        leaf=np.zeros(n, i64),
        buf1=np.zeros(nodes, i64),
        buf2=np.zeros(nodes, i64),
        free=np.arange(2 * n - 1, n - 1, -1, dtype=i64),
        ctr=ctr,
    )


def extend_core(c: Core, eu: np.ndarray, ev: np.ndarray, ew2: np.ndarray) -> Core:
    """The state `c` with edges appended (new indices after the old ones, so
    the edge numbers kept in the state stay valid); counters carry over."""
    i64 = np.int64
    n = c.n
    all_u = np.concatenate([c.eu, eu.astype(i64)])
    all_v = np.concatenate([c.ev, ev.astype(i64)])
    m = all_u.size
    ends = np.concatenate([all_u, all_v])
    order = np.argsort(ends, kind="stable")
    aptr = np.zeros(n + 1, i64)
    np.cumsum(np.bincount(ends, minlength=n), out=aptr[1:])
    return c._replace(
        eu=all_u,
        ev=all_v,
        ew=np.concatenate([c.ew, ew2.astype(i64)]),
        aptr=aptr,
        anbr=np.concatenate([all_v, all_u])[order],
        aedge=np.concatenate([np.arange(m), np.arange(m)]).astype(i64)[order],
    )


@njit(cache=True)
def _oth(eu, ev, e, x):
    return ev[e] if eu[e] == x else eu[e]


@njit(cache=True)
def _slk(dual, eu, ev, ew, e):
    return dual[eu[e]] + dual[ev[e]] - ew[e]


@njit(cache=True)
def _leaves(c, b):
    """Vertices of node b into c.leaf; returns their count."""
    leaf = c.leaf
    if b < c.n:
        leaf[0] = b
        return 1
    n = c.n
    stk = c.stk
    first = c.first
    snext = c.snext
    k = 0
    sp = 1
    stk[0] = b
    while sp > 0:
        sp -= 1
        x = stk[sp]
        if x < n:
            leaf[k] = x
            k += 1
        else:
            f = first[x]
            ch = f
            while True:
                stk[sp] = ch
                sp += 1
                ch = snext[ch]
                if ch == f:
                    break
    return k


@njit(cache=True)
def _push_s(c, b):
    """Queue the vertices of b for scanning (a ring buffer; each vertex at most once)."""
    k = _leaves(c, b)
    leaf = c.leaf
    inq = c.inq
    queue = c.queue
    ctr = c.ctr
    size = queue.size
    for t in range(k):
        v = leaf[t]
        if not inq[v]:
            inq[v] = True
            queue[ctr[_QT]] = v
            ctr[_QT] = (ctr[_QT] + 1) % size


@njit(cache=True)
def _label_s(c, b, e, x, root):
    c.label[b] = 1
    c.ledge[b] = e
    c.lin[b] = x
    c.best[b] = -1
    c.tree[b] = root
    _push_s(c, b)


@njit(cache=True)
def _label_t(c, b, e, x):
    """T label for b reached by edge e at vertex x; its base's mate gets S."""
    root = c.tree[c.top[_oth(c.eu, c.ev, e, x)]]
    c.label[b] = 2
    c.ledge[b] = e
    c.lin[b] = x
    c.tree[b] = root
    bv = c.base[b]
    me = c.mate[bv]
    if me < 0:
        c.ctr[_STATUS] = STATUS_BROKEN
        return
    m = _oth(c.eu, c.ev, me, bv)
    s = c.top[m]
    if c.label[s] == 0:
        _label_s(c, s, me, m, root)


@njit(cache=True)
def _common_ancestor(c, a, b):
    """The first S node on both tree paths from a and b upwards, or -1."""
    top = c.top
    ledge = c.ledge
    lin = c.lin
    eu = c.eu
    ev = c.ev
    mark = c.mark
    c.ctr[_STAMP] += 1
    stamp = c.ctr[_STAMP]
    while a != -1 or b != -1:
        if a != -1:
            if mark[a] == stamp:
                return a
            mark[a] = stamp
            if ledge[a] < 0:
                a = -1
            else:
                t = top[_oth(eu, ev, ledge[a], lin[a])]
                a = top[_oth(eu, ev, ledge[t], lin[t])]
        a, b = b, a
    return -1


@njit(cache=True)
def _rotate(c, b0, x0):
    """Make vertex x0 the base of node b0, rematching inside as needed."""
    n = c.n
    parent = c.parent
    first = c.first
    snext = c.snext
    sprev = c.sprev
    sedge = c.sedge
    sin = c.sin
    mate = c.mate
    base = c.base
    eu = c.eu
    ev = c.ev
    tn = c.tn
    tv = c.tv
    sp = 1
    tn[0] = b0
    tv[0] = x0
    while sp > 0:
        sp -= 1
        b = tn[sp]
        x = tv[sp]
        if b < n:
            continue
        ch = x
        while parent[ch] != b:
            ch = parent[ch]
        c0 = first[b]
        j = 0
        y = c0
        while y != ch:
            y = snext[y]
            j += 1
        tn[sp] = ch
        tv[sp] = x
        sp += 1
        if j % 2 == 1:  # walk forwards: new pairs (c_j+1, c_j+2), ..., (c_k-1, c_0)
            a = snext[ch]
            while True:
                nb = snext[a]
                e = sedge[a]
                p = sin[a]
                q = _oth(eu, ev, e, p)
                mate[p] = e
                mate[q] = e
                tn[sp] = a
                tv[sp] = p
                tn[sp + 1] = nb
                tv[sp + 1] = q
                sp += 2
                if nb == c0:
                    break
                a = snext[nb]
        elif j > 0:  # walk backwards: new pairs (c_j-2, c_j-1), ..., (c_0, c_1)
            a = sprev[ch]
            while True:
                pv = sprev[a]
                e = sedge[pv]
                p = sin[pv]
                q = _oth(eu, ev, e, p)
                mate[p] = e
                mate[q] = e
                tn[sp] = pv
                tv[sp] = p
                tn[sp + 1] = a
                tv[sp + 1] = q
                sp += 2
                if pv == c0:
                    break
                a = sprev[pv]
        first[b] = ch
        base[b] = x


@njit(cache=True)
def _augment(c, e, v, w):
    for side in range(2):
        x = v if side == 0 else w
        pe = e
        while True:
            bx = c.top[x]
            le = c.ledge[bx]
            li = c.lin[bx]
            _rotate(c, bx, x)
            c.mate[x] = pe
            if le < 0:
                break
            bt = c.top[_oth(c.eu, c.ev, le, li)]
            te = c.ledge[bt]
            ti = c.lin[bt]
            _rotate(c, bt, ti)
            c.mate[ti] = te
            x = _oth(c.eu, c.ev, te, ti)
            pe = te


@njit(cache=True)
def _tree_path(c, x, a, buf):
    """S and T nodes from S node x up to (not including) its ancestor a."""
    top = c.top
    ledge = c.ledge
    lin = c.lin
    eu = c.eu
    ev = c.ev
    k = 0
    while x != a:
        buf[k] = x
        t = top[_oth(eu, ev, ledge[x], lin[x])]
        buf[k + 1] = t
        k += 2
        x = top[_oth(eu, ev, ledge[t], lin[t])]
    return k


@njit(cache=True)
def _add_blossom(c, a, e, v, w):
    """New S blossom from the cycle through tight S-S edge e=(v, w) and their
    common tree ancestor a: children a, the v path downwards, the w path upwards."""
    eu = c.eu
    ev = c.ev
    ledge = c.ledge
    lin = c.lin
    snext = c.snext
    sprev = c.sprev
    sedge = c.sedge
    sin = c.sin
    buf1 = c.buf1
    buf2 = c.buf2
    k = _tree_path(c, c.top[v], a, buf1)
    j = _tree_path(c, c.top[w], a, buf2)
    nb = c.free[c.ctr[_NFREE] - 1]
    c.ctr[_NFREE] -= 1
    c.ctr[_BLOSSOMS] += 1
    cur = a
    for t in range(k + j + 1):
        if t < k:  # down the v path: the edge is the next node's label edge
            nxt = buf1[k - 1 - t]
            le = ledge[nxt]
            inside = _oth(eu, ev, le, lin[nxt])
        elif t == k:  # across the tight edge
            nxt = buf2[0] if j > 0 else a
            le = e
            inside = v
        else:  # up the w path: the edge is this node's label edge
            nxt = buf2[t - k] if t - k < j else a
            le = ledge[cur]
            inside = lin[cur]
        snext[cur] = nxt
        sprev[nxt] = cur
        sedge[cur] = le
        sin[cur] = inside
        cur = nxt
    c.first[nb] = a
    c.base[nb] = c.base[a]
    c.parent[nb] = -1
    c.dual[nb] = 0
    c.label[nb] = 1
    ledge[nb] = ledge[a]
    lin[nb] = lin[a]
    c.tree[nb] = c.tree[a]
    ch = a
    while True:
        c.parent[ch] = nb
        if c.label[ch] == 2:
            _push_s(c, ch)
        ch = snext[ch]
        if ch == a:
            break
    cnt = _leaves(c, nb)
    top = c.top
    leaf = c.leaf
    for t in range(cnt):
        top[leaf[t]] = nb
    c.best[nb] = UNKNOWN  # found when delta is next needed (nb may be absorbed before)


@njit(cache=True)
def _free_blossom(c, b):
    c.base[b] = -1
    c.first[b] = -1
    c.label[b] = 0
    c.tree[b] = -1
    c.parent[b] = -1
    c.free[c.ctr[_NFREE]] = b
    c.ctr[_NFREE] += 1


@njit(cache=True)
def _release_children(c, b):
    """Children of b become unlabelled top-level nodes."""
    top = c.top
    leaf = c.leaf
    f = c.first[b]
    ch = f
    while True:
        c.parent[ch] = -1
        c.label[ch] = 0
        c.best[ch] = -1
        c.tree[ch] = -1
        k = _leaves(c, ch)
        for t in range(k):
            top[leaf[t]] = ch
        ch = c.snext[ch]
        if ch == f:
            break


@njit(cache=True)
def _expand_unlabelled(c, b0):
    """Dissolve blossom b0 with Z = 0 outside the forest and, recursively,
    children with Z = 0."""
    n = c.n
    tn = c.tn
    sp = 1
    tn[0] = b0
    while sp > 0:
        sp -= 1
        b = tn[sp]
        _release_children(c, b)
        f = c.first[b]
        ch = f
        while True:
            if ch >= n and c.dual[ch] == 0:
                tn[sp] = ch
                sp += 1
            ch = c.snext[ch]
            if ch == f:
                break
        _free_blossom(c, b)


@njit(cache=True)
def _expand_t(c, b):
    """Dissolve inner blossom b (Z = 0) during the search and relabel its
    children: the even path from the entry child to the base child stays in
    the tree (T, S, ..., T), the other children become unlabelled."""
    eu = c.eu
    ev = c.ev
    e_in = c.ledge[b]
    x = c.lin[b]
    root = c.tree[b]
    cx = x
    while c.parent[cx] != b:
        cx = c.parent[cx]
    c0 = c.first[b]
    j = 0
    y = c0
    while y != cx:
        y = c.snext[y]
        j += 1
    _release_children(c, b)
    c.label[cx] = 2
    c.ledge[cx] = e_in
    c.lin[cx] = x
    c.tree[cx] = root
    cur = cx
    while cur != c0:
        if j % 2 == 1:
            s = c.snext[cur]
            me = c.sedge[cur]
            _label_s(c, s, me, _oth(eu, ev, me, c.sin[cur]), root)
            t = c.snext[s]
            c.ledge[t] = c.sedge[s]
            c.lin[t] = _oth(eu, ev, c.sedge[s], c.sin[s])
        else:
            s = c.sprev[cur]
            _label_s(c, s, c.sedge[s], c.sin[s], root)
            t = c.sprev[s]
            c.ledge[t] = c.sedge[t]
            c.lin[t] = c.sin[t]
        c.label[t] = 2
        c.tree[t] = root
        cur = t
    ch = c0
    while True:
        if c.label[ch] == 0:
            _seek_s_neighbour(c, ch)
        ch = c.snext[ch]
        if ch == c0:
            break
    _free_blossom(c, b)


@njit(cache=True)
def _least_slack(c, b, outer):
    """Least-slack edge from node b to an S node other than b (-1: none).
    For an unlabelled b (outer False) it stops at the first tight edge."""
    k = _leaves(c, b)
    leaf = c.leaf
    aptr = c.aptr
    anbr = c.anbr
    aedge = c.aedge
    top = c.top
    label = c.label
    dual = c.dual
    ew = c.ew
    best = -1
    bslack = 0
    for t in range(k):
        y = leaf[t]
        for p in range(aptr[y], aptr[y + 1]):
            z = anbr[p]
            bz = top[z]
            if bz != b and label[bz] == 1:
                e = aedge[p]
                s = dual[y] + dual[z] - ew[e]
                if best < 0 or s < bslack:
                    best = e
                    bslack = s
                    if s == 0 and not outer:
                        return best
    return best


@njit(cache=True)
def _seek_s_neighbour(c, b):
    """For unlabelled node b: take a tight edge to an S vertex (b becomes T),
    or remember the least-slack one for delta2."""
    e = _least_slack(c, b, False)
    c.best[b] = e
    if e >= 0 and _slk(c.dual, c.eu, c.ev, c.ew, e) == 0:
        inside = c.eu[e] if c.top[c.eu[e]] == b else c.ev[e]
        _label_t(c, b, e, inside)


@njit(cache=True)
def _dissolve(c, ra, rb):
    """After augmenting between the trees rooted at ra and rb: unlabel their
    nodes, expand their blossoms with Z = 0, and offer the freed vertices to
    the other trees (tight edges grow them, others become delta2 candidates)."""
    n = c.n
    top = c.top
    base = c.base
    tree = c.tree
    label = c.label
    best = c.best
    buf1 = c.buf1
    buf2 = c.buf2
    leaf = c.leaf
    cnt = 0
    for v in range(n):
        b = top[v]
        if base[b] == v and (tree[b] == ra or tree[b] == rb):
            buf1[cnt] = b
            cnt += 1
    nv = 0
    for t in range(cnt):
        b = buf1[t]
        label[b] = 0
        tree[b] = -1
        best[b] = -1
        k = _leaves(c, b)
        for q in range(k):
            buf2[nv] = leaf[q]
            nv += 1
    for t in range(cnt):
        b = buf1[t]
        if b >= n and c.dual[b] == 0:
            _expand_unlabelled(c, b)
    c.ctr[_STAMP] += 1
    stamp = c.ctr[_STAMP]
    mark = c.mark
    for t in range(nv):
        b = top[buf2[t]]
        if mark[b] != stamp:
            mark[b] = stamp
            if label[b] == 0:
                _seek_s_neighbour(c, b)


@njit(cache=True)
def _tight_ss(c, e, v, w):
    """Tight edge between S nodes: blossom (returns 0) or augmentation (1)."""
    a = _common_ancestor(c, c.top[v], c.top[w])
    if a >= 0:
        _add_blossom(c, a, e, v, w)
        return 0
    ra = c.tree[c.top[v]]
    rb = c.tree[c.top[w]]
    _augment(c, e, v, w)
    _dissolve(c, ra, rb)
    return 1


@njit(cache=True)
def _scan(c, v):
    """Look at every edge of S vertex v; returns 1 after an augmentation."""
    aptr = c.aptr
    anbr = c.anbr
    aedge = c.aedge
    top = c.top
    label = c.label
    best = c.best
    dual = c.dual
    eu = c.eu
    ev = c.ev
    ew = c.ew
    for p in range(aptr[v], aptr[v + 1]):
        w = anbr[p]
        e = aedge[p]
        bv = top[v]
        bw = top[w]
        if bv == bw:
            continue
        lw = label[bw]
        if lw == 2:
            continue
        s = dual[v] + dual[w] - ew[e]
        if lw == 0:
            if s == 0:
                _label_t(c, bw, e, w)
            elif best[bw] < 0 or s < _slk(dual, eu, ev, ew, best[bw]):
                best[bw] = e
        elif s == 0:
            if _tight_ss(c, e, v, w):
                return 1
        elif best[bv] == -1 or (best[bv] >= 0 and s < _slk(dual, eu, ev, ew, best[bv])):
            best[bv] = e
    return 0


@njit(cache=True)
def _find_delta(c):
    """(delta, kind, node) of the next dual step; kind 0 when there is none.
    Kind 2: best edge of unlabelled `node`; 3: best edge of S `node`;
    4: inner blossom `node`. Stale best edges are recomputed here."""
    n = c.n
    top = c.top
    base = c.base
    label = c.label
    best = c.best
    dual = c.dual
    eu = c.eu
    ev = c.ev
    ew = c.ew
    delta = -1
    kind = 0
    node = -1
    for v in range(n):
        b = top[v]
        if base[b] != v:
            continue
        lb = label[b]
        if lb == 2:
            if b >= n:
                d = dual[b] // 2
                if kind == 0 or d < delta:
                    delta, kind, node = d, 4, b
            continue
        e = best[b]
        stale = e == UNKNOWN
        if e >= 0:
            tu = top[eu[e]]
            tw = top[ev[e]]
            o = tw if tu == b else (tu if tw == b else b)
            stale = o == b or label[o] != 1
        if stale:
            c.ctr[_RESCANS] += 1
            e = _least_slack(c, b, lb == 1)
            best[b] = e
        if e < 0:
            continue
        d = dual[eu[e]] + dual[ev[e]] - ew[e]
        if lb == 1:
            d //= 2
        if kind == 0 or d < delta:
            delta, kind, node = d, 2 + lb, b
    return delta, kind, node


@njit(cache=True)
def _move_duals(c, delta):
    n = c.n
    top = c.top
    base = c.base
    label = c.label
    dual = c.dual
    bad = False
    for v in range(n):
        b = top[v]
        lb = label[b]
        if lb == 1:
            dual[v] -= delta
        elif lb == 2:
            dual[v] += delta
        if dual[v] > DUAL_LIMIT or dual[v] < -DUAL_LIMIT:
            bad = True
        if b >= n and base[b] == v:
            if lb == 1:
                dual[b] += 2 * delta
                if dual[b] > BLOSSOM_DUAL_LIMIT:
                    bad = True
            elif lb == 2:
                dual[b] -= 2 * delta
    if bad:
        c.ctr[_STATUS] = STATUS_OVERFLOW


@njit(cache=True)
def _act(c, b):
    """Act on node b if its least-slack edge is tight (or, for an inner
    blossom, its dual is 0). Returns 1 after an augmentation."""
    n = c.n
    lb = c.label[b]
    if lb == 2:
        if b >= n and c.dual[b] == 0:
            _expand_t(c, b)
        return 0
    e = c.best[b]
    if e < 0:
        return 0
    tu = c.top[c.eu[e]]
    tw = c.top[c.ev[e]]
    if tu == b:
        o, inside = tw, c.eu[e]
    elif tw == b:
        o, inside = tu, c.ev[e]
    else:
        return 0
    if o == b or c.label[o] != 1 or _slk(c.dual, c.eu, c.ev, c.ew, e) != 0:
        return 0
    if lb == 0:
        _label_t(c, b, e, inside)
        return 0
    return _tight_ss(c, e, inside, _oth(c.eu, c.ev, e, inside))


@njit(cache=True)
def _dual_step(c):
    """Move the duals by delta, then act on every event it caused (all edges
    that became tight, all inner blossoms whose dual reached 0). Returns -1
    when no step exists (the forest is Hungarian), otherwise the number of
    augmentations made."""
    delta, kind, node = _find_delta(c)
    if kind == 0:
        return -1
    if delta < 0 or delta > DUAL_LIMIT:
        c.ctr[_STATUS] = STATUS_OVERFLOW if delta > 0 else STATUS_BROKEN
        return -1
    c.ctr[_STEPS] += 1
    if delta > 0:
        _move_duals(c, delta)
        if c.ctr[_STATUS] != STATUS_RUNNING:
            return -1
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
    for v in range(n):  # cheap tests here; `_act` (which takes `c`) only on events
        b = top[v]
        if base[b] != v:
            continue
        if label[b] == 2:
            if b >= n and dual[b] == 0:
                augmented += _act(c, b)
            continue
        e = best[b]
        if e >= 0 and dual[eu[e]] + dual[ev[e]] == ew[e]:
            augmented += _act(c, b)
    return augmented


@njit(cache=True)
def run(c):
    """Augment until the matching is perfect or provably maximum. Leaves the
    final forest's labels in place (they certify the cardinality)."""
    n = c.n
    queue = c.queue
    inq = c.inq
    top = c.top
    label = c.label
    ctr = c.ctr
    size = queue.size
    free = 0
    for v in range(n):
        if c.mate[v] < 0:
            free += 1
            b = top[v]
            if c.base[b] != v:
                ctr[_STATUS] = STATUS_BROKEN
                return
            _label_s(c, b, -1, -1, v)
    while True:
        while ctr[_QH] != ctr[_QT]:
            v = queue[ctr[_QH]]
            ctr[_QH] = (ctr[_QH] + 1) % size
            inq[v] = False
            ctr[_SCANS] += 1
            if label[top[v]] == 1 and _scan(c, v):
                free -= 2
                ctr[_AUGMENTATIONS] += 1
            if ctr[_STATUS] != STATUS_RUNNING:
                return
        if free == 0:
            ctr[_STATUS] = STATUS_DONE
            return
        step = _dual_step(c)
        if ctr[_STATUS] != STATUS_RUNNING:
            return
        if step < 0:
            ctr[_STATUS] = STATUS_DONE
            return
        free -= 2 * step
        ctr[_AUGMENTATIONS] += step


@njit(cache=True)
def _common_blossom_dual(c, a, b):
    """Sum of the duals of the blossoms holding both vertices a and b (none when
    the two are in different top-level nodes)."""
    if c.top[a] != c.top[b]:
        return 0
    parent = c.parent
    mark = c.mark
    c.ctr[_STAMP] += 1
    stamp = c.ctr[_STAMP]
    x = parent[a]
    while x >= 0:
        mark[x] = stamp
        x = parent[x]
    y = parent[b]
    while y >= 0 and mark[y] != stamp:
        y = parent[y]
    z = 0
    while y >= 0:
        z += c.dual[y]
        y = parent[y]
    return z


@njit(cache=True)
def _unmatch(c, x):
    e = c.mate[x]
    if e >= 0:
        c.mate[_oth(c.eu, c.ev, e, x)] = -1
        c.mate[x] = -1


@njit(cache=True)
def _isolate(c, a):
    """Dissolve every blossom holding vertex a, moving each blossom's dual to
    its vertices (Z/2 each: slacks inside stay, slacks leaving grow); a base
    whose outer matched edge thereby stops being tight is unmatched."""
    n = c.n
    while c.top[a] >= n:
        b = c.top[a]
        z = c.dual[b]
        k = _leaves(c, b)
        for t in range(k):
            c.dual[c.leaf[t]] += z // 2
        if z > 0:
            _unmatch(c, c.base[b])
        _release_children(c, b)
        _free_blossom(c, b)


@njit(cache=True)
def _make_even(c, v):
    """Give free vertex v an even dual without breaking any invariant."""
    n = c.n
    while True:
        b = c.top[v]
        if b < n:
            c.dual[v] += 1
            return
        if c.dual[b] >= 2:
            c.dual[b] -= 2
            k = _leaves(c, b)
            for t in range(k):
                c.dual[c.leaf[t]] += 1
            return
        _release_children(c, b)
        _free_blossom(c, b)


@njit(cache=True)
def reopen(c, first_new):
    """Continue from a finished run after edges first_new.. were appended.
    Every new edge with negative slack gets one end (the one with more such
    edges, or one already freed) freed from its blossoms and matched edge,
    and that end's dual raised until the edge is tight.
    Free vertices then get even duals (the search needs one parity), and the
    forest starts afresh. Returns the number of vertices left free."""
    n = c.n
    for b in range(2 * n):
        c.label[b] = 0
        c.best[b] = -1
        c.tree[b] = -1
    for v in range(n):
        c.inq[v] = False
    c.ctr[_QH] = 0
    c.ctr[_QT] = 0
    c.ctr[_STATUS] = STATUS_RUNNING
    m = c.eu.size
    short = np.zeros(m - first_new, dtype=np.bool_)
    count = np.zeros(n, dtype=np.int64)
    for e in range(first_new, m):
        a = c.eu[e]
        b = c.ev[e]
        s = c.dual[a] + c.dual[b] - c.ew[e]
        if s < 0 and s + _common_blossom_dual(c, a, b) < 0:
            short[e - first_new] = True
            count[a] += 1
            count[b] += 1
    opened = np.zeros(n, dtype=np.bool_)
    for e in range(first_new, m):
        if not short[e - first_new]:
            continue
        a = c.eu[e]
        b = c.ev[e]
        if opened[b] or (not opened[a] and count[b] > count[a]):
            a, b = b, a
        if not opened[a]:
            _isolate(c, a)
            _unmatch(c, a)
            opened[a] = True
        s = c.dual[a] + c.dual[b] - c.ew[e] - _common_blossom_dual(c, a, b)
        if s < 0:
            c.dual[a] -= s
    free = 0
    for v in range(n):
        if c.mate[v] < 0:
            free += 1
            if c.dual[v] % 2 != 0:
                _make_even(c, v)
    for v in range(n):
        if c.dual[v] > DUAL_LIMIT or c.dual[v] < -DUAL_LIMIT:
            c.ctr[_STATUS] = STATUS_OVERFLOW
    return free
