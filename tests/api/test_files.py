"""Section files over the API: TRF for chess, OpenGotha XML and .h9 for Go."""

from __future__ import annotations

import pytest

from tests.api.builders import play_round, section_with_rounds
from tests.factories import EventFactory, GoSectionFactory, PlayerFactory
from tournaments.engines import GameSpec
from tournaments.services.rounds import round_create

pytestmark = pytest.mark.django_db


def base(section) -> str:
    return f"/api/v1/events/{section.event.slug}/sections/{section.slug}/"


def test_trf_export_of_a_chess_section_holds_the_published_rounds(api):
    section = section_with_rounds(players=4, played=2, draft=1)
    response = api.get(base(section) + "export.trf")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert f'filename="{section.event.slug}-{section.slug}.trf"' in response["Content-Disposition"]
    lines = response.content.decode().splitlines()
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == 4 and "Player 000" in players[0]
    fields = players[0][91:].split()  # opponent, colour, result per round after column 91
    assert len(fields) == 6  # rounds 1 and 2; the draft round 3 is not there
    game = section.rounds.get(number=1).games.select_related("white", "black").get(board=1)
    assert fields[:2] == [str(game.black.pairing_number), "w"]


def test_trf_export_is_cached_with_an_etag(api):
    section = section_with_rounds(players=4, played=1)
    first = api.get(base(section) + "export.trf")
    again = api.get(base(section) + "export.trf", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def go_section():
    section = GoSectionFactory(event=EventFactory())
    players = [
        PlayerFactory(section=section, pairing_number=i, name=f"Go Player {i}", go_rank=rank)
        for i, rank in enumerate(["2d", "1k", "3k", "5k"], start=1)
    ]
    rnd = round_create(
        section=section,
        games=[
            GameSpec(1, players[0], players[1]),
            GameSpec(2, players[2], players[3]),
        ],
    )
    play_round(rnd)
    return section


def test_opengotha_and_h9_exports_of_a_go_section(api):
    section = go_section()
    xml = api.get(base(section) + "export.xml")
    assert xml.status_code == 200 and xml["Content-Type"].startswith("application/xml")
    assert b"Go Player 1" in xml.content and b"<Tournament" in xml.content
    h9 = api.get(base(section) + "export.h9")
    assert h9.status_code == 200 and h9["Content-Type"].startswith("text/plain")
    assert b"Go_Player_1" in h9.content  # .h9 writes names without spaces
    tou = api.get(base(section) + "export.tou")
    assert tou.status_code == 200 and tou["Content-Type"].startswith("text/plain")
    assert b";prog=Blossom" in tou.content and b"Go_Player_1" in tou.content


@pytest.mark.parametrize("tail", ["export.xml", "export.h9", "export.tou"])
def test_a_format_of_the_other_game_is_404_as_json(api, tail):
    section = section_with_rounds(players=4, played=1)
    response = api.get(base(section) + tail)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert "not a Go section" in response.json()["detail"]


def test_trf_of_a_go_section_is_404(api):
    response = api.get(base(go_section()) + "export.trf")
    assert response.status_code == 404 and "not a chess section" in response.json()["detail"]


def test_exports_of_a_private_event_are_404_for_the_public(api):
    section = section_with_rounds(players=4, played=1, event=EventFactory(is_public=False))
    assert api.get(base(section) + "export.trf").status_code == 404
