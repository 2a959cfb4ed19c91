"""The colour component (section 7 of the weights paper).

A player's colour in round r is C(r) = +1 (white), -1 (black) or 0 (no game).
Balance C_bal = sum C(s); alternation C_alt = sum |C(s) - C(s-1)| / 2. Giving
colour c to a player changes the magnitude of the balance by
D_bal = |C_bal + c| - |C_bal| (equation 3) and the alternation by
D_alt = |c - C(r-1)| / 2 (equation 4). For a pair, X = D_bal,i + D_bal,j and
Y = D_alt,i + D_alt,j (equations 7-8) are encoded in the colour index
C_ij = 3 (X/2 + 1) + 2 - Y (0 best .. 8 worst, equations 10-11), and the rule
deviation is delta = (1 + C_ij) / Gamma_ij with
Gamma_ij = (1 + |C_bal,i| + |C_bal,j| + C_alt,i + C_alt,j) / (4r - 1)
(equations 13-14), r the number of rounds played so far.

The table at the end of section 7 lists deviations in [0, 2r]; equation 13
gives at least 1 for every pair, so the table's numbers cannot both hold.
We implement the equations (the table's order - opposite balances with
alternating colours best - is what the equations give for equal Gamma).
"""

from __future__ import annotations

import numpy as np


def balance_change(balance, colour):
    """Equation 3: D_bal = |C_bal + c| - |C_bal| for giving colour c."""
    balance = np.asarray(balance, dtype=float)
    return np.abs(balance + colour) - np.abs(balance)


def alternation_change(last_colour, colour):
    """Equation 4: D_alt = |c - C(r-1)| / 2 (1 alternates, 0 repeats,
    1/2 after a round without a game)."""
    return np.abs(colour - np.asarray(last_colour, dtype=float)) / 2.0


def colour_index(x, y):
    """Equation 10: C = 3 (X/2 + 1) + 2 - Y."""
    return 3.0 * (np.asarray(x, dtype=float) / 2.0 + 1.0) + 2.0 - np.asarray(y, dtype=float)


def index_to_changes(index):
    """Equations 10-11 inverted: (X, Y) for a colour index 0..8."""
    index = np.asarray(index)
    x = 2 * (index // 3 - 1)
    y = 2 - index + 3 * (x // 2 + 1)
    return x, y


def pair_colour_index(bal_i, last_i, bal_j, last_j, colour_i):
    """Colour index of a pair when player i gets `colour_i` (+1 or -1) and j
    the other colour."""
    x = balance_change(bal_i, colour_i) + balance_change(bal_j, -colour_i)
    y = alternation_change(last_i, colour_i) + alternation_change(last_j, -colour_i)
    return colour_index(x, y)


def best_colour_index(bal_i, last_i, bal_j, last_j):
    """The lower colour index of the two ways to give colours (weights are
    computed before colours are assigned; the assignment then takes this best
    choice, see `choose_white`)."""
    white = pair_colour_index(bal_i, last_i, bal_j, last_j, 1)
    black = pair_colour_index(bal_i, last_i, bal_j, last_j, -1)
    return np.minimum(white, black)


def colour_gamma(bal_i, alt_i, bal_j, alt_j, rounds: int):
    """Equation 14."""
    return (
        1.0
        + np.abs(np.asarray(bal_i, dtype=float))
        + np.abs(np.asarray(bal_j, dtype=float))
        + np.asarray(alt_i, dtype=float)
        + np.asarray(alt_j, dtype=float)
    ) / (4.0 * rounds - 1.0)


def colour_deviation(bal_i, alt_i, last_i, bal_j, alt_j, last_j, rounds: int):
    """Equation 13 with the best colour choice: (1 + C_ij) / Gamma_ij. Only
    defined from round 2 on (rounds >= 1 played); callers skip round 1."""
    if rounds < 1:
        raise ValueError("the colour deviation needs at least one round played")
    index = best_colour_index(bal_i, last_i, bal_j, last_j)
    return (1.0 + index) / colour_gamma(bal_i, alt_i, bal_j, alt_j, rounds)


def choose_white(bal_i: int, last_i: int, bal_j: int, last_j: int, tie_i_white: bool) -> bool:
    """Whether player i takes white in a game without handicap.

    First the organisers' rule: the player with more whites (the higher
    balance) takes black, which keeps the larger balance from growing. With
    equal balances the colour index decides (so each player alternates where
    possible); then `tie_i_white`."""
    if bal_i != bal_j:
        return bal_i < bal_j
    white = float(pair_colour_index(bal_i, last_i, bal_j, last_j, 1))
    black = float(pair_colour_index(bal_i, last_i, bal_j, last_j, -1))
    if white != black:
        return white < black
    return tie_i_white
