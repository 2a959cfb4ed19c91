"""Per-section cache versions: public pages and API answers are cached under the
section's current version, and every change players can see bumps it.

The version lives in the database (`SectionVersion`) and is bumped inside the
transaction that makes the change: readers see the new version exactly when they
can see the new data, and no cache outage, restart or lost write can bring an old
answer back. A page is rendered after its version is read, so what is stored under
a version is never older than that version.
"""

from __future__ import annotations

import time

from django.db import IntegrityError, transaction
from django.db.models import F

from tournaments.models import SectionVersion


def _first_version() -> int:
    # Versions start from the clock: a database created again (with the same section
    # ids) never reuses the keys of answers a shared cache may still hold.
    return time.time_ns()


def _create(section_id: int, value: int) -> bool:
    try:
        with transaction.atomic():
            SectionVersion.objects.create(section_id=section_id, value=value)
    except IntegrityError:  # created meanwhile by another request, or no such section
        return False
    return True


def section_version(section_id: int) -> int:
    """The section's current version."""
    value = (
        SectionVersion.objects.filter(section_id=section_id).values_list("value", flat=True).first()
    )
    if value is None:
        value = _first_version()
        if not _create(section_id, value):
            found = SectionVersion.objects.filter(section_id=section_id).values_list(
                "value", flat=True
            )
            value = found.first() or value
    return value


def section_versions(section_ids: tuple[int, ...]) -> list[int]:
    """The current versions of several sections, in one query."""
    found = dict(
        SectionVersion.objects.filter(section_id__in=section_ids).values_list("section_id", "value")
    )
    return [found[i] if i in found else section_version(i) for i in section_ids]


def section_changed(section_id: int) -> None:
    """Bump the section's version, as part of the current transaction (a write that
    is rolled back bumps nothing)."""
    bump = SectionVersion.objects.filter(section_id=section_id).update(value=F("value") + 1)
    if not bump and not _create(section_id, _first_version()):
        SectionVersion.objects.filter(section_id=section_id).update(value=F("value") + 1)


def section_cache_key(section_id: int, *parts: object) -> str:
    tail = ":".join(str(p) for p in parts)
    return f"section:{section_id}:v{section_version(section_id)}:{tail}"
