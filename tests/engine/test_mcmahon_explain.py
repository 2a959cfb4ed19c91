"""The McMahon explanation in a Go arbiter's words, with the numbers kept."""

from pairing.engine.mcmahon import (
    BYE,
    GAME,
    McMahonConfig,
    McMahonPlayer,
    McMahonRequest,
    RoundRecord,
    pair_round,
)


def explain(players, round_number=1, config=None, detailed=True):
    request = McMahonRequest(
        players, round_number, config or McMahonConfig(), detailed_explanations=detailed
    )
    return pair_round(request)


def test_same_mms():
    pairing = explain((McMahonPlayer(1, -5, name="A"), McMahonPlayer(2, -5, name="B")))
    e = pairing.games[0].explanation
    assert e.badges[0] == "same MMS" and "same-mms" in e.flags
    assert e.sentences[0] == "Both players are on MMS 25: same MMS group."
    assert e.to_dict()["mms"] == {"white": 25.0, "black": 25.0}


def test_mms_apart_and_handicap_stones():
    # 3k (MMS 27) and 5k (25): 2 MMS apart, reduction 1: one stone
    pairing = explain((McMahonPlayer(1, -3, name="A"), McMahonPlayer(2, -5, name="B")))
    g = pairing.games[0]
    e = g.explanation
    assert (g.white, g.black, g.handicap) == (1, 2, 1)
    assert e.badges[:2] == ("2 MMS apart", "handicap 1")
    assert "B (MMS 25) plays up against A (MMS 27), 2 MMS apart" in e.text()
    assert "Handicap 1 stone for B (black), komi 0.5." in e.sentences
    assert (e.plays_up, e.plays_down) == (2, 1)
    data = e.to_dict()
    assert data["mms_gap"] == 2 and data["handicap"] == 1 and data["game_class"] == "handicap"
    assert {c["name"] for c in data["components"]} >= {"mms", "even", "uneven", "area"}


def test_played_even_above_the_no_handicap_rank():
    # 4d and 2d with no bar: MMS 33 and 31, both above 1d: played even
    config = McMahonConfig(bar=None, no_handicap_rank=0)
    e = explain((McMahonPlayer(1, 3), McMahonPlayer(2, 1)), config=config).games[0].explanation
    assert e.handicap == 0 and "no-handicap-rank" in e.flags
    assert "Played even (no handicap at or above 1d), komi 7.5." in e.sentences


def test_avoids_a_same_club_game_and_says_why_someone_plays_up():
    # split and fold would pair 1-4 and 2-3; 1 and 4 are clubmates
    players = tuple(
        McMahonPlayer(k, -5, name=f"P{k}", rating=2000 - k, club="A" if k in (1, 4) else str(k))
        for k in (1, 2, 3, 4)
    )
    pairing = explain(players)
    flags = [f for g in pairing.games for f in g.explanation.flags]
    assert "avoids-same-club" in flags
    avoided = next(g for g in pairing.games if "avoids-same-club" in g.explanation.flags)
    assert "avoids a same-club game" in avoided.explanation.badges
    assert "without clubs P1 would have played P4, from the same club (A)" in (
        avoided.explanation.text()
    )
    # without detailed explanations there is no comparison, and no such claim
    plain = explain(players, detailed=False)
    assert all("avoids-same-club" not in g.explanation.flags for g in plain.games)


def test_colours_and_byes_in_words():
    g = RoundRecord
    players = (
        McMahonPlayer(1, -5, name="A", rounds=(g(GAME, 2, 1, 1.0),)),
        McMahonPlayer(2, -5, name="B", rounds=(g(GAME, 1, -1, 0.0),)),
        McMahonPlayer(3, -5, name="C", rounds=(g(GAME, 4, 1, 0.0),)),
        McMahonPlayer(4, -5, name="D", rounds=(g(GAME, 3, -1, 1.0),)),
        McMahonPlayer(5, -5, name="E", rounds=(g(BYE),)),
    )
    pairing = explain(players, 2)
    for game in pairing.games:
        text = game.explanation.text()
        assert "Colours: " in text and "so far" in text
        assert "colour-balance" in game.explanation.flags
    bye = pairing.byes[0].to_dict()
    assert bye["reason"] == "pairing" and bye["text"].startswith("pairing bye")
