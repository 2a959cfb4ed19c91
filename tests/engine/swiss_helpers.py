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


def fide_event(players: int, rounds: int, played: int, seed: int):
    """A generated event (10% forfeits) whose first `played` rounds FIDE's Dutch paired."""
    from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide
    from pairing.generate import generate_tournament, parse_config

    config = parse_config(f"PlayersNumber={players}\nRoundsNumber={rounds}\nForfeitRate=10\n")
    return generate_tournament(
        config,
        system="fide-dutch",
        seed=seed,
        build=fide_request_from_record,
        pair=pair_round_fide,
        rounds_played=played,
    )
