"""The round's graph as a WeightOracle: allowed pairs and integer weights, vectorised.

Edge {i, j} exists (the paper's absolute criteria, plus FIDE's colour limits):
- the two have not played each other (a forfeit is not a played game) and are
  not a prohibited pair;
- before the last round: |cd_i + cd_j| < 2 * beta, and at least one colour
  assignment keeps both within the limits: nobody gets a colour a third time
  running and nobody's |cd| exceeds the limit after the game;
- in the last round the colour limits are relaxed (FIDE C.04.1; the paper's
  (A2) applies "in each round before the last one").
"""

from __future__ import annotations

import time

import numpy as np

from pairing.engine.swiss.candidates import candidate_edges
from pairing.engine.swiss.state import RoundState
from pairing.engine.swiss.systems import PairingSystem
from pairing.engine.swiss.weights import (
    Factors,
    check_weight_range,
    colour_balance_term,
    lexicographic_factors,
    score_difference_term,
)


class SwissGraph:
    """Implements `pairing.engine.matching.WeightOracle` for one round."""

    def __init__(self, state: RoundState, system: PairingSystem) -> None:
        self.state = state
        self.system = system
        self.n = state.n
        low, high = system.bounds(state) if self.n >= 2 else (0, 0)
        self.factors: Factors = lexicographic_factors(
            pairs=self.n // 2, colour_span=self._colour_span(), system_low=low, system_high=high
        )
        score_span = int(state.score.max() - state.score.min()) if self.n else 0
        check_weight_range(self.factors, score_span=score_span, players=self.n)
        self.weight_seconds = 0.0
        self.candidate_seconds = 0.0
        self.pairs_evaluated = 0

    def _colour_span(self) -> int:
        if self.n == 0:
            return 0
        span = 2 * int(np.abs(self.state.cd).max())
        if not self.state.last_round:
            span = min(span, int(np.ceil(2 * self.state.beta)) - 1)
        return max(span, 0)

    # --- absolute criteria
    def colour_assignments(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(i may take white, j may take white) under the colour limits."""
        s = self.state
        return s.can_white[i] & s.can_black[j], s.can_white[j] & s.can_black[i]

    def _allowed(self, i: np.ndarray, j: np.ndarray, colour_sum: np.ndarray) -> np.ndarray:
        ok = (i != j) & ~self.state.is_forbidden(i, j)
        i_white, j_white = self.colour_assignments(i, j)
        colours_ok = (np.abs(colour_sum) < 2 * self.state.beta) & (i_white | j_white)
        if self.state.last_round:  # C.3: only two non-topscorers are held to the limits
            return ok & (colours_ok | self.state.relaxed[i] | self.state.relaxed[j])
        return ok & colours_ok

    def allowed(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        cd = self.state.cd
        return self._allowed(i, j, cd[i] + cd[j])

    # --- weights
    def terms(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        s = self.state
        return (
            score_difference_term(s.score[i], s.score[j]),
            colour_balance_term(s.cd[i], s.cd[j]),
            self.system.pi(s, i, j).astype(np.int64),
        )

    def edge_weights(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        started = time.perf_counter()
        i = np.asarray(i, dtype=np.int64)
        j = np.asarray(j, dtype=np.int64)
        s = self.state
        cd_i, cd_j = s.cd[i], s.cd[j]
        allowed = self._allowed(i, j, cd_i + cd_j)
        weight = self.factors.combine(
            score_difference_term(s.score[i], s.score[j]),
            colour_balance_term(cd_i, cd_j),
            self.system.pi(s, i, j),
        )
        self.weight_seconds += time.perf_counter() - started
        self.pairs_evaluated += int(i.size)
        return allowed, weight

    # --- a starting set for exact backends
    def candidate_edges(self) -> tuple[np.ndarray, np.ndarray]:
        """Edges likely in the optimum (see `candidates.py`); a backend must still
        prove optimality over the whole oracle."""

        started = time.perf_counter()
        weight_before = self.weight_seconds
        edges = candidate_edges(self)
        self.candidate_seconds += time.perf_counter() - started
        # Oracle calls made while choosing candidates count as candidate time only.
        self.weight_seconds = weight_before
        return edges

    # --- for error messages
    def exclusion_reason(self, a: int, b: int) -> str | None:
        """Why vertices a and b may not be paired, in words (None if they may)."""
        s = self.state
        pa, pb = s.players[a], s.players[b]
        if pb.id in pa.opponents:
            return f"already played {pb.label}"
        if s.is_forbidden(np.array([a]), np.array([b]))[0]:
            return f"may not meet {pb.label} (prohibited pair)"
        if s.last_round and (s.relaxed[a] or s.relaxed[b]):
            return None
        if abs(int(s.cd[a] + s.cd[b])) >= 2 * s.beta:
            return (
                f"colour differences {int(s.cd[a]):+d} and {int(s.cd[b]):+d} with "
                f"{pb.label} add up to beta*2 or more"
            )
        i_white, j_white = self.colour_assignments(np.array([a]), np.array([b]))
        if not (i_white[0] or j_white[0]):
            return f"either colour against {pb.label} breaks a colour limit"
        return None
