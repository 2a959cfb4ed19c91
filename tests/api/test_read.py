"""Public reads: events, sections, players, rounds, pairings, standings, crosstable."""

from __future__ import annotations

import pytest

from tests.api.builders import section_with_rounds
from tests.factories import EventFactory, GoSectionFactory, PlayerFactory, SectionFactory
from tournaments.engines import GameSpec
from tournaments.services.rounds import round_create, round_publish

pytestmark = pytest.mark.django_db


def base(section) -> str:
    return f"/api/v1/events/{section.event.slug}/sections/{section.slug}/"


# Events ------------------------------------------------------------------------------------


def test_events_list_only_public_events_in_pages(api):
    for i in range(3):
        EventFactory(name=f"Open {i}", slug=f"open-{i}")
    EventFactory(name="Closed club night", slug="closed", is_public=False)
    body = api.get("/api/v1/events/", {"limit": 2}).json()
    assert body["count"] == 3 and len(body["results"]) == 2
    assert body["next"] == "http://testserver/api/v1/events/?limit=2&offset=2"
    assert body["previous"] is None
    rest = api.get(body["next"]).json()
    assert len(rest["results"]) == 1
    assert rest["previous"] == "http://testserver/api/v1/events/?limit=2&offset=0"
    slugs = {e["slug"] for e in body["results"] + rest["results"]}
    assert slugs == {"open-0", "open-1", "open-2"}


@pytest.mark.parametrize("query", ["limit=abc", "limit=0", "limit=5000", "offset=-1", "offset=x"])
def test_bad_page_parameters_are_400_with_a_reason(api, query):
    response = api.get(f"/api/v1/events/?{query}")
    assert response.status_code == 400
    assert response.json()["detail"].startswith(query.split("=")[0])


def test_event_detail_lists_sections_with_current_round(api):
    section = section_with_rounds(players=4, played=2, draft=1)
    body = api.get(f"/api/v1/events/{section.event.slug}/").json()
    assert body["name"] == section.event.name and body["language"] == "en"
    [summary] = body["sections"]
    assert summary["slug"] == section.slug and summary["current_round"] == 2
    assert summary["players"] == 4 and summary["game"] == "chess"


def test_unknown_and_private_events_are_404_with_a_reason(api):
    EventFactory(slug="hidden", is_public=False)
    for slug in ("hidden", "nowhere"):
        response = api.get(f"/api/v1/events/{slug}/")
        assert response.status_code == 404
        assert slug in response.json()["detail"]


# Sections, players, rounds -----------------------------------------------------------------------


def test_section_detail_gives_system_rounds_and_tiebreak_order(api):
    section = section_with_rounds(players=4, played=2, draft=1, tiebreaks=["BH", "SB"])
    body = api.get(base(section)).json()
    assert body["rounds_published"] == [1, 2] and body["current_round"] == 2
    assert body["tiebreaks"] == ["BH", "SB"] and body["points"]["win"] == 1.0


def test_players_are_paged_by_pairing_number_with_score(api):
    section = section_with_rounds(players=5, played=1)
    body = api.get(base(section) + "players/", {"limit": 3}).json()
    assert body["count"] == 5
    assert [p["pairing_number"] for p in body["results"]] == [1, 2, 3]
    assert body["results"][0]["score"] == 1.0  # board 1: the lower number wins
    assert "sex" not in body["results"][0] and "birth" not in body["results"][0]
    assert body["next"].endswith("players/?limit=3&offset=3")


def test_rounds_list_leaves_out_the_draft(api):
    section = section_with_rounds(players=4, played=1, pending=1, draft=1)
    body = api.get(base(section) + "rounds/").json()
    assert [r["number"] for r in body["results"]] == [1, 2]
    assert body["results"][1]["results_pending"] == 2


# Pairings ----------------------------------------------------------------------------------------


def test_pairings_give_boards_white_black_result_and_byes(api):
    section = section_with_rounds(players=5, played=1)
    body = api.get(base(section) + "rounds/1/pairings/").json()
    assert body["round"] == 1 and body["status"] == "published" and body["count"] == 2
    first = body["results"][0]
    assert first["board"] == 1 and first["result"] in {"1-0", "0-1", "1/2-1/2"}
    assert set(first["white"]) >= {"pairing_number", "name", "rating"}
    [bye] = body["byes"]
    assert bye["kind"] == "pab" and bye["points"] == 1.0
    game = section.rounds.get(number=1).games.select_related("white").get(board=1)
    assert first["white"]["name"] == game.white.name


@pytest.mark.parametrize("number", [3, 4, 99, 123456789012345678901234567890])
def test_pairings_of_a_draft_or_unknown_round_are_404(api, number):
    section = section_with_rounds(players=4, played=2, draft=1)
    response = api.get(base(section) + f"rounds/{number}/pairings/")
    assert response.status_code == 404
    assert "not published" in response.json()["detail"]


def test_go_pairings_carry_handicap_and_komi(api):

    section = GoSectionFactory()
    a = PlayerFactory(section=section, pairing_number=1, go_rank="3k")
    b = PlayerFactory(section=section, pairing_number=2, go_rank="5k")
    rnd = round_create(section=section, games=[GameSpec(1, a, b, handicap=2, komi=0.5)])
    round_publish(round=rnd)
    [board] = api.get(base(section) + "rounds/1/pairings/").json()["results"]
    assert board["handicap"] == 2 and board["komi"] == 0.5
    assert board["white"]["go_rank"] == "3k"


# Standings and crosstable ---------------------------------------------------------------------


def test_standings_give_rank_player_score_and_every_tiebreak(api):
    section = section_with_rounds(players=6, played=3)
    body = api.get(base(section) + "standings/").json()
    assert body["after_round"] == 3
    acronyms = [c["acronym"] for c in body["columns"]]
    assert acronyms == ["BH-C1", "BH", "SB", "DE", "WIN", "BWG"]  # the section's preset
    assert all(c["description"] for c in body["columns"])
    rows = body["results"]
    assert len(rows) == 6 and rows[0]["rank"] == 1
    assert all(set(r["tiebreaks"]) == set(acronyms) for r in rows)
    scores = [r["score"] for r in rows]
    assert scores == sorted(scores, reverse=True)
    assert sum(scores) == 9.0  # three rounds of three boards


def test_standings_after_an_earlier_round(api):
    section = section_with_rounds(players=6, played=3)
    body = api.get(base(section) + "standings/", {"after_round": 1}).json()
    assert body["after_round"] == 1
    assert sum(r["score"] for r in body["results"]) == 3.0
    assert body["next"] is None


@pytest.mark.parametrize(("after", "status"), [("3", 404), ("4", 404), ("0", 400), ("x", 400)])
def test_standings_after_a_round_not_finished_or_malformed(api, after, status):
    section = section_with_rounds(players=4, played=2, pending=1, draft=1)
    response = api.get(base(section) + "standings/", {"after_round": after})
    assert response.status_code == status and "round" in response.json()["detail"]


def test_standings_before_round_one_are_empty(api):
    section = SectionFactory()
    PlayerFactory(section=section)
    body = api.get(base(section) + "standings/").json()
    assert body["after_round"] is None and body["results"] == [] and body["count"] == 0


def test_crosstable_rows_hold_every_published_round(api):
    section = section_with_rounds(players=4, played=2, draft=1)
    body = api.get(base(section) + "crosstable/").json()
    assert body["rounds"] == [1, 2]
    row = body["results"][0]
    assert row["player"]["pairing_number"] == 1 and len(row["cells"]) == 2
    cell = row["cells"][0]
    assert cell["round"] == 1 and cell["colour"] in {"w", "b"} and cell["opponent"]
    assert row["score"] == sum(c["points"] for c in row["cells"])


# Caching, ETag, private events -------------------------------------------------------------------


def test_section_reads_answer_304_and_cost_one_query_when_cached(api, django_assert_num_queries):
    section = section_with_rounds(players=4, played=2)
    url = base(section) + "standings/"
    first = api.get(url)
    assert first.status_code == 200 and first["ETag"].startswith('W/"')
    with django_assert_num_queries(1):  # the section's version, from the database
        assert api.get(url).content == first.content
    assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert api.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"]).status_code == 304
    assert api.get(url, {"after_round": 1}, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_event_list_answers_304_on_its_etag(api):
    EventFactory()
    first = api.get("/api/v1/events/")
    assert api.get("/api/v1/events/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_private_event_is_readable_by_its_arbiters_only(api, arbiter_of):
    section = section_with_rounds(players=4, played=1, event=EventFactory(is_public=False))
    url = base(section) + "rounds/1/pairings/"
    assert api.get(url).status_code == 404
    assert arbiter_of(EventFactory()).get(url).status_code == 404
    response = arbiter_of(section.event).get(url)
    assert response.status_code == 200 and response["Cache-Control"] == "private, no-cache"
