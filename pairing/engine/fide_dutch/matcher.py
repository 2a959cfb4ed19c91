"""A weighted graph over the round's players, re-solved as its weights change.

Maximum-weight matching by the package's own blossom algorithm
(`pairing.engine.matching._blossom`) run as plain Python over exact integers
(`pairing.engine.matching.exact`): the weights are integers of hundreds of bits.
Every decision the engine takes from a solution is one that all maximum-weight
matchings agree on, so which optimum the solver returns does not matter.

The weights of `weights.py` make every maximum-weight matching a maximum-
cardinality one (each edge's top field is 1 plus the number of its ends who may
not take the bye, so one pair more always outweighs any choice of who is left
unpaired). The solver therefore looks for a maximum-weight perfect matching,
with one extra vertex joined to every player at weight 0 when the number of
players is odd: its partner is the player left unpaired.

Warm start: the solver keeps its state (matching, vertex and blossom duals)
between solutions. When weights change, only what the change breaks is undone
(as the algorithm's `reopen` does for new edges):
- an edge that lost weight: unmatched if it was matched, and the blossoms holding
  both its ends dissolved (their duals moved to their vertices), since a
  blossom's edges must stay tight;
- an edge that gained weight beyond its slack: one end (the one with more such
  edges) is taken out of its blossoms and its pair, and its dual raised until the
  edge is tight;
- an edge removed (weight 0) stays in the solver's graph with a weight far below
  any real one, so it is never part of a maximum-weight perfect matching while
  the real edges allow one; a result that uses it, or leaves a player unpaired,
  is discarded and solved again from scratch.
The search then starts afresh from the players left free, usually a few: a new
solution costs about what those few augmentations cost, not a whole solve.
Before the search, the freed players' duals come down to the least their edges
allow and two freed players joined by an edge that is then tight are paired again
(`_tighten_free`, as a cold start does): a change that favours some pairings of a
group (the exchange terms of a remainder) frees most of the group, and most of it
pairs again at once. When a large share of the edges changed at once
(`REBUILD_SHARE`), or the repair would free a large share of the players
(`REOPEN_SHARE`), a cold start from `_greedy_start` is cheaper.

Most edges of a round weigh a constant plus a part per player (those outside the
bracket and its next scoregroup): all of them are tight at once, and a search
that reaches one end would label nearly the whole field. A new state holds those
only between players close in the order, and each solution is then priced
against the ones left out (`Matcher.reset`, `_left_out_violated`): a violated
one is added and the solution found again. A bracket's edges into the next
scoregroup and that group's own are such a family too, with other parts
(`Matcher.set_family`). Those edges are never written out one by one: the
matcher keeps the weights set (the bracket's own edges, the removed ones) and
the pairs that may not meet, and reads any other pair's weight from the
potentials (`Matcher.weight`).

Two more savings, neither of which changes a result: fixed pairs keep their
edge and lose every other one, so they leave the search; and when the weights
changed since the last solution in a way that cannot make another matching
better (the matching's own edges only gained, the others only lost, or every
other gain is at one player whose matched edge gained at least as much), the
last solution is still a maximum-weight matching and is reused.
"""

from __future__ import annotations

from itertools import accumulate

from pairing.engine.matching import exact

# A solution after changes to more than this share of the edges starts afresh
# (from `_greedy_start`) instead of repairing the kept state: measured on
# rounds of 400 to 1,000 players, 0.6 and 1.0 within 1% of each other, ahead of
# 0.3 (1,000 players: 4.9 s against 5.2 s) and 0.15 (7.0 s). (Before the states
# left out far edges, 0.3 had beaten 0.1, 0.2, 0.5 and never.)
REBUILD_SHARE = 0.6
REBUILD_LEAST = 500  # below this many changed edges, repairing is cheap anyway
# A repair that would free more than this share of the players starts afresh too
# (a new bracket's weights that most of the bracket's edges gain by more than their
# slack): measured on 1,000 players, 0.4 turned a 1.4 s repair into a 0.8 s new
# start and kept the 1.0 s repair that a new start would not beat.
REOPEN_SHARE = 0.4
REOPEN_LEAST = 20  # below this many freed players, repairing is cheap anyway
# A new state holds an edge that weighs what the players' potentials say (see
# `Matcher.reset`) only between players at most this many places apart (and those
# found violated since, `_left_out_violated`). On the rounds of 200 to 1,000
# players measured, the first family's left-out edges were never violated (and a
# round took 25-30% less time than with every edge); the second family's
# (`Matcher.set_family`) were at 700 players (102 edges added) and 1,000 (11,196
# in a round of the paper's Dutch), none at 200 and 400. NEAR = 4, 10 and 16
# measured within the timings' noise of 6 (400 and 700 players).
NEAR = 6
# After this many new states that each left out a violated edge, the next one
# holds every edge.
PRICING_ROUNDS = 3


class Matcher:
    def __init__(self, n: int) -> None:
        self.n = n
        # The weights: those set (`set_many`, 0 for a removed edge) and, after
        # `reset`, every other pair's from the potentials (`weight`).
        self.explicit: dict[tuple[int, int], int] = {}
        self.blocked: set[tuple[int, int]] = set()  # pairs that may not meet (see `reset`)
        self.fixed: dict[int, int] = {}  # vertex -> partner, both ends
        self.newly_fixed: list[tuple[int, int]] = []  # pairs the kept state has not seen
        self.mate: list[int] | None = None
        self.changes: dict[tuple[int, int], int] = {}  # edge -> weight gained since solving
        self.pending: dict[tuple[int, int], int] = {}  # edge -> new weight, not yet in the core
        self.calls = 0
        self.solved = 0
        self.cold = 0
        self.core = None
        self.index: dict[tuple[int, int], int] = {}
        self.dead = 0  # doubled weight of a removed edge
        self.potential: list[int] | None = None  # see `reset`
        # Since `reset`: the edges set (they may weigh otherwise than the
        # potentials say) and the left-out edges found violated (the keys).
        self.touched: dict[tuple[int, int], int] = {}
        # A second family (see `set_family`): the potentials of some players.
        self.family: dict[int, int] | None = None
        self.left_out = False  # the state lacks some edges of the graph
        self.violations = 0  # left-out edges found violated (and added)

    def weight(self, a: int, b: int) -> int:
        """The weight of the pair a-b (0: no edge)."""
        return self._weight_of((a, b) if a < b else (b, a))

    def _weight_of(self, key: tuple[int, int]) -> int:
        w = self.explicit.get(key)
        return self._implicit(key) if w is None else w

    def _implicit(self, key: tuple[int, int]) -> int:
        """The weight of a pair never set: the potentials' (0 without them)."""
        if self.potential is None or key in self.blocked:
            return 0
        a, b = key
        family = self.family
        if family and a in family and b in family:
            return (family[a] + family[b]) >> 1
        return (self.potential[a] + self.potential[b]) >> 1

    @property
    def edge_count(self) -> int:
        """The edges of the graph (as the potentials gave them, or as set)."""
        if self.potential is None:
            return sum(1 for w in self.explicit.values() if w)
        return self.n * (self.n - 1) // 2 - len(self.blocked)

    def edges(self) -> dict[tuple[int, int], int]:
        """Every edge, (low, high) -> weight > 0 (fixed players' included): a whole
        graph's worth of work, for the rare round that needs it (and tests)."""
        if self.potential is None:
            return {k: w for k, w in self.explicit.items() if w}
        found = {}
        for a in range(self.n):
            for b in range(a + 1, self.n):
                w = self.weight(a, b)
                if w:
                    found[a, b] = w
        return found

    def set(self, a: int, b: int, w: int) -> None:
        self.set_many((((a, b), w),))

    def set_many(self, items) -> None:
        """`set` for each ((a, b), weight) of `items`, in order."""
        explicit, fixed = self.explicit, self.fixed
        changes, pending = self.changes, self.pending
        for (a, b), w in items:
            key = (a, b) if a < b else (b, a)
            if w < 0:
                w = 0
            if w and (a in fixed or b in fixed):
                raise AssertionError(f"edge {a}-{b} set at a player whose pair is fixed")
            old = explicit.get(key)
            if old is None:
                old = self._implicit(key)
            explicit[key] = w  # (set, even to its weight: no family describes it now)
            if w == old:
                continue
            changes[key] = changes.get(key, 0) + (w - old)
            pending[key] = w

    def reset(self, potential: list[int], blocked: set[tuple[int, int]]) -> None:
        """Every pair's weight at once (no pair fixed yet): the pairs (low, high)
        of `blocked` may not meet, every other weighs (potential[a] +
        potential[b]) / 2 (the round's weights outside the bracket: a constant
        and a part per player; each sum even). Edges set later may weigh
        otherwise. The next solution starts afresh.

        Such edges are all tight at once under the duals the potentials give,
        and a search that reaches one end labels nearly the whole field; a new
        state therefore holds an edge not set since only between players close
        in the order (`NEAR`), and after each solution the left-out ones are
        priced: one that the duals violate is added and the solution found again
        (`_left_out_violated`). A solution no left-out edge violates is a
        maximum-weight one of the whole graph (its duals are feasible for every
        edge). The weights are not written out pair by pair (`weight`)."""
        if self.fixed:
            raise AssertionError("reset after pairs were fixed")
        self.potential = potential
        self.blocked = blocked
        self.explicit = {}
        self.touched = {}
        self.family = None
        self.core = None
        self.mate = None
        self.changes = {}
        self.pending = {}
        self.newly_fixed = []

    def set_family(self, potential: dict[int, int]) -> None:
        """From now on, a pair of players of `potential` (player -> integer) that
        was never set and may meet weighs (potential[a] + potential[b]) / 2: a
        second family beside the one `reset` gave, for pairs among those players
        only (a bracket's edges into the next scoregroup and that group's own: C.8
        adds to them a constant and a part per player, `weights.next_parts`). A
        new state leaves such an edge out as it does the first family's (it holds
        those close in the order), the kept state need not have it, and each
        solution is priced against both families. The previous family's pairs
        that the new one does not describe keep their weights, as edges set (the
        next solution starts a new state if the kept one lacks one of them)."""
        if self.potential is None:
            raise AssertionError("a second family before the potentials (`reset`)")
        explicit, blocked, fixed = self.explicit, self.blocked, self.fixed
        touched, pending = self.touched, self.pending
        old = self.family
        if old:  # (the engine sets them all, as its bracket's edges, before)
            players = sorted(v for v in old if v not in fixed)
            for i, a in enumerate(players):
                for b in players[i + 1 :]:
                    key = (a, b)
                    if key in explicit or key in blocked or (a in potential and b in potential):
                        continue
                    w = explicit[key] = (old[a] + old[b]) >> 1
                    touched[key] = 0
                    pending[key] = w
        self.family = potential
        if self.core is not None:  # the kept state's edges that change
            ours = {v for v in potential if v not in fixed}
            for key in self.index:
                a, b = key
                if a in ours and b in ours and _described(key, explicit, blocked):
                    pending[key] = (potential[a] + potential[b]) >> 1
        self.mate = None  # (the changes to left-out edges are not counted)

    def fix(self, a: int, b: int) -> None:
        """Keep the pair a-b whatever else happens: every other edge at a or b
        goes, and the two leave the graph. (Their weights stay, and are read with
        fixed players left out. The kept state learns it at the next
        repair, `_reopen`, in one sweep over the two players' edges; the removed
        edges are not changes: losses of edges outside the matching, they cannot
        make another matching better.)"""
        pair = (a, b) if a < b else (b, a)
        self.fixed[a], self.fixed[b] = b, a
        self.newly_fixed.append((a, b))
        # Changes pending at a or b go (those edges leave the kept state in the
        # sweep, their edges to the extra vertex too), but for the pair's own.
        self.pending = {
            k: w for k, w in self.pending.items() if k == pair or (a not in k and b not in k)
        }
        self.changes = {k: d for k, d in self.changes.items() if a not in k and b not in k}
        if self.mate is not None and self.mate[a] != b:
            self.mate = None

    def _still_optimal(self) -> bool:
        mate = self.mate
        if mate is None:
            return False

        def in_matching(key: tuple[int, int]) -> bool:
            return mate[key[0]] == key[1]

        bad = [
            (key, d) for key, d in self.changes.items() if (d > 0) != in_matching(key) and d != 0
        ]
        if not bad:
            return True
        common = set(bad[0][0])
        for key, _ in bad[1:]:
            common &= set(key)
        for v in common:
            own = (min(v, mate[v]), max(v, mate[v]))
            gain = self.changes.get(own, 0) if mate[v] != v else None
            if gain is None or gain < 0:
                continue
            if all(d <= gain for key, d in bad if key != own):
                return True
        return False

    def solve(self) -> list[int]:
        """mate[v]: v's partner, or v itself when v stays unpaired."""
        self.calls += 1
        if self._still_optimal():
            self.changes = {}
            return list(self.mate)  # type: ignore[arg-type]
        self.solved += 1
        mate = None
        if self.potential is not None:
            self.touched.update(self.pending)
        # A change to a large part of the graph (a new bracket's weights, the
        # exchange terms) opens most of the state: a new start is cheaper then.
        large = len(self.pending) > max(REBUILD_SHARE * self.edge_count, REBUILD_LEAST)
        if self.core is not None and not large and self._reopen():
            exact.run(self.core)
            mate = self._read()
            if mate is not None and self._violated():
                mate = None
        rounds = 0
        while mate is None:
            self.cold += 1
            self.core = None  # the old state goes before the new one is built
            whole = self.potential is None or rounds >= PRICING_ROUNDS
            self._build(whole)
            exact.run(self.core)
            mate = self._read()
            if mate is None:
                if whole:
                    break
                rounds = PRICING_ROUNDS  # the edges left out may be needed: all of them
            elif not whole and self._violated():
                mate = None
                rounds += 1
        if mate is None:
            mate = self._by_cardinality()
        self.mate = mate
        self.changes = {}
        self.pending = {}
        return list(mate)

    # -- the solver's state ------------------------------------------------------

    def _build(self, whole: bool = True) -> None:
        """A new state from the current weights (cold start); unless `whole`, the
        edges the potentials describe only between players close in the order
        (see `reset`)."""
        n = self.n
        size = n + (n % 2)
        fixed, weight_of = self.fixed, self._weight_of

        def weight(key: tuple[int, int]) -> int:  # (a fixed player's: 0)
            return 0 if key[0] in fixed or key[1] in fixed else weight_of(key)

        self.left_out = not whole and self.potential is not None
        if not self.left_out:
            if self.potential is None:
                candidates = list(self.explicit)
            else:
                candidates = [(a, b) for a in range(n) for b in range(a + 1, n)]
        else:  # the pairs close in the order, then the others set since `reset`
            candidates = [(a, b) for a in range(n) for b in range(a + 1, min(a + NEAR + 1, n))]
            self.touched = dict.fromkeys((k for k in self.touched if weight(k)), 0)
            candidates.extend(k for k in self.touched if k[1] - k[0] > NEAR)
        keys, ew2 = [], []
        for key in candidates:
            w = weight(key)
            if w:
                keys.append(key)
                ew2.append(2 * w)
        eu = [a for a, _ in keys]
        ev = [b for _, b in keys]
        self.index = dict(zip(keys, range(len(keys)), strict=True))
        top = max(ew2, default=0) // 2
        # Fixed pairs keep their edge (a pair always in the matching).
        for a, b in self.fixed.items():
            if a < b and (a, b) not in self.index:
                self.index[a, b] = len(eu)
                eu.append(a)
                ev.append(b)
                ew2.append(0)
        if size > n:  # the extra vertex: its partner is the player left unpaired
            for v in range(n):
                if v not in self.fixed:
                    self.index[v, n] = len(eu)
                    eu.append(v)
                    ev.append(n)
                    ew2.append(0)
        self.dead = -(1 << (2 * top.bit_length() + 8)) * 2
        self.newly_fixed = []
        adjacency = exact.adjacency(size, eu, ev)
        dual, mate = _greedy_start(size, eu, ev, ew2, adjacency)
        self.core = exact.make_core(size, eu, ev, ew2, dual, mate, True, adjacency)

    def _violated(self) -> bool:
        """Whether the solution's duals violate an edge the state left out (those
        found are added to the next new state)."""
        if not self.left_out:
            return False
        c, n, index, fixed = self.core, self.n, self.index, self.fixed
        explicit, blocked = self.explicit, self.blocked

        def described(key: tuple[int, int]) -> bool:  # (one set is in every state)
            return _described(key, explicit, blocked)

        found = _left_out_violated(c, n, self.potential, index, described, fixed)
        if self.family:  # the second family's edges (its players' pairs only)
            found.extend(_left_out_violated(c, n, self.family, index, described, fixed))
        self.touched.update(dict.fromkeys(found, 0))
        self.violations += len(found)
        return bool(found)

    def _reopen(self) -> bool:
        """Apply the pending weight changes to the kept state; False when one of
        them needs a new state (an edge the state never had)."""
        c = self.core
        index = self.index
        n = c.n
        ew, dual, top = c.ew, c.dual, c.top
        gains: list[tuple[int, int, int]] = []
        count: dict[int, int] = {}
        if self.newly_fixed:
            aptr, anbr, aedge, mate = c.aptr, c.anbr, c.aedge, c.mate
            dead = self.dead
            for a, b in self.newly_fixed:
                kept = index.get((a, b) if a < b else (b, a))
                if kept is None:
                    return False
                for v, other in ((a, b), (b, a)):
                    # Its blossoms would lose the edges that hold them: dissolved.
                    if top[v] >= n:
                        exact.isolate(c, v)
                    if mate[v] != kept:
                        exact.unmatch(c, v)
                    for p in range(aptr[v], aptr[v + 1]):
                        if anbr[p] != other:
                            ew[aedge[p]] = dead
            self.newly_fixed = []
        for key, w in self.pending.items():
            e = index.get(key)
            if e is None:
                if w:
                    return False
                continue
            new = 2 * w if w else self.dead
            old = ew[e]
            if new == old:
                continue
            ew[e] = new
            a, b = key
            if new < old:
                if c.mate[a] == e:
                    exact.unmatch(c, a)
                if top[a] >= n and top[a] == top[b] and _in_a_blossom_cycle(c, a, e):
                    exact.isolate(c, a)
            else:
                gains.append((e, a, b))
        short = []
        nesting = _Nesting(c)
        for e, a, b in gains:
            s = dual[a] + dual[b] - ew[e]
            if s < 0 and s + nesting.common_dual(a, b) < 0:
                short.append((e, a, b))
                count[a] = count.get(a, 0) + 1
                count[b] = count.get(b, 0) + 1
        # Which end of each short edge opens (the one with more short edges, or
        # one already opened), decided before anything moves.
        opened: set[int] = set()
        raised = []
        for e, a, b in short:
            if b in opened or (a not in opened and count[b] > count[a]):
                a, b = b, a
            opened.add(a)
            raised.append((e, a, b))
        if len(opened) > max(REOPEN_SHARE * (n - len(self.fixed)), REOPEN_LEAST):
            return False  # most of the graph opened: a new start is cheaper
        _isolate_all(c, opened)
        for a in opened:
            exact.unmatch(c, a)
        for e, a, b in raised:
            s = dual[a] + dual[b] - ew[e]  # a is in no blossom now
            if s < 0:
                dual[a] -= s
        self._tighten_free(c)
        # The forest starts afresh. (Written past the arrays' notes: a run begins
        # by reading the state whole, `_plain._Watch.reset`.)
        nodes = 2 * n
        whole = slice(None)
        list.__setitem__(c.label, whole, [0] * nodes)
        list.__setitem__(c.best, whole, [-1] * nodes)
        c.tree[:] = [-1] * nodes
        c.inq[:] = [False] * n
        ctr = c.ctr
        ctr[exact.COUNTERS["_QH"]] = 0
        ctr[exact.COUNTERS["_QT"]] = 0
        ctr[exact.COUNTERS["_STATUS"]] = exact.STATUS_RUNNING
        for v in range(n):
            if c.mate[v] < 0 and dual[v] % 2:
                exact.make_even(c, v)
        return True

    def _tighten_free(self, c) -> None:
        """As at a cold start (`_greedy_start`): each free vertex outside any
        blossom has its dual brought down to the least its edges allow (rounded
        up to even), and is matched to another such free vertex along an edge
        that is then tight. The search then starts from fewer free vertices.
        (Duals only come down to a value that keeps every edge of the vertex
        feasible, so the state stays one the search may start from.)"""
        mate, top, dual, ew = c.mate, c.top, c.dual, c.ew
        free = [v for v in range(c.n) if mate[v] < 0 and top[v] == v]
        if not free:
            return
        aptr, anbr, aedge = c.aptr, c.anbr, c.aedge
        index, floor = self.index, self.dead // 2
        for v in free:
            if mate[v] >= 0:
                continue
            lo, hi = aptr[v], aptr[v + 1]
            if lo == hi:
                continue
            need = max(
                map(
                    int.__sub__,
                    map(ew.__getitem__, aedge[lo:hi]),
                    map(dual.__getitem__, anbr[lo:hi]),
                )
            )
            if need < floor:
                continue  # only removed edges left
            need += need & 1
            if need < dual[v]:
                dual[v] = need
            for u in free:
                if u == v or mate[u] >= 0:
                    continue
                e = index.get((v, u) if v < u else (u, v))
                if e is not None and dual[v] + dual[u] == ew[e]:
                    mate[v] = mate[u] = e
                    break

    def _read(self) -> list[int] | None:
        """The matching of a finished run, or None when the run cannot be
        trusted (stopped, used a removed edge, left a player unpaired, broke a
        fixed pair)."""
        c = self.core
        if c.ctr[exact.COUNTERS["_STATUS"]] != exact.STATUS_DONE:
            return None
        n = self.n
        edges = c.mate[:n]
        if min(edges, default=0) < 0 or min(map(c.ew.__getitem__, edges), default=0) < 0:
            return None
        ends = zip(map(c.eu.__getitem__, edges), map(c.ev.__getitem__, edges), strict=True)
        other = [b if a == v else a for v, (a, b) in enumerate(ends)]
        mate = [v if u >= n else u for v, u in enumerate(other)]
        for v, u in self.fixed.items():
            if mate[v] != u:
                return None
        return mate

    def _by_cardinality(self) -> list[int]:
        """The rare case the perfect-matching view does not fit (no pairing
        completes the round): a maximum-weight matching by networkx, from scratch."""
        import networkx as nx  # only for rounds that cannot be completed

        graph = nx.Graph()
        graph.add_nodes_from(v for v in range(self.n) if v not in self.fixed)
        graph.add_weighted_edges_from(
            (a, b, w)
            for (a, b), w in self.edges().items()
            if a not in self.fixed and b not in self.fixed
        )
        mate = list(range(self.n))
        for v, u in self.fixed.items():
            mate[v] = u
        for a, b in nx.max_weight_matching(graph, maxcardinality=False):
            mate[a], mate[b] = b, a
        self.core = None
        return mate


def _described(key: tuple[int, int], explicit, blocked) -> bool:
    """The pair is an edge whose weight a family of potentials gives (never set,
    and its players may meet)."""
    return key not in explicit and key not in blocked


class _Nesting:
    """The blossoms holding each vertex asked about, outermost first, with the
    running sums of their duals; valid while no blossom or dual changes."""

    __slots__ = ("chains", "dual", "parent", "top")

    def __init__(self, c) -> None:
        self.top = c.top
        self.parent = c.parent
        self.dual = c.dual
        self.chains: dict[int, tuple[list[int], list[int]]] = {}

    def _chain(self, x: int) -> tuple[list[int], list[int]]:
        found = self.chains.get(x)
        if found is None:
            parent = self.parent
            chain = []
            y = parent[x]
            while y >= 0:
                chain.append(y)
                y = parent[y]
            chain.reverse()
            found = self.chains[x] = (chain, list(accumulate(map(self.dual.__getitem__, chain))))
        return found

    def common_dual(self, a: int, b: int) -> int:
        """`exact.common_blossom_dual(c, a, b)`: the duals of the blossoms holding
        both: none when the two are in different top-level nodes. Two chains agree
        down to the lowest such blossom and differ below it, so its depth is found
        by halving."""
        if self.top[a] != self.top[b]:
            return 0
        chain_a, sums = self._chain(a)
        chain_b = self._chain(b)[0]
        lo, hi = 0, min(len(chain_a), len(chain_b))
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if chain_a[mid - 1] == chain_b[mid - 1]:
                lo = mid
            else:
                hi = mid - 1
        return sums[lo - 1] if lo else 0


def _isolate_all(c, vertices) -> None:
    """`exact.isolate` for each of `vertices` (every blossom holding one of them
    dissolved, its dual moved to its vertices, Z/2 each; a base whose outer matched
    edge thereby stops being tight unmatched), in one walk down each outermost
    blossom: a vertex gets the sum of the dissolved blossoms around it at once,
    instead of once per blossom (nested blossoms made that quadratic)."""
    n = c.n
    parent, top, dual = c.parent, c.top, c.dual
    label, best, tree, leaf, base = c.label, c.best, c.tree, c.leaf, c.base
    doomed: set[int] = set()
    roots = []
    for a in vertices:
        if top[a] < n:
            continue
        x = parent[a]
        while x >= 0 and x not in doomed:
            doomed.add(x)
            if parent[x] < 0:
                roots.append(x)
            x = parent[x]
    stack = [(r, 0) for r in roots]
    while stack:
        b, carried = stack.pop()
        z = dual[b]
        carried += z // 2
        if z > 0:
            exact.unmatch(c, base[b])
        for child in _children(c, b):
            parent[child] = -1
            label[child] = 0
            best[child] = -1
            tree[child] = -1
            if child in doomed:
                stack.append((child, carried))
            else:
                for t in range(exact.leaves(c, child)):
                    v = leaf[t]
                    top[v] = child
                    dual[v] += carried
        exact.free_blossom(c, b)


def _children(c, b: int) -> list[int]:
    """The children of blossom b (vertices or blossoms), around its cycle."""
    first, snext = c.first, c.snext
    kids = [first[b]]
    x = snext[kids[0]]
    while x != kids[0]:
        kids.append(x)
        x = snext[x]
    return kids


def _in_a_blossom_cycle(c, a: int, e: int) -> bool:
    """Edge e (at vertex a) joins two children of a blossom holding a: a blossom
    needs those edges tight, other edges inside it may lose weight freely."""
    parent, sedge, sprev = c.parent, c.sedge, c.sprev
    x = a
    while parent[x] >= 0:
        if sedge[x] == e or sedge[sprev[x]] == e:
            return True
        x = parent[x]
    return False


def _greedy_start(
    n: int,
    eu: list[int],
    ev: list[int],
    ew2: list[int],
    adjacency: tuple[list[int], list[int], list[int]],
) -> tuple[list[int], list[int]]:
    """Feasible even vertex duals (each vertex's heaviest edge, rounded up to an
    even number) and the pairs that are tight and the heaviest at both ends.
    (`adjacency`: `exact.adjacency(n, eu, ev)`, each vertex's edges in order.)"""
    aptr, _, aedge = adjacency
    weight = ew2.__getitem__
    edges_at = [aedge[aptr[v] : aptr[v + 1]] for v in range(n)]
    heaviest = [max(map(weight, edges)) // 2 if edges else None for edges in edges_at]
    dual = [0 if h is None else h + (h & 1) for h in heaviest]
    mate = [-1] * n
    for e in range(len(eu)):
        a, b = eu[e], ev[e]
        if mate[a] < 0 and mate[b] < 0 and dual[a] + dual[b] == ew2[e]:
            mate[a] = mate[b] = e
    # A free vertex's dual can come down to the least that keeps its edges
    # feasible (which makes its best edge tight): matched when that edge's other
    # end is free too. Free duals must stay even, so the value is rounded up.
    for v in range(n):
        if mate[v] >= 0 or not edges_at[v]:
            continue
        need = max(ew2[e] - dual[eu[e] if ev[e] == v else ev[e]] for e in edges_at[v])
        need += need & 1
        if need >= dual[v]:
            continue
        dual[v] = need
        for e in edges_at[v]:
            u = eu[e] if ev[e] == v else ev[e]
            if mate[u] < 0 and dual[v] + dual[u] == ew2[e]:
                mate[v] = mate[u] = e
                break
    return dual, mate


def _left_out_violated(c, n, potential, index, described, fixed) -> list[tuple[int, int]]:
    """The pairs not in the state (`index`) that are edges the potentials describe
    (`described(key)`) and whose slack under the state's duals is negative. Such
    an edge weighs (potential[a] + potential[b]) / 2, doubled in the state, so its
    slack is q[a] + q[b] plus the duals of the blossoms holding both, with q[v] =
    dual[v] - potential[v]. (`potential`: a list, one per player, or a dict for
    some players only: then only pairs among them.)

    Node by node down the blossom forest: the pairs whose lowest common blossom
    is X (or that share none: the top level) have slack q[a] + q[b] + S(X), S(X)
    the duals of X and the blossoms around it. No pair there is violated when
    the least q of two different children of X already sum to -S(X) or more;
    otherwise only the pairs below that sum are looked at. A blossom whose least
    q, twice, and S(X) sum to 0 or more holds no violated pair: not entered.
    (Most solutions have no negative q at all.)"""
    dual, top = c.dual, c.top
    if isinstance(potential, dict):  # a second family: only its players' pairs
        players = [v for v in potential if v not in fixed]
        qs = list(map(int.__sub__, map(dual.__getitem__, players), map(potential.get, players)))
    else:
        players = None
        qs = list(map(int.__sub__, dual[:n], potential))
    least = min(qs, default=0)
    if least >= 0:
        return []
    high = -least  # the q of a vertex in no left-out edge: in no violated pair
    if players is None:
        q = qs
        for v in fixed:
            q[v] = high
    else:
        q = [high] * n
        for v, x in zip(players, qs, strict=True):
            q[v] = x
    q.extend([high] * (c.n - n))  # the extra vertex
    n = c.n  # below: nodes from n on are blossoms
    tops = sorted({top[v] for v in range(n)})
    low: dict[int, int] = {}  # blossom -> the least q of its vertices

    def lowest(x: int) -> int:
        return q[x] if x < n else low[x]

    parent = c.parent
    for v in sorted(range(n), key=q.__getitem__):  # the least q of every blossom:
        x = parent[v]  # its first vertex up from the lowest
        while x >= 0 and x not in low:
            low[x] = q[v]
            x = parent[x]

    def members(x: int) -> list[int]:
        return [x] if x < n else c.leaf[: exact.leaves(c, x)]

    bad: list[tuple[int, int]] = []
    levels = [(tops, 0)]  # (the nodes of one level, S of the blossom holding them)
    while levels:
        nodes, total = levels.pop()
        for x in nodes:
            # A pair inside blossom x has slack at least 2 low[x] + S(x).
            if x >= n and 2 * low[x] + total + dual[x] < 0:
                levels.append((_children(c, x), total + dual[x]))
        if len(nodes) < 2:
            continue
        lows = sorted(map(lowest, nodes))
        if lows[0] + lows[1] + total >= 0:
            continue
        limit = -total - lows[0]  # a vertex in a violated pair has q below this
        groups = []
        for x in nodes:
            if lowest(x) < limit:
                group = sorted((v for v in members(x) if q[v] < limit), key=q.__getitem__)
                groups.append(group)
        groups.sort(key=len, reverse=True)
        largest = groups[0]
        rest = sorted((v for g in groups[1:] for v in g), key=q.__getitem__)
        side = {v: k for k, g in enumerate(groups) for v in g}
        candidates = []
        for a in largest:
            for b in rest:
                if q[a] + q[b] + total >= 0:
                    break
                candidates.append((a, b))
        for i, a in enumerate(rest):
            for b in rest[i + 1 :]:
                if q[a] + q[b] + total >= 0:
                    break
                if side[a] != side[b]:
                    candidates.append((a, b))
        for a, b in candidates:
            key = (a, b) if a < b else (b, a)
            if key not in index and described(key):
                bad.append(key)
    return bad
