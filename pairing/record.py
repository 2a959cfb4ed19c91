"""A plain record of one chess tournament section: players and what happened each round.

This is the shape shared by the TRF reader and writer, the command lines, the
tiebreak results table and the simulation. It is pure Python (no Django): the
Django side converts its models to and from it.

Per round a player has one `RoundEntry` holding the opponent (a pairing number,
or None), the colour ("w", "b" or "-") and a result code as FIDE TRF spells it:

    played:           "1" win, "=" draw, "0" loss
    played, < 1 move: "W" win, "D" draw, "L" loss   (count as played games)
    forfeit:          "+" forfeit win, "-" forfeit loss (opponent given;
                      not a played game: no colour, no "have met")
    no opponent:      "U" pairing-allocated bye, "F" full-point bye,
                      "H" half-point bye, "Z" zero-point bye,
                      " " not paired at all (absent, withdrawn, late entry)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

PLAYED_CODES = frozenset("1=0WDL")
FORFEIT_CODES = frozenset("+-")
BYE_CODES = frozenset("UFHZ")
ABSENT_CODE = " "
ALL_CODES = PLAYED_CODES | FORFEIT_CODES | BYE_CODES | {ABSENT_CODE}

# FIDE's default points per result code (TRF record 162 may override them).
DEFAULT_POINTS: dict[str, Fraction] = {
    "1": Fraction(1),
    "W": Fraction(1),
    "+": Fraction(1),
    "U": Fraction(1),
    "F": Fraction(1),
    "=": Fraction(1, 2),
    "D": Fraction(1, 2),
    "H": Fraction(1, 2),
    "0": Fraction(0),
    "L": Fraction(0),
    "-": Fraction(0),
    "Z": Fraction(0),
    " ": Fraction(0),
}


def fraction_sum(values: Iterable[Fraction]) -> Fraction:
    """sum(values, Fraction(0)), exactly, building one Fraction instead of one per term."""
    numerator, denominator = 0, 1
    for value in values:
        d = value.denominator
        if d != denominator:
            common = denominator // math.gcd(denominator, d) * d
            numerator *= common // denominator
            denominator = common
        numerator += value.numerator * (denominator // d)
    return Fraction(numerator, denominator)


@dataclass(frozen=True, slots=True)
class RoundEntry:
    opponent: int | None
    colour: str  # "w", "b" or "-"
    code: str

    @property
    def played(self) -> bool:
        """A game actually played over the board (forfeits and byes are not)."""
        return self.code in PLAYED_CODES and self.opponent is not None

    @property
    def is_forfeit(self) -> bool:
        return self.code in FORFEIT_CODES


EMPTY_ENTRY = RoundEntry(None, "-", ABSENT_CODE)


@dataclass(slots=True)
class PlayerRecord:
    id: int  # pairing number, 1-based
    name: str
    rating: int = 0
    title: str = ""
    sex: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    declared_points: Fraction | None = None  # columns 81-84 of a TRF, if read from one
    declared_rank: int | None = None
    rounds: list[RoundEntry] = field(default_factory=list)
    withdrawn_from: int | None = None  # first round the player no longer takes part in

    def entry(self, round_number: int) -> RoundEntry:
        """The entry for a 1-based round, or an empty entry if none was recorded."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return EMPTY_ENTRY


@dataclass(slots=True)
class TournamentRecord:
    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    total_rounds: int | None = None
    initial_colour: str | None = None  # "w" or "b": the top board's colour in round 1
    points: dict[str, Fraction] = field(default_factory=lambda: dict(DEFAULT_POINTS))
    players: list[PlayerRecord] = field(default_factory=list)
    # round number -> {pairing number: bye code "H", "Z" or "F"} announced in advance (240)
    announced_byes: dict[int, dict[int, str]] = field(default_factory=dict)
    # XXA: virtual points for pairing, per player and round (acceleration)
    accelerations: dict[int, list[Fraction]] = field(default_factory=dict)
    # (first round, last round, pairing numbers) that must not meet (260 / XXP)
    prohibited: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)
    system: str = ""  # record 192, if present
    extra_records: list[str] = field(default_factory=list)  # lines kept verbatim

    @property
    def rounds_played(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)

    def player(self, pairing_number: int) -> PlayerRecord:
        for p in self.players:
            if p.id == pairing_number:
                return p
        raise KeyError(pairing_number)

    def score(self, player: PlayerRecord, *, after_round: int | None = None) -> Fraction:
        last = len(player.rounds) if after_round is None else min(after_round, len(player.rounds))
        return fraction_sum(self.points[e.code] for e in player.rounds[:last])

    @property
    def rounds_paired(self) -> int:
        """The last round in which any game or pairing-allocated bye is recorded."""
        last = 0
        for p in self.players:
            for r, e in enumerate(p.rounds, start=1):
                if e.opponent is not None or e.code == "U":
                    last = max(last, r)
        return last

    def infer_total_rounds(self) -> str | None:
        """A finished file that records no number of rounds (no XXR or 142, as older
        exports write): take the rounds it holds, and return a note saying so (None
        when nothing was inferred)."""
        if self.total_rounds is not None or not self.rounds_paired:
            return None
        self.total_rounds = self.rounds_paired
        return (
            "the file records no number of rounds (XXR or 142): "
            f"taken as the {self.total_rounds} rounds it holds"
        )

    def set_entry(self, player: PlayerRecord, round_number: int, entry: RoundEntry) -> None:
        """Record `entry` for a 1-based round, padding earlier rounds as not paired."""
        while len(player.rounds) < round_number:
            player.rounds.append(EMPTY_ENTRY)
        player.rounds[round_number - 1] = entry
