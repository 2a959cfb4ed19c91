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

from pairing.engine.explanation_parts import Part, part, render_english

NAMES = {
    "dutch": "Dutch",
    "burstein": "Burstein",
    "monrad": "Monrad",
    "random": "Random",
    "random2": "Random2",
    "adjacent": "Adjacent (1-2, 3-4)",
    "external": "External engine",
    "fide-dutch": "FIDE Dutch (C.04.3)",
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
    "fide-dutch": "FIDE's Dutch rules (C.04.3) to the letter, as rated events must be paired",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    system: str
    name: str
    sentence: str
    parts: tuple = ()  # the sentence as parts (pairing.engine.explanation_parts)


@dataclass(frozen=True, slots=True)
class Recommendation:
    headline: str
    verdicts: tuple[Verdict, ...]
    notes: tuple[str, ...]
    # The same words as parts, which any language can say (the web pages do).
    headline_parts: tuple = ()
    note_parts: tuple = ()


def name_of(system: str) -> str:
    return NAMES.get(system, system)


def name_part(system: str) -> Part:
    return part(f"system-{system}") if system in NAMES else part("system-other", name=system)


def _about_part(system: str) -> Part:
    return part(f"about-{system}") if system in ABOUT else part("system-other", name=system)


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


def _names(systems: list[str]) -> Part:
    return part("names", items=[name_part(s) for s in systems])


def _sentence(*items: Part) -> Part:
    return part("sentence", items=list(items))


def _verdict_parts(doc, system: str, traits: list[Part]) -> list[Part]:
    parts = [_sentence(*traits) if traits else _sentence(_about_part(system))]
    if system == "dutch" and traits:
        parts.append(_sentence(_about_part("dutch")))
    tau = _stat(doc, system, "kendall_tau")
    floats = _stat(doc, system, "float_pairs")
    if tau and floats:
        parts.append(
            part(
                "figures-both",
                tau=part("decimal", text=f"{tau[0]:.3f}"),
                floats=part("decimal", text=f"{floats[0]:.1f}"),
            )
        )
    elif tau:
        parts.append(part("figures-tau", tau=part("decimal", text=f"{tau[0]:.3f}")))
    elif floats:
        parts.append(part("figures-floats", floats=part("decimal", text=f"{floats[0]:.1f}")))
    return parts


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
            traits.append(part("trait-rank-best" if len(rank_best) == 1 else "trait-rank-among"))
        if system in float_best and float_clear:
            traits.append(
                part("trait-floats-best" if len(float_best) == 1 else "trait-floats-among")
            )
        if system in colour_best and len(colour_best) < len(systems):
            traits.append(part("trait-colour-best"))
        parts = _verdict_parts(doc, system, traits)
        verdicts.append(Verdict(system, name_of(system), render_english(parts), tuple(parts)))
    if not rank_best:
        headline = part("headline-none")
    elif not rank_clear:
        headline = part("headline-no-winner")
    else:
        both = [s for s in rank_best if s in float_best and float_clear]
        if both:
            headline = part("headline-both", systems=_names(both))
        else:
            headline = part("headline-rank", systems=_names(rank_best))
    notes = []
    violations = {s: doc["systems"][s].get("violations", 0) for s in systems}
    broken = [s for s, v in violations.items() if v]
    if broken:
        notes.append(part("note-broken", systems=_names(broken)))
    failed = {s: doc["systems"][s].get("failures", 0) for s in systems}
    if any(failed.values()):
        counts = [part("system-count", name=name_part(s), n=n) for s, n in failed.items() if n]
        notes.append(part("note-failed", counts=part("commas", items=counts)))
    if "dutch" in systems and "dutch" not in rank_best:
        notes.append(part("note-dutch-rated"))
    return Recommendation(
        render_english(headline),
        tuple(verdicts),
        tuple(render_english(n) for n in notes),
        headline_parts=tuple(headline),
        note_parts=tuple(notes),
    )
