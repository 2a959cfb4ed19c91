"""Events: who may do what, lists, an event's sections and arbiters."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, Q, QuerySet

from tournaments.models import Event, EventRole, Game, Player, Round, RoundStatus, Section
from tournaments.snapshot import PUBLISHED


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


def public_event_get(*, slug: str) -> Event | None:
    return Event.objects.filter(slug=slug, is_public=True).first()


def event_roles(*, event: Event) -> QuerySet[EventRole]:
    return event.roles.select_related("user").order_by("-role", "user__username")


@dataclass(frozen=True, slots=True)
class SectionSummary:
    section: Section
    players: int
    current_round: int | None  # latest published round number
    rounds_closed: int


def event_sections(*, event: Event) -> list[SectionSummary]:
    sections = event.sections.annotate(
        n_players=Count("players", distinct=True),
        current=Max("rounds__number", filter=Q(rounds__status__in=PUBLISHED)),
        closed=Count("rounds", filter=Q(rounds__status=RoundStatus.CLOSED), distinct=True),
    ).order_by("id")
    return [SectionSummary(s, s.n_players, s.current, s.closed) for s in sections]


# What a deletion takes with it ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contents:
    sections: int
    players: int
    rounds: int
    results: int


def _contents(sections: QuerySet[Section]) -> Contents:
    ids = list(sections.values_list("id", flat=True))
    return Contents(
        sections=len(ids),
        players=Player.objects.filter(section_id__in=ids).count(),
        rounds=Round.objects.filter(section_id__in=ids).count(),
        results=Game.objects.filter(round__section_id__in=ids).exclude(result="").count(),
    )


def event_contents(*, event: Event) -> Contents:
    return _contents(event.sections.all())


def section_contents(*, section: Section) -> Contents:
    return _contents(Section.objects.filter(pk=section.pk))
