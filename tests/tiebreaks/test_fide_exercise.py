"""FIDE's tie-break exercise (16 players, 5 rounds, byes and forfeits).

Source of the expected values: the exercise FIDE's Technical Commission
published on 18 March 2024 (tec.fide.com/2024/03/18/tie-break-exercise/),
IA Mario Held, "Exercises in Tie-Breaking", Rev. 2403220900 / C.07-2023.
The published answers are pinned in the public tests of two implementations,
from which they were read: OttoMilvang/TieBreakServer
(tests/test_fide_held_individual_exercises.py: exercises 1-33, and the
values under the rules revised for 1 March 2026) and marceljuenemann/tiebreak
(src/__tests__/tiebreak.test.ts: the BH and BH-C1 exercises 1-8). Every value
below is computed here from the rules, then compared.
"""

from __future__ import annotations

import math

import pytest

from tests.tiebreaks.loaders import load_fide_exercise, parse_exercise
from tiebreaks.methods.context import Context
from tiebreaks.methods.registry import get_method
from tiebreaks.methods.standings import standings
from tiebreaks.methods.unplayed import Rules, adjusted_scores

# Published answers (2024 text). "-" means no value (ARO-C1 of a player with one game).
PUBLISHED_2024 = """
id  BH    BH-C1 FB    SB    SB-C1 AOB    ARO  ARO-C1 TPR  WIN WON BPG BWG REP PS   PS-C1
1   12.5  11.0  13.5  8.00  7.25  12.60  1820 1900   1969 2   2   2   1   5   11.0 10.0
2   13.0  12.0  13.5  9.50  8.50  13.60  1880 1988   2120 3   3   3   1   5   13.0 12.0
3   15.5  13.0  15.0  10.50 9.25  13.40  1940 2000   2089 2   2   2   1   5   11.0 10.5
4   15.0  11.5  15.5  9.75  8.00  13.38  1888 1983   2081 2   2   2   1   4   11.5 10.5
5   8.5   7.5   10.0  4.25  3.25  13.40  1690 1738   1690 2   2   2   0   5   5.0  5.0
6   12.0  11.0  12.0  6.50  5.50  13.25  1813 1900   1813 3   2   2   1   5   6.0  6.0
7   14.5  12.5  13.5  3.25  1.25  11.90  1760 1838   1611 1   1   3   0   5   6.0  5.0
8   13.5  12.0  12.5  5.25  3.75  13.00  1730 1800   1730 2   2   2   0   5   8.5  8.0
9   9.0   7.5   9.5   2.25  2.25  12.75  1975 2200   1175 1   0   1   0   3   2.5  2.5
10  13.0  11.5  12.5  1.50  0.00  10.90  1880 1975   1640 1   1   3   1   5   4.0  4.0
11  13.5  12.0  12.5  5.75  4.25  12.75  1863 2000   1776 2   1   2   0   5   5.5  5.0
12  11.5  9.5   11.5  4.00  4.00  15.00  2050 -      1250 2   0   0   0   3   7.0  7.0
13  14.0  12.0  13.5  4.25  4.25  12.10  1930 2025   1781 1   1   3   1   5   7.0  6.0
14  11.0  9.0   10.5  4.50  3.00  13.17  1800 1900   1925 2   2   2   1   3   6.0  5.0
15  12.0  11.0  12.0  3.50  2.50  12.20  1860 1963   1788 2   2   3   1   5   7.0  7.0
16  12.5  11.0  13.5  7.25  5.75  13.30  1820 1900   1969 3   3   2   1   5   10.5 10.0
"""

# Published answers for single players (exercises 21 and 22).
PUBLISHED_APRO = {1: 1789, 3: 1904, 4: 1772, 16: 1805}
PUBLISHED_PTP = {3: 2112}

# Under the March 2026 revision only these values change (the capped dummy).
PUBLISHED_2026_CHANGES = {
    "BH": {4: 14.0, 11: 12.5},
    "BH-C1": {11: 11.0},
    "FB": {4: 14.5, 11: 12.0, 12: 11.0},
    "SB": {4: 9.25, 6: 6.00, 11: 4.75},
    "SB-C1": {4: 7.75, 6: 5.00, 11: 3.25},
    "AOB": {
        1: 12.40, 3: 12.90, 5: 13.20, 7: 11.70, 8: 12.90,
        10: 10.80, 12: 14.00, 13: 11.90, 14: 13.00, 16: 13.10,
    },
}  # fmt: skip
# Players whose 2026 values those exercises pin (exercises 3, 4, 5, 9-13).
PINNED_2026 = {
    "BH": {5, 8, 11, 1, 3, 4, 16},
    "BH-C1": {5, 8, 11},
    "FB": set(range(1, 17)),
    "SB": set(range(1, 17)),
    "SB-C1": set(range(1, 17)),
    "AOB": set(range(1, 17)),
}

# Adjusted scores (C.07 §16.3, seen by opponents), computed by hand from the
# rules: player 12's zero-point byes in rounds 4 and 5 follow his last round
# available to play (round 3), so they count as draws: 2.0 -> 3.0. Every other
# unplayed round is followed by an available round (4, 9, 14). The published
# BH of player 4 (15.0 = 3.0 + 1.5 + 3.5 + 3.5 + 3.5) contains this 3.0.
ADJUSTED = {pid: s for pid, s in [(1, 3.5), (2, 4.0), (3, 3.5), (4, 3.5), (5, 2.5), (6, 3.0),
            (7, 1.5), (8, 2.5), (9, 1.5), (10, 1.0), (11, 2.5), (12, 3.0), (13, 1.5),
            (14, 2.0), (15, 2.0), (16, 3.5)]}  # fmt: skip


def _published() -> dict[str, dict[int, float | None]]:
    lines = [ln.split() for ln in PUBLISHED_2024.strip().splitlines()]
    header, rows = lines[0], lines[1:]
    table: dict[str, dict[int, float | None]] = {name: {} for name in header[1:]}
    for row in rows:
        pid = int(row[0])
        for name, cell in zip(header[1:], row[1:], strict=True):
            table[name][pid] = None if cell == "-" else float(cell)
    return table


@pytest.fixture(scope="module")
def table():
    return load_fide_exercise()


def _values(table, acronym: str, rules: Rules) -> dict[int, float]:
    values = get_method(acronym).values(Context(table, rules))
    return {p.id: float(v) for p, v in zip(table.players, values, strict=True)}


@pytest.mark.parametrize("acronym", list(_published()))
def test_every_published_2024_value(table, acronym):
    expected = _published()[acronym]
    got = _values(table, acronym, Rules.FIDE_2024)
    mismatches = {
        pid: (want, got[pid])
        for pid, want in expected.items()
        if not (math.isnan(got[pid]) if want is None else abs(got[pid] - want) < 1e-9)
    }
    assert mismatches == {}
    assert len(expected) == 16


def test_adjusted_scores(table):
    got = adjusted_scores(table, Rules.FIDE_2024)
    assert {p.id: float(v) for p, v in zip(table.players, got, strict=True)} == ADJUSTED
    raw = {p.id: float(v) for p, v in zip(table.players, table.scores, strict=True)}
    assert {pid for pid in raw if raw[pid] != ADJUSTED[pid]} == {12}


def test_apro_and_ptp_exercises(table):
    apro = _values(table, "APRO", Rules.FIDE_2024)
    ptp = _values(table, "PTP", Rules.FIDE_2024)
    assert {pid: apro[pid] for pid in PUBLISHED_APRO} == PUBLISHED_APRO
    assert {pid: ptp[pid] for pid in PUBLISHED_PTP} == PUBLISHED_PTP


@pytest.mark.parametrize("acronym", list(PUBLISHED_2026_CHANGES))
def test_march_2026_revision(table, acronym):
    before = _values(table, acronym, Rules.FIDE_2024)
    after = _values(table, acronym, Rules.FIDE_2026)
    changes = PUBLISHED_2026_CHANGES[acronym]
    for pid in PINNED_2026[acronym]:
        assert after[pid] == pytest.approx(changes.get(pid, before[pid])), pid


def test_direct_encounter_exercises_23_and_24(table):
    rows = standings(table, tiebreaks=["DE"]).rows
    place = {row.id: row.place for row in rows}
    assert {pid: place[pid] for pid in (1, 3, 4, 16)} == {1: 2, 3: 2, 4: 2, 16: 2}
    assert {pid: place[pid] for pid in (5, 8, 11)} == {5: 7, 8: 7, 11: 7}


# Exercise 25: the same event after 9 rounds (Held's second Swiss file).
SWISS_9 = """
1  +W9  =B13 =W2  +B15 =W4  =B6  =B3  =W16 +B8
2  +B10 +W7  =B1  +W16 +B3  =W4  -W6  =B15 =W5
3  =W11 +B6  +W8  =B4  -W2  +B16 =W1  +W14 +B10
4  +B12 =BYE +W13 =W3  =B1  =B2  =W16 =B6  +W15
5  -W13 -B15 +W11 =B7  +W10 -B14 +B9  -W8  =B2
6  -B14 -W3  +BYE +W10 +B8  =W1  +B2  =W4  +B16
7  +W15 -B2  -B16 =W5  -B11 -B10 +W13 +W9  +B14
8  =B16 +W14 -B3  +W13 -W6  =B11 =W15 +B5  -W1
9  -B1  -W10 =BYE -F11 +BYE +B13 -W5  -B7  =W12
10 -W2  +B9  -W15 -B6  -B5  +W7  +B12 +W11 -W3
11 =B3  -W16 -B5  +F9  +W7  =W8  -B14 -B10 =W13
12 -W4  +BYE +F14 --   --   -B15 -W10 =B13 =B9
13 +B5  =W1  -B4  -B8  -W14 -W9  -B7  =W12 =B11
14 +W6  -B8  -F12 --   +B13 +W5  +W11 -B3  -W7
15 -B7  +W5  +B10 -W1  -B16 +W12 =B8  =W2  -B4
16 =W8  +B11 +W7  -B2  +W15 -W3  =B4  =B1  -W6
"""
PUBLISHED_DE_9 = {1: 3, 2: 5, 3: 1, 4: 3, 5: 9, 6: 2, 7: 6, 8: 6, 9: 14, 10: 9, 11: 13,
                  12: 14, 13: 16, 14: 9, 15: 9, 16: 6}  # fmt: skip


def test_direct_encounter_exercise_25():
    rows = standings(parse_exercise(SWISS_9), tiebreaks=["DE"]).rows
    assert {row.id: row.place for row in rows} == PUBLISHED_DE_9


# Exercises 14-16 and 26: a six-player round robin (forfeit in round 4).
ROUND_ROBIN = """
1 =W5 +W2 +B3 -W4 +B6
2 +W6 -B1 +W5 =W3 +B4
3 +W4 +B6 -W1 =B2 +W5
4 -B3 -B5 =W6 +B1 -W2
5 =B1 +W4 -B2 -F6 -B3
6 -B2 -W3 =B4 +F5 -W1
"""


@pytest.mark.parametrize(
    ("acronym", "expected"),
    [
        ("SB", {1: 9.25, 2: 6.25, 3: 6.25, 4: 4.25, 5: 3.25, 6: 2.25}),
        ("SB-C1", {1: 9.25, 2: 4.75, 3: 4.75, 4: 4.25, 5: 3.25, 6: 1.50}),
        ("KS", {1: 2.0, 2: 0.5, 3: 0.5, 4: 1.0, 5: 0.5, 6: 0.0}),
    ],
)
def test_round_robin_exercises(acronym, expected):
    rr = parse_exercise(ROUND_ROBIN)
    ctx = Context(rr, Rules.FIDE_2024, round_robin=True)
    values = get_method(acronym).values(ctx)
    assert {p.id: float(v) for p, v in zip(rr.players, values, strict=True)} == expected


def test_round_robin_direct_encounter_exercise_26():
    rr = parse_exercise(ROUND_ROBIN)
    rows = standings(rr, tiebreaks=["DE"], round_robin=True).rows
    assert {row.id: row.place for row in rows} == {1: 1, 2: 2, 3: 2, 4: 6, 5: 5, 6: 4}


def test_exercise_scores_match_the_published_points(table):
    published = {2: 4.0, 1: 3.5, 3: 3.5, 4: 3.5, 16: 3.5, 6: 3.0, 5: 2.5, 8: 2.5, 11: 2.5,
                 12: 2.0, 14: 2.0, 15: 2.0, 7: 1.5, 9: 1.5, 13: 1.5, 10: 1.0}  # fmt: skip
    assert {p.id: float(s) for p, s in zip(table.players, table.scores, strict=True)} == published
    assert table.rounds_completed == 5
