"""Random tournaments: players, absences and results, paired round by round by Blossom.

The configuration uses the keys bbpPairings' generator reads (one `Key=value`
per line, `#` starts a comment):

    PlayersNumber      number of players (default 30)
    RoundsNumber       number of rounds (default 9)
    HighestRating      highest rating drawn (default 2600)
    LowestRating       lowest rating drawn (default 1400)
    ForfeitRate        one game in N is lost by forfeit (default: none)
    HalfPointByeRate   one player in N takes one half-point bye (default: none)
    RetiredRate        one player in N withdraws during the event (default: none)
    PointsForWin, PointsForDraw, PointsForLoss, PointsForZPB,
    PointsForForfeitLoss, PointsForPAB
                       points per result (defaults 1, 0.5, 0, 0, 0, as a win)
    DrawPercentage     accepted for compatibility and ignored: results follow
                       Milvang's model (`pairing.simulation.milvang`), where the
                       draw rate depends on the two ratings.

Ratings are drawn uniformly and players numbered by rating. Each game's
result is drawn from Milvang's probabilities for the two ratings. Everything
is reproducible from the seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import numpy as np

from pairing.engine.swiss import pair_round
from pairing.engine.swiss.from_record import apply_round, request_from_record
from pairing.record import DEFAULT_POINTS, PlayerRecord, RoundEntry, TournamentRecord
from pairing.simulation.milvang import draw_results


class GeneratorConfigError(ValueError):
    """A bad configuration line: str() names the line."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(f"configuration line {line}: {message}")


@dataclass(frozen=True)
class GeneratorConfig:
    players: int = 30
    rounds: int = 9
    highest_rating: int = 2600
    lowest_rating: int = 1400
    forfeit_rate: float | None = None
    half_point_bye_rate: float | None = None
    retired_rate: float | None = None
    points: dict[str, Fraction] = field(default_factory=lambda: dict(DEFAULT_POINTS))
    ignored: tuple[str, ...] = ()


_INT_KEYS = {
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "HighestRating": "highest_rating",
    "LowestRating": "lowest_rating",
}
_RATE_KEYS = {
    "ForfeitRate": ("forfeit_rate", 1),
    "HalfPointByeRate": ("half_point_bye_rate", 1),
    "RetiredRate": ("retired_rate", 2),
}
_POINT_KEYS = {
    "PointsForWin": "1W+F",
    "PointsForDraw": "=DH",
    "PointsForLoss": "0L",
    "PointsForZPB": "Z ",
    "PointsForForfeitLoss": "-Z ",
    "PointsForPAB": "U",
}
_IGNORED_KEYS = {"DrawPercentage"}


def parse_config(text: str) -> GeneratorConfig:
    values: dict = {}
    points = dict(DEFAULT_POINTS)
    pab_given = False
    ignored = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = (part.strip() for part in line.partition("="))
        if not sep:
            raise GeneratorConfigError(number, f"expected Key=value, found {line!r}")
        try:
            if key in _INT_KEYS:
                values[_INT_KEYS[key]] = int(value)
            elif key in _RATE_KEYS:
                name, least = _RATE_KEYS[key]
                rate = float(value)
                if not rate >= least:
                    raise GeneratorConfigError(number, f"{key} must be at least {least}")
                values[name] = rate
            elif key in _POINT_KEYS:
                amount = Fraction(value)
                for code in _POINT_KEYS[key]:
                    points[code] = amount
                if key == "PointsForWin" and not pab_given:
                    points["U"] = amount
                pab_given |= key == "PointsForPAB"
            elif key in _IGNORED_KEYS:
                ignored.append(key)
            else:
                raise GeneratorConfigError(number, f"unknown key {key!r}")
        except ValueError as exc:
            if isinstance(exc, GeneratorConfigError):
                raise
            raise GeneratorConfigError(number, f"{key}: {value!r} is not a valid value") from None
    config = GeneratorConfig(**values, points=points, ignored=tuple(ignored))
    if config.players < 2 or config.rounds < 1:
        raise GeneratorConfigError(0, "need at least 2 players and 1 round")
    if config.lowest_rating > config.highest_rating:
        raise GeneratorConfigError(0, "LowestRating is above HighestRating")
    return config


def read_config(path: str | Path) -> GeneratorConfig:
    return parse_config(Path(path).read_text(encoding="utf-8"))


def _count(players: int, rate: float | None) -> int:
    return 0 if rate is None else min(players, round(players / rate))


def generate_tournament(
    config: GeneratorConfig,
    *,
    system: str = "dutch",
    seed: int = 0,
    beta: float = 2.0,
    backend: str = "auto",
    rounds_played: int | None = None,
    build=None,
    pair=None,
) -> TournamentRecord:
    """A random tournament, complete or (with `rounds_played`) stopped after that many
    rounds. Raises PairingError if a round cannot be paired. `build` and `pair` (the
    request builder and the pairing function) default to the Swiss engine's; FIDE's
    Dutch brings its own."""
    build = build or request_from_record
    pair = pair or pair_round
    engine_system = "dutch" if system == "fide-dutch" else system
    rng = np.random.default_rng([seed % 2**64, 7])
    n, rounds = config.players, config.rounds
    ratings = np.sort(rng.integers(config.lowest_rating, config.highest_rating + 1, n))[::-1]
    record = TournamentRecord(
        name="Generated tournament",
        total_rounds=rounds,
        initial_colour="w" if rng.integers(2) == 0 else "b",
        points=dict(config.points),
        players=[
            PlayerRecord(id=k + 1, name=f"Player {k + 1:04d}", rating=int(r))
            for k, r in enumerate(ratings)
        ],
    )
    if rounds > 1:
        for k in rng.choice(n, _count(n, config.retired_rate), replace=False):
            record.players[k].withdrawn_from = int(rng.integers(2, rounds + 1))
    half_byes: dict[int, list[int]] = {}
    if rounds > 1:
        for k in rng.choice(n, _count(n, config.half_point_bye_rate), replace=False):
            half_byes.setdefault(int(rng.integers(1, rounds)), []).append(k)
    forfeit_p = 0.0 if config.forfeit_rate is None else 1.0 / config.forfeit_rate
    rating_of = {p.id: p.rating for p in record.players}

    last = rounds if rounds_played is None else min(rounds_played, rounds)
    for r in range(1, last + 1):
        for k in half_byes.get(r, []):
            player = record.players[k]
            if player.withdrawn_from is None or player.withdrawn_from > r:
                record.set_entry(player, r, RoundEntry(None, "-", "H"))
        request = build(record, r, system=engine_system, beta=beta, seed=seed, backend=backend)
        pairing = pair(request)
        white = np.array([rating_of[g.white] for g in pairing.games], dtype=float)
        black = np.array([rating_of[g.black] for g in pairing.games], dtype=float)
        outcome = draw_results(white, black, rng)
        forfeits = rng.random(len(pairing.games)) < forfeit_p
        coin = rng.integers(2, size=len(pairing.games))
        results = {}
        for g, res, forfeit, side in zip(pairing.games, outcome, forfeits, coin, strict=True):
            if forfeit:
                results[g.board] = "+" if side else "-"
            else:
                results[g.board] = {1: "1", 0: "=", -1: "0"}[int(res)]
        apply_round(record, pairing, results)
    return record
