"""Unplayed rounds under the three rule sets, on a small hand-computed section.

Four players, three rounds:
  round 1: 1 beats 2, 3 draws 4
  round 2: 1 wins by forfeit against 3, 2 beats 4
  round 3: 1 takes a half-point bye, 2 draws 3, 4 is absent
Scores: 1: 2.5, 2: 1.5, 3: 1.0, 4: 0.5.
"""

from __future__ import annotations

import numpy as np
import pytest

from tiebreaks.methods.context import Context
from tiebreaks.methods.registry import get_method
from tiebreaks.methods.table import Kind, Player, ResultsTable, RoundResult
from tiebreaks.methods.unplayed import Rules, adjusted_scores, last_available_round


def section() -> ResultsTable:
    R = RoundResult
    rows = [
        [R(Kind.WIN, 1, 1, "w"), R(Kind.FORFEIT_WIN, 1, 2), R(Kind.HALF_BYE, 0.5)],
        [R(Kind.LOSS, 0, 0, "b"), R(Kind.WIN, 1, 3, "w"), R(Kind.DRAW, 0.5, 2, "w")],
        [R(Kind.DRAW, 0.5, 3, "w"), R(Kind.FORFEIT_LOSS, 0, 0), R(Kind.DRAW, 0.5, 1, "b")],
        [R(Kind.DRAW, 0.5, 2, "b"), R(Kind.LOSS, 0, 1, "b"), R(Kind.ABSENT, 0)],
    ]
    return ResultsTable.build([Player(id=k + 1) for k in range(4)], rows)


def values(acronym: str, rules: Rules) -> list[float]:
    return get_method(acronym).values(Context(section(), rules)).tolist()


def test_scores_and_last_available_round():
    t = section()
    assert t.scores.tolist() == [2.5, 1.5, 1.0, 0.5]
    # 0-based: player 1's half-point bye and player 4's absence are voluntary
    assert last_available_round(t).tolist() == [1, 2, 2, 1]


def test_adjusted_scores():
    t = section()
    # 2024/2026: player 4's absence follows his last available round: a draw.
    assert adjusted_scores(t, Rules.FIDE_2024).tolist() == [2.5, 1.5, 1.0, 1.0]
    assert adjusted_scores(t, Rules.FIDE_2026).tolist() == [2.5, 1.5, 1.0, 1.0]
    # legacy: every unplayed round is a draw (player 1's forfeit win too)
    assert adjusted_scores(t, Rules.LEGACY).tolist() == [2.0, 1.5, 1.5, 1.0]


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # 1: 1.5 + dummy 2.5 (forfeit) + dummy 2.5 (bye); 3: 1.0 + dummy 1.0 + 1.5
        (Rules.FIDE_2024, [6.5, 4.5, 3.5, 3.0]),
        # 1: forfeit dummy capped at opponent 3's 1.0, bye dummy at 0.5 x 3 rounds
        (Rules.FIDE_2026, [4.0, 4.5, 3.5, 3.0]),
        # virtual opponents: 1 r2: 1 + 0 + 0.5 = 1.5, r3: 2 + 0.5 = 2.5;
        # 3 r2: 0.5 + 1 + 0.5 = 2.0; 4 r3: 0.5 + 1 = 1.5
        (Rules.LEGACY, [5.5, 4.5, 4.5, 4.5]),
    ],
)
def test_buchholz(rules, expected):
    assert values("BH", rules) == expected


def test_cut_one_takes_the_voluntary_round_first():
    # 2024: player 1's lowest value is 1.5 (player 2) but the half-point bye
    # (2.5) is voluntary and goes first; so do player 3's forfeit loss (1.0)
    # and player 4's absence (0.5). Player 2 has none: his lowest, 1.0.
    assert values("BH-C1", Rules.FIDE_2024) == [4.0, 3.5, 2.5, 2.5]
    # legacy: simply the lowest value (1: 1.5, 2: 1.0, 3: 1.0, 4: 1.5)
    assert values("BH-C1", Rules.LEGACY) == [4.0, 3.5, 3.5, 3.0]


def test_sonneborn_berger():
    # 2024, player 1: 1 x 1.5 + 1 x 2.5 (forfeit win, dummy) + 0.5 x 2.5 (bye)
    assert values("SB", Rules.FIDE_2024)[0] == 5.25
    # legacy: an unplayed round is a draw against the virtual opponent
    assert values("SB", Rules.LEGACY)[0] == 1.5 + 0.5 * 1.5 + 0.5 * 2.5


def test_sonneborn_berger_cut_compares_the_voluntary_round_with_the_lsv():
    # Player 1: least significant value is the game against 2 (score 1.5,
    # contribution 1.5); the bye contributes 1.25; the higher (1.5) is cut.
    assert values("SB-C1", Rules.FIDE_2024)[0] == 5.25 - 1.5
    # 2026: the forfeit's dummy is capped at opponent 3's 1.0 and becomes the
    # least significant value (contribution 1.0); the bye's dummy is capped at
    # 1.5 and contributes 0.75. The higher of the two, 1.0, is cut.
    assert values("SB", Rules.FIDE_2026)[0] == 1.5 + 1.0 + 0.75
    assert values("SB-C1", Rules.FIDE_2026)[0] == 1.5 + 0.75


def test_median_cuts_both_ends():
    bh = np.array(values("BH", Rules.FIDE_2024))
    m1 = np.array(values("BH-M1", Rules.FIDE_2024))
    # player 2: opponents 2.5, 1.0, 1.0 -> keep 1.0
    assert m1[1] == 1.0
    assert np.all(m1 <= bh)


def test_fore_buchholz_treats_the_last_round_as_drawn():
    # FB, player 2: opponents' scores with their round-3 game drawn:
    # 1 had a bye in round 3 (kept): 2.5; 4: 0.5 + absent-as-draw 0.5 = 1.0;
    # 3 drew in round 3 already: 1.0
    assert values("FB", Rules.FIDE_2024)[1] == 2.5 + 1.0 + 1.0


def test_counts():
    assert values("WIN", Rules.FIDE_2024) == [2, 1, 0, 0]
    assert values("WON", Rules.FIDE_2024) == [1, 1, 0, 0]
    assert values("BPG", Rules.FIDE_2024) == [0, 1, 1, 2]
    assert values("BWG", Rules.FIDE_2024) == [0, 0, 0, 0]
    assert values("REP", Rules.FIDE_2024) == [2, 3, 2, 2]
    assert values("PS", Rules.FIDE_2024) == [1 + 2 + 2.5, 0 + 1 + 1.5, 0.5 + 0.5 + 1, 0.5 * 3]
    assert values("PS-C1", Rules.FIDE_2024) == [4.5, 2.5, 1.5, 1.0]


def test_rules_parse():
    assert Rules.parse("2026") is Rules.FIDE_2026
    assert Rules.parse("Legacy") is Rules.LEGACY
    assert Rules.parse("C.02") is Rules.LEGACY
    with pytest.raises(ValueError, match="2024, 2026 or legacy"):
        Rules.parse("1999")
