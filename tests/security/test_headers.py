"""Security headers on every answer (pages, API, errors, static files, answers the
public front door replays), and templates that keep to the Content-Security-Policy:
no inline script, no inline style, no event-handler attributes, no htmx feature
that needs eval."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from tests.api.isolation import isolated_public_cache
from tests.security.test_url_access import classify, fill, values_for
from tests.security.world import all_routes, build_world
from tests.web import test_public_fastpath as fastpath

pytestmark = pytest.mark.django_db
front = fastpath.front  # the door around a counting Django (a fixture)

ROOT = Path(__file__).resolve().parents[2]
POLICY = settings.CONTENT_SECURITY_POLICY


@pytest.fixture
def world(settings):
    with isolated_public_cache(settings):
        yield build_world()


def assert_secure_headers(response, what: str, *, policy: str = POLICY) -> None:
    assert response["Content-Security-Policy"] == policy, what
    assert response["X-Content-Type-Options"] == "nosniff", what
    assert response["Referrer-Policy"] == "same-origin", what
    assert response["Permissions-Policy"].startswith("camera=()"), what
    if response["Content-Type"].startswith("text/html"):
        assert response["X-Frame-Options"] == "DENY", what


def test_the_policy_allows_only_this_site_and_no_inline_script_or_eval():
    directives = dict(d.strip().split(" ", 1) for d in POLICY.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in POLICY


def test_every_get_page_carries_the_security_headers(world):
    client = Client()
    client.force_login(world.chief)
    seen = 0
    for route in all_routes():
        _, kind = classify(route)
        if "r" not in kind or route.namespace == "admin":
            continue
        url = fill(route.route, values_for(world))
        response = client.get(url)
        if route.key == "api:docs":
            assert "'unsafe-inline'" in response["Content-Security-Policy"]  # its own
            assert "script-src 'self'" in response["Content-Security-Policy"]
            continue
        if route.key == "lab:plot":
            continue  # an SVG image with a policy of its own (when it exists)
        assert_secure_headers(response, f"{url} {response.status_code}")
        seen += 1
    assert seen > 50
    for url in ("/admin/", "/admin/login/", "/static/js/blossom.js", "/no-such-page/"):
        assert_secure_headers(client.get(url), url)


def test_answers_replayed_by_the_front_door_keep_the_headers(world, front):
    door, django = front
    answers = [fastpath.get(door, "/e/open-ev/a/") for _ in range(3)]
    assert django.calls == 1, "the later answers should come from the front door"
    for status, headers, _ in answers:
        assert status.startswith("200")
        assert headers["content-security-policy"] == POLICY
        assert headers["x-frame-options"] == "DENY"


def test_the_api_docs_need_no_inline_script_and_no_cdn(client):
    page = client.get("/api/docs/").content.decode()
    assert "<script>" not in page and "cdn." not in page
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert len(scripts) == 3 and all(s.startswith("/") for s in scripts)
    init = client.get(scripts[-1].replace("&amp;", "&"))
    assert init.status_code == 200 and b"SwaggerUIBundle" in init.content


TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "inline <script>"),
    (re.compile(r"<style\b", re.I), "inline <style>"),
    (re.compile(r"\sstyle\s*=", re.I), "style attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "event-handler attribute"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
    (re.compile(r"hx-on[:-]|hx-vars|js:", re.I), "htmx feature that evaluates code"),
    (re.compile(r"hx-trigger=\"[^\"]*\[", re.I), "htmx trigger filter (needs eval)"),
]


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_templates_keep_to_the_policy(path):
    text = path.read_text()
    for pattern, what in INLINE:
        assert not pattern.search(text), f"{what} in {path.relative_to(ROOT)}"


def test_pages_that_load_htmx_turn_off_eval_and_its_inline_styles():
    for path in TEMPLATES:
        text = path.read_text()
        if "htmx_script" in text or "htmx-2" in text:
            assert '"allowEval": false' in text and '"includeIndicatorStyles": false' in text, path
    assert len(TEMPLATES) > 40
