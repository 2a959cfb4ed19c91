"""Writes: every change to events, sections, players, rounds and results goes through here.

Functions are keyword-only and named `<entity>_<action>`. Each runs in one
transaction; rows another writer could change concurrently are locked with
`select_for_update()` first.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from tournaments.cache import section_changed
from tournaments.errors import InvariantError, ResultConflict, ServiceError, StateError
from tournaments.models import (
    Bye,
    ByeKind,
    ByeRequest,
    Event,
    EventRole,
    Game,
    GameKind,
    PairingSystem,
    Player,
    ProhibitedPair,
    Result,
    ResultChange,
    Round,
    RoundStatus,
    Section,
)

User = AbstractBaseUser


def _full_clean(obj: Any, *, exclude: Sequence[str] = ()) -> None:
    try:
        obj.full_clean(exclude=list(exclude))
    except ValidationError as exc:
        parts = []
        for field, messages in exc.message_dict.items():
            label = "" if field == "__all__" else f"{field.replace('_', ' ')}: "
            parts.append(label + " ".join(messages))
        raise ServiceError("; ".join(parts)) from exc


def _unique_slug(base: str, taken: Iterable[str], *, max_length: int = 80) -> str:
    taken = set(taken)
    root = (slugify(base) or "event")[: max_length - 4]
    slug, n = root, 2
    while slug in taken:
        slug, n = f"{root}-{n}", n + 1
    return slug


# Events ----------------------------------------------------------------------


def event_create(
    *,
    name: str,
    slug: str = "",
    start_date=None,
    end_date=None,
    venue: str = "",
    is_public: bool = True,
    created_by: User | None = None,
) -> Event:
    with transaction.atomic():
        slug = slug or _unique_slug(name, Event.objects.values_list("slug", flat=True))
        event = Event(
            name=name.strip(),
            slug=slug,
            start_date=start_date,
            end_date=end_date,
            venue=venue.strip(),
            is_public=is_public,
        )
        _full_clean(event)
        event.save()
        if created_by is not None:
            EventRole.objects.create(
                user=created_by, event=event, role=EventRole.Role.CHIEF_ARBITER
            )
    return event


EVENT_FIELDS = ("name", "slug", "start_date", "end_date", "venue", "is_public")


def event_update(*, event: Event, **fields: Any) -> Event:
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise ServiceError(f"Unknown event fields: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        for key, value in fields.items():
            setattr(event, key, value)
        _full_clean(event)
        event.save()
        for section_id in event.sections.values_list("id", flat=True):
            section_changed(section_id)
    return event


def event_role_grant(*, event: Event, user: User, role: str = EventRole.Role.ARBITER) -> EventRole:
    obj, _ = EventRole.objects.update_or_create(event=event, user=user, defaults={"role": role})
    return obj


def event_role_revoke(*, event: Event, user: User) -> None:
    EventRole.objects.filter(event=event, user=user).delete()


# Sections --------------------------------------------------------------------


def _preset_rules(preset: str) -> str:
    """The unplayed-round rules a tiebreak preset implies."""
    from tiebreaks.methods.presets import get_preset

    try:
        return get_preset(preset).rules.value
    except (KeyError, ValueError) as exc:
        raise ServiceError(f"Unknown tiebreak preset {preset!r}.") from exc


SECTION_FIELDS = frozenset(
    f.name
    for f in Section._meta.get_fields()
    if getattr(f, "concrete", False) and f.name not in ("id", "event", "created_at", "updated_at")
)


# Event-level public pages live beside the sections: /e/<event>/poster/ and so on.
RESERVED_SECTION_SLUGS = ("poster", "find", "live")


def section_create(*, event: Event, name: str, total_rounds: int, **fields: Any) -> Section:
    unknown = set(fields) - SECTION_FIELDS
    if unknown:
        raise ServiceError(f"Unknown section fields: {', '.join(sorted(unknown))}")
    if fields.get("game") == GameKind.GO:
        fields.setdefault("pairing_system", PairingSystem.MCMAHON)
        fields.setdefault("tiebreak_preset", "EGF McMahon")
        fields.setdefault("points_absent", Decimal("0.5"))  # EGF: an absent round is +1/2
    else:
        fields.setdefault("tiebreak_preset", "FIDE Swiss 2026")
    if "unplayed_rule" not in fields:
        fields["unplayed_rule"] = _preset_rules(fields["tiebreak_preset"])
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        slug = fields.pop("slug", "")
        if slug in RESERVED_SECTION_SLUGS:
            raise ServiceError(f"{slug!r} is used by the event's own pages; choose another.")
        slug = slug or _unique_slug(
            name, [*event.sections.values_list("slug", flat=True), *RESERVED_SECTION_SLUGS]
        )
        if not fields.get("seed"):
            fields["seed"] = secrets.randbits(62)
        section = Section(
            event=event, name=name.strip(), slug=slug, total_rounds=total_rounds, **fields
        )
        _full_clean(section, exclude=["event"])
        section.save()
    return section


def section_update(*, section: Section, **fields: Any) -> Section:
    unknown = set(fields) - SECTION_FIELDS
    if unknown:
        raise ServiceError(f"Unknown section fields: {', '.join(sorted(unknown))}")
    if fields.get("slug") in RESERVED_SECTION_SLUGS:
        raise ServiceError(f"{fields['slug']!r} is used by the event's own pages; choose another.")
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        played = section.rounds.aggregate(n=Max("number"))["n"] or 0
        if "game" in fields and fields["game"] != section.game and played:
            raise StateError(f"{section.name}: the game cannot change once round 1 is paired.")
        if "total_rounds" in fields and int(fields["total_rounds"]) < played:
            raise ServiceError(f"{section.name} already has {played} rounds; it cannot have fewer.")
        for key, value in fields.items():
            setattr(section, key, value)
        _full_clean(section, exclude=["event"])
        section.save()
        section_changed(section.pk)
    return section


# Players ---------------------------------------------------------------------

PLAYER_FIELDS = frozenset(
    {
        "name",
        "rating",
        "go_rank",
        "title",
        "federation",
        "club",
        "fide_id",
        "egf_pin",
        "sex",
        "birth",
        "avoid_group",
        "mms_correction",
    }
)


def _next_round_number(section: Section) -> int:
    return (section.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


def player_create(
    *, section: Section, name: str, missed_rounds_bye: str = ByeKind.ZERO, **fields: Any
) -> Player:
    """Register a player. After round 1 is paired this is a late entry: the player
    joins at the next round and each round already paired is recorded as a
    zero-point (default) or half-point bye."""
    unknown = set(fields) - PLAYER_FIELDS - {"pairing_number"}
    if unknown:
        raise ServiceError(f"Unknown player fields: {', '.join(sorted(unknown))}")
    if missed_rounds_bye not in (ByeKind.ZERO, ByeKind.HALF):
        raise ServiceError("Missed rounds of a late entry count as zero- or half-point byes.")
    if not name or not name.strip():
        raise ServiceError("A player needs a name.")
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        joined = _next_round_number(section)
        if joined > section.total_rounds:
            raise StateError(f"{section.name}: all {section.total_rounds} rounds are paired.")
        number = fields.pop("pairing_number", None) or (
            (section.players.aggregate(n=Max("pairing_number"))["n"] or 0) + 1
        )
        player = Player(
            section=section,
            name=" ".join(name.split()),
            pairing_number=number,
            joined_round=joined,
            **fields,
        )
        _full_clean(player, exclude=["section"])
        try:
            player.save()
        except IntegrityError as exc:
            raise InvariantError(
                f"Pairing number {number} is already taken in {section.name}."
            ) from exc
        points = _bye_points(section, missed_rounds_bye)
        for rnd in section.rounds.filter(number__lt=joined):
            Bye.objects.create(
                round=rnd,
                player=player,
                kind=missed_rounds_bye,
                points=points,
                explanation={"reason": "late entry"},
            )
        section_changed(section.pk)
    return player


def player_update(*, player: Player, **fields: Any) -> Player:
    unknown = set(fields) - PLAYER_FIELDS
    if unknown:
        raise ServiceError(f"Unknown player fields: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        for key, value in fields.items():
            setattr(player, key, value)
        if "name" in fields:
            player.name = " ".join(str(player.name).split())
        _full_clean(player, exclude=["section"])
        player.save()
        section_changed(player.section_id)
    return player


def player_withdraw(*, player: Player, from_round: int | None = None) -> Player:
    """Stop pairing a player from `from_round` on (default: the next round to be paired).
    Games already paired are kept; a draft round that includes the player should be
    re-paired by the arbiter."""
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("section").get(pk=player.pk)
        first_free = _next_round_number(player.section)
        from_round = first_free if from_round is None else int(from_round)
        if from_round < 1:
            raise ServiceError("A withdrawal starts at round 1 or later.")
        player.withdrawn_from_round = from_round
        player.save(update_fields=["withdrawn_from_round", "updated_at"])
        section_changed(player.section_id)
    return player


def player_reinstate(*, player: Player) -> Player:
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        player.withdrawn_from_round = None
        player.save(update_fields=["withdrawn_from_round", "updated_at"])
        section_changed(player.section_id)
    return player


def player_delete(*, player: Player) -> None:
    """Remove a registration made by mistake: only while the player is in no round."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        in_rounds = (
            Game.objects.filter(white=player).exists()
            or Game.objects.filter(black=player).exists()
            or Bye.objects.filter(player=player).exists()
        )
        if in_rounds:
            raise StateError(f"{player.name} has already been paired; withdraw instead.")
        section_changed(player.section_id)
        player.delete()


def prohibited_pair_add(
    *,
    player_a: Player,
    player_b: Player,
    first_round: int = 1,
    last_round: int | None = None,
    reason: str = "",
) -> ProhibitedPair:
    if player_a.section_id != player_b.section_id:
        raise ServiceError("Both players must be in the same section.")
    if player_a.pk == player_b.pk:
        raise ServiceError("A prohibited pairing needs two different players.")
    a, b = sorted((player_a, player_b), key=lambda p: p.pk)
    obj, _ = ProhibitedPair.objects.get_or_create(
        section_id=a.section_id,
        player_a=a,
        player_b=b,
        first_round=first_round,
        defaults={"last_round": last_round, "reason": reason},
    )
    return obj


def bye_request(*, player: Player, round_number: int, kind: str = ByeKind.HALF) -> ByeRequest:
    """Record a bye the player asks for in a round that is not paired yet."""
    if kind not in (ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL):
        raise ServiceError("A player may request a half-point, zero-point or full-point bye.")
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=player.section_id)
        if not 1 <= round_number <= section.total_rounds:
            raise ServiceError(
                f"{section.name} has rounds 1 to {section.total_rounds}, not {round_number}."
            )
        if section.rounds.filter(number=round_number).exists():
            raise StateError(
                f"Round {round_number} is already paired; re-pair it after changing byes."
            )
        obj, _ = ByeRequest.objects.update_or_create(
            player=player, round_number=round_number, defaults={"kind": kind}
        )
    return obj


def bye_request_cancel(*, player: Player, round_number: int) -> None:
    ByeRequest.objects.filter(player=player, round_number=round_number).delete()


# Rounds ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameSpec:
    board: int
    white: Player
    black: Player
    handicap: int = 0
    komi: Decimal | None = None
    explanation: dict | None = None


@dataclass(frozen=True, slots=True)
class ByeSpec:
    player: Player
    kind: str
    explanation: dict | None = None


def _bye_points(section: Section, kind: str) -> Decimal:
    return {
        ByeKind.PAIRING: section.points_pairing_bye,
        ByeKind.FULL: section.points_full_bye,
        ByeKind.HALF: section.points_half_bye,
        ByeKind.ZERO: section.points_zero_bye,
    }[kind]


def _check_once_per_round(number: int, games: Sequence[GameSpec], byes: Sequence[ByeSpec]) -> None:
    seen: dict[int, str] = {}
    boards: set[int] = set()
    for g in games:
        if g.board in boards:
            raise InvariantError(f"Round {number}: board {g.board} is used twice.")
        boards.add(g.board)
        for p in (g.white, g.black):
            if p.pk in seen:
                raise InvariantError(
                    f"Round {number}: {p.name} is placed twice ({seen[p.pk]} and board {g.board})."
                )
            seen[p.pk] = f"board {g.board}"
    for b in byes:
        if b.player.pk in seen:
            raise InvariantError(
                f"Round {number}: {b.player.name} is placed twice ({seen[b.player.pk]} and a bye)."
            )
        seen[b.player.pk] = "a bye"


def round_create(
    *,
    section: Section,
    games: Sequence[GameSpec] = (),
    byes: Sequence[ByeSpec] = (),
    seed: int = 0,
    diagnostics: dict | None = None,
    number: int | None = None,
) -> Round:
    """Store a new DRAFT round with its games and byes, all or nothing.

    Only the next round can be created, and only when every earlier round is
    published. Each player appears at most once (checked under a lock on the
    section; the database also refuses a duplicate round number, board, or a
    player twice as white, twice as black, or with two byes)."""
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        expected = _next_round_number(section)
        if number is not None and number != expected:
            if section.rounds.filter(number=number).exists():
                raise InvariantError(f"{section.name} already has a round {number}.")
            raise StateError(f"{section.name}: the next round to pair is {expected}, not {number}.")
        if expected > section.total_rounds:
            raise StateError(f"{section.name} has only {section.total_rounds} rounds.")
        if section.rounds.filter(status=RoundStatus.DRAFT).exists():
            raise StateError(
                f"{section.name}: publish round {expected - 1} before pairing the next."
            )
        _check_once_per_round(expected, games, byes)
        for spec in list(games) + list(byes):
            players = (spec.white, spec.black) if isinstance(spec, GameSpec) else (spec.player,)
            for p in players:
                if p.section_id != section.pk:
                    raise InvariantError(f"{p.name} is not in {section.name}.")
        try:
            rnd = Round.objects.create(
                section=section, number=expected, seed=seed, diagnostics=diagnostics or {}
            )
            Game.objects.bulk_create(
                Game(
                    round=rnd,
                    board=g.board,
                    white=g.white,
                    black=g.black,
                    handicap=g.handicap,
                    komi=g.komi,
                    explanation=g.explanation or {},
                )
                for g in games
            )
            Bye.objects.bulk_create(
                Bye(
                    round=rnd,
                    player=b.player,
                    kind=b.kind,
                    points=_bye_points(section, b.kind),
                    explanation=b.explanation or {},
                )
                for b in byes
            )
        except IntegrityError as exc:
            raise InvariantError(f"{section.name} round {expected}: {exc}") from exc
    return rnd


def round_delete_draft(*, round: Round) -> None:
    """Throw away a draft round (to re-pair it). A round with any result is never deleted."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.DRAFT:
            raise StateError(
                f"Round {rnd.number} is {rnd.get_status_display().lower()}; "
                "unpublish it before re-pairing."
            )
        if rnd.games.exclude(result="").exists():
            raise StateError(f"Round {rnd.number} has results; it cannot be re-paired.")
        later = Round.objects.filter(section_id=rnd.section_id, number__gt=rnd.number)
        if later.exists():
            raise StateError(f"Round {rnd.number} is not the last round.")
        rnd.delete()


def round_publish(*, round: Round) -> Round:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.DRAFT:
            raise StateError(f"Round {rnd.number} is already {rnd.get_status_display().lower()}.")
        rnd.status = RoundStatus.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.status_note = ""
        rnd.save(update_fields=["status", "published_at", "status_note", "updated_at"])
        section_changed(rnd.section_id)
    return rnd


def round_unpublish(*, round: Round, reason: str) -> Round:
    """Take a published round back to draft (to correct it). Needs a reason, and no
    result may have been entered yet."""
    if not reason or not reason.strip():
        raise ServiceError("Say why the round is unpublished; players will see the reason.")
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.PUBLISHED:
            raise StateError(
                f"Round {rnd.number} is {rnd.get_status_display().lower()}, not published."
            )
        if rnd.games.exclude(result="").exists():
            raise StateError(f"Round {rnd.number} already has results; correct them instead.")
        if Round.objects.filter(section_id=rnd.section_id, number__gt=rnd.number).exists():
            raise StateError(f"Round {rnd.number} is not the last round.")
        rnd.status = RoundStatus.DRAFT
        rnd.status_note = reason.strip()[:300]
        rnd.save(update_fields=["status", "status_note", "updated_at"])
        section_changed(rnd.section_id)
    return rnd


def round_close(*, round: Round) -> Round:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.PUBLISHED:
            raise StateError(
                f"Round {rnd.number} is {rnd.get_status_display().lower()}; "
                "only a published round can be closed."
            )
        pending = list(rnd.games.filter(result="").values_list("board", flat=True))
        if pending:
            boards = ", ".join(str(b) for b in pending[:10])
            raise StateError(f"Round {rnd.number}: no result yet on board(s) {boards}.")
        rnd.status = RoundStatus.CLOSED
        rnd.closed_at = timezone.now()
        rnd.save(update_fields=["status", "closed_at", "updated_at"])
        section_changed(rnd.section_id)
    return rnd


def round_reopen(*, round: Round) -> Round:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.CLOSED:
            raise StateError(f"Round {rnd.number} is not closed.")
        rnd.status = RoundStatus.PUBLISHED
        rnd.closed_at = None
        rnd.save(update_fields=["status", "closed_at", "updated_at"])
        section_changed(rnd.section_id)
    return rnd


# Results ---------------------------------------------------------------------


def _result_value(result: str) -> str:
    aliases = {
        "*": "",
        "pending": "",
        "1/2": "1/2-1/2",
        "½-½": "1/2-1/2",
        "=": "1/2-1/2",
        "0.5-0.5": "1/2-1/2",
        "1-0": "1-0",
        "0-1": "0-1",
        "+-": "+/-",
        "-+": "-/+",
        "--": "-/-",
    }
    value = aliases.get(result.strip(), result.strip()) if isinstance(result, str) else None
    if value not in Result.values:
        allowed = ", ".join(v or "(empty: pending)" for v in Result.values)
        raise ServiceError(f"{result!r} is not a result; use one of {allowed}.")
    return value


def result_record(
    *,
    game: Game,
    result: str,
    by: User | None,
    expected_version: int | None = None,
    source: str = "web",
    undoes: ResultChange | None = None,
) -> ResultChange | None:
    """Set a game's result and append one audit row, in one transaction.

    `expected_version` is the version of the game the writer last saw; if someone
    changed it since, the write is refused with `ResultConflict` (nothing is lost
    silently). Writing the result the game already has is a no-op (returns None).
    """
    value = _result_value(result)
    with transaction.atomic():
        g = Game.objects.select_for_update().select_related("round").get(pk=game.pk)
        if expected_version is not None and expected_version != g.version:
            raise ResultConflict(
                f"Board {g.board} of round {g.round.number} was changed meanwhile "
                f"(now {g.result or 'pending'}); check it and enter your result again.",
                current_result=g.result,
                current_version=g.version,
            )
        if g.round.status != RoundStatus.PUBLISHED:
            state = g.round.get_status_display().lower()
            raise StateError(
                f"Round {g.round.number} is {state}: results can be entered "
                "once it is published and until it is closed."
            )
        if value == g.result:
            return None
        before = g.result
        g.result = value
        g.version += 1
        g.save(update_fields=["result", "version", "updated_at"])
        change = ResultChange(
            game=g,
            before=before,
            after=value,
            version=g.version,
            user=by if getattr(by, "is_authenticated", False) else None,
            by_name=by.get_username() if getattr(by, "is_authenticated", False) else "",
            source=source,
            undoes=undoes,
        )
        change.save()
        section_changed(g.round.section_id)
    game.result, game.version = g.result, g.version
    return change


def result_undo_last(*, round: Round, by: User | None, source: str = "web") -> ResultChange:
    """Undo the latest change in the round that is not already undone (and is not itself
    an undo): the game gets its earlier result back, recorded as a new audit row."""
    with transaction.atomic():
        Round.objects.select_for_update().get(pk=round.pk)
        candidates = (
            ResultChange.objects.filter(
                game__round=round, undoes__isnull=True, undone_by__isnull=True
            )
            .select_related("game")
            .order_by("-created_at", "-id")
        )
        for change in candidates:
            game = change.game
            if game.result != change.after:
                continue  # what this change wrote is no longer there
            result = result_record(
                game=game,
                result=change.before,
                by=by,
                expected_version=game.version,
                source=source,
                undoes=change,
            )
            if result is not None:
                return result
        raise ServiceError(f"Round {round.number}: nothing to undo.")


def byes_from_requests(*, section: Section, round_number: int) -> list[ByeSpec]:
    """The requested byes for a round, as specs for `round_create`."""
    reqs = ByeRequest.objects.filter(player__section=section, round_number=round_number)
    return [
        ByeSpec(player=r.player, kind=r.kind, explanation={"reason": "requested"})
        for r in reqs.select_related("player")
    ]
