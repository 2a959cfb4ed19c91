"""Why each board was paired: component shares, flags and the runner-up."""

from __future__ import annotations

import numpy as np

from .ranks import format_rank
from .request import ComponentShare, Explanation
from .state import PlayerState
from .weights import COMPONENTS, McMahonWeights


def _mms(value: float) -> str:
    return f"{value:g}"


def _who(st: PlayerState) -> str:
    p = st.player
    name = f" {p.name}" if p.name else ""
    return f"{p.id}{name} ({format_rank(p.rank)}, MMS {_mms(st.mms)})"


def pair_flags(
    white: PlayerState, black: PlayerState, handicap: int, game_class: str, first_round: bool
) -> list[str]:
    flags: list[str] = []
    if white.mms == black.mms:
        flags.append(f"same McMahon group ({_mms(white.mms)})")
    else:
        low, high = (white, black) if white.mms < black.mms else (black, white)
        gap = high.mms - low.mms
        if game_class == "handicap" and handicap > 0:
            stones = "stone" if handicap == 1 else "stones"
            flags.append(f"handicap game: MMS gap {_mms(gap)}, {handicap} {stones}")
        elif game_class == "handicap":
            flags.append(f"MMS gap {_mms(gap)}, played without stones")
        else:
            flags.append(f"{low.player.id} drawn up, {high.player.id} drawn down (gap {_mms(gap)})")
    for label, a, b in (
        ("country", white.player.country, black.player.country),
        ("club", white.player.club, black.player.club),
    ):
        if a.strip() and a.strip().casefold() == b.strip().casefold():
            flags.append(f"same {label} {a.strip()}")
    if handicap == 0 and not first_round:
        flags.append(
            f"colours: {white.player.id} white (balance {white.colour_balance:+d}), "
            f"{black.player.id} black (balance {black.colour_balance:+d})"
        )
    return flags


def explain_pairs(
    oracle: McMahonWeights,
    pairs: list[tuple[int, int]],
    detailed: bool,
) -> list[tuple[tuple[ComponentShare, ...], int | None]]:
    """Per pair (vertex indices): component shares, and with `detailed` the
    margins over the best alternative partner of either player."""
    if not pairs:
        return []
    i = np.array([p[0] for p in pairs], dtype=np.int64)
    j = np.array([p[1] for p in pairs], dtype=np.int64)
    chosen = oracle.components(i, j)
    names = [c for c in COMPONENTS if oracle.active[c]]
    result: list[tuple[tuple[ComponentShare, ...], int | None]] = []
    if not detailed:
        for k in range(len(pairs)):
            shares = tuple(ComponentShare(c, float(chosen[c][k])) for c in names)
            result.append((shares, None))
        return result
    n = oracle.n
    everyone = np.arange(n, dtype=np.int64)
    for k, (u, v) in enumerate(pairs):
        best: tuple[float, int, int] | None = None  # (weight, player, partner)
        for player, partner in ((u, v), (v, u)):
            others = everyone[(everyone != player) & (everyone != partner)]
            if others.size == 0:
                continue
            mine = np.full(others.shape, player, dtype=np.int64)
            allowed, total = oracle.real_weights(mine, others)
            if not allowed.any():
                continue
            total = np.where(allowed, total, -np.inf)
            pick = int(np.argmax(total))
            if best is None or total[pick] > best[0]:
                best = (float(total[pick]), player, int(others[pick]))
        if best is None:
            shares = tuple(ComponentShare(c, float(chosen[c][k])) for c in names)
            result.append((shares, None))
            continue
        _, player, partner = best
        alt = oracle.components(np.array([player]), np.array([partner]))
        shares = tuple(
            ComponentShare(c, float(chosen[c][k]), float(chosen[c][k] - alt[c][0])) for c in names
        )
        result.append((shares, oracle.draw.states[partner].player.id))
    return result


def build_explanation(
    white: PlayerState,
    black: PlayerState,
    handicap: int,
    game_class: str,
    first_round: bool,
    shares: tuple[ComponentShare, ...],
    runner_up: int | None,
) -> Explanation:
    summary = f"{_who(white)} v {_who(black)}: {game_class}"
    flags = pair_flags(white, black, handicap, game_class, first_round)
    return Explanation(summary, tuple(flags), shares, runner_up)
