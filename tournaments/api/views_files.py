"""A section as a file: FIDE TRF (chess), OpenGotha XML and EGF .h9 (Go).

Cached per section version like the other reads. Everyone gets the published
rounds; the event's arbiters also get a draft round being prepared."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import renderers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request

from tournaments.api import serializers as s
from tournaments.api.base import ApiView, _may_read_private, readable_ref
from tournaments.caching.responses import Stored, cached, to_response
from tournaments.models import GameKind
from tournaments.selectors.exports import (
    ExportFile,
    h9_export,
    opengotha_export,
    tou_export,
    trf_export,
)
from tournaments.selectors.sections import section_get_by_slugs, section_last_modified


class PlainTextRenderer(renderers.BaseRenderer):
    media_type = "text/plain"
    format = "txt"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data if isinstance(data, bytes) else str(data).encode()


class XmlTextRenderer(PlainTextRenderer):
    media_type = "application/xml"
    format = "xml"


class _ExportView(ApiView):
    game: str = GameKind.CHESS
    extension = ""
    content_type = "text/plain; charset=utf-8"

    # The format's writer: (section=..., published_only=...) -> ExportFile.
    exporter: ClassVar[Callable[..., ExportFile]]

    def handle_exception(self, exc):
        """Errors are JSON like everywhere else in the API, whatever the file's type."""
        response = super().handle_exception(exc)
        self.request.accepted_renderer = renderers.JSONRenderer()
        self.request.accepted_media_type = "application/json"
        return response

    def get(self, request: Request, event: str, section: str):
        ref = readable_ref(request, event, section)
        arbiter = _may_read_private(request, ref.event_id)
        filename = f"{event}-{section}.{self.extension}"

        def render(key: str) -> Stored:
            sec = section_get_by_slugs(event_slug=event, section_slug=section)
            if sec is None:
                raise NotFound(f"There is no public section {section!r} in event {event!r}.")
            if sec.game != self.game:
                kind = "chess" if self.game == GameKind.CHESS else "Go"
                raise NotFound(
                    f"{sec.name} is not a {kind} section; there is no .{self.extension}."
                )
            exported = type(self).exporter(section=sec, published_only=not arbiter)
            headers = [("Content-Disposition", f'attachment; filename="{filename}"')]
            # What the file could not hold as Blossom has it (RFC 7234 warn-code 299).
            headers += [("Warning", f'299 - "{_header_text(note)}"') for note in exported.notes]
            return Stored.make(
                exported.text.encode("utf-8"),
                key=key,
                content_type=self.content_type,
                last_modified=section_last_modified(section=sec),
                headers=tuple(headers),
            )

        who = "arbiter" if arbiter else "public"
        stored = cached(ref.section_id, ("export", self.extension, who), render)
        response = to_response(request, stored)
        if arbiter or not ref.event_public:
            response["Cache-Control"] = "private, no-cache"
        return response


def _header_text(note: str) -> str:
    """A note as a header value: ASCII, no quotes or line breaks."""
    text = note.replace('"', "'").replace("\r", " ").replace("\n", " ")
    return text.encode("ascii", "replace").decode("ascii")[:300]


def _file_schema(media: str, what: str) -> Callable:
    return extend_schema(
        operation_id=f"export_{what.split()[0].lower()}",
        responses={
            (200, media): OpenApiResponse(OpenApiTypes.STR, description=what),
            400: OpenApiResponse(s.ErrorSerializer, description="An unknown ?format= value."),
            404: OpenApiResponse(
                s.ErrorSerializer, description="Unknown, private, or not this game."
            ),
        },
        summary=f"The section as {what}",
    )


class TrfExportView(_ExportView):
    renderer_classes = [PlainTextRenderer, renderers.JSONRenderer]
    game = GameKind.CHESS
    extension = "trf"

    @_file_schema("text/plain", "TRF (FIDE tournament report file)")
    def get(self, request: Request, event: str, section: str):
        return super().get(request, event, section)

    exporter = staticmethod(trf_export)


class OpenGothaExportView(_ExportView):
    renderer_classes = [XmlTextRenderer, renderers.JSONRenderer]
    game = GameKind.GO
    extension = "xml"
    content_type = "application/xml; charset=utf-8"

    @_file_schema("application/xml", "OpenGotha XML")
    def get(self, request: Request, event: str, section: str):
        return super().get(request, event, section)

    exporter = staticmethod(opengotha_export)


class H9ExportView(_ExportView):
    renderer_classes = [PlainTextRenderer, renderers.JSONRenderer]
    game = GameKind.GO
    extension = "h9"

    @_file_schema("text/plain", "H9 (EGF results format)")
    def get(self, request: Request, event: str, section: str):
        return super().get(request, event, section)

    exporter = staticmethod(h9_export)


class TouExportView(_ExportView):
    renderer_classes = [PlainTextRenderer, renderers.JSONRenderer]
    game = GameKind.GO
    extension = "tou"

    @_file_schema("text/plain", "FFG tournament results (.tou)")
    def get(self, request: Request, event: str, section: str):
        return super().get(request, event, section)

    exporter = staticmethod(tou_export)
