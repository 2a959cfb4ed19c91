"""One simulated event, played once per pairing system on the same field.

Event `index` of a run with seed `s` draws everything from numpy Generators
seeded with (s, index, stream): the field and the half-point byes (stream
0), the results (stream 1, started afresh for every system, so the systems
share their random numbers as far as their pairings allow) and the engine's
seed for the random systems (stream 2). The same (seed, index) therefore
gives the same event, bit for bit, in any process and in any order.

Per round: the engine (or the external engine) pairs; the pairing is checked
against the absolute rules (`pairing.engine.swiss.checker`); its float pairs,
strength difference and the largest possible strength difference are
counted; each game's result is drawn from Milvang's model on the players'
true strengths and colours (a game may be forfeited instead); the round is
applied. After the last round the standings (score, then the tiebreaks)
give the final ranking, compared with the true strength order.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from pairing.engine.swiss import PairingError, pair_round
from pairing.engine.swiss.checker import RecordedRound, absolute_rule_breaks
from pairing.record_table import table_from_record
from pairing.simulation.config import EXTERNAL, FIDE_DUTCH, SimulationConfig
from pairing.simulation.external import ExternalEngine, ExternalEngineError
from pairing.simulation.metrics import (
    absolute_colour_difference,
    kendall_tau,
    ndcg,
    paradoxical_results,
    spearman_rho,
)
from pairing.simulation.milvang import draw_results
from pairing.simulation.strength_difference import (
    maximum_strength_difference,
    pairing_strength_difference,
)
from pairing.simulation.strengths import Field, draw_field
from pairing.simulation.tournament import PlayedBoard, SimTournament
from tiebreaks.methods.context import TiebreakWarning
from tiebreaks.methods.standings import standings

_CODE = {1: "1", 0: "=", -1: "0"}


@dataclass(frozen=True, slots=True)
class EventMetrics:
    """What one event measured for one system (see `metrics.py` and
    `strength_difference.py`). `failed` holds the reason when the event could
    not be completed (no legal pairing); the measures are then NaN."""

    kendall_tau: float
    spearman: float
    ndcg: float
    float_pairs: int
    acd_by_round: tuple[int, ...]
    paradoxical: int
    nsd: float
    mean_strength_difference: float
    violations: int
    games: int
    failed: str | None = None

    @property
    def acd_final(self) -> int:
        return self.acd_by_round[-1] if self.acd_by_round else 0

    @property
    def acd_last_even(self) -> int:
        """acd after the last even-numbered round (after an odd round every player
        has |cd| >= 1, so acd >= n; the even rounds show the differences; the
        paper's Figure 5 is after round 6 of 7)."""
        even = self.acd_by_round[1::2]
        return even[-1] if even else self.acd_final


@dataclass(frozen=True, slots=True)
class EventSetup:
    """What every system's copy of the event shares."""

    index: int
    field: Field
    initial_colour: str
    half_byes: dict[int, frozenset[int]]  # round -> pairing numbers
    engine_seed: int


def event_setup(config: SimulationConfig, index: int) -> EventSetup:
    rng = np.random.default_rng([config.seed, index, 0])
    field = draw_field(config.strength, config.players, rng)
    initial = "w" if rng.integers(2) == 0 else "b"
    half_byes: dict[int, set[int]] = {}
    if config.half_bye_rate > 0:
        takes = rng.random(config.players) < config.half_bye_rate
        rounds = rng.integers(1, config.rounds + 1, config.players)
        for k in np.flatnonzero(takes):
            half_byes.setdefault(int(rounds[k]), set()).add(int(k) + 1)
    seed_rng = np.random.default_rng([config.seed, index, 2])
    return EventSetup(
        index=index,
        field=field,
        initial_colour=initial,
        half_byes={r: frozenset(ids) for r, ids in half_byes.items()},
        engine_seed=int(seed_rng.integers(0, 2**62)),
    )


def final_ranking(tournament: SimTournament, tiebreaks: tuple[str, ...]) -> np.ndarray:
    """0-based player indices, first place first: score, then the tiebreaks,
    then pairing number (Elo order)."""
    table = table_from_record(tournament.record)
    with warnings.catch_warnings():
        # e.g. a tiebreak without a value for a player who never played: the
        # ranking still stands, and a simulation has nobody to tell.
        warnings.simplefilter("ignore", TiebreakWarning)
        result = standings(table, tiebreaks=list(tiebreaks))
    return np.array([row.index for row in result.rows], dtype=np.int64)


def _failed(reason: str) -> EventMetrics:
    nan = float("nan")
    return EventMetrics(nan, nan, nan, 0, (), 0, nan, nan, 0, 0, failed=reason)


def play_event(
    config: SimulationConfig,
    setup: EventSetup,
    system: str,
    *,
    engine: ExternalEngine | None = None,
) -> EventMetrics:
    """Play the event once with `system` ("external" uses `engine`)."""
    field = setup.field
    strength = field.strength
    strength_by_id = {k + 1: float(s) for k, s in enumerate(strength)}
    rng = np.random.default_rng([config.seed, setup.index, 1])
    t = SimTournament(
        elo=field.elo, total_rounds=config.rounds, initial_colour=setup.initial_colour
    )
    engine_system = "dutch" if system in (EXTERNAL, FIDE_DUTCH) else system
    floats = violations = paradox = games_played = 0
    actual = maximum = 0.0
    acd: list[int] = []
    for r in range(1, config.rounds + 1):
        sitting = setup.half_byes.get(r, frozenset())
        t.announce_byes(r, sitting)
        request = t.request(
            system=engine_system, beta=config.beta, seed=setup.engine_seed, sitting_out=sitting
        )
        try:
            if system == EXTERNAL:
                if engine is None:
                    raise ExternalEngineError("the external system needs an engine command")
                answer = engine.pair(
                    t.record,
                    round_number=r,
                    expected={p.id for p in request.players if p.active},
                )
                pairs, bye = list(answer.games), answer.pairing_bye
            elif system == FIDE_DUTCH:
                from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide

                # FIDE's floats and ranking come from the record (C.04.3 A.2, A.4).
                fide = fide_request_from_record(
                    t.record, r, system="dutch", beta=config.beta, seed=setup.engine_seed
                )
                pairing = pair_round_fide(fide)
                pairs, bye = pairing.pairs(), pairing.pairing_allocated_bye
            else:
                pairing = pair_round(request)
                pairs, bye = pairing.pairs(), pairing.pairing_allocated_bye
        except PairingError as exc:
            return _failed(f"event {setup.index}, round {r}: {str(exc).splitlines()[0]}")
        except ExternalEngineError as exc:
            if not exc.no_pairing:
                raise
            return _failed(f"event {setup.index}: {exc}")

        recorded = RecordedRound(
            games=tuple((w, b, True) for w, b in pairs),
            pairing_byes=(bye,) if bye is not None else (),
        )
        violations += len(absolute_rule_breaks(request, recorded))
        floats += sum(1 for w, b in pairs if t.half_points[w - 1] != t.half_points[b - 1])
        paired_ids = {x for pair in pairs for x in pair}
        paired = [p for p in request.players if p.id in paired_ids]
        actual += pairing_strength_difference(pairs, strength_by_id)
        maximum += maximum_strength_difference(request, paired, strength_by_id)

        white = np.array([w - 1 for w, _ in pairs], dtype=np.int64)
        black = np.array([b - 1 for _, b in pairs], dtype=np.int64)
        outcome = draw_results(strength[white], strength[black], rng)
        forfeit = np.zeros(len(pairs), dtype=bool)
        coin = np.zeros(len(pairs), dtype=np.int64)
        if config.forfeit_rate > 0:
            forfeit = rng.random(len(pairs)) < config.forfeit_rate
            coin = rng.integers(2, size=len(pairs))
        over_board = ~forfeit
        paradox += paradoxical_results(
            strength[white][over_board], strength[black][over_board], outcome[over_board]
        )
        games_played += int(over_board.sum())
        boards = [
            PlayedBoard(w, b, ("+" if coin[k] else "-") if forfeit[k] else _CODE[int(outcome[k])])
            for k, (w, b) in enumerate(pairs)
        ]
        t.finish_round(boards, pairing_bye=bye, half_byes=sitting)
        acd.append(absolute_colour_difference(t.colour_difference))

    ranking = final_ranking(t, config.tiebreaks)
    total_games = sum(1 for p in t.record.players for e in p.rounds if e.opponent is not None) // 2
    return EventMetrics(
        kendall_tau=kendall_tau(ranking, strength),
        spearman=spearman_rho(ranking, strength),
        ndcg=ndcg(ranking, strength),
        float_pairs=floats,
        acd_by_round=tuple(acd),
        paradoxical=paradox,
        nsd=actual / maximum if maximum > 0 else 1.0,
        mean_strength_difference=actual / total_games if total_games else 0.0,
        violations=violations,
        games=games_played,
    )


def simulate_event(
    config: SimulationConfig, index: int, *, engine: ExternalEngine | None = None
) -> dict[str, EventMetrics]:
    """Event `index` once per system of the configuration, on the same field."""
    setup = event_setup(config, index)
    if EXTERNAL in config.systems and engine is None:
        engine = ExternalEngine(config.engine_cmd or "")
    return {system: play_event(config, setup, system, engine=engine) for system in config.systems}
