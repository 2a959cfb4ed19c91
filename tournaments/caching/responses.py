"""Whole-response caching for the public pages and the public API.

A response is stored under `section_cache_key(section_id, ...)`, whose key carries the
section's version: every change players can see bumps the version, so the next
request misses and renders afresh. A hit costs one cache read (the version; each
process keeps copies of the entries it served, which never change under their key)
and no database query; slugs resolve to ids through a short-lived in-process memo.

Entries carry their ETag (derived from the versioned key) and Last-Modified, so
unchanged pages answer 304 to `If-None-Match` / `If-Modified-Since`, and a gzip
copy for clients that accept it (phones on a slow network).
"""

from __future__ import annotations

import gzip
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date, parse_etags, parse_http_date_safe

from tournaments.caching.versions import section_cache_key
from tournaments.selectors.sections import section_get_by_slugs

ENTRY_TIMEOUT = 6 * 3600  # old versions are never read again; let them expire
LOCK_TIMEOUT = 10
WAIT_FOR_OTHER_RENDER = 2.0  # seconds a request waits for a concurrent render
GZIP_MIN = 1024

# Slugs -> ids ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SectionRef:
    section_id: int
    event_id: int
    event_public: bool


RESOLVE_TTL = 30.0  # seconds; a deleted section disappears within this time
UNKNOWN_TTL = 3.0  # unknown slugs are asked again soon (a section may be being created)
_MEMO_MAX = 5000
_memo: dict[tuple[str, ...], tuple[float, object]] = {}
_memo_lock = threading.Lock()


def memo_get(key: tuple[str, ...], load: Callable[[], object], *, ttl: float) -> object:
    now = time.monotonic()
    hit = _memo.get(key)
    if hit is not None and hit[0] > now:
        return hit[1]
    value = load()
    with _memo_lock:
        if len(_memo) >= _MEMO_MAX:
            _memo.clear()
        _memo[key] = (now + (ttl if value is not None else UNKNOWN_TTL), value)
    return value


def memo_forget(key: tuple[str, ...] | None = None) -> None:
    """Forget one resolution (or all of them, and the local copies of entries: tests
    start from a clean slate)."""
    with _memo_lock:
        if key is None:
            _memo.clear()
            _local.clear()
        else:
            _memo.pop(key, None)


def section_ref(event_slug: str, section_slug: str) -> SectionRef | None:
    """The ids behind a section's slugs, whether its event is public or not."""

    def load() -> SectionRef | None:
        section = section_get_by_slugs(event_slug=event_slug, section_slug=section_slug)
        if section is None:
            return None
        return SectionRef(section.pk, section.event_id, section.event.is_public)

    return memo_get(("section", event_slug, section_slug), load, ttl=RESOLVE_TTL)  # type: ignore[return-value]


# Stored responses -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stored:
    body: bytes
    gz: bytes | None
    content_type: str
    etag: str
    last_modified: float  # seconds since the epoch
    headers: tuple[tuple[str, str], ...] = ()
    status: int = 200

    @classmethod
    def make(
        cls,
        body: bytes,
        *,
        key: str,
        content_type: str,
        last_modified: datetime,
        headers: tuple[tuple[str, str], ...] = (),
        status: int = 200,
    ) -> Stored:
        gz = gzip.compress(body, 6, mtime=0) if len(body) >= GZIP_MIN else None
        tag = hashlib.blake2b(key.encode(), digest_size=10).hexdigest()
        return cls(body, gz, content_type, f'W/"{tag}"', last_modified.timestamp(), headers, status)


def not_modified(
    *, etag: str, last_modified: float | None, if_none_match: str | None, if_modified_since: str
) -> bool:
    """RFC 9110: If-None-Match wins; If-Modified-Since is read only without it."""
    if if_none_match is not None:
        if if_none_match.strip() == "*":
            return True
        wanted = {t.removeprefix("W/") for t in parse_etags(if_none_match)}
        return etag.removeprefix("W/") in wanted
    if if_modified_since and last_modified is not None:
        since = parse_http_date_safe(if_modified_since)
        return since is not None and int(last_modified) <= since
    return False


def answer(
    stored: Stored, *, if_none_match: str | None, if_modified_since: str, accept_encoding: str
) -> tuple[int, bytes, list[tuple[str, str]]]:
    """Status, body and the entry's own headers for a request with these headers
    (304 when the client has it, gzip when it accepts it)."""
    ok = stored.status == 200
    headers: list[tuple[str, str]] = []
    if ok and not_modified(
        etag=stored.etag,
        last_modified=stored.last_modified,
        if_none_match=if_none_match,
        if_modified_since=if_modified_since,
    ):
        status, body = 304, b""
    else:
        status, body = stored.status, stored.body
        headers.append(("Content-Type", stored.content_type))
        if stored.gz is not None and "gzip" in accept_encoding:
            body = stored.gz
            headers.append(("Content-Encoding", "gzip"))
        headers += stored.headers
    if ok:
        headers += [("ETag", stored.etag), ("Last-Modified", http_date(stored.last_modified))]
    headers.append(("Cache-Control", "public, no-cache"))
    return status, body, headers


def to_response(
    request: HttpRequest, stored: Stored, *, vary: tuple[str, ...] = ()
) -> HttpResponse:
    status, body, headers = answer(
        stored,
        if_none_match=request.headers.get("If-None-Match"),
        if_modified_since=request.headers.get("If-Modified-Since", ""),
        accept_encoding=request.headers.get("Accept-Encoding", ""),
    )
    response = HttpResponseNotModified() if status == 304 else HttpResponse(body, status=status)
    for name, value in headers:
        response[name] = value
    patch_vary_headers(response, ("Accept-Encoding", *vary))
    return response


def cached(
    section_id: int,
    parts: tuple[object, ...],
    render: Callable[[str], Stored],
) -> Stored:
    """The stored response for `parts` at the section's current version, rendering it
    (once, even when many requests miss together) when it is not there.

    `render(key)` may raise (Http404, ...); nothing is stored then."""
    return cached_under(section_cache_key(section_id, *parts), render)


# Entries never change under a key (the key holds the version), so each process keeps
# copies of the ones it served last: a hit then costs one cache read (the version).
LOCAL_ENTRIES = 256
_local: OrderedDict[str, Stored] = OrderedDict()


def local_entry(key: str) -> Stored | None:
    """This process's copy of the entry under `key`, if it has one."""
    return _local_get(key)


def _local_get(key: str) -> Stored | None:
    with _memo_lock:
        stored = _local.get(key)
        if stored is not None:
            _local.move_to_end(key)
        return stored


def _local_put(key: str, stored: Stored) -> None:
    with _memo_lock:
        _local[key] = stored
        while len(_local) > LOCAL_ENTRIES:
            _local.popitem(last=False)


def cached_under(key: str, render: Callable[[str], Stored]) -> Stored:
    """The entry under `key`, or `render(key)` stored there. When another request is
    rendering the same key, wait briefly for it instead of rendering again."""
    stored = _local_get(key)
    if stored is not None:
        return stored
    stored = _shared_get_or_render(key, render)
    _local_put(key, stored)
    return stored


def _shared_get_or_render(key: str, render: Callable[[str], Stored]) -> Stored:
    stored = cache.get(key)
    if stored is not None:
        return stored
    lock = f"{key}:rendering"
    if not cache.add(lock, 1, LOCK_TIMEOUT):
        deadline = time.monotonic() + WAIT_FOR_OTHER_RENDER
        while time.monotonic() < deadline:
            time.sleep(0.02)
            stored = cache.get(key)
            if stored is not None:
                return stored
    try:
        stored = render(key)
        cache.set(key, stored, ENTRY_TIMEOUT)
    finally:
        cache.delete(lock)
    return stored
