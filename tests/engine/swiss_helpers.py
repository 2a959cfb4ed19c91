"""Shared builders for the Swiss engine tests."""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.swiss import SwissPlayer, SwissRequest


def player(
    pid: int,
    *,
    rating: int | None = None,
    score: float | Fraction = 0,
    colours: str = "",
    opponents=(),
    **kw,
) -> SwissPlayer:
    return SwissPlayer(
        id=pid,
        rating=2400 - 10 * pid if rating is None else rating,
        score=Fraction(score).limit_denominator(4),
        colours=tuple(colours or ()),
        opponents=frozenset(opponents),
        **kw,
    )


def request(
    players, *, round_number: int = 2, total_rounds: int = 9, system: str = "dutch", **kw
) -> SwissRequest:
    return SwissRequest(
        players=tuple(players),
        round_number=round_number,
        total_rounds=total_rounds,
        system=system,
        **kw,
    )


def unordered(pairs) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}
