"""Named rule sets: the unplayed-round rules, the primary score and the tiebreak order.

A section picks a preset and may list its own order instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tiebreaks.methods.unplayed import Rules


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    rules: Rules
    tiebreaks: tuple[str, ...]
    primary: str = "points"  # "points", or "MMS" for McMahon
    description: str = ""


_SWISS_ORDER = ("BH-C1", "BH", "SB", "DE", "WIN", "BWG")

PRESETS: tuple[Preset, ...] = (
    Preset(
        "FIDE Swiss 2026",
        Rules.FIDE_2026,
        _SWISS_ORDER,
        description="FIDE C.07 as revised from 1 March 2026 (capped dummy opponents)",
    ),
    Preset(
        "FIDE Swiss 2024",
        Rules.FIDE_2024,
        _SWISS_ORDER,
        description="FIDE C.07 in force from 1 August 2024 (dummy opponent, VUR cut first)",
    ),
    Preset(
        "Legacy FIDE (C.02)",
        Rules.LEGACY,
        ("BH-C1", "BH", "SB", "PS"),
        description="C.02 (2020) virtual opponents, as chess-results computes older events",
    ),
    Preset(
        "FIDE Round-robin",
        Rules.FIDE_2026,
        ("DE", "SB", "WIN", "KS"),
        description="FIDE C.07 for round-robins: direct encounter, Sonneborn-Berger, wins, Koya",
    ),
    Preset(
        "EGF McMahon",
        Rules.FIDE_2024,
        ("SOS", "SOSOS", "SODOS"),
        primary="MMS",
        description="Go: McMahon score, then the EGF's SOS, SOSOS and SODOS",
    ),
    Preset(
        "Indirect (Pippel)",
        Rules.FIDE_2024,
        ("RELO", "GRS", "LS"),
        description="relative Elo, generalised row sum and least squares (tiebreak proposals)",
    ),
)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def get_preset(name: str) -> Preset:
    """A preset by name; case, spaces and punctuation do not matter ("fide-swiss-2026")."""
    wanted = _slug(name)
    for preset in PRESETS:
        if _slug(preset.name) == wanted:
            return preset
    names = ", ".join(repr(p.name) for p in PRESETS)
    raise ValueError(f"unknown preset {name!r}; presets: {names}")
