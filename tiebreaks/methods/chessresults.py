"""Reader for chess-results.com crosstables exported as CSV ("Final Ranking crosstable").

Rows are `Rk.;title;Name;Rtg;FED;1.Rd;...;Pts.;TB1;TB2;...`; opponents are
given by their rank in the same table. Cells: `168w1`, `138b½`, `22w½`
(played), `81w-` / `4b+` (forfeit loss / win), `-1` (bye worth a win:
taken as the pairing-allocated bye), `-½` (half-point bye), `-0` (zero-point
bye), `0` or empty (not paired). Decimal commas are accepted. The published
tiebreak columns are returned alongside the table so they can be compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tiebreaks.methods.table import Kind, Player, ResultsTable, RoundResult, Scoring


class CrosstableError(ValueError):
    """A crosstable line that cannot be read (the message names the line)."""


@dataclass(frozen=True)
class Crosstable:
    table: ResultsTable
    points: tuple[float, ...]  # the published points column
    tiebreaks: dict[str, tuple[float | None, ...]]  # "TB1" -> one value per row
    annotations: tuple[str, ...]  # "# Tie Break1: ..." lines


_GAME = re.compile(r"^(\d+)([wb-])([10½=+\-])$")
_RESULT = {
    "1": (Kind.WIN, 1.0),
    "½": (Kind.DRAW, 0.5),
    "=": (Kind.DRAW, 0.5),
    "0": (Kind.LOSS, 0.0),
    "+": (Kind.FORFEIT_WIN, 1.0),
    "-": (Kind.FORFEIT_LOSS, 0.0),
}
_BYES = {"-1": (Kind.PAB, 1.0), "-½": (Kind.HALF_BYE, 0.5), "-0": (Kind.ZERO_BYE, 0.0)}


def _number(text: str) -> float | None:
    text = text.strip().replace(",", ".").replace("½", ".5")
    if not text:
        return None
    if text.startswith("."):
        text = "0" + text
    return float(text)


def read_crosstable(path: str | Path) -> Crosstable:
    return parse_crosstable(Path(path).read_text(encoding="utf-8-sig"))


def parse_crosstable(text: str) -> Crosstable:
    lines = text.splitlines()
    header_at = next(
        (k for k, ln in enumerate(lines) if ln.split(";")[0].strip().startswith("Rk")), None
    )
    if header_at is None:
        raise CrosstableError("no header line starting with 'Rk.' found")
    header = [h.strip() for h in lines[header_at].split(";")]
    round_cols = [k for k, h in enumerate(header) if re.fullmatch(r"\d+\.Rd", h)]
    if not round_cols:
        raise CrosstableError(f"line {header_at + 1}: no round columns ('1.Rd', ...)")
    points_col = next((k for k, h in enumerate(header) if h.startswith("Pts")), round_cols[-1] + 1)
    tb_cols = {h: k for k, h in enumerate(header) if re.fullmatch(r"TB\d+", h)}

    raw_rows: list[tuple[int, list[str]]] = []
    annotations: list[str] = []
    for number, line in enumerate(lines[header_at + 1 :], start=header_at + 2):
        cells = line.split(";")
        first = cells[0].strip()
        if first.startswith("#"):
            annotations.append(line.strip().strip(";"))
            continue
        if not first.isdigit():
            continue
        if len(cells) <= max(round_cols[-1], points_col):
            raise CrosstableError(f"line {number}: expected {len(header)} fields")
        raw_rows.append((number, cells))

    ranks = [int(cells[0]) for _, cells in raw_rows]
    index = {rank: k for k, rank in enumerate(ranks)}
    if len(index) != len(ranks):
        raise CrosstableError("a rank appears twice")
    players, rows, points = [], [], []
    tiebreaks: dict[str, list[float | None]] = {name: [] for name in tb_cols}
    for number, cells in raw_rows:
        rating = _number(cells[3]) if len(cells) > 3 else None
        players.append(
            Player(
                id=int(cells[0]),
                name=cells[2].strip(),
                rating=int(rating) if rating else None,
            )
        )
        rows.append([_cell(cells[k], index, number, r + 1) for r, k in enumerate(round_cols)])
        points.append(_number(cells[points_col]) or 0.0)
        for name, k in tb_cols.items():
            tiebreaks[name].append(_number(cells[k]) if k < len(cells) else None)
    table = ResultsTable.build(players, rows, scoring=Scoring())
    return Crosstable(
        table=table,
        points=tuple(points),
        tiebreaks={name: tuple(values) for name, values in tiebreaks.items()},
        annotations=tuple(annotations),
    )


def _cell(text: str, index: dict[int, int], line: int, round_number: int) -> RoundResult:
    cell = text.strip()
    if cell in ("", "0"):
        return RoundResult(Kind.ABSENT, 0.0)
    if cell in _BYES:
        kind, pts = _BYES[cell]
        return RoundResult(kind, pts)
    match = _GAME.match(cell)
    if not match:
        raise CrosstableError(f"line {line}, round {round_number}: cannot read {cell!r}")
    rank, colour, code = match.groups()
    if int(rank) not in index:
        raise CrosstableError(f"line {line}, round {round_number}: no player ranked {rank}")
    kind, pts = _RESULT[code]
    return RoundResult(kind, pts, index[int(rank)], colour if colour != "-" else "-")
