"""chess-results crosstables reproduced under the legacy (C.02, 2020) rules.

World Blitz 2021 Open (179 players, 21 rounds): TB1 Buchholz Cut-1, TB2
Buchholz, TB3 average rating of opponents Cut-1. Moscow Open 2018 A (220
players, 9 rounds): TB1 Buchholz, TB2 Buchholz Cut-1, TB4 Sonneborn-Berger.
The conventions are those spec/NOTES.md section 4 lists.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.tiebreaks.loaders import DATA
from tiebreaks.methods.chessresults import CrosstableError, parse_crosstable, read_crosstable
from tiebreaks.methods.context import Context
from tiebreaks.methods.registry import get_method
from tiebreaks.methods.table import Kind
from tiebreaks.methods.unplayed import Rules

CASES = [
    ("world-blitz-2021-open.csv", "TB1", "BH-C1", 179),
    ("world-blitz-2021-open.csv", "TB2", "BH", 179),
    ("world-blitz-2021-open.csv", "TB3", "AROC1", 179),
    ("moscow-open-2018-a.csv", "TB1", "BH", 220),
    ("moscow-open-2018-a.csv", "TB2", "BH-C1", 220),
    ("moscow-open-2018-a.csv", "TB4", "SB", 220),
]


@pytest.fixture(scope="module")
def crosstables():
    return {name: read_crosstable(DATA / name) for name in {c[0] for c in CASES}}


def _matches(crosstable, column: str, acronym: str, rules: Rules) -> int:
    values = get_method(acronym).values(Context(crosstable.table, rules))
    published = np.array(crosstable.tiebreaks[column], dtype=float)
    return int(np.sum(np.abs(values - published) < 1e-9))


@pytest.mark.parametrize(("name", "column", "acronym", "players"), CASES)
def test_every_published_value_under_the_legacy_rule(crosstables, name, column, acronym, players):
    crosstable = crosstables[name]
    assert crosstable.table.n == players
    assert _matches(crosstable, column, acronym, Rules.LEGACY) == players


def test_the_points_column_matches(crosstables):
    for crosstable in crosstables.values():
        np.testing.assert_allclose(crosstable.table.scores, crosstable.points)


def test_the_unplayed_rounds_decide(crosstables):
    # Under the 2024 rules several Buchholz values differ: the rule choice matters.
    blitz = crosstables["world-blitz-2021-open.csv"]
    assert _matches(blitz, "TB2", "BH", Rules.FIDE_2024) < 179


def test_cells_are_read_as_chess_results_writes_them():
    text = "\n".join(
        [
            "Rk.;;Name;Rtg;FED;1.Rd;2.Rd;3.Rd;Pts.;TB1",
            "1;GM;A;2500;NOR;2w1;3b+;-1;3;1,5",
            "2;;B;2400;SWE;1b0;-½;3w½;1;2",
            "3;;C;0;DEN;0;1w-;2b½;0,5;0",
        ]
    )
    crosstable = parse_crosstable(text)
    t = crosstable.table
    kinds = [[t.result(i, r).kind for r in range(3)] for i in range(3)]
    assert kinds == [
        [Kind.WIN, Kind.FORFEIT_WIN, Kind.PAB],
        [Kind.LOSS, Kind.HALF_BYE, Kind.DRAW],
        [Kind.ABSENT, Kind.FORFEIT_LOSS, Kind.DRAW],
    ]
    assert t.players[2].rating is None
    assert crosstable.tiebreaks["TB1"] == (1.5, 2.0, 0.0)


def test_a_bad_cell_names_the_line_and_round():
    text = "Rk.;;Name;Rtg;FED;1.Rd;Pts.\n1;;A;0;NOR;2x1;1\n2;;B;0;NOR;1b0;0"
    with pytest.raises(CrosstableError, match=r"line 2, round 1"):
        parse_crosstable(text)
