"""Every URL of the "arbiter" namespace is protected: anonymous users go to the login
page, users without a role in the event get 403, unknown events 404 – for GET and
POST. The URL list is read from the resolver, so a new URL without protection fails."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.web.arbiter_helpers import make_round, make_setup, quick_user
from tournaments.jobs.models import PairingJob

pytestmark = pytest.mark.django_db

OUTSIDE_EVENTS = {"event_list", "event_create"}
CHIEF_ONLY = {"event_edit", "event_delete", "arbiter_add", "arbiter_remove", "section_delete"}


def arbiter_patterns() -> list[URLPattern]:
    found = []
    for entry in get_resolver().url_patterns:
        if isinstance(entry, URLResolver) and entry.namespace == "arbiter":
            found.extend(p for p in entry.url_patterns if isinstance(p, URLPattern))
    return found


def _kwargs(pattern: URLPattern, setup, job, event_slug: str | None = None) -> dict:
    values = {
        "event": event_slug or setup.event.slug,
        "section": setup.section.slug,
        "number": 1,
        "pn": 1,
        "board": 1,
        "job": job.pk,
        "fmt": "trf",
    }
    return {name: values[name] for name in pattern.pattern.converters}


@pytest.fixture
def world():
    setup = make_setup(players=4)
    make_round(setup.section)
    job = PairingJob.objects.create(section=setup.section, round_number=2, status="done")
    return setup, job


def test_the_namespace_has_the_pages_we_expect():
    names = {p.name for p in arbiter_patterns()}
    assert {"event_list", "event", "section", "players", "round", "result", "pair", "job"} <= names
    assert len(names) == len(arbiter_patterns()), "two URL patterns share a name"


def test_every_view_is_wrapped_by_the_permission_decorator():
    for pattern in arbiter_patterns():
        assert getattr(pattern.callback, "arbiter_protected", False), pattern.name


@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_users_are_sent_to_the_login_page(client, world, method):
    setup, job = world
    for pattern in arbiter_patterns():
        url = reverse(f"arbiter:{pattern.name}", kwargs=_kwargs(pattern, setup, job))
        response = getattr(client, method)(url)
        assert response.status_code == 302, (pattern.name, response.status_code)
        assert response["Location"].startswith("/login/?next="), pattern.name


def test_anonymous_htmx_requests_get_a_client_redirect(client, world):
    setup, _ = world
    response = client.post(setup.url("result", number=1, board=1), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Redirect"].startswith("/login/?next=")


@pytest.mark.parametrize("method", ["get", "post"])
def test_users_without_a_role_get_403_on_every_event_page(client, world, method):
    setup, job = world
    client.force_login(quick_user("outsider"))
    for pattern in arbiter_patterns():
        url = reverse(f"arbiter:{pattern.name}", kwargs=_kwargs(pattern, setup, job))
        response = getattr(client, method)(url)
        if pattern.name in OUTSIDE_EVENTS:
            assert response.status_code in (200, 302, 405), pattern.name
            continue
        assert response.status_code == 403, (pattern.name, response.status_code)
        assert b"not an arbiter of" in response.content or b"chief arbiter" in response.content


@pytest.mark.parametrize("method", ["get", "post"])
def test_unknown_events_give_404(client, world, method):
    setup, job = world
    client.force_login(setup.arbiter)
    for pattern in arbiter_patterns():
        if pattern.name in OUTSIDE_EVENTS:
            continue
        kwargs = _kwargs(pattern, setup, job, event_slug="no-such-event")
        response = getattr(client, method)(reverse(f"arbiter:{pattern.name}", kwargs=kwargs))
        assert response.status_code == 404, (pattern.name, response.status_code)


def test_unknown_sections_rounds_and_players_give_404(client, world):
    setup, _ = world
    client.force_login(setup.arbiter)
    assert client.get(setup.url("section").replace(setup.section.slug, "nope")).status_code == 404
    assert client.get(setup.url("round", number=9)).status_code == 404
    assert client.get(setup.url("player_edit", pn=99)).status_code == 404
    assert client.post(setup.url("result", number=1, board=99)).status_code == 404


def test_an_arbiter_of_another_event_is_refused(client, world):
    setup, _ = world
    other = make_setup(players=0)
    client.force_login(other.chief)
    assert client.get(setup.url("section")).status_code == 403
    assert client.post(setup.url("pair")).status_code == 403


def test_chief_only_pages_refuse_plain_arbiters(client, world):
    setup, job = world
    client.force_login(setup.arbiter)
    for pattern in arbiter_patterns():
        if pattern.name not in CHIEF_ONLY:
            continue
        url = reverse(f"arbiter:{pattern.name}", kwargs=_kwargs(pattern, setup, job))
        assert client.post(url).status_code == 403, pattern.name
    client.force_login(setup.chief)
    assert client.get(reverse("arbiter:event_edit", args=[setup.event.slug])).status_code == 200


def test_writes_need_the_csrf_token(world):
    from django.test import Client

    setup, _ = world
    client = Client(enforce_csrf_checks=True)
    client.force_login(setup.arbiter)
    response = client.post(setup.url("result", number=1, board=1), {"result": "1-0", "version": 0})
    assert response.status_code == 403
    assert setup.section.rounds.get(number=1).games.get(board=1).result == ""
