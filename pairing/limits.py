"""What a section can hold, in one place for the file readers and the database.

The Django models use these same numbers for their validators, so a file that a
reader accepts can always be stored, and a value the forms refuse is refused by the
readers too (with the line and column)."""

from __future__ import annotations

import re
from fractions import Fraction

MAX_ROUNDS = 99  # rounds of one section
MAX_PLAYERS = 9999  # pairing numbers have four digits in a TRF
MAX_NAME = 120  # characters of a player's name
MIN_POINTS = Fraction(0)  # points for one result (scoring systems)
MAX_POINTS = Fraction(9999, 10)  # stored with four digits, one of them a decimal
POINTS_STEP = Fraction(1, 10)  # points are stored to one decimal
MIN_RATING, MAX_RATING = -3000, 4000


def points_problem(value: Fraction) -> str | None:
    """Why `value` cannot be the points of one result, or None when it can."""
    if not MIN_POINTS <= value <= MAX_POINTS:
        return f"must be between {MIN_POINTS} and {float(MAX_POINTS)}"
    if (value / POINTS_STEP).denominator != 1:
        return "may have one decimal at most"
    return None


_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # tab (\x09) excepted


def control_character(text: str) -> int | None:
    """The 0-based position of the first control character (tab excepted), or None."""
    found = _CONTROL.search(text)
    return found.start() if found else None
