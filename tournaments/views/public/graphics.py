"""Pictures drawn on the server: QR codes (segno) and the player's score chart (SVG)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

import segno
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.presentation import format_points
from tournaments.selectors.players import CardRound


def qr_svg(url: str) -> SafeString:
    """An inline SVG QR code for `url` that scales with CSS (viewBox, no fixed size).

    The markup is segno's path data only; no text from the page goes into it."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(border=2, omitsize=True, svgclass="qr", lineclass="")
    return mark_safe(svg)  # generated path data only


@dataclass(frozen=True, slots=True)
class ChartPoint:
    x: str
    y: str
    round_number: int
    label: str  # the score after the round, e.g. "3½"


@dataclass(frozen=True, slots=True)
class Chart:
    """Coordinates are strings (formatted here, never by the template's locale)."""

    width: int
    height: int
    left: int
    right: int
    label_x: int
    xlabel_y: int
    points: list[ChartPoint]
    polyline: str
    gridlines: list[tuple[str, str]]  # (y, score label)
    xlabels: list[tuple[str, str]]  # (x, round number)
    description: str


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def score_chart(rounds: Sequence[CardRound], *, total_rounds: int, win: Decimal) -> Chart | None:
    """Score after each round as a small line chart; None before the first round.

    The x axis holds every round of the section, the y axis the most a player could
    have scored (a win in every round), so charts of different players compare."""
    if not rounds:
        return None
    n = max(total_rounds, rounds[-1].number, 1)
    top = max(Decimal(n) * (win or Decimal(1)), max(r.total for r in rounds), Decimal(1))
    width, height, left, right, upper, lower = 320, 140, 26, 312, 8, 20
    inner_w, inner_h = right - left, height - upper - lower

    def x(number: int) -> str:
        return _num(left + inner_w * number / n)

    def y(score: Decimal) -> str:
        return _num(upper + inner_h * float(1 - score / top))

    points = [ChartPoint(x(r.number), y(r.total), r.number, format_points(r.total)) for r in rounds]
    step = max(1, int(top) // 4)
    grid = [(y(Decimal(v)), str(v)) for v in range(0, int(top) + 1, step)]
    description = "; ".join(
        _("after round %(n)s: %(points)s") % {"n": r.number, "points": format_points(r.total)}
        for r in rounds
    )
    return Chart(
        width=width,
        height=height,
        left=left,
        right=right,
        label_x=left - 6,
        xlabel_y=height - 4,
        points=points,
        polyline=" ".join([f"{x(0)},{y(Decimal(0))}"] + [f"{p.x},{p.y}" for p in points]),
        gridlines=grid,
        xlabels=[(x(i), str(i)) for i in range(1, n + 1)],
        description=_("Score %(description)s.") % {"description": description},
    )
