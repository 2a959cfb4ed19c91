"""A plain-language reading of a simulation report for an organiser.

The systems are compared on expected ranking quality (normalised Kendall
tau: how close the final standings come to the true strength order), on
float pairs (games between players of different scores) and on the colour
balance after the last round. Two systems count as equally good on a
measure when their 95% confidence intervals of the mean overlap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

NAMES = {
    "dutch": "Dutch",
    "burstein": "Burstein",
    "monrad": "Monrad",
    "random": "Random",
    "random2": "Random2",
    "adjacent": "Adjacent (1-2, 3-4)",
    "external": "External engine",
}
ABOUT = {
    "dutch": (
        "the system FIDE-rated Swiss events normally use (top half of each score group "
        "against the bottom half); Blossom pairs it by maximum-weight matching"
    ),
    "burstein": "top against bottom inside each score group",
    "monrad": "each player against the next one down: close games, little information",
    "random": "random partners inside each score group",
    "random2": "the upper half of each score group against a random player of the lower half",
    "adjacent": "each player against the next one down, as in many club events",
    "external": "the pairings of the external engine",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    system: str
    name: str
    sentence: str


@dataclass(frozen=True, slots=True)
class Recommendation:
    headline: str
    verdicts: tuple[Verdict, ...]
    notes: tuple[str, ...]


def name_of(system: str) -> str:
    return NAMES.get(system, system)


def _stat(doc: dict[str, Any], system: str, measure: str) -> tuple[float, float, float] | None:
    data = doc["systems"][system].get(measure) or {}
    if data.get("mean") is None:
        return None
    lo, hi = data["ci95"]
    return float(data["mean"]), float(lo), float(hi)


def leaders(doc: dict[str, Any], measure: str, *, higher_is_better: bool) -> list[str]:
    """The best system on a measure and those whose intervals overlap it, best first."""
    stats = {s: _stat(doc, s, measure) for s in doc["systems"]}
    stats = {s: v for s, v in stats.items() if v is not None}
    if not stats:
        return []
    sign = 1 if higher_is_better else -1
    ordered = sorted(stats, key=lambda s: -sign * stats[s][0])
    best = stats[ordered[0]]
    tied = []
    for s in ordered:
        _, lo, hi = stats[s]
        overlaps = hi >= best[1] if higher_is_better else lo <= best[2]
        if overlaps:
            tied.append(s)
    return tied


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "." if text else ""


def _join(systems: list[str]) -> str:
    names = [name_of(s) for s in systems]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def recommend(doc: dict[str, Any]) -> Recommendation:
    """What the report says, in sentences an organiser can act on."""
    systems = list(doc["systems"])
    rank_best = leaders(doc, "kendall_tau", higher_is_better=True)
    float_best = leaders(doc, "float_pairs", higher_is_better=False)
    colour_best = leaders(doc, "acd_final", higher_is_better=False)
    verdicts = []
    # "Among the best" only means something when not every system is.
    rank_clear = len(rank_best) < len(systems)
    float_clear = len(float_best) < len(systems)
    for system in systems:
        traits = []
        if system in rank_best and rank_clear:
            traits.append(
                "best expected ranking quality"
                if len(rank_best) == 1
                else "among the best expected ranking quality"
            )
        if system in float_best and float_clear:
            traits.append(
                "fewest floaters" if len(float_best) == 1 else "among the fewest floaters"
            )
        if system in colour_best and len(colour_best) < len(systems):
            traits.append("best colour balance")
        parts = [_sentence(", ".join(traits) if traits else ABOUT.get(system, system))]
        if system == "dutch" and traits:
            parts.append(_sentence(ABOUT["dutch"]))
        tau = _stat(doc, system, "kendall_tau")
        floats = _stat(doc, system, "float_pairs")
        figures = []
        if tau:
            figures.append(f"Kendall tau {tau[0]:.3f}")
        if floats:
            figures.append(f"{floats[0]:.1f} float pairs per event")
        if figures:
            parts.append(_sentence("; ".join(figures)))
        verdicts.append(Verdict(system, name_of(system), " ".join(parts)))
    if not rank_best:
        headline = "No event could be completed with these settings."
    elif not rank_clear:
        headline = (
            "No clear winner: with these settings the systems rank the players about "
            "equally well. More simulated events would narrow the intervals."
        )
    else:
        both = [s for s in rank_best if s in float_best and float_clear]
        if both:
            headline = f"{_join(both)}: best expected ranking quality and fewest floaters."
        else:
            headline = f"For the best expected ranking: {_join(rank_best)}."
    notes = []
    violations = {s: doc["systems"][s].get("violations", 0) for s in systems}
    broken = [s for s, v in violations.items() if v]
    if broken:
        notes.append("Absolute rules were broken by " + _join(broken) + ": check those pairings.")
    failed = {s: doc["systems"][s].get("failures", 0) for s in systems}
    if any(failed.values()):
        notes.append(
            "Some events could not be paired to the end: "
            + ", ".join(f"{name_of(s)} {n}" for s, n in failed.items() if n)
            + ". Fewer rounds or more players make this rarer."
        )
    if "dutch" in systems and "dutch" not in rank_best:
        notes.append(
            "If the event is FIDE-rated, its regulations may still require the Dutch system."
        )
    return Recommendation(headline, tuple(verdicts), tuple(notes))
