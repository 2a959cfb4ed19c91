"""Parameters of McMahon pairing, frozen and JSON-friendly.

`McMahonConfig` holds everything a McMahon round depends on apart from the
players: the bar and floor, points for byes and absences, handicap and komi
rules, the pairing strategies, the component coefficients W_k and shape
factors lambda_k of the weight model, and the grade curves of section 11 of
the weights paper. `to_dict` / `from_dict` give a plain dict (ranks as text
such as "1d") that can be stored as JSON and read back.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from .ranks import RankError, format_rank, parse_rank

EVEN_STRATEGIES = ("random", "fine-grain", "split-fold", "split-match", "split-mix")
SEED_STRATEGIES = ("fold", "match", "nearest")
BALANCE_RULES = ("full", "partial")
AREA_METHODS = ("mixed", "simple")
HANDICAP_BASES = ("mms", "rank")
SEED_ORDERS = ("rank", "rating")

_RANK_FIELDS = ("bar", "floor", "zero", "no_handicap_rank")


class ConfigError(ValueError):
    """A McMahon parameter out of range or of the wrong kind."""


@dataclass(frozen=True, slots=True)
class GradeCurve:
    """A grade-dependent factor for a shape parameter lambda (section 11).

    `kind` is "rising" (1/2 (1 + tanh(steepness (g - centre))): strict at the
    strong end, the scoring components), "falling" (1/2 (1 - tanh(...)):
    strict at the weak end, the area component) or "peak" (sech(steepness
    (g - centre)): strict in the middle, the colour component). The factor is
    lifted to `floor + (1 - floor) * shape`, so `floor = 0` is the paper's form.
    """

    kind: str
    centre: float
    steepness: float
    floor: float = 0.0

    def validate(self, name: str) -> None:
        if self.kind not in ("rising", "falling", "peak"):
            raise ConfigError(f"{name}.kind must be rising, falling or peak, not {self.kind!r}")
        if not 0.0 <= self.floor <= 1.0:
            raise ConfigError(f"{name}.floor must lie in [0, 1], not {self.floor}")
        if self.steepness < 0 or not math.isfinite(self.steepness):
            raise ConfigError(f"{name}.steepness must be a finite number >= 0")
        if not math.isfinite(self.centre):
            raise ConfigError(f"{name}.centre must be a finite grade")


@dataclass(frozen=True, slots=True)
class Coefficients:
    """The weight coefficients W_k of the eight components (equation in 2.2).

    How the defaults were chosen. sech(x) is convex in x up to x ~ 0.88 and
    flattens beyond: a pair far outside that range costs hardly more than a
    pair just outside it, so a large lambda_mms lets the matching trade a
    few moderate score gaps for one absurd one (we saw 1d v 14k). With
    lambda_mms = 0.12 (times the grade factor, 0.5..1) gaps up to about 8
    stay in the convex part and every larger gap still costs more; W_mms is
    then large so that a gap of 1 (W_mms (1 - sech(0.06..0.12)) = 18..72)
    outweighs colour and area. The even component is 1 for a pair inside a
    McMahon group whatever the seeds when its lambda is small, so W_even
    works as a fixed price per pair that leaves its group, and its seed
    preferences stay the size of the colour term. Then, on the real
    OpenGotha files and on a synthetic 300-player open (bench/), these gave
    fewer unequal-score games, handicap games and large gaps than the
    organisers' pairings, better colours, and about 15% more same-club
    games; a larger `area` trades the other way.
    """

    mms: float = 10000.0
    even: float = 150.0
    uneven: float = 50.0
    area: float = 80.0
    colour: float = 60.0
    banding: float = 0.0
    play_in: float = 0.0
    play_out: float = 0.0


@dataclass(frozen=True, slots=True)
class Shapes:
    """Base shape factors lambda_k; the grade curves scale the scoring, area
    and colour ones per pair. out/balance/seed are the three uneven
    sub-components of section 5.4."""

    mms: float = 0.12
    even: float = 0.6
    out: float = 1.0
    balance: float = 1.0
    seed: float = 2.0
    area: float = 1.5
    colour: float = 0.5
    banding: float = 1.0
    play_in: float = 3.0
    play_out: float = 3.0


@dataclass(frozen=True, slots=True)
class OmegaWeights:
    """Relative weights of the uneven sub-components in Omega (see uneven.py)."""

    out: float = 4.0
    balance: float = 2.0
    seed: float = 1.0


def _default_score_curve() -> GradeCurve:
    return GradeCurve("rising", centre=-1.0, steepness=0.4, floor=0.5)


def _default_area_curve() -> GradeCurve:
    return GradeCurve("falling", centre=-8.0, steepness=0.3, floor=0.35)


def _default_colour_curve() -> GradeCurve:
    return GradeCurve("peak", centre=-3.0, steepness=0.15, floor=0.35)


@dataclass(frozen=True, slots=True)
class McMahonConfig:
    """All parameters of McMahon pairing. Ranks are integers (see ranks.py)."""

    bar: int | None = 0  # 1d: everyone at or above starts equal; None: no bar
    floor: int | None = -20  # 20k: everyone below starts at the floor
    zero: int = -30  # the rank whose starting MMS is 0 (shown MMS only)
    bye_points: float = 1.0
    absent_points: float = 0.5
    handicap_offset: int = -1  # H of section 2.1
    handicap_reduction: int = 1  # stones = difference - reduction (-1 adds a stone)
    handicap_cap: int = 9
    handicap_basis: str = "mms"  # stones from MMS difference or from rank difference
    # OpenGotha's "no handicap above": a handicap rank above it counts as it
    # (two players at or above it play even); None: no such rank
    no_handicap_rank: int | None = 0
    # OpenGotha's "round down": the points of byes and absences, summed over
    # the rounds, count only in whole points (two half-point absences make 1)
    round_down_free_points: bool = False
    komi_even: float = 7.5
    komi_uneven: float = 7.5
    komi_handicap: float = 0.5
    even_strategy: str = "split-fold"
    even_strategy_late: str | None = None  # used after `even_strategy_switch_round`
    even_strategy_switch_round: int = 0
    seed_strategy: str = "nearest"
    balance_rule: str = "full"
    area_method: str = "mixed"
    area_country: float = 1.0  # share of the area component for countries (0: off)
    area_club: float = 1.0  # share for clubs (0: off)
    area_same_penalty: float = 1.0  # added to the area deviation of a same-area pair
    seed_order: str = "rank"  # order inside a MM group: rank then rating, or rating
    bands: tuple[int, ...] = ()  # lowest rank of each band but the last, strongest first
    coefficients: Coefficients = field(default_factory=Coefficients)
    shapes: Shapes = field(default_factory=Shapes)
    omega: OmegaWeights = field(default_factory=OmegaWeights)
    score_curve: GradeCurve = field(default_factory=_default_score_curve)
    area_curve: GradeCurve = field(default_factory=_default_area_curve)
    colour_curve: GradeCurve = field(default_factory=_default_colour_curve)

    def __post_init__(self) -> None:
        self.validate()

    # -- validation ---------------------------------------------------------
    def validate(self) -> None:
        if self.bar is not None and self.floor is not None and self.floor > self.bar:
            raise ConfigError(
                f"floor {format_rank(self.floor)} is above bar {format_rank(self.bar)}"
            )
        for name in ("bye_points", "absent_points", "komi_even", "komi_uneven", "komi_handicap"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value):
                raise ConfigError(f"{name} must be a number, not {value!r}")
        for name in ("bye_points", "absent_points"):
            if not 0 <= getattr(self, name) <= 1:
                raise ConfigError(f"{name} must lie in [0, 1]")
        if self.handicap_offset == 0:
            raise ConfigError("handicap_offset H must not be zero")
        for name in ("handicap_reduction", "handicap_cap"):
            if isinstance(getattr(self, name), bool) or not isinstance(getattr(self, name), int):
                raise ConfigError(f"{name} must be a whole number")
        if self.handicap_reduction < -1 or self.handicap_cap < 0:
            raise ConfigError("handicap_reduction must be >= -1 and handicap_cap >= 0")
        _choice("handicap_basis", self.handicap_basis, HANDICAP_BASES)
        _choice("even_strategy", self.even_strategy, EVEN_STRATEGIES)
        if self.even_strategy_late is not None:
            _choice("even_strategy_late", self.even_strategy_late, EVEN_STRATEGIES)
        if self.even_strategy_switch_round < 0:
            raise ConfigError("even_strategy_switch_round must be >= 0")
        _choice("seed_strategy", self.seed_strategy, SEED_STRATEGIES)
        _choice("balance_rule", self.balance_rule, BALANCE_RULES)
        _choice("area_method", self.area_method, AREA_METHODS)
        _choice("seed_order", self.seed_order, SEED_ORDERS)
        if min(self.area_country, self.area_club, self.area_same_penalty) < 0:
            raise ConfigError("area_country, area_club and area_same_penalty must be >= 0")
        if list(self.bands) != sorted(self.bands, reverse=True) or len(set(self.bands)) != len(
            self.bands
        ):
            raise ConfigError("bands must list distinct ranks, strongest first")
        for group in (self.coefficients, self.shapes, self.omega):
            for f in fields(group):
                value = getattr(group, f.name)
                if not isinstance(value, int | float) or value < 0 or not math.isfinite(value):
                    kind = type(group).__name__.lower()
                    raise ConfigError(f"{kind}.{f.name} must be a finite number >= 0")
        if self.omega.out + self.omega.balance + self.omega.seed <= 0:
            raise ConfigError("omega weights must not all be zero")
        self.score_curve.validate("score_curve")
        self.area_curve.validate("area_curve")
        self.colour_curve.validate("colour_curve")

    # -- derived values -----------------------------------------------------
    def even_strategy_for(self, round_number: int) -> str:
        if self.even_strategy_late is not None and round_number > self.even_strategy_switch_round:
            return self.even_strategy_late
        return self.even_strategy

    def with_changes(self, **changes: Any) -> McMahonConfig:
        return replace(self, **changes)

    # -- JSON ---------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for name in _RANK_FIELDS:
            if data[name] is not None:
                data[name] = format_rank(data[name])
        data["bands"] = [format_rank(b) for b in self.bands]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> McMahonConfig:
        if not isinstance(data, dict):
            raise ConfigError("McMahon parameters must be a mapping")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown McMahon parameter(s): {', '.join(unknown)}")
        values: dict[str, Any] = dict(data)
        for name in _RANK_FIELDS:
            if name in values and values[name] is not None:
                values[name] = _rank(name, values[name])
        if "bands" in values:
            values["bands"] = tuple(_rank("bands", b) for b in values["bands"])
        nested = {
            "coefficients": Coefficients,
            "shapes": Shapes,
            "omega": OmegaWeights,
            "score_curve": GradeCurve,
            "area_curve": GradeCurve,
            "colour_curve": GradeCurve,
        }
        for name, kind in nested.items():
            if name in values and not isinstance(values[name], kind):
                values[name] = _nested(name, kind, values[name])
        try:
            return cls(**values)
        except TypeError as exc:  # a value of the wrong type deep inside
            raise ConfigError(str(exc)) from exc


def _choice(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ConfigError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")


def _rank(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise ConfigError(f"{name}: {value!r} is not a rank")
    if isinstance(value, int):
        return value
    try:
        return parse_rank(str(value))
    except RankError as exc:
        raise ConfigError(f"{name}: {exc}") from exc


def _nested(name: str, kind: type, value: Any) -> Any:
    if not isinstance(value, dict):
        raise ConfigError(f"{name} must be a mapping")
    allowed = {f.name for f in fields(kind)}
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise ConfigError(f"unknown {name} field(s): {', '.join(unknown)}")
    return kind(**value)
