"""What a simulation run simulates: the field, the event, the systems compared.

The defaults are the paper's setting (Führlich, Cseh and Lenzner, "Simulation
Results"): 32 players, 7 rounds, strengths uniform in [1400, 2200], beta 2;
the final ranking uses the FIDE tiebreak order the paper cites (C.02.13.16.5):
direct encounter, wins, games with black, average rating of opponents cut 1,
Buchholz cut 1, Buchholz, Sonneborn-Berger. Players still tied after all of
them keep their pairing-number (Elo) order, as the paper breaks final ties by
Elo.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pairing.engine.swiss import SYSTEMS
from pairing.simulation.strengths import StrengthModel, parse_strength

DEFAULT_TIEBREAKS = ("DE", "WIN", "BPG", "ARO-C1", "BH-C1", "BH", "SB")
PAPER_SYSTEMS = ("dutch", "burstein", "monrad", "random", "random2")
EXTERNAL = "external"
FIDE_DUTCH = "fide-dutch"  # FIDE's C.04.3 to the letter (pairing.engine.fide_dutch)
BLOSSOM_SYSTEMS = ("dutch", "burstein", "monrad", "random", "random2", "adjacent", FIDE_DUTCH)


class SimulationConfigError(ValueError):
    """Simulation settings that cannot be run; the message names the setting."""


def parse_systems(text: str) -> tuple[str, ...]:
    """ "dutch,burstein,external" -> ("dutch", "burstein", "external")."""
    names = tuple(s.strip().lower() for s in text.split(",") if s.strip())
    if not names:
        raise SimulationConfigError("systems: name at least one pairing system")
    known = (*BLOSSOM_SYSTEMS, EXTERNAL)
    for name in names:
        if name not in known:
            raise SimulationConfigError(
                f"systems: unknown system {name!r}; choose from {', '.join(known)}"
            )
    if len(set(names)) != len(names):
        raise SimulationConfigError("systems: a system is named twice")
    return names


@dataclass(frozen=True)
class SimulationConfig:
    """One simulation: `events` events of `players` players over `rounds` rounds,
    each played once per system on the same field and the same random streams.

    forfeit_rate: probability that a game is lost by forfeit (a coin decides
        who forfeits). half_bye_rate: probability that a player takes one
        half-point bye, in a round drawn at random.
    engine_cmd: the external engine's command (needed for the "external" system).
    """

    players: int = 32
    rounds: int = 7
    events: int = 1000
    systems: tuple[str, ...] = PAPER_SYSTEMS
    strength: StrengthModel = field(default_factory=StrengthModel)
    beta: float = 2.0
    seed: int = 1
    forfeit_rate: float = 0.0
    half_bye_rate: float = 0.0
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    engine_cmd: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "systems", tuple(self.systems))
        object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks))
        if isinstance(self.strength, str):
            object.__setattr__(self, "strength", parse_strength(self.strength))
        if self.players < 2:
            raise SimulationConfigError(f"players: at least 2, not {self.players}")
        if self.rounds < 1:
            raise SimulationConfigError(f"rounds: at least 1, not {self.rounds}")
        if self.rounds >= self.players + (self.players % 2):
            raise SimulationConfigError(
                f"rounds: {self.players} players cannot play {self.rounds} rounds without "
                f"meeting twice (at most {self.players - 1 + self.players % 2})"
            )
        if self.events < 1:
            raise SimulationConfigError(f"events: at least 1, not {self.events}")
        if not self.systems:
            raise SimulationConfigError("systems: name at least one pairing system")
        parse_systems(",".join(self.systems))
        if EXTERNAL in self.systems and not (self.engine_cmd or "").strip():
            raise SimulationConfigError("systems: 'external' needs --engine-cmd")
        if not self.beta > 0:
            raise SimulationConfigError(f"beta: must be positive, not {self.beta}")
        for name, rate in (
            ("forfeit rate", self.forfeit_rate),
            ("half-bye rate", self.half_bye_rate),
        ):
            if not 0.0 <= rate <= 1.0:
                raise SimulationConfigError(f"{name}: a probability between 0 and 1, not {rate}")
        if not 0 <= self.seed < 2**63:
            raise SimulationConfigError(f"seed: between 0 and 2**63 - 1, not {self.seed}")
        from tiebreaks.methods.registry import get_method  # only when tiebreaks are named

        for acronym in self.tiebreaks:
            try:
                get_method(acronym)
            except ValueError as exc:
                raise SimulationConfigError(f"tiebreaks: {exc}") from None
        unknown = [s for s in self.systems if s not in (EXTERNAL, FIDE_DUTCH) and s not in SYSTEMS]
        if unknown:
            raise SimulationConfigError(f"systems: the engine does not know {unknown[0]!r}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready parameters (the strength model in its command-line spelling)."""
        data = asdict(self)
        data["systems"] = list(self.systems)
        data["tiebreaks"] = list(self.tiebreaks)
        data["strength"] = self.strength.text
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SimulationConfig:
        values = dict(data)
        if isinstance(values.get("strength"), str):
            values["strength"] = parse_strength(values["strength"])
        for key in ("systems", "tiebreaks"):
            if key in values:
                values[key] = tuple(values[key])
        return cls(**values)
