"""Standings with the section's tiebreaks, the crosstable, and the print views
(pairings in large type, result slips with cut lines, standings), all A4."""

from __future__ import annotations

from django.shortcuts import render

from tournaments import arbiter_selectors as aselectors
from tournaments import selectors
from tournaments.errors import ServiceError
from tournaments.standings import standings_compute
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import int_or_none
from tournaments.views.arbiter.present import crosstable_lines, standings_lines


def _standings(section, after: int | None):
    """(standings or None, the reason there are none)."""
    try:
        return standings_compute(section=section, after_round=after), ""
    except ServiceError as exc:
        return None, exc.message


def _complete_rounds(section) -> list[int]:
    return [s.round.number for s in aselectors.section_rounds(section=section) if s.complete]


@arbiter_view
def standings(request, event, section):
    after = int_or_none(request.GET.get("after"))
    table, error = _standings(section, after)
    return render(
        request,
        "arbiter/standings.html",
        {
            "event": event,
            "section": section,
            "standings": table,
            "lines": standings_lines(table) if table else [],
            "error": error,
            "complete": _complete_rounds(section),
            "tab": "standings",
        },
    )


@arbiter_view
def crosstable(request, event, section):
    numbers = dict(section.players.values_list("pk", "pairing_number"))
    rows = crosstable_lines(selectors.crosstable(section=section), numbers)
    rounds = list(section.rounds.order_by("number").values_list("number", flat=True))
    return render(
        request,
        "arbiter/crosstable.html",
        {
            "event": event,
            "section": section,
            "rows": rows,
            "numbers": rounds,
            "tab": "crosstable",
        },
    )


@arbiter_view
def print_standings(request, event, section):
    after = int_or_none(request.GET.get("after"))
    table, error = _standings(section, after)
    return render(
        request,
        "arbiter/print/standings.html",
        {
            "event": event,
            "section": section,
            "standings": table,
            "lines": standings_lines(table) if table else [],
            "error": error,
        },
    )


@arbiter_view
def print_pairings(request, event, section, round):
    scores = aselectors.round_scores_before(round=round)
    return render(
        request,
        "arbiter/print/pairings.html",
        {
            "event": event,
            "section": section,
            "round": round,
            "boards": aselectors.round_boards(round=round, scores=scores),
            "byes": aselectors.round_byes(round=round, scores=scores),
            "by_name": request.GET.get("order") == "name",
            "alphabetical": _alphabetical(round) if request.GET.get("order") == "name" else [],
        },
    )


def _alphabetical(rnd) -> list[tuple]:
    """(player, board, colour, opponent) for every player, by name: for the wall."""
    out = []
    for g in selectors.round_games(round=rnd):
        out.append((g.white, g.board, "white", g.black))
        out.append((g.black, g.board, "black", g.white))
    for b in rnd.byes.select_related("player"):
        out.append((b.player, None, b.get_kind_display(), None))
    return sorted(out, key=lambda item: item[0].name.casefold())


@arbiter_view
def print_slips(request, event, section, round):
    return render(
        request,
        "arbiter/print/slips.html",
        {
            "event": event,
            "section": section,
            "round": round,
            "games": selectors.round_games(round=round),
        },
    )
