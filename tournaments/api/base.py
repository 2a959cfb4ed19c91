"""What every API view shares: JSON errors, slug resolution, permission to read or write
a section, cached section reads with ETag/304, and limit/offset pages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from tournaments.api.errors import BadRequest, api_exception_handler
from tournaments.caching.frontdoor import remember
from tournaments.caching.responses import (
    SectionRef,
    Stored,
    cached,
    memo_forget,
    section_ref,
    to_response,
)
from tournaments.caching.versions import section_cache_key
from tournaments.models import Event, Section
from tournaments.selectors.events import user_can_arbitrate
from tournaments.selectors.sections import section_get_by_slugs, section_last_modified

JSON = "application/json"
DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
MAX_OFFSET = 1_000_000


class ApiView(APIView):
    renderer_classes = [JSONRenderer]

    def initial(self, request: Request, *args, **kwargs) -> None:
        # ?format=... must name one of the view's formats; an empty or unknown one
        # is bad input, not a silent fallback.
        asked = request.query_params.get(api_settings.URL_FORMAT_OVERRIDE)
        if asked is not None:
            known = sorted({r.format for r in self.get_renderers()})
            if asked not in known:
                raise BadRequest(f"format must be one of {', '.join(known)}; got {asked[:20]!r}.")
        super().initial(request, *args, **kwargs)

    def get_exception_handler(self):
        return api_exception_handler


def not_found(event: str, section: str | None = None) -> exceptions.NotFound:
    if section is None:
        return exceptions.NotFound(f"There is no public event {event!r}.")
    return exceptions.NotFound(f"There is no public section {section!r} in event {event!r}.")


def _may_read_private(request: Request, event_id: int) -> bool:
    user = request.user
    if not getattr(user, "is_authenticated", False):
        return False
    event = Event.objects.filter(pk=event_id).first()
    return event is not None and user_can_arbitrate(user=user, event=event)


def readable_ref(request: Request, event: str, section: str) -> SectionRef:
    """The section behind the slugs if the caller may read it: everyone for a public
    event, its arbiters for a private one (others are told it does not exist)."""
    ref = section_ref(event, section)
    if ref is None:
        raise not_found(event, section)
    if not ref.event_public and not _may_read_private(request, ref.event_id):
        raise not_found(event, section)
    return ref


def arbiter_section(request: Request, event: str, section: str) -> Section:
    """The section if the (authenticated) caller arbitrates its event: 404 when it does
    not exist (or is private and not theirs), 403 when it is someone else's event."""
    sec = section_get_by_slugs(event_slug=event, section_slug=section)
    if sec is None:
        raise not_found(event, section)
    if not user_can_arbitrate(user=request.user, event=sec.event):
        if not sec.event.is_public:
            raise not_found(event, section)
        raise exceptions.PermissionDenied(f"You are not an arbiter of {sec.event.name}.")
    return sec


# Pages of a list -------------------------------------------------------------------------

PAGE_PARAMETERS = [
    OpenApiParameter(
        "limit",
        {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT},
        description=f"Items per page (default {DEFAULT_LIMIT}).",
    ),
    OpenApiParameter(
        "offset",
        {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET},
        description="Items to skip (default 0).",
    ),
]


def _int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if not raw.isdigit() or len(raw) > 9 or not low <= int(raw) <= high:
        raise BadRequest(f"{name} must be a whole number from {low} to {high}; got {raw[:20]!r}.")
    return int(raw)


@dataclass(frozen=True, slots=True)
class PageParams:
    limit: int
    offset: int

    @classmethod
    def from_request(cls, request: Request) -> PageParams:
        return cls(
            limit=_int_param(request, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT),
            offset=_int_param(request, "offset", 0, 0, MAX_OFFSET),
        )

    def envelope(self, items: Sequence[Any], *, url: str, extra_query: str = "") -> dict[str, Any]:
        """{"count", "next", "previous", "results"} for one page of `items`; links are
        built from the canonical `url` (never from whatever the client sent)."""
        count = len(items)

        def link(offset: int) -> str:
            query = f"limit={self.limit}&offset={offset}"
            return f"{url}?{extra_query}&{query}" if extra_query else f"{url}?{query}"

        nxt = link(self.offset + self.limit) if self.offset + self.limit < count else None
        prev = link(max(0, self.offset - self.limit)) if self.offset > 0 else None
        return {
            "count": count,
            "next": nxt,
            "previous": prev,
            "results": list(items[self.offset : self.offset + self.limit]),
        }


# Cached section reads ---------------------------------------------------------------------


def section_json(
    request: Request,
    *,
    event: str,
    section: str,
    name: str,
    params: tuple[object, ...],
    build: Callable[[Section, str], Any],
):
    """A section resource as cached JSON: the body is built once per section version
    (`build(section, origin)` returns plain data), then answered from the cache with
    its ETag and Last-Modified, or 304 when the client has it already."""
    ref = readable_ref(request, event, section)
    origin = request.build_absolute_uri("/")[:-1]  # links in the body are absolute

    def render(key: str) -> Stored:
        sec = section_get_by_slugs(event_slug=event, section_slug=section)
        if sec is None or sec.pk != ref.section_id:
            memo_forget(("section", event, section))
            raise not_found(event, section)
        if not sec.event.is_public and not _may_read_private(request, sec.event_id):
            raise not_found(event, section)
        body = JSONRenderer().render(build(sec, origin))
        return Stored.make(
            body,
            key=key,
            content_type=JSON,
            last_modified=section_last_modified(section=sec),
        )

    parts = ("api", name, *params, origin)
    stored = cached(ref.section_id, parts, render)
    response = to_response(request, stored)
    if not ref.event_public:
        response["Cache-Control"] = "private, no-cache"
    elif "HTTP_AUTHORIZATION" not in request.META:
        # The same answer for every reader: the front door may replay it.
        remember(request, partial(section_cache_key, ref.section_id, *parts))
    return response
