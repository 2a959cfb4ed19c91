"""An arbiter runs a five-round Swiss in a real browser (Playwright on Debian's
Chromium): log in, create the event and a chess section, add 12 players from the
keyboard, pair, publish, enter every result by keyboard, and read the standings;
round 2's results are entered on a 390x844 phone. Screenshots go to test-artefacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.web.arbiter_helpers import PASSWORD, pairing_workers, unlabelled_controls
from tournaments.models import Event, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    ("Aronian, Levon", 2740),
    ("Berg, Ingrid", 2310),
    ("Costa, Marta", 2205),
    ("Dahl, Sindre", 2150),
    ("Eriksen, Kari", 2098),
    ("Fischer, Jonas", 2040),
    ("Garcia, Lucia", 1985),
    ("Hansen, Magnus", 1920),
    ("Iyer, Priya", 1874),
    ("Jansen, Daan", 1810),
    ("Kowalski, Zofia", 1766),
    ("Larsen, Olav", 1702),
]
KEYS = ["1", "=", "0", "1", "0", "="]  # cycled over the boards of a round


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _login(page, base: str, username: str) -> None:
    page.goto(base + "/arbiter/")
    assert "/login/" in page.url
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))


def _focused_id(page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.id : ''")


def _enter_results_by_keyboard(page, number: int) -> None:
    """Type a key per board; the cursor must move to the next board each time."""
    rows = page.locator("ol.boards > li.board-row")
    count = rows.count()
    assert count > 0
    # Waits through locators: a waited-for JavaScript string would need eval, which the
    # pages' Content-Security-Policy refuses.
    expect(page.locator("#board-1")).to_be_focused()
    for i in range(count):
        board = i + 1
        assert _focused_id(page) == f"board-{board}"
        page.keyboard.type(KEYS[(i + number) % len(KEYS)])
        try:
            page.locator(f"#board-{board}.done").wait_for()
        except PlaywrightTimeout:
            banner = page.locator("#net-status")
            said = banner.inner_text() if banner.is_visible() else "nothing"
            row = page.locator(f"#board-{board}").get_attribute("class")
            raise AssertionError(
                f"round {number}, board {board}: no result after the key; the page said "
                f"{said!r}; the row's classes: {row!r}"
            ) from None
        page.locator("#result-counter").get_by_text(f"{board} of {count} entered").wait_for()
        if board < count:
            expect(page.locator(f"#board-{board + 1}")).to_be_focused()


def _pair_and_publish(page, number: int, shoot=None) -> None:
    page.get_by_role("button", name=f"Pair round {number}").click()
    # The job runs, the page polls it and swaps in the draft (URL pushed to the round).
    page.get_by_role("heading", name=re.compile(f"Round {number}")).wait_for()
    page.get_by_text("No absolute rule is broken").wait_for()
    page.wait_for_url(re.compile(f"/rounds/{number}/$"))
    if shoot:
        shoot(page, f"arbiter-r{number}-draft")
    page.get_by_role("button", name=f"Publish round {number}").click()
    page.get_by_text(f"Round {number} is published").wait_for()
    # The result keys are handled by a deferred script: type only once it has run.
    page.wait_for_load_state("load")


@pytest.fixture
def workers():
    with pairing_workers():
        yield


def test_an_arbiter_runs_a_five_round_swiss(live_server, workers, page, phone, shoot):
    UserFactory(username="anna")
    for tab in (page, phone):
        tab.set_default_timeout(30_000)  # other work may be loading the machine
    base = live_server.url

    # Log in; no event yet.
    page.goto(base + "/login/")
    shoot(page, "arbiter-00-login")
    _login(page, base, "anna")
    page.get_by_text("You are not an arbiter of any event yet.").wait_for()

    # Create the event, then its chess section.
    page.get_by_role("link", name="New event").first.click()
    page.get_by_label("Event name").fill("Lakeside Open")
    page.get_by_label("First day").fill("2026-06-12")
    page.get_by_label("Last day").fill("2026-06-14")
    page.get_by_label("Venue").fill("Lakeside community hall")
    shoot(page, "arbiter-01-event-form")
    page.get_by_role("button", name="Create event").click()
    page.get_by_role("heading", name="New section of Lakeside Open").wait_for()
    page.get_by_label("Section name").fill("Open")
    assert page.get_by_label("Pairing system").is_visible()
    assert not page.get_by_label("McMahon bar").is_visible()  # Go settings stay hidden
    assert unlabelled_controls(page) == []
    shoot(page, "arbiter-02-section-form")
    page.get_by_role("button", name="Create section").click()

    # Twelve players, keyboard only: type, Tab, type, Enter; the form clears each time.
    page.get_by_role("heading", name=re.compile("^Players")).wait_for()
    page.wait_for_load_state("load")
    name = page.locator("#id_add-name")
    for i, (player, rating) in enumerate(PLAYERS, start=1):
        assert _focused_id(page) == "id_add-name"
        page.keyboard.type(player)
        page.keyboard.press("Tab")
        page.keyboard.type(str(rating))
        page.keyboard.press("Enter")
        page.locator(f"#player-{i}").wait_for()
        expect(name).to_be_focused()
        assert name.input_value() == ""
    assert page.locator("#player-count").inner_text() == "12"
    assert unlabelled_controls(page) == []
    shoot(page, "arbiter-03-players")

    # The dashboard says what to do next.
    page.get_by_role("link", name="Overview").click()
    assert page.locator(".flow li.now").inner_text() == "Pair round 1"
    shoot(page, "arbiter-04-section")

    # Round 1: pair, check, publish, results by keyboard.
    _pair_and_publish(page, 1, shoot)
    assert unlabelled_controls(page) == []
    shoot(page, "arbiter-05-round1-published")
    _enter_results_by_keyboard(page, 1)
    page.get_by_text("All results of round 1 are in").wait_for()
    shoot(page, "arbiter-06-round1-results")

    # Round 2 from the button under the results; publish; standings.
    _pair_and_publish(page, 2, shoot)
    page.get_by_role("link", name="Overview").click()
    assert page.locator(".flow li.now").inner_text() == "Enter results"
    shoot(page, "arbiter-06b-section-midway")
    page.get_by_role("link", name="Standings").click()
    page.get_by_role("heading", name="Standings after round 1").wait_for()
    shoot(page, "arbiter-07-standings-r1")

    # Round 2's results on a phone.
    event = Event.objects.get(name="Lakeside Open")
    section = event.sections.get()
    round_url = f"{base}/arbiter/{event.slug}/{section.slug}/rounds/2/"
    _login(phone, base, "anna")
    phone.goto(round_url)
    phone.locator("#result-counter").get_by_text("0 of 6 entered").wait_for()
    _no_sideways_scroll(phone)
    box = phone.locator("#board-1 button.rb").first.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44  # thumb-sized
    shoot(phone, "arbiter-08-phone-round2")
    labels = ["White wins", "Draw", "Black wins", "White wins by forfeit", "Draw", "Black wins"]
    for board, label in enumerate(labels, start=1):
        phone.locator(f"#board-{board}").get_by_role("button", name=re.compile(f"^{label},")).tap()
        phone.locator(f"#board-{board}.done").wait_for()
        if board == 2:
            shoot(phone, "arbiter-09-phone-round2-entering")
    phone.locator("#result-counter").get_by_text("6 of 6 entered").wait_for()
    _no_sideways_scroll(phone)
    shoot(phone, "arbiter-10-phone-round2-done")
    # Undo on the phone, then put the result back.
    phone.get_by_role("button", name="Undo the last change").tap()
    phone.get_by_text("Undone: board 6").wait_for()
    phone.locator("#board-6").get_by_role("button", name=re.compile("^Black wins,")).tap()
    phone.locator("#result-counter").get_by_text("6 of 6 entered").wait_for()
    phone.goto(f"{base}/arbiter/{event.slug}/{section.slug}/standings/")
    _no_sideways_scroll(phone)
    shoot(phone, "arbiter-11-phone-standings")

    # Rounds 3 to 5 back on the laptop, then the final standings.
    page.goto(round_url)
    for number in (3, 4, 5):
        _pair_and_publish(page, number)
        _enter_results_by_keyboard(page, number)
    page.get_by_text("The last round is complete").wait_for()
    page.get_by_role("link", name="Final standings").click()
    page.get_by_role("heading", name="Standings after round 5").wait_for()
    assert page.locator("table.standings tbody tr").count() == 12
    shoot(page, "arbiter-12-final-standings")
    assert Round.objects.filter(section=section, status="published").count() == 5

    # The rest an arbiter prints or checks.
    page.goto(f"{base}/arbiter/{event.slug}/{section.slug}/crosstable/")
    shoot(page, "arbiter-13-crosstable")
    page.goto(f"{base}/arbiter/{event.slug}/{section.slug}/rounds/5/audit/")
    assert page.locator("table.audit tbody tr").count() == 6
    shoot(page, "arbiter-14-audit")
    page.goto(f"{base}/arbiter/{event.slug}/{section.slug}/rounds/5/print/pairings/")
    page.emulate_media(media="print")
    shoot(page, "arbiter-15-print-pairings")
    page.goto(f"{base}/arbiter/{event.slug}/{section.slug}/rounds/5/print/slips/")
    shoot(page, "arbiter-16-print-slips")
    page.goto(f"{base}/arbiter/{event.slug}/{section.slug}/standings/print/")
    shoot(page, "arbiter-17-print-standings")
    page.emulate_media(media="screen")
