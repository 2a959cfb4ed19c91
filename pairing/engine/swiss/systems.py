"""Pairing systems: each is one function pi(i, j), the paper's third weight term.

A system says which partner inside a score group is the natural one. Vertices
are indices in rank order (see `state.py`), so `state.rank[i]` is r(p_i). A
system is registered with the range its values can take, which the weight
factors need (see `weights.py`). Adding a system means writing one function
like `monrad_pi`, one `register(...)` line and its one-line summary in
`request.SYSTEM_SUMMARIES`.

Exact integers. The paper's pi values are real (|d|^1.01). Here they are
scaled by PI_SCALE = 10,000 and rounded: pi(d) = round(10,000 * d^1.01). The
integer values keep the order the paper intends:
- they are strictly monotone in d (consecutive values differ by > 10,000);
- the convexity the exponent adds (the reason for 1.01 rather than 1) is
  kept whenever it matters by more than the rounding: rounding moves a
  matching's total by at most k/2 for k boards, while the paper's own
  example, Table 1 (Burstein 1-8 2-7 3-6 4-5 against Dutch 1-5 2-6 3-7 4-8,
  equal sums of rank differences), differs by 0.0285, i.e. 285 units, against
  at most 4 units of rounding. Tests check Table 1 for every system.
Random values are integers in 1..2^20-1, standing for the paper's (0, 1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pairing.engine.swiss.request import SYSTEM_SUMMARIES
from pairing.engine.swiss.state import RoundState

PI_SCALE = 10_000
EXPONENT = 1.01
RANDOM_RANGE = 1 << 20

PiFunction = Callable[[RoundState, np.ndarray, np.ndarray], np.ndarray]
PiBounds = Callable[[RoundState], tuple[int, int]]
IdealPartner = Callable[[RoundState], np.ndarray]


@dataclass(frozen=True, slots=True)
class PairingSystem:
    """pi: the weight term. bounds: the least and greatest value pi can take this
    round. ideal: optionally, each vertex's natural partner inside its score
    group (only a hint for the matching's starting edges, never a rule)."""

    name: str
    pi: PiFunction
    bounds: PiBounds
    summary: str
    ideal: IdealPartner | None = None


SYSTEMS: dict[str, PairingSystem] = {}


def register(
    name: str, pi: PiFunction, bounds: PiBounds, ideal: IdealPartner | None = None
) -> None:
    if name not in SYSTEM_SUMMARIES:
        raise ValueError(f"add {name!r} to request.SYSTEM_SUMMARIES before registering it")
    SYSTEMS[name] = PairingSystem(name, pi, bounds, SYSTEM_SUMMARIES[name], ideal)


def _position(state: RoundState) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(vertex, position in its score group, group size)."""
    v = np.arange(state.n, dtype=np.int64)
    return v, v - state.group_start, state.group_size


def half_fold(state: RoundState) -> np.ndarray:
    """1-5, 2-6, ...: the top half meets the bottom half in order."""
    v, pos, size = _position(state)
    half = size // 2
    return np.where(pos < half, v + (size - half), v - (size - half))


def mirror(state: RoundState) -> np.ndarray:
    """1-8, 2-7, ...: top against bottom."""
    v, pos, size = _position(state)
    return v - pos + (size - 1 - pos)


def next_down(state: RoundState) -> np.ndarray:
    """1-2, 3-4, ...: each player with the neighbour."""
    v, pos, size = _position(state)
    return np.where(pos % 2 == 0, np.minimum(v + 1, v - pos + size - 1), v - 1)


@lru_cache(maxsize=32)
def power_table(size: int) -> np.ndarray:
    """round(PI_SCALE * d^1.01) for d = 0..size."""
    d = np.arange(size + 1, dtype=np.float64)
    return np.rint(PI_SCALE * d**EXPONENT).astype(np.int64)


@lru_cache(maxsize=32)
def half_power_table(size: int) -> np.ndarray:
    """round(PI_SCALE * (h/2)^1.01) for h = 0..size (distances in half ranks)."""
    h = np.arange(size + 1, dtype=np.float64)
    return np.rint(PI_SCALE * (h / 2) ** EXPONENT).astype(np.int64)


def rank_distance(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """|r(p_i) - r(p_j)|: vertices are numbered in rank order, so this is |i - j|."""
    return np.abs(i - j)


def same_group(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    return state.group_start[i] == state.group_start[j]


# --- Monrad: -|r_i - r_j|, the next player down is the natural partner.
def monrad_pi(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    return -rank_distance(state, i, j)


def monrad_bounds(state: RoundState) -> tuple[int, int]:
    return -(state.n - 1), -1


# --- Burstein: |r_i - r_j|^1.01, the top meets the bottom.
def burstein_pi(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    return power_table(state.n)[rank_distance(state, i, j)]


def burstein_bounds(state: RoundState) -> tuple[int, int]:
    table = power_table(state.n)
    return int(table[1]), int(table[state.n - 1])


# --- Dutch: -| sg/2 - |r_i - r_j| |^1.01, sg the common score group's size (0 across groups).
def dutch_pi(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    sg = np.where(same_group(state, i, j), state.group_size[i], 0)
    half_steps = np.abs(sg - 2 * rank_distance(state, i, j))  # 2 * |sg/2 - d|
    return -half_power_table(2 * state.n)[half_steps]


def dutch_bounds(state: RoundState) -> tuple[int, int]:
    return -int(half_power_table(2 * state.n)[2 * (state.n - 1)]), 0


# --- Random and Random2: seeded values per pair, reproducible for (seed, round).
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix64(x: np.ndarray) -> np.ndarray:
    x = (x ^ (x >> np.uint64(30))) * _M1
    x = (x ^ (x >> np.uint64(27))) * _M2
    return x ^ (x >> np.uint64(31))


def pair_random(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """An integer in 1..RANDOM_RANGE-1 per unordered pair, fixed by the round's key."""
    lo = np.minimum(i, j).astype(np.uint64)
    hi = np.maximum(i, j).astype(np.uint64)
    with np.errstate(over="ignore"):
        x = _mix64(lo * np.uint64(state.n) + hi + state.random_key * _GOLDEN)
    return (x % np.uint64(RANDOM_RANGE - 1)).astype(np.int64) + 1


def random_pi(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    return pair_random(state, i, j)


def random_bounds(state: RoundState) -> tuple[int, int]:
    return 1, RANDOM_RANGE - 1


def top_half(state: RoundState, i: np.ndarray) -> np.ndarray:
    """In the upper half of the score group (odd groups: the middle player is below)."""
    return (i - state.group_start[i]) < state.group_size[i] // 2


def random2_pi(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    across = same_group(state, i, j) & (top_half(state, i) != top_half(state, j))
    value = pair_random(state, i, j)
    return np.where(across, value, -value)


def random2_bounds(state: RoundState) -> tuple[int, int]:
    return -(RANDOM_RANGE - 1), RANDOM_RANGE - 1


# --- Adjacent ("1-2, 3-4", WinTD's natural pairing): the next player in the
# score group. Measured as rank distance, the same as Monrad's term; a floater
# is steered to the nearest rank across the group boundary.
def adjacent_pi(state: RoundState, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    return -rank_distance(state, i, j)


register("dutch", dutch_pi, dutch_bounds, ideal=half_fold)
register("burstein", burstein_pi, burstein_bounds, ideal=mirror)
register("monrad", monrad_pi, monrad_bounds, ideal=next_down)
register("random", random_pi, random_bounds)
register("random2", random2_pi, random2_bounds)
register("adjacent", adjacent_pi, monrad_bounds, ideal=next_down)
