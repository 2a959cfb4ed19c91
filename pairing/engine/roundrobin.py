"""Round-robin pairings by the FIDE Berger tables (Handbook C.05, Annex 1).

Players are known by their draw numbers 1..n. With an odd number of players a
dummy n + 1 completes the table and whoever meets it has the round off (a bye).
For an even table of n players (m = n - 1 rounds), in round r:

- player n meets a(r) = ((r - 1) * n/2 mod m) + 1, with white in even rounds and
  black in odd ones (board 1);
- the other boards pair a(r) + k with a(r) - k (k = 1 .. n/2 - 1, counted
  cyclically in 1..m), the first of the two with white.

This reproduces the published tables (for 10 players: round 1 1-10, 2-9, 3-8, 4-7,
5-6; round 2 10-6, 7-5, 8-4, 9-3, 1-2; ...). A double round-robin plays the table
twice, the second cycle with colours reversed; as FIDE recommends, the last two
rounds of the first cycle are exchanged, so that nobody has one colour three times
running across the two cycles.

`draw_numbers` is the drawing of lots that gives each player a table number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass


class RoundRobinError(ValueError):
    """A round or a field a round-robin table cannot give."""


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    number: int
    games: tuple[tuple[int, int], ...]  # (white, black) draw numbers, board order
    bye: int | None  # the draw number with the round off (odd fields)


def table_size(players: int) -> int:
    """Players in the Berger table: the field, made even with a dummy."""
    if players < 2:
        raise RoundRobinError(f"a round-robin needs at least 2 players, not {players}")
    return players + players % 2


def rounds_needed(players: int, *, cycles: int = 1) -> int:
    return cycles * (table_size(players) - 1)


def _cyclic(value: int, m: int) -> int:
    return (value - 1) % m + 1


def berger_round(players: int, number: int) -> RoundRobinRound:
    """Round `number` (1-based) of a single cycle for `players` draw numbers."""
    n = table_size(players)
    m = n - 1
    if not 1 <= number <= m:
        raise RoundRobinError(f"a {players}-player round-robin has rounds 1 to {m}, not {number}")
    a = _cyclic((number - 1) * (n // 2) + 1, m)
    first = (n, a) if number % 2 == 0 else (a, n)
    games = [first] + [(_cyclic(a + k, m), _cyclic(a - k, m)) for k in range(1, n // 2)]
    bye = None
    if n != players:  # the dummy n: whoever meets it sits out
        bye = next(x for pair in games if n in pair for x in pair if x != n)
        games = [g for g in games if n not in g]
    return RoundRobinRound(number, tuple(games), bye)


def round_robin_round(players: int, number: int, *, cycles: int = 1) -> RoundRobinRound:
    """Round `number` of a single (cycles=1) or double (cycles=2) round-robin."""
    if cycles not in (1, 2):
        raise RoundRobinError(f"one or two cycles, not {cycles}")
    m = table_size(players) - 1
    if not 1 <= number <= cycles * m:
        raise RoundRobinError(
            f"a {players}-player round-robin of {cycles} cycle(s) has rounds 1 to "
            f"{cycles * m}, not {number}"
        )
    if cycles == 1:
        return berger_round(players, number)
    if number <= m:
        # First cycle: its last two rounds exchanged (FIDE's recommendation).
        table_round = {m - 1: m, m: m - 1}.get(number, number) if m >= 2 else number
        r = berger_round(players, table_round)
        return RoundRobinRound(number, r.games, r.bye)
    r = berger_round(players, number - m)
    return RoundRobinRound(number, tuple((b, w) for w, b in r.games), r.bye)


def draw_numbers(ids: Sequence[int], seed: int) -> dict[int, int]:
    """The drawing of lots: each id gets a table number 1..n, the same for the same seed."""
    order = list(ids)
    random.Random(seed).shuffle(order)
    return {pid: k for k, pid in enumerate(order, start=1)}
