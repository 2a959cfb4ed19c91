"""Check-in: the arbiter marks who is at the venue before round 1; pairing round 1
offers to give the others a zero-point bye, so a missing player is never paired."""

from __future__ import annotations

import pytest

from tests.factories import PlayerFactory
from tests.web.arbiter_helpers import make_setup
from tournaments.errors import StateError
from tournaments.models import Bye, ByeKind
from tournaments.services.players import (
    player_check_in,
    players_mark_absent,
    players_not_checked_in,
)
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _section(players=6, **fields):
    setup = make_setup(check_in="first", **fields)
    ps = [PlayerFactory(section=setup.section, pairing_number=i) for i in range(1, players + 1)]
    return setup, ps


def test_those_not_checked_in_sit_out_round_1_with_a_zero_point_bye():
    setup, ps = _section()
    for p in ps[:5]:
        player_check_in(player=p)
    assert [p.pk for p in players_not_checked_in(section=setup.section)] == [ps[5].pk]
    assert [p.pk for p in players_mark_absent(section=setup.section)] == [ps[5].pk]
    rnd = round_pair(section=setup.section)
    on_boards = {pk for g in rnd.games.all() for pk in (g.white_id, g.black_id)}
    assert ps[5].pk not in on_boards and len(on_boards) == 4
    byes = {b.player_id: b.kind for b in Bye.objects.filter(round=rnd)}
    assert byes[ps[5].pk] == ByeKind.ZERO
    with pytest.raises(StateError, match="no round takes a check-in now"):
        player_check_in(player=ps[5])
    assert players_not_checked_in(section=setup.section) == []


def test_without_check_in_nobody_is_missing():
    setup = make_setup(players=4)
    assert players_not_checked_in(section=setup.section) == []


def test_the_pages_list_toggle_and_offer_to_mark_the_missing(
    client, in_process_tasks, django_capture_on_commit_callbacks
):
    setup, ps = _section(players=5)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("check_in")).content.decode()
    assert "0 of 5 here" in page and page.count('class="check-toggle"') == 5
    answer = client.post(
        setup.url("check_in"), {"pn": 1, "checked_in": "1"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "here</span>" in answer and "1 of 5 here" in answer
    ps[0].refresh_from_db()
    assert ps[0].checked_in_for == 1
    player_check_in(player=ps[1])
    dashboard = client.get(setup.url("section")).content.decode()
    assert "3 players have not checked in" in dashboard and "Mark them absent" in dashboard
    with django_capture_on_commit_callbacks(execute=True):
        client.post(setup.url("pair"), {"absent": "mark"})
    sitting_out = Bye.objects.filter(round__section=setup.section)
    assert set(sitting_out.values_list("player__pairing_number", flat=True)) == {3, 4, 5}
    game = setup.section.rounds.get(number=1).games.get()
    assert {game.white.pairing_number, game.black.pairing_number} == {1, 2}


def test_before_every_round_the_check_in_starts_again_for_the_next_round(
    in_process_tasks, django_capture_on_commit_callbacks
):
    from tests.api.builders import play_round

    setup, ps = _section(players=6, total_rounds=5)
    setup.section.check_in = "every"
    setup.section.save()
    for p in ps:
        player_check_in(player=p)
    round_one = round_pair(section=setup.section)
    assert not Bye.objects.filter(round=round_one).exists()
    play_round(round_one)
    # Round 2: everyone has to check in again; player 6 does not come back.
    assert {p.pk for p in players_not_checked_in(section=setup.section)} == {p.pk for p in ps}
    for p in ps[:5]:
        player_check_in(player=p)
    assert players_mark_absent(section=setup.section) == [ps[5]]
    round_two = round_pair(section=setup.section)
    assert Bye.objects.get(round=round_two, player=ps[5]).kind == ByeKind.ZERO
    placed = {pk for g in round_two.games.all() for pk in (g.white_id, g.black_id)}
    assert ps[5].pk not in placed


def test_players_check_themselves_in_with_the_code_shown_at_the_venue(client):
    from tournaments.services.players import event_check_in_code

    setup, ps = _section(players=4)
    ps[0].name = "O'Brien, Seán"
    ps[0].save()
    code = event_check_in_code(event=setup.section.event)
    assert len(code) == 6 and code.isdigit()
    assert event_check_in_code(event=setup.section.event) == code  # made once
    url = f"/e/{setup.section.event.slug}/check-in/"
    page = client.get(url).content.decode()
    assert "csrfmiddlewaretoken" in page and 'name="code"' in page
    wrong = client.post(url, {"code": "000000" if code != "000000" else "111111", "name": "x"})
    assert wrong.status_code == 403 and "not the check-in code" in wrong.content.decode()
    unknown = client.post(url, {"code": code, "name": "Nobody"})
    assert unknown.status_code == 400 and "No player of that name" in unknown.content.decode()
    done = client.post(url, {"code": code, "name": "obrien sean"})  # as typed on a phone
    assert done.status_code == 200 and "checked in for round 1" in done.content.decode()
    ps[0].refresh_from_db()
    assert ps[0].checked_in_for == 1
    client.force_login(setup.arbiter)
    arbiter_page = client.get(setup.url("check_in")).content.decode()
    assert code in arbiter_page and url in arbiter_page


def test_too_many_wrong_codes_make_an_address_wait(client, settings):
    from tournaments.services.players import CODE_ATTEMPTS, event_check_in_code

    setup, ps = _section(players=2)
    code = event_check_in_code(event=setup.section.event)
    url = f"/e/{setup.section.event.slug}/check-in/"
    bad = "000000" if code != "000000" else "111111"
    for _ in range(CODE_ATTEMPTS):
        assert client.post(url, {"code": bad, "name": ps[0].name}).status_code == 403
    blocked = client.post(url, {"code": code, "name": ps[0].name})
    assert blocked.status_code == 429 and "Too many wrong codes" in blocked.content.decode()
    ps[0].refresh_from_db()
    assert ps[0].checked_in_for is None
