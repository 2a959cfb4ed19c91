"""Readers for the shared tiebreak data files (test-only formats)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.shared_data import CHESS_TIEBREAKS
from tiebreaks.methods.table import Kind, Player, ResultsTable, RoundResult, Scoring

DATA = CHESS_TIEBREAKS

# The FIDE tie-break exercise (tec.fide.com, 18 Mar 2024; IA Mario Held,
# "Exercises in Tie-Breaking", C.07-2023): its players' ratings are 2200 for
# player 1 down to 1450 for player 16 in steps of 50.
EXERCISE_RATING = {pid: 2250 - 50 * pid for pid in range(1, 17)}

_EXERCISE_CELL = re.compile(r"^([+=\-])([WBF]?)(\d+|BYE)?$|^--$")


def load_fide_exercise(path: Path = DATA / "fide-tiebreak-exercise-2024.csv") -> ResultsTable:
    return parse_exercise(path.read_text(), ratings=EXERCISE_RATING)


def parse_exercise(text: str, *, ratings: dict[int, int] | None = None) -> ResultsTable:
    """`#,1,2,...` rows; cells "+W9" (win with white v 9), "=BYE" (half-point bye),
    "+BYE" (PAB), "+F14"/"-F11" (forfeit win/loss), "--" (zero-point bye).
    Cells may be separated by commas or spaces."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    rows = [ln.replace(",", " ").split() for ln in lines]
    ids = [int(r[0]) for r in rows]
    index = {pid: k for k, pid in enumerate(ids)}
    scoring = Scoring()
    table_rows = []
    for row in rows:
        results = []
        for cell in row[1:]:
            cell = cell.strip()
            if cell == "--":
                results.append(RoundResult(Kind.ZERO_BYE, 0.0))
                continue
            match = _EXERCISE_CELL.match(cell)
            assert match, f"bad cell {cell!r}"
            sign, colour, opp = match.group(1), match.group(2), match.group(3)
            if opp == "BYE":
                kind = Kind.PAB if sign == "+" else Kind.HALF_BYE
                results.append(RoundResult(kind, scoring.points_for(kind)))
            elif colour == "F":
                kind = Kind.FORFEIT_WIN if sign == "+" else Kind.FORFEIT_LOSS
                results.append(RoundResult(kind, scoring.points_for(kind), index[int(opp)]))
            else:
                kind = {"+": Kind.WIN, "=": Kind.DRAW, "-": Kind.LOSS}[sign]
                results.append(
                    RoundResult(kind, scoring.points_for(kind), index[int(opp)], colour.lower())
                )
        table_rows.append(results)
    ratings = ratings or {}
    players = [Player(id=pid, name=str(pid), rating=ratings.get(pid)) for pid in ids]
    return ResultsTable.build(players, table_rows, scoring=scoring)


_DRAUGHTS_CELL = re.compile(r"^(\d)/(\d+)([wb])$")


def load_sangmelima(path: Path = DATA / "sangmelima-2014-draughts.txt") -> ResultsTable:
    """The spec's game file: `nr name  pts/opp colour ... total`, 2 points a win."""
    scoring = Scoring(win=2.0, draw=1.0, loss=0.0)
    players, table_rows = [], []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        fields = line.split()
        pid, name, cells = int(fields[0]), fields[1], fields[2:-1]
        players.append(Player(id=pid, name=name))
        results = []
        for cell in cells:
            pts, opp, colour = _DRAUGHTS_CELL.match(cell).groups()
            kind = {2: Kind.WIN, 1: Kind.DRAW, 0: Kind.LOSS}[int(pts)]
            results.append(RoundResult(kind, float(pts), int(opp) - 1, colour))
        table_rows.append(results)
    return ResultsTable.build(players, table_rows, scoring=scoring)
