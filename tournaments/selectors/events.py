"""Events: who may do what, lists, an event's sections and arbiters."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, Q, QuerySet

from tournaments.models import Event, EventRole, RoundStatus, Section
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
