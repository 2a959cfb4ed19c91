"""The uneven component (section 5 and Appendix A of the weights paper).

A pair of players from different McMahon groups that is not a handicap game
is weighed by three sub-components:

- out: how far apart the groups are and how many uneven games the two
  players will have played (`out_deviation`);
- balance: whether the game reduces both players' up/down balance
  (`balance_deviation`, full or partial rule, Appendix A);
- seed: who in each group is drawn (`seed_deviation`: fold, match, nearest).

The paper leaves open how the three are combined into one weight (Omega in
section 5.4). We use a weighted arithmetic mean, see `omega`.
"""

from __future__ import annotations

import numpy as np


def group_gap(group_i, group_j):
    """gamma_ij = ||gamma_i - gamma_j| - 1|: 0 for neighbouring groups."""
    return np.abs(np.abs(np.asarray(group_i) - np.asarray(group_j)) - 1)


def out_deviation(group_i, group_j, out_after_i, out_after_j):
    """delta_out = gamma_ij + m_i^out + m_j^out - 2 (section 5).

    The paper's ideal case ("each player has played just one uneven game",
    deviation 0) is the state after the game being weighed, so the counts
    passed here include it: `out_after = m_out + 1` for each player. Two
    players from neighbouring groups with no earlier uneven game then have
    deviation 0, and every earlier uneven game adds 1."""
    return (
        group_gap(group_i, group_j)
        + np.asarray(out_after_i, dtype=float)
        + np.asarray(out_after_j, dtype=float)
        - 2.0
    )


def balance_deviation(balance_up, balance_down, rounds):
    """Appendix A: the deviation for the balances (m_i^bal, m_j^bal) of a pair
    where player i (balance_up) has the lower McMahon score and plays up.

    In x = (m_j + m_i)/2, y = (m_j - m_i)/2 the balance square [-r, r]^2 is cut
    into four triangles around P = (-1, 1) (x = 0, y = 1). Above the lines
    Q_m P and P Q_p (y >= y_c = (r - |x|)/r, regions U_m and U_p) delta = |x|;
    below them (L_m, L_p) delta = ((r - 1)|x| + 2r(1 - y)) / (r + 1). Corner
    values: P 0, Q_g = (-r, r) 0, Q_m = (-r, -r) r, Q_p = (r, r) r,
    Q_e = (r, -r) 2r. Before any round r is taken as 1 (all balances are 0).
    """
    m_i = np.asarray(balance_up, dtype=float)
    m_j = np.asarray(balance_down, dtype=float)
    r = np.maximum(np.asarray(rounds, dtype=float), 1.0)
    x = 0.5 * (m_j + m_i)
    y = 0.5 * (m_j - m_i)
    ax = np.abs(x)
    y_c = (r - ax) / r
    upper = ax
    lower = ((r - 1.0) * ax + 2.0 * r * (1.0 - y)) / (r + 1.0)
    return np.where(y >= y_c, upper, lower)


def seed_deviation(strategy: str, seed_low, seed_up, top_low=1.0, top_up=1.0):
    """Section 5.3: which players of the lower group (seeds l in [0, L]) and
    the upper group (seeds u in [0, U]) meet; 0 is the weakest of a group.
    fold: weakest lower v strongest upper; match: strongest v strongest;
    nearest: strongest lower v weakest upper. Our seeds are normalised to
    [0, 1] inside each group, so L = U = 1 by default."""
    low = np.asarray(seed_low, dtype=float)
    up = np.asarray(seed_up, dtype=float)
    if strategy == "fold":
        return low + top_up - up
    if strategy == "match":
        return top_low - low + top_up - up
    if strategy == "nearest":
        return top_low - low + up
    raise ValueError(f"unknown uneven seeding {strategy!r}")


def omega(w_out, w_balance, w_seed, *, out: float = 4.0, balance: float = 2.0, seed: float = 1.0):
    """Omega(w_out, w_bal, w_seed): the uneven weight component, in [0, 1].

    A weighted arithmetic mean. Reasons: (1) it keeps the range [0, 1] and is
    1 exactly when all three rules are met; (2) it is additive like the
    outer sum of components, so the matching trades the sub-rules off
    linearly as it trades the components; (3) its coefficients express the
    order of section 5 - fewest uneven games first (out), then balance, then
    seeding - whereas a product treats the three alike and lets one poor
    sub-term veto a pairing, and a minimum ignores improvements in the two
    better sub-terms. Defaults 4 : 2 : 1.
    """
    total = out + balance + seed
    return (
        out * np.asarray(w_out, dtype=float)
        + balance * np.asarray(w_balance, dtype=float)
        + seed * np.asarray(w_seed, dtype=float)
    ) / total
