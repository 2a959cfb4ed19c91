"""The per-player facts the FIDE Dutch rules (C.04.3) pair from.

Everything here is derived from a `SwissPlayer` of the request: the colour
difference and preference (C.04.3 A.6), the floats of the two previous rounds
(A.4), the bye eligibility (C.04.1 c, C.04.2 2025: no second pairing-allocated
bye, and none after a win scored without playing) and the players already met
(C.04.3 C.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.swiss.request import SwissRequest

WHITE, BLACK = "w", "b"


def other(colour: str | None) -> str | None:
    return {WHITE: BLACK, BLACK: WHITE}.get(colour)  # type: ignore[arg-type]


@dataclass(slots=True)
class Entrant:
    """One player to be paired this round, in the terms of C.04.3 A.

    rank: the player's place among the ranked players (A.2 b); its parity decides
        the colours of two players who have none due (E.5).
    imbalance: |colour difference| (A.6).
    due: the colour preference (A.6), None when the player has played no game.
    absolute: A.6 a (difference above 1, or the same colour twice running).
    strong: A.6 b (difference of exactly 1 and not absolute).
    repeated: the colour of the two latest games when they were the same.
    float1, float2: "up", "down" or "" one and two rounds before (A.4).
    level: the place of the player's score among the round's scores, from 0 for
        the lowest (set by `weights.make_layout`; the weights compare it instead
        of the score).
    """

    id: int
    rank: int
    score: Fraction
    played: tuple[str, ...]
    imbalance: int
    due: str | None
    absolute: bool
    strong: bool
    repeated: str | None
    float1: str
    float2: str
    bye_ok: bool
    avoid: frozenset[int]
    level: int = 0


def colour_facts(played: tuple[str, ...]) -> tuple[int, str | None, bool, bool, str | None]:
    """(imbalance, due colour, absolute, strong, repeated colour) per C.04.3 A.6.

    The due colour is, in order: the colour that evens a difference above 1; the
    colour that breaks two equal colours running; the colour that evens a
    difference of 1; the colour that alternates from the latest game."""
    whites = played.count(WHITE)
    blacks = len(played) - whites
    run = 0
    for colour in reversed(played):
        if colour != played[-1]:
            break
        run += 1
    evening = BLACK if whites > blacks else WHITE
    imbalance = abs(whites - blacks)
    last = played[-1] if played else None
    if imbalance > 1:
        due = evening
    elif run > 1:
        due = other(last)
    elif imbalance > 0:
        due = evening
    elif played:
        due = other(last)
    else:
        due = None
    repeated = last if run > 1 else None
    absolute = imbalance > 1 or repeated is not None
    strong = not absolute and imbalance > 0
    return imbalance, due, absolute, strong, repeated


def ranked(request: SwissRequest) -> dict[int, int]:
    """The rank (A.2 b) of every player of the request, by pairing number.

    A player who sits the round out without ever having taken part in a pairing
    has no place in the order yet: the request must leave such players out, as
    `fide_request_from_record` does from the record (a request alone cannot tell a
    player whose only rounds were forfeit losses from one who never took part)."""
    return {p.id: k for k, p in enumerate(sorted(request.players, key=lambda p: p.id))}


def entrants(request: SwissRequest) -> list[Entrant]:
    """The players to pair, in the order of C.04.3 A.2: score (with any
    acceleration the request carries), then rank."""
    ranks = ranked(request)
    result = []
    for p in request.players:
        if not p.active:
            continue
        played = tuple(c for c in p.colours if c in (WHITE, BLACK))
        imbalance, due, absolute, strong, repeated = colour_facts(played)
        avoid = set(p.opponents)
        for a, b in request.prohibited:
            if a == p.id:
                avoid.add(b)
            elif b == p.id:
                avoid.add(a)
        floats = p.floats
        result.append(
            Entrant(
                id=p.id,
                rank=ranks[p.id],
                score=p.score,
                played=played,
                imbalance=imbalance,
                due=due,
                absolute=absolute,
                strong=strong,
                repeated=repeated,
                float1=floats[-1] if len(floats) >= 1 else "",
                float2=floats[-2] if len(floats) >= 2 else "",
                bye_ok=p.bye_eligible,
                avoid=frozenset(avoid),
            )
        )
    result.sort(key=lambda e: (-e.score, e.rank))
    return result
