"""Colours: colour difference, the colour due, the limits, and who gets white.

The history facts (cd, colour due, limits) are in `pairing.engine.colour_history`.

Allocation for a pair, in order (one rule decides):
1. "forced": only one of the two assignments keeps both players within the
   limits (it must be taken, even against rule 2);
2. "colour-difference": the lower colour difference gets white;
3. "alternation": equal differences: go back to the most recent round in which
   one had white and the other black, and both alternate from it;
4. "rank": no such round (identical histories, or differing only where one
   did not play): the higher-ranked player gets the colour due (if only the
   lower-ranked one has a colour due, they get it);
5. "initial": nobody has a colour due (first round, newcomers): the
   higher-ranked player gets the initial colour on odd boards and the other
   colour on even boards.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.colour_history import (
    COLOUR_NAME,
    OTHER,
    cd_text,
    colour_difference,
    colour_streak,
    due_colour,
)
from pairing.engine.swiss.request import SwissPlayer


def assignment_problem(white: SwissPlayer, black: SwissPlayer, *, limit: int) -> str | None:
    """Why giving white to `white` and black to `black` breaks a colour limit, or None."""
    if colour_streak(white.colours) == 1:
        return f"{white.label} would have white a third time running"
    if colour_streak(black.colours) == -1:
        return f"{black.label} would have black a third time running"
    cd_w = colour_difference(white.colours) + 1
    if cd_w > limit:
        return f"{white.label} would reach a colour difference of {cd_text(cd_w)}"
    cd_b = colour_difference(black.colours) - 1
    if cd_b < -limit:
        return f"{black.label} would reach a colour difference of {cd_text(cd_b)}"
    return None


@dataclass(frozen=True, slots=True)
class ColourDecision:
    white: SwissPlayer
    black: SwissPlayer
    rule: str
    sentence: str


def _last_opposite_round(a: tuple[str, ...], b: tuple[str, ...]) -> int | None:
    """Most recent round index where one had white and the other black."""
    for r in range(min(len(a), len(b)) - 1, -1, -1):
        if {a[r], b[r]} == {"w", "b"}:
            return r
    return None


def allocate_colours(
    higher: SwissPlayer, lower: SwissPlayer, *, board: int, initial_colour: str, limit: int
) -> ColourDecision:
    """Decide colours for a pair; `higher` is the higher-ranked player."""
    problem_hw = assignment_problem(higher, lower, limit=limit)
    problem_lw = assignment_problem(lower, higher, limit=limit)
    if (problem_hw is None) != (problem_lw is None):
        if problem_hw is None:
            return ColourDecision(higher, lower, "forced", f"the other way round {problem_lw}")
        return ColourDecision(lower, higher, "forced", f"the other way round {problem_hw}")

    cd_h, cd_l = colour_difference(higher.colours), colour_difference(lower.colours)
    if cd_h != cd_l:
        white, black = (higher, lower) if cd_h < cd_l else (lower, higher)
        low, high = min(cd_h, cd_l), max(cd_h, cd_l)
        return ColourDecision(
            white,
            black,
            "colour-difference",
            f"{white.label} has the lower colour difference "
            f"({cd_text(low)} against {cd_text(high)})",
        )

    r = _last_opposite_round(higher.colours, lower.colours)
    if r is not None:
        white, black = (lower, higher) if higher.colours[r] == "w" else (higher, lower)
        return ColourDecision(
            white,
            black,
            "alternation",
            f"equal colour differences; in round {r + 1} {white.label} had black "
            f"and {black.label} white, so both alternate",
        )

    due_h, due_l = due_colour(higher.colours), due_colour(lower.colours)
    if due_h is not None:
        white, black = (higher, lower) if due_h == "w" else (lower, higher)
        return ColourDecision(
            white,
            black,
            "rank",
            f"equal colour differences and no round in which one had white and the other "
            f"black; the higher-ranked {higher.label} gets the colour due "
            f"({COLOUR_NAME[due_h]})",
        )
    if due_l is not None:
        white, black = (lower, higher) if due_l == "w" else (higher, lower)
        return ColourDecision(
            white,
            black,
            "rank",
            f"{lower.label} alone has a colour due ({COLOUR_NAME[due_l]})",
        )

    colour = initial_colour if board % 2 == 1 else OTHER[initial_colour]
    white, black = (higher, lower) if colour == "w" else (lower, higher)
    return ColourDecision(
        white,
        black,
        "initial",
        f"no colour history; on board {board} the higher-ranked player takes "
        f"{COLOUR_NAME[colour]} (board 1: {COLOUR_NAME[initial_colour]}, then alternating)",
    )
