"""The pages work in a real browser under the Content-Security-Policy, and the browser
reports no violation: result keys record the result they name (a blocked htmx filter
would have fired every button on any key), the public pages and find me work, and
Swagger UI draws the API docs from local files."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tests.factories import EventRoleFactory
from tests.web.arbiter_helpers import PASSWORD, make_round, make_setup

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_public_cache"),
]

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || e.sourceFile || ''));
});
"""


def watch(page) -> list[str]:
    """Console messages about the policy, and violations the page reported."""
    messages: list[str] = []
    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", lambda m: messages.append(m.text) if m.type == "error" else None)
    return messages


def violations(page, messages: list[str]) -> list[str]:
    found = [m for m in messages if "Content Security Policy" in m or "eval" in m.lower()]
    return found + page.evaluate("window.__csp || []")


@pytest.fixture
def setup():
    s = make_setup(players=6)
    user = get_user_model().objects.create_user("keys", password=PASSWORD)
    EventRoleFactory(user=user, event=s.event)
    make_round(s.section)
    return s


def test_result_keys_record_the_result_they_name_under_the_policy(live_server, page, setup):
    messages = watch(page)
    page.goto(live_server.url + "/login/")
    page.get_by_label("Username").fill("keys")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))
    page.goto(live_server.url + setup.url("round", number=1))
    expect(page.locator("#board-1")).to_be_focused()
    for board, key, result in ((1, "0", "0-1"), (2, "=", "1/2-1/2"), (3, "1", "1-0")):
        expect(page.locator(f"#board-{board}")).to_be_focused()
        page.keyboard.type(key)
        page.locator(f"#board-{board}.done").wait_for()
        game = setup.section.rounds.get(number=1).games.get(board=board)
        assert (game.result, game.version) == (result, 1), (board, key)
    assert [
        c.after for c in setup.section.rounds.get(number=1).games.get(board=1).changes.all()
    ] == ["0-1"]
    for name in ("section", "players", "standings", "crosstable", "import", "prohibited"):
        assert page.goto(live_server.url + setup.url(name)).status == 200, name
    assert violations(page, messages) == []


def test_public_pages_and_find_me_work_under_the_policy(live_server, page, setup):
    messages = watch(page)
    base = f"{live_server.url}/e/{setup.event.slug}/"
    page.goto(base)
    page.locator("#q").fill("Player")
    page.locator("#found li").first.wait_for()
    for tail in (
        f"{setup.section.slug}/",
        f"{setup.section.slug}/standings/",
        f"{setup.section.slug}/player/1/",
        f"{setup.section.slug}/round/1/",
        "poster/",
    ):
        assert page.goto(base + tail).status == 200, tail
    assert violations(page, messages) == []


def test_the_api_docs_draw_from_local_files_under_their_policy(live_server, page):
    messages = watch(page)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(live_server.url + "/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Blossom API")
    assert all(url.startswith(live_server.url) or url.startswith("data:") for url in requested)
    assert violations(page, messages) == []
