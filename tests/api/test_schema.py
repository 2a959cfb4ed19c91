"""The OpenAPI schema, and schemathesis over it against a running server: no 5xx, and
every answer (status, content type, headers, body) matches the schema.

The schema comes from the app itself; the `event` and `section` path parameters are
narrowed to real slugs (and one unknown one) so the generated requests reach real
data. Requests carry an arbiter's token, so the writes run too."""

from __future__ import annotations

import json

import pytest
import schemathesis
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from tests.api.builders import section_with_rounds
from tests.factories import (
    EventFactory,
    EventRoleFactory,
    GoSectionFactory,
    PlayerFactory,
    UserFactory,
)

MAX_EXAMPLES = 12


def app_schema() -> dict:
    raw = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(raw))


def test_schema_is_served_and_documents_every_endpoint(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = json.loads(response.content)["paths"]
    tails = [
        "/api/v1/events/",
        "/api/v1/events/{event}/",
        "/api/v1/events/{event}/sections/{section}/players/",
        "/api/v1/events/{event}/sections/{section}/rounds/",
        "/api/v1/events/{event}/sections/{section}/rounds/{number}/pairings/",
        "/api/v1/events/{event}/sections/{section}/standings/",
        "/api/v1/events/{event}/sections/{section}/crosstable/",
        "/api/v1/events/{event}/sections/{section}/export.trf",
        "/api/v1/events/{event}/sections/{section}/export.xml",
        "/api/v1/events/{event}/sections/{section}/export.h9",
        "/api/v1/events/{event}/sections/{section}/export.tou",
        "/api/v1/events/{event}/sections/{section}/rounds/{number}/boards/{board}/result/",
        "/api/v1/events/{event}/sections/{section}/rounds/{number}/publish/",
        "/api/v1/events/{event}/sections/{section}/pair/",
        "/api/v1/jobs/{job}/",
    ]
    for tail in tails:
        assert tail in paths, tail


def test_docs_page_is_served(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200 and b"swagger" in response.content.lower()


@pytest.fixture
def api_data(transactional_db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = EventFactory(slug="open")
    chess = section_with_rounds(players=7, played=2, pending=1, event=event, slug="a")
    go = GoSectionFactory(event=event, slug="go")
    for i, rank in enumerate(["2d", "1k", "3k", "5k"], start=1):
        PlayerFactory(section=go, pairing_number=i, go_rank=rank)
    role = EventRoleFactory(event=event, user=UserFactory())
    token = Token.objects.create(user=role.user)
    return {"event": event, "chess": chess, "go": go, "token": token.key}


def narrowed_schema() -> dict:
    """The app's schema with the slugs narrowed to the data `api_data` creates."""
    schema = app_schema()
    choices = {"event": ["open", "nowhere"], "section": ["a", "go", "nowhere"]}
    for item in schema["paths"].values():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" and parameter["name"] in choices:
                    parameter["schema"] = {"type": "string", "enum": choices[parameter["name"]]}
    return schema


schema = schemathesis.openapi.from_dict(narrowed_schema())


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_conforms_to_its_schema(case, api_data, live_server):
    case.call_and_validate(
        base_url=live_server.url, headers={"Authorization": f"Token {api_data['token']}"}
    )
