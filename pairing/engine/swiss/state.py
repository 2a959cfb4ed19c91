"""The round's players as numpy arrays in rank order: the vertices of the graph.

Vertex k is the player ranked k+1 among those being paired: by score, then
rating, then pairing number. Score groups are therefore contiguous index
ranges. Scores are held as integers in units of `unit` points (the smallest
fraction any score uses), so every weight is an exact integer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pairing.engine.arrays import unique
from pairing.engine.colour_history import colour_difference, colour_limit, colour_streak
from pairing.engine.swiss.request import SwissPlayer, SwissRequest

BITMAP_MAX = 30_000  # n*n/8 bytes: 112 MB at this size


def rank_key(player: SwissPlayer) -> tuple:
    """Higher score first, then higher rating, then lower pairing number."""
    return (-player.score, -player.rating, player.id)


def _ranked(players: list[SwissPlayer] | tuple[SwissPlayer, ...]) -> tuple[SwissPlayer, ...]:
    """sorted(players, key=rank_key), the scores compared as integers over their
    common denominator: the same order, without a Fraction comparison per step."""
    common = 1
    for p in players:
        common = math.lcm(common, p.score.denominator)
    return tuple(
        sorted(
            players,
            key=lambda p: (-p.score.numerator * (common // p.score.denominator), -p.rating, p.id),
        )
    )


def score_unit(request: SwissRequest) -> Fraction:
    denominator = 1
    for p in request.players:
        denominator = math.lcm(denominator, p.score.denominator)
    return Fraction(1, denominator)


def random_key(seed: int, round_number: int) -> np.uint64:
    """The round's key for the random systems, from a numpy Generator seeded
    with (seed, round): the same request always gives the same draw."""
    rng = np.random.default_rng([seed % 2**64, round_number])
    return np.uint64(rng.integers(0, 2**63, dtype=np.int64))


@dataclass(frozen=True, eq=False)
class RoundState:
    players: tuple[SwissPlayer, ...]
    unit: Fraction
    score: np.ndarray  # int64, score in units
    cd: np.ndarray  # int64 colour difference
    streak: np.ndarray  # int64: +1 two whites running, -1 two blacks, 0 otherwise
    rank: np.ndarray  # int64, 1-based rank among these players (always vertex + 1)
    group_start: np.ndarray  # int64, first vertex of the player's score group
    group_size: np.ndarray  # int64
    forbidden: np.ndarray  # sorted int64 keys lo * n + hi of pairs that may not meet
    forbidden_bits: np.ndarray | None  # the same keys as a bitmap (fields up to BITMAP_MAX)
    can_white: np.ndarray  # bool: taking white keeps the player within the colour limits
    can_black: np.ndarray  # bool: the same for black
    relaxed: np.ndarray  # bool: a topscorer of the last round, free of the colour limits
    last_round: bool
    beta: float
    limit: int
    random_key: np.uint64

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def ids(self) -> np.ndarray:
        return np.fromiter((p.id for p in self.players), dtype=np.int64, count=self.n)

    def index_of(self, pid: int) -> int:
        for k, p in enumerate(self.players):
            if p.id == pid:
                return k
        raise KeyError(pid)

    def is_forbidden(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        if self.forbidden.size == 0:
            return np.zeros(np.shape(i), dtype=bool)
        keys = np.minimum(i, j) * self.n + np.maximum(i, j)
        if self.forbidden_bits is not None:
            return ((self.forbidden_bits[keys >> 3] >> (keys & 7).astype(np.uint8)) & 1).astype(
                bool
            )
        pos = np.searchsorted(self.forbidden, keys)
        pos = np.minimum(pos, self.forbidden.size - 1)
        return self.forbidden[pos] == keys

    def group_bounds(self) -> list[tuple[int, int]]:
        """(start, stop) of every score group, top group first."""
        starts = unique(self.group_start)
        return [(int(s), int(s + self.group_size[s])) for s in starts]


def build_state(
    request: SwissRequest,
    players: list[SwissPlayer] | tuple[SwissPlayer, ...],
    *,
    unit: Fraction | None = None,
) -> RoundState:
    ranked = _ranked(players)
    n = len(ranked)
    unit = unit if unit is not None else score_unit(request)
    score = np.array([int(p.score / unit) for p in ranked], dtype=np.int64)
    cd = np.array([colour_difference(p.colours) for p in ranked], dtype=np.int64)
    streak = np.array([colour_streak(p.colours) for p in ranked], dtype=np.int64)
    rank = np.arange(1, n + 1, dtype=np.int64)

    group_start = np.zeros(n, dtype=np.int64)
    group_size = np.zeros(n, dtype=np.int64)
    start = 0
    for k in range(1, n + 1):
        if k == n or score[k] != score[start]:
            group_start[start:k] = start
            group_size[start:k] = k - start
            start = k

    index = {p.id: k for k, p in enumerate(ranked)}
    keys: list[int] = []
    for k, p in enumerate(ranked):
        for o in p.opponents:
            other = index.get(o)
            if other is not None and other > k:
                keys.append(k * n + other)
    for a, b in request.prohibited:
        ia, ib = index.get(a), index.get(b)
        if ia is not None and ib is not None:
            keys.append(min(ia, ib) * n + max(ia, ib))
    forbidden = unique(np.array(keys, dtype=np.int64))
    bits = None
    if n <= BITMAP_MAX and forbidden.size:
        bits = np.zeros((n * n + 7) // 8, dtype=np.uint8)
        np.bitwise_or.at(bits, forbidden >> 3, (1 << (forbidden & 7)).astype(np.uint8))
    limit = colour_limit(request.beta)
    topscorers = request.topscorers
    relaxed = np.fromiter((p.id in topscorers for p in ranked), dtype=bool, count=n)
    can_white = relaxed | ((streak != 1) & (cd + 1 <= limit))
    can_black = relaxed | ((streak != -1) & (cd - 1 >= -limit))

    return RoundState(
        players=ranked,
        unit=unit,
        score=score,
        cd=cd,
        streak=streak,
        rank=rank,
        group_start=group_start,
        group_size=group_size,
        forbidden=forbidden,
        forbidden_bits=bits,
        can_white=can_white,
        can_black=can_black,
        relaxed=relaxed,
        last_round=request.last_round,
        beta=float(request.beta),
        limit=limit,
        random_key=random_key(request.seed, request.round_number),
    )
