"""A weighted graph over the round's players, re-solved as its weights change.

Maximum-weight matching (Edmonds' blossom algorithm, networkx's exact integer
version). Every decision the engine takes from a solution is one that all
maximum-weight matchings agree on, so which optimum the solver returns does
not matter. That also allows two savings, neither of which changes a result:

- fixed pairs (an edge left alone at both ends) are kept out of the solver;
- when the weights changed since the last solution in a way that cannot make
  another matching better (the matching's own edges only gained, the others only
  lost, or every other gain is at one player whose matched edge gained at least
  as much), the last solution is still a maximum-weight matching and is reused.
"""

from __future__ import annotations

import networkx as nx


class Matcher:
    def __init__(self, n: int) -> None:
        self.n = n
        self.weights: dict[tuple[int, int], int] = {}
        self.fixed: dict[int, int] = {}  # vertex -> partner, both ends
        self.mate: list[int] | None = None
        self.changes: dict[tuple[int, int], int] = {}  # edge -> weight gained since solving
        self.calls = 0
        self.solved = 0

    def set(self, a: int, b: int, w: int) -> None:
        key = (a, b) if a < b else (b, a)
        w = max(w, 0)
        if w and (a in self.fixed or b in self.fixed):
            raise AssertionError(f"edge {a}-{b} set at a player whose pair is fixed")
        old = self.weights.get(key, 0)
        if w == old:
            return
        if w:
            self.weights[key] = w
        else:
            del self.weights[key]
        self.changes[key] = self.changes.get(key, 0) + (w - old)

    def fix(self, a: int, b: int) -> None:
        """Keep the pair a-b whatever else happens: every other edge at a or b
        goes, and the two leave the graph."""
        for key in [k for k in self.weights if a in k or b in k]:
            self.set(key[0], key[1], 0)
        self.fixed[a], self.fixed[b] = b, a
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
        graph = nx.Graph()
        graph.add_nodes_from(v for v in range(self.n) if v not in self.fixed)
        graph.add_weighted_edges_from((a, b, w) for (a, b), w in self.weights.items())
        mate = list(range(self.n))
        for v, u in self.fixed.items():
            mate[v] = u
        for a, b in nx.max_weight_matching(graph, maxcardinality=False):
            mate[a], mate[b] = b, a
        self.mate = mate
        self.changes = {}
        return list(mate)
