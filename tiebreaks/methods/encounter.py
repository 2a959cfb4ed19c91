"""Direct encounter and Koya (FIDE C.07 §6 and §9.2).

Direct encounter is not a number per player but a way to order players who
are still tied: it needs the groups of tied players, which the standings
supply (standalone it groups by score). Its value is the place it gives.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tiebreaks.methods.context import Context


def _encounter_points(
    ctx: Context, members: Sequence[int]
) -> tuple[dict[int, float], dict[int, int]]:
    """Points each member scored against the other members, and how many of them they met.

    Repeated meetings are averaged per opponent. Swiss: games played over the
    board; round robin: also forfeits (the pairing was fixed in advance).
    """
    a = ctx.arrays
    member_set = set(members)
    counts = a.has_opponent if ctx.round_robin else a.played
    points: dict[int, float] = {}
    met: dict[int, int] = {}
    for i in members:
        per_opponent: dict[int, list[float]] = {}
        for r in np.nonzero(counts[i])[0]:
            j = int(a.opponent[i, r])
            if j in member_set:
                per_opponent.setdefault(j, []).append(float(a.points[i, r]))
        points[i] = sum(sum(v) / len(v) for v in per_opponent.values())
        met[i] = len(per_opponent)
    return points, met


def _order_group(ctx: Context, members: list[int]) -> list[list[int]]:
    """Split a tied group into ordered subgroups (a subgroup stays tied)."""
    if len(members) < 2:
        return [members]
    points, met = _encounter_points(ctx, members)
    everyone_met = ctx.round_robin or all(met[i] == len(members) - 1 for i in members)
    ordered = sorted(members, key=lambda i: -points[i])
    if everyone_met:
        groups: list[list[int]] = []
        for i in ordered:
            if groups and points[groups[-1][0]] == points[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
        if len(groups) == 1:
            return groups
        return [sub for g in groups for sub in _order_group(ctx, g)]
    # Not everyone met (Swiss): a player goes ahead only when no other tied
    # player could still reach their points by winning the games not played.
    win = ctx.table.scoring.win
    best = {i: points[i] + win * (len(members) - 1 - met[i]) for i in members}
    ordered.sort(key=lambda i: (-points[i], -best[i]))
    leader = ordered[0]
    if all(points[leader] > best[j] for j in ordered[1:]):
        return [[leader], *_order_group(ctx, ordered[1:])]
    return [members]


def direct_encounter(ctx: Context, groups: Sequence[Sequence[int]] | None = None) -> np.ndarray:
    """DE (C.07 §6): among tied players, the points scored in their mutual games.

    `groups` lists the tied groups in standing order (each a list of player
    indices); without it players are grouped by score. The value is the
    place after applying direct encounter (lower is better); players it
    cannot separate share the place. When all tied players met, the order is
    by those points and applied again to any subgroup still tied; otherwise a
    player is placed first only with more points than any other could reach.
    """
    if groups is None:
        scores = ctx.scores
        order = sorted(range(ctx.n), key=lambda i: -scores[i])
        groups = []
        for i in order:
            if groups and scores[groups[-1][0]] == scores[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
    place = np.zeros(ctx.n)
    start = 1
    for group in groups:
        position = start
        for sub in _order_group(ctx, list(group)):
            for i in sub:
                place[i] = position
            position += len(sub)
        start += len(group)
    return place


def koya(ctx: Context, *, percent: float = 50.0) -> np.ndarray:
    """KS (C.07 §9.2), for round robins: points scored against the opponents
    who scored at least `percent` of the maximum possible score.

    The maximum counts the games a player can play (one round off per cycle
    when the number of players is odd). Forfeits count as games.
    """
    a = ctx.arrays
    rounds = ctx.table.rounds_completed
    n = ctx.n
    games = rounds
    if ctx.round_robin and n % 2 == 1 and rounds >= n:
        games = rounds - rounds // n
    limit = percent / 100.0 * ctx.table.scoring.win * games
    scores = ctx.scores
    opp = np.where(a.opponent >= 0, a.opponent, 0)
    strong = a.has_opponent & (scores[opp] >= limit - 1e-9)
    return np.where(strong, a.points, 0.0).sum(axis=1)
