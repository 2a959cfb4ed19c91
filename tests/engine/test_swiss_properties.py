"""Properties of any round paired from a random history of 2-200 players."""

from __future__ import annotations

from dataclasses import replace

import networkx as nx
import numpy as np
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from pairing.engine.colour_history import colour_difference, colour_limit, played_colours
from pairing.engine.swiss import SYSTEMS, PairingError, pair_round
from pairing.engine.swiss.from_record import request_from_record
from pairing.engine.swiss.graph import SwissGraph
from pairing.engine.swiss.state import build_state, rank_key
from pairing.generate import GeneratorConfig, generate_tournament

NETWORKX_MAX = 40  # the reference backend is pure Python: compare on small fields only


def histories(low: int, high: int):
    @st.composite
    def build(draw):
        n = draw(st.integers(low, high))
        total = draw(st.integers(2, 9))
        played = draw(st.sampled_from(range(total)))
        config = GeneratorConfig(
            players=n,
            rounds=total,
            forfeit_rate=draw(st.sampled_from([None, 8.0])),
            half_point_bye_rate=draw(st.sampled_from([None, 4.0])),
            retired_rate=draw(st.sampled_from([None, 5.0])),
        )
        system = draw(st.sampled_from(sorted(SYSTEMS)))
        seed = draw(st.integers(0, 2**31))
        try:
            record = generate_tournament(config, system=system, seed=seed, rounds_played=played)
        except PairingError:
            assume(False)
        excused = draw(st.sets(st.integers(1, n), max_size=max(1, n // 10)))
        return record, played + 1, system, seed, excused

    return build()


def _perfect_without(graph: SwissGraph, skip: int | None) -> bool:
    g = nx.Graph()
    keep = [v for v in range(graph.n) if v != skip]
    g.add_nodes_from(keep)
    for a in keep:
        for b in keep:
            if a < b and graph.allowed(np.array([a]), np.array([b]))[0]:
                g.add_edge(a, b)
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == len(keep)


_SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.filter_too_much],
}


@settings(max_examples=40, **_SETTINGS)
@given(histories(2, 40))
def test_round_properties_small_fields(history):
    check_round_properties(history)


@settings(max_examples=12, **_SETTINGS)
@given(histories(41, 200))
def test_round_properties_large_fields(history):
    check_round_properties(history)


def check_round_properties(history):
    record, round_number, system, seed, excused = history
    event(f"{len(record.players) // 50 * 50}+ players")
    event(f"round {round_number}")
    request = request_from_record(record, round_number, system=system, seed=seed)
    players = tuple(
        replace(p, bye_requested=p.bye_requested or p.id in excused) for p in request.players
    )
    request = replace(request, players=players)
    by_id = {p.id: p for p in request.players}
    active = {p.id for p in request.players if p.active}
    try:
        result = pair_round(request)
    except PairingError as exc:
        assert exc.players, "a PairingError names the players"
        if len(active) <= 12:
            graph = SwissGraph(build_state(request, [by_id[i] for i in active]), SYSTEMS[system])
            if len(active) % 2 == 0:
                assert not _perfect_without(graph, None)
        return

    paired = [pid for pair in result.pairs() for pid in pair]
    pab = result.pairing_allocated_bye
    # Every active player not on a bye is paired exactly once; nobody else is.
    assert len(paired) == len(set(paired))
    assert set(paired) | ({pab} if pab else set()) == active
    assert (pab is not None) == (len(active) % 2 == 1)
    # No rematch of a played game.
    for white, black in result.pairs():
        assert black not in by_id[white].opponents
    # Colour limits before the last round.
    if not request.last_round:
        limit = colour_limit(request.beta)
        for white, black in result.pairs():
            for pid, colour in ((white, "w"), (black, "b")):
                after = played_colours((*by_id[pid].colours, colour))
                assert abs(colour_difference(after)) <= limit
                assert not (len(after) >= 3 and after[-1] == after[-2] == after[-3])
    # The pairing-allocated bye: at most once, never after a win without playing,
    # and to the lowest-ranked eligible player whose absence leaves a perfect matching.
    if pab is not None:
        assert by_id[pab].pairing_byes == 0 and by_id[pab].unplayed_wins == 0
        if len(active) <= 16:
            everyone = SwissGraph(build_state(request, [by_id[i] for i in active]), SYSTEMS[system])
            lower = sorted((by_id[i] for i in active), key=rank_key, reverse=True)
            for p in lower:
                if p.id == pab:
                    break
                if p.bye_eligible:
                    assert not _perfect_without(everyone, everyone.state.index_of(p.id))
    # Maximum cardinality: everybody is paired, so the matching is perfect.
    assert 2 * len(result.games) + (1 if pab else 0) == len(active)
    # The reference backend finds the same optimum as the fast ones ("auto" solves
    # small fields whole and larger ones from candidate edges, "priced" always
    # from candidates). networkx is pure Python: above NETWORKX_MAX players the
    # same algorithm in Rust stands in for it.
    reference = pair_round(
        request, backend="networkx" if len(active) <= NETWORKX_MAX else "rustworkx"
    )
    priced = pair_round(request, backend="priced")
    for other in (result, priced):
        assert other.diagnostics.weight == reference.diagnostics.weight
        assert other.diagnostics.weight_terms == reference.diagnostics.weight_terms


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 14), st.integers(0, 2**31), st.sampled_from(sorted(SYSTEMS)))
def test_byes_over_a_whole_event(n, seed, system):
    config = GeneratorConfig(players=n, rounds=min(n - 1, 7), forfeit_rate=6.0)
    try:
        record = generate_tournament(config, system=system, seed=seed)
    except PairingError:
        assume(False)
    for p in record.players:
        codes = [e.code for e in p.rounds]
        assert codes.count("U") <= 1
        if "U" in codes:
            first_bye = codes.index("U")
            assert not {"+", "F"} & set(codes[:first_bye])
