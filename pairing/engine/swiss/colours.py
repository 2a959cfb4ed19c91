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
    played_colours,
)
from pairing.engine.explanation_parts import Part, colour_part, part
from pairing.engine.swiss.request import SwissPlayer, SwissRequest


def initial_colour(request: SwissRequest) -> str:
    """The first-round top board's colour: from the request, or drawn from the seed."""
    if request.initial_colour is not None:
        return request.initial_colour
    import numpy as np  # only to draw it (a request usually gives it)

    rng = np.random.default_rng([request.seed % 2**64, 0])
    return "w" if rng.integers(2) == 0 else "b"


def label_value(player: SwissPlayer) -> str | Part:
    """`player.label` for the explanation parts: the name as it is, or "player 7"."""
    return player.label if player.name else part("player-number", id=player.id)


def assignment_problem_part(white: SwissPlayer, black: SwissPlayer, *, limit: int) -> Part | None:
    """`assignment_problem` as an explanation part."""
    if colour_streak(white.colours) == 1:
        return part("white-third-time", name=label_value(white))
    if colour_streak(black.colours) == -1:
        return part("black-third-time", name=label_value(black))
    cd_w = colour_difference(white.colours) + 1
    if cd_w > limit:
        return part("colour-difference-limit", name=label_value(white), cd=cd_text(cd_w))
    cd_b = colour_difference(black.colours) - 1
    if cd_b < -limit:
        return part("colour-difference-limit", name=label_value(black), cd=cd_text(cd_b))
    return None


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
    # `sentence` as an explanation part (`pairing.engine.explanation_parts`)
    sentence_part: Part | None = None


def _last_opposite_game(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, int] | None:
    """Going back through the games each actually played (a round one of them missed
    is skipped for that player alone, FIDE C.04.3 E.3), the first step where one had
    white and the other black: (the colour `a` had then, how many games back)."""
    pa, pb = played_colours(a), played_colours(b)
    for back in range(1, min(len(pa), len(pb)) + 1):
        if pa[-back] != pb[-back]:
            return pa[-back], back
    return None


def allocate_colours(
    higher: SwissPlayer, lower: SwissPlayer, *, board: int, initial_colour: str, limit: int
) -> ColourDecision:
    """Decide colours for a pair; `higher` is the higher-ranked player."""
    problem_hw = assignment_problem(higher, lower, limit=limit)
    problem_lw = assignment_problem(lower, higher, limit=limit)
    if (problem_hw is None) != (problem_lw is None):
        if problem_hw is None:
            why = assignment_problem_part(lower, higher, limit=limit)
            return ColourDecision(
                higher,
                lower,
                "forced",
                f"the other way round {problem_lw}",
                part("colour-forced", problem=why),
            )
        why = assignment_problem_part(higher, lower, limit=limit)
        return ColourDecision(
            lower,
            higher,
            "forced",
            f"the other way round {problem_hw}",
            part("colour-forced", problem=why),
        )

    due_h, due_l = due_colour(higher.colours), due_colour(lower.colours)
    if due_h is not None and due_l is not None and due_h != due_l:
        # E.1: two compatible preferences are both granted.
        white, black = (higher, lower) if due_h == "w" else (lower, higher)
        return ColourDecision(
            white,
            black,
            "preferences",
            f"both get the colour due: {white.label} white, {black.label} black",
            part("colour-preferences", white=label_value(white), black=label_value(black)),
        )
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
            part(
                "colour-difference",
                name=label_value(white),
                lower=cd_text(low),
                higher=cd_text(high),
            ),
        )

    found = _last_opposite_game(higher.colours, lower.colours)
    if found is not None:
        had, back = found
        white, black = (lower, higher) if had == "w" else (higher, lower)
        when = "in their last games" if back == 1 else f"{back} games back"
        return ColourDecision(
            white,
            black,
            "alternation",
            f"equal colour differences; {when} {white.label} had black "
            f"and {black.label} white, so both alternate",
            part("colour-alternation-last", white=label_value(white), black=label_value(black))
            if back == 1
            else part(
                "colour-alternation-back",
                n=back,
                white=label_value(white),
                black=label_value(black),
            ),
        )

    if due_h is not None:
        white, black = (higher, lower) if due_h == "w" else (lower, higher)
        return ColourDecision(
            white,
            black,
            "rank",
            f"equal colour differences and no round in which one had white and the other "
            f"black; the higher-ranked {higher.label} gets the colour due "
            f"({COLOUR_NAME[due_h]})",
            part("colour-rank", name=label_value(higher), colour=colour_part(due_h)),
        )
    if due_l is not None:
        white, black = (lower, higher) if due_l == "w" else (higher, lower)
        return ColourDecision(
            white,
            black,
            "rank",
            f"{lower.label} alone has a colour due ({COLOUR_NAME[due_l]})",
            part("colour-rank-lower", name=label_value(lower), colour=colour_part(due_l)),
        )

    colour = initial_colour if board % 2 == 1 else OTHER[initial_colour]
    white, black = (higher, lower) if colour == "w" else (lower, higher)
    return ColourDecision(
        white,
        black,
        "initial",
        f"no colour history; on board {board} the higher-ranked player takes "
        f"{COLOUR_NAME[colour]} (board 1: {COLOUR_NAME[initial_colour]}, then alternating)",
        part(
            "colour-initial",
            board=board,
            colour=colour_part(colour),
            initial=colour_part(initial_colour),
        ),
    )
