"""The other arbiter pages in a real browser: the event dashboard, Go settings, a draft
that breaks a rule (listed by the checker, published only after confirmation), the
CSV preview with per-row errors, and the phone layout of players and drafts."""

from __future__ import annotations

import re

import pytest

from tests.factories import UserFactory
from tests.web.arbiter_helpers import (
    make_round,
    make_setup,
    pairing_workers,
    unlabelled_controls,
)
from tournaments.engines import GameSpec
from tournaments.models import EventRole, RoundStatus
from tournaments.services.players import player_create
from tournaments.services.results import result_record
from tournaments.services.rounds import round_create
from tournaments.services.sections import section_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BAD_CSV = "name,rating,federation\nOk Player,2000,NOR\nNo Rating,lots,SWE\n,1500,DEN\n"


def _login(page, base: str, username: str) -> None:
    page.goto(base + "/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))


def _wide(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    )


def test_dashboard_settings_checker_and_csv_preview(live_server, page, phone, shoot):
    base = live_server.url
    for tab in (page, phone):
        tab.set_default_timeout(30_000)  # other work may be loading the machine
    setup = make_setup(players=8)
    dora = UserFactory(username="dora")
    EventRole.objects.create(user=dora, event=setup.event, role=EventRole.Role.CHIEF_ARBITER)
    section = setup.section
    r1 = make_round(section)  # 1-2, 3-4, 5-6, 7-8
    for game in r1.games.all():
        result_record(game=game, result="1-0", by=None)
    players = {p.pairing_number: p for p in section.players.all()}
    # A hand-made round 2 with a rematch (1-2 again) on board 1.
    round_create(
        section=section,
        games=[
            GameSpec(1, players[2], players[1]),
            GameSpec(2, players[3], players[5]),
            GameSpec(3, players[4], players[7]),
            GameSpec(4, players[6], players[8]),
        ],
    )
    _login(page, base, "dora")

    page.goto(f"{base}/arbiter/{setup.event.slug}/")
    page.get_by_role("heading", name="Arbiters").wait_for()
    assert page.get_by_role("button", name="Add").is_visible()  # the chief manages roles
    assert unlabelled_controls(page) == []
    shoot(page, "arbiter-pages-01-event")

    # Go settings: choosing Go shows the McMahon fields and hides the Swiss ones.
    page.goto(f"{base}/arbiter/{setup.event.slug}/new-section/")
    page.get_by_label("Game", exact=True).select_option("go")
    assert page.get_by_label("McMahon bar").is_visible()
    assert not page.get_by_label("Pairing system").is_visible()
    page.get_by_label("Rule set").select_option("__own__")
    assert page.get_by_label("Own tiebreak order").is_visible()
    shoot(page, "arbiter-pages-02-go-settings")

    # The draft with a rematch: the checker lists it; publishing needs the tick.
    round_url = f"{base}/arbiter/{setup.event.slug}/{section.slug}/rounds/2/"
    page.goto(round_url)
    checker = page.locator("#checker")
    assert "rematch" in checker.inner_text()
    assert unlabelled_controls(page) == []
    shoot(page, "arbiter-pages-03-draft-with-rematch")
    phone.goto(base + "/login/")
    _login(phone, base, "dora")
    phone.goto(round_url)
    assert not _wide(phone)
    shoot(phone, "arbiter-pages-04-phone-draft")
    page.get_by_role("button", name="Publish round 2").click()
    page.get_by_text("Tick the confirmation to publish anyway").wait_for()
    assert section.rounds.get(number=2).status == RoundStatus.DRAFT
    # Correct it instead: swap player 2 with player 3; the checker is then content.
    page.get_by_label("Swap", exact=True).select_option("2")
    page.get_by_label("with", exact=True).first.select_option("3")
    page.get_by_role("button", name="Swap", exact=True).click()
    page.get_by_text("swapped places").wait_for()
    assert "No absolute rule is broken" in page.locator("#checker").inner_text()
    shoot(page, "arbiter-pages-05-draft-corrected")
    page.get_by_role("button", name="Publish round 2").click()
    page.get_by_text("Round 2 is published").wait_for()

    # A player's page: a zero-point bye requested for rounds 4 and 5, and a family label.
    page.goto(f"{base}/arbiter/{setup.event.slug}/{section.slug}/players/")
    page.get_by_role("link", name=players[3].name).click()
    page.get_by_label("Round 4").check()
    page.get_by_label("Round 5").check()
    page.get_by_label("Bye", exact=True).select_option("zero")
    page.get_by_role("button", name="Request the bye").click()
    page.get_by_text("zero-point bye in rounds 4 and 5").wait_for()
    page.get_by_label("Family or team").fill("Team North")
    page.get_by_role("button", name="Save").click()
    page.get_by_text(f"{players[3].name}: saved.").wait_for()
    assert "Team North" in page.locator("#player-3").inner_text()
    page.get_by_role("link", name=players[3].name).click()
    assert unlabelled_controls(page) == []
    shoot(page, "arbiter-pages-06-player")

    # CSV preview with per-row errors; nothing stored.
    empty = section_create(event=setup.event, name="Juniors", total_rounds=5)
    page.goto(f"{base}/arbiter/{setup.event.slug}/{empty.slug}/import/")
    page.get_by_label("…or paste the text").first.fill(BAD_CSV)
    page.get_by_role("button", name="Preview").click()
    page.get_by_text("nothing will be stored until every row is right").wait_for()
    assert page.locator("tr.row-error").count() == 2
    assert empty.players.count() == 0
    shoot(page, "arbiter-pages-07-csv-errors")

    # Players on a phone: quick add, no sideways scrolling.
    phone.goto(f"{base}/arbiter/{setup.event.slug}/{empty.slug}/players/")
    for number, name in enumerate(("Young, Ada", "Young, Bo"), start=1):
        phone.locator("#id_add-name").fill(name)
        phone.locator("#id_add-name").press("Enter")
        phone.get_by_text(f"Added {number}. {name}.").wait_for()
    assert phone.locator("#player-rows tr").count() == 2
    assert not _wide(phone)
    shoot(phone, "arbiter-pages-08-phone-players")
    # The narrowest phones in use (360 px): still nothing sideways, on every page.
    phone.set_viewport_size({"width": 360, "height": 740})
    for path in (
        "",
        "players/",
        "rounds/1/",
        "rounds/2/",
        "standings/",
        "crosstable/",
        "import/",
        "edit/",
        "prohibited/",
    ):
        phone.goto(f"{base}/arbiter/{setup.event.slug}/{section.slug}/{path}")
        assert not _wide(phone), path
    phone.goto(f"{base}/arbiter/{setup.event.slug}/")
    assert not _wide(phone)


@pytest.fixture
def workers():
    with pairing_workers():
        yield


def test_a_go_round_on_laptop_and_phone(live_server, workers, page, phone, shoot):
    base = live_server.url
    for tab in (page, phone):
        tab.set_default_timeout(30_000)
    setup = make_setup(go=True, mcmahon_bar="1d", mcmahon_floor="20k")
    ranks = ["3d", "1d", "1k", "2k", "4k", "6k", "9k", "12k", "15k"]
    clubs = ["Paris", "Lyon", "Paris", "Berlin", "Lyon", "Paris", "Berlin", "Lyon", "Paris"]
    for i, (rank, club) in enumerate(zip(ranks, clubs, strict=True)):
        player_create(
            section=setup.section,
            name=f"Go player {i + 1}",
            go_rank=rank,
            club=club,
            federation="FR",
        )
    gus = UserFactory(username="gus")
    EventRole.objects.create(user=gus, event=setup.event, role=EventRole.Role.ARBITER)
    _login(page, base, "gus")
    section_url = f"{base}/arbiter/{setup.event.slug}/{setup.section.slug}/"
    page.goto(section_url + "players/")
    assert page.get_by_role("columnheader", name="Rank").is_visible()
    assert page.get_by_role("columnheader", name="Country").is_visible()
    page.goto(section_url)
    page.get_by_role("button", name="Pair round 1").click()
    page.get_by_text("Round 1 is paired").wait_for()
    assert page.get_by_role("columnheader", name="Terms").is_visible()
    page.locator("table.pairings details summary").first.click()
    assert page.locator("dl.components").first.is_visible()
    shoot(page, "arbiter-go-01-draft")
    page.get_by_role("button", name="Publish round 1").click()
    page.get_by_text("Round 1 is published").wait_for()
    _login(phone, base, "gus")
    phone.goto(section_url + "rounds/1/")
    assert not _wide(phone)
    phone.locator("#board-1").get_by_role("button", name=re.compile("^White wins,")).tap()
    phone.locator("#board-1.done").wait_for()
    shoot(phone, "arbiter-go-02-phone-results")
