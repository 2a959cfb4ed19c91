"""A player's colour history: colour difference, the colour due, the limits.

Facts used (FIDE C.04.1 and the paper's (A2)):
- colour difference cd = games with white - games with black (played games
  only; a forfeit counts for no colour);
- before the last round nobody ends a round with |cd| above the limit (beta,
  2 by FIDE) and nobody gets one colour three times running (in the sequence
  of played games; rounds without a game are skipped);
- the colour due is the one that lowers |cd|, or with cd = 0 the opposite of
  the last colour played.

Shared by the Swiss engine and the round rule checker (`pairing.engine.rules`);
it knows nothing of either.
"""

from __future__ import annotations

import math

OTHER = {"w": "b", "b": "w"}
COLOUR_NAME = {"w": "white", "b": "black"}


def colour_difference(colours: tuple[str, ...]) -> int:
    return colours.count("w") - colours.count("b")


def played_colours(colours: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c for c in colours if c in ("w", "b"))


def colour_streak(colours: tuple[str, ...]) -> int:
    """+1 if the last two played games were both white, -1 if both black, else 0."""
    played = played_colours(colours)
    if len(played) >= 2 and played[-1] == played[-2]:
        return 1 if played[-1] == "w" else -1
    return 0


def due_colour(colours: tuple[str, ...]) -> str | None:
    cd = colour_difference(colours)
    if cd > 0:
        return "b"
    if cd < 0:
        return "w"
    played = played_colours(colours)
    return OTHER[played[-1]] if played else None


def cd_text(cd: int) -> str:
    return f"{cd:+d}" if cd else "0"


def colour_limit(beta: float) -> int:
    """Largest |cd| a player may carry after a round before the last.

    For integer beta this is beta itself; for beta below 1 it is 1 (the paper:
    beta in (0, 0.5] means strict alternation, so |cd| is 0 or 1).
    """
    return max(1, math.floor(beta))
