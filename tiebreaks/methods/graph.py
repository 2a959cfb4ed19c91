"""The game graph behind the indirect methods (tiebreak-proposals, Pippel 2020).

Only games played over the board count. Each game gives the skew-symmetric
outcome r = (own points - opponent's points) / (win - loss): +1 win, 0 draw,
-1 loss on any scale (the draughts 2/1/0 scale included). With s_i the sum
of player i's outcomes, m_i the games played and M the matches matrix, the
Laplacian is L = diag(m) - M.

The ratings exist only on a suitable domain: least squares and recursive
Buchholz need a connected graph, relative Elo a strongly connected one (a
path of non-losing results between any two players). Otherwise the spec's
remedy applies: a virtual opponent who draws once with everybody, with a
warning that it changes ratings and order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from tiebreaks.methods.context import Context


@dataclass(frozen=True)
class GameGraph:
    """Games once each: endpoints (i, j), i's fractional result; `size` nodes.

    When `virtual` is set, node `size - 1` is the virtual drawing opponent.
    """

    size: int
    i: np.ndarray
    j: np.ndarray
    result: np.ndarray  # i's share of the game's points: 1 win, 1/2 draw, 0 loss
    virtual: bool = False

    @property
    def players(self) -> int:
        return self.size - 1 if self.virtual else self.size

    @property
    def outcome(self) -> np.ndarray:
        """Skew-symmetric outcome of each game for i: 2 * result - 1."""
        return 2.0 * self.result - 1.0

    def row_sums(self) -> np.ndarray:
        """s: each node's sum of skew-symmetric outcomes."""
        r = self.outcome
        return np.bincount(self.i, r, self.size) - np.bincount(self.j, r, self.size)

    def games(self) -> np.ndarray:
        """m: games per node."""
        return np.bincount(self.i, minlength=self.size) + np.bincount(self.j, minlength=self.size)

    def matches(self) -> sp.csr_matrix:
        """M: number of games between each pair (symmetric)."""
        ones = np.ones(len(self.i))
        m = sp.coo_matrix((ones, (self.i, self.j)), shape=(self.size, self.size))
        return (m + m.T).tocsr()

    def laplacian(self) -> sp.csr_matrix:
        matches = self.matches()
        return (sp.diags(np.asarray(matches.sum(axis=1)).ravel()) - matches).tocsr()

    def with_virtual_opponent(self) -> GameGraph:
        """Add a node that drew one game with every player."""
        if self.virtual:
            return self
        v = self.size
        players = np.arange(self.size)
        return GameGraph(
            size=self.size + 1,
            i=np.concatenate([self.i, players]),
            j=np.concatenate([self.j, np.full(self.size, v)]),
            result=np.concatenate([self.result, np.full(self.size, 0.5)]),
            virtual=True,
        )

    def is_connected(self) -> bool:
        if self.size <= 1:
            return True
        count, _ = connected_components(self.matches(), directed=False)
        return count == 1

    def is_strongly_connected(self) -> bool:
        """A non-losing path between any two players (Glickman's indivisibility)."""
        if self.size <= 1:
            return True
        # i -> j when i scored against j (a win or a draw).
        scored_i = self.result > 0
        scored_j = self.result < 1
        rows = np.concatenate([self.i[scored_i], self.j[scored_j]])
        cols = np.concatenate([self.j[scored_i], self.i[scored_j]])
        adj = sp.coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(self.size, self.size))
        count, _ = connected_components(adj.tocsr(), directed=True, connection="strong")
        return count == 1


def game_graph(ctx: Context) -> GameGraph:
    """The section's played games as a graph (computed once per context)."""

    def compute() -> GameGraph:
        a = ctx.arrays
        scoring = ctx.table.scoring
        span = scoring.win - scoring.loss
        rows, rounds = np.nonzero(a.played)
        opp = a.opponent[rows, rounds]
        once = rows < opp
        i, r = rows[once], rounds[once]
        result = (a.points[i, r] - scoring.loss) / span
        return GameGraph(size=ctx.n, i=i, j=opp[once], result=result)

    return ctx.memo("game-graph", compute)


def connected_graph(ctx: Context, method: str) -> GameGraph:
    """The game graph, with the virtual drawing opponent if it is not connected."""
    graph = game_graph(ctx)
    if graph.is_connected():
        return graph
    ctx.warn(
        f"{method}: the results graph is not connected (some players cannot be "
        "compared through games); a virtual opponent who draws with everyone was "
        "added, which changes ratings and order"
    )
    return graph.with_virtual_opponent()


def strongly_connected_graph(ctx: Context, method: str) -> GameGraph:
    """The game graph, with the virtual drawing opponent if not strongly connected."""
    graph = game_graph(ctx)
    if graph.is_strongly_connected():
        return graph
    ctx.warn(
        f"{method}: the results graph is not strongly connected (some player won "
        "or lost all games against a group); a virtual opponent who draws with "
        "everyone was added, which changes ratings and order"
    )
    return graph.with_virtual_opponent()


def centred(values: np.ndarray, players: int) -> np.ndarray:
    """The real players' values, shifted to mean zero."""
    real = values[:players]
    return real - real.mean() if players else real
