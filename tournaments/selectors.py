"""Reads: permissions, lists, scores and the per-round history of a section."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Max, Q, QuerySet

from tournaments.models import (
    Bye,
    Event,
    EventRole,
    Game,
    Player,
    Result,
    Round,
    RoundStatus,
    Section,
)

# Permissions -------------------------------------------------------------------


def user_can_arbitrate(*, user, event: Event) -> bool:
    """Arbiters and chief arbiters of the event (and superusers) may write to it."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return EventRole.objects.filter(user=user, event=event).exists()


def user_is_chief_arbiter(*, user, event: Event) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return EventRole.objects.filter(
        user=user, event=event, role=EventRole.Role.CHIEF_ARBITER
    ).exists()


def event_list_for_user(*, user) -> QuerySet[Event]:
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(roles__user=user).distinct()


def event_list_public() -> QuerySet[Event]:
    return Event.objects.filter(is_public=True)


# Rounds ------------------------------------------------------------------------


def round_last(*, section: Section) -> Round | None:
    return section.rounds.order_by("-number").first()


def round_next_number(*, section: Section) -> int:
    return (section.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


def rounds_published(*, section: Section) -> QuerySet[Round]:
    return section.rounds.filter(status__in=[RoundStatus.PUBLISHED, RoundStatus.CLOSED])


def round_games(*, round: Round) -> QuerySet[Game]:
    return round.games.select_related("white", "black").order_by("board")


def player_games(*, player: Player) -> QuerySet[Game]:
    return (
        Game.objects.filter(Q(white=player) | Q(black=player))
        .select_related("round", "white", "black")
        .order_by("round__number")
    )


# Scores and history ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One player's round: opponent (or None), colour, points and a TRF-style code."""

    round_number: int
    opponent_id: int | None
    colour: str  # "w", "b" or "-"
    points: Decimal
    code: str  # "1" "=" "0" "+" "-" played/forfeit; "U" "F" "H" "Z" byes; " " absent; "*" pending


def _game_codes(result: str) -> tuple[str, str]:
    return {
        Result.WHITE_WINS: ("1", "0"),
        Result.DRAW: ("=", "="),
        Result.BLACK_WINS: ("0", "1"),
        Result.WHITE_FORFEIT_WIN: ("+", "-"),
        Result.BLACK_FORFEIT_WIN: ("-", "+"),
        Result.DOUBLE_FORFEIT: ("-", "-"),
        Result.PENDING: ("*", "*"),
    }[result]


BYE_CODES = {"pab": "U", "full": "F", "half": "H", "zero": "Z"}


def code_points(section: Section, code: str) -> Decimal:
    return {
        "1": section.points_win,
        "=": section.points_draw,
        "0": section.points_loss,
        "+": section.points_forfeit_win,
        "-": section.points_forfeit_loss,
        "*": Decimal(0),
        " ": section.points_absent,
    }[code]


def section_history(
    *, section: Section, after_round: int | None = None, published_only: bool = False
) -> dict[int, list[RoundOutcome]]:
    """Every player's rounds up to `after_round` (default: all), by player id.

    Rounds in which a player had no game and no bye count as absent. Pending
    games are reported with code "*" and no points."""
    rounds = section.rounds.all()
    if published_only:
        rounds = rounds.filter(status__in=[RoundStatus.PUBLISHED, RoundStatus.CLOSED])
    if after_round is not None:
        rounds = rounds.filter(number__lte=after_round)
    numbers = sorted(rounds.values_list("number", flat=True))
    players = list(section.players.values_list("id", flat=True))
    cells: dict[int, dict[int, RoundOutcome]] = defaultdict(dict)
    games = Game.objects.filter(round__in=rounds).values_list(
        "round__number", "white_id", "black_id", "result"
    )
    for number, white, black, result in games:
        wc, bc = _game_codes(result)
        cells[white][number] = RoundOutcome(number, black, "w", code_points(section, wc), wc)
        cells[black][number] = RoundOutcome(number, white, "b", code_points(section, bc), bc)
    for number, player, kind, points in Bye.objects.filter(round__in=rounds).values_list(
        "round__number", "player_id", "kind", "points"
    ):
        cells[player][number] = RoundOutcome(number, None, "-", points, BYE_CODES[kind])
    history: dict[int, list[RoundOutcome]] = {}
    for pid in players:
        row = []
        for number in numbers:
            cell = cells[pid].get(number)
            if cell is None:
                cell = RoundOutcome(number, None, "-", section.points_absent, " ")
            row.append(cell)
        history[pid] = row
    return history


def section_scores(
    *, section: Section, after_round: int | None = None, published_only: bool = False
) -> dict[int, Decimal]:
    history = section_history(
        section=section, after_round=after_round, published_only=published_only
    )
    return {pid: sum((c.points for c in row), Decimal(0)) for pid, row in history.items()}


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    player: Player
    cells: list[RoundOutcome]
    score: Decimal


def crosstable(
    *, section: Section, after_round: int | None = None, published_only: bool = False
) -> list[CrosstableRow]:
    """One row per player (pairing-number order) with every round's outcome and the
    running total; templates show opponents by pairing number or by rank."""
    history = section_history(
        section=section, after_round=after_round, published_only=published_only
    )
    rows = []
    for player in section.players.order_by("pairing_number"):
        cells = history.get(player.pk, [])
        rows.append(CrosstableRow(player, cells, sum((c.points for c in cells), Decimal(0))))
    return rows
