"""Colour allocation of a pair (C.04.3 E), applied in order until one decides:

E.1 both preferences granted when they are compatible (or one has none);
E.2 the stronger preference wins: an absolute one over a weaker one, and of two
    absolute ones the larger colour difference (then E.3/E.4 otherwise);
    a strong preference over a mild one;
E.3 alternate both players' colours to the latest round in which they differed;
E.4 the higher-ranked player (A.2) gets their preference;
E.5 neither has a preference: the higher-ranked player gets the initial colour
    (drawn before round 1) when their rank is odd (1st, 3rd...), the other
    colour when it is even.
"""

from __future__ import annotations

from pairing.engine.fide_dutch.players import Entrant, other
from pairing.engine.fide_dutch.weights import colours_compatible


def _latest_difference(p: Entrant, q: Entrant) -> tuple[str | None, str | None]:
    """The two players' colours in the latest round (counting each one's played
    games back from their last) in which they differed."""
    for a, b in zip(reversed(p.played), reversed(q.played), strict=False):
        if a != b:
            return a, b
    return None, None


def _ranks_higher(p: Entrant, q: Entrant) -> bool:
    return (p.score, -p.rank) > (q.score, -q.rank)


def colour_for(p: Entrant, q: Entrant, initial: str) -> tuple[str, str]:
    """(p's colour, the rule that decided it) when p meets q."""
    if colours_compatible(p.due, q.due) and (p.due or q.due):
        return (p.due or other(q.due)), "preferences"  # type: ignore[return-value]
    if not colours_compatible(p.due, q.due):
        if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
            return p.due, "forced"  # type: ignore[return-value]
        if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
            return other(q.due), "forced"  # type: ignore[return-value]
        if p.strong and not q.strong:
            return p.due, "colour-difference"  # type: ignore[return-value]
        if q.strong and not p.strong:
            return other(q.due), "colour-difference"  # type: ignore[return-value]
        mine, theirs = _latest_difference(p, q)
        if mine is not None and theirs is not None:
            return theirs, "alternation"
    if p.due is None:
        # E.5: no preference on either side.
        higher = p if _ranks_higher(p, q) else q
        top_colour = initial if higher.rank % 2 == 0 else other(initial)
        return (top_colour if higher is p else other(top_colour)), "initial"  # type: ignore[return-value]
    # E.4
    if _ranks_higher(p, q):
        return p.due, "rank"  # type: ignore[return-value]
    return other(q.due), "rank"  # type: ignore[return-value]


def white_of(low: Entrant, high: Entrant, initial: str) -> tuple[bool, str]:
    """Whether `low` (the smaller pairing number of the pair) gets white."""
    colour, rule = colour_for(low, high, initial)
    return colour == "w", rule
