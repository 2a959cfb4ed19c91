"""Writes the arbiter pages need beyond the shared services: arbiters and prohibited pairs."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments import services
from tournaments.errors import ServiceError
from tournaments.models import Event, EventRole, ProhibitedPair, Section


def event_arbiter_add(
    *, event: Event, username: str, role: str = EventRole.Role.ARBITER
) -> EventRole:
    """Give an existing user a role in the event (or change the role they have)."""
    name = (username or "").strip()
    if not name:
        raise ServiceError("Enter the username of the arbiter to add.")
    if role not in EventRole.Role.values:
        raise ServiceError(f"{role!r} is not a role; use arbiter or chief.")
    user = get_user_model().objects.filter(username__iexact=name).first()
    if user is None:
        raise ServiceError(
            f"There is no user {name!r}. They need an account first (ask the administrator)."
        )
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        current = EventRole.objects.filter(event=event, user=user).first()
        if (
            current is not None
            and current.role == EventRole.Role.CHIEF_ARBITER
            and (role != EventRole.Role.CHIEF_ARBITER)
        ):
            _keep_a_chief(event, leaving=user.pk)
        return services.event_role_grant(event=event, user=user, role=role)


def event_arbiter_remove(*, event: Event, user_id: int) -> None:
    """Take a user's role away; the event always keeps at least one chief arbiter."""
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        role = EventRole.objects.filter(event=event, user_id=user_id).select_related("user").first()
        if role is None:
            raise ServiceError("That user has no role in this event.")
        if role.role == EventRole.Role.CHIEF_ARBITER:
            _keep_a_chief(event, leaving=user_id)
        services.event_role_revoke(event=event, user=role.user)


def _keep_a_chief(event: Event, *, leaving: int) -> None:
    others = EventRole.objects.filter(event=event, role=EventRole.Role.CHIEF_ARBITER).exclude(
        user_id=leaving
    )
    if not others.exists():
        raise ServiceError(f"{event.name} needs a chief arbiter: make someone else chief first.")


def prohibited_pair_remove(*, section: Section, pair_id: int | None) -> None:
    """Delete one prohibited pairing of the section (rounds already paired keep theirs)."""
    deleted, _ = ProhibitedPair.objects.filter(section=section, pk=pair_id).delete()
    if not deleted:
        raise ServiceError("That prohibited pairing does not exist (any more).")
