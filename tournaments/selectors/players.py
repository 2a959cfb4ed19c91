"""Players as lists show them, the arbiter's player page, and a player's card."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, QuerySet

from tournaments.models import ByeRequest, Game, Player, ProhibitedPair, Section
from tournaments.presentation import OUTCOME_LABELS, format_points
from tournaments.snapshot import SectionSnapshot


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """What a list shows of a player: number, name, strength and score so far."""

    id: int
    pairing_number: int
    name: str
    title: str
    rating: int | None
    go_rank: str
    federation: str
    club: str
    score: Decimal  # before the round being shown (or in total, on the player list)
    fide_id: str = ""
    egf_pin: str = ""  # the player's EGD PIN (Go)

    @property
    def strength(self) -> str:
        if self.go_rank:
            return self.go_rank
        return str(self.rating) if self.rating else ""

    @property
    def score_text(self) -> str:
        return format_points(self.score)


def player_line(player: Player, score: Decimal = Decimal(0)) -> PlayerLine:
    return PlayerLine(
        id=player.pk,
        pairing_number=player.pairing_number,
        name=player.name,
        title=player.title,
        rating=player.rating,
        go_rank=player.go_rank,
        federation=player.federation,
        club=player.club,
        score=score,
        fide_id=player.fide_id,
        egf_pin=player.egf_pin,
    )


def section_player_lines(
    *, section: Section, snapshot: SectionSnapshot | None = None, published_only: bool = True
) -> list[PlayerLine]:
    """Everyone registered, by pairing number, with the score of the (published) rounds."""
    snapshot = snapshot or SectionSnapshot.load(section)
    scores = snapshot.scores(published_only=published_only)
    return [player_line(p, scores.get(p.pk, Decimal(0))) for p in snapshot.players]


# The arbiter's player page ----------------------------------------------------------------


def section_players(*, section: Section) -> QuerySet[Player]:
    return section.players.order_by("pairing_number").prefetch_related("bye_requests")


def player_games(*, player: Player) -> QuerySet[Game]:
    return (
        Game.objects.filter(Q(white=player) | Q(black=player))
        .select_related("round", "white", "black")
        .order_by("round__number")
    )


def section_bye_requests(*, section: Section) -> QuerySet[ByeRequest]:
    return ByeRequest.objects.filter(player__section=section).select_related("player")


def section_prohibited(*, section: Section) -> QuerySet[ProhibitedPair]:
    return section.prohibited.select_related("player_a", "player_b").order_by(
        "player_a__pairing_number", "player_b__pairing_number"
    )


def section_avoid_groups(*, section: Section) -> dict[str, list[Player]]:
    groups: dict[str, list[Player]] = {}
    for player in section.players.exclude(avoid_group="").order_by("avoid_group", "name"):
        groups.setdefault(player.avoid_group, []).append(player)
    return {k: v for k, v in groups.items() if len(v) > 1}


# A player's card -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardRound:
    number: int
    board: int | None
    colour: str  # "w", "b" or "-"
    opponent: PlayerLine | None
    code: str  # "1" "=" "0" "+" "-" "*", or a bye code "U" "F" "H" "Z", " " absent
    points: Decimal
    total: Decimal  # score after this round

    @property
    def result_text(self) -> str:
        return str(OUTCOME_LABELS.get(self.code, self.code))

    @property
    def points_text(self) -> str:
        return "" if self.code == "*" else format_points(self.points)

    @property
    def total_text(self) -> str:
        return format_points(self.total)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    player: PlayerLine
    rounds: list[CardRound]
    withdrawn_from_round: int | None

    @property
    def score(self) -> Decimal:
        return self.rounds[-1].total if self.rounds else Decimal(0)


def player_card(
    *, section: Section, pairing_number: int, snapshot: SectionSnapshot | None = None
) -> PlayerCard | None:
    """A player's published rounds: board, colour, opponent, result, running score."""
    snapshot = snapshot or SectionSnapshot.load(section)
    player = snapshot.player_by_number.get(pairing_number)
    if player is None:
        return None
    history = snapshot.history(published_only=True)
    totals = {pid: sum((c.points for c in row), Decimal(0)) for pid, row in history.items()}
    boards = {
        number: g.board
        for number, games in snapshot.games.items()
        for g in games
        if player.pk in (g.white_id, g.black_id)
    }
    rows: list[CardRound] = []
    total = Decimal(0)
    for cell in history[player.pk]:
        total += cell.points
        opponent = None
        if cell.opponent_id is not None:
            other = snapshot.player_by_pk[cell.opponent_id]
            opponent = player_line(other, totals.get(other.pk, Decimal(0)))
        rows.append(
            CardRound(
                cell.round_number,
                boards.get(cell.round_number),
                cell.colour,
                opponent,
                cell.code,
                cell.points,
                total,
            )
        )
    return PlayerCard(player_line(player, total), rows, player.withdrawn_from_round)
