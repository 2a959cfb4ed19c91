"""A weighted graph over the round's players, re-solved as its weights change.

Maximum-weight matching (Edmonds' blossom algorithm, networkx's exact integer
version). Every decision the engine takes from a solution is one that all
maximum-weight matchings agree on, so which optimum the solver returns does
not matter.
"""

from __future__ import annotations

import networkx as nx


class Matcher:
    def __init__(self, n: int) -> None:
        self.n = n
        self.weights: dict[tuple[int, int], int] = {}
        self.calls = 0

    def set(self, a: int, b: int, w: int) -> None:
        key = (a, b) if a < b else (b, a)
        if w > 0:
            self.weights[key] = w
        else:
            self.weights.pop(key, None)

    def fix(self, a: int, b: int, w: int) -> None:
        """Keep the pair a-b whatever else happens: its edge gets weight w
        (above any other) and every other edge at a or b is removed."""
        for key in [k for k in self.weights if a in k or b in k]:
            del self.weights[key]
        self.weights[(min(a, b), max(a, b))] = w

    def solve(self) -> list[int]:
        """mate[v]: v's partner, or v itself when v stays unpaired."""
        self.calls += 1
        graph = nx.Graph()
        graph.add_nodes_from(range(self.n))
        graph.add_weighted_edges_from((a, b, w) for (a, b), w in self.weights.items())
        mate = list(range(self.n))
        for a, b in nx.max_weight_matching(graph, maxcardinality=False):
            mate[a], mate[b] = b, a
        return mate
