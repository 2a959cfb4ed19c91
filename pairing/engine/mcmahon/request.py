"""The McMahon engine's boundary: a frozen request in, a frozen pairing out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pairing.engine.explanation_parts import part, points_part

from .config import McMahonConfig

GAME = "game"  # played over the board
FORFEIT = "forfeit"  # a game decided by default: counts for points and "have met" only
BYE = "bye"  # pairing bye (odd field)
ABSENT = "absent"  # not paired: absent, withdrawn, requested bye, late entry
ROUND_KINDS = (GAME, FORFEIT, BYE, ABSENT)

WHITE, BLACK, NO_COLOUR = 1, -1, 0


class McMahonInputError(ValueError):
    """A request that cannot be paired as given (names the player or round)."""


class NoValidPairing(RuntimeError):
    """No pairing obeys the absolute rules: no rematch, no prohibited pair and,
    when the request forbids them, no same-club game. The message names the
    players left without an opponent and what keeps them apart."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What one player did in one earlier round.

    `points` is what the round added to the McMahon score; None means "the
    configured value": bye_points for a bye, absent_points for an absence
    (games always carry their points: 1 win, 1/2 jigo, 0 loss).
    """

    kind: str = ABSENT
    opponent: int | None = None  # player id
    colour: int = NO_COLOUR  # +1 white, -1 black, 0 none
    points: float | None = None
    handicap: int = 0


@dataclass(frozen=True, slots=True)
class McMahonPlayer:
    id: int
    rank: int  # grade, see ranks.py
    name: str = ""
    rating: int = 0
    club: str = ""
    country: str = ""
    mms_correction: int = 0
    mms_start: float | None = None  # starting MMS set by hand; None: from rank, bar, floor
    rounds: tuple[RoundRecord, ...] = ()  # one record per earlier round, in order
    absent: bool = False  # sits this round out (absence points)
    bye_requested: bool = False  # sits this round out (absence points)
    play_in_group: str = ""
    play_out_group: str = ""


@dataclass(frozen=True, slots=True)
class McMahonRequest:
    players: tuple[McMahonPlayer, ...]
    round_number: int  # the round to pair, 1-based
    config: McMahonConfig = field(default_factory=McMahonConfig)
    seed: int = 0  # for the random shuffles (random strategy, mixed-area MA0)
    detailed_explanations: bool = False  # also compare each pair with its runner-up
    backend: str = "auto"
    # pairs of player ids that must not meet this round (hard rule, either order)
    prohibited_pairs: tuple[tuple[int, int], ...] = ()
    # never pair two players of the same club (a blank club is no club)
    forbid_same_club: bool = False


@dataclass(frozen=True, slots=True)
class ComponentShare:
    name: str
    weight: float  # W_k * w_k for the chosen pair
    margin: float | None = None  # over the runner-up partner (detailed explanations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "weight": round(self.weight, 4),
            "margin": None if self.margin is None else round(self.margin, 4),
        }


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a board was paired, in a Go arbiter's words, with the numbers behind it.

    `flags` are short fixed names ("same-mms", "plays-up", "handicap",
    "avoids-same-club", ...) for programs; `badges` are the same facts as
    short labels ("same MMS", "1 MMS apart", "handicap 2"); `sentences`
    say it in full. `components` keep the raw weights of the model (and, with
    detailed explanations, the margins over the runner-up partner).
    """

    summary: str
    flags: tuple[str, ...]
    components: tuple[ComponentShare, ...]
    runner_up: int | None = None  # the best other partner (player id), detailed only
    sentences: tuple[str, ...] = ()
    badges: tuple[str, ...] = ()
    game_class: str = ""  # even, uneven, handicap (by MMS difference)
    mms_white: float = 0.0
    mms_black: float = 0.0
    handicap: int = 0
    komi: float = 0.0
    plays_up: int | None = None  # player id of the lower MMS in a cross-group game
    plays_down: int | None = None
    runner_up_for: int | None = None  # whose runner-up `runner_up` is
    decided_by: tuple[str, ...] = ()  # components that favoured this pair, largest first
    # the summary, each sentence and each badge as explanation parts (one part per
    # sentence and per badge; `pairing.engine.explanation_parts`)
    summary_parts: tuple[list, ...] = ()
    sentence_parts: tuple[list, ...] = ()
    badge_parts: tuple[list, ...] = ()

    def text(self) -> str:
        if not self.sentences:
            return " | ".join([self.summary, *self.flags])
        return " ".join(self.sentences)

    def to_dict(self) -> dict[str, Any]:
        return {
            "summary": self.summary,
            "text": self.text(),
            "sentences": list(self.sentences),
            "badges": list(self.badges),
            "flags": list(self.flags),
            "game_class": self.game_class,
            "mms": {"white": self.mms_white, "black": self.mms_black},
            "mms_gap": abs(self.mms_white - self.mms_black),
            "handicap": self.handicap,
            "komi": self.komi,
            "plays_up": self.plays_up,
            "plays_down": self.plays_down,
            "decided_by": list(self.decided_by),
            "runner_up": self.runner_up,
            "runner_up_for": self.runner_up_for,
            "components": [c.to_dict() for c in self.components],
            "summary_parts": list(self.summary_parts),
            "parts": list(self.sentence_parts) if self.sentences else [],
            "sentence_parts": list(self.sentence_parts),
            "badge_parts": list(self.badge_parts),
        }


@dataclass(frozen=True, slots=True)
class McMahonGame:
    board: int
    white: int  # player id
    black: int
    handicap: int
    komi: float
    game_class: str  # even, uneven, handicap (section 2.1)
    explanation: Explanation


BYE_REASONS = {
    "pairing": "pairing bye: the number of players is odd and the bye goes to the lowest "
    "placed player without an earlier bye who lets everyone else be paired",
    "absent": "not playing this round",
    "requested": "asked not to be paired this round",
}


@dataclass(frozen=True, slots=True)
class McMahonBye:
    player: int
    reason: str  # "pairing" (odd field), "absent", "requested"
    points: float

    def text(self) -> str:
        points = f"{self.points:g} point" + ("" if self.points == 1 else "s")
        return f"{BYE_REASONS.get(self.reason, self.reason)}; scores {points}."

    def parts(self) -> list[list]:
        """`text()` as explanation parts (none for a reason without a sentence)."""
        if self.reason not in BYE_REASONS:
            return []
        return [
            part(
                "mm-bye",
                reason=part(f"mm-bye-{self.reason}"),
                points=points_part(f"{self.points:g}"),
            )
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "points": self.points,
            "text": self.text(),
            "parts": self.parts(),
        }


@dataclass(frozen=True, slots=True)
class RoundQuality:
    """Section 10 figures for one round, plus plain counts."""

    games: int
    unequal_mms_games: int
    expected_unequal_mms_games: int
    games_below_bar: int
    same_country_games: int  # all games
    same_club_games: int
    same_country_below_bar: int  # games below the bar (section 10.2)
    same_club_below_bar: int
    expected_same_country_games: float  # below the bar
    expected_same_club_games: float
    handicap_games: int
    max_handicap: int
    q_mms: float
    q_area: float
    q_colour: float  # after this round, over all rounds so far
    colour_imbalanced_players: int  # |white - black| >= 2 after this round


@dataclass(frozen=True, slots=True)
class McMahonPairing:
    round_number: int
    games: tuple[McMahonGame, ...]
    byes: tuple[McMahonBye, ...]
    quality: RoundQuality
    total_weight: int
    scale: float  # integer weight = round(real weight * scale)
    backend: str
    edges: int
    timings: dict[str, float] = field(default_factory=dict)
