"""Round-robin sections: the Berger table paired round by round through the services,
numbers drawn by lot, the round off of an odd field, the rounds a table needs, the
round-robin tiebreak preset, and the TRF export."""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.factories import EventFactory, PlayerFactory
from tests.web.arbiter_helpers import make_setup
from tournaments.errors import ServiceError, StateError
from tournaments.models import Bye, ByeKind
from tournaments.selectors.exports import trf_export
from tournaments.selectors.standings import standings_compute
from tournaments.services.players import player_create, players_draw_lots
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair, round_publish
from tournaments.services.sections import section_create

pytestmark = pytest.mark.django_db


def rr_section(players: int, *, double: bool = False):
    rounds = (players + players % 2 - 1) * (2 if double else 1)
    section = section_create(
        event=EventFactory(),
        name="Closed",
        total_rounds=rounds,
        pairing_system="double-round-robin" if double else "round-robin",
    )
    for i in range(1, players + 1):
        PlayerFactory(section=section, pairing_number=i, name=f"P{i}", rating=2500 - i)
    return section


def play_all(section):
    for _ in range(section.total_rounds):
        rnd = round_publish(round=round_pair(section=section))  # no rule broken: no confirm
        for game in rnd.games.order_by("board"):
            result_record(game=game, result="1-0" if game.board % 2 else "1/2-1/2")


@pytest.mark.parametrize(("players", "double"), [(5, False), (6, False), (4, True)])
def test_everyone_meets_everyone_as_the_table_says(players, double):
    section = rr_section(players, double=double)
    assert section.tiebreak_preset == "FIDE Round-robin"
    play_all(section)
    met: dict[frozenset, int] = {}
    for rnd in section.rounds.all():
        for g in rnd.games.all():
            key = frozenset((g.white.pairing_number, g.black.pairing_number))
            met[key] = met.get(key, 0) + 1
    cycles = 2 if double else 1
    assert met == {frozenset(p): cycles for p in combinations(range(1, players + 1), 2)}
    offs = Bye.objects.filter(round__section=section)
    if players % 2:  # each player has the round off once, for no points
        assert sorted(b.player.pairing_number for b in offs) == list(range(1, players + 1))
        assert {(b.kind, b.points) for b in offs} == {(ByeKind.ZERO, 0)}
    else:
        assert not offs.exists()
    first = section.rounds.get(number=1).games.order_by("board").first()
    assert first.explanation == {
        "reason": "Berger table, round 1" + (" (cycle 1)" if double else ""),
        "parts": ["rr-table-cycle", {"round": 1, "cycle": 1}]
        if double
        else ["rr-table", {"round": 1}],
    }
    standings = standings_compute(section=section)
    assert [a for a, _ in standings.columns] == ["DE", "SB", "WIN", "KS"]
    assert "XXR" in trf_export(section=section).text


def test_the_table_needs_its_own_number_of_rounds():
    section = rr_section(6)
    section.total_rounds = 7
    section.save()
    with pytest.raises(ServiceError, match="a 6-player round-robin has 5 rounds; set Rounds to 5"):
        round_pair(section=section)


def test_numbers_are_drawn_by_lot_before_round_1_only():
    section = rr_section(8)
    drawn = players_draw_lots(section=section)
    assert sorted(p.pairing_number for p in drawn) == list(range(1, 9))
    assert [p.pk for p in players_draw_lots(section=section)] == [p.pk for p in drawn]  # seeded
    round_pair(section=section)
    with pytest.raises(StateError, match="round 1 is paired"):
        players_draw_lots(section=section)


def test_a_late_entry_cannot_join_the_table():
    section = rr_section(4)
    play = round_publish(round=round_pair(section=section))
    for g in play.games.all():
        result_record(game=g, result="1-0")
    player_create(section=section, name="Late")
    with pytest.raises(ServiceError, match="takes no late entry"):
        round_pair(section=section)


def test_the_players_page_offers_the_draw_for_a_round_robin(client):
    setup = make_setup(players=4, pairing_system="round-robin", total_rounds=3)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("players")).content.decode()
    assert "Draw numbers by lot" in page
    response = client.post(setup.url("players_renumber"), {"order": "lot"}, follow=True)
    assert "Numbers drawn by lot" in response.content.decode()
    swiss = make_setup(players=4)
    client.force_login(swiss.arbiter)
    assert "Draw numbers by lot" not in client.get(swiss.url("players")).content.decode()
