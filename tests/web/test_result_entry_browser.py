"""Fast keyboard result entry in a real browser: every key lands on the board it was
typed on, in order, whatever the typing speed and however slow the network; a save
that fails stays on its row until it is retried; a board changed meanwhile shows the
current result and keeps it.

The only timings here are the deliberate ones: the interval between keys (as an
arbiter types from a stack of slips) and the delay added to each result request.
Everything else waits for states (a row saved, a row failed), never for a time."""

from __future__ import annotations

import re
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.factories import EventRoleFactory
from tests.web.arbiter_helpers import PASSWORD, make_round, make_setup
from tournaments.models import Result
from tournaments.services.results import result_record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RESULT_URL = re.compile(r"/rounds/\d+/boards/\d+/result/$")
KEY_RESULTS = {
    "1": Result.WHITE_WINS,
    "=": Result.DRAW,
    "0": Result.BLACK_WINS,
    "+": Result.WHITE_FORFEIT_WIN,
    "-": Result.BLACK_FORFEIT_WIN,
}


@pytest.fixture
def round_one():
    """A published round 1 of ten boards, and an arbiter to enter its results."""
    setup = make_setup(players=20)
    rnd = make_round(setup.section)
    user = get_user_model().objects.create_user("typist", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event)
    return setup, rnd


def _open_round(page, base: str, setup) -> None:
    page.goto(base + "/login/")
    page.get_by_label("Username").fill("typist")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))
    page.goto(base + setup.url("round", number=1))
    page.wait_for_load_state("load")  # the result keys are handled by a deferred script
    expect(page.locator("#board-1")).to_be_focused()


def _stored(rnd) -> list[str]:
    return list(rnd.games.order_by("board").values_list("result", flat=True))


def _slow(delay: float):
    """A route handler holding each result request `delay` seconds before it leaves."""

    def handle(route):
        time.sleep(delay)
        route.continue_()

    return handle


@pytest.mark.parametrize(
    "interval_ms,network_delay",
    [(80, 0.0), (150, 0.0), (80, 0.25), (150, 0.25)],
    ids=["80ms", "150ms", "80ms-slow-network", "150ms-slow-network"],
)
def test_fast_keys_land_on_their_boards_in_order(
    live_server, page, round_one, interval_ms, network_delay
):
    setup, rnd = round_one
    keys = "1=01=0+-=1"  # one key per board, boards 1 to 10
    if network_delay:
        page.route(RESULT_URL, _slow(network_delay))
    _open_round(page, live_server.url, setup)
    page.keyboard.type(keys, delay=interval_ms)
    # The cursor has moved past the last board at once; every board ends up saved.
    expect(page.locator("#board-10")).to_be_focused()
    expect(page.locator("li.board-row.is-saved")).to_have_count(10)
    assert page.locator("li.board-row.is-failed").count() == 0
    assert _stored(rnd) == [KEY_RESULTS[k] for k in keys]
    # One change per board: no key overwrote a board it was not typed on.
    assert list(rnd.games.order_by("board").values_list("version", flat=True)) == [1] * 10
    page.locator("#result-counter").get_by_text("10 of 10 entered").wait_for()


class Gate:
    """Holds result requests until opened: what a stalled venue network does."""

    def __init__(self) -> None:
        self.held: list = []
        self.open = False

    def __call__(self, route) -> None:
        if self.open:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.open = True
        while self.held:
            self.held.pop(0).continue_()


def test_while_the_network_stalls_the_cursor_moves_on_and_rows_show_pending(
    live_server, page, round_one
):
    setup, rnd = round_one
    gate = Gate()
    page.route(RESULT_URL, gate)
    _open_round(page, live_server.url, setup)
    page.keyboard.type("10=", delay=80)
    expect(page.locator("#board-4")).to_be_focused()  # the cursor did not wait
    expect(page.locator("li.board-row.is-pending")).to_have_count(3)
    expect(page.locator("#board-1 .save-state")).to_have_text("Saving 1-0…")
    # Back to board 2 to change the key typed there: queued behind the first one.
    page.locator("#board-2").focus()
    page.keyboard.type("1")
    expect(page.locator("#board-2 .save-state")).to_have_text("Saving 0-1, then 1-0…")
    assert _stored(rnd)[:3] == ["", "", ""]  # nothing has reached the server yet
    gate.release()
    expect(page.locator("li.board-row.is-saved")).to_have_count(3)
    assert _stored(rnd)[:4] == [Result.WHITE_WINS, Result.WHITE_WINS, Result.DRAW, ""]
    game = rnd.games.get(board=2)
    assert [c.after for c in game.changes.order_by("version")] == ["0-1", "1-0"]


def test_a_failed_save_stays_visible_until_it_is_retried(live_server, page, round_one):
    setup, rnd = round_one
    failures = {"/boards/3/": "abort", "/boards/5/": "503"}

    def handle(route):
        for tail, how in list(failures.items()):
            if tail in route.request.url:
                del failures[tail]  # fail once
                if how == "abort":
                    route.abort("internetdisconnected")
                else:
                    route.fulfill(
                        status=503,
                        content_type="text/plain; charset=utf-8",
                        body="The database is not answering; nothing was saved.",
                    )
                return
        route.continue_()

    page.route(RESULT_URL, handle)
    _open_round(page, live_server.url, setup)
    page.keyboard.type("1=01=0", delay=80)  # boards 1 to 6
    expect(page.locator("li.board-row.is-saved")).to_have_count(4)
    expect(page.locator("li.board-row.is-failed")).to_have_count(2)
    expect(page.locator("#board-3 .save-state")).to_contain_text("Not saved: 0-1. No connection.")
    expect(page.locator("#board-5 .save-state")).to_contain_text("The database is not answering")
    expect(page.locator("#entry-status")).to_have_text("2 boards not saved")
    assert _stored(rnd)[:6] == ["1-0", "1/2-1/2", "", "1-0", "", "0-1"]
    # Typing on goes on; the failures stay where they are.
    expect(page.locator("#board-7")).to_be_focused()
    page.keyboard.type("=")
    expect(page.locator("#board-7.is-saved")).to_be_visible()
    expect(page.locator("li.board-row.is-failed")).to_have_count(2)
    page.locator("#board-3").get_by_role("button", name="Retry 0-1").click()
    page.locator("#board-5").get_by_role("button", name="Retry ½-½").click()
    expect(page.locator("li.board-row.is-failed")).to_have_count(0)
    expect(page.locator("#entry-status")).to_have_text("")
    assert _stored(rnd)[:7] == ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "0-1", "1/2-1/2"]


def test_a_board_changed_meanwhile_shows_the_current_result(live_server, page, round_one):
    setup, rnd = round_one
    _open_round(page, live_server.url, setup)
    # Another arbiter enters board 2 after this page was loaded.
    result_record(game=rnd.games.get(board=2), result="0-1", by=None, expected_version=0)
    page.keyboard.type("1=0", delay=80)
    expect(page.locator("li.board-row.is-saved")).to_have_count(2)
    row = page.locator("#board-2")
    expect(row).to_have_class(re.compile(r"\bis-failed\b"))
    expect(row.locator(".conflict-msg")).to_contain_text("was changed meanwhile (now 0-1)")
    expect(row.locator(".res")).to_have_text("0–1")  # as every page writes it
    expect(row.locator(".save-state")).to_contain_text("Not saved: ½-½")
    assert _stored(rnd)[:3] == ["1-0", "0-1", "0-1"]
    # Entering it again, knowingly, replaces it and clears the warning.
    row.focus()
    page.keyboard.type("=")
    expect(page.locator("#board-2.is-saved")).to_be_visible()
    assert _stored(rnd)[1] == "1/2-1/2"
