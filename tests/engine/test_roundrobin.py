"""Round-robin pairings against the published FIDE Berger table for 10 players, and the
tables' properties for every field of 3 to 16 players, single and double."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engine.roundrobin import (
    RoundRobinError,
    berger_round,
    draw_numbers,
    round_robin_round,
    rounds_needed,
)

# FIDE Handbook C.05 Annex 1, the Berger table for 9 or 10 players (white first).
PUBLISHED_10 = {
    1: "1-10 2-9 3-8 4-7 5-6",
    2: "10-6 7-5 8-4 9-3 1-2",
    3: "2-10 3-1 4-9 5-8 6-7",
    4: "10-7 8-6 9-5 1-4 2-3",
    5: "3-10 4-2 5-1 6-9 7-8",
    6: "10-8 9-7 1-6 2-5 3-4",
    7: "4-10 5-3 6-2 7-1 8-9",
    8: "10-9 1-8 2-7 3-6 4-5",
    9: "5-10 6-4 7-3 8-2 9-1",
}


def _text(games) -> str:
    return " ".join(f"{w}-{b}" for w, b in games)


@pytest.mark.parametrize("number", sorted(PUBLISHED_10))
def test_the_published_table_for_ten_players(number):
    assert _text(berger_round(10, number).games) == PUBLISHED_10[number]


def test_nine_players_sit_out_against_the_dummy():
    r1 = berger_round(9, 1)
    assert r1.bye == 1 and _text(r1.games) == "2-9 3-8 4-7 5-6"
    assert [berger_round(9, r).bye for r in range(1, 10)] == [1, 6, 2, 7, 3, 8, 4, 9, 5]


def _colours(players: int, cycles: int) -> dict[int, str]:
    seq = {p: "" for p in range(1, players + 1)}
    for r in range(1, rounds_needed(players, cycles=cycles) + 1):
        rr = round_robin_round(players, r, cycles=cycles)
        for w, b in rr.games:
            seq[w] += "w"
            seq[b] += "b"
        if rr.bye is not None:
            seq[rr.bye] += "-"
    return seq


@pytest.mark.parametrize("cycles", [1, 2])
@pytest.mark.parametrize("players", range(3, 17))
def test_every_pair_meets_once_per_cycle_with_balanced_colours(players, cycles):
    met: dict[frozenset, list[int]] = {}
    for r in range(1, rounds_needed(players, cycles=cycles) + 1):
        rr = round_robin_round(players, r, cycles=cycles)
        seen = [x for g in rr.games for x in g] + ([rr.bye] if rr.bye else [])
        assert sorted(seen) == list(range(1, players + 1))  # everyone once a round
        for w, b in rr.games:
            met.setdefault(frozenset((w, b)), []).append(r)
    assert set(met) == {frozenset(p) for p in combinations(range(1, players + 1), 2)}
    assert all(len(rounds) == cycles for rounds in met.values())
    for p, seq in _colours(players, cycles).items():
        played = seq.replace("-", "")
        assert abs(played.count("w") - played.count("b")) <= (1 if cycles == 1 else 0), (p, seq)
        assert "www" not in played and "bbb" not in played, (p, seq)
    if cycles == 2:  # the second cycle reverses the colours of the same meetings
        m = rounds_needed(players)
        for r in range(1, m + 1):
            back = set(round_robin_round(players, m + r, cycles=2).games)
            assert {(b, w) for w, b in berger_round(players, r).games} == back


def test_rounds_outside_the_table_are_refused():
    with pytest.raises(RoundRobinError, match="rounds 1 to 9"):
        berger_round(10, 10)
    with pytest.raises(RoundRobinError, match="at least 2 players"):
        berger_round(1, 1)
    with pytest.raises(RoundRobinError, match="rounds 1 to 18"):
        round_robin_round(10, 19, cycles=2)


@given(st.lists(st.integers(1, 10_000), min_size=2, max_size=30, unique=True), st.integers())
def test_the_draw_gives_each_player_one_number_the_same_for_a_seed(ids, seed):
    drawn = draw_numbers(ids, seed)
    assert sorted(drawn.values()) == list(range(1, len(ids) + 1))
    assert draw_numbers(ids, seed) == drawn
