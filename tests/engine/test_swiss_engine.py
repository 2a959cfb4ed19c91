"""Byes, impossible rounds, explanations and backends."""

from __future__ import annotations

import json

import pytest

from pairing.engine.matching import BACKENDS
from pairing.engine.swiss import PairingError, pair_round
from tests.engine.swiss_helpers import player, request, unordered


def test_bye_goes_to_the_lowest_ranked_eligible_player():
    players = [
        player(1, score=2),
        player(2, score=1),
        player(3, score=1),
        player(4, score=0, pairing_byes=1),
        player(5, score=0, unplayed_wins=1),
    ]
    result = pair_round(request(players, round_number=3), backend="networkx")
    bye = result.byes[0]
    assert (bye.player, bye.kind) == (3, "pairing-allocated")
    assert "player 5, ranked lower, has already scored a win without playing" in bye.reason
    assert "player 4, ranked lower, has already had a pairing-allocated bye" in bye.reason


def test_next_eligible_player_when_the_rest_cannot_be_paired():
    # Player 1 has met 2, 3 and 4: only 5 is left for them, so 5 cannot have the bye.
    players = [
        player(1, score=2, opponents={2, 3, 4}),
        player(2, score=1, opponents={1}),
        player(3, score=1, opponents={1}),
        player(4, score=1, opponents={1}),
        player(5, score=0),
    ]
    result = pair_round(request(players, round_number=4), backend="networkx")
    assert result.pairing_allocated_bye == 4
    assert "lower-player-unpairable" in result.byes[0].flags
    assert frozenset((1, 5)) in unordered(result.pairs())


def test_withdrawn_and_requested_byes_sit_out():
    players = [
        player(1),
        player(2, withdrawn=True),
        player(3, bye_requested=True),
        player(4),
        player(5),
        player(6),
    ]
    result = pair_round(request(players, round_number=1), backend="networkx")
    paired = {p for pair in result.pairs() for p in pair}
    assert paired == {1, 4, 5, 6}
    assert {(b.player, b.kind) for b in result.byes} == {(2, "withdrawn"), (3, "requested")}


def test_no_legal_pairing_names_the_players_and_why():
    players = [
        player(1, opponents={2, 3, 4}),
        player(2, opponents={1}),
        player(3, opponents={1}),
        player(4, opponents={1}),
    ]
    with pytest.raises(PairingError) as info:
        pair_round(request(players, round_number=4), backend="networkx")
    err = info.value
    assert 1 in err.players
    assert "already played player 2" in err.reasons[1]
    assert "player 1" in str(err)


def test_no_bye_possible_when_everyone_had_one():
    players = [player(k, pairing_byes=1) for k in (1, 2, 3)]
    with pytest.raises(PairingError, match="every player has already had"):
        pair_round(request(players, round_number=4), backend="networkx")


def test_prohibited_pairs_do_not_meet():
    players = [player(k) for k in range(1, 9)]
    result = pair_round(
        request(players, round_number=1, prohibited={(1, 5), (2, 6)}), backend="networkx"
    )
    assert not {frozenset((1, 5)), frozenset((2, 6))} & unordered(result.pairs())


def test_float_explanation_and_json():
    players = [
        player(1, score=2, colours="wb"),
        player(2, score=1, colours="bw"),
        player(3, score=1, colours="wb"),
        player(4, score=1, colours="bw"),
    ]
    result = pair_round(request(players, round_number=3), backend="networkx")
    floats = [g for g in result.games if g.explanation.kind == "float"]
    assert len(floats) == 1 and result.diagnostics.float_pairs == 1
    e = floats[0].explanation
    assert e.downfloater == 1 and "floats down" in e.text and "float" in e.flags
    assert e.colour_rule in {
        "forced",
        "preferences",
        "colour-difference",
        "alternation",
        "rank",
        "initial",
    }
    document = json.loads(json.dumps(result.to_dict()))
    assert document["games"][0]["explanation"]["text"].startswith("Board 1:")
    assert document["diagnostics"]["float_pairs"] == 1


def test_colour_due_flags():
    players = [player(1, colours="w"), player(2, colours="w")]
    e = pair_round(request(players), backend="networkx").games[0].explanation
    # Identical histories: the higher-ranked player 1 gets black (due), 2 white (not due).
    assert e.colour_rule == "rank"
    assert "white-not-due" in e.flags and "black-got-due" in e.flags


@pytest.mark.parametrize("system", ["dutch", "burstein", "monrad", "random", "random2", "adjacent"])
def test_backends_agree_on_the_weight(system):
    players = [player(k, score=(k % 3) / 2, colours="wb"[k % 2]) for k in range(1, 17)]
    req = request(players, round_number=2, system=system, seed=4)
    reference = pair_round(req, backend="networkx")
    for backend in ("auto", *BACKENDS):
        fast = pair_round(req, backend=backend)
        assert reference.diagnostics.weight == fast.diagnostics.weight
        assert reference.diagnostics.weight_terms == fast.diagnostics.weight_terms


def test_deterministic_for_a_request():
    players = [player(k, score=(k % 4) / 2) for k in range(1, 12)]
    req = request(players, system="random", seed=9)
    assert pair_round(req, backend="networkx") == pair_round(req, backend="networkx")


def test_checker_ignores_colours_of_forfeited_games():
    from pairing.engine.swiss.checker import RecordedRound, _differences

    recorded = RecordedRound(((1, 2, False), (3, 4, True)), ())
    assert _differences(recorded, [(2, 1), (4, 3)], None) == ["colours reversed: 4-3"]
    assert _differences(recorded, [(1, 3), (2, 4)], 5) == [
        "recorded 1-2, 3-4; Blossom 1-3, 2-4",
        "pairing-allocated bye: recorded none, Blossom 5",
    ]


def test_every_name_a_request_may_carry_is_a_registered_system():
    from pairing.engine.swiss.request import SYSTEM_NAMES
    from pairing.engine.swiss.systems import SYSTEMS

    assert set(SYSTEM_NAMES) == set(SYSTEMS)
