"""The frozen request the Swiss engine pairs one round from.

Everything the engine needs is here, already derived from the tournament's
history: the engine never reads a database or a file. `pairing.engine.swiss.
from_record` builds a request from a `TournamentRecord`; the Django side builds
it from its models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from pairing.engine.matching.backends import BACKENDS
from pairing.engine.swiss.errors import RequestError

# The systems a request may name and what each pairs, in one line; each is
# registered in `systems.py` (which needs the request types and numpy, hence the
# names here: a command line shows them without loading either).
SYSTEM_SUMMARIES = {
    "dutch": "top half of each score group against the bottom half (1-5, 2-6, 3-7, 4-8)",
    "burstein": "top against bottom inside each score group (1-8, 2-7, 3-6, 4-5)",
    "monrad": "each player against the next one down (1-2, 3-4, 5-6, 7-8)",
    "random": "random partners inside each score group",
    "random2": "upper half against a random player of the lower half",
    "adjacent": "natural 1-2, 3-4 pairing inside each score group",
}
SYSTEM_NAMES = tuple(SYSTEM_SUMMARIES)

COLOURS = frozenset({"w", "b", "-"})
FLOATS = frozenset({"up", "down", ""})
BACKEND_CHOICES = ("auto", *BACKENDS)


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """One player's state before the round.

    colours: one entry per earlier round, "w" or "b" for a game played over the
        board, "-" for a round without one (bye, forfeit, absence). A forfeited
        game counts for no colour.
    opponents: pairing numbers met in played games (forfeits excluded: those
        two may still meet).
    pairing_byes: pairing-allocated byes received so far.
    unplayed_wins: wins scored without playing other than by the
        pairing-allocated bye (forfeit wins, full-point byes).
    floats: per earlier round "up", "down" or "" (used in explanations).
    withdrawn / bye_requested: the player is not paired this round.
    """

    id: int
    rating: int = 0
    score: Fraction = Fraction(0)
    colours: tuple[str, ...] = ()
    opponents: frozenset[int] = frozenset()
    pairing_byes: int = 0
    unplayed_wins: int = 0
    floats: tuple[str, ...] = ()
    withdrawn: bool = False
    bye_requested: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "score", Fraction(self.score))
        object.__setattr__(self, "colours", tuple(self.colours))
        object.__setattr__(self, "opponents", frozenset(int(o) for o in self.opponents))
        object.__setattr__(self, "floats", tuple(self.floats))
        bad = [c for c in self.colours if c not in COLOURS]
        if bad:
            raise RequestError(f"player {self.id}: colour {bad[0]!r} is not 'w', 'b' or '-'")
        bad = [f for f in self.floats if f not in FLOATS]
        if bad:
            raise RequestError(f"player {self.id}: float {bad[0]!r} is not 'up', 'down' or ''")
        if self.id in self.opponents:
            raise RequestError(f"player {self.id} is listed as their own opponent")
        if self.pairing_byes < 0 or self.unplayed_wins < 0:
            raise RequestError(f"player {self.id}: negative bye or unplayed-win count")

    @property
    def label(self) -> str:
        return f"{self.name} ({self.id})" if self.name else f"player {self.id}"

    @property
    def active(self) -> bool:
        return not (self.withdrawn or self.bye_requested)

    @property
    def bye_eligible(self) -> bool:
        """May receive the pairing-allocated bye (FIDE C.04.1: at most one PAB,
        and none after a win's points scored without playing)."""
        return self.pairing_byes == 0 and self.unplayed_wins == 0


@dataclass(frozen=True, slots=True)
class SwissRequest:
    """Pair `round_number` of `total_rounds` with `system`.

    beta: the largest colour difference allowed before the last round (the
        paper's beta; FIDE uses 2).
    seed: makes the random systems and a drawn first-round colour reproducible.
    initial_colour: "w" or "b" for the higher-ranked player on board 1 of the
        first round; None draws it from the seed.
    prohibited: pairs of pairing numbers that must not meet this round.
    backend: the matching backend: "auto" or one of pairing.engine.matching.BACKENDS
        ("networkx" is the reference).
    """

    players: tuple[SwissPlayer, ...]
    round_number: int
    total_rounds: int
    system: str = "dutch"
    beta: float = 2.0
    seed: int = 0
    initial_colour: str | None = None
    prohibited: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    backend: str = "auto"
    win_points: Fraction = Fraction(1)  # for the topscorers of the last round

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(
            self,
            "prohibited",
            frozenset((min(a, b), max(a, b)) for a, b in self.prohibited),
        )
        ids = [p.id for p in self.players]
        if len(set(ids)) != len(ids):
            dup = sorted({i for i in ids if ids.count(i) > 1})
            raise RequestError(f"duplicate pairing numbers: {dup}")
        if self.round_number < 1:
            raise RequestError(f"round number {self.round_number} must be at least 1")
        if self.total_rounds < self.round_number:
            raise RequestError(
                f"round {self.round_number} is beyond the tournament's {self.total_rounds} rounds"
            )
        if self.system not in SYSTEM_NAMES:
            raise RequestError(
                f"unknown pairing system {self.system!r}; choose one of {sorted(SYSTEM_NAMES)}"
            )
        if not self.beta > 0:
            raise RequestError(f"beta must be positive, not {self.beta}")
        if self.initial_colour not in (None, "w", "b"):
            raise RequestError(f"initial colour must be 'w' or 'b', not {self.initial_colour!r}")
        if self.backend not in BACKEND_CHOICES:
            raise RequestError(
                f"unknown matching backend {self.backend!r}; choose one of {BACKEND_CHOICES}"
            )
        if any(a == b for a, b in self.prohibited):
            raise RequestError("a prohibited pair names the same player twice")

    @property
    def last_round(self) -> bool:
        return self.round_number == self.total_rounds

    @property
    def topscorers(self) -> frozenset[int]:
        """FIDE C.04.3 A.7: pairing the last round, the players with more than half the
        maximum possible score. Only for them are the colour limits lifted (C.3)."""
        if not self.last_round:
            return frozenset()
        half = Fraction(self.round_number - 1) * Fraction(self.win_points) / 2
        return frozenset(p.id for p in self.players if p.score > half)

    def player(self, pid: int) -> SwissPlayer:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)
