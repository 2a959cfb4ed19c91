"""The simulated field: true strengths, the Elo ratings seen by the pairing, the ranking.

Führlich, Cseh and Lenzner's setting ("Assumptions and Experimental Setup"):
each player has a true strength str_i, constant through the event, that
decides the results; the pairing only sees an Elo rating drawn from
Normal(str_i, (3000 - str_i) / 20) (stronger players' ratings are more
accurate). Players are ranked by Elo; equal Elo ratings are ordered by lot
once, at the start.

Strength models, written `kind:arguments` on the command line:

    uniform:LO:HI                  uniform in [LO, HI] (the paper: 1400:2200)
    normal:LO:HI[:SD]              normal with mean (LO+HI)/2 and SD (default
                                   (HI-LO)/4), redrawn until inside [LO, HI]
    exponential-top:LO:HI[:MEAN]   many strong, few weak players: HI minus an
                                   exponential variable, inside [LO, HI]; the
                                   default mean is HI - (HI-LO)/4 (the paper's
                                   2000 for 1400:2200)
    exponential-bottom:LO:HI[:MEAN]  the mirror image: many weak players
                                   (default mean LO + (HI-LO)/4, the paper's 1600)
    list:R1,R2,...                 the given ratings as true strengths; with
                                   as many values as players they are used
                                   as they are, otherwise the field is drawn
                                   from them with replacement
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

KINDS = ("uniform", "normal", "exponential-top", "exponential-bottom", "list")
STRENGTH_FLOOR = 0.0
STRENGTH_CEILING = 2999.0  # the noise model needs 3000 - strength > 0


class StrengthError(ValueError):
    """A strength model that cannot be used; the message says why."""


@dataclass(frozen=True, slots=True)
class StrengthModel:
    """How true strengths are drawn. `low`/`high` bound the range; `spread` is
    the normal model's SD or the exponential models' mean (None: the default);
    `values` holds the ratings of a `list` model."""

    kind: str = "uniform"
    low: float = 1400.0
    high: float = 2200.0
    spread: float | None = None
    values: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise StrengthError(f"unknown strength model {self.kind!r}; use one of {KINDS}")
        if self.kind == "list":
            if not self.values:
                raise StrengthError("a list of strengths needs at least one rating")
            bad = [v for v in self.values if not STRENGTH_FLOOR <= v <= STRENGTH_CEILING]
            if bad:
                raise StrengthError(
                    f"rating {bad[0]:g} is outside {STRENGTH_FLOOR:g}-{STRENGTH_CEILING:g}"
                )
            return
        if not STRENGTH_FLOOR <= self.low <= self.high <= STRENGTH_CEILING:
            raise StrengthError(
                f"the range {self.low:g}-{self.high:g} must be increasing and inside "
                f"{STRENGTH_FLOOR:g}-{STRENGTH_CEILING:g}"
            )
        if self.spread is not None and not self.spread > 0:
            raise StrengthError(f"the spread must be positive, not {self.spread:g}")
        exponential = self.kind in ("exponential-top", "exponential-bottom")
        if exponential and self.spread is not None and not self.low < self.spread < self.high:
            raise StrengthError(f"the mean {self.spread:g} must lie inside the range")

    @property
    def text(self) -> str:
        """The command-line spelling (parse_strength(model.text) == model)."""
        if self.kind == "list":
            return "list:" + ",".join(f"{v:g}" for v in self.values)
        parts = [self.kind, f"{self.low:g}", f"{self.high:g}"]
        if self.spread is not None:
            parts.append(f"{self.spread:g}")
        return ":".join(parts)

    @property
    def range_size(self) -> float:
        if self.kind == "list":
            return max(self.values) - min(self.values)
        return self.high - self.low


def _number(text: str, what: str, spec: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise StrengthError(f"{spec!r}: {what} {text!r} is not a number") from None
    if not np.isfinite(value):
        raise StrengthError(f"{spec!r}: {what} {text!r} is not a finite number")
    return value


def parse_strength(spec: str) -> StrengthModel:
    """`uniform:1400:2200`, `normal:1400:2200:200`, `list:1500,1720,...` -> a model."""
    spec = spec.strip()
    kind, _, rest = spec.partition(":")
    kind = kind.strip().lower()
    if kind not in KINDS:
        raise StrengthError(f"{spec!r}: unknown strength model {kind!r}; use one of {KINDS}")
    if kind == "list":
        items = [x for x in rest.replace(";", ",").split(",") if x.strip()]
        values = tuple(_number(x.strip(), "rating", spec) for x in items)
        return StrengthModel(kind="list", values=values)
    parts = [p.strip() for p in rest.split(":")] if rest else []
    if len(parts) not in (2, 3):
        raise StrengthError(
            f"{spec!r}: expected {kind}:LOW:HIGH" + ("" if kind == "uniform" else "[:X]")
        )
    if kind == "uniform" and len(parts) == 3:
        raise StrengthError(f"{spec!r}: a uniform model takes only LOW and HIGH")
    low = _number(parts[0], "low end", spec)
    high = _number(parts[1], "high end", spec)
    spread = _number(parts[2], "spread", spec) if len(parts) == 3 else None
    return StrengthModel(kind=kind, low=low, high=high, spread=spread)


def _truncated(draw, low: float, high: float, n: int, rng: np.random.Generator) -> np.ndarray:
    """n values of `draw(size)` inside [low, high], redrawing those outside."""
    out = np.asarray(draw(n), dtype=float)
    for _ in range(1000):
        outside = (out < low) | (out > high)
        if not outside.any():
            return out
        out[outside] = draw(int(outside.sum()))
    return np.clip(out, low, high)


def draw_strengths(model: StrengthModel, n: int, rng: np.random.Generator) -> np.ndarray:
    """n true strengths (float64) from the model."""
    if n < 0:
        raise StrengthError("the number of players cannot be negative")
    if model.kind == "list":
        values = np.array(model.values, dtype=float)
        if values.size == n:
            return values.copy()
        return rng.choice(values, size=n, replace=True)
    low, high = model.low, model.high
    if model.kind == "uniform" or high == low:
        return rng.uniform(low, high, n) if high > low else np.full(n, low)
    if model.kind == "normal":
        sd = model.spread if model.spread is not None else (high - low) / 4
        mean = (low + high) / 2
        return _truncated(lambda k: rng.normal(mean, sd, k), low, high, n, rng)
    if model.kind == "exponential-top":
        mean = model.spread if model.spread is not None else high - (high - low) / 4
        scale = high - mean
        return _truncated(lambda k: high - rng.exponential(scale, k), low, high, n, rng)
    mean = model.spread if model.spread is not None else low + (high - low) / 4
    scale = mean - low
    return _truncated(lambda k: low + rng.exponential(scale, k), low, high, n, rng)


def elo_noise_sd(strength: np.ndarray) -> np.ndarray:
    """The paper's rating noise: SD (3000 - strength) / 20."""
    return (3000.0 - np.asarray(strength, dtype=float)) / 20.0


@dataclass(frozen=True, slots=True)
class Field:
    """The players of one simulated event in pairing-number order.

    Player k (0-based) has pairing number k + 1; pairing numbers follow Elo
    (highest first, equal ratings by lot). `strength` decides results;
    `elo` (integers, as a TRF holds them) is all the pairing sees."""

    strength: np.ndarray  # float64
    elo: np.ndarray  # int64

    @property
    def n(self) -> int:
        return int(self.strength.size)

    def true_order(self) -> np.ndarray:
        """0-based player indices from the strongest to the weakest."""
        return np.argsort(-self.strength, kind="stable")


def draw_field(model: StrengthModel, n: int, rng: np.random.Generator) -> Field:
    """Strengths from the model, Elo ratings around them, ranked by Elo."""
    strength = draw_strengths(model, n, rng)
    elo = np.rint(rng.normal(strength, elo_noise_sd(strength))).astype(np.int64)
    elo = np.clip(elo, 0, 9999)
    lots = rng.permutation(n)
    order = np.lexsort((lots, -elo))
    return Field(strength=strength[order].copy(), elo=elo[order].copy())
