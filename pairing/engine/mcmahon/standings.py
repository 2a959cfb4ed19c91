"""McMahon standings after a number of rounds (for the EGF results export).

Criteria, as Go organisers use them (OpenGotha names):
- MMS: McMahon score (start + points of every round);
- SOSM: sum of the opponents' MMS; a round without a game adds the
  player's own starting MMS (a virtual opponent who stands where the player
  started);
- SOSOSM: sum of the opponents' SOSM; a round without a game adds the
  virtual opponent's SOSM, taken as the starting MMS times the rounds;
- SODOSM: sum of the MMS of opponents beaten (half for a jigo);
- CUSSM: sum of the MMS after each round;
- NBW: number of wins (jigo 1/2; a bye counts its points).
Games decided by default count for points and have an opponent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .request import BYE, FORFEIT, GAME, McMahonRequest
from .state import player_states, round_points

CRITERIA = ("MMS", "SOSM", "SOSOSM", "SODOSM", "CUSSM", "NBW")


@dataclass(frozen=True, slots=True)
class Standing:
    id: int
    mms: float
    sosm: float
    sososm: float
    sodosm: float
    cussm: float
    nbw: float

    def value(self, criterion: str) -> float:
        return getattr(self, criterion.lower())


def standings(request: McMahonRequest) -> list[Standing]:
    """Every player's criteria after the rounds recorded in `request`
    (rounds 1 .. round_number - 1), in player order."""
    states = player_states(request)
    config = request.config
    final = {st.player.id: st.mms for st in states}
    start = {st.player.id: st.mms_start for st in states}
    rounds = request.round_number - 1
    sos: dict[int, float] = {}
    partial: list[tuple[int, float, float, float, list[int | None]]] = []
    for st in states:
        s = sodos = cuss = nbw = 0.0
        opponents: list[int | None] = []
        for r, rec in enumerate(st.player.rounds, start=1):
            cuss += st.mms_before[r]
            points = round_points(rec, config)
            if rec.kind in (GAME, FORFEIT):
                s += final[rec.opponent]
                sodos += points * final[rec.opponent]
                nbw += points
                opponents.append(rec.opponent)
            else:
                s += st.mms_start
                nbw += points if rec.kind == BYE else 0.0
                opponents.append(None)
        sos[st.player.id] = s
        partial.append((st.player.id, sodos, cuss, nbw, opponents))
    result = []
    for pid, sodos, cuss, nbw, opponents in partial:
        sosos = sum(sos[o] if o is not None else start[pid] * rounds for o in opponents)
        result.append(Standing(pid, final[pid], sos[pid], sosos, sodos, cuss, nbw))
    return result


def placement(rows: Sequence[Standing], criteria: Sequence[str] = ("MMS", "SOSM", "SOSOSM")):
    """Rows ordered best first by `criteria` (unknown names are ignored),
    then by id."""
    used = [c.upper() for c in criteria if c.upper() in CRITERIA]
    return sorted(rows, key=lambda s: (*(-s.value(c) for c in used), s.id))
