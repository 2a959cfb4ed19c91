"""Player state before a round (section 2.3)."""

import pytest

from pairing.engine.mcmahon import (
    ABSENT,
    BYE,
    GAME,
    McMahonConfig,
    McMahonInputError,
    McMahonPlayer,
    McMahonRequest,
    RoundRecord,
    player_states,
)
from pairing.engine.mcmahon.state import initial_mms


def test_initial_mms_from_rank_bar_floor_and_correction():
    config = McMahonConfig(bar=0, floor=-20, zero=-30)
    assert initial_mms(3, 0, config) == 30  # 4d is above the bar: starts at the bar
    assert initial_mms(0, 0, config) == 30  # 1d
    assert initial_mms(-5, 0, config) == 25
    assert initial_mms(-5, 1, config) == 26  # correction
    assert initial_mms(-25, 0, config) == 10  # below the floor
    assert initial_mms(3, 0, McMahonConfig(bar=None, floor=None)) == 33


def test_a_starting_score_set_by_hand_wins_over_the_rank():
    players = (McMahonPlayer(1, -5, mms_start=28, mms_correction=1), McMahonPlayer(2, -5))
    one, two = player_states(McMahonRequest(players, 1))
    assert (one.mms, two.mms) == (29, 25)


def game(opp, colour, points):
    return RoundRecord(GAME, opponent=opp, colour=colour, points=points)


def test_scores_up_down_counts_and_colours():
    config = McMahonConfig(bar=0, floor=-20)
    # 1: 5k (MMS 25), 2: 6k (24), 3: 6k (24), 4: 10k (20)
    players = (
        McMahonPlayer(1, -5, rounds=(game(2, 1, 1.0), game(3, -1, 0.0), RoundRecord(BYE))),
        McMahonPlayer(2, -6, rounds=(game(1, -1, 0.0), game(4, 1, 0.5), RoundRecord(ABSENT))),
        McMahonPlayer(3, -6, rounds=(game(4, 1, 1.0), game(1, 1, 1.0), game(4, -1, 0.0))),
        McMahonPlayer(4, -10, rounds=(game(3, -1, 0.0), game(2, -1, 0.5), game(3, 1, 1.0))),
    )
    states = player_states(McMahonRequest(players, 4, config))
    one, two, three, four = states
    assert one.mms_before == [25, 26, 26, 27]  # bye worth 1
    assert two.mms_before == [24, 24, 24.5, 25]  # absence worth 1/2
    assert three.mms == 26 and four.mms == 21.5
    # round 1: 1 (25) beat 2 (24): 1 drawn down and won, 2 drawn up and lost;
    # round 2: 3 (25) beat 1 (26): 3 drawn up and won, 1 drawn down and lost
    assert (one.down, one.down_wins, one.up) == (2, 1, 0)
    assert (two.up, two.up_losses) == (1, 1)
    assert (three.up, three.up_losses) == (1, 0)
    assert one.balance("full") == -2 and one.balance("partial") == -1
    assert one.uneven_count("full") == 2 and one.uneven_count("partial") == 1
    # round 1: 3 (24) v 4 (20) is a handicap game: not drawn up or down
    assert four.up == 0 and four.down == 0
    assert one.colours == (1, -1, 0) and one.colour_balance == 0
    assert one.colour_alternation == pytest.approx(1.5)
    assert one.pairing_byes == 1 and one.opponents == frozenset({2, 3})
    assert three.colours == (1, 1, -1) and three.last_colour == -1


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ((McMahonPlayer(1, 0), McMahonPlayer(1, 0)), "appears twice"),
        ((McMahonPlayer(1, 0, rounds=(RoundRecord(),)),), "has 1 earlier rounds"),
    ],
)
def test_bad_requests_name_the_player(players, message):
    with pytest.raises(McMahonInputError, match=message):
        player_states(McMahonRequest(players, 1))


def test_one_sided_games_are_rejected():
    players = (
        McMahonPlayer(1, 0, rounds=(game(2, 1, 1.0),)),
        McMahonPlayer(2, 0, rounds=(RoundRecord(ABSENT),)),
    )
    with pytest.raises(McMahonInputError, match="player 1, round 1: opponent 2 does not record"):
        player_states(McMahonRequest(players, 2))
    players = (
        McMahonPlayer(1, 0, rounds=(game(2, 1, 1.0),)),
        McMahonPlayer(2, 0, rounds=(game(1, 1, 0.0),)),
    )
    with pytest.raises(McMahonInputError, match="colours do not match"):
        player_states(McMahonRequest(players, 2))
    players = (McMahonPlayer(1, 0, rounds=(game(9, 1, 1.0),)),)
    with pytest.raises(McMahonInputError, match="opponent 9 is not another player"):
        player_states(McMahonRequest(players, 2))


def test_bye_and_absence_points_rounded_down_as_opengotha_does():
    from pairing.engine.mcmahon import (
        ABSENT,
        BYE,
        GAME,
        McMahonConfig,
        McMahonPlayer,
        McMahonRequest,
        RoundRecord,
        player_states,
    )

    rounds = (
        RoundRecord(ABSENT),  # 0.5
        RoundRecord(GAME, 2, 1, 1.0),
        RoundRecord(ABSENT),  # 0.5: one point with the first
        RoundRecord(BYE),  # 1
    )
    other = tuple(
        RoundRecord(GAME, 1, -1, 0.0) if k == 1 else RoundRecord(ABSENT) for k in range(4)
    )
    players = (McMahonPlayer(1, -10, rounds=rounds), McMahonPlayer(2, -10, rounds=other))
    half = player_states(McMahonRequest(players, 5, McMahonConfig()))[0]
    whole = player_states(McMahonRequest(players, 5, McMahonConfig(round_down_free_points=True)))[0]
    assert half.mms_before == [20, 20.5, 21.5, 22, 23]
    assert whole.mms_before == [20, 20, 21, 22, 23]
