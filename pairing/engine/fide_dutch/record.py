"""The request for a round, from a tournament record, with the floats of C.04.3 A.4.

`pairing.engine.swiss.from_record.request_from_record` builds the request; two
facts differ for the FIDE rules and are taken here from the record itself:

- floats (A.4 b): a played game between different scores gives the higher-ranked
  player a downfloat and the other an upfloat (scores before that round, with
  that round's acceleration); a round without a game played gives a downfloat
  when it brought more points than a loss (a bye, a forfeit win), none otherwise;
- the ranking (A.2): a player who sits the round out and has never taken part
  in a pairing (no game, forfeit or pairing-allocated bye) has no rank yet and
  is left out of the request.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from pairing.engine.swiss.from_record import request_from_record
from pairing.engine.swiss.request import SwissRequest
from pairing.record import TournamentRecord


def _scores(record: TournamentRecord, round_number: int) -> list[dict[int, Fraction]]:
    """scores[r-1][pid]: score before round r plus round r's acceleration."""
    out = []
    running = {p.id: Fraction(0) for p in record.players}
    for r in range(1, round_number):
        out.append(
            {
                pid: s
                + (
                    record.accelerations.get(pid, ())[r - 1]
                    if r <= len(record.accelerations.get(pid, ()))
                    else Fraction(0)
                )
                for pid, s in running.items()
            }
        )
        for p in record.players:
            running[p.id] += record.points[p.entry(r).code]
    return out


def fide_floats(record: TournamentRecord, round_number: int) -> dict[int, tuple[str, ...]]:
    """Per player, "up", "down" or "" for each round before `round_number` (A.4)."""
    scores = _scores(record, round_number)
    loss = record.points.get("0", Fraction(0))
    result = {}
    for p in record.players:
        floats = []
        for r in range(1, round_number):
            e = p.entry(r)
            if not e.played:
                floats.append("down" if record.points[e.code] > loss else "")
                continue
            mine, theirs = scores[r - 1][p.id], scores[r - 1].get(e.opponent, Fraction(0))
            floats.append("down" if mine > theirs else "up" if mine < theirs else "")
        result[p.id] = tuple(floats)
    return result


def took_part(record: TournamentRecord, pid: int, round_number: int) -> bool:
    """In a pairing before `round_number`: a game, a forfeit or a pairing-allocated bye."""
    entries = [record.player(pid).entry(r) for r in range(1, round_number)]
    return any(e.opponent is not None or e.code == "U" for e in entries)


def fide_request_from_record(
    record: TournamentRecord, round_number: int | None = None, **options
) -> SwissRequest:
    """`request_from_record` with the FIDE floats and ranking (see above)."""
    if round_number is None:
        round_number = record.rounds_paired + 1
    request = request_from_record(record, round_number, **options)
    floats = fide_floats(record, round_number)
    players = tuple(
        replace(p, floats=floats[p.id])
        for p in request.players
        if p.active or took_part(record, p.id, round_number)
    )
    return replace(request, players=players)
