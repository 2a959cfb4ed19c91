"""Each public-page or API test gets caches of its own.

Cached pages are keyed by section id and version; test databases reuse ids, so
without this a test could be served a page another test cached. A fresh key
prefix isolates the Django cache (in memory or Redis) without flushing anything
others may share."""

from __future__ import annotations

import copy
import uuid
from contextlib import contextmanager

import pytest

from tournaments.caching.responses import memo_forget


@contextmanager
def isolated_public_cache(settings):
    """`settings` is pytest-django's fixture (restored after the test)."""
    caches = copy.deepcopy(settings.CACHES)
    caches["default"]["KEY_PREFIX"] = f"test-{uuid.uuid4().hex[:12]}"
    settings.CACHES = caches
    memo_forget()
    try:
        yield
    finally:
        memo_forget()


@pytest.fixture
def fresh_public_cache(settings):
    with isolated_public_cache(settings):
        yield
