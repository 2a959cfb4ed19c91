from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.isolation import isolated_public_cache
from tests.factories import EventRoleFactory, UserFactory


@pytest.fixture(autouse=True)
def _isolated(settings):
    """Every API test starts with caches of its own (and hashes test passwords fast)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with isolated_public_cache(settings):
        yield


@pytest.fixture
def api():
    return APIClient()


def token_client(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def arbiter_of():
    """arbiter_of(event) -> an APIClient holding the token of an arbiter of that event."""

    def make(event) -> APIClient:
        role = EventRoleFactory(event=event, user=UserFactory())
        return token_client(role.user)

    return make
