"""A database that stops answering in the middle of a request gives 503 and a sentence
saying the action may not be saved and to reload and retry, on pages, htmx answers
and the API alike; never a bare 500. (tests/reliability/test_postgres_restart.py
restarts a real PostgreSQL under load.)"""

from __future__ import annotations

import pytest
from django.db import OperationalError
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.web.arbiter_helpers import make_round, make_setup

pytestmark = pytest.mark.django_db


def _patch_result_record(monkeypatch, fn) -> None:
    """Replace the result service where the page and the API call it."""
    for where in ("tournaments.views.arbiter.results", "tournaments.api.views_write"):
        monkeypatch.setattr(f"{where}.result_record", fn)


@pytest.fixture
def database_gone(monkeypatch):
    def fail(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    _patch_result_record(monkeypatch, fail)


@pytest.fixture
def setup():
    s = make_setup(players=4)
    make_round(s.section)
    return s


def test_a_result_posted_while_the_database_is_gone_says_so(client, setup, database_gone):
    client.force_login(setup.arbiter)
    url = setup.url("result", number=1, board=1)
    page = client.post(url, {"result": "1-0", "version": 0})
    assert page.status_code == 503 and page["Retry-After"] == "5"
    assert "may not have been saved" in page.content.decode()
    htmx = client.post(url, {"result": "1-0", "version": 0}, headers={"HX-Request": "true"})
    assert htmx.status_code == 503 and htmx["Content-Type"].startswith("text/plain")
    assert htmx.content.decode().startswith("The database did not answer")


def test_the_api_answers_503_in_json(setup, database_gone):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=setup.arbiter)}")
    url = (
        f"/api/v1/events/{setup.event.slug}/sections/{setup.section.slug}/rounds/1/boards/1/result/"
    )
    response = client.post(url, {"result": "1-0", "version": 0}, format="json")
    assert response.status_code == 503
    assert "Reload the page in a moment" in response.json()["detail"]


def test_other_errors_are_left_alone(client, setup, monkeypatch):
    def broken(**kwargs):
        raise ZeroDivisionError("a bug")

    _patch_result_record(monkeypatch, broken)
    client.force_login(setup.arbiter)
    with pytest.raises(ZeroDivisionError):  # a bug stays a bug (500, logged)
        client.post(setup.url("result", number=1, board=1), {"result": "1-0", "version": 0})
