"""Sections: one pairing pool of an event, with its system, scoring and tiebreaks."""

from __future__ import annotations

import secrets
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tiebreaks.methods.presets import get_preset
from tournaments.caching.responses import memo_forget
from tournaments.caching.versions import section_changed
from tournaments.errors import ServiceError, StateError
from tournaments.jobs.models import PairingJob
from tournaments.models import ROUND_ROBIN_CYCLES, Event, GameKind, PairingSystem, Section
from tournaments.services.common import check_fields, check_typed_name, full_clean, unique_slug

ACTIVE_JOB = (PairingJob.Status.QUEUED, PairingJob.Status.RUNNING)

SECTION_FIELDS = frozenset(
    f.name
    for f in Section._meta.get_fields()
    if getattr(f, "concrete", False) and f.name not in ("id", "event", "created_at", "updated_at")
)

# Event-level public pages live beside the sections: /e/<event>/poster/ and so on.
RESERVED_SECTION_SLUGS = ("poster", "find", "live", "check-in")


def _preset_rules(preset: str) -> str:
    """The unplayed-round rules a tiebreak preset implies."""
    try:
        return get_preset(preset).rules.value
    except (KeyError, ValueError) as exc:
        raise ServiceError(f"Unknown tiebreak preset {preset!r}.") from exc


def section_create(*, event: Event, name: str, total_rounds: int, **fields: Any) -> Section:
    check_fields(fields, SECTION_FIELDS, "section")
    if fields.get("game") == GameKind.GO:
        fields.setdefault("pairing_system", PairingSystem.MCMAHON)
        fields.setdefault("tiebreak_preset", "EGF McMahon")
        fields.setdefault("points_absent", Decimal("0.5"))  # EGF: an absent round is +1/2
    elif fields.get("pairing_system") in ROUND_ROBIN_CYCLES:
        fields.setdefault("tiebreak_preset", "FIDE Round-robin")
    else:
        fields.setdefault("tiebreak_preset", "FIDE Swiss 2026")
    if "unplayed_rule" not in fields:
        fields["unplayed_rule"] = _preset_rules(fields["tiebreak_preset"])
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        slug = fields.pop("slug", "")
        if slug in RESERVED_SECTION_SLUGS:
            raise ServiceError(f"{slug!r} is used by the event's own pages; choose another.")
        slug = slug or unique_slug(
            name, [*event.sections.values_list("slug", flat=True), *RESERVED_SECTION_SLUGS]
        )
        if not fields.get("seed"):
            fields["seed"] = secrets.randbits(62)
        section = Section(
            event=event, name=name.strip(), slug=slug, total_rounds=total_rounds, **fields
        )
        full_clean(section, exclude=["event"])
        section.save()
    return section


def section_update(*, section: Section, **fields: Any) -> Section:
    check_fields(fields, SECTION_FIELDS, "section")
    if fields.get("slug") in RESERVED_SECTION_SLUGS:
        raise ServiceError(f"{fields['slug']!r} is used by the event's own pages; choose another.")
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        played = section.rounds.aggregate(n=Max("number"))["n"] or 0
        if "game" in fields and fields["game"] != section.game and played:
            raise StateError(
                _("%(section)s: the game cannot change once round 1 is paired.")
                % {"section": section.name}
            )
        if "total_rounds" in fields and int(fields["total_rounds"]) < played:
            raise ServiceError(
                ngettext(
                    "%(section)s already has %(n)s round; it cannot have fewer.",
                    "%(section)s already has %(n)s rounds; it cannot have fewer.",
                    played,
                )
                % {"section": section.name, "n": played}
            )
        for key, value in fields.items():
            setattr(section, key, value)
        full_clean(section, exclude=["event"])
        section.save()
        section_changed(section.pk)
    return section


def forget_section(event_slug: str, section_slug: str) -> None:
    """Drop this process's memory of the section's slugs and of its event's sections,
    so its public pages and API answers say 404 (and the event page leaves it out) at
    once. Other processes need no telling: the section's version row is gone with it,
    so no cached answer of theirs is current any more (tournaments/caching)."""
    memo_forget(("section", event_slug, section_slug))
    memo_forget(("event", event_slug))


def section_delete(*, section: Section, confirm_name: str) -> None:
    """Delete a section with everything in it (players, rounds, results and their
    audit, pairing jobs), in one transaction. `confirm_name` is the section's name as
    the chief arbiter typed it. Refused while one of its rounds is being paired."""
    check_typed_name(confirm_name, section.name, "section")
    with transaction.atomic():
        section = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
        if PairingJob.objects.filter(section=section, status__in=ACTIVE_JOB).exists():
            raise StateError(
                _("%(section)s: a round is being paired; delete the section once it is done.")
                % {"section": section.name}
            )
        event_slug, slug = section.event.slug, section.slug
        section.delete()
        # Another request may resolve the slugs again before this commits: forget
        # them once more when it has.
        transaction.on_commit(lambda: forget_section(event_slug, slug))
    forget_section(event_slug, slug)
