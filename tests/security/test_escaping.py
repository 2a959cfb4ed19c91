"""Names, results and free text are shown as text everywhere: an event, section, venue,
player, club, unpublish reason and job message made of markup are rendered escaped
on every arbiter page, public page, admin list and htmx answer, and never reach a
page as markup; files and JSON go out with types a browser does not render."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.api.isolation import isolated_public_cache
from tests.factories import EventFactory, EventRoleFactory, PlayerFactory, SectionFactory
from tests.security.test_url_access import ARBITER, LOGIN, PUBLIC, classify, fill
from tests.security.world import all_routes
from tests.web.arbiter_helpers import make_round, quick_user
from tournaments.jobs.models import PairingJob
from tournaments.models import EventRole
from tournaments.services.results import result_record
from tournaments.services.rounds import round_unpublish

pytestmark = pytest.mark.django_db

EVENT = '<script>alert("event")</script>Open'
VENUE = "<img src=x onerror=alert('venue')>"
SECTION = "<b onmouseover=alert(2)>Group</b>"
PLAYER = '<script>alert("player")</script>'
CLUB = '"><svg onload=alert(3)>'
REASON = "<script>alert('reason')</script>"
JOB = "No pairing: <iframe src=//evil.example>"
PAYLOADS = [EVENT, VENUE, SECTION, PLAYER, CLUB, REASON, JOB]
# What must never appear in a page: the start of each payload as live markup.
RAW = ["<script>alert", "<img src=x", "<b onmouseover", "<svg onload", "<iframe src=//evil"]


@pytest.fixture
def hostile(settings):
    with isolated_public_cache(settings):
        event = EventFactory(slug="x-ev", name=EVENT, venue=VENUE)
        section = SectionFactory(event=event, slug="s", name=SECTION, total_rounds=5)
        PlayerFactory(section=section, pairing_number=1, name=PLAYER, club=CLUB)
        for i in range(2, 7):
            PlayerFactory(section=section, pairing_number=i, name=f"Plain {i}", club=CLUB)
        first = make_round(section)
        for game in first.games.all():
            result_record(game=game, result="1/2-1/2", by=None)
        second = make_round(section)
        round_unpublish(round=second, reason=REASON)
        PairingJob.objects.create(section=section, round_number=3, status="failed", message=JOB)
        chief = quick_user("chief-x")
        chief.is_staff = chief.is_superuser = True
        chief.save()
        EventRoleFactory(user=chief, event=event, role=EventRole.Role.CHIEF_ARBITER)
        yield section, chief


VALUES = {
    "event": "x-ev",
    "section": "s",
    "number": "1",
    "pn": "1",
    "board": "1",
    "fmt": "trf",
    "key": "0" * 64,
}


def _check(body: str, what: str) -> None:
    for raw in RAW:
        assert raw not in body, f"{raw!r} as markup in {what}"


def test_every_page_shows_markup_in_names_as_text(hostile):
    section, chief = hostile
    job = PairingJob.objects.get(section=section)
    arbiter = Client()
    arbiter.force_login(chief)
    anonymous = Client()
    shown: set[str] = set()
    pages = 0
    for route in all_routes():
        level, kind = classify(route)
        if "r" not in kind or level not in (ARBITER, LOGIN, PUBLIC) or route.namespace == "lab":
            continue
        client = anonymous if level == PUBLIC else arbiter
        for number in ("1", "2"):
            url = fill(
                route.route,
                {**VALUES, "number": number, "job": str(job.pk), "rest": "x", "url": "x"},
            )
            for headers in ({}, {"HX-Request": "true"}):
                response = client.get(url, headers=headers)
                kind_of = response.get("Content-Type", "")
                body = response.content.decode(errors="replace")
                if kind_of.startswith("text/html"):
                    _check(body, f"{url} {headers}")
                    pages += 1
                    shown |= {p for p in PAYLOADS if _escaped(p) in body}
                else:
                    assert not kind_of.startswith(("image/svg", "text/xml")) or "export" in url
    assert pages > 60
    assert shown == set(PAYLOADS), f"never displayed: {set(PAYLOADS) - shown}"


def _escaped(text: str) -> str:
    from django.utils.html import escape

    return escape(text)


def test_admin_lists_escape_names(hostile):
    _, chief = hostile
    client = Client()
    client.force_login(chief)
    for url in (
        "/admin/tournaments/player/",
        "/admin/tournaments/event/",
        "/admin/tournaments/section/",
        "/admin/pairing/pairingjob/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        _check(response.content.decode(), url)


def test_a_csv_preview_shows_the_file_as_text(hostile):
    section, chief = hostile
    empty = SectionFactory(event=section.event, slug="empty", name="Empty")
    client = Client()
    client.force_login(chief)
    text = f"name,club\n{PLAYER},{CLUB}\n"
    response = client.post(f"/arbiter/x-ev/{empty.slug}/import/csv/", {"csv-text": text})
    body = response.content.decode()
    assert response.status_code == 200 and _escaped(PLAYER) in body
    _check(body, "the CSV preview")


def test_files_and_json_are_not_html(hostile):
    client = Client()
    for url, expected in (
        ("/api/v1/events/x-ev/sections/s/players/", "application/json"),
        ("/api/v1/events/x-ev/sections/s/export.trf", "text/plain"),
    ):
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"].startswith(expected)
        assert response["X-Content-Type-Options"] == "nosniff"
    assert get_user_model().objects.filter(username="chief-x").exists()


def test_service_messages_naming_players_are_escaped(hostile):
    _, chief = hostile
    client = Client()
    client.force_login(chief)
    response = client.post("/arbiter/x-ev/s/players/1/delete/", follow=True)
    body = response.content.decode()
    assert "has already been paired" in body and _escaped(PLAYER) in body
    _check(body, "the message after a refused delete")
