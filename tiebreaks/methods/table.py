"""The results table every tiebreak method works on.

A section's results are a list of players and, per player and round, one
`RoundResult`: the opponent (an index into the players, or None), the colour,
the points scored and the kind of round. Kinds follow the FIDE vocabulary
(C.07 Art. 16, C.04.1): played win/draw/loss, forfeit win/loss, the
pairing-allocated bye (PAB), requested full-, half- and zero-point byes, and
absent (not paired at all: withdrawn, late entry, not present).

The table also carries its scoring (points for a win, a draw and a loss: the
draughts data uses 2/1/0) and offers numpy views (`arrays`) that the
vectorised methods read.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np


class Kind(enum.IntEnum):
    """What happened to one player in one round."""

    WIN = 0
    DRAW = 1
    LOSS = 2
    FORFEIT_WIN = 3
    FORFEIT_LOSS = 4
    PAB = 5  # pairing-allocated bye
    FULL_BYE = 6  # requested full-point bye (not a PAB)
    HALF_BYE = 7
    ZERO_BYE = 8
    ABSENT = 9  # not paired: withdrawn, late entry, absent

    @property
    def played(self) -> bool:
        """A game played over the board."""
        return self in PLAYED_KINDS

    @property
    def needs_opponent(self) -> bool:
        return self in PLAYED_KINDS or self in FORFEIT_KINDS


PLAYED_KINDS = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS})
FORFEIT_KINDS = frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS})
# C.07 (2024) Art. 16: voluntary unplayed rounds (the player chose not to play).
VOLUNTARY_KINDS = frozenset({Kind.FORFEIT_LOSS, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT})


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for a win, a draw and a loss (byes follow: PAB and full bye = win...)."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0

    def points_for(self, kind: Kind) -> float:
        """The points a kind of round is worth by default."""
        if kind in (Kind.WIN, Kind.FORFEIT_WIN, Kind.PAB, Kind.FULL_BYE):
            return self.win
        if kind in (Kind.DRAW, Kind.HALF_BYE):
            return self.draw
        return self.loss


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's round: opponent index (or None), colour, points, kind."""

    kind: Kind
    points: float
    opponent: int | None = None
    colour: str = "-"  # "w", "b" or "-"


ABSENT = RoundResult(Kind.ABSENT, 0.0)


@dataclass(frozen=True, slots=True)
class Player:
    id: int  # pairing number (or any stable number the caller uses)
    name: str = ""
    rating: int | None = None
    mms_start: float | None = None  # Go McMahon: starting McMahon score


class TableError(ValueError):
    """A results table that contradicts itself (names the player and round)."""


@dataclass(frozen=True, slots=True)
class TableArrays:
    """Dense numpy views of a table: shape (players, rounds)."""

    opponent: np.ndarray  # int, -1 where no opponent
    points: np.ndarray  # float
    kind: np.ndarray  # int8 Kind codes
    black: np.ndarray  # bool: played with black
    rating: np.ndarray  # float, NaN where unrated

    @property
    def played(self) -> np.ndarray:
        return self.kind <= Kind.LOSS

    @property
    def has_opponent(self) -> np.ndarray:
        return self.opponent >= 0

    @property
    def voluntary(self) -> np.ndarray:
        k = self.kind
        return (
            (k == Kind.FORFEIT_LOSS)
            | (k == Kind.HALF_BYE)
            | (k == Kind.ZERO_BYE)
            | (k == Kind.ABSENT)
        )


@dataclass(frozen=True)
class ResultsTable:
    """Players and their rounds; `rounds[i][r]` is player i's round r+1."""

    players: tuple[Player, ...]
    rounds: tuple[tuple[RoundResult, ...], ...]
    scoring: Scoring = field(default_factory=Scoring)
    round_count: int | None = None  # rounds completed; default: the longest row

    def __post_init__(self) -> None:
        if len(self.rounds) != len(self.players):
            raise TableError(f"{len(self.players)} players but {len(self.rounds)} rows of results")
        self._check_pairings()

    @classmethod
    def build(
        cls,
        players: Sequence[Player],
        rounds: Sequence[Sequence[RoundResult]],
        *,
        scoring: Scoring | None = None,
        round_count: int | None = None,
    ) -> ResultsTable:
        return cls(
            players=tuple(players),
            rounds=tuple(tuple(row) for row in rounds),
            scoring=scoring or Scoring(),
            round_count=round_count,
        )

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def rounds_completed(self) -> int:
        if self.round_count is not None:
            return self.round_count
        return max((len(row) for row in self.rounds), default=0)

    def result(self, player: int, round_index: int) -> RoundResult:
        """Player's result in a 0-based round (absent when not recorded)."""
        row = self.rounds[player]
        return row[round_index] if round_index < len(row) else ABSENT

    def after_round(self, k: int | None) -> ResultsTable:
        """The table as it stood after round k (None: unchanged)."""
        if k is None or k == self.rounds_completed:
            return self
        if not 0 <= k <= self.rounds_completed:
            raise TableError(
                f"cannot take standings after round {k}: "
                f"{self.rounds_completed} rounds have been played"
            )
        return ResultsTable(
            players=self.players,
            rounds=tuple(row[:k] for row in self.rounds),
            scoring=self.scoring,
            round_count=k,
        )

    def _check_pairings(self) -> None:
        n = len(self.players)
        for i, row in enumerate(self.rounds):
            for r, res in enumerate(row):
                label = self._label(i)
                if res.kind.needs_opponent and res.opponent is None:
                    raise TableError(f"{label}, round {r + 1}: {res.kind.name} needs an opponent")
                if res.opponent is None:
                    continue
                j = res.opponent
                if not 0 <= j < n or j == i:
                    raise TableError(f"{label}, round {r + 1}: no such opponent ({j})")
                other = self.result(j, r)
                if other.opponent != i:
                    raise TableError(
                        f"{label}, round {r + 1}: paired with {self._label(j)}, "
                        "who has a different opponent that round"
                    )

    def _label(self, i: int) -> str:
        p = self.players[i]
        return f"player {p.id}" + (f" ({p.name})" if p.name else "")

    @cached_property
    def arrays(self) -> TableArrays:
        n, rounds = self.n, self.rounds_completed
        opponent = np.full((n, rounds), -1, dtype=np.int64)
        points = np.zeros((n, rounds), dtype=np.float64)
        kind = np.full((n, rounds), int(Kind.ABSENT), dtype=np.int8)
        black = np.zeros((n, rounds), dtype=bool)
        for i, row in enumerate(self.rounds):
            for r, res in enumerate(row[:rounds]):
                if res.opponent is not None:
                    opponent[i, r] = res.opponent
                points[i, r] = res.points
                kind[i, r] = int(res.kind)
                black[i, r] = res.colour == "b" and res.kind.played
        rating = np.array(
            [
                np.nan if p.rating is None or p.rating <= 0 else float(p.rating)
                for p in self.players
            ],
            dtype=np.float64,
        )
        return TableArrays(opponent=opponent, points=points, kind=kind, black=black, rating=rating)

    @cached_property
    def scores(self) -> np.ndarray:
        """Each player's total points."""
        return self.arrays.points.sum(axis=1)


def table_from_arrays(
    *,
    opponent: np.ndarray,
    points: np.ndarray,
    kind: np.ndarray,
    black: np.ndarray | None = None,
    players: Sequence[Player] | None = None,
    scoring: Scoring | None = None,
) -> ResultsTable:
    """Build a table from dense arrays (used by generators and benchmarks)."""
    n, rounds = opponent.shape
    black = np.zeros((n, rounds), dtype=bool) if black is None else black
    players = players or [Player(id=i + 1) for i in range(n)]
    rows = []
    for i in range(n):
        row = []
        for r in range(rounds):
            o = int(opponent[i, r])
            k = Kind(int(kind[i, r]))
            colour = ("b" if black[i, r] else "w") if k.played else "-"
            row.append(RoundResult(k, float(points[i, r]), None if o < 0 else o, colour))
        rows.append(row)
    table = ResultsTable.build(players, rows, scoring=scoring)
    rating = np.array(
        [np.nan if p.rating is None or p.rating <= 0 else float(p.rating) for p in table.players]
    )
    # The dense views are exactly the arrays given: keep them instead of rebuilding.
    table.__dict__["arrays"] = TableArrays(
        opponent=opponent.astype(np.int64),
        points=points.astype(np.float64),
        kind=kind.astype(np.int8),
        black=black & (kind <= Kind.LOSS),
        rating=rating,
    )
    return table
