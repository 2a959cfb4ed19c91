"""Go ranks as integers.

Kyu ranks count down to 1k, dan ranks count up from 1d, professional ranks sit
above the amateur dan ranks:

    30k = -30, ..., 1k = -1, 1d = 0, ..., 9d = 8, 1p = 9, ..., 9p = 17

This is the numbering OpenGotha and the EGF use for amateur ranks (1d = 0);
professional ranks are placed above 9d only to keep the order total. The same
integer is the player's *grade* g in the grade-dependent coefficients.
"""

from __future__ import annotations

import math
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


def nearest_rank(text: str) -> tuple[int, bool]:
    """(rank, clamped) for a rank written like one but out of range, as
    OpenGotha reads it: "99K" is 30k, "0k" is 1k, "12d" is 9d, "15p" is 9p.
    A text that is not a rank at all still raises RankError."""
    match = _RANK.match(text or "")
    if not match:
        raise RankError(f"{text!r} is not a Go rank (expected e.g. 10k, 3d, 1p)")
    number = int(match.group(1))
    kind = match.group(2)[0].lower()
    limit = {"k": KYU_MIN, "d": DAN_MAX, "p": PRO_MAX}[kind]
    clamped = min(max(number, 1), limit)
    value = parse_rank(f"{clamped}{kind}")
    return value, clamped != number


# EGF ratings (GoR): rank g (1d = 0) stands for GoR 2100 + 100 g, and a rating
# belongs to the rank whose nominal GoR is nearest (1d is 2050 up to 2150,
# 1k 1950 up to 2050, 20k 100 up to 150). Amateur ranks only: a rating never
# makes a professional; the EGF lists GoR from -900 up.
GOR_1D = 2100
GOR_PER_RANK = 100


def rating_of_rank(rank: int) -> int:
    """The nominal EGF rating (GoR) of an amateur rank: 1d 2100, 5k 1600."""
    amateur = min(rank, DAN_MAX - 1)
    return GOR_1D + GOR_PER_RANK * amateur


def rank_from_rating(gor: float) -> int:
    """The amateur rank an EGF rating (GoR) stands for: the rank whose
    nominal GoR is nearest, ties going up (2050 is 1d, 2049 is 1k), between
    30k and 9d."""
    if not math.isfinite(gor):
        raise RankError(f"rating {gor!r} is not a number")
    rank = math.floor((gor - (GOR_1D - GOR_PER_RANK / 2)) / GOR_PER_RANK)
    return min(max(rank, LOWEST), DAN_MAX - 1)


def registration_rank(rank: str | None = None, rating: float | None = None) -> int:
    """A player's rank from what registration gave: the rank when one is
    written ("5k", "1d"), else the rank the EGF rating stands for. Raises
    RankError when neither is given or the rank is not a rank."""
    if rank is not None and rank.strip():
        return parse_rank(rank)
    if rating is None:
        raise RankError("a Go player needs a rank (e.g. 5k, 1d) or an EGF rating")
    return rank_from_rating(float(rating))
