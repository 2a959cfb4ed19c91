"""The McMahon weight of every pair, computed with numpy, as a WeightOracle.

W_ij = sum_k W_k w_ij^k (section 2.2), each w = sech(lambda_k delta_k), with
lambda_k scaled per pair by the grade curves of section 11 at the pair's mean
grade. Pairs that have met, prohibited pairs and (when the request forbids
them) clubmates are not edges. A handicap game is an edge like any other:
its McMahon score difference is what makes it unlikely.

Integer weights. The matching backends need exact integers. Every real
weight lies in [0, W_max] with W_max the sum of the active coefficients, so
we multiply by `scale = B / W_max` and round to the nearest integer, with
B = min(2^50, 2^60 / (n/2 + 1)). Rounding is monotone, so no two weights
change order; two weights closer than W_max / B (about 1e-15 of W_max, the
precision of a float64 near W_max) may become equal. A perfect matching has
n/2 edges, so its total stays below 2^60, well inside int64.
"""

from __future__ import annotations

import numpy as np

from .area import area_deviation
from .colour import colour_deviation
from .components import (
    band_deviation,
    even_deviation,
    grade_factor,
    mms_deviation,
    play_in_deviation,
    play_out_deviation,
    sech_weight,
)
from .config import McMahonConfig
from .groups import Draw
from .handicap import handicap_stones
from .uneven import balance_deviation, omega, out_deviation, seed_deviation

COMPONENTS = ("mms", "even", "uneven", "area", "colour", "banding", "play_in", "play_out")


def integer_scale(max_weight: float, n: int) -> float:
    bound = min(2.0**50, 2.0**60 / (n // 2 + 1))
    return bound / max(max_weight, 1e-300)


class McMahonWeights:
    """WeightOracle over the vertices of a `Draw`."""

    def __init__(self, draw: Draw, config: McMahonConfig, round_number: int):
        self.draw = draw
        self.config = config
        self.n = draw.n
        self.even_strategy = config.even_strategy_for(round_number)
        c = config.coefficients
        self.active = {
            "mms": c.mms,
            "even": c.even,
            "uneven": c.uneven,
            "area": c.area if (config.area_country + config.area_club) > 0 else 0.0,
            "colour": c.colour if draw.rounds >= 1 else 0.0,
            "banding": c.banding if config.bands else 0.0,
            "play_in": c.play_in if draw.play_in_group.any() else 0.0,
            "play_out": c.play_out if draw.play_out_group.any() else 0.0,
        }
        self.max_weight = sum(self.active.values())
        self.scale = integer_scale(self.max_weight, self.n)

    # -- the graph ----------------------------------------------------------
    def stones(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        d = self.draw
        return handicap_stones(d.mms[i], d.mms[j], d.grade[i], d.grade[j], self.config)

    def allowed(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        """Edges: never met, not barred this round."""
        d = self.draw
        return (i != j) & ~d.met[i, j] & ~d.barred[i, j]

    def components(self, i: np.ndarray, j: np.ndarray) -> dict[str, np.ndarray]:
        """W_k * w_k per component for the pairs (i, j) (edges or not).

        The even, uneven and colour components apply to some pairs only
        (same group; neighbouring groups; games without stones) and are
        computed on those pairs alone."""
        d, cfg, s = self.draw, self.config, self.config.shapes
        i = np.asarray(i, dtype=np.int64)
        j = np.asarray(j, dtype=np.int64)
        grade = 0.5 * (d.grade[i] + d.grade[j])
        score_shape = grade_factor(cfg.score_curve, grade)
        m_i, m_j = d.mms[i], d.mms[j]
        gap = np.abs(m_i - m_j)
        same_group = gap == 0
        out: dict[str, np.ndarray] = {name: np.zeros(i.shape) for name in COMPONENTS}
        active = self.active

        out["mms"] = active["mms"] * sech_weight(s.mms * score_shape, mms_deviation(m_i, m_j))

        if active["even"]:
            k = np.flatnonzero(same_group)
            dev = even_deviation(self.even_strategy, d.seed[i[k]], d.seed[j[k]])
            out["even"][k] = active["even"] * sech_weight(s.even * score_shape[k], dev)

        if active["uneven"]:
            k = np.flatnonzero(~same_group & (gap <= abs(cfg.handicap_offset)))
            out["uneven"][k] = active["uneven"] * self._uneven(i[k], j[k], score_shape[k])

        if active["area"]:
            out["area"] = self._area(i, j, grade, same_group)

        if active["colour"]:
            k = np.flatnonzero(self.stones(i, j) == 0)  # colours are free without stones
            a, b = i[k], j[k]
            dev = colour_deviation(
                d.colour_balance[a], d.colour_alternation[a], d.last_colour[a],
                d.colour_balance[b], d.colour_alternation[b], d.last_colour[b],
                d.rounds,
            )  # fmt: skip
            shape = s.colour * grade_factor(cfg.colour_curve, grade[k])
            out["colour"][k] = active["colour"] * sech_weight(shape, dev)

        if active["banding"]:
            w = sech_weight(s.banding, band_deviation(d.band[i], d.band[j]))
            out["banding"] = active["banding"] * w

        if active["play_in"]:
            dev = play_in_deviation(
                d.play_in_group[i], d.play_in_group[j],
                d.play_in_count[i], d.play_in_count[j], d.rounds,
            )  # fmt: skip
            out["play_in"] = active["play_in"] * sech_weight(s.play_in, dev)

        if active["play_out"]:
            dev = play_out_deviation(
                d.play_out_group[i], d.play_out_group[j],
                d.play_out_count[i], d.play_out_count[j], d.rounds,
            )  # fmt: skip
            out["play_out"] = active["play_out"] * sech_weight(s.play_out, dev)
        return out

    def _uneven(self, i: np.ndarray, j: np.ndarray, score_shape: np.ndarray) -> np.ndarray:
        d, cfg, s = self.draw, self.config, self.config.shapes
        i_low = d.mms[i] < d.mms[j]
        low = np.where(i_low, i, j)
        up = np.where(i_low, j, i)
        w_out = sech_weight(
            s.out * score_shape,
            out_deviation(d.group[low], d.group[up], d.out_count[low] + 1, d.out_count[up] + 1),
        )
        w_bal = sech_weight(
            s.balance * score_shape, balance_deviation(d.balance[low], d.balance[up], d.rounds)
        )
        w_seed = sech_weight(
            s.seed * score_shape, seed_deviation(cfg.seed_strategy, d.seed[low], d.seed[up])
        )
        o = cfg.omega
        return omega(w_out, w_bal, w_seed, out=o.out, balance=o.balance, seed=o.seed)

    def _area(self, i, j, grade, same_group) -> np.ndarray:
        d, cfg = self.draw, self.config
        shape = cfg.shapes.area * grade_factor(cfg.area_curve, grade)
        total = np.zeros(i.shape)
        share = cfg.area_country + cfg.area_club
        if cfg.area_country:
            dev = area_deviation(
                d.country_seed[i],
                d.country_seed[j],
                same_group,
                d.country[i] == d.country[j],
                cfg.area_same_penalty,
            )
            total += cfg.area_country * sech_weight(shape, dev)
        if cfg.area_club:
            dev = area_deviation(
                d.club_seed[i],
                d.club_seed[j],
                same_group,
                d.club[i] == d.club[j],
                cfg.area_same_penalty,
            )
            total += cfg.area_club * sech_weight(shape, dev)
        return self.active["area"] * total / share

    # -- WeightOracle -------------------------------------------------------
    def real_weights(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        i = np.asarray(i, dtype=np.int64)
        j = np.asarray(j, dtype=np.int64)
        parts = self.components(i, j)
        total = np.zeros(i.shape)
        for name in COMPONENTS:
            total += parts[name]
        return self.allowed(i, j), total

    def edge_weights(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        allowed, total = self.real_weights(i, j)
        return allowed, np.rint(total * self.scale).astype(np.int64)

    def candidate_edges(self) -> tuple[np.ndarray, np.ndarray]:
        """Likely edges: pairs from the same or neighbouring McMahon groups
        that are allowed. A hint only: the whole graph is given by
        `edge_weights`."""
        i, j = np.triu_indices(self.n, k=1)
        near = np.abs(self.draw.group[i] - self.draw.group[j]) <= 1
        i, j = i[near], j[near]
        keep = self.allowed(i, j)
        return i[keep].astype(np.int64), j[keep].astype(np.int64)
