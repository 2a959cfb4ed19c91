"""Standings with the section's tiebreaks, the crosstable, and the print views
(pairings in large type, result slips with cut lines, standings), all A4."""

from __future__ import annotations

import functools

from django.shortcuts import render
from django.utils import translation
from django.utils.translation import pgettext

from tournaments.collation import name_sort_key
from tournaments.errors import ServiceError
from tournaments.selectors.rounds import round_boards, round_byes, round_games
from tournaments.selectors.standings import crosstable as crosstable_of
from tournaments.selectors.standings import standings_compute
from tournaments.snapshot import SectionSnapshot
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import int_or_none


def _standings(section, after: int | None):
    """(standings or None, the reason there are none)."""
    try:
        return standings_compute(section=section, after_round=after), ""
    except ServiceError as exc:
        return None, exc.message


@arbiter_view
def standings(request, event, section):
    table, error = _standings(section, int_or_none(request.GET.get("after")))
    return render(
        request,
        "arbiter/standings.html",
        {
            "event": event,
            "section": section,
            "standings": table,
            "error": error,
            "complete": table.complete if table else [],
            "tab": "standings",
        },
    )


def crosstable_order(request) -> str:
    """?order=rank orders a crosstable by the standings; anything else by number."""
    return "rank" if request.GET.get("order") == "rank" else "number"


@arbiter_view
def crosstable(request, event, section):
    order = crosstable_order(request)
    return render(
        request,
        "arbiter/crosstable.html",
        {
            "event": event,
            "section": section,
            "table": crosstable_of(section=section, order=order),
            "order": order,
            "tab": "crosstable",
        },
    )


def in_event_language(view):
    """Print sheets go on the venue's wall: in the event's language, whatever the
    arbiter's pages speak."""

    @functools.wraps(view)
    def wrapper(request, event, *args, **kwargs):
        with translation.override(event.language or "en"):
            response = view(request, event, *args, **kwargs)
        response["Content-Language"] = event.language or "en"
        return response

    return wrapper


@arbiter_view
@in_event_language
def print_standings(request, event, section):
    table, error = _standings(section, int_or_none(request.GET.get("after")))
    return render(
        request,
        "arbiter/print/standings.html",
        {"event": event, "section": section, "standings": table, "error": error},
    )


@arbiter_view
@in_event_language
def print_pairings(request, event, section, round):
    snapshot = SectionSnapshot.load(section)
    by_name = request.GET.get("order") == "name"
    return render(
        request,
        "arbiter/print/pairings.html",
        {
            "event": event,
            "section": section,
            "round": round,
            "boards": round_boards(snapshot=snapshot, number=round.number),
            "byes": round_byes(snapshot=snapshot, number=round.number),
            "by_name": by_name,
            "alphabetical": _alphabetical(snapshot, round.number) if by_name else [],
        },
    )


def _alphabetical(snapshot: SectionSnapshot, number: int) -> list[tuple]:
    """(player, board, colour, opponent) for every player, by name: for the wall."""
    out = []
    for g in snapshot.games.get(number, ()):
        out.append((g.white, g.board, pgettext("colour", "white"), g.black))
        out.append((g.black, g.board, pgettext("colour", "black"), g.white))
    for row in round_byes(snapshot=snapshot, number=number):
        out.append((row.bye.player, None, row.label, None))
    return sorted(out, key=lambda item: name_sort_key(item[0].name))


@arbiter_view
@in_event_language
def print_slips(request, event, section, round):
    return render(
        request,
        "arbiter/print/slips.html",
        {"event": event, "section": section, "round": round, "games": round_games(round=round)},
    )
