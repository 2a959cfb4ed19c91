"""Public pages are cached whole: no database query on a hit, renewed at once on publish
and on every result, answered 304 when the client has them, gzip for phones."""

from __future__ import annotations

import gzip

import pytest

from tests.api.builders import section_with_rounds, simple_round
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tournaments.caching.versions import section_version
from tournaments.services.events import event_update
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_public_cache")]


def url(section, tail: str = "") -> str:
    return f"/e/{section.event.slug}/{section.slug}/{tail}"


PAGES = ["", "round/1/", "crosstable/", "player/1/", "find/?q=player", "find/"]


@pytest.mark.parametrize("tail", PAGES)
def test_a_cached_page_costs_one_small_query(client, django_assert_num_queries, tail):
    section = section_with_rounds(players=6, played=2)
    first = client.get(url(section, tail))
    assert first.status_code == 200
    with django_assert_num_queries(1):  # the section's version, from the database
        again = client.get(url(section, tail))
    assert again.content == first.content


def test_event_pages_cost_one_query_once_cached(client, django_assert_num_queries):
    section = section_with_rounds(players=6, played=1)
    for tail in ("", "poster/", "find/?q=player"):
        client.get(f"/e/{section.event.slug}/{tail}")
        with django_assert_num_queries(1):  # the versions of its sections
            assert client.get(f"/e/{section.event.slug}/{tail}").status_code == 200


def test_a_result_renews_the_pages_at_once(client, django_capture_on_commit_callbacks):
    section = section_with_rounds(players=4, played=1, pending=1)
    game = section.rounds.get(number=2).games.get(board=1)
    before = client.get(url(section)).content.decode()
    assert "1 playing" not in before and "2 playing" in before
    with django_capture_on_commit_callbacks(execute=True):
        result_record(game=game, result="1/2-1/2", by=None)
    after = client.get(url(section)).content.decode()
    assert "1 playing" in after and "½–½" in after
    card = client.get(url(section, f"player/{game.white.pairing_number}/")).content.decode()
    assert "draw" in card


def test_publishing_shows_the_new_round(client, django_capture_on_commit_callbacks):
    section = section_with_rounds(players=4, played=1)
    assert "Round 1" in client.get(url(section)).content.decode()
    draft = simple_round(section)
    assert client.get(url(section, "round/2/")).status_code == 404
    assert "Round 2" not in client.get(url(section)).content.decode()  # still cached, still right
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round=draft)
    assert "Round 2" in client.get(url(section)).content.decode()
    assert client.get(url(section, "round/2/")).status_code == 200


def test_etag_and_last_modified_answer_304(client, django_capture_on_commit_callbacks):
    section = section_with_rounds(players=4, played=1, pending=1)
    first = client.get(url(section, "crosstable/"))
    etag, modified = first["ETag"], first["Last-Modified"]
    assert first["Cache-Control"] == "public, no-cache"
    again = client.get(url(section, "crosstable/"), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    since = client.get(url(section, "crosstable/"), HTTP_IF_MODIFIED_SINCE=modified)
    assert since.status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        game = section.rounds.get(number=2).games.first()
        result_record(game=game, result="1-0", by=None)
    changed = client.get(url(section, "crosstable/"), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_gzip_for_clients_that_accept_it(client):
    section = section_with_rounds(players=8, played=2)
    plain = client.get(url(section, "crosstable/"))
    packed = client.get(url(section, "crosstable/"), HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content) / 2
    assert "Accept-Encoding" in plain["Vary"]


# The live version pages poll ----------------------------------------------------------------


def test_live_answers_204_until_the_section_changes(client, django_capture_on_commit_callbacks):
    section = section_with_rounds(players=4, played=1, pending=1)
    version = section_version(section.pk)
    live = url(section, "live/")
    same = client.get(live, {"v": version}, HTTP_HX_REQUEST="true")
    assert same.status_code == 204 and same["Cache-Control"] == "no-store"
    with django_capture_on_commit_callbacks(execute=True):
        game = section.rounds.get(number=2).games.first()
        result_record(game=game, result="0-1", by=None)
    moved = client.get(live, {"v": version}, HTTP_HX_REQUEST="true")
    assert moved.status_code == 200 and moved["HX-Trigger"] == "section-changed"
    new = section_version(section.pk)
    assert new != version and f"?v={new}" in moved.content.decode()  # the poller goes on
    assert client.get(live).json() == {"version": new}  # programs get JSON


def test_live_stops_polling_when_the_section_is_gone(client):
    response = client.get("/e/nowhere/nothing/live/", HTTP_HX_REQUEST="true")
    assert response.status_code == 286
    assert client.get("/e/nowhere/nothing/live/").status_code == 404


def test_event_live_moves_with_any_section(client, django_capture_on_commit_callbacks):
    section = section_with_rounds(players=4, played=1, pending=1)
    live = f"/e/{section.event.slug}/live/"
    token = client.get(live).json()["version"]
    assert client.get(live, {"v": token}, HTTP_HX_REQUEST="true").status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        game = section.rounds.get(number=2).games.first()
        result_record(game=game, result="1-0", by=None)
    assert client.get(live, {"v": token}, HTTP_HX_REQUEST="true").status_code == 200


def test_pages_embed_the_poller_with_the_current_version(client):
    section = section_with_rounds(players=4, played=1)
    page = client.get(url(section)).content.decode()
    assert f"{url(section, 'live/')}?v={section_version(section.pk)}" in page
    assert 'hx-trigger="every 15s' in page
    assert f'<a href="{url(section)}">Refresh</a>' in page  # without JavaScript


def test_a_private_event_disappears_at_once(client, django_capture_on_commit_callbacks):
    section = section_with_rounds(players=4, played=1)
    assert client.get(url(section)).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        event_update(event=section.event, is_public=False)
    assert client.get(url(section)).status_code == 404
