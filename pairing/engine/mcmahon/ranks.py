"""Go ranks as integers.

Kyu ranks count down to 1k, dan ranks count up from 1d, professional ranks sit
above the amateur dan ranks:

    30k = -30, ..., 1k = -1, 1d = 0, ..., 9d = 8, 1p = 9, ..., 9p = 17

This is the numbering OpenGotha and the EGF use for amateur ranks (1d = 0);
professional ranks are placed above 9d only to keep the order total. The same
integer is the player's *grade* g in the grade-dependent coefficients.
"""

from __future__ import annotations

import re

KYU_MIN = 30
DAN_MAX = 9
PRO_MAX = 9
LOWEST = -KYU_MIN
HIGHEST = DAN_MAX - 1 + PRO_MAX

_RANK = re.compile(r"^\s*(\d{1,2})\s*(k|kyu|d|dan|p|pro)\s*$", re.IGNORECASE)


class RankError(ValueError):
    """A rank that is not of the form 10k, 3d or 1p."""


def parse_rank(text: str) -> int:
    """The integer for a rank such as "10K", "3d", "1p" or "5 kyu"."""
    match = _RANK.match(text or "")
    if not match:
        raise RankError(f"{text!r} is not a Go rank (expected e.g. 10k, 3d, 1p)")
    number = int(match.group(1))
    kind = match.group(2)[0].lower()
    if kind == "k":
        if not 1 <= number <= KYU_MIN:
            raise RankError(f"{text!r}: kyu ranks run from {KYU_MIN}k to 1k")
        return -number
    if kind == "d":
        if not 1 <= number <= DAN_MAX:
            raise RankError(f"{text!r}: dan ranks run from 1d to {DAN_MAX}d")
        return number - 1
    if not 1 <= number <= PRO_MAX:
        raise RankError(f"{text!r}: professional ranks run from 1p to {PRO_MAX}p")
    return DAN_MAX - 1 + number


def format_rank(value: int, *, upper: bool = False) -> str:
    """The rank text for an integer rank: -10 -> "10k", 0 -> "1d", 9 -> "1p"."""
    if not LOWEST <= value <= HIGHEST:
        raise RankError(f"rank value {value} is outside {LOWEST}..{HIGHEST}")
    if value < 0:
        text = f"{-value}k"
    elif value < DAN_MAX:
        text = f"{value + 1}d"
    else:
        text = f"{value - DAN_MAX + 1}p"
    return text.upper() if upper else text
