"""The WSGI front door replays exactly what Django served from the cache, and only while
the entry is current."""

from __future__ import annotations

import gzip
import io
import sys

import pytest
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections

from tests.api.builders import section_with_rounds, simple_round
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tournaments.caching.frontdoor import PublicFastPath
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_public_cache")]


class Counting:
    """The Django application, counting the requests that reach it."""

    def __init__(self) -> None:
        self.app = get_wsgi_application()
        self.calls = 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.app(environ, start_response)


@pytest.fixture
def front():
    """The door around a counting Django. Like Django's test client, requests here keep
    the test's database connection (its transaction holds the test data)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        django = Counting()
        yield PublicFastPath(django), django
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def get(app, path: str, query: str = "", **headers):
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "testserver",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
    }
    environ.update({f"HTTP_{k.upper()}": v for k, v in headers.items()})
    seen = {}

    def start_response(status, response_headers, exc_info=None):
        seen["status"], seen["headers"] = status, response_headers

    result = app(environ, start_response)
    body = b"".join(result)
    if hasattr(result, "close"):
        result.close()  # as a WSGI server does: Django's request_finished
    headers = {k.lower(): v for k, v in seen["headers"]}
    headers.pop("content-length", None)
    return seen["status"], headers, body


def test_a_second_identical_request_is_replayed_byte_for_byte(front):
    app, django = front
    section = section_with_rounds(players=6, played=2)
    path = f"/e/{section.event.slug}/{section.slug}/round/2/"
    first = get(app, path, accept_encoding="gzip")
    assert django.calls == 1 and first[0] == "200 OK"
    again = get(app, path, accept_encoding="gzip")
    assert django.calls == 1  # answered at the door
    assert again == first
    assert first[1]["x-frame-options"] == "DENY"  # what the middleware added is kept
    assert gzip.decompress(again[2]).startswith(b"<!doctype html>")
    plain = get(app, path)
    assert django.calls == 1 and plain[2] == gzip.decompress(first[2])


def test_conditional_requests_are_answered_304_at_the_door(front):
    app, django = front
    section = section_with_rounds(players=6, played=2)
    path = f"/e/{section.event.slug}/{section.slug}/"
    status, headers, _ = get(app, path)
    assert status == "200 OK"
    calls = django.calls
    again = get(app, path, if_none_match=headers["etag"])
    assert again[0] == "304 Not Modified" and again[2] == b"" and django.calls == calls


def test_htmx_refreshes_always_reach_django(front):
    # A page refreshes its region right after the live endpoint saw a new version: the
    # answer must be of that version, so the door never answers htmx requests.
    app, django = front
    section = section_with_rounds(players=6, played=2)
    path = f"/e/{section.event.slug}/{section.slug}/"
    full = get(app, path)
    part = get(app, path, hx_request="true")
    assert get(app, path, hx_request="true") == part and django.calls == 3
    assert get(app, path) == full and django.calls == 3
    assert part[2].startswith(b'<div id="region"')


def test_a_result_sends_the_next_request_through_django(
    front, django_capture_on_commit_callbacks, settings
):
    settings.PUBLIC_FRONT_DOOR_VERSION_TTL = 0  # read the version on every request
    app, django = front
    section = section_with_rounds(players=4, played=1, pending=1)
    path = f"/e/{section.event.slug}/{section.slug}/"
    before = get(app, path)[2]
    get(app, path)
    assert django.calls == 1
    with django_capture_on_commit_callbacks(execute=True):
        game = section.rounds.get(number=2).games.get(board=1)
        result_record(game=game, result="1-0", by=None)
    after = get(app, path)[2]
    assert django.calls == 2 and after != before and "1–0" in after.decode()
    assert get(app, path)[2] == after and django.calls == 2


def test_api_reads_are_replayed_and_credentials_always_reach_django(front):
    app, django = front
    section = section_with_rounds(players=6, played=2)
    path = f"/api/v1/events/{section.event.slug}/sections/{section.slug}/standings/"
    first = get(app, path, "limit=400")
    assert first[0] == "200 OK" and first[1]["content-type"] == "application/json"
    assert get(app, path, "limit=400") == first and django.calls == 1
    assert get(app, path, "limit=5")[2] != first[2] and django.calls == 2  # other query
    get(app, path, "limit=400", authorization="Token x")
    assert django.calls == 3


def test_errors_and_private_events_are_never_learned(front):
    app, django = front
    get(app, "/e/nowhere/nothing/")
    get(app, "/e/nowhere/nothing/")
    assert django.calls == 2


def test_the_version_is_read_again_within_50_ms(
    front, django_capture_on_commit_callbacks, monkeypatch
):
    from tournaments.caching import frontdoor as fastpath

    clock = [1000.0]
    monkeypatch.setattr(fastpath.time, "monotonic", lambda: clock[0])
    app, django = front
    section = section_with_rounds(players=4, played=1, pending=1)
    path = f"/e/{section.event.slug}/{section.slug}/"
    before = get(app, path)
    assert get(app, path) == before and django.calls == 1  # replayed: version read now
    with django_capture_on_commit_callbacks(execute=True):
        game = section.rounds.get(number=2).games.get(board=1)
        result_record(game=game, result="1-0", by=None)
    clock[0] += 0.01
    assert get(app, path) == before  # the same 50 ms: the answer Django gave before
    clock[0] += 0.05
    after = get(app, path)
    assert django.calls == 2 and "1–0" in after[2].decode()


def test_event_pages_are_replayed_until_any_section_changes(
    front, django_capture_on_commit_callbacks, settings
):
    settings.PUBLIC_FRONT_DOOR_VERSION_TTL = 0
    app, django = front
    section = section_with_rounds(players=4, played=1)
    path = f"/e/{section.event.slug}/"
    first = get(app, path)
    assert get(app, path) == first and django.calls == 1
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round=simple_round(section))
    after = get(app, path)
    assert django.calls == 2 and b"<strong>Round 2</strong>" in after[2]


def test_signed_in_readers_always_reach_django(front):
    """An arbiter reads back a result just entered: never a replayed answer, even within
    the front door's 50 ms version window."""
    app, django = front
    section = section_with_rounds(players=6, played=2)
    path = f"/e/{section.event.slug}/{section.slug}/"
    get(app, path)
    get(app, path)
    assert django.calls == 1
    get(app, path, cookie="csrftoken=x; sessionid=abc")
    get(app, path, cookie="sessionid=abc")
    assert django.calls == 3
    get(app, path, cookie="csrftoken=x")  # a cookie without a login is still public
    assert django.calls == 3
