"""The FIDE Dutch engine (pairing.engine.fide_dutch): hand-made cases from the rules
(C.04.3, C.04.1, C.04.2 2025) and round-by-round agreement with bbpPairings v6.0.0
on tournaments it generates."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide
from pairing.engine.fide_dutch.players import colour_facts
from pairing.engine.swiss import PairingError
from pairing.formats.trf import read_trf
from tests.engine.swiss_helpers import player, request, unordered
from tests.oracle import (
    generate_event,
    oracle_binary,
    paired_variant,
    record_before,
    recorded_pairs,
)

ROOT = Path(__file__).resolve().parents[2]


def fide(players, **kw):
    return pair_round_fide(request(players, **kw))


# -- colour preferences (A.6) --------------------------------------------------


def test_colour_preferences():
    assert colour_facts(()) == (0, None, False, False, None)
    assert colour_facts(("w",)) == (1, "b", False, True, None)
    assert colour_facts(("w", "b")) == (0, "w", False, False, None)
    assert colour_facts(("b", "b")) == (2, "w", True, False, "b")
    assert colour_facts(("w", "b", "b")) == (1, "w", True, False, "b")
    assert colour_facts(("w", "w", "b", "w", "w")) == (3, "b", True, False, "w")


# -- round 1 (B, E.5) -------------------------------------------------------------


def test_round_one_even_top_half_meets_bottom_half():
    result = fide([player(i) for i in range(1, 7)], round_number=1, initial_colour="w")
    # Odd ranks take the initial colour, even ranks the other one (E.5).
    assert result.pairs() == [(1, 4), (5, 2), (3, 6)]
    assert result.byes == ()


def test_round_one_odd_bye_to_the_lowest():
    result = fide([player(i) for i in range(1, 8)], round_number=1, initial_colour="b")
    assert result.pairs() == [(4, 1), (2, 5), (6, 3)]
    assert result.pairing_allocated_bye == 7


def test_absent_players_sit_out_and_are_not_ranked_as_paired():
    players = [player(1), player(2, bye_requested=True), player(3), player(4, withdrawn=True)]
    result = fide(players, round_number=1, initial_colour="w")
    assert result.pairs() == [(1, 3)]
    assert {(b.player, b.kind) for b in result.byes} == {(2, "requested"), (4, "withdrawn")}


# -- absolute criteria (C.1, C.2, C.3) -----------------------------------------------


def test_no_rematch_transposes_s2():
    players = [
        player(1, score=1, colours="wb", opponents={3}),
        player(2, score=1, colours="bw", opponents={4}),
        player(3, score=1, colours="wb", opponents={1}),
        player(4, score=1, colours="bw", opponents={2}),
    ]
    assert unordered(fide(players, round_number=3).pairs()) == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }


def test_same_absolute_preferences_do_not_meet_before_the_last_round():
    players = [
        player(1, score=1, colours="bb"),
        player(2, score=1, colours="ww"),
        player(3, score=1, colours="bb"),
        player(4, score=1, colours="ww"),
    ]
    # S1 = {1, 2}, S2 = {3, 4}: 1-3 would give two absolute whites (C.3).
    assert fide(players, round_number=3).pairs() == [(1, 4), (3, 2)]


def test_pairing_bye_not_twice_and_repeated_downfloat_avoided():
    # Round 1: 1-4 and 2-5 won by 1 and 2, 3 had the pairing-allocated bye (a
    # downfloat, A.4). Round 2: 3 may not have the bye again (C.2) and should not
    # float down again (C.14): 1-3 and 2-4 (2 has met 5), 5 gets the bye.
    players = [
        player(1, score=1, colours="w", opponents={4}, floats=("",)),
        player(2, score=1, colours="b", opponents={5}, floats=("",)),
        player(3, score=1, colours="-", pairing_byes=1, floats=("down",)),
        player(4, score=0, colours="b", opponents={1}, floats=("",)),
        player(5, score=0, colours="w", opponents={2}, floats=("",)),
    ]
    result = fide(players, round_number=2)
    assert result.pairs() == [(3, 1), (2, 4)]
    assert result.pairing_allocated_bye == 5


def test_unpairable_round_raises():
    players = [player(1, opponents={2}), player(2, opponents={1})]
    with pytest.raises(PairingError):
        fide(players, round_number=2)


# -- colour allocation (E) ---------------------------------------------------------------


def test_alternation_to_the_latest_difference_before_rank():
    # Both mildly due white (E.1 cannot grant both); E.3 looks back: two rounds ago
    # 1 had black and 2 white, so 1 now takes white although 2 is ranked higher.
    players = [player(1, score=1, colours="wbwb"), player(2, score=3, colours="bwwb")]
    result = fide(players, round_number=5)
    assert result.pairs() == [(1, 2)]
    assert result.games[0].explanation.colour_rule == "alternation"


def test_higher_rank_gets_its_preference_when_histories_agree():
    players = [player(1, score=1, colours="wb"), player(2, score=2, colours="wb")]
    assert fide(players, round_number=3).pairs() == [(2, 1)]


# -- agreement with bbpPairings v6.0.0 ---------------------------------------------------------


def _oracle() -> Path:
    return oracle_binary()


@pytest.mark.parametrize(("players", "rounds", "seed"), [(9, 7, 11), (16, 9, 12), (21, 7, 13)])
def test_every_round_matches_bbppairings(tmp_path, players, rounds, seed):
    binary = _oracle()
    trf = generate_event(binary, tmp_path, players, rounds, seed)
    whole = read_trf(trf)
    from pairing.engine.swiss.from_record import recorded_initial_colour

    initial = recorded_initial_colour(whole)
    assert whole.rounds_paired == rounds
    for r in range(1, rounds + 1):
        expected, expected_bye = recorded_pairs(whole, r)
        record = record_before(read_trf(trf), r)
        record.total_rounds = record.total_rounds or rounds
        record.initial_colour = record.initial_colour or initial
        result = pair_round_fide(fide_request_from_record(record, r))
        assert set(result.pairs()) == expected, f"round {r}"
        assert result.pairing_allocated_bye == expected_bye, f"round {r}"


@pytest.mark.parametrize("seed", [21, 22, 23, 24])
def test_accelerated_and_prohibited_rounds_match_bbppairings(tmp_path, seed):
    """A generated event cut before one of its rounds, with XXA virtual points for
    the top half and two prohibited pairs (260) added: bbpPairings pairs the file
    (-p), the engine pairs the same record."""
    binary = _oracle()
    rng = random.Random(seed)
    players, rounds = rng.choice((12, 16, 21)), 7
    generated = generate_event(binary, tmp_path, players, rounds, seed)
    from pairing.engine.swiss.from_record import recorded_initial_colour

    initial = recorded_initial_colour(read_trf(generated))
    r = rng.randrange(3, rounds + 1)
    back, code, expected, expected_bye = paired_variant(
        binary, tmp_path, generated, r, rounds, initial, rng
    )
    if code == 1:  # no valid pairing
        with pytest.raises(PairingError):
            pair_round_fide(fide_request_from_record(back, r))
        return
    assert code == 0
    result = pair_round_fide(fide_request_from_record(back, r))
    assert set(result.pairs()) == expected
    assert result.pairing_allocated_bye == expected_bye


def test_scores_may_be_fractions():
    players = [player(i, score=Fraction(1, 2) * (i % 2)) for i in range(1, 5)]
    result = fide(players, round_number=2)
    assert unordered(result.pairs()) == {frozenset((1, 3)), frozenset((2, 4))}


def test_a_player_whose_only_round_was_a_forfeit_loss_keeps_his_rank(tmp_path):
    """Player 1 lost round 1 by forfeit and sits round 2 out: he took part in a
    pairing, so he keeps his place in the order (A.2), and the ranks below him
    decide E.5 for the two forfeit winners who meet with no colour history (5 and
    6). bbpPairings gives 5 white; a ranking without player 1 gave it to 6."""
    import subprocess

    from pairing.formats.trf import write_trf
    from pairing.record import PlayerRecord, RoundEntry, TournamentRecord

    record = TournamentRecord(name="E5", total_rounds=3, initial_colour="w")
    first = {
        1: RoundEntry(5, "w", "-"),
        5: RoundEntry(1, "b", "+"),
        2: RoundEntry(6, "b", "-"),
        6: RoundEntry(2, "w", "+"),
        3: RoundEntry(7, "w", "="),
        7: RoundEntry(3, "b", "="),
        4: RoundEntry(8, "b", "="),
        8: RoundEntry(4, "w", "="),
    }
    for k in range(1, 9):
        record.players.append(
            PlayerRecord(id=k, name=f"Player {k}", rating=2000 - 10 * k, rounds=[first[k]])
        )
    record.announced_byes[2] = {1: "Z"}
    path = tmp_path / "e5.trf"
    write_trf(record, path)
    result = pair_round_fide(fide_request_from_record(read_trf(path), 2))
    assert (5, 6) in set(result.pairs())
    oracle = subprocess.run(
        [str(_oracle()), "--dutch", str(path), "-p"], capture_output=True, text=True, check=True
    )
    lines = oracle.stdout.split("\n")[1:]
    expected = {tuple(int(x) for x in line.split()) for line in lines if line.strip()}
    bye = next(a for a, b in expected if b == 0)
    assert set(result.pairs()) == {(a, b) for a, b in expected if b != 0}
    assert result.pairing_allocated_bye == bye
