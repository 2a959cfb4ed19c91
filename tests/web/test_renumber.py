"""Pairing numbers by FIDE's initial ranking (rating, then title, then name), only
before round 1; the TRF export and the crosstable then use them; the crosstable can
be ordered by rank (arbiter page, public page, API)."""

from __future__ import annotations

import pytest

from tests.api.builders import section_with_rounds
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.errors import StateError
from tournaments.selectors.exports import trf_export
from tournaments.selectors.standings import crosstable, public_standings
from tournaments.services.players import player_create, players_renumber_by_rating

pytestmark = pytest.mark.django_db

# In the order they registered.
ENTRIES = [
    ("Zeller, Ute", 2100, ""),
    ("Adams, Ann", 2300, "FM"),
    ("Berg, Bo", 2300, "GM"),
    ("Øvergaard, Lars", 2100, ""),
    ("Olsen, Kari", 2100, ""),
    ("Cruz, Cy", None, ""),
    ("Dahl, Di", 2300, "WGM"),
    ("Eng, Ed", 0, "IM"),  # a rating of 0 is no rating
]
EXPECTED = [
    "Berg, Bo",  # 2300, GM
    "Dahl, Di",  # 2300, WGM: after GM and IM, before FM
    "Adams, Ann",  # 2300, FM
    "Olsen, Kari",  # 2100, no title: by name, Ø among the O's
    "Øvergaard, Lars",
    "Zeller, Ute",
    "Eng, Ed",  # no rating, IM
    "Cruz, Cy",  # no rating, no title
]


@pytest.fixture
def registered():
    setup = make_setup(players=0)
    for name, rating, title in ENTRIES:
        player_create(section=setup.section, name=name, rating=rating, title=title)
    return setup


def _by_number(section) -> list[str]:
    return list(section.players.order_by("pairing_number").values_list("name", flat=True))


def test_renumbering_follows_rating_then_title_then_name(registered):
    section = registered.section
    assert _by_number(section)[0] == "Zeller, Ute"  # registration order
    ordered = players_renumber_by_rating(section=section)
    assert [p.name for p in ordered] == EXPECTED
    assert _by_number(section) == EXPECTED


def test_the_page_button_renumbers_and_says_who_is_first(client, registered):
    client.force_login(registered.arbiter)
    page = client.get(registered.url("players")).content.decode()
    assert "Renumber by rating" in page and "data-confirm=" in page
    page = client.post(registered.url("players_renumber"), follow=True).content.decode()
    assert "Players renumbered by rating, title and name: Berg, Bo is number 1." in page
    assert _by_number(registered.section) == EXPECTED


def test_renumbering_is_refused_once_round_one_is_paired(client, registered):
    section = registered.section
    make_round(section, publish=False)
    with pytest.raises(StateError, match="round 1 is paired"):
        players_renumber_by_rating(section=section)
    assert _by_number(section)[0] == "Zeller, Ute"
    client.force_login(registered.arbiter)
    assert "Renumber by rating" not in client.get(registered.url("players")).content.decode()
    page = client.post(registered.url("players_renumber"), follow=True).content.decode()
    assert "pairing numbers can no longer change" in page


def test_the_trf_export_and_the_crosstable_use_the_new_numbers(registered):
    section = registered.section
    players_renumber_by_rating(section=section)
    make_round(section)  # 1-2, 3-4, ... by the new numbers
    trf = trf_export(section=section).text
    lines = [line for line in trf.splitlines() if line.startswith("001")]
    assert [int(line[4:8]) for line in lines] == list(range(1, 9))
    assert "Berg, Bo" in lines[0] and "Cruz, Cy" in lines[7]
    table = crosstable(section=section)
    assert [r.player.name for r in table.rows] == EXPECTED
    assert table.rows[0].texts == ["2w…"]  # number 1 has white against number 2


def test_the_crosstable_can_be_ordered_by_rank(client):
    section = section_with_rounds(players=6, played=2)
    standings = public_standings(section=section)
    by_rank = [line.player.pairing_number for line in standings.lines]
    assert by_rank != sorted(by_rank)  # so the two orders differ
    table = crosstable(section=section, published_only=True, order="rank")
    assert [r.player.pairing_number for r in table.rows] == by_rank
    assert table.ranked_after == 2 and table.rows[0].place == standings.lines[0].place
    assert [r.player.pairing_number for r in crosstable(section=section).rows] == sorted(by_rank)


@pytest.mark.usefixtures("fresh_public_cache")
def test_crosstable_pages_and_api_offer_the_rank_order(client):
    section = section_with_rounds(players=6, played=2)
    by_rank = [line.player.name for line in public_standings(section=section).lines]
    e, s = section.event.slug, section.slug

    def order_on(page: str) -> list[str]:
        return sorted(by_rank, key=page.index)

    public = client.get(f"/e/{e}/{s}/crosstable/?order=rank").content.decode()
    assert order_on(public) == by_rank and "after round 2" in public
    plain = client.get(f"/e/{e}/{s}/crosstable/").content.decode()
    assert order_on(plain) == sorted(by_rank)  # "Player 000", "Player 001"...: by number
    api = client.get(f"/api/v1/events/{e}/sections/{s}/crosstable/?order=rank").json()
    assert [row["player"]["name"] for row in api["results"]] == by_rank
    bad = client.get(f"/api/v1/events/{e}/sections/{s}/crosstable/?order=name")
    assert bad.status_code == 400


def test_the_arbiter_crosstable_toggles_its_order(client):
    setup = make_setup(players=0)
    section = section_with_rounds(players=6, played=2, event=setup.event)
    client.force_login(setup.arbiter)
    url = f"/arbiter/{section.event.slug}/{section.slug}/crosstable/"
    by_rank = [line.player.name for line in public_standings(section=section).lines]
    page = client.get(url + "?order=rank").content.decode()
    assert sorted(by_rank, key=page.index) == by_rank
    assert "ranked after round 2" in page and 'href="?order=rank" aria-current' in page
