"""Re-pair every round of the real OpenGotha tournaments from their history.

Only the hard rules are asserted here (no rematch, stones as OpenGotha
counts them, within the cap, everyone paired once, the bye to a player
without an earlier one). The comparison of quality figures with the
organisers' pairings is a report: bench/mcmahon_real.py.
"""

import pytest

from pairing.engine.mcmahon import pair_round, player_states
from pairing.engine.mcmahon.handicap import handicap_stones
from pairing.formats.opengotha import read_opengotha
from pairing.gorecord import mcmahon_config, mcmahon_request
from tests.engine.test_mcmahon_engine import check_hard_rules
from tests.shared_data import OPENGOTHA

DATA = OPENGOTHA
CASES = [
    (path, r)
    for path in sorted(DATA.glob("*.xml"))
    for r in read_opengotha(path).rounds_with_games()
]


def real_field(t, r):
    field = {b.player for b in t.byes_in(r)}
    for g in t.games_in(r):
        field |= {g.white, g.black}
    return field


@pytest.mark.parametrize(("path", "round_number"), CASES, ids=lambda c: getattr(c, "name", c))
def test_repairing_a_real_round_keeps_the_hard_rules(path, round_number):
    t = read_opengotha(path)
    config = mcmahon_config(t.settings)
    request = mcmahon_request(t, round_number, config, field=real_field(t, round_number))
    pairing = pair_round(request)
    check_hard_rules(request.players, pairing, config)
    assert 2 * len(pairing.games) + sum(b.reason == "pairing" for b in pairing.byes) == len(
        real_field(t, round_number)
    )


@pytest.mark.parametrize("path", sorted(DATA.glob("*.xml")), ids=lambda p: p.name)
def test_the_next_round_of_every_file(path):
    t = read_opengotha(path)
    config = mcmahon_config(t.settings)
    request = mcmahon_request(t, t.next_round(), config)
    pairing = pair_round(request)
    check_hard_rules(request.players, pairing, config)


@pytest.mark.parametrize("path", sorted(DATA.glob("*.xml")), ids=lambda p: p.name)
def test_stones_are_those_opengotha_gave_on_every_real_game(path):
    """hdBasedOnMMS, hdNoHdRankThreshold, hdCorrection, hdCeiling and the
    round-down of bye and absence points, as OpenGotha applied them."""
    t = read_opengotha(path)
    config = mcmahon_config(t.settings)
    for r in t.rounds_with_games():
        states = player_states(mcmahon_request(t, r, config))
        for g in t.games_in(r):
            w, b = states[g.white], states[g.black]
            stones = handicap_stones(w.mms, b.mms, w.player.rank, b.player.rank, config)
            assert stones == g.handicap, f"round {r}, table {g.table}"
