"""When the engine finds no legal pairing, the page says why, names the section setting
that stands in the way (when it is one), and offers a way forward: pair again, or
pair the round by hand from an empty draft with the draft tools."""

from __future__ import annotations

import pytest

from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.errors import StateError
from tournaments.jobs.models import PairingJob
from tournaments.models import ByeKind, ByeRequest, RoundStatus
from tournaments.services.drafts import draft_give_bye, draft_set_board, draft_start_empty
from tournaments.services.players import player_create, prohibited_pair_add
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish

# Jobs are sent when the transaction commits and then run in this process: these tests
# commit for real, as the server does.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("in_process_tasks")]

HX = {"HX-Request": "true"}


def _played_out():
    """Two players who met in round 1: round 2 has no legal pairing (no rematch)."""
    setup = make_setup(players=2)
    rnd = make_round(setup.section)
    result_record(game=rnd.games.get(), result="1-0", by=None)
    return setup


def test_the_failure_offers_pairing_by_hand(client):
    setup = _played_out()
    client.force_login(setup.arbiter)
    response = client.post(setup.url("pair"), headers=HX)
    page = response.content.decode()
    assert PairingJob.objects.get().status == PairingJob.Status.FAILED
    assert "Round 2 could not be paired." in page
    assert "No pairing exists for round 2" in page and "already played" in page
    assert setup.url("draft_start") in page and "Pair round 2 by hand" in page
    assert ">Pair round 2</button>" in page  # or try again (after changing something)
    assert "What stands in the way is a setting" not in page  # a rematch is no setting
    # The dashboard says the same until something is done about it.
    page = client.get(setup.url("section")).content.decode()
    assert "Round 2 could not be paired." in page and "Pair round 2 by hand" in page


def test_pairing_by_hand_starts_an_empty_draft_and_the_tools_fill_it(client):
    setup = _played_out()
    client.force_login(setup.arbiter)
    client.post(setup.url("pair"), headers=HX)
    response = client.post(setup.url("draft_start"))
    assert response.status_code == 302
    assert response["Location"] == setup.url("round", number=2) + "#edit"
    rnd = setup.section.rounds.get(number=2)
    assert rnd.status == RoundStatus.DRAFT and not rnd.games.exists()
    page = client.get(setup.url("round", number=2)).content.decode()
    assert "Paired by hand: no board yet; 2 players still without a board or a bye." in page
    assert "Make a board by hand" in page and "Give the bye" in page
    # The arbiter decides the rematch is the only way: the checker says what it breaks.
    page = client.post(
        setup.url("draft_board", number=2), {"white": "2", "black": "1"}, headers=HX
    ).content.decode()
    assert rnd.games.count() == 1
    assert "The checker now reports 1 broken rule." in page
    assert "rematch" in page.lower()
    client.post(setup.url("round_publish", number=2), {"confirm": "on"})
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED


def test_an_odd_player_out_gets_the_bye_by_hand():
    setup = make_setup(players=3)
    rnd = draft_start_empty(section=setup.section)
    p = {pl.pairing_number: pl for pl in setup.section.players.all()}
    draft_set_board(round=rnd, white=p[1], black=p[2])
    assert draft_give_bye(round=rnd, player=p[3]) == []  # nothing broken
    bye = rnd.byes.get()
    assert (bye.player_id, bye.kind, bye.points) == (p[3].pk, ByeKind.PAIRING, 1)
    with pytest.raises(Exception, match="plays on board 1"):
        draft_give_bye(round=rnd, player=p[1])
    with pytest.raises(Exception, match="already has a bye"):
        draft_give_bye(round=rnd, player=p[3])
    round_publish(round=rnd)


def test_an_empty_draft_keeps_the_byes_players_asked_for():
    setup = make_setup(players=4)
    p = {pl.pairing_number: pl for pl in setup.section.players.all()}
    ByeRequest.objects.create(player=p[4], round_number=1, kind=ByeKind.HALF)
    rnd = draft_start_empty(section=setup.section)
    assert [(b.player_id, b.kind) for b in rnd.byes.all()] == [(p[4].pk, ByeKind.HALF)]


def test_an_empty_draft_waits_for_the_results_before_it():
    setup = make_setup(players=4)
    make_round(setup.section)  # published, no results
    with pytest.raises(StateError, match="no result yet on boards 1 and 2"):
        draft_start_empty(section=setup.section)


def test_a_prohibited_pairing_in_the_way_is_named_with_a_link(client):
    setup = make_setup(players=4)
    p = {pl.pairing_number: pl for pl in setup.section.players.all()}
    for other in (2, 3, 4):
        prohibited_pair_add(player_a=p[1], player_b=p[other])
    client.force_login(setup.arbiter)
    page = client.post(setup.url("pair"), headers=HX).content.decode()
    assert "(prohibited pair)" in page
    assert "What stands in the way is a setting of this section" in page
    assert "Prohibited pairings (and family or team labels) keep these players apart." in page
    assert f'href="{setup.url("prohibited")}">Change it</a>' in page


def test_the_same_club_rule_in_the_way_is_named_with_a_link_to_its_settings(client):
    setup = make_setup(players=0, go=True, mcmahon_options={"forbid_same_club": True})
    player_create(section=setup.section, name="Strong", go_rank="3d", club="Lyon")
    player_create(section=setup.section, name="Weak", go_rank="10k", club="Lyon")
    client.force_login(setup.arbiter)
    page = client.post(setup.url("pair"), headers=HX).content.decode()
    assert "Lyon" in page  # the engine says what keeps them apart
    assert "Never pair players of the same club." in page
    assert f'href="{setup.url("section_edit")}#mcmahon-settings">Change it</a>' in page
    settings = client.get(setup.url("section_edit")).content.decode()
    assert 'id="mcmahon-settings"' in settings


def test_the_draft_page_gives_the_bye(client):
    setup = make_setup(players=3)
    rnd = draft_start_empty(section=setup.section)
    p = {pl.pairing_number: pl for pl in setup.section.players.all()}
    draft_set_board(round=rnd, white=p[1], black=p[2])
    client.force_login(setup.arbiter)
    page = client.get(setup.url("round", number=1)).content.decode()
    assert 'id="id_bye-player"' in page and 'for="id_bye-player"' in page
    page = client.post(
        setup.url("draft_bye", number=1), {"bye-player": "3"}, headers=HX
    ).content.decode()
    assert "has the pairing-allocated bye. No absolute rule is broken." in page
    assert rnd.byes.get().player_id == p[3].pk
