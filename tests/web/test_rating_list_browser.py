"""Registration from a rating list in a real browser: type part of a name, pick the
player with the arrows and Enter, add them with Enter; then the players check in, one
does not, and round 1 is paired with the new player and without the missing one. On a
laptop and a phone."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.factories import EventRoleFactory, PlayerFactory
from tests.ratings.lists import CARLSEN, OVERGAARD, fide_xml
from tests.web.arbiter_helpers import PASSWORD, make_setup, pairing_workers
from tournaments.models import ByeKind
from tournaments.services.ratings import rating_list_import

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def section(tmp_path):
    path = tmp_path / "players_list_xml_foa.xml"
    caruana = {**CARLSEN, "fideid": 2020009, "name": "Caruana, Fabiano", "country": "USA"}
    path.write_text(fide_xml(CARLSEN, OVERGAARD, caruana), encoding="utf-8")
    rating_list_import(source="fide", path=path)
    setup = make_setup(players=0, rating_type="blitz", check_in="first")
    for i in range(1, 4):
        PlayerFactory(section=setup.section, pairing_number=i, name=f"Club player {i}")
    user = get_user_model().objects.create_user("registrar", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event)
    return setup


@pytest.fixture
def workers():
    with pairing_workers():
        yield


@pytest.mark.parametrize("device", ["page", "phone"])
def test_a_player_found_on_the_list_is_registered_and_paired(
    live_server, workers, request, device, section, shoot
):
    page = request.getfixturevalue(device)
    setup = section
    page.goto(live_server.url + "/login/")
    page.get_by_label("Username").fill("registrar")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))
    page.goto(live_server.url + setup.url("players"))
    page.wait_for_load_state("load")
    search = page.locator("#lookup-q")
    search.click()
    search.type("car", delay=40)
    items = page.locator("#lookup-results .lookup-item")
    expect(items).to_have_count(2)  # Carlsen and Caruana
    expect(items.nth(0)).to_have_class(re.compile("active"))
    page.keyboard.press("ArrowDown")
    expect(items.nth(1)).to_have_class(re.compile("active"))
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # the first of the two
    name = page.locator("#id_add-name")
    expect(name).to_be_focused()
    picked = name.input_value()
    assert picked in ("Carlsen, Magnus", "Caruana, Fabiano")
    expect(page.locator("#id_add-rating")).to_have_value("2886")  # the blitz rating
    expect(page.locator("#id_add-fide_id")).not_to_have_value("")
    shoot(page, f"rating-list-pick-{device}")
    page.keyboard.press("Enter")
    expect(page.locator("#player-rows")).to_contain_text(picked)
    player = setup.section.players.get(name=picked)
    assert player.rating == 2886 and player.title == "GM" and player.birth == "1990"
    assert player.sex == "m" and player.fide_id in ("1503014", "2020009")
    page.goto(live_server.url + setup.url("check_in"))
    for number in (1, 2, player.pairing_number):  # Club player 3 has not come
        page.locator(f"#check-{number} button").click()
        expect(page.locator(f"#check-{number}")).to_have_class(re.compile("here"))
    page.goto(live_server.url + setup.url("section"))
    notice = page.locator("#check-in-notice")
    expect(notice).to_contain_text("1 player has not checked in: Club player 3")
    notice.get_by_role("button", name=re.compile("absent and pair round 1")).click()
    page.get_by_text("Round 1 is paired").wait_for()
    expect(page.locator("table.pairings")).to_contain_text(picked)
    rnd = setup.section.rounds.get(number=1)
    placed = {pk for g in rnd.games.all() for pk in (g.white_id, g.black_id)}
    assert player.pk in placed
    missing = setup.section.players.get(name="Club player 3")
    assert missing.pk not in placed and rnd.byes.get(player=missing).kind == ByeKind.ZERO
