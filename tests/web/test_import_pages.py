"""The import pages against bad files (issue catalogue and random damage): every answer
is a page with the reason, never a server error, and a refused file stores nothing.

The Django test client re-raises any exception a view lets through, so a 500 fails
these tests with its traceback."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reliability import fuzz_importers as fuzz
from tests.services.test_files import _played_section
from tests.web.arbiter_helpers import make_setup
from tournaments.selectors.exports import trf_export

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def trf_text(django_db_setup, django_db_blocker) -> str:
    with django_db_blocker.unblock(), transaction.atomic():
        text = trf_export(section=_played_section()).text
        transaction.set_rollback(True)
    return text


def _url(section, name: str) -> str:
    return reverse(f"arbiter:{name}", args=[section.event.slug, section.slug])


def _post_file(client, section, name: str, prefix: str, data: bytes):
    upload = SimpleUploadedFile("players.trf", data, content_type="text/plain")
    return client.post(_url(section, name), {f"{prefix}-file": upload})


def _replace_line(text: str, start: str, new: str) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(start):
            lines[i] = new
            return "\n".join(lines) + "\n"
    return text + new + "\n"


def _player_line(text: str, number: int) -> str:
    return next(line for line in text.splitlines() if re.match(rf"001 +{number} ", line))


def _damaged_trfs(text: str) -> dict[str, str]:
    p1 = _player_line(text, 1)
    nul_name = p1[:14] + "Pla\x00yer" + p1[21:]
    return {
        "NUL in a name": text.replace(p1, nul_name),
        "162 W 9999": _replace_line(text, "162", "162 W 9999 D 0.5 L 0 Z 0 H 0.5 U 1 F 1"),
        "162 W -9.9": _replace_line(text, "162", "162 W -9.9 D 0.5 L 0"),
        "XXR 40000": _replace_line(text, "XXR", "XXR 40000"),
        "XXR 500": _replace_line(text, "XXR", "XXR 500"),
        "repeated XXP pair": text + "XXP 1 2 1 2\n",
        "repeated 260 pair": text + "260   1   3    1    2    2    1\n",
        "240 H 999": text + "240 H 999    1\n",
    }


@pytest.mark.parametrize(
    "case",
    [
        "NUL in a name",
        "162 W 9999",
        "162 W -9.9",
        "XXR 40000",
        "XXR 500",
        "repeated XXP pair",
        "repeated 260 pair",
        "240 H 999",
    ],
)
def test_a_bad_trf_gets_the_page_with_its_reason_and_stores_nothing(client, trf_text, case):
    setup = make_setup()
    client.force_login(setup.arbiter)
    text = _damaged_trfs(trf_text)[case]
    response = _post_file(client, setup.section, "import_file", "file", text.encode())
    assert response.status_code == 200
    errors = response.context["file_form"].non_field_errors()
    assert errors, f"{case}: imported although it should be refused"
    assert re.search(r"line \d+|player \d+|round \d+", errors[0]), errors[0]
    assert not setup.section.players.exists() and not setup.section.rounds.exists()


@pytest.mark.parametrize(
    "rows",
    ["name,rating\nAnna,inf\n", "name,rating\nAnna,1e400\n", "name\nAn\x00na\n"],
)
def test_a_bad_csv_previews_its_errors_and_confirm_stores_nothing(client, rows):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = _post_file(client, setup.section, "import_csv", "csv", rows.encode())
    assert response.status_code == 200
    assert response.context["preview"].errors
    confirm = client.post(_url(setup.section, "import_csv_confirm"), {"content": rows})
    assert confirm.status_code == 302 and not setup.section.players.exists()


@given(data=st.binary(max_size=600) | st.text(max_size=400).map(str.encode))
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_random_bytes_on_every_import_page_never_answer_a_server_error(data):
    with transaction.atomic():
        for go in (False, True):
            setup = make_setup(go=go)
            from django.test import Client

            client = Client()
            client.force_login(setup.arbiter)
            for name, prefix in (("import_csv", "csv"), ("import_file", "file")):
                response = _post_file(client, setup.section, name, prefix, data)
                assert response.status_code < 500
            assert not setup.section.rounds.exists()
        transaction.set_rollback(True)


def test_damaged_real_files_through_the_page_never_answer_a_server_error(client, trf_text):
    """The importer fuzz's damage, sent through the page as an upload."""
    setup = make_setup()
    client.force_login(setup.arbiter)

    @given(text=fuzz.damaged([trf_text]))
    @settings(
        max_examples=30,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(text):
        with transaction.atomic():
            response = _post_file(client, setup.section, "import_file", "file", text.encode())
            assert response.status_code in (200, 302)
            transaction.set_rollback(True)

    check()
