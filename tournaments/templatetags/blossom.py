"""Template filters that read values the way tournaments/presentation.py says."""

from __future__ import annotations

from django import template

from tournaments.presentation import format_points

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
