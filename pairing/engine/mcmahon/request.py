"""The McMahon engine's boundary: a frozen request in, a frozen pairing out."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    """No pairing obeys the absolute rules (no rematch, no handicap above the bar)."""


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


@dataclass(frozen=True, slots=True)
class ComponentShare:
    name: str
    weight: float  # W_k * w_k for the chosen pair
    margin: float | None = None  # over the runner-up partner (detailed explanations)


@dataclass(frozen=True, slots=True)
class Explanation:
    summary: str
    flags: tuple[str, ...]
    components: tuple[ComponentShare, ...]
    runner_up: int | None = None  # the best other partner (player id), detailed only

    def text(self) -> str:
        parts = [self.summary]
        if self.flags:
            parts.append("; ".join(self.flags))
        decided = [c for c in self.components if c.margin is not None and c.margin > 0]
        if decided:
            decided.sort(key=lambda c: -c.margin)
            parts.append(
                "decided by "
                + ", ".join(f"{c.name} +{c.margin:.3g}" for c in decided[:3])
                + (f" over {self.runner_up}" if self.runner_up is not None else "")
            )
        return " | ".join(parts)


@dataclass(frozen=True, slots=True)
class McMahonGame:
    board: int
    white: int  # player id
    black: int
    handicap: int
    komi: float
    game_class: str  # even, uneven, handicap (section 2.1)
    explanation: Explanation


@dataclass(frozen=True, slots=True)
class McMahonBye:
    player: int
    reason: str  # "pairing" (odd field), "absent", "requested"
    points: float


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
