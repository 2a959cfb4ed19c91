"""One simulated event's state, kept up to date round by round.

Rebuilding the engine's request from the whole record before every round
(`request_from_record`) re-reads every earlier round each time; a simulation
runs hundreds of thousands of rounds, so `SimTournament` keeps each player's
score, colours, opponents, byes and floats as they happen and builds the
`SwissRequest` from them directly. It also keeps a `TournamentRecord` of the
event (for the final standings, and for the TRF an external engine reads).
The request it builds equals `request_from_record(self.record, ...)`; a test
checks that.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pairing.engine.swiss import SwissPlayer, SwissRequest
from pairing.record import PlayerRecord, RoundEntry, TournamentRecord

HALF = Fraction(1, 2)
# White's result code -> (white's points, black's points) in half points, and black's code.
_CODES = {
    "1": (2, 0, "0"),
    "=": (1, 1, "="),
    "0": (0, 2, "1"),
    "+": (2, 0, "-"),
    "-": (0, 2, "+"),
}


@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """One board as it ended: white, black (pairing numbers) and white's code."""

    white: int
    black: int
    code: str  # "1", "=", "0" played; "+", "-" forfeit (white wins / loses)

    @property
    def played(self) -> bool:
        return self.code in ("1", "=", "0")


class SimTournament:
    """Players 1..n with the given Elo ratings, `total_rounds` rounds."""

    def __init__(
        self,
        *,
        elo: Iterable[int],
        total_rounds: int,
        initial_colour: str,
        name: str = "Simulated event",
    ) -> None:
        ratings = [int(r) for r in elo]
        self.n = len(ratings)
        self.total_rounds = total_rounds
        self.initial_colour = initial_colour
        self.rounds_done = 0
        self.half_points = np.zeros(self.n, dtype=np.int64)
        self.colour_difference = np.zeros(self.n, dtype=np.int64)
        self._colours: list[list[str]] = [[] for _ in range(self.n)]
        self._floats: list[list[str]] = [[] for _ in range(self.n)]
        self._opponents: list[set[int]] = [set() for _ in range(self.n)]
        self._pabs = [0] * self.n
        self._unplayed_wins = [0] * self.n
        self._ratings = ratings
        self.record = TournamentRecord(
            name=name,
            total_rounds=total_rounds,
            initial_colour=initial_colour,
            players=[
                PlayerRecord(id=k + 1, name=f"Player {k + 1:04d}", rating=r)
                for k, r in enumerate(ratings)
            ],
        )

    # --- before a round
    def score(self, pid: int) -> Fraction:
        return Fraction(int(self.half_points[pid - 1]), 2)

    def request(
        self,
        *,
        system: str,
        beta: float = 2.0,
        seed: int = 0,
        sitting_out: frozenset[int] = frozenset(),
    ) -> SwissRequest:
        """The engine's request for the next round; `sitting_out` players (a
        requested bye) are not paired."""
        players = tuple(
            SwissPlayer(
                id=k + 1,
                rating=self._ratings[k],
                score=Fraction(int(self.half_points[k]), 2),
                colours=tuple(self._colours[k]),
                opponents=frozenset(self._opponents[k]),
                pairing_byes=self._pabs[k],
                unplayed_wins=self._unplayed_wins[k],
                floats=tuple(self._floats[k]),
                bye_requested=(k + 1) in sitting_out,
                name=self.record.players[k].name,
            )
            for k in range(self.n)
        )
        return SwissRequest(
            players=players,
            round_number=self.rounds_done + 1,
            total_rounds=self.total_rounds,
            system=system,
            beta=beta,
            seed=seed,
            initial_colour=self.initial_colour,
        )

    def announce_byes(self, round_number: int, players: Iterable[int]) -> None:
        """Record half-point byes requested for a round before it is paired (the
        TRF then shows them, as external engines expect)."""
        for pid in players:
            self.record.set_entry(
                self.record.players[pid - 1], round_number, RoundEntry(None, "-", "H")
            )

    # --- after a round
    def _float(self, mine: int, theirs: int) -> str:
        return "down" if mine > theirs else "up" if mine < theirs else ""

    def finish_round(
        self,
        boards: Iterable[PlayedBoard],
        *,
        pairing_bye: int | None = None,
        half_byes: Iterable[int] = (),
    ) -> None:
        """Apply one round: every board's result, the pairing-allocated bye
        (a win's points) and the half-point byes. Players in none of these
        were absent (zero points)."""
        r = self.rounds_done + 1
        before = self.half_points.copy()
        seen: set[int] = set()
        records = self.record.players
        for board in boards:
            w, b = board.white - 1, board.black - 1
            white_pts, black_pts, black_code = _CODES[board.code]
            self.half_points[w] += white_pts
            self.half_points[b] += black_pts
            self._floats[w].append(self._float(int(before[w]), int(before[b])))
            self._floats[b].append(self._float(int(before[b]), int(before[w])))
            if board.played:
                self._colours[w].append("w")
                self._colours[b].append("b")
                self.colour_difference[w] += 1
                self.colour_difference[b] -= 1
                self._opponents[w].add(board.black)
                self._opponents[b].add(board.white)
            else:
                self._colours[w].append("-")
                self._colours[b].append("-")
                winner = w if board.code == "+" else b
                self._unplayed_wins[winner] += 1
            self.record.set_entry(records[w], r, RoundEntry(board.black, "w", board.code))
            self.record.set_entry(records[b], r, RoundEntry(board.white, "b", black_code))
            seen.update((w, b))
        if pairing_bye is not None:
            k = pairing_bye - 1
            self.half_points[k] += 2
            self._pabs[k] += 1
            self._colours[k].append("-")
            self._floats[k].append("down")
            self.record.set_entry(records[k], r, RoundEntry(None, "-", "U"))
            seen.add(k)
        for pid in half_byes:
            k = pid - 1
            self.half_points[k] += 1
            self._colours[k].append("-")
            self._floats[k].append("")
            self.record.set_entry(records[k], r, RoundEntry(None, "-", "H"))
            seen.add(k)
        for k in range(self.n):
            if k not in seen:
                self._colours[k].append("-")
                self._floats[k].append("")
                self.record.set_entry(records[k], r, RoundEntry(None, "-", "Z"))
        self.rounds_done = r
