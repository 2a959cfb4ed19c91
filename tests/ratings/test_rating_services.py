"""Rating lists in the database: the import (atomic replacement, refusals that store
nothing, the command's exit codes), the search, registration fields, and updating
registered players' ratings before round 1."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.factories import PlayerFactory
from tests.ratings.lists import EGD, EGD_TODAY, XML
from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.errors import ServiceError, StateError
from tournaments.models import RatedPlayer, RatingList
from tournaments.services.ratings import (
    listed_player_fields,
    players_update_ratings,
    rating_list_import,
    rating_list_search,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def fide_file(tmp_path):
    path = tmp_path / "players_list_xml_foa.xml"
    path.write_text(XML, encoding="utf-8")
    return path


def test_an_import_replaces_the_previous_list_in_one_step(fide_file, tmp_path):
    first = rating_list_import(source="fide", path=fide_file)
    assert first.active and first.players == 2
    newer = tmp_path / "newer.xml"
    newer.write_text(
        XML.replace("<rating>2833</rating>", "<rating>2840</rating>"), encoding="utf-8"
    )
    second = rating_list_import(source="fide", path=newer)
    assert list(RatingList.objects.values_list("pk", flat=True)) == [second.pk]
    assert RatedPlayer.objects.get(ident="1503014").standard == 2840
    assert RatedPlayer.objects.count() == 2


def test_a_broken_file_changes_nothing(fide_file, tmp_path):
    rating_list_import(source="fide", path=fide_file)
    broken = tmp_path / "broken.xml"
    broken.write_text(
        XML.replace("<fideid>4100018</fideid>", "<fideid>x</fideid>"), encoding="utf-8"
    )
    with pytest.raises(ServiceError, match=r"player element 2.*Nothing was imported"):
        rating_list_import(source="fide", path=broken)
    assert RatingList.objects.count() == 1 and RatedPlayer.objects.count() == 2


def test_the_command_says_what_it_did_and_exits_3_or_5(fide_file, tmp_path, capsys):
    call_command("import_rating_list", str(fide_file), "--date", "2026-11-01")
    assert "Imported 2 players" in capsys.readouterr().out
    assert str(RatingList.objects.get().list_date) == "2026-11-01"
    bad = tmp_path / "bad.txt"
    bad.write_text("hello\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_rating_list", str(bad))
    assert exit_info.value.code == 3
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_rating_list", str(tmp_path / "missing.zip"))
    assert exit_info.value.code == 5


def test_the_egd_list_as_published_imports_and_names_the_line_left_out(tmp_path, capsys):
    path = tmp_path / "allworld_lp.html"
    path.write_text(EGD_TODAY, encoding="utf-8")
    call_command("import_rating_list", str(path), "--source", "egd")
    out = capsys.readouterr().out
    assert "Imported 4 players" in out
    assert "Left out line 12, not a readable player: 17000005  Erdmann Nils" in out
    assert [p.name for p in rating_list_search(source="egd", query="jan berg")] == [
        "Berg Jan Willem van den"
    ]


def test_search_by_name_in_either_order_without_accents_or_by_id(fide_file):
    rating_list_import(source="fide", path=fide_file)
    for query in ("carl", "Carlsen Mag", "magnus carlsen", "CARLSEN, M", "15030"):
        assert [r.ident for r in rating_list_search(source="fide", query=query)] == ["1503014"], (
            query
        )
    assert [r.ident for r in rating_list_search(source="fide", query="overg")] == ["4100018"]
    assert rating_list_search(source="fide", query="zz") == []
    assert rating_list_search(source="egd", query="carl") == []  # no EGD list imported


def test_registration_fields_follow_the_sections_rating_type(fide_file, tmp_path):
    rating_list_import(source="fide", path=fide_file)
    setup = make_setup(rating_type="rapid")
    entry = RatedPlayer.objects.get(ident="1503014")
    fields = listed_player_fields(entry, section=setup.section)
    assert fields == {
        "name": "Carlsen, Magnus",
        "rating": 2819,
        "title": "GM",
        "federation": "NOR",
        "fide_id": "1503014",
        "sex": "m",
        "birth": "1990",
    }
    egd = tmp_path / "allworld_lp.html"
    egd.write_text(EGD, encoding="utf-8")
    rating_list_import(source="egd", path=egd)
    go = make_setup(go=True)
    aaen = RatedPlayer.objects.get(ident="10726007")
    assert listed_player_fields(aaen, section=go.section) == {
        "name": "Aaen, Morten",
        "rating": 1515,
        "go_rank": "6k",
        "federation": "DK",
        "club": "Cope",
        "egf_pin": "10726007",
    }


def test_update_ratings_says_who_changed_and_only_before_round_1(fide_file):
    rating_list_import(source="fide", path=fide_file)
    setup = make_setup()
    carlsen = PlayerFactory(section=setup.section, pairing_number=1, fide_id="1503014", rating=2800)
    PlayerFactory(section=setup.section, pairing_number=2, fide_id="4100018", rating=1950)
    PlayerFactory(section=setup.section, pairing_number=3, fide_id="", rating=1500)
    changed = players_update_ratings(section=setup.section)
    assert [(p.pk, old, new) for p, old, new in changed] == [(carlsen.pk, 2800, 2833)]
    carlsen.refresh_from_db()
    assert carlsen.rating == 2833
    make_round(setup.section)
    with pytest.raises(StateError, match="round 1 is paired"):
        players_update_ratings(section=setup.section)


def test_the_players_page_searches_the_list_and_needs_an_arbiter(client, fide_file):
    rating_list_import(source="fide", path=fide_file)
    setup = make_setup()
    url = setup.url("players_lookup") + "?q=carlsen"
    assert client.get(url).status_code in (302, 401, 403)  # anonymous: no list for you
    client.force_login(setup.arbiter)
    page = client.get(setup.url("players")).content.decode()
    assert "Find on the FIDE list" in page and "2 players" in page
    answer = client.get(url).content.decode()
    assert "Carlsen, Magnus" in answer and "&quot;fide_id&quot;: &quot;1503014&quot;" in answer
    assert (
        "Not on the list" in client.get(setup.url("players_lookup") + "?q=nobody").content.decode()
    )
    response = client.post(setup.url("players_update_ratings"), follow=True)
    assert "Every rating already matches the list." in response.content.decode()
