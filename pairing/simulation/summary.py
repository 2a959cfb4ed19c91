"""From per-event measures to the JSON report.

    {"params": {...},
     "systems": {"dutch": {"kendall_tau": {"mean", "median", "ci95", "sd", "values"},
                           "float_pairs": {...}, "acd_final": {...},
                           "acd_last_even": {...}, "spearman": {...},
                           "ndcg": {...}, "nsd": {...}, "paradoxical": {...},
                           "mean_strength_difference": {...},
                           "acd_by_round": [mean after round 1, ...],
                           "correlations": {"nsd_kendall_tau": r, ...},
                           "violations": 0, "events": 1000, "failures": 0,
                           "failure_examples": []}, ...},
     "meta": {"seconds": ..., "workers": ...}}

ci95 is the 95% confidence interval of the mean (mean +- 1.96 standard
errors, the normal approximation; with hundreds of events it is the
t-interval to three decimals). Failed events (no legal pairing) are left
out of the measures and counted. "correlations" holds Pearson's r between
per-event measures (the paper's Appendix A: paradoxical results and the
normalised strength difference against the ranking quality).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pairing.simulation.event import EventMetrics
from pairing.simulation.runner import SimulationResult

MEASURES = (
    "kendall_tau",
    "spearman",
    "ndcg",
    "float_pairs",
    "acd_final",
    "acd_last_even",
    "nsd",
    "paradoxical",
    "mean_strength_difference",
)
# Measures where a higher value is better (the rest: lower is better).
HIGHER_IS_BETTER = {"kendall_tau", "spearman", "ndcg", "nsd"}
INTEGER_MEASURES = {"float_pairs", "acd_final", "acd_last_even", "paradoxical"}
TITLES = {
    "kendall_tau": "normalised Kendall tau",
    "spearman": "Spearman rho",
    "ndcg": "NDCG",
    "float_pairs": "float pairs",
    "acd_final": "absolute colour difference after the last round",
    "acd_last_even": "absolute colour difference after the last even round",
    "nsd": "normalised strength difference",
    "paradoxical": "paradoxical results",
    "mean_strength_difference": "mean strength difference per game",
}


def describe(values: list[float] | np.ndarray, *, integer: bool = False) -> dict[str, Any]:
    """mean, median, sd, ci95 (of the mean) and the values themselves (as
    integers when `integer`)."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        return {"mean": None, "median": None, "sd": None, "ci95": [None, None], "values": []}
    mean = float(data.mean())
    sd = float(data.std(ddof=1)) if data.size > 1 else 0.0
    half = 1.96 * sd / math.sqrt(data.size)
    as_list = [int(v) for v in data.tolist()] if integer else data.tolist()
    return {
        "mean": mean,
        "median": float(np.median(data)),
        "sd": sd,
        "ci95": [mean - half, mean + half],
        "values": as_list,
    }


def pearson(x: list[float], y: list[float]) -> float | None:
    """Pearson's correlation coefficient (None when undefined)."""
    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if a.size < 3 or a.std() == 0 or b.std() == 0:
        return None
    return float(np.corrcoef(a, b)[0, 1])


def measure_values(events: list[EventMetrics], measure: str) -> list[float]:
    return [float(getattr(m, measure)) for m in events]


def system_summary(events: tuple[EventMetrics, ...], rounds: int) -> dict[str, Any]:
    done = [m for m in events if m.failed is None]
    failures = [m.failed for m in events if m.failed is not None]
    out: dict[str, Any] = {
        name: describe(measure_values(done, name), integer=name in INTEGER_MEASURES)
        for name in MEASURES
    }
    out["acd_by_round"] = [
        float(np.mean([m.acd_by_round[r] for m in done])) if done else None for r in range(rounds)
    ]
    out["correlations"] = {
        "nsd_kendall_tau": pearson(
            measure_values(done, "nsd"), measure_values(done, "kendall_tau")
        ),
        "paradoxical_kendall_tau": pearson(
            measure_values(done, "paradoxical"), measure_values(done, "kendall_tau")
        ),
        "mean_strength_difference_kendall_tau": pearson(
            measure_values(done, "mean_strength_difference"), measure_values(done, "kendall_tau")
        ),
    }
    out["violations"] = int(sum(m.violations for m in done))
    out["events"] = len(done)
    out["failures"] = len(failures)
    out["failure_examples"] = failures[:5]
    return out


def summarise(result: SimulationResult) -> dict[str, Any]:
    """The JSON document of a finished run."""
    config = result.config
    return {
        "params": config.to_dict(),
        "systems": {
            system: system_summary(result.events[system], config.rounds)
            for system in config.systems
        },
        "meta": {"seconds": round(result.seconds, 3), "workers": result.workers},
    }


def without_values(document: dict[str, Any]) -> dict[str, Any]:
    """The same report without the per-event value lists (for tables and pages)."""
    systems = {}
    for name, data in document["systems"].items():
        systems[name] = {
            key: (
                {k: v for k, v in value.items() if k != "values"}
                if isinstance(value, dict)
                else value
            )
            for key, value in data.items()
        }
    return {**document, "systems": systems}
