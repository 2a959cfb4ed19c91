"""Template filters that read values the way tournaments/presentation.py says."""

from __future__ import annotations

from django import template

from tournaments.presentation import format_points
from tournaments.presentation import game_terms as _game_terms
from tournaments.presentation import jigo_possible as _jigo_possible
from tournaments.presentation import result_label as _result_label

register = template.Library()


@register.filter
def points(value) -> str:
    """A score as players write it: 2.5 -> "2½", 3 -> "3", 0.5 -> "½"."""
    return format_points(value)


@register.filter
def points_unit(value) -> str:
    """A score with its unit: "½ point", "1 point", "0 points", "2½ points"."""
    text = format_points(value)
    if not text:
        return ""
    single = value is not None and 0 < float(value) <= 1
    return f"{text} point" if single else f"{text} points"


@register.filter
def result_label(value, go=False) -> str:
    """A stored result as players read it: "1–0" in chess, "B+" or "W+" in Go."""
    return _result_label(value or "", go=bool(go))


@register.filter
def jigo_possible(komi) -> bool:
    """Whether a Go game with this komi can end in jigo (a whole-number komi)."""
    return _jigo_possible(komi)


@register.filter
def game_terms(handicap, komi) -> str:
    """A Go game's terms: "H2, komi 0.5", "komi 6.5"."""
    return _game_terms(handicap, komi)
