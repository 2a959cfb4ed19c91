"""Why each board was paired, in a Go arbiter's words, with the numbers behind it.

A board is explained by what an arbiter checks: the two McMahon scores (same
MMS, or how far apart, who plays up and who plays down), the stones and the
komi (and, for a game played even across groups, why no stones), clubs and
countries, and colours. With detailed explanations each pair is also
compared with the best other partner either player could have had: the
components whose weight is larger for the chosen pair say what decided it
("plays up: colour balance", "avoids a same-club game").
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pairing.engine.explanation_parts import Part, colour_part, part, rank_part, stones_part

from .area import same_area
from .config import McMahonConfig
from .handicap import handicap_rank
from .ranks import format_rank
from .request import ComponentShare, Explanation
from .state import PlayerState
from .weights import COMPONENTS, McMahonWeights

# what each weight component stands for, in an arbiter's words
REASONS = {
    "mms": "closest MMS",
    "even": "seeding inside the MMS group",
    "uneven": "draw-up/draw-down balance",
    "area": "keeping clubs and countries apart",
    "colour": "colour balance",
    "banding": "bands",
    "play_in": "play-in groups",
    "play_out": "play-out groups",
}


@dataclass(frozen=True, slots=True)
class PairWeights:
    shares: tuple[ComponentShare, ...]
    runner_up: int | None = None  # vertex of the best other partner
    runner_up_for: int | None = None  # vertex whose partner that would have been
    # the partner one of the two would have preferred if clubs and countries
    # did not count (vertex, and whose), when that pair outweighs this one
    without_area: int | None = None
    without_area_for: int | None = None


def _mms(value: float) -> str:
    return f"{value:g}"


def _name(st: PlayerState) -> str:
    p = st.player
    return p.name or f"player {p.id}"


def _name_value(st: PlayerState) -> str | Part:
    p = st.player
    return p.name or part("player-number", id=p.id)


def _who_part(st: PlayerState) -> Part:
    p = st.player
    rank, mms = rank_part(p.rank, format_rank(p.rank)), _mms(st.mms)
    if p.name:
        return part("mm-player", id=p.id, name=p.name, rank=rank, mms=mms)
    return part("mm-player-unnamed", id=p.id, rank=rank, mms=mms)


def _reason_part(component: str) -> Part:
    return part(f"reason-{component}")


def _who(st: PlayerState) -> str:
    p = st.player
    name = f" {p.name}" if p.name else ""
    return f"{p.id}{name} ({format_rank(p.rank)}, MMS {_mms(st.mms)})"


def _stones(n: int) -> str:
    return f"{n} stone" + ("" if n == 1 else "s")


def _apart_part(gap: float) -> Part:
    return part("mms-apart", gap=_mms(gap))


def _apart(gap: float) -> str:
    return f"{_mms(gap)} MMS apart"


def explain_pairs(oracle: McMahonWeights, pairs: list[tuple[int, int]], detailed: bool):
    """Per pair (vertex indices): component shares, and with `detailed` the
    margins over the best alternative partner of either player."""
    if not pairs:
        return []
    i = np.array([p[0] for p in pairs], dtype=np.int64)
    j = np.array([p[1] for p in pairs], dtype=np.int64)
    chosen = oracle.components(i, j)
    names = [c for c in COMPONENTS if oracle.active[c]]
    result: list[PairWeights] = []
    if not detailed:
        for k in range(len(pairs)):
            result.append(PairWeights(tuple(ComponentShare(c, float(chosen[c][k])) for c in names)))
        return result
    everyone = np.arange(oracle.n, dtype=np.int64)
    for k, (u, v) in enumerate(pairs):
        best: tuple[float, int, int] | None = None  # (weight, player, partner)
        blind: tuple[float, int, int] | None = None  # the same, clubs and countries aside
        chosen_blind = sum(float(chosen[c][k]) for c in names if c != "area")
        for player, partner in ((u, v), (v, u)):
            others = everyone[(everyone != player) & (everyone != partner)]
            if others.size == 0:
                continue
            mine = np.full(others.shape, player, dtype=np.int64)
            allowed = oracle.allowed(mine, others)
            if not allowed.any():
                continue
            parts = oracle.components(mine, others)
            total = sum(parts[c] for c in COMPONENTS)
            for value, slot in ((total, "best"), (total - parts["area"], "blind")):
                value = np.where(allowed, value, -np.inf)
                pick = int(np.argmax(value))
                found = (float(value[pick]), player, int(others[pick]))
                if slot == "best" and (best is None or found[0] > best[0]):
                    best = found
                if slot == "blind" and (blind is None or found[0] > blind[0]):
                    blind = found
        if best is None:
            result.append(PairWeights(tuple(ComponentShare(c, float(chosen[c][k])) for c in names)))
            continue
        _, player, partner = best
        alt = oracle.components(np.array([player]), np.array([partner]))
        shares = tuple(
            ComponentShare(c, float(chosen[c][k]), float(chosen[c][k] - alt[c][0])) for c in names
        )
        moved = blind is not None and blind[0] > chosen_blind + 1e-9
        result.append(
            PairWeights(
                shares,
                partner,
                player,
                blind[2] if moved else None,
                blind[1] if moved else None,
            )
        )
    return result


def _decided_by(shares: tuple[ComponentShare, ...]) -> tuple[str, ...]:
    ahead = [c for c in shares if c.margin is not None and c.margin > 1e-9]
    ahead.sort(key=lambda c: -(c.margin or 0.0))
    return tuple(c.name for c in ahead)


def _score(white, black, decided, out: dict) -> None:
    if white.mms == black.mms:
        out["flags"].append("same-mms")
        out["badges"].append("same MMS")
        out["badge_parts"].append(part("badge-same-mms"))
        out["sentences"].append(f"Both players are on MMS {_mms(white.mms)}: same MMS group.")
        out["sentence_parts"].append(part("same-mms", mms=_mms(white.mms)))
        return
    low, high = (white, black) if white.mms < black.mms else (black, white)
    gap = high.mms - low.mms
    out["plays_up"], out["plays_down"] = low.player.id, high.player.id
    out["flags"] += ["mms-apart", "plays-up", "plays-down"]
    out["badges"].append(_apart(gap))
    out["badge_parts"].append(_apart_part(gap))
    component = next((c for c in decided if c != "mms"), None)
    reason = REASONS[component] if component is not None else None
    because = f": {reason}" if reason else ""
    if reason:
        out["badges"].append(f"plays up: {reason}")
        out["badge_parts"].append(part("badge-plays-up", reason=_reason_part(component)))
    out["sentences"].append(
        f"{_name(low)} (MMS {_mms(low.mms)}) plays up against {_name(high)} "
        f"(MMS {_mms(high.mms)}), {_apart(gap)}{because}."
    )
    values = {
        "low": _name_value(low),
        "low_mms": _mms(low.mms),
        "high": _name_value(high),
        "high_mms": _mms(high.mms),
        "apart": _apart_part(gap),
    }
    if component is not None:
        out["sentence_parts"].append(
            part("plays-up-because", **values, reason=_reason_part(component))
        )
    else:
        out["sentence_parts"].append(part("plays-up", **values))


def _stones_sentence(white, black, stones, komi, klass, config, out: dict) -> None:
    if stones > 0:
        out["flags"].append("handicap")
        out["badges"].append(f"handicap {stones}")
        out["badge_parts"].append(part("badge-handicap", stones=stones))
        out["sentences"].append(
            f"Handicap {_stones(stones)} for {_name(black)} (black), komi {komi:g}."
        )
        out["sentence_parts"].append(
            part(
                "handicap-game",
                stones=stones_part(stones),
                name=_name_value(black),
                komi=f"{komi:g}",
            )
        )
        return
    out["flags"].append("even-game")
    if klass == "even":
        out["sentences"].append(f"Even game, komi {komi:g}.")
        out["sentence_parts"].append(part("even-game", komi=f"{komi:g}"))
        return
    if klass == "uneven":
        out["sentences"].append(f"Played even across the two MMS groups, komi {komi:g}.")
        out["sentence_parts"].append(part("even-across-groups", komi=f"{komi:g}"))
        return
    ranks = handicap_rank(
        np.array([white.mms, black.mms]), np.array([white.player.rank, black.player.rank]), config
    )
    threshold = config.no_handicap_rank
    if threshold is not None and ranks[0] == ranks[1] == threshold:
        why = f"no handicap at or above {format_rank(threshold)}"
        why_part = part("no-handicap-rank", rank=rank_part(threshold, format_rank(threshold)))
        out["flags"].append("no-handicap-rank")
    else:
        why = f"the handicap reduction of {config.handicap_reduction} leaves no stones"
        why_part = part("handicap-reduction", reduction=f"{config.handicap_reduction}")
    out["badges"].append("played even")
    out["badge_parts"].append(part("badge-played-even"))
    out["sentences"].append(f"Played even ({why}), komi {komi:g}.")
    out["sentence_parts"].append(part("played-even", why=why_part, komi=f"{komi:g}"))


def _areas(white, black, other, other_for, out: dict) -> None:
    """Clubs in words; countries as flags only (most events are mostly one
    country, where "same country" says nothing). `other` is the partner
    `other_for` would have had if clubs and countries did not count."""
    for label, attr in (("club", "club"), ("country", "country")):
        a, b = getattr(white.player, attr), getattr(black.player, attr)
        if same_area(a, b):
            out["flags"].append(f"same-{label}")
            if label == "club":
                out["badges"].append("same club")
                out["badge_parts"].append(part("badge-same-club"))
                out["sentences"].append(f"Both players are from the same club ({a.strip()}).")
                out["sentence_parts"].append(part("same-club", club=a.strip()))
        elif other is not None and other_for is not None:
            mine = getattr(other_for.player, attr)
            if same_area(mine, getattr(other.player, attr)):
                out["flags"].append(f"avoids-same-{label}")
                if label == "club":
                    out["badges"].append("avoids a same-club game")
                    out["badge_parts"].append(part("badge-avoids-same-club"))
                    out["sentences"].append(
                        f"Avoids a same-club game: without clubs {_name(other_for)} would have "
                        f"played {_name(other)}, from the same club ({mine.strip()})."
                    )
                    out["sentence_parts"].append(
                        part(
                            "avoids-same-club",
                            name=_name_value(other_for),
                            other=_name_value(other),
                            club=mine.strip(),
                        )
                    )


def _balance(balance: int) -> str:
    if balance == 0:
        return "colours level so far"
    colour = "white" if balance > 0 else "black"
    return f"{abs(balance)} more {colour} so far"


def _balance_part(balance: int) -> Part:
    if balance == 0:
        return part("colours-level")
    return part("colours-more", n=abs(balance), colour=colour_part("w" if balance > 0 else "b"))


def _colours(white, black, stones, first_round, out: dict) -> None:
    if stones > 0:
        out["sentences"].append("Colours follow the handicap: the stronger player takes white.")
        out["sentence_parts"].append(part("colours-follow-handicap"))
        return
    if first_round:
        out["sentences"].append(f"{_name(white)} takes white: first round, the stronger player.")
        out["sentence_parts"].append(part("first-round-white", name=_name_value(white)))
        return
    out["flags"].append("colour-balance")
    out["sentences"].append(
        f"Colours: {_name(white)} white ({_balance(white.colour_balance)}), "
        f"{_name(black)} black ({_balance(black.colour_balance)})."
    )
    out["sentence_parts"].append(
        part(
            "colour-balance",
            white=_name_value(white),
            white_balance=_balance_part(white.colour_balance),
            black=_name_value(black),
            black_balance=_balance_part(black.colour_balance),
        )
    )


def build_explanation(
    white: PlayerState,
    black: PlayerState,
    stones: int,
    komi: float,
    game_class: str,
    first_round: bool,
    weights: PairWeights,
    states: tuple[PlayerState, ...],
    config: McMahonConfig,
) -> Explanation:
    decided = _decided_by(weights.shares)
    runner = states[weights.runner_up] if weights.runner_up is not None else None
    runner_for = states[weights.runner_up_for] if weights.runner_up_for is not None else None
    other = states[weights.without_area] if weights.without_area is not None else None
    other_for = states[weights.without_area_for] if weights.without_area_for is not None else None
    out: dict = {
        "flags": [],
        "badges": [],
        "sentences": [],
        "plays_up": None,
        "plays_down": None,
        "badge_parts": [],
        "sentence_parts": [],
    }
    _score(white, black, decided, out)
    _stones_sentence(white, black, stones, komi, game_class, config, out)
    _areas(white, black, other, other_for, out)
    _colours(white, black, stones, first_round, out)
    if decided:
        out["sentences"].append(
            "Compared with the next best opponent, this board wins on "
            + ", ".join(REASONS[c] for c in decided[:3])
            + "."
        )
        named = dict(zip(("first", "second", "third"), decided[:3], strict=False))
        out["sentence_parts"].append(
            part(
                f"wins-on-{len(named)}",
                **{slot: _reason_part(c) for slot, c in named.items()},
            )
        )
    return Explanation(
        summary=f"{_who(white)} v {_who(black)}: {game_class}",
        summary_parts=(
            part(
                "mm-summary",
                white=_who_part(white),
                black=_who_part(black),
                game_class=part(f"class-{game_class}"),
            ),
        ),
        sentence_parts=tuple(out["sentence_parts"]),
        badge_parts=tuple(out["badge_parts"]),
        flags=tuple(out["flags"]),
        components=weights.shares,
        runner_up=runner.player.id if runner is not None else None,
        sentences=tuple(out["sentences"]),
        badges=tuple(out["badges"]),
        game_class=game_class,
        mms_white=white.mms,
        mms_black=black.mms,
        handicap=stones,
        komi=komi,
        plays_up=out["plays_up"],
        plays_down=out["plays_down"],
        runner_up_for=runner_for.player.id if runner_for is not None else None,
        decided_by=decided,
    )
