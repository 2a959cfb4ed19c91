"""Shaping service results for the pages: tiebreak values formatted per method, and
crosstable cells written the way arbiters read them ("12w1", "bye ½")."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from tiebreaks.methods.registry import UnknownTiebreak, get_method
from tournaments.models import Player

# Standings -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingLine:
    row: Any  # tournaments.standings.Row
    cells: tuple[str, ...]  # the tiebreak values, in column order, formatted


def _tiebreak_text(value: Any, decimals: int) -> str:
    if value is None:
        return ""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if number != number:  # NaN: the method has no value for this player
        return ""
    text = f"{number:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def standings_lines(standings: Any) -> list[StandingLine]:
    """Rows of `standings_compute` with their tiebreak values formatted per method."""
    decimals = {}
    for acronym, _ in standings.columns:
        try:
            decimals[acronym] = get_method(acronym).decimals
        except (UnknownTiebreak, KeyError):
            decimals[acronym] = 2
    return [
        StandingLine(
            row,
            tuple(
                _tiebreak_text(row.values.get(acronym), decimals[acronym])
                for acronym, _ in standings.columns
            ),
        )
        for row in standings.rows
    ]


# Crosstable ------------------------------------------------------------------------

_CODE_TEXT = {"=": "½", "-": "−", "*": "…"}
_BYE_TEXT = {"U": "bye", "F": "bye 1", "H": "bye ½", "Z": "bye 0", " ": "–"}


@dataclass(frozen=True, slots=True)
class CrosstableLine:
    player: Player
    score: Decimal
    cells: tuple[str, ...]


def crosstable_lines(rows: list, numbers: dict[int, int]) -> list[CrosstableLine]:
    """Each player's rounds as "12w1" (opponent's number, colour, result) or a bye.
    `rows` come from `selectors.crosstable`; `numbers` maps player id to pairing number."""
    lines = []
    for row in rows:
        cells = []
        for cell in row.cells:
            if cell.opponent_id is None:
                cells.append(_BYE_TEXT.get(cell.code, cell.code))
            else:
                code = _CODE_TEXT.get(cell.code, cell.code)
                cells.append(f"{numbers.get(cell.opponent_id, '?')}{cell.colour}{code}")
        lines.append(CrosstableLine(row.player, row.score, tuple(cells)))
    return lines
