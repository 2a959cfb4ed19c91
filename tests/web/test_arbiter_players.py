"""Players: the quick add form (from the page script and plain), editing, withdrawal, byes,
prohibited pairings, and the game-specific columns."""

from __future__ import annotations

import pytest

from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.models import ByeRequest, Player, ProhibitedPair

pytestmark = pytest.mark.django_db

JSON = {"Accept": "application/json"}


def test_quick_add_from_the_page_script_answers_the_row_in_json(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = client.post(
        setup.url("players"),
        {
            "add-name": "Carlsen,  Magnus",
            "add-rating": "2830",
            "add-title": "gm",
            "add-federation": "nor",
        },
        headers=JSON,
    )
    player = Player.objects.get(section=setup.section)
    assert (player.name, player.rating, player.title, player.federation) == (
        "Carlsen, Magnus",
        2830,
        "GM",
        "NOR",
    )
    # The form stays on the page (the script cleared it already); the answer is the
    # new row, the count and a sentence, nothing that would replace the form.
    answer = response.json()
    assert answer["number"] == 1 and answer["count"] == 1
    assert answer["message"] == "Added 1. Carlsen, Magnus."
    assert answer["row"].lstrip().startswith('<tr id="player-1"')
    assert "add-player" not in answer["row"]


def test_quick_add_refusals_name_each_field_and_add_no_row(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = client.post(
        setup.url("players"), {"add-name": "", "add-rating": "abc"}, headers=JSON
    )
    assert response.status_code == 400
    assert not Player.objects.exists()
    assert response.json() == {
        "errors": ["Name: This field is required.", "Rating: Enter a whole number."]
    }


def test_quick_add_without_javascript_redirects_back_to_the_list(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = client.post(setup.url("players"), {"add-name": "Ding, Liren"}, follow=True)
    page = response.content.decode()
    assert "Ding, Liren is player 1." in page
    assert 'id="player-1"' in page


def test_go_sections_ask_for_rank_club_and_country(client):
    setup = make_setup(go=True)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("players")).content.decode()
    assert "Rank" in page and "Country" in page and "FIDE ID" not in page
    client.post(setup.url("players"), {"add-name": "Cho, Hun"}, headers=JSON)
    assert not Player.objects.exists()  # a Go player needs a rank
    client.post(
        setup.url("players"),
        {"add-name": "Cho, Hun", "add-go_rank": "3D", "add-club": "Paris", "add-federation": "fr"},
        headers=JSON,
    )
    player = Player.objects.get()
    assert (player.go_rank, player.club, player.federation) == ("3d", "Paris", "FR")


def test_late_entry_after_round_one_asks_how_missed_rounds_count(client):
    setup = make_setup(players=4)
    make_round(setup.section)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("players")).content.decode()
    assert "late entry" in page and "Rounds already paired count as" in page
    client.post(setup.url("players"), {"add-name": "Late, Larry", "add-missed_rounds_bye": "half"})
    late = Player.objects.get(name="Late, Larry")
    assert late.joined_round == 2
    assert late.byes.get().kind == "half"


def test_edit_a_player(client):
    setup = make_setup(players=2)
    client.force_login(setup.arbiter)
    url = setup.url("player_edit", pn=2)
    assert "Withdraw" in client.get(url).content.decode()
    response = client.post(url, {"name": "New Name", "rating": "2100", "avoid_group": "Family A"})
    player = setup.section.players.get(pairing_number=2)
    assert response.status_code == 302
    assert (player.name, player.rating, player.avoid_group) == ("New Name", 2100, "Family A")


def test_withdraw_and_reinstate(client):
    setup = make_setup(players=4)
    client.force_login(setup.arbiter)
    response = client.post(setup.url("player_withdraw", pn=3), {"from_round": "2"}, follow=True)
    assert "is withdrawn from round 2" in response.content.decode()
    player = setup.section.players.get(pairing_number=3)
    assert player.withdrawn_from_round == 2
    page = client.get(setup.url("players")).content.decode()
    assert "withdrawn from round 2" in page
    client.post(setup.url("player_reinstate", pn=3))
    player.refresh_from_db()
    assert player.withdrawn_from_round is None


def test_request_byes_for_chosen_rounds_and_cancel_one(client):
    setup = make_setup(players=4)
    make_round(setup.section)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("player_edit", pn=1)).content.decode()
    assert 'value="1"' not in page.split('id="byes"')[1].split("</section>")[0]  # paired
    client.post(setup.url("bye_request_add", pn=1), {"rounds": ["3", "5"], "kind": "zero"})
    assert sorted(ByeRequest.objects.values_list("round_number", "kind")) == [
        (3, "zero"),
        (5, "zero"),
    ]
    client.post(setup.url("bye_request_cancel", pn=1), {"round": "3"})
    assert list(ByeRequest.objects.values_list("round_number", flat=True)) == [5]
    response = client.post(setup.url("bye_request_add", pn=1), {"kind": "half"}, follow=True)
    assert "Tick at least one round." in response.content.decode()


def test_delete_only_players_never_paired(client):
    setup = make_setup(players=3)
    make_round(setup.section)
    client.force_login(setup.arbiter)
    response = client.post(setup.url("player_delete", pn=1), follow=True)
    assert "has already been paired; withdraw instead." in response.content.decode()
    assert setup.section.players.count() == 3


def test_prohibited_pairings_add_list_and_remove(client):
    setup = make_setup(players=4)
    client.force_login(setup.arbiter)
    response = client.post(
        setup.url("prohibited"),
        {"player_a": "1", "player_b": "2", "reason": "siblings", "first_round": "1"},
        follow=True,
    )
    pair = ProhibitedPair.objects.get()
    assert pair.reason == "siblings"
    assert "will not be paired together" in response.content.decode()
    response = client.post(
        setup.url("prohibited"), {"player_a": "3", "player_b": "3", "first_round": "1"}
    )
    assert "Choose two different players." in response.content.decode()
    client.post(setup.url("prohibited_remove"), {"pair": pair.pk})
    assert not ProhibitedPair.objects.exists()


def test_names_are_escaped(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    client.post(setup.url("players"), {"add-name": "<script>alert(1)</script>"}, headers=JSON)
    page = client.get(setup.url("players")).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
