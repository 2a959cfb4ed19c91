"""Pairing quality (section 10) computed by hand on small rounds."""

import math

import pytest

from pairing.engine.mcmahon import (
    GAME,
    McMahonConfig,
    McMahonPlayer,
    McMahonRequest,
    PlayedGame,
    RoundRecord,
    cumulative_quality,
    player_states,
    round_quality,
)
from pairing.engine.mcmahon.quality import (
    colour_quality,
    colour_value,
    expected_same_area_games,
    expected_unequal_games,
)


def test_expected_unequal_games_from_group_parities():
    assert expected_unequal_games([4, 2, 6]) == 0
    assert expected_unequal_games([3, 2, 5]) == 1
    assert expected_unequal_games([1, 1, 1, 1]) == 2


def test_expected_same_area_games():
    assert expected_same_area_games(["a", "a", "a", "b"]) == 1  # 3 - 4/2
    assert expected_same_area_games(["a", "a", "b", "b"]) == 0
    assert expected_same_area_games(["a", None, None, None]) == 0


def test_colour_value_and_quality():
    assert colour_value([1, -1]) == 0  # r = 2: balanced and alternating
    assert colour_value([1, 1]) == 1  # (2 - 0 + 1 - 0) / 3
    assert colour_value([1, 1, -1]) == pytest.approx(0.25)  # (1 - 1 + 2 - 1) / 4
    assert colour_value([1, 0, -1]) == 0  # rounds without a game are left out
    assert colour_value([0, 0]) is None
    assert colour_value([1]) == 0
    assert colour_quality([[1, -1], [1, 1], [1, 1, -1], []]) == pytest.approx(
        math.sqrt((0 + 1 + 0.0625) / 3)
    )


def test_round_quality_by_hand():
    config = McMahonConfig(bar=0)
    # 1d at the bar; 3 kyu players of club A, one of club B, all country FR
    players = (
        McMahonPlayer(1, 0, club="A", country="FR"),  # 30, at the bar
        McMahonPlayer(2, -5, club="A", country="FR"),  # 25
        McMahonPlayer(3, -5, club="A", country="FR"),  # 25
        McMahonPlayer(4, -5, club="B", country="FR"),  # 25
        McMahonPlayer(5, -6, club="C", country="FR"),  # 24
        McMahonPlayer(6, -6, club="C", country="FR"),  # 24
    )
    states = player_states(McMahonRequest(players, 1, config))
    games = [PlayedGame(0, 1, 4), PlayedGame(2, 3), PlayedGame(4, 5)]
    q = round_quality(states, games, config)
    assert q.games == 3
    # groups 30 (1), 25 (3), 24 (2): two odd groups -> 1 expected; 1 actual
    assert (q.unequal_mms_games, q.expected_unequal_mms_games) == (1, 1)
    assert q.q_mms == 1.0
    assert (q.handicap_games, q.max_handicap) == (1, 4)
    assert (q.same_club_games, q.same_country_games) == (2, 3)
    # below the bar: games 3-4 (club A v B) and 5-6 (club C v C)
    assert q.games_below_bar == 2
    assert (q.same_club_below_bar, q.same_country_below_bar) == (1, 2)
    # expected below the bar: group 25 (2, 3, 4): A = 2, M = 3 -> 0.5 club,
    # 3 - 1.5 = 1.5 country; group 24: 2 - 1 = 1 club, 1 country
    assert q.expected_same_club_games == pytest.approx(1.5)
    assert q.expected_same_country_games == pytest.approx(2.5)
    assert q.q_area == pytest.approx(1 - (0.5 + 0.5) / 2)
    assert q.q_colour == 0 and q.colour_imbalanced_players == 0


def test_cumulative_quality_sums_before_dividing():
    config = McMahonConfig(bar=None)
    p = (
        McMahonPlayer(1, -5, rounds=(RoundRecord(GAME, 2, 1, 1.0),)),
        McMahonPlayer(2, -5, rounds=(RoundRecord(GAME, 1, -1, 0.0),)),
    )
    states = player_states(McMahonRequest(p, 2, config))
    q = round_quality(states, [PlayedGame(1, 0)], config)  # 26 v 25: one unequal game
    assert (q.unequal_mms_games, q.expected_unequal_mms_games) == (1, 1)
    total = cumulative_quality([q, q])
    assert total.q_mms == 1.0 and total.rounds == 2
    # colours after round 2: both alternated
    assert q.q_colour == 0
