"""A player's phone in a real browser: open the page the QR code points to, find yourself
by name, see your board; a result entered meanwhile appears without a reload. Every
public page fits a 360 px screen (wide tables scroll inside their box), and find me
works with JavaScript off."""

from __future__ import annotations

import re

import pytest

from tests.api.builders import play_round, section_with_rounds, simple_round
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tournaments.services.results import result_record

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_public_cache"),
]


@pytest.fixture
def tournament(settings):
    settings.PUBLIC_POLL_SECONDS = 1  # the page polls every second in this test
    section = section_with_rounds(
        players=40, played=3, realistic_names=True, total_rounds=7, name="Open", slug="open"
    )
    play_round(simple_round(section), results=False)  # round 4 is being played
    return section


@pytest.fixture
def small_phone(browser):
    """The narrowest common phone: 360 x 740 CSS pixels."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def body_fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_phone_finds_its_board_and_sees_the_result_arrive(live_server, phone, shoot, tournament):
    section = tournament
    game = section.rounds.get(number=4).games.select_related("white", "black").get(board=3)
    me, opponent = game.black, game.white
    event_url = f"{live_server.url}/e/{section.event.slug}/"
    phone.goto(event_url)  # what the QR code on the poster holds
    assert phone.evaluate("window.htmx !== undefined")  # deferred scripts ran before "load"
    assert phone.locator("h1").inner_text() == section.event.name
    shoot(phone, "public-phone-event-home")
    # Type part of the name: the results come as you type (no submit).
    phone.fill("#q", me.name.split(",")[0][:6] + " " + me.name.split()[-2][:4])
    card = phone.locator("#found li", has_text=me.name)
    card.wait_for()
    assert "Board 3" in card.inner_text() and "Black" in card.inner_text()
    assert opponent.name in card.inner_text()
    assert card.locator(".result").count() == 0  # still playing
    shoot(phone, "public-phone-found")
    # The arbiter enters the result; the open page shows it without a reload.
    phone.evaluate("window.__same_page = true")
    result_record(game=game, result="0-1", by=None)
    card.locator(".result").wait_for(timeout=10_000)
    assert card.locator(".result").inner_text() == "0–1"
    assert "won" in card.locator(".outcome").inner_text()  # black won: that is me
    assert phone.evaluate("window.__same_page") is True  # no reload happened
    shoot(phone, "public-phone-result-arrived")
    # Tap through to the player card.
    card.locator("a.who").click()
    phone.wait_for_url(re.compile(r"/player/\d+/$"))
    assert phone.locator("svg[role=img] > title").count() == 1
    shoot(phone, "public-phone-player-card")


PAGES = [
    "",
    "open/",
    "open/round/2/",
    "open/standings/",
    "open/crosstable/",
    "open/player/1/",
    "open/find/?q=kowal",
    "find/?q=kowal",
    "poster/",
]


@pytest.mark.parametrize("tail", PAGES)
def test_every_public_page_fits_a_360px_screen(live_server, small_phone, shoot, tournament, tail):
    small_phone.goto(f"{live_server.url}/e/{tournament.event.slug}/{tail}")
    assert body_fits(small_phone), tail
    name = "public-360-" + (re.sub(r"[^a-z0-9]+", "-", tail).strip("-") or "event")
    shoot(small_phone, name)


def test_wide_tables_scroll_inside_their_box(live_server, small_phone, tournament):
    small_phone.goto(f"{live_server.url}/e/{tournament.event.slug}/open/crosstable/")
    wrap = small_phone.locator(".table-wrap")
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth")  # the table is wider...
    assert body_fits(small_phone)  # ...but the page is not
    # Links and buttons are big enough to tap.
    height = small_phone.locator(".tabs a").first.evaluate("el => el.offsetHeight")
    assert height >= 44


def test_find_me_works_with_javascript_off(live_server, browser, tournament):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/e/{tournament.event.slug}/")
        page.fill("#q", "2")  # a pairing number
        page.click("form.find button")
        page.wait_for_url(re.compile(r"/find/\?q=2$"))
        assert "Board" in page.locator("#found").inner_text()
        assert page.get_by_role("link", name="Refresh").count() == 1
    finally:
        context.close()


def test_the_poster_prints_on_one_a4_page(live_server, browser, shoot, tournament):
    context = browser.new_context(viewport={"width": 794, "height": 1123})  # A4 at 96 dpi
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/e/{tournament.event.slug}/poster/")
        page.emulate_media(media="print")
        assert page.locator(".hint").is_hidden()  # screen-only line
        qr = page.locator(".qr-big svg").bounding_box()
        assert qr["width"] > 400  # about 13 cm across: scannable from a few metres
        height = page.evaluate("document.querySelector('main').getBoundingClientRect().bottom")
        assert height <= 1123 - 2 * 57  # one page inside 15 mm margins
        shoot(page, "public-poster-print")
        pdf = page.pdf(format="A4", print_background=True)
        assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1
    finally:
        context.close()
