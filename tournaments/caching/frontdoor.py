"""The front door for cached public reads: a WSGI wrapper around the Django application.

When a round is published, hundreds of phones ask for the same few pages at once.
Django already answers them from the cache, but the request still crosses every
middleware, the URL resolver (and DRF for the API) before the view finds its cached
entry. This wrapper remembers, for each exact request Django answered from a
section's cache (path, query, host, scheme and the headers the answer depends on),
which entry it was; the next identical request is answered straight from that entry
at the section's current version, with the headers Django sent.

It never decides anything itself: it only replays what Django served, and only while
the entry is current. A result or a publication bumps the section's version; the door
reads a route's version at most every `VERSION_TTL` seconds (50 ms: one cache read
per route and process then serves thousands of requests, where reading it for each
request would cost more than the rest of the answer), so within 50 ms of a change the
next request misses here and goes through Django, which renders, caches and teaches
the new entry. htmx refreshes (HX-Request), which pages make right after the live
endpoint saw a new version, always go through Django, so a page never swaps in an
answer older than the version it was told about. Learned routes expire after
`ROUTE_TTL` seconds (a deleted section disappears within that time, like the slug
memo). Requests with credentials (Authorization or a login session: an arbiter who
has just entered a result reads it back at once) and anything but GET always go to
Django.

Serve it with gunicorn as `tournaments.caching.frontdoor:application`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

ROUTE_KEY = "blossom.public_route"  # set in the WSGI environ by views that may be replayed
ROUTE_TTL = 30.0
VERSION_TTL = 0.05  # seconds a route's current key is used before the version is read again


def version_ttl() -> float:
    """PUBLIC_FRONT_DOOR_VERSION_TTL: how stale (in seconds) a replayed answer may be after
    a change; 0 reads the section's version on every request, like the views do."""
    from django.conf import settings  # here: importing this module needs no settings

    return float(getattr(settings, "PUBLIC_FRONT_DOOR_VERSION_TTL", VERSION_TTL))


def session_cookie() -> str:
    """`name=` of the login session cookie: signed-in users always go through Django."""
    from django.conf import settings

    return f"{settings.SESSION_COOKIE_NAME}="


MAX_ROUTES = 20_000
# The answer Django gives depends on these request values (besides path and query).
SIGNATURE_HEADERS = (
    "HTTP_HOST",
    "wsgi.url_scheme",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_HX_REQUEST",
    "HTTP_ACCEPT",
)
# Headers the entry itself decides; everything else Django sent is replayed as it was.
ENTRY_HEADERS = frozenset(
    {
        "content-type",
        "content-length",
        "content-encoding",
        "content-disposition",
        "etag",
        "last-modified",
        "cache-control",
        "set-cookie",
    }
)
STATUS_TEXT = {200: "200 OK", 304: "304 Not Modified", 404: "404 Not Found"}


@dataclass(slots=True)
class Route:
    key: Callable[[], str]  # the entry's cache key at the current versions
    headers: tuple[tuple[str, str], ...]  # what Django's middleware added (security, Vary)
    expires: float
    current: str = ""  # key() as last read, and until when it is used without asking again
    current_until: float = 0.0

    def current_key(self, now: float, ttl: float) -> str:
        if now >= self.current_until:
            self.current, self.current_until = self.key(), now + ttl
        return self.current


def signature(environ: dict) -> tuple[str, ...]:
    return (
        environ.get("PATH_INFO", ""),
        environ.get("QUERY_STRING", ""),
        *(str(environ.get(name, "")) for name in SIGNATURE_HEADERS),
    )


class PublicFastPath:
    def __init__(self, app: Callable) -> None:
        # Django is set up by now (wrap_django); this module is imported before it.
        from tournaments.caching.responses import answer, local_entry

        self.app = app
        self.routes: dict[tuple[str, ...], Route] = {}
        self.lock = threading.Lock()
        self.answer, self.entry = answer, local_entry

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        eligible = (
            environ.get("REQUEST_METHOD") == "GET"
            and "HTTP_AUTHORIZATION" not in environ
            and "HTTP_HX_REQUEST" not in environ  # live refreshes: always the current version
            and session_cookie() not in environ.get("HTTP_COOKIE", "")
        )
        if not eligible:
            return self.app(environ, start_response)
        sig = signature(environ)
        route = self.routes.get(sig)
        now = time.monotonic()
        if route is not None and route.expires > now:
            stored = self.entry(route.current_key(now, version_ttl()))
            if stored is not None:
                status, body, headers = self.answer(
                    stored,
                    if_none_match=environ.get("HTTP_IF_NONE_MATCH"),
                    if_modified_since=environ.get("HTTP_IF_MODIFIED_SINCE", ""),
                    accept_encoding=environ.get("HTTP_ACCEPT_ENCODING", ""),
                )
                headers = [*headers, *route.headers, ("Content-Length", str(len(body)))]
                start_response(STATUS_TEXT.get(status, f"{status} Unknown"), headers)
                return [body]
        return self._through_django(environ, start_response, sig)

    def _through_django(
        self, environ: dict, start_response: Callable, sig: tuple[str, ...]
    ) -> Iterable[bytes]:
        seen: dict[str, list[tuple[str, str]]] = {}

        def capture(status: str, headers: list[tuple[str, str]], exc_info=None):
            seen["headers"] = headers
            return start_response(status, headers, exc_info)

        result = self.app(environ, capture)
        key = environ.get(ROUTE_KEY)
        if key is not None and "headers" in seen:
            kept = tuple((k, v) for k, v in seen["headers"] if k.lower() not in ENTRY_HEADERS)
            with self.lock:
                if len(self.routes) >= MAX_ROUTES:
                    self.routes.clear()
                self.routes[sig] = Route(key, kept, time.monotonic() + ROUTE_TTL)
        return result


def remember(request, key: Callable[[], str]) -> None:
    """Views call this when the answer is a public cached entry the front door may
    replay for identical requests; `key()` names the entry at the current version
    (request.META is the WSGI environ)."""
    request.META[ROUTE_KEY] = key


def wrap_django() -> PublicFastPath:
    import os

    from django.core.wsgi import get_wsgi_application

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    door = PublicFastPath(get_wsgi_application())  # Django is set up before the wrapper
    settle()
    return door


def settle() -> None:
    """Load every view now and move what is loaded out of the garbage collector's way:
    a full collection otherwise walks Django's whole import graph every so often and
    stalls every thread of the process for tens of milliseconds."""
    import gc

    from django.urls import get_resolver

    get_resolver().check()  # resolving the patterns imports every view module
    gc.collect()
    gc.freeze()


def __getattr__(name: str):
    """`application` is built on first use, so importing this module needs no settings."""
    if name == "application":
        globals()["application"] = app = wrap_django()
        return app
    raise AttributeError(name)
