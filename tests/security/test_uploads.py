"""Uploads have limits, and going over one is a clear message, never a crash: a file or
pasted text over 2 MB is refused by the import form; any request body over
MAX_REQUEST_BYTES (5 MB) is refused with 413 before it is read, on every address,
the API included. Nothing is stored from a refused upload."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from tests.security.world import fingerprint
from tests.web.arbiter_helpers import make_round, make_setup

pytestmark = pytest.mark.django_db

MB = 1024 * 1024


@pytest.fixture
def setup():
    s = make_setup(players=0)
    return s


def csv_bytes(size: int) -> bytes:
    row = b"Player %07d,%d"
    lines = [b"name,rating"] + [row % (i, 1500 + i % 900) for i in range(size // 18 + 1)]
    return b"\n".join(lines)[: size + 100]


def test_a_file_over_two_megabytes_is_refused_by_the_import_form(client, setup):
    client.force_login(setup.arbiter)
    before = fingerprint()
    upload = SimpleUploadedFile("players.csv", csv_bytes(3 * MB), content_type="text/csv")
    response = client.post(setup.url("import_csv"), {"csv-file": upload})
    assert response.status_code == 200
    assert "The file is larger than 2 MB." in response.content.decode()
    assert fingerprint() == before and not setup.section.players.exists()


def test_pasted_text_over_two_megabytes_is_refused_too(client, setup):
    client.force_login(setup.arbiter)
    response = client.post(setup.url("import_file"), {"file-text": csv_bytes(3 * MB).decode()})
    assert response.status_code == 200
    assert "The pasted text is larger than 2 MB." in response.content.decode()
    assert not setup.section.players.exists()


def test_a_body_over_the_limit_is_refused_with_413_before_it_is_read(client, setup):
    client.force_login(setup.arbiter)
    before = fingerprint()

    def big():
        return SimpleUploadedFile("huge.trf", b"x" * (settings.MAX_REQUEST_BYTES + 1))

    response = client.post(setup.url("import_file"), {"file-file": big()})
    assert response.status_code == 413
    page = response.content.decode()
    assert "The upload is too large" in page and "the limit is 5.0 MB" in page
    assert "Nothing was saved." in page
    htmx = client.post(
        setup.url("import_file"), {"file-file": big()}, headers={"HX-Request": "true"}
    )
    assert htmx.status_code == 413 and htmx["Content-Type"].startswith("text/plain")
    anonymous = Client().post("/login/", {"username": "x" * (6 * MB), "password": "y"})
    assert anonymous.status_code == 413
    assert fingerprint() == before


def test_the_api_refuses_a_huge_body_with_json(setup):
    rnd = make_round(make_setup(players=4).section)
    section = rnd.section
    client = APIClient()
    url = f"/api/v1/events/{section.event.slug}/sections/{section.slug}/rounds/1/boards/1/result/"
    body = '{"result": "1-0", "version": 0, "pad": "' + "x" * (6 * MB) + '"}'
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 413
    assert "too large" in response.json()["detail"]
    assert rnd.games.get(board=1).result == ""


@pytest.mark.django_db(transaction=True)
def test_a_real_server_answers_413_and_keeps_serving(live_server):
    """Through a WSGI server (Django's, as `make run` uses): the refusal is a valid
    answer, and the connection's unread body does not upset the next request."""
    import requests

    with requests.Session() as http:
        big = http.post(
            live_server.url + "/login/",
            data=b"x" * (6 * MB),
            headers={"Content-Type": "application/octet-stream"},
            timeout=30,
        )
        assert big.status_code == 413 and "too large" in big.text
        assert http.get(live_server.url + "/healthz", timeout=30).status_code == 200
