"""CSRF: every POST made with a session (forms, htmx, the admin, the API through the
session) is refused without the token and changes nothing; every page that can POST
carries the token (htmx sends it from <body hx-headers>, forms in a hidden input);
public pages, cached for everyone, carry none and post nothing."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.api.isolation import isolated_public_cache
from tests.security.test_url_access import (
    ADMIN_OPEN,
    API_ARBITER,
    ARBITER,
    AUTH,
    LAB,
    LOGIN,
    PUBLIC,
    STAFF,
    classify,
    fill,
    values_for,
)
from tests.security.world import all_routes, build_world, fingerprint

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with isolated_public_cache(settings):
        w = build_world()
        w.chief.is_staff = w.chief.is_superuser = True  # may use the admin too
        w.chief.save()
        yield w


def csrf_client(user=None) -> Client:
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def _posting_routes():
    for route in all_routes():
        level, kind = classify(route)
        if "w" in kind or level == LAB:
            yield route, level


def test_every_post_with_a_session_needs_the_csrf_token(world):
    client = csrf_client(world.chief)
    before = fingerprint()
    checked = []
    for route, level in _posting_routes():
        url = fill(route.route, values_for(world))
        response = client.post(url, {"result": "1-0", "version": 0})
        assert response.status_code == 403, (route.key, response.status_code)
        if level != API_ARBITER:
            assert b"CSRF" in response.content, route.key
        else:
            assert "CSRF" in response.json()["detail"], route.key
        checked.append(route.key)
    assert fingerprint() == before
    assert {"arbiter:result", "arbiter:pair", "api:result", ":login", ":logout"} <= set(checked)
    assert len(checked) > 60  # with the admin's add, change and delete pages


def test_anonymous_login_posts_need_the_token_too():
    response = csrf_client().post("/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403 and b"CSRF" in response.content


def _token_on(page: str) -> str:
    match = re.search(r"<body hx-headers='([^']+)'", page)
    assert match, "the page has no hx-headers on <body>"
    return json.loads(match.group(1))["X-CSRFToken"]


def test_htmx_posts_carry_the_token_from_the_page_and_go_through(world):
    client = csrf_client(world.chief)
    page = client.get(
        fill(
            "arbiter/<slug:event>/<slug:section>/rounds/<int:number>/", values_for(world, number=2)
        )
    ).content.decode()
    token = _token_on(page)
    url = fill(
        "arbiter/<slug:event>/<slug:section>/rounds/<int:number>/boards/<int:board>/result/",
        values_for(world, number=2),
    )
    response = client.post(
        url, {"result": "0-1", "version": 0}, headers={"HX-Request": "true", "X-CSRFToken": token}
    )
    assert response.status_code == 200
    assert world.section.rounds.get(number=2).games.get(board=1).result == "0-1"


def test_every_page_that_can_post_carries_the_token(world):
    client = Client()
    client.force_login(world.chief)
    pages = 0
    for route in all_routes():
        level, kind = classify(route)
        if level not in (ARBITER, LOGIN) or "r" not in kind:
            continue
        response = client.get(fill(route.route, values_for(world)))
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        page = response.content.decode()
        if "hx-post" in page:
            assert _token_on(page), route.key
        for form in re.findall(r"<form\b[^>]*>.*?</form>", page, flags=re.S):
            if re.search(r'method="post"', form, flags=re.I):
                assert 'name="csrfmiddlewaretoken"' in form, (route.key, form[:200])
        pages += 1
    assert pages >= 15


def test_public_pages_post_nothing_and_hold_no_token(client, world):
    for route in all_routes():
        level, _ = classify(route)
        if level != PUBLIC or route.namespace != "public":
            continue
        response = client.get(fill(route.route, values_for(world)))
        assert response.status_code == 200, route.key
        page = response.content.decode()
        assert "csrfmiddlewaretoken" not in page and "X-CSRFToken" not in page, route.key
        assert "hx-post" not in page and 'method="post"' not in page.lower(), route.key
        assert "csrftoken" not in response.cookies, route.key


def test_the_table_covers_auth_and_staff_routes():
    levels = {classify(r)[0] for r in all_routes()}
    assert {PUBLIC, AUTH, LOGIN, ARBITER, API_ARBITER, STAFF, LAB} <= levels
    assert set(ADMIN_OPEN) <= {r.key for r in all_routes()}
    assert get_user_model().USERNAME_FIELD == "username"
