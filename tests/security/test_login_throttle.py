"""Login throttling: five failed logins for one username from one address within five
minutes, and the sixth attempt is refused with 429 and a sentence saying when to try
again, even with the right password. Both login pages count and refuse; other
usernames and other addresses are not affected; a successful login clears the count."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.factories import UserFactory
from tests.web.arbiter_helpers import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_hashes_and_clean_cache(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "throttle-tests",
        }
    }
    cache.clear()
    yield
    cache.clear()


def login(
    client, username: str, password: str, *, address: str = "198.51.100.7", url: str = "/login/"
):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


def test_the_sixth_attempt_is_refused_even_with_the_right_password(client):
    UserFactory(username="ana")
    for _ in range(5):
        response = login(client, "ana", "wrong")
        assert response.status_code == 200 and b"correct username and password" in response.content
    refused = login(client, "ana", PASSWORD)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "300"
    assert "Too many failed logins for &#x27;ana&#x27;" in refused.content.decode()
    assert "Wait 5 minutes" in refused.content.decode()
    assert "_auth_user_id" not in client.session  # not logged in
    # Another address, or another username from this address, may still log in.
    assert login(client, "ana", PASSWORD, address="203.0.113.9").status_code == 302
    client.logout()
    UserFactory(username="ben")
    assert login(client, "ben", PASSWORD).status_code == 302


def test_the_admin_login_counts_and_refuses_too(client):
    UserFactory(username="root", is_staff=True, is_superuser=True)
    for _ in range(3):
        login(client, "root", "wrong", url="/admin/login/")
    for _ in range(2):
        login(client, "root", "wrong")
    refused = login(client, "root", PASSWORD, url="/admin/login/")
    assert refused.status_code == 429 and b"Too many failed logins" in refused.content


def test_a_successful_login_clears_the_count(client):
    UserFactory(username="cleo")
    for _ in range(4):
        login(client, "cleo", "wrong")
    assert login(client, "cleo", PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        assert login(client, "cleo", "wrong").status_code == 200
    assert login(client, "cleo", PASSWORD).status_code == 302


def test_the_window_ends(client, settings):
    UserFactory(username="dan")
    for _ in range(5):
        login(client, "dan", "wrong")
    assert login(client, "dan", PASSWORD).status_code == 429
    cache.clear()  # what the end of the five-minute window does to the count
    assert login(client, "dan", PASSWORD).status_code == 302


def test_usernames_are_counted_case_blind(client):
    UserFactory(username="eve")
    for name in ("eve", "EVE", "Eve", " eve", "eVe"):
        login(client, name, "wrong")
    assert login(client, "eve", PASSWORD).status_code == 429
