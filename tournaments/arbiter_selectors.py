"""Reads for the arbiter pages: what to do next, round progress, boards with their
explanations, and the audit log."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q, QuerySet

from tournaments import selectors
from tournaments.jobs.models import PairingJob
from tournaments.models import (
    Bye,
    ByeRequest,
    EventRole,
    Game,
    Player,
    ProhibitedPair,
    Result,
    ResultChange,
    Round,
    RoundStatus,
    Section,
)

# What to do next -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextAction:
    """The one thing the section needs now. `step` is one of: add-players, pairing,
    pair, publish, results, done."""

    step: str
    label: str
    hint: str = ""
    round_number: int | None = None


@dataclass(frozen=True, slots=True)
class RoundSummary:
    round: Round
    boards: int
    entered: int
    byes: int

    @property
    def complete(self) -> bool:
        return self.entered == self.boards


def section_rounds(*, section: Section) -> list[RoundSummary]:
    rounds = section.rounds.order_by("number").annotate(
        n_boards=Count("games", distinct=True),
        n_entered=Count("games", filter=~Q(games__result=""), distinct=True),
        n_byes=Count("byes", distinct=True),
    )
    return [RoundSummary(r, r.n_boards, r.n_entered, r.n_byes) for r in rounds]


def job_active(*, section: Section) -> PairingJob | None:
    return (
        PairingJob.objects.filter(
            section=section, status__in=[PairingJob.Status.QUEUED, PairingJob.Status.RUNNING]
        )
        .order_by("-created_at")
        .first()
    )


def job_failed_last(*, section: Section) -> PairingJob | None:
    """The latest job if it failed and the round it was for is still unpaired."""
    job = PairingJob.objects.filter(section=section).order_by("-created_at", "-id").first()
    if job is None or job.status != PairingJob.Status.FAILED:
        return None
    if section.rounds.filter(number=job.round_number).exists():
        return None
    return job


def players_active_count(*, section: Section, round_number: int) -> int:
    return sum(1 for p in section.players.all() if p.is_active_in(round_number))


def section_next_action(
    *, section: Section, rounds: list[RoundSummary] | None = None
) -> NextAction:
    rounds = section_rounds(section=section) if rounds is None else rounds
    job = job_active(section=section)
    if job is not None:
        return NextAction("pairing", f"Pairing round {job.round_number}…", "", job.round_number)
    last = rounds[-1] if rounds else None
    if last is None and players_active_count(section=section, round_number=1) < 2:
        count = section.players.count()
        hint = "Add at least two players." if count < 2 else "Fewer than two players are active."
        return NextAction("add-players", "Add players", hint)
    if last is not None and last.round.status == RoundStatus.DRAFT:
        n = last.round.number
        return NextAction(
            "publish", f"Publish round {n}", "Check the draft pairings, then publish.", n
        )
    if last is not None and not last.complete:
        n = last.round.number
        return NextAction(
            "results",
            f"Enter results of round {n}",
            f"{last.entered} of {last.boards} entered.",
            n,
        )
    number = (last.round.number + 1) if last else 1
    if number > section.total_rounds:
        return NextAction("done", "Final standings", "Every round is paired and complete.")
    hint = ""
    failed = job_failed_last(section=section)
    if failed is not None:
        hint = f"The last attempt failed: {failed.message}"
    return NextAction("pair", f"Pair round {number}", hint, number)


# Rounds ----------------------------------------------------------------------------


def round_progress(*, round: Round) -> tuple[int, int]:
    """(results entered, boards) of a round."""
    counts = round.games.aggregate(total=Count("id"), entered=Count("id", filter=~Q(result="")))
    return counts["entered"], counts["total"]


@dataclass(frozen=True, slots=True)
class Explanation:
    """A board's or bye's explanation, shaped for the page."""

    text: str = ""
    badges: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    components: tuple[tuple[str, str], ...] = ()
    edited: bool = False


_FLAG_BADGES = {
    "float": "float",
    "in-group": "same score",
    "repeated-downfloat": "repeated downfloat",
    "repeated-upfloat": "repeated upfloat",
    "white-not-due": "white not due",
    "black-not-due": "black not due",
    "odd-number": "odd number",
    "requested": "requested",
    "withdrawn": "withdrawn",
    "lower-player-unpairable": "lower players unpairable",
}


def _number(value: Any) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def _components(raw: Any) -> tuple[tuple[str, str], ...]:
    if isinstance(raw, dict):
        return tuple((str(k), _number(v)) for k, v in raw.items())
    out = []
    if isinstance(raw, list | tuple):
        for item in raw:
            if isinstance(item, dict):
                name = item.get("name") or item.get("component") or "?"
                value = item.get("weight", item.get("value", item.get("share", "")))
                out.append((str(name), _number(value)))
    return tuple(out)


def explanation_view(data: dict | None) -> Explanation:
    """Turn the stored explanation (engine-specific JSON) into text, badges and notes."""
    if not isinstance(data, dict) or not data:
        return Explanation()
    # McMahon boards carry a summary plus flags and components shown apart; Swiss
    # boards and byes carry one text (or a reason).
    text = str(data.get("summary") or data.get("text") or data.get("reason") or "")
    badges: list[str] = []
    notes: list[str] = []
    for flag in data.get("flags") or ():
        flag = str(flag)
        if flag in _FLAG_BADGES:
            badges.append(_FLAG_BADGES[flag])
        elif " " in flag:  # already a sentence (McMahon flags)
            notes.append(flag)
    if data.get("game_class"):  # McMahon: even, uneven or handicap game
        badges.insert(0, f"{data['game_class']} game")
    if data.get("kind") and not text:
        text = str(data["kind"])
    return Explanation(
        text=text,
        badges=tuple(dict.fromkeys(badges)),
        notes=tuple(notes),
        components=_components(data.get("components")),
        edited=bool(data.get("edited")),
    )


@dataclass(frozen=True, slots=True)
class BoardRow:
    game: Game
    white_score: Decimal
    black_score: Decimal
    explanation: Explanation = field(default_factory=Explanation)


@dataclass(frozen=True, slots=True)
class ByeRow:
    bye: Bye
    score: Decimal
    explanation: Explanation = field(default_factory=Explanation)


def round_scores_before(*, round: Round) -> dict[int, Decimal]:
    if round.number == 1:
        return {}
    return selectors.section_scores(section=round.section, after_round=round.number - 1)


def round_boards(*, round: Round, scores: dict[int, Decimal] | None = None) -> list[BoardRow]:
    scores = round_scores_before(round=round) if scores is None else scores
    zero = Decimal(0)
    return [
        BoardRow(
            g,
            scores.get(g.white_id, zero),
            scores.get(g.black_id, zero),
            explanation_view(g.explanation),
        )
        for g in selectors.round_games(round=round)
    ]


def round_board(*, game: Game) -> BoardRow:
    scores = round_scores_before(round=game.round)
    zero = Decimal(0)
    return BoardRow(
        game,
        scores.get(game.white_id, zero),
        scores.get(game.black_id, zero),
        explanation_view(game.explanation),
    )


def round_byes(*, round: Round, scores: dict[int, Decimal] | None = None) -> list[ByeRow]:
    scores = round_scores_before(round=round) if scores is None else scores
    return [
        ByeRow(b, scores.get(b.player_id, Decimal(0)), explanation_view(b.explanation))
        for b in round.byes.select_related("player").order_by("player__pairing_number")
    ]


def round_absent(*, round: Round) -> list[Player]:
    """Players of the section with neither a board nor a bye in the round."""
    placed = set(round.byes.values_list("player_id", flat=True))
    for white, black in round.games.values_list("white_id", "black_id"):
        placed.update((white, black))
    return [p for p in round.section.players.order_by("pairing_number") if p.pk not in placed]


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


def result_text(value: str) -> str:
    """A stored result as people write it: "½-½", "+/- (forfeit)", "pending"."""
    return dict(Result.choices).get(value, value) if value else "pending"


def round_audit(*, round: Round) -> list[AuditLine]:
    """Every result change of the round, newest first."""
    changes = (
        ResultChange.objects.filter(game__round=round)
        .select_related("game", "user", "undoes")
        .prefetch_related("undone_by")
        .order_by("-created_at", "-id")
    )
    return [
        AuditLine(c, result_text(c.before), result_text(c.after), bool(c.undone_by.all()))
        for c in changes
    ]


def round_can_undo(*, round: Round) -> bool:
    return ResultChange.objects.filter(
        game__round=round, undoes__isnull=True, undone_by__isnull=True
    ).exists()


# Players ---------------------------------------------------------------------------


def section_players(*, section: Section) -> QuerySet[Player]:
    return section.players.order_by("pairing_number").prefetch_related("bye_requests")


def section_bye_requests(*, section: Section) -> QuerySet[ByeRequest]:
    return ByeRequest.objects.filter(player__section=section).select_related("player")


def section_prohibited(*, section: Section) -> QuerySet[ProhibitedPair]:
    return section.prohibited.select_related("player_a", "player_b").order_by(
        "player_a__pairing_number", "player_b__pairing_number"
    )


def section_unpaired_rounds(*, section: Section) -> list[int]:
    """Round numbers not yet paired (where byes may still be requested)."""
    start = selectors.round_next_number(section=section)
    return list(range(start, section.total_rounds + 1))


def section_avoid_groups(*, section: Section) -> dict[str, list[Player]]:
    groups: dict[str, list[Player]] = {}
    for player in section.players.exclude(avoid_group="").order_by("avoid_group", "name"):
        groups.setdefault(player.avoid_group, []).append(player)
    return {k: v for k, v in groups.items() if len(v) > 1}


# Events ----------------------------------------------------------------------------


def event_roles(*, event) -> QuerySet[EventRole]:
    return event.roles.select_related("user").order_by("-role", "user__username")
