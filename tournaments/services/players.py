"""Players: registration (late entries too), changes, withdrawals, requested byes
and the pairs that must not meet."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from pairing.engine import roundrobin
from pairing.engine.mcmahon.ranks import RankError, format_rank, registration_rank
from tournaments.caching.versions import section_changed
from tournaments.collation import name_key, name_sort_key
from tournaments.errors import InvariantError, ServiceError, StateError, WrongCode
from tournaments.gorank import rank_to_grade
from tournaments.models import (
    Bye,
    ByeKind,
    ByeRequest,
    CheckIn,
    Event,
    Game,
    Player,
    ProhibitedPair,
    Section,
)
from tournaments.services.common import all_rounds_paired, check_fields, full_clean
from tournaments.snapshot import bye_points

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


def _go_rank(section: Section, fields: dict, player: Player | None = None) -> None:
    """A Go player is registered by rank ("5k", "1d") or by EGF rating (GoR) alone:
    without a rank, the rank the rating stands for (EGF convention) is stored."""
    if not section.is_go:
        return
    rank = fields.get("go_rank", player.go_rank if player else "")
    rating = fields.get("rating", player.rating if player else None)
    if rank and str(rank).strip():
        return
    try:
        fields["go_rank"] = format_rank(registration_rank(None, rating))
    except RankError as exc:
        raise ServiceError(
            _("A Go player needs a rank (e.g. 5k, 1d) or an EGF rating (GoR).")
        ) from exc


def next_round_number(section: Section) -> int:
    """The number of the section's next round (1 when nothing is paired)."""
    return (section.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


def player_create(
    *, section: Section, name: str, missed_rounds_bye: str = ByeKind.ZERO, **fields: Any
) -> Player:
    """Register a player. After round 1 is paired this is a late entry: the player
    joins at the next round and each round already paired is recorded as a
    zero-point (default) or half-point bye."""
    check_fields(fields, PLAYER_FIELDS | {"pairing_number"}, "player")
    if missed_rounds_bye not in (ByeKind.ZERO, ByeKind.HALF):
        raise ServiceError("Missed rounds of a late entry count as zero- or half-point byes.")
    if not name or not name.strip():
        raise ServiceError(_("A player needs a name."))
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        _go_rank(section, fields)
        joined = next_round_number(section)
        if joined > section.total_rounds:
            raise all_rounds_paired(section)
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
        full_clean(player, exclude=["section"])
        try:
            player.save()
        except IntegrityError as exc:
            raise InvariantError(
                _("Pairing number %(n)s is already taken in %(section)s.")
                % {"n": number, "section": section.name}
            ) from exc
        points = bye_points(section, missed_rounds_bye)
        Bye.objects.bulk_create(
            Bye(
                round=rnd,
                player=player,
                kind=missed_rounds_bye,
                points=points,
                explanation={"reason": "late entry", "parts": ["late-entry", {}]},
            )
            for rnd in section.rounds.filter(number__lt=joined)
        )
        section_changed(section.pk)
    return player


def player_update(*, player: Player, **fields: Any) -> Player:
    check_fields(fields, PLAYER_FIELDS, "player")
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("section").get(pk=player.pk)
        _go_rank(player.section, fields, player)
        for key, value in fields.items():
            setattr(player, key, value)
        if "name" in fields:
            player.name = " ".join(str(player.name).split())
        full_clean(player, exclude=["section"])
        player.save()
        section_changed(player.section_id)
    return player


def player_withdraw(*, player: Player, from_round: int | None = None) -> Player:
    """Stop pairing a player from `from_round` on (default: the next round to be paired).
    Games already paired are kept; a draft round that includes the player should be
    re-paired by the arbiter."""
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("section").get(pk=player.pk)
        from_round = next_round_number(player.section) if from_round is None else int(from_round)
        if from_round < 1:
            raise ServiceError(_("A withdrawal starts at round 1 or later."))
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
            raise StateError(
                _("%(name)s has already been paired; withdraw instead.") % {"name": player.name}
            )
        section_changed(player.section_id)
        player.delete()


# The initial ranking -----------------------------------------------------------------

# FIDE titles, strongest first, for players of equal rating (C.04.2, initial order).
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def initial_ranking_key(player: Player, *, go: bool = False) -> tuple:
    """FIDE's initial ranking (C.04.2 "Initial order"): rating, highest first (no rating
    last), then title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name in
    alphabetical order. Go: rank, strongest first, then rating and name."""
    rating = -(player.rating or 0)
    name = name_sort_key(player.name)
    if go:
        try:
            grade = -rank_to_grade(player.go_rank) if player.go_rank else 99
        except RankError:
            grade = 99
        return (grade, rating, name)
    title = (player.title or "").strip().upper()
    order = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return (rating, order, name)


def players_renumber_by_rating(*, section: Section) -> list[Player]:
    """Give pairing numbers 1, 2, ... in the initial ranking's order (see
    `initial_ranking_key`). Only before round 1 is paired: numbers are what every
    paired round, the crosstable and the TRF export refer to. Returns the players in
    their new order."""
    return _renumber(
        section,
        lambda players, s: sorted(players, key=lambda p: initial_ranking_key(p, go=s.is_go)),
    )


def players_draw_lots(*, section: Section) -> list[Player]:
    """The drawing of lots of a round-robin: pairing numbers (the Berger table's
    numbers) by lot, reproducible from the section's seed. Only before round 1."""

    def drawn(players: list[Player], s: Section) -> list[Player]:
        numbers = roundrobin.draw_numbers(sorted(p.pk for p in players), s.seed)
        return sorted(players, key=lambda p: numbers[p.pk])

    return _renumber(section, drawn)


def _renumber(section: Section, order) -> list[Player]:
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        if section.rounds.exists():
            raise StateError(
                _("%(section)s: round 1 is paired; pairing numbers can no longer change.")
                % {"section": section.name}
            )
        players = list(section.players.all())
        if not players:
            return []
        ordered = order(players, section)
        # Two steps, so no moment has two players on one number (a unique constraint):
        # first everyone above the highest number, then each on their new one.
        shift = max(p.pairing_number for p in players)
        Player.objects.filter(section=section).update(pairing_number=F("pairing_number") + shift)
        for number, player in enumerate(ordered, start=1):
            player.pairing_number = number
        Player.objects.bulk_update(ordered, ["pairing_number"])
        section_changed(section.pk)
    return ordered


# Prohibited pairs ------------------------------------------------------------------


def prohibited_pair_add(
    *,
    player_a: Player,
    player_b: Player,
    first_round: int = 1,
    last_round: int | None = None,
    reason: str = "",
) -> ProhibitedPair:
    """Two players who must not meet (family, team mates), from `first_round` to
    `last_round` (default: to the end). Chess and Go alike."""
    if player_a.section_id != player_b.section_id:
        raise ServiceError(_("Both players must be in the same section."))
    if player_a.pk == player_b.pk:
        raise ServiceError(_("A prohibited pairing needs two different players."))
    a, b = sorted((player_a, player_b), key=lambda p: p.pk)
    obj, _created = ProhibitedPair.objects.get_or_create(
        section_id=a.section_id,
        player_a=a,
        player_b=b,
        first_round=first_round,
        defaults={"last_round": last_round, "reason": reason},
    )
    return obj


def prohibited_pair_remove(*, section: Section, pair_id: int | None) -> None:
    """Delete one prohibited pairing of the section (rounds already paired keep theirs)."""
    deleted, _kinds = ProhibitedPair.objects.filter(section=section, pk=pair_id).delete()
    if not deleted:
        raise ServiceError(_("That prohibited pairing does not exist (any more)."))


# Requested byes --------------------------------------------------------------------


def bye_request(*, player: Player, round_number: int, kind: str = ByeKind.HALF) -> ByeRequest:
    """Record a bye the player asks for in a round that is not paired yet."""
    if kind not in (ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL):
        raise ServiceError("A player may request a half-point, zero-point or full-point bye.")
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=player.section_id)
        if not 1 <= round_number <= section.total_rounds:
            raise ServiceError(
                _("%(section)s has rounds 1 to %(total)s, not %(n)s.")
                % {"section": section.name, "total": section.total_rounds, "n": round_number}
            )
        if section.rounds.filter(number=round_number).exists():
            raise StateError(
                _("Round %(n)s is already paired; re-pair it after changing byes.")
                % {"n": round_number}
            )
        obj, _created = ByeRequest.objects.update_or_create(
            player=player, round_number=round_number, defaults={"kind": kind}
        )
    return obj


def bye_request_cancel(*, player: Player, round_number: int) -> None:
    ByeRequest.objects.filter(player=player, round_number=round_number).delete()


# Check-in ---------------------------------------------------------------------------


def check_in_round(section: Section) -> int | None:
    """The round players check in for now (the next one to pair), or None when the
    section takes no check-in for it: off, every round paired, or "before round 1"
    once round 1 is paired."""
    if not section.check_in:
        return None
    number = (section.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    if number > section.total_rounds:
        return None
    if section.check_in == CheckIn.FIRST_ROUND and number > 1:
        return None
    return number


def player_check_in(*, player: Player, checked_in: bool = True) -> Player:
    """Mark a player as present for the next round (or not)."""
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=player.section_id)
        number = check_in_round(section)
        if number is None:
            raise StateError(
                _("%(section)s: no round takes a check-in now.") % {"section": section.name}
            )
        value = number if checked_in else None
        Player.objects.filter(pk=player.pk).update(checked_in_for=value)
        player.checked_in_for = value
    return player


def players_not_checked_in(*, section: Section) -> list[Player]:
    """Players due to play the check-in round who have not checked in for it and have
    not already been excused (a bye requested for it)."""
    number = check_in_round(section)
    if number is None:
        return []
    excused = set(
        ByeRequest.objects.filter(player__section=section, round_number=number).values_list(
            "player_id", flat=True
        )
    )
    return [
        p
        for p in section.players.order_by("pairing_number")
        if p.is_active_in(number) and p.checked_in_for != number and p.pk not in excused
    ]


def players_mark_absent(*, section: Section) -> list[Player]:
    """Pairing the check-in round: everyone who has not checked in for it gets a
    zero-point bye in it (not paired; they can be paired again in the next round)."""
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        number = check_in_round(section)
        missing = players_not_checked_in(section=section)
        ByeRequest.objects.bulk_create(
            ByeRequest(player=p, round_number=number, kind=ByeKind.ZERO) for p in missing
        )
    return missing


CODE_ATTEMPTS = 10  # wrong check-in codes per address within CODE_WINDOW seconds
CODE_WINDOW = 300


def event_check_in_code(*, event: Event) -> str:
    """The event's check-in code (six digits), made the first time it is asked for."""
    if not event.check_in_code:
        code = f"{secrets.randbelow(10**6):06d}"
        Event.objects.filter(pk=event.pk, check_in_code="").update(check_in_code=code)
        event.refresh_from_db(fields=["check_in_code"])
    return event.check_in_code


def player_self_check_in(
    *, event: Event, code: str, name: str, number: int | None = None
) -> tuple[Player, int]:
    """A player checks in on their own phone with the code shown at the venue and their
    name (and pairing number when two share it). Returns the player and the round."""
    expected = event.check_in_code
    if not expected or not secrets.compare_digest(code.strip(), expected):
        raise WrongCode(_("That is not the check-in code shown at the venue."))
    wanted = name_key(name)
    if not wanted:
        raise ServiceError(_("Type your name as you registered it."))
    matches = []
    for section in event.sections.all():
        if check_in_round(section) is None:
            continue
        for player in section.players.all():
            if name_key(player.name) == wanted and (
                number is None or player.pairing_number == number
            ):
                matches.append(player)
    if not matches:
        raise ServiceError(
            _(
                "No player of that name is due to check in now: check the spelling, "
                "or ask the arbiter."
            )
        )
    if len(matches) > 1:
        raise ServiceError(_("Several players have that name: add your pairing number."))
    player = player_check_in(player=matches[0])
    return player, player.checked_in_for
