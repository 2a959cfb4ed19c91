"""The Redis cache, degrading to "nothing cached" while Redis does not answer.

Django's RedisCache raises on a connection error, so a stopped or restarting Redis
would turn every page that touches the cache into a 500. Nothing Blossom caches is
the only copy of anything: the database holds every fact, the cache only saves
work. So while Redis is unreachable this backend behaves like an empty cache that
keeps nothing: reads miss, writes are dropped, `add` reports success (the caller
then does the work itself instead of waiting for someone else), `incr` finds no key.

After a failure Redis is left alone for `RETRY_AFTER` seconds (a dead server is
not asked again for every cache call of every request), then tried again. The
outage is logged once when it starts and once when it ends, without the server's
address (it may hold a password).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

RETRY_AFTER = 2.0  # seconds without trying Redis after a failure


class _Outage:
    """Process-wide: when Redis last failed, and whether the outage was reported."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.until = 0.0
        self.reported = False

    def skipping(self) -> bool:
        return time.monotonic() < self.until

    def failed(self, exc: Exception, retry_after: float) -> None:
        with self.lock:
            self.until = time.monotonic() + retry_after
            if not self.reported:
                self.reported = True
                log.warning(
                    "Cache unreachable (%s); serving without the cache until it answers.",
                    type(exc).__name__,
                )

    def answered(self) -> None:
        if self.reported:
            with self.lock:
                if self.reported:
                    self.reported = False
                    log.warning("Cache reachable again.")


OUTAGE = _Outage()


class _NoKey(ValueError):
    """`incr` while Redis is unreachable: the key is not there, as in an empty cache."""


def _degrading(fallback: Callable[..., Any]) -> Callable:
    """Run the RedisCache method; on a Redis error return `fallback(*args)` instead."""

    def decorate(method: Callable) -> Callable:
        @wraps(method)
        def wrapper(self, *args, **kwargs):
            if OUTAGE.skipping():
                return fallback(*args, **kwargs)
            try:
                value = method(self, *args, **kwargs)
            except RedisError as exc:
                OUTAGE.failed(exc, self.retry_after)
                return fallback(*args, **kwargs)
            OUTAGE.answered()
            return value

        return wrapper

    return decorate


def _no_key(key, *args, **kwargs):
    raise _NoKey(f"Key {key!r} not found (the cache is unreachable).")


class ResilientRedisCache(RedisCache):
    """RedisCache that behaves like an empty cache while Redis is unreachable.

    OPTIONS may hold `retry_after` (seconds) besides redis-py's connection options
    (`socket_connect_timeout`, `socket_timeout`, ...)."""

    def __init__(self, server, params):
        params = dict(params)
        options = dict(params.get("OPTIONS") or {})
        self.retry_after = float(options.pop("retry_after", RETRY_AFTER))
        params["OPTIONS"] = options
        super().__init__(server, params)

    @_degrading(lambda key, default=None, version=None: default)
    def get(self, key, default=None, version=None):
        return super().get(key, default, version)

    @_degrading(lambda *a, **k: None)
    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return super().set(key, value, timeout, version)

    @_degrading(lambda *a, **k: True)
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return super().add(key, value, timeout, version)

    @_degrading(lambda *a, **k: False)
    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return super().touch(key, timeout, version)

    @_degrading(lambda *a, **k: False)
    def delete(self, key, version=None):
        return super().delete(key, version)

    @_degrading(lambda *a, **k: {})
    def get_many(self, keys, version=None):
        return super().get_many(keys, version)

    @_degrading(lambda *a, **k: False)
    def has_key(self, key, version=None):
        return super().has_key(key, version)

    @_degrading(_no_key)
    def incr(self, key, delta=1, version=None):
        return super().incr(key, delta, version)

    @_degrading(lambda data, *a, **k: list(data))
    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return super().set_many(data, timeout, version)

    @_degrading(lambda *a, **k: None)
    def delete_many(self, keys, version=None):
        return super().delete_many(keys, version)

    @_degrading(lambda *a, **k: False)
    def clear(self):
        return super().clear()
