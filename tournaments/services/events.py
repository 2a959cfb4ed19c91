"""Events and the arbiters who run them."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.caching.responses import memo_forget
from tournaments.caching.versions import section_changed
from tournaments.errors import ServiceError, StateError
from tournaments.jobs.models import PairingJob
from tournaments.models import Event, EventRole
from tournaments.services.common import check_fields, check_typed_name, full_clean, unique_slug

EVENT_FIELDS = ("name", "slug", "start_date", "end_date", "venue", "is_public", "language")


def event_create(
    *,
    name: str,
    slug: str = "",
    start_date=None,
    end_date=None,
    venue: str = "",
    is_public: bool = True,
    language: str = "en",
    created_by=None,
) -> Event:
    """A new event; whoever creates it becomes its chief arbiter."""
    with transaction.atomic():
        slug = slug or unique_slug(name, Event.objects.values_list("slug", flat=True))
        event = Event(
            name=name.strip(),
            slug=slug,
            start_date=start_date,
            end_date=end_date,
            venue=venue.strip(),
            is_public=is_public,
            language=language,
        )
        full_clean(event)
        event.save()
        if created_by is not None:
            EventRole.objects.create(
                user=created_by, event=event, role=EventRole.Role.CHIEF_ARBITER
            )
    return event


def event_update(*, event: Event, **fields: Any) -> Event:
    check_fields(fields, EVENT_FIELDS, "event")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        for key, value in fields.items():
            setattr(event, key, value)
        full_clean(event)
        event.save()
        for section_id in event.sections.values_list("id", flat=True):
            section_changed(section_id)
    return event


def event_delete(*, event: Event, confirm_name: str) -> None:
    """Delete an event with all its sections, players, rounds, results and roles, in
    one transaction. `confirm_name` is the event's name as the chief arbiter typed it.
    Refused while a round of it is being paired."""
    check_typed_name(confirm_name, event.name, "event")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        busy = PairingJob.objects.filter(
            section__event=event,
            status__in=(PairingJob.Status.QUEUED, PairingJob.Status.RUNNING),
        )
        if busy.exists():
            raise StateError(
                _("%(event)s: a round is being paired; delete it once it is done.")
                % {"event": event.name}
            )
        event.delete()
        transaction.on_commit(memo_forget)
    # This process's slug memo and its copies of cached answers (the front door
    # replays those): the event's pages answer 404 from the next request on. Other
    # processes find the sections' version rows gone, so none of their answers is
    # current any more.
    memo_forget()


def event_role_grant(*, event: Event, user, role: str = EventRole.Role.ARBITER) -> EventRole:
    obj, _created = EventRole.objects.update_or_create(
        event=event, user=user, defaults={"role": role}
    )
    return obj


def event_role_revoke(*, event: Event, user) -> None:
    EventRole.objects.filter(event=event, user=user).delete()


def event_arbiter_add(
    *, event: Event, username: str, role: str = EventRole.Role.ARBITER
) -> EventRole:
    """Give an existing user a role in the event (or change the role they have)."""
    name = (username or "").strip()
    if not name:
        raise ServiceError(_("Enter the username of the arbiter to add."))
    if role not in EventRole.Role.values:
        raise ServiceError(f"{role!r} is not a role; use arbiter or chief.")
    user = get_user_model().objects.filter(username__iexact=name).first()
    if user is None:
        raise ServiceError(
            _("There is no user %(name)s. They need an account first (ask the administrator).")
            % {"name": repr(name)}
        )
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        current = EventRole.objects.filter(event=event, user=user).first()
        if (
            current is not None
            and current.role == EventRole.Role.CHIEF_ARBITER
            and role != EventRole.Role.CHIEF_ARBITER
        ):
            _keep_a_chief(event, leaving=user.pk)
        return event_role_grant(event=event, user=user, role=role)


def event_arbiter_remove(*, event: Event, user_id: int) -> None:
    """Take a user's role away; the event always keeps at least one chief arbiter."""
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        role = EventRole.objects.filter(event=event, user_id=user_id).select_related("user").first()
        if role is None:
            raise ServiceError(_("That user has no role in this event."))
        if role.role == EventRole.Role.CHIEF_ARBITER:
            _keep_a_chief(event, leaving=user_id)
        event_role_revoke(event=event, user=role.user)


def _keep_a_chief(event: Event, *, leaving: int) -> None:
    others = EventRole.objects.filter(event=event, role=EventRole.Role.CHIEF_ARBITER).exclude(
        user_id=leaving
    )
    if not others.exists():
        raise ServiceError(
            _("%(event)s needs a chief arbiter: make someone else chief first.")
            % {"event": event.name}
        )
