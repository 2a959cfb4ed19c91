"""Per-section cache versions: public pages and API answers are cached under the
section's current version, and every change that players can see bumps it.

The version lives in the Django cache (Redis when configured). A missing version
starts from the clock, so entries cached before a cache restart are never served
again under a reused number.
"""

from __future__ import annotations

import time

from django.core.cache import cache
from django.db import transaction

TIMEOUT = 24 * 3600


def _key(section_id: int) -> str:
    return f"section:{section_id}:version"


def section_version(section_id: int) -> int:
    key = _key(section_id)
    version = cache.get(key)
    if version is None:
        version = time.time_ns()
        if not cache.add(key, version, TIMEOUT):
            version = cache.get(key, version)
    return int(version)


def _bump(section_id: int) -> None:
    key = _key(section_id)
    try:
        cache.incr(key)
    except ValueError:  # not there (expired or evicted): start afresh from the clock
        cache.set(key, time.time_ns(), TIMEOUT)


def section_changed(section_id: int) -> None:
    """Invalidate the section's cached pages once the current transaction commits
    (readers must not cache the old state under the new version)."""
    transaction.on_commit(lambda: _bump(section_id))


def section_cache_key(section_id: int, *parts: object) -> str:
    tail = ":".join(str(p) for p in parts)
    return f"section:{section_id}:v{section_version(section_id)}:{tail}"
