from __future__ import annotations

import pytest

from tournaments.demo import demo_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_lists_the_demo_event_in_a_real_browser(live_server, page, phone, shoot):
    demo_create()
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Tournaments"
    assert page.get_by_text("Blossom Open").is_visible()
    shoot(page, "home-desktop")
    phone.goto(live_server.url + "/")
    # Readable on a phone: nothing wider than the viewport.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, "home-phone")
