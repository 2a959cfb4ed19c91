"""Synthetic sections for benchmarks and property tests.

Rounds are paired like a rough Swiss (players sorted by score with random
tie order, neighbours meet), results drawn at random. Optional unplayed
rounds: forfeits, half-point and zero-point byes, absences; an odd number of
available players leaves one with the pairing-allocated bye.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tiebreaks.methods.table import Kind, Player, ResultsTable, Scoring, table_from_arrays


@dataclass(frozen=True, slots=True)
class SyntheticOptions:
    players: int = 100
    rounds: int = 9
    draw_rate: float = 0.3
    forfeit_rate: float = 0.0
    bye_rate: float = 0.0  # requested byes (half or zero)
    absent_rate: float = 0.0
    seed: int = 0


def synthetic_section(options: SyntheticOptions) -> ResultsTable:
    rng = np.random.default_rng(options.seed)
    n, rounds = options.players, options.rounds
    opponent = np.full((n, rounds), -1, dtype=np.int64)
    points = np.zeros((n, rounds))
    kind = np.full((n, rounds), int(Kind.ABSENT), dtype=np.int8)
    black = np.zeros((n, rounds), dtype=bool)
    score = np.zeros(n)
    strength = rng.normal(0.0, 1.0, n)
    for r in range(rounds):
        roll = rng.random(n)
        absent = roll < options.absent_rate
        bye = ~absent & (roll < options.absent_rate + options.bye_rate)
        half = bye & (rng.random(n) < 0.5)
        kind[bye, r] = np.where(half[bye], Kind.HALF_BYE, Kind.ZERO_BYE)
        points[half, r] = 0.5
        available = np.nonzero(~absent & ~bye)[0]
        order = available[np.lexsort((rng.random(len(available)), -score[available]))]
        if len(order) % 2 == 1:
            pab = order[-1]
            order = order[:-1]
            kind[pab, r] = Kind.PAB
            points[pab, r] = 1.0
        white, blk = order[0::2], order[1::2]
        swap = rng.random(len(white)) < 0.5
        white, blk = np.where(swap, blk, white), np.where(swap, white, blk)
        opponent[white, r], opponent[blk, r] = blk, white
        black[blk, r] = True
        p_white = 1.0 / (1.0 + np.exp(-(strength[white] - strength[blk])))
        u = rng.random(len(white))
        draw = u < options.draw_rate
        white_wins = ~draw & (rng.random(len(white)) < p_white)
        forfeit = rng.random(len(white)) < options.forfeit_rate
        w_pts = np.where(draw, 0.5, np.where(white_wins, 1.0, 0.0))
        if options.forfeit_rate:
            w_pts = np.where(forfeit & draw, 1.0, w_pts)  # a forfeit has a winner
        points[white, r], points[blk, r] = w_pts, 1.0 - w_pts
        w_kind = np.where(w_pts == 1.0, Kind.WIN, np.where(w_pts == 0.5, Kind.DRAW, Kind.LOSS))
        b_kind = np.where(w_pts == 1.0, Kind.LOSS, np.where(w_pts == 0.5, Kind.DRAW, Kind.WIN))
        w_kind = np.where(
            forfeit, np.where(w_pts == 1.0, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), w_kind
        )
        b_kind = np.where(
            forfeit, np.where(w_pts == 1.0, Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN), b_kind
        )
        kind[white, r], kind[blk, r] = w_kind, b_kind
        black[blk[forfeit], r] = False
        score += points[:, r]
    ratings = np.clip(np.rint(1800 + 200 * strength), 1000, 2800).astype(int)
    players = [Player(id=i + 1, name=f"Player {i + 1}", rating=int(ratings[i])) for i in range(n)]
    return table_from_arrays(
        opponent=opponent,
        points=points,
        kind=kind,
        black=black,
        players=players,
        scoring=Scoring(),
    )
