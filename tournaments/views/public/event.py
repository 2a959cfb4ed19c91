"""The event's public pages: home (sections, current rounds, find me, QR code), the A4
QR poster, event-wide find me and the live version the home page polls.

Event pages depend on every section of the event: they are cached under a token made
of the sections' versions, so a publish or a result in any section renews them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import quote_plus

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.request import split_domain_port
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseStopPolling

from tournaments.caching.frontdoor import remember
from tournaments.caching.responses import (
    RESOLVE_TTL,
    Stored,
    cached_under,
    memo_forget,
    memo_get,
    to_response,
)
from tournaments.caching.versions import section_versions
from tournaments.models import Event
from tournaments.network import lan_address
from tournaments.selectors.events import (
    SectionSummary,
    event_list_public,
    event_sections,
    public_event_get,
)
from tournaments.selectors.sections import section_last_modified
from tournaments.views.public.findme import clean_query, find_index_cached, find_matches
from tournaments.views.public.graphics import qr_svg
from tournaments.views.public.section import poll_seconds, section_urls

HTML = "text/html; charset=utf-8"


@dataclass(frozen=True, slots=True)
class EventRef:
    event_id: int
    public: bool
    updated: float
    section_ids: tuple[int, ...]


def event_ref(slug: str) -> EventRef | None:
    def load() -> EventRef | None:
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            return None
        ids = tuple(event.sections.order_by("id").values_list("id", flat=True))
        return EventRef(event.pk, event.is_public, event.updated_at.timestamp(), ids)

    return memo_get(("event", slug), load, ttl=RESOLVE_TTL)  # type: ignore[return-value]


def event_token(ref: EventRef) -> str:
    """Changes whenever any section of the event changes (or the event itself)."""
    versions = ",".join(str(v) for v in section_versions(ref.section_ids))
    raw = f"{ref.updated}:{ref.section_ids}:{versions}"
    return hashlib.blake2b(raw.encode(), digest_size=8).hexdigest()


def event_key(ref: EventRef, tail: tuple[str, ...], *, token: str | None = None) -> str:
    """The cache key of an event page at the current versions of its sections."""
    return ":".join([f"event:{ref.event_id}:{token or event_token(ref)}", *tail])


def _public_event_ref(slug: str) -> EventRef:
    ref = event_ref(slug)
    if ref is None or not ref.public:
        raise Http404("No such event.")
    return ref


def _load_event(slug: str) -> Event:
    event = public_event_get(slug=slug)
    if event is None:
        memo_forget(("event", slug))
        raise Http404("No such event.")
    return event


def _last_modified(event: Event, summaries: list[SectionSummary]):
    stamps = [event.updated_at]
    stamps += [section_last_modified(section=s.section) for s in summaries]
    return max(stamps)


def _serve(
    request: HttpRequest,
    slug: str,
    *,
    parts: tuple[object, ...],
    template: str,
    build: Callable[[Event, list[SectionSummary]], dict[str, Any]],
) -> HttpResponse:
    ref = _public_event_ref(slug)
    htmx = bool(request.htmx)
    origin = f"{request.scheme}://{request.get_host()}"  # the QR code holds absolute URLs
    tail = (*map(str, parts), origin, "hx" if htmx else "full")
    token = event_token(ref)
    key = event_key(ref, tail, token=token)

    def render(key: str) -> Stored:
        event = _load_event(slug)
        summaries = event_sections(event=event)
        event_url = reverse("public:event", args=[slug])
        # One page for every reader: the texts the build makes are in the same language.
        with translation.override(event.language or settings.LANGUAGE_CODE):
            context = {
                "event": event,
                "sections": [(s, section_urls(slug, s.section.slug)) for s in summaries],
                "event_url": event_url,
                "event_abs_url": origin + event_url,
                "find_url": reverse("public:event_find", args=[slug]),
                "poster_url": reverse("public:poster", args=[slug]),
                "live_url": reverse("public:event_live", args=[slug]),
                "version": token,
                "poll_seconds": poll_seconds(),
                **build(event, summaries),
            }
            # htmx refreshes get the page's live region (its "region" partial).
            part = f"{template}#region" if htmx and "poster" not in template else template
            html = render_to_string(part, context)
        return Stored.make(
            html.encode(),
            key=key,
            content_type=HTML,
            last_modified=_last_modified(event, summaries),
        )

    stored = cached_under(key, render)
    remember(request, partial(event_key, ref, tail))
    return to_response(request, stored, vary=("HX-Request",))


@require_safe
def event_home(request: HttpRequest, event: str) -> HttpResponse:
    """Sections with their current round and links, find me, and the QR code to here."""

    def build(obj: Event, summaries) -> dict[str, Any]:
        url = request.build_absolute_uri(reverse("public:event", args=[event]))
        lan = lan_hint(request, reverse("public:poster", args=[event]))
        return {"qr": qr_svg(url), "query": "", "found": None, "lan": lan}

    return _serve(
        request,
        event,
        parts=("home",),
        template="public/event.html",
        build=build,
    )


LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def lan_hint(request: HttpRequest, path: str) -> dict[str, str] | None:
    """When the page is served on this computer's own address (127.0.0.1, localhost),
    the QR code there is useless to phones: what to do instead, with this computer's
    address on the local network where it can be found."""
    host, port = split_domain_port(request.get_host())
    if not (host in LOCAL_HOSTS or host.startswith("127.") or host.endswith(".localhost")):
        return None
    port = port or ("443" if request.is_secure() else "80")
    lan = lan_address()
    poster = f"{request.scheme}://{lan}:{port}{path}" if lan else ""
    return {"origin": f"{request.scheme}://{request.get_host()}", "port": port, "poster": poster}


@require_safe
def poster(request: HttpRequest, event: str) -> HttpResponse:
    """An A4 poster for the venue: the event's name and a large QR code to its page
    (and, when it is opened on this computer's own address, how to serve the venue)."""

    def build(obj: Event, summaries) -> dict[str, Any]:
        url = request.build_absolute_uri(reverse("public:event", args=[event]))
        return {"qr": qr_svg(url), "lan": lan_hint(request, request.path)}

    return _serve(
        request,
        event,
        parts=("poster",),
        template="public/poster.html",
        build=build,
    )


@require_safe
def event_find(request: HttpRequest, event: str) -> HttpResponse:
    """Find me across every section of the event."""
    query = clean_query(request.GET.get("q", ""))

    def build(obj: Event, summaries) -> dict[str, Any]:
        found: list = []
        total = 0
        if query:
            for s in summaries:
                some, n = find_matches(find_index_cached(s.section), query)
                found += some
                total += n
        return {
            "query": query,
            "found": found[:20],
            "total": total,
            "show_section": len(summaries) > 1,
            "self_url": reverse("public:event_find", args=[event])
            + (f"?q={quote_plus(query)}" if query else ""),
        }

    digest = hashlib.blake2b(query.encode(), digest_size=8).hexdigest() if query else "-"
    return _serve(
        request,
        event,
        parts=("find", digest),
        template="public/event_find.html",
        build=build,
    )


@require_safe
def event_live(request: HttpRequest, event: str) -> HttpResponse:
    """Like the section's live endpoint, for pages that show every section."""
    ref = event_ref(event)
    htmx = bool(request.htmx)
    if ref is None or not ref.public:
        if htmx:
            return HttpResponseStopPolling()
        raise Http404("No such event.")
    token = event_token(ref)
    if not htmx:
        response: HttpResponse = JsonResponse({"version": token})
    elif request.GET.get("v") == token:
        response = HttpResponse(status=204)
    else:
        live_url = reverse("public:event_live", args=[event])
        context = {"live_url": live_url, "version": token, "poll_seconds": poll_seconds()}
        html = render_to_string("public/_live.html", context)
        response = HttpResponse(html)
        response["HX-Trigger"] = "section-changed"
    response["Cache-Control"] = "no-store"
    return response


def home(request: HttpRequest) -> HttpResponse:
    """The site's front page: every public event (not cached whole: it shows who is
    logged in)."""
    events = event_list_public().prefetch_related("sections")
    return render(request, "tournaments/home.html", {"events": events})
