"""The simulation lab in a real browser: log in, ask, watch the progress, read the
advice; and the same page on a phone. The run happens in a thread of the test
server, as in the embedded mode, so the page really polls."""

from __future__ import annotations

import re

import pytest

from tests.factories import UserFactory
from tournaments.jobs.models import SimulationJob

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"


def test_an_organiser_asks_which_system_to_use(
    live_server, page, phone, shoot, settings, in_process_tasks
):
    settings.LAB_RUN_INLINE = False  # a background thread, polled by the page
    UserFactory(username="olga")
    base = live_server.url
    page.goto(base + "/lab/")
    assert page.locator("h1").inner_text() == "Which system should I use?"
    page.get_by_role("link", name="Log in").first.click()
    page.get_by_label("Username").fill("olga")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/lab/$"))

    page.get_by_label("Players").fill("600")
    page.get_by_role("button", name="Simulate").click()
    assert page.get_by_text("At most 500 players.").is_visible()
    shoot(page, "lab-01-form-error")

    page.get_by_label("Players").fill("6")
    page.get_by_label("Rounds").fill("3")
    page.get_by_label("Simulated events").fill("30")
    page.get_by_role("button", name="Simulate").click()
    page.wait_for_url(re.compile(r"/lab/r/[0-9a-f]{64}/$"))
    assert page.locator("h1").inner_text().startswith("Simulation: 6 players, 3 rounds")
    page.get_by_role("heading", name="Recommendation").wait_for(timeout=60_000)
    assert SimulationJob.objects.get().status == "done"
    assert page.locator(".lab-verdicts li").count() == 5
    assert page.locator(".lab-figure img").evaluate("img => img.naturalWidth") > 0
    shoot(page, "lab-02-results")

    phone.goto(page.url)
    phone.get_by_role("heading", name="Recommendation").wait_for()
    width = phone.evaluate("document.documentElement.clientWidth")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width + 1
    shoot(phone, "lab-03-results-phone")
