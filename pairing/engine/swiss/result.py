"""What the engine returns: games, byes and diagnostics, all JSON-serialisable."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


def points_text(value: Fraction) -> str:
    """2 -> "2", 5/2 -> "2.5", 7/3 -> "7/3"."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if 100 % value.denominator == 0:
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True, slots=True)
class BoardExplanation:
    """Why this board: in-group or float, the colours, and which rule decided them.

    white_got_due / black_got_due: True if the player got the colour due,
    False if not, None if the player had no colour due.
    colour_rule: "forced", "preferences", "colour-difference", "alternation", "rank" or
        "initial".
    """

    kind: str  # "in-group" or "float"
    score_difference: Fraction
    downfloater: int | None
    upfloater: int | None
    white_got_due: bool | None
    black_got_due: bool | None
    colour_rule: str
    flags: tuple[str, ...]
    text: str
    # `text` as explanation parts (`pairing.engine.explanation_parts`)
    parts: tuple[list, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "score_difference": points_text(self.score_difference),
            "downfloater": self.downfloater,
            "upfloater": self.upfloater,
            "white_got_due": self.white_got_due,
            "black_got_due": self.black_got_due,
            "colour_rule": self.colour_rule,
            "flags": list(self.flags),
            "text": self.text,
            "parts": list(self.parts),
        }


@dataclass(frozen=True, slots=True)
class Game:
    board: int
    white: int
    black: int
    explanation: BoardExplanation

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "white": self.white,
            "black": self.black,
            "explanation": self.explanation.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Bye:
    """A player without a game this round.

    kind: "pairing-allocated" (odd number of players), "requested" (a half- or
    zero-point bye asked for) or "withdrawn".
    """

    player: int
    kind: str
    reason: str
    flags: tuple[str, ...] = ()
    # `reason` as explanation parts (`pairing.engine.explanation_parts`)
    parts: tuple[list, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "reason": self.reason,
            "flags": list(self.flags),
            "parts": list(self.parts),
        }


@dataclass(frozen=True, slots=True)
class Diagnostics:
    """Quality measures of the round and the matching behind it.

    weight: the integer weight of the matching; weight_terms: its three
    lexicographic totals (score term, colour term, system term); factors: the
    (F1, F2) that combined them.
    colour_difference_total: sum of |cd| over all players after the round.
    score_differences: |score difference| per board, in board order.
    """

    float_pairs: int
    score_difference_total: Fraction
    colour_difference_total: int
    weight: int
    weight_terms: tuple[int, int, int]
    factors: tuple[int, int]
    backend: str
    vertices: int
    edges: int
    score_differences: tuple[Fraction, ...] = ()
    timings: dict[str, float] = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "float_pairs": self.float_pairs,
            "score_difference_total": points_text(self.score_difference_total),
            "score_differences": [points_text(d) for d in self.score_differences],
            "colour_difference_total": self.colour_difference_total,
            "weight": str(self.weight),
            "weight_terms": [str(t) for t in self.weight_terms],
            "factors": [str(f) for f in self.factors],
            "backend": self.backend,
            "vertices": self.vertices,
            "edges": self.edges,
            "timings": dict(self.timings),
        }


@dataclass(frozen=True, slots=True)
class SwissPairing:
    round_number: int
    system: str
    games: tuple[Game, ...]
    byes: tuple[Bye, ...]
    diagnostics: Diagnostics

    @property
    def pairing_allocated_bye(self) -> int | None:
        for b in self.byes:
            if b.kind == "pairing-allocated":
                return b.player
        return None

    def pairs(self) -> list[tuple[int, int]]:
        """(white, black) per board, board order."""
        return [(g.white, g.black) for g in self.games]

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round_number,
            "system": self.system,
            "games": [g.to_dict() for g in self.games],
            "byes": [b.to_dict() for b in self.byes],
            "diagnostics": self.diagnostics.to_dict(),
        }
