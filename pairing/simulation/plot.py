"""Plots of a simulation report, as the paper draws them: violin plots (quartiles
dashed) for continuous measures, letter-value plots (Hofmann, Wickham and
Kafadar 2017) for counts, one column per system.

Uses matplotlib's object API (no pyplot, no global backend), so it is safe in
a web process; the SVG is reproducible (fixed hash salt, no date).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from pairing.simulation.summary import TITLES

# The colour panel is taken after the last even round, as the paper's Figure 5
# (after an odd round every player's |cd| is at least 1, so acd >= n).
DEFAULT_PANELS = ("kendall_tau", "float_pairs", "acd_last_even")
# Letter-value plots for counts, violins for continuous values.
DISCRETE = {"float_pairs", "acd_final", "acd_last_even", "paradoxical"}
COLOURS = {
    "dutch": "#e07b39",
    "burstein": "#3b75af",
    "monrad": "#8c8c8c",
    "random": "#b9a13a",
    "random2": "#519e3e",
    "adjacent": "#8d69b8",
    "external": "#c03d3e",
}
_SVG_SETTINGS = {"svg.hashsalt": "blossom-simulation", "svg.fonttype": "none"}


def _colour(system: str) -> str:
    return COLOURS.get(system, "#555555")


def violin(ax: Axes, data: Sequence[np.ndarray], systems: Sequence[str]) -> None:
    """Violins with the median solid and the quartiles dashed."""
    positions = np.arange(1, len(data) + 1)
    usable = [(p, d, s) for p, d, s in zip(positions, data, systems, strict=True) if d.size > 1]
    if usable:
        parts = ax.violinplot(
            [d for _, d, _ in usable],
            positions=[p for p, _, _ in usable],
            showextrema=False,
            widths=0.8,
        )
        for body, (_, _, system) in zip(parts["bodies"], usable, strict=True):
            body.set_facecolor(_colour(system))
            body.set_edgecolor("#333333")
            body.set_alpha(0.75)
    for p, d in zip(positions, data, strict=True):
        if d.size == 0:
            continue
        q1, q2, q3 = np.percentile(d, [25, 50, 75])
        ax.hlines(q2, p - 0.3, p + 0.3, colors="#111111", linewidths=1.5)
        ax.hlines([q1, q3], p - 0.2, p + 0.2, colors="#111111", linewidths=1, linestyles="dashed")


def letter_values(data: np.ndarray) -> list[tuple[float, float]]:
    """(lower, upper) letter values: the fourths, eighths, ... while each tail
    still holds enough points (k = floor(log2 n) - 3, at least 1)."""
    data = np.sort(np.asarray(data, dtype=float))
    n = data.size
    if n == 0:
        return []
    depth = max(1, int(np.floor(np.log2(n))) - 3)
    out = []
    for k in range(1, depth + 1):
        tail = 0.5 ** (k + 1)
        out.append((float(np.quantile(data, tail)), float(np.quantile(data, 1 - tail))))
    return out


def letter_value(ax: Axes, data: Sequence[np.ndarray], systems: Sequence[str]) -> None:
    """Nested boxes, the widest for the fourths, narrower for each further letter
    value; the median as a line; points beyond the last box as dots."""
    for p, d, system in zip(np.arange(1, len(data) + 1), data, systems, strict=True):
        if d.size == 0:
            continue
        boxes = letter_values(d)
        for k, (lo, hi) in enumerate(boxes):
            width = 0.8 * (1 - k / (len(boxes) + 1))
            alpha = 0.9 - 0.6 * k / max(len(boxes), 1)
            ax.add_patch(
                Rectangle(
                    (p - width / 2, lo),
                    width,
                    max(hi - lo, 1e-9),
                    facecolor=_colour(system),
                    edgecolor="#333333",
                    linewidth=0.6,
                    alpha=alpha,
                )
            )
        ax.hlines(np.median(d), p - 0.4, p + 0.4, colors="#111111", linewidths=1.5)
        if boxes:
            lo, hi = boxes[-1]
            outliers = d[(d < lo) | (d > hi)]
            ax.plot(
                np.full(outliers.size, p), outliers, "o", markersize=2, color="#333333", alpha=0.4
            )


def figure(
    document: dict[str, Any],
    *,
    panels: Sequence[str] = DEFAULT_PANELS,
    title: str | None = None,
) -> Figure:
    """One panel per measure, one column per system (a report from `summarise`)."""
    systems = list(document["systems"])
    fig = Figure(figsize=(4.2 * len(panels), 4.2), layout="constrained")
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    for ax, measure in zip(axes, panels, strict=True):
        data = [
            np.asarray(document["systems"][s].get(measure, {}).get("values", []), dtype=float)
            for s in systems
        ]
        if measure in DISCRETE:
            letter_value(ax, data, systems)
        else:
            violin(ax, data, systems)
        ax.set_xticks(np.arange(1, len(systems) + 1), systems, rotation=30, ha="right")
        ax.set_xlim(0.4, len(systems) + 0.6)
        ax.set_title(TITLES.get(measure, measure), fontsize=10)
        ax.autoscale(axis="y")
        ax.ticklabel_format(axis="y", useOffset=False, style="plain")
        values = np.concatenate([d for d in data if d.size]) if any(d.size for d in data) else None
        if values is not None and values.max() == values.min():
            # Every event gave the same value: show it with some room around it.
            ax.set_ylim(values.min() - 1, values.max() + 1)
        ax.grid(axis="y", linewidth=0.4, alpha=0.5)
    if title:
        fig.suptitle(title, fontsize=11)
    return fig


def caption(document: dict[str, Any]) -> str:
    p = document["params"]
    return (
        f"{p['players']} players, {p['rounds']} rounds, strengths {p['strength']}, "
        f"beta {p['beta']:g}, {max(s['events'] for s in document['systems'].values())} events"
    )


def svg_text(document: dict[str, Any], **options: Any) -> str:
    """The figure as SVG text."""
    options.setdefault("title", caption(document))
    with matplotlib.rc_context(_SVG_SETTINGS):
        fig = figure(document, **options)
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def write_svg(document: dict[str, Any], path: str | Path, **options: Any) -> None:
    Path(path).write_text(svg_text(document, **options), encoding="utf-8")
