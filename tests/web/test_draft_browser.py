"""Throwing work away asks first, and what the page says matches the draft it shows:
Re-pair and "Remove player" need a confirmation, and after a Re-pair or an edit no
red "breaks N rules" message is left beside the green "no rule broken"."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.factories import EventRoleFactory
from tests.web.arbiter_helpers import PASSWORD, make_round, make_setup, pairing_workers
from tournaments.engines import GameSpec
from tournaments.jobs.models import PairingJob
from tournaments.models import RoundStatus
from tournaments.services.results import result_record
from tournaments.services.rounds import round_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def workers():
    with pairing_workers():
        yield


@pytest.fixture
def rematch_draft():
    """Round 1 played (1-2, 3-4, 5-6, 7-8); round 2 a draft with 1-2 again on board 1."""
    setup = make_setup(players=8)
    section = setup.section
    r1 = make_round(section)
    for game in r1.games.all():
        result_record(game=game, result="1-0", by=None)
    p = {pl.pairing_number: pl for pl in section.players.all()}
    round_create(
        section=section,
        games=[
            GameSpec(1, p[2], p[1]),
            GameSpec(2, p[3], p[5]),
            GameSpec(3, p[4], p[7]),
            GameSpec(4, p[6], p[8]),
        ],
    )
    user = get_user_model().objects.create_user("drafter", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event)
    return setup


def _login(page, base: str) -> None:
    page.goto(base + "/login/")
    page.get_by_label("Username").fill("drafter")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))


def _refused_publish(page, base: str, setup) -> None:
    page.goto(base + setup.url("round", number=2))
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Publish round 2").click()
    expect(page.locator("#messages li.error")).to_contain_text("breaks 1 rule listed below")
    expect(page.locator("#checker")).to_have_class(re.compile(r"\bbad\b"))


def test_repair_asks_first_and_leaves_no_stale_red_message(
    live_server, workers, page, rematch_draft
):
    setup = rematch_draft
    base = live_server.url
    _login(page, base)
    _refused_publish(page, base, setup)
    repair = page.get_by_role("button", name="Re-pair the whole round")
    # Declined: nothing happens.
    questions: list[str] = []

    def decline(dialog):
        questions.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", decline)
    repair.click()
    expect(page.locator("#checker")).to_have_class(re.compile(r"\bbad\b"))
    assert questions and "thrown away" in questions[0]
    assert not PairingJob.objects.filter(section=setup.section).exists()
    assert setup.section.rounds.get(number=2).games.get(board=1).white.pairing_number == 2
    # Confirmed: the round is paired again; the page shows only what is true now.
    page.once("dialog", lambda dialog: dialog.accept())
    repair.click()
    expect(page.locator("#checker")).to_have_class(re.compile(r"\bok\b"))
    expect(page.locator("#checker")).to_contain_text("No absolute rule is broken")
    expect(page.locator("#messages")).not_to_contain_text("breaks")
    assert page.locator("#messages li.error").count() == 0
    assert setup.section.rounds.get(number=2).status == RoundStatus.DRAFT


def test_an_edit_leaves_no_stale_red_message(live_server, page, rematch_draft):
    setup = rematch_draft
    base = live_server.url
    _login(page, base)
    _refused_publish(page, base, setup)
    # Swap 2 and 3: board 1 becomes 3-1, board 2 2-5; no rematch left.
    page.get_by_label("Swap", exact=True).select_option("2")
    page.get_by_label("with", exact=True).first.select_option("3")
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.locator("#checker")).to_contain_text("No absolute rule is broken")
    expect(page.locator("#messages")).to_contain_text("swapped places. No absolute rule is broken.")
    expect(page.locator("#messages")).not_to_contain_text("breaks")
    # An edit that breaks a rule again says so once, in the right number.
    page.get_by_label("Swap", exact=True).select_option("2")
    page.get_by_label("with", exact=True).first.select_option("3")
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.locator("#messages")).to_contain_text("The checker now reports 1 broken rule.")
    expect(page.locator("#checker")).to_contain_text("finds 1 broken rule")


def test_removing_a_player_asks_first(live_server, page):
    setup = make_setup(players=3)
    user = get_user_model().objects.create_user("drafter", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event)
    base = live_server.url
    _login(page, base)
    page.goto(base + setup.url("player_edit", pn=3))
    remove = page.get_by_role("button", name=re.compile("^Remove "))
    page.once("dialog", lambda dialog: dialog.dismiss())
    remove.click()
    expect(page.get_by_role("heading", name=re.compile("Requested byes"))).to_be_visible()
    assert setup.section.players.filter(pairing_number=3).exists()
    page.once("dialog", lambda dialog: dialog.accept())
    remove.click()
    expect(page.locator("#messages")).to_contain_text("is removed.")
    assert not setup.section.players.filter(pairing_number=3).exists()
