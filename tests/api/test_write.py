"""Arbiter writes over the API: results, publishing, pairing jobs; who may write; errors."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.authtoken.models import Token

from tests.api.builders import section_with_rounds, simple_round
from tests.api.conftest import token_client
from tests.factories import EventFactory, EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db


def base(section) -> str:
    return f"/api/v1/events/{section.event.slug}/sections/{section.slug}/"


def result_url(section, number=1, board=1) -> str:
    return base(section) + f"rounds/{number}/boards/{board}/result/"


# Who may write ---------------------------------------------------------------------------------

WRITES = [
    ("post", "rounds/1/boards/1/result/", {"result": "1-0"}),
    ("post", "rounds/2/publish/", None),
    ("post", "pair/", None),
]


@pytest.mark.parametrize(("method", "tail", "body"), WRITES)
def test_anonymous_writes_are_401_and_say_how_to_authenticate(api, method, tail, body):
    section = section_with_rounds(players=4, pending=1, played=0, draft=1)
    response = getattr(api, method)(base(section) + tail, body, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["detail"]


@pytest.mark.parametrize(("method", "tail", "body"), WRITES)
def test_an_arbiter_of_another_event_gets_403(api, arbiter_of, method, tail, body):
    section = section_with_rounds(players=4, pending=1, played=0, draft=1)
    stranger = arbiter_of(EventFactory())
    response = getattr(stranger, method)(base(section) + tail, body, format="json")
    assert response.status_code == 403
    assert section.event.name in response.json()["detail"]


def test_a_bad_token_is_401(api):
    section = section_with_rounds(players=4, pending=1, played=0)
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api.post(result_url(section), {"result": "1-0"}, format="json")
    assert response.status_code == 401 and response.json()["detail"]


def test_writes_to_a_private_event_of_someone_else_look_missing(arbiter_of):
    private = EventFactory(is_public=False)
    section = section_with_rounds(players=4, pending=1, played=0, event=private)
    response = arbiter_of(EventFactory()).post(result_url(section), {"result": "1-0"})
    assert response.status_code == 404


# Results --------------------------------------------------------------------------------------


def test_an_arbiter_records_a_result_and_public_pages_show_it(
    api, arbiter_of, django_capture_on_commit_callbacks
):
    section = section_with_rounds(players=4, pending=1, played=0)
    client = arbiter_of(section.event)
    before = api.get(base(section) + "rounds/1/pairings/").json()["results"][0]["result"]
    assert before == ""
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            result_url(section), {"result": "1/2-1/2", "version": 0}, format="json"
        )
    assert response.status_code == 200
    body = response.json()
    assert body["result"] == "1/2-1/2" and body["version"] == 1 and body["board"] == 1
    assert response["ETag"] == '"1"'
    after = api.get(base(section) + "rounds/1/pairings/").json()["results"][0]["result"]
    assert after == "1/2-1/2"  # the cached answer was renewed at once
    game = section.rounds.get(number=1).games.get(board=1)
    assert game.changes.get().source == "api"


def test_a_stale_version_is_refused_with_the_current_result(arbiter_of):
    section = section_with_rounds(players=4, pending=1, played=0)
    client = arbiter_of(section.event)
    assert client.post(result_url(section), {"result": "1-0", "version": 0}).status_code == 200
    stale = client.post(result_url(section), {"result": "0-1", "version": 0}, format="json")
    assert stale.status_code == 409
    body = stale.json()
    assert body["current_result"] == "1-0" and body["current_version"] == 1
    assert "changed meanwhile" in body["detail"]


def test_a_result_without_the_version_seen_is_428_and_changes_nothing(arbiter_of):
    section = section_with_rounds(players=4, pending=1, played=0)
    client = arbiter_of(section.event)
    assert client.post(result_url(section), {"result": "1-0", "version": 0}).status_code == 200
    blind = client.post(result_url(section), {"result": "0-1"}, format="json")
    assert blind.status_code == 428
    assert "version" in blind.json()["detail"] and "1-0" in blind.json()["detail"]
    game = section.rounds.get(number=1).games.get(board=1)
    assert game.result == "1-0" and game.changes.count() == 1


def test_if_match_carries_the_version(arbiter_of):
    section = section_with_rounds(players=4, pending=1, played=0)
    client = arbiter_of(section.event)
    ok = client.post(result_url(section), {"result": "1-0"}, format="json", HTTP_IF_MATCH='"0"')
    assert ok.status_code == 200
    stale = client.post(result_url(section), {"result": "0-1"}, format="json", HTTP_IF_MATCH='"0"')
    assert stale.status_code == 409
    bad = client.post(result_url(section), {"result": "0-1"}, format="json", HTTP_IF_MATCH="x")
    assert bad.status_code == 400 and "If-Match" in bad.json()["detail"]
    both = client.post(
        result_url(section), {"result": "0-1", "version": 0}, format="json", HTTP_IF_MATCH='"1"'
    )
    assert both.status_code == 409 and "disagree" in both.json()["detail"]
    assert both.json()["current_version"] == 1


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"result": "2-0"}, "not a valid choice"),
        ({}, "result"),
        ({"result": "1-0", "version": -1}, "version"),
        ({"result": "1-0", "version": "abc"}, "version"),
    ],
)
def test_bad_results_are_400_with_a_reason(arbiter_of, body, reason):
    section = section_with_rounds(players=4, pending=1, played=0)
    response = arbiter_of(section.event).post(result_url(section), body, format="json")
    assert response.status_code == 400
    assert reason in response.json()["detail"]


def test_malformed_json_is_400(arbiter_of):
    section = section_with_rounds(players=4, pending=1, played=0)
    client = arbiter_of(section.event)
    response = client.post(result_url(section), "{not json", content_type="application/json")
    assert response.status_code == 400 and "JSON" in response.json()["detail"]


def test_results_on_a_draft_round_are_409(arbiter_of):
    section = section_with_rounds(players=4, played=1, draft=1)
    response = arbiter_of(section.event).post(
        result_url(section, number=2), {"result": "1-0", "version": 0}
    )
    assert response.status_code == 409 and "draft" in response.json()["detail"]


@pytest.mark.parametrize(("number", "board"), [(5, 1), (1, 9), (1, 99999999999)])
def test_unknown_round_or_board_is_404(arbiter_of, number, board):
    section = section_with_rounds(players=4, pending=1, played=0)
    client = arbiter_of(section.event)
    response = client.post(result_url(section, number=number, board=board), {"result": "1-0"})
    assert response.status_code == 404 and response.json()["detail"]


# Publishing -----------------------------------------------------------------------------------


def test_an_arbiter_publishes_a_draft_round(api, arbiter_of, django_capture_on_commit_callbacks):
    section = section_with_rounds(players=4, played=1, draft=1)
    assert api.get(base(section) + "rounds/2/pairings/").status_code == 404
    client = arbiter_of(section.event)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(base(section) + "rounds/2/publish/")
    assert response.status_code == 200
    assert response.json()["status"] == "published" and response.json()["boards"] == 2
    assert api.get(base(section) + "rounds/2/pairings/").status_code == 200
    again = client.post(base(section) + "rounds/2/publish/")
    assert again.status_code == 409 and "already published" in again.json()["detail"]


# Pairing jobs ---------------------------------------------------------------------------------


@pytest.fixture
def tasks_in_process(monkeypatch):
    """Pairing tasks run in this process (the API is under test here, not the workers)."""
    from tournaments.tasks import pair_round_task

    monkeypatch.setitem(pair_round_task.app.conf, "task_always_eager", True)


@pytest.mark.usefixtures("tasks_in_process")
def test_pairing_the_next_round_returns_a_job_to_poll(
    arbiter_of, django_capture_on_commit_callbacks
):
    section = section_with_rounds(players=6, played=1)
    client = arbiter_of(section.event)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(base(section) + "pair/")
    assert response.status_code == 202
    job = response.json()
    assert job["round_number"] == 2 and job["url"].endswith(f"/api/v1/jobs/{job['id']}/")
    assert response["Location"] == job["url"]
    polled = client.get(job["url"]).json()
    assert polled["status"] == "done" and polled["finished"] is True
    assert section.rounds.get(number=2).status == "draft"


def test_pairing_while_a_draft_waits_is_409_with_what_to_do(arbiter_of):
    section = section_with_rounds(players=4, played=1, draft=1)
    response = arbiter_of(section.event).post(base(section) + "pair/")
    assert response.status_code == 409
    assert "Publish round 2" in response.json()["detail"]


@pytest.mark.usefixtures("tasks_in_process")
def test_jobs_are_for_the_arbiters_of_their_event(
    api, arbiter_of, django_capture_on_commit_callbacks
):
    section = section_with_rounds(players=4, played=1)
    with django_capture_on_commit_callbacks(execute=True):
        url = arbiter_of(section.event).post(base(section) + "pair/").json()["url"]
    assert api.get(url).status_code == 401
    assert arbiter_of(EventFactory()).get(url).status_code == 403
    assert arbiter_of(section.event).get("/api/v1/jobs/999999/").status_code == 404


def test_a_draft_made_on_the_site_is_published_through_the_api(arbiter_of):
    section = section_with_rounds(players=4, played=1)
    simple_round(section)
    response = arbiter_of(section.event).post(base(section) + "rounds/2/publish/")
    assert response.status_code == 200


# Tokens ---------------------------------------------------------------------------------------


def test_api_token_command_prints_a_token_that_works(capsys):
    section = section_with_rounds(players=4, pending=1, played=0)
    role = EventRoleFactory(event=section.event, user=UserFactory(username="chief"))
    call_command("api_token", "chief")
    out = capsys.readouterr()
    key = out.out.strip()
    assert key == Token.objects.get(user=role.user).key
    assert "Created a token" in out.err
    call_command("api_token", "chief")
    assert capsys.readouterr().out.strip() == key  # the same token again
    call_command("api_token", "chief", "--reset")
    new = capsys.readouterr().out.strip()
    assert new != key
    client = token_client(role.user)
    assert client.post(result_url(section), {"result": "1-0", "version": 0}).status_code == 200


def test_api_token_for_an_unknown_user_fails_with_exit_code_1():
    with pytest.raises(CommandError) as err:
        call_command("api_token", "nobody")
    assert err.value.returncode == 1 and "nobody" in str(err.value)


def test_api_token_warns_when_the_user_arbitrates_nothing(capsys):
    UserFactory(username="newcomer")
    call_command("api_token", "newcomer")
    assert "not an arbiter of any event" in capsys.readouterr().err
