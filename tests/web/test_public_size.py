"""Pages stay small on a slow network: a 400-player section in round 7, every public
page under 100 KB before compression (and far less with gzip)."""

from __future__ import annotations

import gzip

import pytest

from tests.api.builders import play_round, section_with_rounds, simple_round
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_public_cache")]

LIMIT = 100_000


@pytest.fixture
def big_section():
    section = section_with_rounds(
        players=400, played=6, realistic_names=True, bulk=True, total_rounds=9
    )
    play_round(simple_round(section), results=False)  # round 7 is being played
    return section


def test_every_page_of_a_400_player_section_is_under_100_kb(client, big_section):
    section = big_section
    base = f"/e/{section.event.slug}/{section.slug}/"
    pages = {
        "event home": f"/e/{section.event.slug}/",
        "pairings": base,
        "round 7": base + "round/7/",
        "standings": base + "standings/",
        "crosstable": base + "crosstable/",
        "player": base + "player/200/",
        "find": base + "find/?q=kowalczyk",
        "poster": f"/e/{section.event.slug}/poster/",
    }
    sizes = {}
    for name, url in pages.items():
        response = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
        assert response.status_code == 200, name
        body = response.content
        packed = len(body)
        if response.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        sizes[name] = (len(body), packed)
        assert len(body) < LIMIT, f"{name}: {len(body)} bytes"
        assert packed < 25_000, f"{name}: {packed} bytes gzipped"
    pairings = client.get(base).content.decode()
    assert pairings.count("<tr>") == 201  # 200 boards and the header
    standings = client.get(base + "standings/").content.decode()
    assert "Standings after round 6" in standings and standings.count("<tr>") == 401
    print({k: f"{a / 1000:.1f} KB ({b / 1000:.1f} KB gzip)" for k, (a, b) in sizes.items()})
