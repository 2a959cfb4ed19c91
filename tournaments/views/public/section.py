"""A section's public pages: pairings, standings, crosstable, player card, find me.

Each view parses its input and names what to build; `_serve` answers from the cache
(one read for the version, one for the page) or renders once per version. htmx
requests (HX-Request) get only the page's live region, under their own cache entry.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any
from urllib.parse import quote_plus

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseStopPolling

from tournaments.caching.frontdoor import remember
from tournaments.caching.responses import (
    SectionRef,
    Stored,
    cached,
    memo_forget,
    section_ref,
    to_response,
)
from tournaments.caching.versions import section_cache_key, section_version
from tournaments.errors import ServiceError
from tournaments.selectors.players import player_card, section_player_lines
from tournaments.selectors.rounds import (
    MAX_ROUND_NUMBER,
    public_current_round,
    public_round_get,
    public_rounds,
    round_pairings,
)
from tournaments.selectors.sections import public_section_get, section_last_modified
from tournaments.selectors.standings import RoundNotComplete, public_standings
from tournaments.selectors.standings import crosstable as crosstable_of
from tournaments.views.public.findme import (
    clean_query,
    find_index_cached,
    find_matches,
    query_token,
)
from tournaments.views.public.graphics import score_chart

HTML = "text/html; charset=utf-8"
MAX_PAIRING_NUMBER = 100_000

Build = Callable[[Any], dict[str, Any]]


def _public_ref(event: str, section: str) -> SectionRef:
    ref = section_ref(event, section)
    if ref is None or not ref.event_public:
        raise Http404("No such section.")
    return ref


def poll_seconds() -> int:
    """How often open pages ask whether something changed (PUBLIC_POLL_SECONDS)."""
    return int(getattr(settings, "PUBLIC_POLL_SECONDS", 15))


def section_urls(event_slug: str, section_slug: str) -> dict[str, str]:
    base = reverse("public:section", args=[event_slug, section_slug])
    return {
        "base": base,
        "event_url": reverse("public:event", args=[event_slug]),
        "live_url": f"{base}live/",
        "find_url": f"{base}find/",
    }


def _common(section, version: int, tab: str, self_url: str) -> dict[str, Any]:
    rounds = [r.number for r in public_rounds(section=section)]
    return {
        "event": section.event,
        "section": section,
        "go": section.is_go,
        "version": version,
        "poll_seconds": poll_seconds(),
        "rounds": rounds,
        "current": rounds[-1] if rounds else None,
        "tab": tab,
        "self_url": self_url,
        **section_urls(section.event.slug, section.slug),
    }


def _serve(
    request: HttpRequest,
    event: str,
    section: str,
    *,
    parts: tuple[object, ...],
    tab: str,
    path: str,
    template: str,
    build: Build,
) -> HttpResponse:
    ref = _public_ref(event, section)
    htmx = bool(request.htmx)

    def render(key: str) -> Stored:
        version = section_version(ref.section_id)  # before reading: content is never older
        sec = public_section_get(event_slug=event, section_slug=section)
        if sec is None:
            memo_forget(("section", event, section))
            raise Http404("No such section.")
        # One page for every reader: the texts the build makes are in the same language.
        with translation.override(sec.event.language or settings.LANGUAGE_CODE):
            context = _common(sec, version, tab, path)
            extra = build(sec)
            status = extra.pop("status", 200)
            context.update(extra)
            page = "public/missing.html" if status == 404 else template  # not (yet) there
            # htmx refreshes get the page's live region (its "region" partial).
            html = render_to_string(f"{page}#region" if htmx else page, context)
        return Stored.make(
            html.encode(),
            key=key,
            content_type=HTML,
            last_modified=section_last_modified(section=sec),
            status=status,
        )

    key_parts = ("page", *parts, "hx" if htmx else "full")
    stored = cached(ref.section_id, key_parts, render)
    remember(request, partial(section_cache_key, ref.section_id, *key_parts))
    return to_response(request, stored, vary=("HX-Request",))


# Pairings -----------------------------------------------------------------------------


def _pairings_build(number: int | None) -> Build:
    def build(section) -> dict[str, Any]:
        rnd = (
            public_current_round(section=section)
            if number is None
            else public_round_get(section=section, number=number)
        )
        if rnd is None and number is not None:
            return {"status": 404, "message": _("Round %(n)s is not published.") % {"n": number}}
        if rnd is None:
            return {"pairings": None, "players": section_player_lines(section=section)}
        return {"pairings": round_pairings(round=rnd)}

    return build


@require_safe
def section_home(request: HttpRequest, event: str, section: str) -> HttpResponse:
    """The current round's pairings (the registered players before round 1)."""
    path = reverse("public:section", args=[event, section])
    return _serve(
        request,
        event,
        section,
        parts=("home",),
        tab="pairings",
        path=path,
        template="public/pairings.html",
        build=_pairings_build(None),
    )


@require_safe
def round_detail(request: HttpRequest, event: str, section: str, number: int) -> HttpResponse:
    if not 1 <= number <= MAX_ROUND_NUMBER:
        raise Http404("No such round.")
    path = reverse("public:round", args=[event, section, number])
    return _serve(
        request,
        event,
        section,
        parts=("round", number),
        tab="pairings",
        path=path,
        template="public/pairings.html",
        build=_pairings_build(number),
    )


# Standings and crosstable -------------------------------------------------------------


def _after_round(request: HttpRequest) -> int | None:
    """The round asked for, or None (the latest) for anything that is not one."""
    raw = request.GET.get("after_round", "")
    return int(raw) if raw.isdigit() and len(raw) <= 3 and int(raw) >= 1 else None


@require_safe
def standings(request: HttpRequest, event: str, section: str) -> HttpResponse:
    after = _after_round(request)
    path = reverse("public:standings", args=[event, section])
    if after is not None:
        path += f"?after_round={after}"

    def build(sec) -> dict[str, Any]:
        try:
            table = public_standings(section=sec, after_round=after)
        except RoundNotComplete as exc:
            return {"status": 404, "message": str(exc)}
        except ServiceError as exc:  # e.g. a tiebreak the section names is unknown
            return {"standings": None, "problem": exc.message}
        return {"standings": table}

    return _serve(
        request,
        event,
        section,
        parts=("standings", "last" if after is None else after),
        tab="standings",
        path=path,
        template="public/standings.html",
        build=build,
    )


@require_safe
def crosstable(request: HttpRequest, event: str, section: str) -> HttpResponse:
    """By pairing number, or (?order=rank) in the order of the standings."""
    order = "rank" if request.GET.get("order") == "rank" else "number"

    def build(sec) -> dict[str, Any]:
        table = crosstable_of(section=sec, published_only=True, order=order)
        return {
            "numbers": table.rounds,
            "rows": table.rows,
            "order": order,
            "ranked_after": table.ranked_after,
        }

    path = reverse("public:crosstable", args=[event, section])
    if order == "rank":
        path += "?order=rank"
    return _serve(
        request,
        event,
        section,
        parts=("crosstable", order),
        tab="crosstable",
        path=path,
        template="public/crosstable.html",
        build=build,
    )


# Player card ------------------------------------------------------------------------------


@require_safe
def player_detail(request: HttpRequest, event: str, section: str, number: int) -> HttpResponse:
    if not 1 <= number <= MAX_PAIRING_NUMBER:
        raise Http404("No such player.")

    def build(sec) -> dict[str, Any]:
        card = player_card(section=sec, pairing_number=number)
        if card is None:
            return {
                "status": 404,
                "message": _("There is no player number %(n)s.") % {"n": number},
            }
        chart = score_chart(card.rounds, total_rounds=sec.total_rounds, win=sec.points_win)
        return {"card": card, "chart": chart}

    path = reverse("public:player", args=[event, section, number])
    return _serve(
        request,
        event,
        section,
        parts=("player", number),
        tab="",
        path=path,
        template="public/player.html",
        build=build,
    )


# Find me ------------------------------------------------------------------------------------


@require_safe
def find(request: HttpRequest, event: str, section: str) -> HttpResponse:
    query = clean_query(request.GET.get("q", ""))
    path = reverse("public:find", args=[event, section])
    if query:
        path += f"?q={quote_plus(query)}"

    def build(sec) -> dict[str, Any]:
        found, total = find_matches(find_index_cached(sec), query) if query else ([], 0)
        return {"query": query, "found": found, "total": total, "show_section": False}

    return _serve(
        request,
        event,
        section,
        parts=("find", query_token(query)),
        tab="find",
        path=path,
        template="public/find.html",
        build=build,
    )


# Live version ---------------------------------------------------------------------------------


@require_safe
def live(request: HttpRequest, event: str, section: str) -> HttpResponse:
    """Pages poll this every 15 s: 204 while nothing changed; the new poller and an
    HX-Trigger "section-changed" when it did; 286 (stop polling) when the section is
    gone. Programs get the version as JSON."""
    ref = section_ref(event, section)
    htmx = bool(request.htmx)
    if ref is None or not ref.event_public:
        if htmx:
            return HttpResponseStopPolling()
        raise Http404("No such section.")
    version = section_version(ref.section_id)
    if not htmx:
        response: HttpResponse = JsonResponse({"version": version})
    elif request.GET.get("v") == str(version):
        response = HttpResponse(status=204)
    else:
        live_url = section_urls(event, section)["live_url"]
        context = {"live_url": live_url, "version": version, "poll_seconds": poll_seconds()}
        html = render_to_string("public/_live.html", context)
        response = HttpResponse(html)
        response["HX-Trigger"] = "section-changed"
    response["Cache-Control"] = "no-store"
    return response
