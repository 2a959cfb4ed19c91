"""An arbiter runs a round in French in a real browser: picks French in the switcher on
the login page, logs in, pairs round 1 (a real worker), publishes it, enters results
with the keyboard and reads the standings; no page on the way shows an English phrase
of the catalogue, and the players' pages on a phone speak the event's language."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.factories import EventRoleFactory, PlayerFactory
from tests.web.arbiter_helpers import PASSWORD, make_setup, pairing_workers
from tests.web.test_languages import _word, english_phrases, untranslated_on, visible_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Dupont Jean", "Martin Luc", "Bernard Zoé", "Petit Léa", "Durand Hugo", "Moreau Inès"]


@pytest.fixture
def workers():
    with pairing_workers():
        yield


def _no_english(page, phrases, where: str) -> None:
    html = page.content()
    left = untranslated_on(html, phrases)
    if left:
        text = visible_text(html)
        at = [
            text[max(0, m.start() - 60) : m.end() + 60]
            for p in left
            for m in _word(p).finditer(text)
        ]
        raise AssertionError(f"{where}: {left} in {at[:5]}")


def test_an_arbiter_runs_round_1_in_french(live_server, workers, page, phone, shoot):
    setup = make_setup(name="Groupe A", slug="groupe-a")
    event = setup.event
    event.name, event.language = "Open de Lyon", "fr"
    event.save()
    for number, name in enumerate(NAMES, start=1):
        PlayerFactory(section=setup.section, pairing_number=number, name=name)
    user = get_user_model().objects.create_user("arbitre", password=PASSWORD)
    EventRoleFactory(user=user, event=event)
    phrases = english_phrases("fr")
    base = live_server.url

    page.goto(base + "/login/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.select_option("#language-choice", "fr")  # the switcher sends itself
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.get_by_label("Nom d’utilisateur").or_(page.get_by_label("Nom d'utilisateur")).fill(
        "arbitre"
    )
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))
    _no_english(page, phrases, "event list")

    page.goto(base + setup.url("section"))
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    _no_english(page, phrases, "section")
    page.get_by_role("button", name="Apparier la ronde 1").click()
    page.get_by_text(re.compile(r"La ronde 1 est appariée")).wait_for()
    _no_english(page, phrases, "draft of round 1")
    shoot(page, "french-draft")

    page.get_by_role("button", name="Publier la ronde 1").first.click()
    rnd = setup.section.rounds.get(number=1)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.goto(base + setup.url("round", number=1))
    page.wait_for_load_state("load")  # the result keys are handled by a deferred script
    expect(page.locator("#board-1")).to_be_focused()
    _no_english(page, phrases, "round 1 published")
    page.keyboard.type("1=0", delay=100)
    expect(page.locator("li.board-row.is-saved")).to_have_count(3)
    expect(page.locator("#result-counter")).to_contain_text("3 sur 3 saisis")
    assert list(rnd.games.order_by("board").values_list("result", flat=True)) == [
        "1-0",
        "1/2-1/2",
        "0-1",
    ]
    _no_english(page, phrases, "round 1 with results")

    page.goto(base + setup.url("standings"))
    expect(page.get_by_role("heading", name=re.compile("Classement"))).to_be_visible()
    _no_english(page, phrases, "standings")
    shoot(page, "french-standings")

    # The players' pages on a phone: the event's language, whatever the phone says.
    phone.goto(base + f"/e/{event.slug}/{setup.section.slug}/standings/")
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    _no_english(phone, phrases, "public standings")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= phone.viewport_size["width"] + 1
    shoot(phone, "french-public-standings")
