"""Deleting a section or an event: only the chief arbiter, only with the name typed
out, everything in it at once (one transaction), and its public pages and API
answers gone from the next request on, cached or not."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.api.builders import section_with_rounds
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tests.factories import EventRoleFactory, SectionFactory
from tests.web.arbiter_helpers import quick_user
from tournaments.errors import ServiceError, StateError
from tournaments.jobs.models import PairingJob
from tournaments.models import (
    Event,
    EventRole,
    Game,
    Player,
    ResultChange,
    Round,
    Section,
    SectionVersion,
)
from tournaments.services.events import event_delete
from tournaments.services.sections import section_delete

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_public_cache")]


@pytest.fixture
def world():
    """A public event with a played section ("open") and an empty one ("juniors")."""
    section = section_with_rounds(players=6, played=2, name="Open", slug="open")
    other = SectionFactory(event=section.event, name="Juniors", slug="juniors")
    chief, arbiter = quick_user("chief"), quick_user("arbiter")
    EventRoleFactory(user=chief, event=section.event, role=EventRole.Role.CHIEF_ARBITER)
    EventRoleFactory(user=arbiter, event=section.event, role=EventRole.Role.ARBITER)
    return section, other, chief, arbiter


def _public(section) -> list[str]:
    e, s = section.event.slug, section.slug
    return [
        f"/e/{e}/{s}/",
        f"/e/{e}/{s}/standings/",
        f"/e/{e}/{s}/crosstable/",
        f"/e/{e}/{s}/round/1/",
        f"/e/{e}/{s}/player/1/",
        f"/api/v1/events/{e}/sections/{s}/",
        f"/api/v1/events/{e}/sections/{s}/standings/",
        f"/api/v1/events/{e}/sections/{s}/rounds/1/pairings/",
    ]


def _delete_url(section) -> str:
    return reverse("arbiter:section_delete", args=[section.event.slug, section.slug])


def test_only_the_chief_arbiter_may_delete(client, world):
    section, _, chief, arbiter = world
    client.force_login(arbiter)
    assert client.get(_delete_url(section)).status_code == 403
    response = client.post(_delete_url(section), {"confirm_name": "Open"})
    assert response.status_code == 403 and Section.objects.filter(pk=section.pk).exists()
    event_url = reverse("arbiter:event_delete", args=[section.event.slug])
    assert client.post(event_url, {"confirm_name": section.event.name}).status_code == 403
    assert Event.objects.filter(pk=section.event_id).exists()
    # The settings page says so instead of offering the button.
    settings = reverse("arbiter:section_edit", args=[section.event.slug, section.slug])
    assert "Only the chief arbiter can delete" in client.get(settings).content.decode()
    client.force_login(chief)
    assert _delete_url(section) in client.get(settings).content.decode()


def test_the_name_must_be_typed_out(client, world):
    section, _, chief, _ = world
    client.force_login(chief)
    page = client.get(_delete_url(section)).content.decode()
    assert "6 players, 2 rounds and 6 results" in page
    page = client.post(_delete_url(section), {"confirm_name": "open"}).content.decode()
    assert "Type the section&#x27;s name exactly" in page or "Type the section's name" in page
    assert Section.objects.filter(pk=section.pk).exists()
    with pytest.raises(ServiceError):
        section_delete(section=section, confirm_name="")


def test_a_deleted_section_is_gone_from_public_pages_and_the_api_at_once(client, world):
    section, other, chief, _ = world
    for url in _public(section):  # cached now, and the slugs resolved
        assert client.get(url).status_code == 200, url
    event_page = client.get(f"/e/{section.event.slug}/").content.decode()
    assert ">Open</a>" in event_page
    client.force_login(chief)
    response = client.post(_delete_url(section), {"confirm_name": " Open "})
    assert response.status_code == 302
    assert response["Location"] == reverse("arbiter:event", args=[section.event.slug])
    client.logout()
    for url in _public(section):
        assert client.get(url).status_code == 404, url
    api = client.get(f"/api/v1/events/{section.event.slug}/sections/open/standings/")
    assert api["Content-Type"].startswith("application/json")
    event_page = client.get(f"/e/{section.event.slug}/").content.decode()
    assert ">Open</a>" not in event_page and ">Juniors</a>" in event_page
    # Everything in it went with it; the other section is untouched.
    assert not Player.objects.filter(section_id=section.pk).exists()
    assert not Round.objects.filter(section_id=section.pk).exists()
    assert not Game.objects.filter(round__section_id=section.pk).exists()
    assert not ResultChange.objects.filter(game__round__section_id=section.pk).exists()
    assert not SectionVersion.objects.filter(section_id=section.pk).exists()
    assert Section.objects.filter(pk=other.pk).exists()


def test_a_section_being_paired_is_not_deleted(world):
    section, _, _, _ = world
    PairingJob.objects.create(section=section, round_number=3, status="running")
    with pytest.raises(StateError, match="being paired"):
        section_delete(section=section, confirm_name="Open")
    assert Section.objects.filter(pk=section.pk).exists()


def test_deleting_an_event_takes_everything_and_its_pages(client, world):
    section, other, chief, _ = world
    event = section.event
    for url in [*_public(section), f"/e/{event.slug}/", f"/api/v1/events/{event.slug}/"]:
        assert client.get(url).status_code == 200, url
    client.force_login(chief)
    url = reverse("arbiter:event_delete", args=[event.slug])
    page = client.get(url).content.decode()
    assert "2 sections with 6 players" in page
    assert client.post(url, {"confirm_name": "not it"}).status_code == 200
    assert Event.objects.filter(pk=event.pk).exists()
    response = client.post(url, {"confirm_name": event.name}, follow=True)
    assert f"{event.name} is deleted" in response.content.decode()
    assert not Event.objects.filter(pk=event.pk).exists()
    assert not Section.objects.filter(pk__in=[section.pk, other.pk]).exists()
    assert not EventRole.objects.filter(event_id=event.pk).exists()
    client.logout()
    for url in [*_public(section), f"/e/{event.slug}/", f"/api/v1/events/{event.slug}/"]:
        assert client.get(url).status_code == 404, url
    assert event.slug not in client.get("/api/v1/events/").content.decode()


def test_event_delete_needs_its_name(world):
    section, _, _, _ = world
    with pytest.raises(ServiceError, match="Type the event's name"):
        event_delete(event=section.event, confirm_name="x")


@pytest.mark.django_db(transaction=True)  # each request commits, as a server's do
def test_a_process_that_did_not_delete_it_answers_404_too(client, world):
    """Another web process still remembers the slugs (for up to 30 s) and keeps copies
    of the answers it served: the section's version row went with the section, so
    none of those answers is current any more."""
    section, _, _, _ = world
    for url in _public(section):
        assert client.get(url).status_code == 200, url
    Section.objects.filter(pk=section.pk).delete()  # as if deleted by another process
    for url in _public(section):
        assert client.get(url).status_code == 404, url
