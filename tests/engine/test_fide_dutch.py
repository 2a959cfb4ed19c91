"""The FIDE Dutch engine (pairing.engine.fide_dutch): hand-made cases from the rules
(C.04.3, C.04.1, C.04.2 2025) and round-by-round agreement with bbpPairings v6.0.0
on tournaments it generates."""

from __future__ import annotations

import random
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide
from pairing.engine.fide_dutch.players import colour_facts
from pairing.engine.swiss import PairingError
from pairing.formats.trf import read_trf
from pairing.formats.trf.writer import write_trf
from pairing.record import EMPTY_ENTRY
from tests.engine.swiss_helpers import player, request, unordered
from tests.oracle import oracle_binary

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


def _before(path: Path, r: int):
    """The record as it stood before round r was paired."""
    record = read_trf(path)
    for p in record.players:
        entry = p.entry(r)
        if entry.opponent is None and entry.code in ("H", "Z", "F"):
            record.announced_byes.setdefault(r, {})[p.id] = entry.code
        p.rounds = p.rounds[: r - 1]
        while len(p.rounds) < r - 1:
            p.rounds.append(EMPTY_ENTRY)
    return record


@pytest.mark.parametrize(("players", "rounds", "seed"), [(9, 7, 11), (16, 9, 12), (21, 7, 13)])
def test_every_round_matches_bbppairings(tmp_path, players, rounds, seed):
    binary = _oracle()
    config = tmp_path / "config.txt"
    config.write_text(
        f"PlayersNumber={players}\nRoundsNumber={rounds}\nForfeitRate=25\n"
        "HalfPointByeRate=40\nRetiredRate=60\n",
        encoding="utf-8",
    )
    trf = tmp_path / "event.trf"
    subprocess.run(
        [str(binary), "--dutch", "-g", str(config), "-o", str(trf), "-s", str(seed)],
        check=True,
        capture_output=True,
    )
    whole = read_trf(trf)
    from pairing.engine.swiss.from_record import recorded_initial_colour

    initial = recorded_initial_colour(whole)
    assert whole.rounds_paired == rounds
    for r in range(1, rounds + 1):
        expected, expected_bye = set(), None
        for p in whole.players:
            e = p.entry(r)
            if e.opponent is not None and e.colour == "w":
                expected.add((p.id, e.opponent))
            elif e.opponent is None and e.code == "U":
                expected_bye = p.id
        record = _before(trf, r)
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
    config = tmp_path / "config.txt"
    config.write_text(
        f"PlayersNumber={players}\nRoundsNumber={rounds}\nForfeitRate=25\n"
        "HalfPointByeRate=40\nRetiredRate=60\n",
        encoding="utf-8",
    )
    generated = tmp_path / "event.trf"
    subprocess.run(
        [str(binary), "--dutch", "-g", str(config), "-o", str(generated), "-s", str(seed)],
        check=True,
        capture_output=True,
    )
    from pairing.engine.swiss.from_record import recorded_initial_colour

    record = read_trf(generated)
    initial = recorded_initial_colour(record)
    r = rng.randrange(3, rounds + 1)
    for p in record.players:
        entry = p.entry(r)
        kept = p.rounds[: r - 1]
        if entry.opponent is None and entry.code in ("H", "Z", "F"):
            kept.append(entry)  # an absence already known for the round to pair
        p.rounds = kept
    record.total_rounds, record.initial_colour = rounds, initial
    ids = sorted(p.id for p in record.players)
    for pid in ids[: len(ids) // 2]:
        record.accelerations[pid] = tuple(Fraction(rng.choice((0, 1, 2)), 2) for _ in range(rounds))
    for _ in range(2):
        record.prohibited.append((1, rounds, tuple(rng.sample(ids, 2))))
    cut = tmp_path / "cut.trf"
    write_trf(record, cut)
    out = tmp_path / "pairs.txt"
    done = subprocess.run(
        [str(binary), "--dutch", str(cut), "-p", str(out)], capture_output=True, check=False
    )
    back = read_trf(cut)
    for p in back.players:
        if len(p.rounds) >= r:
            back.announced_byes.setdefault(r, {})[p.id] = p.rounds[r - 1].code
            p.rounds = p.rounds[: r - 1]
    if done.returncode == 1:  # no valid pairing
        with pytest.raises(PairingError):
            pair_round_fide(fide_request_from_record(back, r))
        return
    assert done.returncode == 0, done.stderr
    numbers = [int(x) for x in out.read_text().split()]
    expected = {(w, b) for w, b in zip(numbers[1::2], numbers[2::2], strict=True) if b}
    expected_bye = next(
        (w for w, b in zip(numbers[1::2], numbers[2::2], strict=True) if not b), None
    )
    result = pair_round_fide(fide_request_from_record(back, r))
    assert set(result.pairs()) == expected
    assert result.pairing_allocated_bye == expected_bye


def test_scores_may_be_fractions():
    players = [player(i, score=Fraction(1, 2) * (i % 2)) for i in range(1, 5)]
    result = fide(players, round_number=2)
    assert unordered(result.pairs()) == {frozenset((1, 3)), frozenset((2, 4))}
