"""Pair one McMahon round: one maximum-weight matching over the whole field.

Steps: derive every player's state from the history; set aside absent
players and requested byes; for an odd field give the pairing bye to the
lowest-placed player without an earlier bye (the next one up if the rest
cannot be paired); weigh every allowed pair (weights.py: no rematch, no
prohibited pair, no clubmates when the request forbids them); solve one
maximum-cardinality maximum-weight matching; then give handicap, komi and
colours, order the boards and explain each one.
"""

from __future__ import annotations

import time

from ..matching import solve
from .colour import choose_white
from .diagnose import no_pairing_message
from .explain import build_explanation, explain_pairs
from .groups import build_draw, strength_key
from .handicap import game_class, handicap_rank, handicap_stones, komi_for
from .quality import PlayedGame, round_quality
from .request import (
    McMahonBye,
    McMahonGame,
    McMahonPairing,
    McMahonRequest,
    NoValidPairing,
)
from .state import PlayerState, player_states
from .weights import McMahonWeights


def placement_key(st: PlayerState) -> tuple:
    """Lowest placed first: lowest score, then weakest, then latest id."""
    p = st.player
    return (st.mms, p.rank, p.rating, -p.id)


def _match(participants: list[PlayerState], request: McMahonRequest):
    draw = build_draw(
        participants,
        request.config,
        request.round_number,
        request.seed,
        prohibited=request.prohibited_pairs,
        forbid_same_club=request.forbid_same_club,
    )
    oracle = McMahonWeights(draw, request.config, request.round_number)
    result = solve(oracle, backend=request.backend)
    return draw, oracle, result


def pair_round(request: McMahonRequest) -> McMahonPairing:
    config = request.config
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    states = player_states(request)
    byes: list[McMahonBye] = []
    field: list[PlayerState] = []
    for st in states:
        if st.player.absent:
            byes.append(McMahonBye(st.player.id, "absent", config.absent_points))
        elif st.player.bye_requested:
            byes.append(McMahonBye(st.player.id, "requested", config.absent_points))
        else:
            field.append(st)
    timings["state"] = time.perf_counter() - t0

    t1 = time.perf_counter()
    candidates: list[PlayerState | None] = [None]
    if len(field) % 2:
        fewest = min(st.pairing_byes for st in field)
        candidates = sorted((st for st in field if st.pairing_byes == fewest), key=placement_key)  # type: ignore[assignment]
    outcome = None
    failed: tuple | None = None  # (draw, unpaired vertices) of the first failed attempt
    for bye in candidates:
        participants = [st for st in field if st is not bye]
        draw, oracle, result = _match(participants, request)
        if 2 * len(result.pairs) == len(participants):
            outcome = (bye, draw, oracle, result)
            break
        paired = {v for pair in result.pairs for v in pair}
        unpaired = [v for v in range(draw.n) if v not in paired]
        if failed is None:
            failed = (draw, unpaired)
        if len(unpaired) >= 4:
            # giving the bye to someone else frees one player and can pair at
            # most one more: with four or more left over no choice of bye helps
            break
    if outcome is None:
        assert failed is not None
        raise NoValidPairing(no_pairing_message(request, len(field), *failed))
    bye, draw, oracle, result = outcome
    if bye is not None:
        byes.append(McMahonBye(bye.player.id, "pairing", config.bye_points))
    timings["matching"] = time.perf_counter() - t1

    t2 = time.perf_counter()
    first_round = request.round_number == 1
    boards = []
    for u, v in result.pairs:
        a, b = draw.states[u], draw.states[v]
        key_a, key_b = strength_key(a, config.seed_order), strength_key(b, config.seed_order)
        if (a.mms, key_b) < (b.mms, key_a):
            a, b = b, a  # a: the stronger player (higher MMS, then stronger)
            u, v = v, u
        boards.append((u, v, a, b))
    boards.sort(key=lambda t: (-t[2].mms, -t[3].mms, strength_key(t[2], config.seed_order)))
    explained = explain_pairs(
        oracle, [(u, v) for u, v, _, _ in boards], request.detailed_explanations
    )
    games: list[McMahonGame] = []
    played: list[PlayedGame] = []
    strong_rank = handicap_rank(
        [b[2].mms for b in boards], [b[2].player.rank for b in boards], config
    )
    weak_rank = handicap_rank(
        [b[3].mms for b in boards], [b[3].player.rank for b in boards], config
    )
    all_stones = handicap_stones(
        [b[2].mms for b in boards], [b[3].mms for b in boards],
        [b[2].player.rank for b in boards], [b[3].player.rank for b in boards], config,
    )  # fmt: skip
    for board, ((_, _, strong, weak), weights) in enumerate(
        zip(boards, explained, strict=True), start=1
    ):
        klass = game_class(strong.mms, weak.mms, config)
        stones = int(all_stones[board - 1])
        if stones > 0:  # the player of the higher handicap rank gives the stones
            higher = strong_rank[board - 1] > weak_rank[board - 1]
            white, black = (strong, weak) if higher else (weak, strong)
        else:
            strong_white = choose_white(
                strong.colour_balance,
                strong.last_colour,
                weak.colour_balance,
                weak.last_colour,
                tie_i_white=True,
            )
            white, black = (strong, weak) if strong_white else (weak, strong)
        komi = komi_for(klass, stones, config)
        explanation = build_explanation(
            white, black, stones, komi, klass, first_round, weights, draw.states, config
        )
        games.append(
            McMahonGame(
                board=board,
                white=white.player.id,
                black=black.player.id,
                handicap=stones,
                komi=komi,
                game_class=klass,
                explanation=explanation,
            )
        )
        played.append(PlayedGame(white.index, black.index, stones))
    quality = round_quality(states, played, config)
    timings["finish"] = time.perf_counter() - t2
    return McMahonPairing(
        round_number=request.round_number,
        games=tuple(games),
        byes=tuple(byes),
        quality=quality,
        total_weight=result.weight,
        scale=oracle.scale,
        backend=result.backend,
        edges=result.edges,
        timings=timings,
    )
