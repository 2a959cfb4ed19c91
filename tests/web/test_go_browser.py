"""A Go round in a real browser, on a phone and a laptop: results typed with b and w
show as B+ and W+, pairings show the McMahon score and the terms (handicap, komi), the
draft's explanation speaks Go with the numbers one click further, and the rule checker
has no chess words."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.factories import EventRoleFactory, PlayerFactory
from tests.web.arbiter_helpers import PASSWORD, make_setup
from tournaments.models import Result
from tournaments.services.rounds import round_pair, round_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RANKS = ["5d", "3d", "2d", "1d", "1k", "2k", "4k", "6k", "9k", "12k"]


@pytest.fixture
def go_round():
    setup = make_setup(go=True, mcmahon_bar="3d", mcmahon_floor="20k")
    for i, rank in enumerate(RANKS, start=1):
        PlayerFactory(
            section=setup.section, pairing_number=i, name=f"Go {i}", go_rank=rank, rating=None
        )
    user = get_user_model().objects.create_user("goarbiter", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event)
    return setup


def _log_in(page, base: str) -> None:
    page.goto(base + "/login/")
    page.get_by_label("Username").fill("goarbiter")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))


@pytest.mark.parametrize("device", ["phone", "page"])
def test_a_go_round_reads_as_go_on_a_phone_and_a_laptop(
    live_server, request, device, go_round, shoot
):
    page = request.getfixturevalue(device)
    setup = go_round
    rnd = round_pair(section=setup.section)
    _log_in(page, live_server.url)
    page.goto(live_server.url + setup.url("round", number=1))
    checker = page.locator("#checker")
    expect(checker).to_contain_text("No rematch, prohibited pairing")
    expect(checker).not_to_contain_text("colour limit")
    first = page.locator("#board-1")
    expect(first).to_contain_text("MMS")
    expect(first).to_contain_text("komi")
    first.get_by_text("Explain").click()
    expect(first.locator("details dl.components")).to_be_visible()
    shoot(page, f"go-draft-{device}")

    round_publish(round=rnd, confirm=True)
    page.goto(live_server.url + setup.url("round", number=1))
    page.wait_for_load_state("load")
    expect(page.locator("#board-1")).to_be_focused()
    expect(page.locator("#keys-help")).to_contain_text("Black wins (B+)")
    page.keyboard.type("bwbwb", delay=100)
    expect(page.locator("li.board-row.is-saved")).to_have_count(5)
    expect(page.locator("#board-1 .res")).to_have_text("B+")
    expect(page.locator("#board-2 .res")).to_have_text("W+")
    assert list(rnd.games.order_by("board").values_list("result", flat=True)) == [
        Result.BLACK_WINS,
        Result.WHITE_WINS,
    ] * 2 + [Result.BLACK_WINS]
    assert page.locator("#board-1 button", has_text="½").count() == 0
    shoot(page, f"go-results-{device}")

    page.goto(live_server.url + f"/e/{setup.event.slug}/{setup.section.slug}/round/1/")
    table = page.locator("table.pairings")
    expect(table).to_contain_text("B+")
    expect(page.locator("td.terms").first).to_contain_text("komi")
    expect(page.get_by_text("McMahon score (MMS) before this round")).to_be_visible()
    # The phone's table scrolls inside its box: the page itself is not wider than the screen.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1
    shoot(page, f"go-public-pairings-{device}")
