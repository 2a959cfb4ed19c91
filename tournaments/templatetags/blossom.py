"""Template filters that read values the way tournaments/presentation.py says."""

from __future__ import annotations

from django import template
from django.utils.formats import date_format
from django.utils.translation import get_language, ngettext

from tournaments.presentation import format_points
from tournaments.presentation import game_terms as _game_terms
from tournaments.presentation import jigo_possible as _jigo_possible
from tournaments.presentation import result_label as _result_label
from tournaments.presentation import violation_text as _violation_text

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
    return ngettext("%(points)s point", "%(points)s points", 1 if single else 2) % {"points": text}


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


@register.filter
def violation_text(violation) -> str:
    """A broken rule as a sentence in the page's language."""
    return _violation_text(violation)


DATE_FORMATS = {"en": "j M Y", "fr": "j F Y", "de": "j. F Y", "es": r"j \d\e F \d\e Y"}


@register.filter
def event_date(value) -> str:
    """An event's day the way the page's language writes it: "28 Nov 2026",
    "28 novembre 2026", "28. November 2026", "28 de noviembre de 2026"."""
    if not value:
        return ""
    language = (get_language() or "en").split("-")[0]
    return date_format(value, DATE_FORMATS.get(language, DATE_FORMATS["en"]))


@register.filter
def points_count(value) -> int:
    """The count a score's plural follows (1 for ½ and 1 point, else 2): sentences that
    say "N points" pick their form from it; scores are not whole numbers."""
    return 1 if value is not None and 0 < float(value) <= 1 else 2
