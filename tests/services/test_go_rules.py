"""The arbiter's rules hold in Go sections as in chess: prohibited pairs, "avoid"
groups and "never pair players of the same club" reach the McMahon engine through the
same road (tournaments/engines.py), and the OpenGotha handicap rules hold."""

from __future__ import annotations

import pytest

from tests.factories import GoSectionFactory, PlayerFactory
from tests.shared_data import SHARED_DATA
from tournaments.engines import PairingFailed
from tournaments.errors import ServiceError
from tournaments.services.imports import opengotha_import
from tournaments.services.players import player_create, prohibited_pair_add
from tournaments.services.results import result_record
from tournaments.services.rounds import round_check, round_pair, round_publish
from tournaments.services.sections import section_update

pytestmark = pytest.mark.django_db


def _players(section, *specs):
    """(rank, club) pairs -> players numbered in order."""
    return [
        PlayerFactory(section=section, pairing_number=i, go_rank=rank, club=club, rating=None)
        for i, (rank, club) in enumerate(specs, start=1)
    ]


def _pairs(rnd) -> set[frozenset[int]]:
    return {frozenset((g.white.pairing_number, g.black.pairing_number)) for g in rnd.games.all()}


def test_prohibited_pairs_hold_in_a_go_section():
    section = GoSectionFactory(total_rounds=3)
    a, b, *_ = _players(section, ("1d", ""), ("1d", ""), ("5k", ""), ("5k", ""))
    prohibited_pair_add(player_a=a, player_b=b, reason="brothers")
    rnd = round_pair(section=section)
    assert frozenset((1, 2)) not in _pairs(rnd)  # the two 1d would meet otherwise
    assert round_check(round=rnd) == []


def test_never_the_same_club_holds_in_a_go_section():
    section = GoSectionFactory(total_rounds=3, mcmahon_options={"forbid_same_club": True})
    _players(section, ("1d", "Lyon"), ("1d", "Lyon"), ("5k", "Paris"), ("5k", "Paris"))
    rnd = round_pair(section=section)
    for game in rnd.games.all():
        assert game.white.club != game.black.club
    assert round_check(round=rnd) == []


def test_an_empty_club_is_no_club():
    section = GoSectionFactory(total_rounds=3, mcmahon_options={"forbid_same_club": True})
    _players(section, ("1d", ""), ("1d", ""), ("5k", " "), ("5k", ""))
    rnd = round_pair(section=section)
    assert _pairs(rnd) == {frozenset((1, 2)), frozenset((3, 4))}


def test_a_rule_that_cannot_be_honoured_names_the_players():
    section = GoSectionFactory(total_rounds=3)
    a, b = _players(section, ("1d", ""), ("2k", ""))
    prohibited_pair_add(player_a=a, player_b=b)
    with pytest.raises(PairingFailed, match=a.name.split(",")[0]):
        round_pair(section=section)
    assert not section.rounds.exists()


def test_no_handicap_above_plays_a_lone_strong_player_even():
    """Bar 3d, floor 20k, reduction 1: round 2 used to be refused ("no pairing ...
    avoids handicap games above the bar"). With OpenGotha's rule a game above the
    "no handicap" rank is played even, and the round pairs."""
    section = GoSectionFactory(
        total_rounds=5, mcmahon_bar="3d", mcmahon_floor="20k", handicap_reduction=1
    )
    ranks = ("4d", "2d", "1d", "1k", "3k", "5k", "8k", "10k", "15k", "25k")
    _players(section, *((r, "") for r in ranks))
    rnd = round_pair(section=section)
    round_publish(round=rnd, confirm=True)
    for n, game in enumerate(rnd.games.order_by("board")):
        result_record(game=game, result=("1-0", "0-1")[n % 2], by=None)
    second = round_pair(section=section)
    assert second.games.count() == 5
    assert round_check(round=second) == []
    strong = second.games.filter(white__go_rank="4d") | second.games.filter(black__go_rank="4d")
    game = strong.get()
    other = game.black if game.white.go_rank == "4d" else game.white
    if other.go_rank in ("2d", "1d"):  # both at or above 1d: an even game
        assert game.handicap == 0


def test_a_real_sized_go_event_keeps_every_rule_round_after_round():
    """A real OpenGotha event (its players and clubs), re-paired from round 1 with
    prohibited pairs and never the same club."""
    section = GoSectionFactory(total_rounds=5)
    text = (SHARED_DATA / "go" / "opengotha" / "stage-ete-2021.xml").read_text(encoding="utf-8")
    opengotha_import(section=section, text=text)
    section.rounds.all().delete()  # keep the players, pair afresh
    players = list(section.players.order_by("pairing_number"))
    assert len(players) >= 60
    section_update(
        section=section,
        total_rounds=4,
        mcmahon_options={**section.mcmahon_options, "forbid_same_club": True},
    )
    prohibited = [(players[0], players[1]), (players[2], players[3]), (players[4], players[5])]
    for a, b in prohibited:
        prohibited_pair_add(player_a=a, player_b=b)
    banned = {frozenset((a.pk, b.pk)) for a, b in prohibited}
    for number in range(1, 5):
        rnd = round_pair(section=section)
        for game in rnd.games.select_related("white", "black"):
            assert frozenset((game.white_id, game.black_id)) not in banned
            club = game.white.club.strip()
            assert not club or club.casefold() != game.black.club.strip().casefold(), (
                number,
                game.white.name,
                game.black.name,
            )
        assert round_check(round=rnd) == []
        round_publish(round=rnd)
        for n, game in enumerate(rnd.games.all()):
            result_record(game=game, result=("1-0", "0-1")[n % 2], by=None)


def test_a_go_player_is_registered_by_rank_or_by_egf_rating():
    section = GoSectionFactory(total_rounds=3)
    by_rank = player_create(section=section, name="Rank, Ada", go_rank="5k")
    by_rating = player_create(section=section, name="Rating, Bo", rating=2150)  # GoR
    assert by_rank.go_rank == "5k" and by_rating.go_rank == "2d"
    with pytest.raises(ServiceError, match=r"rank .* or an EGF rating"):
        player_create(section=section, name="Nothing, Cy")
