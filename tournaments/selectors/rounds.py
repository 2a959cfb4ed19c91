"""Rounds: the boards and byes of a round (draft or published), progress, the
audit log. Boards come from the section's snapshot, so a page that also checks
rules or shows scores loads the history once."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Max, Q, QuerySet

from tournaments.engines import starting_mms
from tournaments.models import Bye, Game, Player, ResultChange, Round, Section
from tournaments.presentation import (
    Explanation,
    bye_label,
    explanation_view,
    game_terms,
    result_buttons,
    result_label,
    result_text,
)
from tournaments.selectors.players import PlayerLine, player_line
from tournaments.snapshot import PUBLISHED, SectionSnapshot

MAX_ROUND_NUMBER = 999  # larger numbers in a URL are simply unknown rounds


def round_last(*, section: Section) -> Round | None:
    return section.rounds.order_by("-number").first()


def round_next_number(*, section: Section) -> int:
    return (section.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


def round_games(*, round: Round) -> QuerySet[Game]:
    return round.games.select_related("white", "black").order_by("board")


def public_rounds(*, section: Section) -> list[Round]:
    return list(section.rounds.filter(status__in=PUBLISHED).order_by("number"))


def public_round_get(*, section: Section, number: int) -> Round | None:
    if not 1 <= number <= MAX_ROUND_NUMBER:
        return None
    return section.rounds.filter(number=number, status__in=PUBLISHED).first()


def public_current_round(*, section: Section) -> Round | None:
    """The latest published round: the one players are playing or just played."""
    return section.rounds.filter(status__in=PUBLISHED).order_by("-number").first()


# The arbiter's view of a round -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One board as the arbiter sees it: scores before the round (the McMahon score
    in Go), the pairing's explanation, and the result buttons that fit the game."""

    game: Game
    white_score: Decimal
    black_score: Decimal
    explanation: Explanation = field(default_factory=Explanation)
    buttons: tuple = ()


@dataclass(frozen=True, slots=True)
class ByeRow:
    bye: Bye
    score: Decimal
    label: str
    explanation: Explanation = field(default_factory=Explanation)


def round_scores_before(*, snapshot: SectionSnapshot, number: int) -> dict[int, Decimal]:
    """Each player's score before round `number`: points in chess, the McMahon score
    (start MMS + points) in Go, as the pairing saw it."""
    scores = snapshot.scores(after_round=number - 1) if number > 1 else {}
    if not snapshot.section.is_go:
        return scores
    start = starting_mms(snapshot)
    return {pk: Decimal(str(mms)) + scores.get(pk, Decimal(0)) for pk, mms in start.items()}


def _board_row(game: Game, scores: dict[int, Decimal], go: bool) -> BoardRow:
    zero = Decimal(0)
    return BoardRow(
        game,
        scores.get(game.white_id, zero),
        scores.get(game.black_id, zero),
        explanation_view(game.explanation),
        result_buttons(go=go, komi=game.komi if go else None),
    )


def round_boards(*, snapshot: SectionSnapshot, number: int) -> list[BoardRow]:
    scores = round_scores_before(snapshot=snapshot, number=number)
    go = snapshot.section.is_go
    return [_board_row(g, scores, go) for g in snapshot.games.get(number, ())]


def round_board(*, game: Game) -> BoardRow:
    """One board, with the players' scores before the round (result entry answers)."""
    snapshot = SectionSnapshot.load(game.round.section)
    scores = round_scores_before(snapshot=snapshot, number=game.round.number)
    return _board_row(game, scores, snapshot.section.is_go)


def round_byes(*, snapshot: SectionSnapshot, number: int) -> list[ByeRow]:
    scores = round_scores_before(snapshot=snapshot, number=number)
    byes = sorted(snapshot.byes.get(number, ()), key=lambda b: b.player.pairing_number)
    return [
        ByeRow(
            b,
            scores.get(b.player_id, Decimal(0)),
            bye_label(b.kind),
            explanation_view(b.explanation),
        )
        for b in byes
    ]


def round_absent(*, snapshot: SectionSnapshot, number: int) -> list[Player]:
    """Players of the section with neither a board nor a bye in the round."""
    placed = {b.player_id for b in snapshot.byes.get(number, ())}
    for g in snapshot.games.get(number, ()):
        placed.update((g.white_id, g.black_id))
    return [p for p in snapshot.players if p.pk not in placed]


def round_progress(*, round: Round) -> tuple[int, int]:
    """(results entered, boards) of a round."""
    counts = round.games.aggregate(total=Count("id"), entered=Count("id", filter=~Q(result="")))
    return counts["entered"], counts["total"]


def round_next_board(*, round: Round, after: int, pending_only: bool) -> int | None:
    """The board the cursor moves to after `after` (the next pending one if asked)."""
    games = round.games.filter(board__gt=after).order_by("board")
    if pending_only:
        games = games.filter(result="")
    return games.values_list("board", flat=True).first()


@dataclass(frozen=True, slots=True)
class AuditLine:
    change: ResultChange
    before: str
    after: str
    undone: bool


def round_audit(*, round: Round) -> list[AuditLine]:
    """Every result change of the round, newest first."""
    go = round.section.is_go
    changes = (
        ResultChange.objects.filter(game__round=round)
        .select_related("game", "user", "undoes")
        .prefetch_related("undone_by")
        .order_by("-created_at", "-id")
    )
    return [
        AuditLine(
            c, result_text(c.before, go=go), result_text(c.after, go=go), bool(c.undone_by.all())
        )
        for c in changes
    ]


def round_can_undo(*, round: Round) -> bool:
    return ResultChange.objects.filter(
        game__round=round, undoes__isnull=True, undone_by__isnull=True
    ).exists()


# The public view of a round --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Board:
    board: int
    white: PlayerLine
    black: PlayerLine
    result: str  # Result code ("" while pending)
    result_text: str  # as players read it: "1–0", "½–½"; "W+" in Go
    handicap: int
    komi: Decimal | None
    version: int

    @property
    def terms(self) -> str:
        """Go: handicap stones and komi ("H2, komi 0.5"); empty in chess."""
        return game_terms(self.handicap, self.komi)


@dataclass(frozen=True, slots=True)
class ByeLine:
    player: PlayerLine
    kind: str
    label: str
    points: Decimal


@dataclass(frozen=True, slots=True)
class Pairings:
    round: Round
    boards: list[Board]
    byes: list[ByeLine]
    unpaired: list[PlayerLine]  # registered but neither paired nor given a bye

    @property
    def pending(self) -> int:
        return sum(1 for b in self.boards if not b.result)


def round_pairings(*, round: Round, snapshot: SectionSnapshot | None = None) -> Pairings:
    """The boards and byes of a published round, each player with the score before it."""
    if round.status not in PUBLISHED:
        raise ValueError(f"round {round.number} is not published")
    section = round.section
    snapshot = snapshot or SectionSnapshot.load(section)
    number = round.number
    scores = snapshot.scores(after_round=number - 1, published_only=True)
    if section.is_go:  # the McMahon score the pairing used
        start = starting_mms(snapshot)
        scores = {pk: Decimal(str(mms)) + scores.get(pk, Decimal(0)) for pk, mms in start.items()}

    def line(pid: int) -> PlayerLine:
        return player_line(snapshot.player_by_pk[pid], scores.get(pid, Decimal(0)))

    boards = [
        Board(
            g.board,
            line(g.white_id),
            line(g.black_id),
            g.result,
            result_label(g.result, go=section.is_go),
            g.handicap,
            g.komi,
            g.version,
        )
        for g in snapshot.games.get(number, ())
    ]
    byes = [
        ByeLine(line(b.player_id), b.kind, bye_label(b.kind), b.points)
        for b in sorted(snapshot.byes.get(number, ()), key=lambda b: b.player.pairing_number)
    ]
    seen = {b.white.id for b in boards} | {b.black.id for b in boards} | {b.player.id for b in byes}
    unpaired = [line(p.pk) for p in snapshot.players if p.pk not in seen]
    return Pairings(round, boards, byes, unpaired)
