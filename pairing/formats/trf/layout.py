"""Column layout of TRF player lines (1-based columns, as FIDE's TRF text gives them).

001 NNNN SXXX name(33)                          RRRR FED fide-id(11) birth(10) PPPP RRRR
round r: columns 92 + 10(r-1) .. +7: opponent (4), blank, colour, blank, result
"""

from __future__ import annotations

import re
from fractions import Fraction

_DECIMAL = re.compile(r"-?\d+(\.\d+)?")

PLAYER_TAG = "001"
ID = (5, 8)
SEX = (10, 10)
TITLE = (11, 13)
NAME = (15, 47)
RATING = (49, 52)
FEDERATION = (54, 56)
FIDE_ID = (58, 68)
BIRTH = (70, 79)
POINTS = (81, 84)
RANK = (86, 89)
FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10


def field(line: str, span: tuple[int, int]) -> str:
    """The raw text of a 1-based inclusive column span (padded if the line is short)."""
    start, stop = span
    return line[start - 1 : stop].ljust(stop - start + 1)


def round_column(round_number: int) -> int:
    return FIRST_ROUND_COLUMN + ROUND_WIDTH * (round_number - 1)


def format_points(value: Fraction) -> str:
    """Points as TRF writes them: "4.5", "10.0"; raises ValueError if not representable."""
    value = Fraction(value)
    for decimals in (1, 2):
        scaled = value * 10**decimals
        if scaled.denominator == 1:
            text = f"{float(value):.{decimals}f}"
            if len(text) <= 4:
                return text
    raise ValueError(f"{value} points cannot be written in four columns")


def parse_points(text: str) -> Fraction | None:
    """ "4.5" -> 9/2; None if the text is not a number."""
    text = text.strip()
    if not _DECIMAL.fullmatch(text):
        return None
    whole, _, decimals = text.partition(".")
    return Fraction(int(whole + decimals), 10 ** len(decimals))
