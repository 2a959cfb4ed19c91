"""Public pages through Django's test client: what players see, what they never see
(drafts, private events), find me, the player card, QR code and poster."""

from __future__ import annotations

import pytest

from tests.api.builders import section_with_rounds
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tests.factories import EventFactory, PlayerFactory, SectionFactory
from tournaments.engines import GameSpec
from tournaments.services.players import player_update
from tournaments.services.rounds import round_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_public_cache")]


def url(section, tail: str = "") -> str:
    return f"/e/{section.event.slug}/{section.slug}/{tail}"


def text(response) -> str:
    return response.content.decode()


# Event home, site home, poster -----------------------------------------------------------


def test_event_home_lists_sections_with_current_round_qr_and_poster_link(client):
    section = section_with_rounds(players=6, played=2, draft=1)  # round 3: a draft
    SectionFactory(event=section.event, name="Juniors", slug="juniors")
    response = client.get(f"/e/{section.event.slug}/")
    assert response.status_code == 200
    page = text(response)
    assert section.name in page and "Juniors" in page
    assert "<strong>Round 2</strong> of 5" in page and "Round 3" not in page
    assert "Round 1 is not published yet." in page  # the juniors
    assert '<svg viewBox="0 0' in page and 'class="qr"' in page
    assert f'href="/e/{section.event.slug}/poster/"' in page
    assert f'action="/e/{section.event.slug}/find/"' in page


def test_poster_is_a_printable_page_with_a_large_qr_code_and_the_address(client):
    section = section_with_rounds(players=4, played=1)
    response = client.get(f"/e/{section.event.slug}/poster/")
    page = text(response)
    assert response.status_code == 200
    assert 'class="qr-big"' in page and "<svg" in page
    assert f"http://testserver/e/{section.event.slug}/" in page  # what the code holds
    assert "public.css" in page and "blossom.css" not in page  # a page of its own


def test_qr_code_encodes_the_event_address():
    import segno

    from tournaments.views.public.graphics import qr_svg

    svg = str(qr_svg("http://example.org/e/open/"))
    expected = segno.make("http://example.org/e/open/", error="m")
    assert svg.startswith("<svg") and 'viewBox="0 0' in svg
    assert expected.svg_inline(omitsize=True, svgclass="qr", lineclass="", border=2) == svg
    assert svg != str(qr_svg("http://example.org/e/other/"))


def test_site_home_lists_only_public_events(client):
    shown = EventFactory(name="Open Championship")
    EventFactory(name="Secret Invitational", is_public=False)
    page = text(client.get("/"))
    assert shown.name in page
    assert "Secret Invitational" not in page


@pytest.mark.parametrize(
    "tail",
    [
        "",
        "poster/",
        "find/?q=a",
        "live/",
        "s/",
        "s/round/1/",
        "s/standings/",
        "s/crosstable/",
        "s/player/1/",
        "s/find/?q=a",
        "s/live/",
    ],
)
def test_private_and_unknown_events_are_not_found(client, tail):
    private = EventFactory(slug="hidden", is_public=False)
    section = SectionFactory(event=private, slug="s")
    PlayerFactory(section=section, pairing_number=1)
    assert client.get(f"/e/hidden/{tail}").status_code == 404
    assert client.get(f"/e/nowhere/{tail}").status_code == 404


# Pairings and drafts ---------------------------------------------------------------------


def test_section_home_shows_the_latest_published_round_never_the_draft(client):
    section = section_with_rounds(players=6, played=2, draft=1)
    draft = section.rounds.get(number=3)
    draft_game = draft.games.select_related("white", "black").first()
    page = text(client.get(url(section)))
    assert "Round 2" in page and "Round 3" not in page
    assert f'<base href="{url(section)}">' in page  # links below are relative to it
    assert 'href="round/2/"' in page and 'href="round/3/"' not in page
    assert client.get(url(section, "round/3/")).status_code == 404
    assert client.get(url(section, "round/2/")).status_code == 200
    # The draft's board never shows on the player's card, crosstable, or find me.
    card = text(client.get(url(section, f"player/{draft_game.white.pairing_number}/")))
    assert 'href="round/2/"' in card and 'href="round/3/"' not in card
    cross = text(client.get(url(section, "crosstable/")))
    assert "Crosstable after round 2" in cross
    found = text(client.get(url(section, f"find/?q={draft_game.white.pairing_number}")))
    assert "round 2" in found and "round 3" not in found


def test_pairings_list_boards_with_names_results_and_byes(client):
    section = section_with_rounds(players=5, played=1)
    rnd = section.rounds.get(number=1)
    page = text(client.get(url(section, "round/1/")))
    for game in rnd.games.select_related("white", "black"):
        assert game.white.name in page and game.black.name in page
    assert "1–0" in page or "0–1" in page
    assert "Pairing-allocated bye" in page  # five players: one bye


def test_before_round_one_the_section_lists_its_players(client):
    section = SectionFactory()
    PlayerFactory(section=section, name="Ivanova, Olga", pairing_number=1)
    page = text(client.get(url(section)))
    assert "Round 1 is not published yet." in page and "Ivanova, Olga" in page


# Find me -----------------------------------------------------------------------------------


def test_find_me_without_javascript_shows_board_colour_and_opponent(client):
    section = section_with_rounds(players=4, played=1, pending=1)
    rnd = section.rounds.get(number=2)
    game = rnd.games.select_related("white", "black").get(board=1)
    player_update(player=game.black, name="Müller, Jörg")
    # A plain GET form: accents and case do not matter, part of the name is enough.
    page = text(client.get(url(section, "find/"), {"q": "muller"}))
    assert "Müller, Jörg" in page
    assert "Board 1" in page and "Black" in page and game.white.name in page
    assert "<html" in page  # the whole page: works with JavaScript off


def test_find_me_for_htmx_answers_the_results_alone(client):
    section = section_with_rounds(players=4, played=1)
    response = client.get(url(section, "find/"), {"q": "player 001"}, HTTP_HX_REQUEST="true")
    page = text(response)
    assert "<html" not in page and page.startswith('<div id="found"')
    assert "Player 001" in page and "Player 002" not in page
    assert "HX-Request" in response["Vary"]


def test_find_me_by_pairing_number_and_no_match(client):
    section = section_with_rounds(players=4, played=1)
    assert "Player 002" in text(client.get(url(section, "find/"), {"q": "3"}))
    assert "No player matches" in text(client.get(url(section, "find/"), {"q": "zzz"}))


def test_event_wide_find_me_names_the_section(client):
    section = section_with_rounds(players=4, played=1)
    other = SectionFactory(event=section.event, name="Juniors")
    PlayerFactory(section=other, name="Player Junior", pairing_number=1)
    page = text(client.get(f"/e/{section.event.slug}/find/", {"q": "player"}))
    assert "Player 000" in page and "Player Junior" in page
    assert "Juniors" in page  # more than one section: say which


# Player card and crosstable -----------------------------------------------------------------


def test_player_card_lists_rounds_with_running_score_and_an_accessible_chart(client):
    section = section_with_rounds(players=4, played=3)
    page = text(client.get(url(section, "player/1/")))
    assert page.count('<tr><td class="num"><a href=') == 3  # one row per round
    assert 'role="img"' in page and '<title id="chart-t">' in page and "<desc" in page
    assert "after round 3" in page
    assert "<script" not in page.split("<main")[1]  # the chart needs no JavaScript
    assert client.get(url(section, "player/99/")).status_code == 404


def test_crosstable_cells_name_opponent_colour_and_result(client):
    section = section_with_rounds(players=4, played=1)
    game = section.rounds.get(number=1).games.select_related("white", "black").get(board=1)
    page = text(client.get(url(section, "crosstable/")))
    white_cell = f"{game.black.pairing_number}w"
    assert f"<td>{white_cell}" in page


# htmx partials --------------------------------------------------------------------------------


def test_htmx_requests_get_the_live_region_only(client):
    section = section_with_rounds(players=4, played=1)
    full = client.get(url(section))
    part = client.get(url(section), HTTP_HX_REQUEST="true")
    assert text(full).startswith("<!doctype html>")
    assert text(part).startswith('<div id="region"')
    assert full["ETag"] != part["ETag"]
    assert "HX-Request" in full["Vary"]


# Standings ----------------------------------------------------------------------------------


def test_standings_show_every_tiebreak_with_a_tooltip_and_a_legend(client):
    section = section_with_rounds(players=6, played=2, pending=1)
    page = text(client.get(url(section, "standings/")))
    assert "Standings after round 2" in page
    assert "Round 3 is being played" in page  # its results count once complete
    for acronym in ("BH-C1", "BH", "SB", "DE", "WIN", "BWG"):
        assert f">{acronym}</abbr></th>" in page
        assert f"<dt>{acronym}</dt>" in page
    assert '<abbr title="Buchholz, Cut-1">BH-C1</abbr>' in page
    assert page.count("<tr><td>") == 6  # one row per player
    assert 'href="standings/?after_round=1"' in page and "after_round=3" not in page


def test_standings_after_an_earlier_round_and_not_after_an_unfinished_one(client):
    section = section_with_rounds(players=6, played=2, pending=1, draft=1)
    assert "Standings after round 1" in text(client.get(url(section, "standings/?after_round=1")))
    for after in (3, 4):
        response = client.get(url(section, f"standings/?after_round={after}"))
        assert response.status_code == 404
        assert "not published or not finished" in text(response)


def test_standings_before_round_one_say_when_they_appear(client):
    section = SectionFactory()
    PlayerFactory(section=section)
    assert "Standings appear once round 1 is finished." in text(
        client.get(url(section, "standings/"))
    )


# Go ---------------------------------------------------------------------------------------


def test_go_pages_show_ranks_handicaps_and_go_results(client):
    from tests.api.builders import play_round
    from tests.factories import GoSectionFactory

    section = GoSectionFactory()
    players = [
        PlayerFactory(section=section, pairing_number=i, go_rank=rank)
        for i, rank in enumerate(["2d", "1k", "3k", "5k"], start=1)
    ]
    rnd = round_create(
        section=section,
        games=[
            GameSpec(1, players[0], players[1]),
            GameSpec(2, players[2], players[3], handicap=2, komi=0.5),
        ],
    )
    play_round(rnd)
    page = text(client.get(url(section, "round/1/")))
    assert '<th title="Handicap stones and komi">Terms</th>' in page and "H2, komi 0.5" in page
    assert "W+" in page and "2d · 31" in page  # rank and McMahon score before the round
    standings = client.get(url(section, "standings/"))
    assert standings.status_code == 200
    assert ">MMS</abbr>" in text(standings) and ">Wins</abbr>" in text(standings)
    assert "Rank" in text(standings)


@pytest.mark.parametrize("junk", ["0", "00", "-1", "x", "9999"])
def test_standings_with_a_junk_round_show_the_latest_and_do_not_spoil_the_cache(client, junk):
    section = section_with_rounds(players=6, played=2)
    assert client.get(url(section, f"standings/?after_round={junk}")).status_code == 200
    page = text(client.get(url(section, "standings/")))
    assert "Standings after round 2" in page
