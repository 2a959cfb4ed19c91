"""Pair one Swiss round by maximum-weight matching (Führlich, Cseh and Lenzner).

    pairing = pair_round(request)            # SwissRequest -> SwissPairing

1. Withdrawn players and requested byes sit out.
2. With an odd number left, the lowest-ranked eligible player gets the
   pairing-allocated bye (`bye.py`).
3. The rest form the graph of `graph.py` with the weights of `weights.py`
   and `systems.py`; one maximum-cardinality maximum-weight matching gives
   the pairs (`pairing.engine.matching.solve`).
4. Boards are ordered by the pair's higher score, then their total, then the
   higher-ranked player's rank; colours follow `colours.py`; every board and
   bye carries its explanation (`explain.py`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pairing.engine import matching
from pairing.engine.colour_history import colour_difference
from pairing.engine.swiss.bye import first_workable_bye, unpairable_error
from pairing.engine.swiss.colours import allocate_colours, initial_colour
from pairing.engine.swiss.errors import PairingError
from pairing.engine.swiss.explain import (
    explain_absence,
    explain_board,
    explain_pairing_bye,
    ineligibility,
)
from pairing.engine.swiss.graph import SwissGraph
from pairing.engine.swiss.request import SwissPlayer, SwissRequest
from pairing.engine.swiss.result import Bye, Diagnostics, Game, SwissPairing
from pairing.engine.swiss.state import build_state, rank_key, score_unit
from pairing.engine.swiss.systems import SYSTEMS


@dataclass(frozen=True, slots=True)
class _Solved:
    pairs: list[tuple[int, int]]
    backend: str
    edges: int


def _solve(graph: SwissGraph, backend: str) -> _Solved:
    """One maximum-cardinality maximum-weight matching of the round's graph."""
    if graph.n < 2:
        return _Solved([], backend, 0)
    result = matching.solve(graph, backend=backend)
    pairs = [(int(a), int(b)) for a, b in result.pairs]
    return _Solved(pairs, str(result.backend), int(result.edges))


def _with_bye(
    request: SwissRequest, active: list[SwissPlayer], backend: str, unit: Fraction
) -> tuple[Bye, SwissGraph, _Solved]:
    system = SYSTEMS[request.system]
    low_first = sorted(active, key=rank_key, reverse=True)
    eligible = [p for p in low_first if p.bye_eligible]
    if not eligible:
        raise PairingError(
            "No pairing exists: the number of players is odd and every player has "
            "already had a pairing-allocated bye or a win without playing.",
            players=tuple(p.id for p in low_first),
            reasons={p.id: ineligibility(p) or "" for p in low_first},
        )
    chosen = eligible[0]
    graph = SwissGraph(
        build_state(request, [p for p in active if p is not chosen], unit=unit), system
    )
    solved = _solve(graph, backend)
    tried: list[SwissPlayer] = []
    if 2 * len(solved.pairs) < graph.n:
        full = SwissGraph(build_state(request, active, unit=unit), system)
        workable = first_workable_bye(full, eligible, backend=backend)
        tried = eligible[: eligible.index(workable)]
        chosen = workable
        graph = SwissGraph(
            build_state(request, [p for p in active if p is not chosen], unit=unit), system
        )
        solved = _solve(graph, backend)
    skipped = []
    for p in low_first:
        if p is chosen:
            break
        why = ineligibility(p) or (
            "could not take it: the other players could not all have been paired"
            if p in tried
            else ""
        )
        skipped.append((p, why))
    return explain_pairing_bye(chosen, skipped=skipped), graph, solved


def _board_order(graph: SwissGraph, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    score = graph.state.score

    def key(pair: tuple[int, int]) -> tuple[int, int, int]:
        a, b = pair
        return (-max(score[a], score[b]), -(score[a] + score[b]), min(a, b))

    return sorted(((min(a, b), max(a, b)) for a, b in pairs), key=key)


def _check_pairs(graph: SwissGraph, pairs: list[tuple[int, int]]) -> None:
    if not pairs:
        return
    a = np.array([p[0] for p in pairs], dtype=np.int64)
    b = np.array([p[1] for p in pairs], dtype=np.int64)
    if not graph.allowed(a, b).all():
        raise RuntimeError("the matching backend returned a pair that is not an edge")
    if len(set(a.tolist()) | set(b.tolist())) != 2 * len(pairs):
        raise RuntimeError("the matching backend returned a player twice")


def pair_round(request: SwissRequest, *, backend: str | None = None) -> SwissPairing:
    """Pair `request.round_number`. Raises PairingError if no legal pairing exists."""
    started = time.perf_counter()
    backend = backend or request.backend
    unit = score_unit(request)
    byes: list[Bye] = [explain_absence(p) for p in request.players if not p.active]
    active = [p for p in request.players if p.active]

    if len(active) % 2 == 1:
        bye, graph, solved = _with_bye(request, active, backend, unit)
        byes.append(bye)
    else:
        graph = SwissGraph(build_state(request, active, unit=unit), SYSTEMS[request.system])
        solved = _solve(graph, backend)
    if 2 * len(solved.pairs) < graph.n:
        raise unpairable_error(
            graph,
            solved.pairs,
            header=(
                f"No pairing exists for round {request.round_number}: these players cannot "
                f"be paired."
            ),
        )
    _check_pairs(graph, solved.pairs)

    first_colour = initial_colour(request)
    games: list[Game] = []
    colour_this_round: dict[int, int] = {}
    players = graph.state.players
    boards = _board_order(graph, solved.pairs)
    for board, (a, b) in enumerate(boards, start=1):
        decision = allocate_colours(
            players[a],
            players[b],
            board=board,
            initial_colour=first_colour,
            limit=graph.state.limit,
        )
        games.append(
            Game(board, decision.white.id, decision.black.id, explain_board(decision, board))
        )
        colour_this_round[decision.white.id] = 1
        colour_this_round[decision.black.id] = -1

    first = np.array([a for a, _ in boards], dtype=np.int64)
    second = np.array([b for _, b in boards], dtype=np.int64)
    terms = [int(t.sum()) for t in graph.terms(first, second)]
    weight = graph.factors.combine_one(*terms)
    cd_total = sum(
        abs(colour_difference(p.colours) + colour_this_round.get(p.id, 0)) for p in request.players
    )
    score_diffs = [g.explanation.score_difference for g in games]
    total = time.perf_counter() - started
    diagnostics = Diagnostics(
        float_pairs=sum(1 for d in score_diffs if d),
        score_difference_total=sum(score_diffs, Fraction(0)),
        score_differences=tuple(score_diffs),
        colour_difference_total=cd_total,
        weight=weight,
        weight_terms=(terms[0], terms[1], terms[2]),
        factors=(graph.factors.score, graph.factors.colour),
        backend=solved.backend,
        vertices=graph.n,
        edges=solved.edges,
        timings={
            "total": total,
            "weights": graph.weight_seconds,
            "candidates": graph.candidate_seconds,
            "matching": max(total - graph.weight_seconds - graph.candidate_seconds, 0.0),
        },
    )
    return SwissPairing(
        request.round_number, request.system, tuple(games), tuple(byes), diagnostics
    )
