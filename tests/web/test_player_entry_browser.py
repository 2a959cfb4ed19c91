"""The quick "Add a player" form in a real browser, typed at speed: the next player's
name goes into the name field even while the last one is being saved, every entry
is stored in the order typed with its own fields, and a refused entry neither eats
what is being typed nor gets lost. The network is slowed on purpose (a route delay);
everything else waits for states."""

from __future__ import annotations

import re
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.factories import EventRoleFactory
from tests.web.arbiter_helpers import PASSWORD, make_setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENTRIES = [
    ("Adams, Ann", "2210"),
    ("Berg, Bo", "2105"),
    ("Cruz, Cy", "5000"),  # refused: ratings go up to 4000
    ("Dahl, Di", "1990"),
]


@pytest.fixture
def section():
    setup = make_setup(players=0)
    user = get_user_model().objects.create_user("clerk", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event)
    return setup


def _slow(route):
    if route.request.method == "POST":
        time.sleep(0.3)
    route.continue_()


def test_typing_the_next_player_right_after_enter_lands_in_the_right_fields(
    live_server, page, section
):
    setup = section
    page.route(re.compile(r"/players/$"), _slow)
    page.goto(live_server.url + "/login/")
    page.get_by_label("Username").fill("clerk")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))
    page.goto(live_server.url + setup.url("players"))
    page.wait_for_load_state("load")
    name = page.locator("#id_add-name")
    expect(name).to_be_focused()
    for player, rating in ENTRIES:  # no waiting between players
        page.keyboard.type(player, delay=20)
        page.keyboard.press("Tab")
        page.keyboard.type(rating, delay=20)
        page.keyboard.press("Enter")
    page.keyboard.type("Eng, E", delay=20)  # the next one, not submitted yet

    expect(page.locator("#add-log li.pending")).to_have_count(0)
    expect(page.locator("#player-rows tr")).to_have_count(3)
    stored = list(setup.section.players.order_by("pairing_number").values_list("name", "rating"))
    assert stored == [("Adams, Ann", 2210), ("Berg, Bo", 2105), ("Dahl, Di", 1990)]
    assert page.locator("#player-count").inner_text() == "3"
    # What is being typed is untouched by the answers and the refusal.
    assert name.input_value() == "Eng, E"
    assert page.locator("#id_add-rating").input_value() == ""
    refusal = page.locator("#add-log li.refused")
    expect(refusal).to_contain_text("Not added: Cruz, Cy.")
    expect(refusal).to_contain_text("Rating: Ensure this value is less than or equal to 4000.")
    # The refused entry goes back into the form on request (after asking, since the
    # form holds another entry), to be corrected and sent again.
    page.once("dialog", lambda dialog: dialog.accept())
    refusal.get_by_role("button", name="Put back in the form").click()
    assert name.input_value() == "Cruz, Cy"
    assert page.locator("#id_add-rating").input_value() == "5000"
    page.locator("#id_add-rating").fill("2000")
    page.locator("#id_add-rating").press("Enter")
    expect(page.locator("#player-4")).to_contain_text("Cruz, Cy")
    assert setup.section.players.get(pairing_number=4).rating == 2000
