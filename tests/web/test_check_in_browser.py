"""Check-in in a real browser: the arbiter taps players in on a phone, then pairs round 1
on a laptop; the one player who did not check in is not paired (zero-point bye)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.factories import EventRoleFactory, PlayerFactory
from tests.web.arbiter_helpers import PASSWORD, make_setup, pairing_workers
from tournaments.models import ByeKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def workers():
    with pairing_workers():
        yield


def _log_in(page, base):
    page.goto(base + "/login/")
    page.get_by_label("Username").fill("door")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))


def test_a_player_who_did_not_check_in_is_not_paired(live_server, workers, page, phone, shoot):
    setup = make_setup(check_in="first")
    for i in range(1, 6):
        PlayerFactory(section=setup.section, pairing_number=i, name=f"Player {i}")
    user = get_user_model().objects.create_user("door", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event)
    base = live_server.url

    _log_in(phone, base)
    phone.goto(base + setup.url("check_in"))
    for i in (1, 2, 3, 4):
        phone.locator(f"#check-{i} button").click()
        expect(phone.locator(f"#check-{i}")).to_have_class(re.compile("here"))
    expect(phone.locator("#check-in-count")).to_have_text("4 of 5 here")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= phone.viewport_size["width"] + 1
    shoot(phone, "check-in-phone")

    _log_in(page, base)
    page.goto(base + setup.url("section"))
    notice = page.locator("#check-in-notice")
    expect(notice).to_contain_text("1 player has not checked in: Player 5")
    notice.get_by_role("button", name=re.compile("absent and pair round 1")).click()
    page.get_by_text("Round 1 is paired").wait_for()
    rnd = setup.section.rounds.get(number=1)
    placed = {pk for g in rnd.games.all() for pk in (g.white_id, g.black_id)}
    missing = setup.section.players.get(pairing_number=5)
    assert missing.pk not in placed and len(placed) == 4
    assert rnd.byes.get(player=missing).kind == ByeKind.ZERO
    shoot(page, "check-in-paired")
