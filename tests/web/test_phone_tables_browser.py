"""Standings and crosstables on a phone (390 and 360 px wide), arbiter and public: the
page itself never scrolls sideways; the table scrolls inside its box, and the names
stay pinned on the left while the right-most columns come into view."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from tests.api.builders import section_with_rounds
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tests.factories import EventRoleFactory
from tests.web.arbiter_helpers import PASSWORD

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_public_cache"),
]

# For the table in the page's only .table-wrap: its box, the first body row's name
# cell and the header row's last cell, before and after scrolling all the way right.
MEASURE = """(sel) => {
  const table = document.querySelector(sel);
  const wrap = table.closest('.table-wrap');
  const name = table.querySelector('tbody tr').querySelector('th, td:nth-child(2)');
  const heads = table.querySelectorAll('thead th');
  const last = heads[heads.length - 1];
  const scrollable = wrap.scrollWidth > wrap.clientWidth;
  wrap.scrollLeft = wrap.scrollWidth;
  const after = name.getBoundingClientRect();
  const lastBox = last.getBoundingClientRect();
  const wrapBox = wrap.getBoundingClientRect();
  return {
    pageWide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    scrollable, scrolled: wrap.scrollLeft > 0,
    nameAfter: after.left, nameRight: after.right,
    lastRight: lastBox.right, wrapLeft: wrapBox.left, wrapRight: wrapBox.right,
    nameText: name.textContent.trim(),
  };
}"""


@pytest.fixture
def tournament():
    section = section_with_rounds(
        players=24,
        played=7,
        realistic_names=True,
        total_rounds=7,
        name="Open",
        slug="open",
        bulk=True,  # results without the audit rows: only the layout is under test
    )
    user = get_user_model().objects.create_user("phone", password=PASSWORD)
    EventRoleFactory(user=user, event=section.event)
    return section


def _check(page, selector: str, what: str) -> None:
    m = page.evaluate(MEASURE, selector)
    assert not m["pageWide"], f"{what}: the page scrolls sideways"
    assert m["scrollable"] and m["scrolled"], f"{what}: the table does not scroll in its box"
    # After scrolling right: the last column is in view, and so is the whole name.
    assert m["lastRight"] <= m["wrapRight"] + 1, f"{what}: the last column stays cut off"
    pinned = m["wrapLeft"] - 1 <= m["nameAfter"] and m["nameRight"] <= m["wrapRight"] + 1
    assert pinned, f"{what}: the name column scrolls away ({m})"
    assert m["nameText"], what


@pytest.mark.parametrize("width", [390, 360])
def test_standings_and_crosstables_scroll_inside_with_names_pinned(
    live_server, browser, tournament, shoot, width
):
    context = browser.new_context(
        viewport={"width": width, "height": 800},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    section = tournament
    base = live_server.url
    page.goto(base + "/login/")
    page.get_by_label("Username").fill("phone")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))
    arbiter = f"{base}/arbiter/{section.event.slug}/{section.slug}/"
    public = f"{base}/e/{section.event.slug}/{section.slug}/"
    for url, selector, what in (
        (arbiter + "standings/", "table.standings", "arbiter standings"),
        (arbiter + "crosstable/", "table.crosstable", "arbiter crosstable"),
        (public + "standings/", "table.standings", "public standings"),
        (public + "crosstable/", "table.cross", "public crosstable"),
    ):
        page.goto(url)
        _check(page, selector, f"{what} at {width} px")
        shoot(page, f"phone-{width}-{what.replace(' ', '-')}")
    context.close()
