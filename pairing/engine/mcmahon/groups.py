"""The draw of one round as arrays: McMahon groups, seeds, area seeds, bands.

`Draw` holds, for the players being paired this round (in vertex order),
every per-player quantity the weight components need, as numpy arrays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .area import area_key, mixed_area_seeds, simple_area_seeds
from .config import McMahonConfig
from .state import PlayerState


@dataclass(frozen=True, slots=True)
class Draw:
    states: tuple[PlayerState, ...]  # vertex order
    rounds: int  # rounds played so far (r)
    mms: np.ndarray
    group: np.ndarray  # index of the McMahon group, 0 = lowest score
    seed: np.ndarray  # in [0, 1] inside the group, 1 = strongest
    grade: np.ndarray
    at_bar: np.ndarray
    out_count: np.ndarray  # m_out under the configured balance rule
    balance: np.ndarray  # m_bal under the configured balance rule
    colour_balance: np.ndarray
    colour_alternation: np.ndarray
    last_colour: np.ndarray
    country: np.ndarray  # area codes, -1 - position for "no area"
    club: np.ndarray
    country_seed: np.ndarray
    club_seed: np.ndarray
    band: np.ndarray
    play_in_group: np.ndarray
    play_in_count: np.ndarray
    play_out_group: np.ndarray
    play_out_count: np.ndarray
    met: np.ndarray  # n x n bool: have met
    barred: np.ndarray  # n x n bool: may not meet this round (prohibited pair, same club)

    @property
    def n(self) -> int:
        return len(self.states)


def strength_key(st: PlayerState, seed_order: str) -> tuple:
    p = st.player
    if seed_order == "rating":
        return (-p.rating, -p.rank, p.id)
    return (-p.rank, -p.rating, p.id)


def band_index(rank: int, bands: tuple[int, ...]) -> int:
    """1 for the strongest band; `bands` lists the lowest rank of each band
    but the last, strongest first."""
    return 1 + sum(1 for lowest in bands if rank < lowest)


def _codes(values: list[str]) -> np.ndarray:
    table: dict[str, int] = {}
    out = np.empty(len(values), dtype=np.int64)
    for k, v in enumerate(values):
        key = area_key(v)
        out[k] = table.setdefault(key, len(table)) if key is not None else -1 - k
    return out


def _group_names(values: list[str]) -> np.ndarray:
    table: dict[str, int] = {}
    return np.array([table.setdefault(v, len(table) + 1) if v else 0 for v in values], dtype=int)


def build_draw(
    participants: list[PlayerState],
    config: McMahonConfig,
    round_number: int,
    seed: int,
    prohibited: tuple[tuple[int, int], ...] = (),
    forbid_same_club: bool = False,
) -> Draw:
    """Arrays for `participants`, ordered by score (highest first) and strength
    inside each score group; with the random even strategy each group is
    shuffled (section 4.1). `prohibited` (pairs of player ids) and, with
    `forbid_same_club`, every pair of clubmates are barred for the round."""
    rng = random.Random(f"mcmahon:{seed}:{round_number}")
    by_score: dict[float, list[PlayerState]] = {}
    for st in participants:
        by_score.setdefault(st.mms, []).append(st)
    scores = sorted(by_score)
    group_of = {m: k for k, m in enumerate(scores)}
    strategy = config.even_strategy_for(round_number)
    ordered: list[PlayerState] = []
    seed_of: dict[int, float] = {}
    for m in reversed(scores):
        members = sorted(by_score[m], key=lambda st: strength_key(st, config.seed_order))
        size = len(members)
        for pos, st in enumerate(members):
            seed_of[st.index] = 0.5 if size == 1 else (size - 1 - pos) / (size - 1)
        if strategy == "random":
            rng.shuffle(members)
        ordered.extend(members)

    n = len(ordered)
    position = {st.index: k for k, st in enumerate(ordered)}
    country = _codes([st.player.country for st in ordered])
    club = _codes([st.player.club for st in ordered])
    country_seed = np.zeros(n)
    club_seed = np.zeros(n)
    for m in reversed(scores):
        members = sorted(by_score[m], key=lambda st: strength_key(st, config.seed_order))
        if all(st.at_bar for st in members):
            continue  # area seeds apply below the bar (section 6.1)
        pos = [position[st.index] for st in members]
        local = list(range(len(pos)))
        for codes, target in ((country, country_seed), (club, club_seed)):
            areas = [int(codes[p]) if codes[p] >= 0 else None for p in pos]
            if config.area_method == "simple":
                seeds = simple_area_seeds(areas, local)
            else:
                seeds = mixed_area_seeds(areas, local, rng)
            for k, p in enumerate(pos):
                target[p] = seeds[k]

    met = np.zeros((n, n), dtype=bool)
    id_to_vertex = {st.player.id: k for k, st in enumerate(ordered)}
    for k, st in enumerate(ordered):
        for opp in st.opponents:
            v = id_to_vertex.get(opp)
            if v is not None:
                met[k, v] = met[v, k] = True
    barred = np.zeros((n, n), dtype=bool)
    if forbid_same_club:
        barred = (club[:, None] == club[None, :]) & (club[:, None] >= 0)
        np.fill_diagonal(barred, False)
    for a, b in prohibited:
        u, v = id_to_vertex.get(a), id_to_vertex.get(b)
        if u is not None and v is not None:
            barred[u, v] = barred[v, u] = True

    rule = config.balance_rule
    return Draw(
        states=tuple(ordered),
        rounds=round_number - 1,
        mms=np.array([st.mms for st in ordered], dtype=float),
        group=np.array([group_of[st.mms] for st in ordered], dtype=np.int64),
        seed=np.array([seed_of[st.index] for st in ordered], dtype=float),
        grade=np.array([st.player.rank for st in ordered], dtype=float),
        at_bar=np.array([st.at_bar for st in ordered], dtype=bool),
        out_count=np.array([st.uneven_count(rule) for st in ordered], dtype=float),
        balance=np.array([st.balance(rule) for st in ordered], dtype=float),
        colour_balance=np.array([st.colour_balance for st in ordered], dtype=float),
        colour_alternation=np.array([st.colour_alternation for st in ordered], dtype=float),
        last_colour=np.array([st.last_colour for st in ordered], dtype=float),
        country=country,
        club=club,
        country_seed=country_seed,
        club_seed=club_seed,
        band=np.array([band_index(st.player.rank, config.bands) for st in ordered], dtype=float),
        play_in_group=_group_names([st.player.play_in_group for st in ordered]),
        play_in_count=np.array([st.play_in for st in ordered], dtype=float),
        play_out_group=_group_names([st.player.play_out_group for st in ordered]),
        play_out_count=np.array([st.play_out for st in ordered], dtype=float),
        met=met,
        barred=barred,
    )
