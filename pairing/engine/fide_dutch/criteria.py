"""Which quality criteria of C.04.3 C one board bears on, for its explanation.

    codes = pair_criteria(a, b, layout)        # ("C.6", "C.7", "C.12")
    parts = criteria_part(codes, ["D.1"])       # ["fide-criteria", {...}]

The criteria are those of the rules in force since 1 July 2025, by their numbers:

- C.6 and C.7: the pair is a float (the two scores differ): the higher player is a
  downfloater, and the rules keep the downfloaters as few (C.6) and their scores as
  low (C.7) as they can;
- C.10 to C.13: the pair fails that colour criterion (`weights.colour_terms`):
  a topscorer or a topscorer's opponent beyond a colour difference of 2 (C.10) or
  with the same colour three times running (C.11), both only when the last round is
  paired and one of the two is a topscorer (A.7); a colour preference not met (C.12);
  a strong colour preference not met (C.13);
- C.14 to C.17: in a float, the higher player floats down again as in the previous
  round (C.14) or two rounds before (C.16), the lower player up again as in the
  previous round (C.15) or two rounds before (C.17);
- C.18 to C.21: the score differences of those repeated floats (C.18 with C.14,
  C.19 with C.15, C.20 with C.16, C.21 with C.17).

A pair that bears on none of them is an in-group pair that meets every colour and
float criterion. The bracket's procedure step that chose the pair (B.3: a moved-down
player paired; D.1: a transposition; D.2: an exchange) can be added to the part.
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.explanation_parts import Part, part
from pairing.engine.fide_dutch.players import Entrant
from pairing.engine.fide_dutch.weights import Layout, colour_terms

# Every criterion a board can name, in the rules' order, with its explanation part.
CRITERIA = {
    "C.6": "fide-c6",
    "C.7": "fide-c7",
    "C.10": "fide-c10",
    "C.11": "fide-c11",
    "C.12": "fide-c12",
    "C.13": "fide-c13",
    "C.14": "fide-c14",
    "C.15": "fide-c15",
    "C.16": "fide-c16",
    "C.17": "fide-c17",
    "C.18": "fide-c18",
    "C.19": "fide-c19",
    "C.20": "fide-c20",
    "C.21": "fide-c21",
}
# The procedure step that chose an opponent, with its explanation part.
STEPS = {"B.3": "fide-step-b3", "D.1": "fide-step-d1", "D.2": "fide-step-d2"}


def topscorer(e: Entrant, layout: Layout) -> bool:
    """A.7: more than half the maximum possible score, when the last round is paired."""
    return layout.last_round_rule and e.score > layout.top_threshold


def pair_criteria(a: Entrant, b: Entrant, layout: Layout) -> tuple[str, ...]:
    """The quality criteria of C.04.3 C the pair a-b bears on, as codes ("C.6",
    "C.12", ...) in the rules' order; empty when it meets every colour and float
    criterion."""
    found: set[str] = set()
    if a.score != b.score:
        found.update(("C.6", "C.7"))
        high, low = (a, b) if a.score > b.score else (b, a)
        rounds = layout.rounds_before
        if rounds >= 1 and high.float1 == "down":
            found.update(("C.14", "C.18"))
        if rounds >= 1 and low.float1 == "up":
            found.update(("C.15", "C.19"))
        if rounds >= 2 and high.float2 == "down":
            found.update(("C.16", "C.20"))
        if rounds >= 2 and low.float2 == "up":
            found.update(("C.17", "C.21"))
    c10, c11, c12, c13 = colour_terms(a, b)
    tops = topscorer(a, layout) or topscorer(b, layout)
    if tops and not c10:
        found.add("C.10")
    if tops and not c11:
        found.add("C.11")
    if not c12:
        found.add("C.12")
    if not c13:
        found.add("C.13")
    return tuple(code for code in CRITERIA if code in found)


def criteria_part(codes: Iterable[str], steps: Iterable[str] = ()) -> Part:
    """The board's criteria as one part: each criterion the pair bears on (or that it
    meets them all), then the procedure steps that chose it, if known."""
    items = [part(CRITERIA[code]) for code in codes] or [part("fide-criteria-met")]
    for step in dict.fromkeys(steps):
        items.append(part(STEPS[step]) if step in STEPS else part("fide-step", step=step))
    return part("fide-criteria", items=part("semicolons", items=items))
