"""Errors as JSON: every 4xx answer is {"detail": "<a sentence for people>"} (plus
fields that help the client, such as the current result after a conflict)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from tournaments.errors import (
    InvariantError,
    QueueUnreachable,
    ResultConflict,
    RulesBroken,
    ServiceError,
    StateError,
)


class BadRequest(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = "Bad request."
    default_code = "invalid"


class PreconditionRequired(exceptions.APIException):
    """A write that must name the version it was based on, and did not."""

    status_code = 428
    default_detail = "Say which version you saw."
    default_code = "precondition_required"


class Gone(exceptions.NotFound):
    """A resource that does not exist for this section (e.g. a TRF of a Go section)."""


def _flatten(errors: Any, prefix: str = "") -> list[str]:
    if isinstance(errors, dict):
        out: list[str] = []
        for key, value in errors.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out += _flatten(value, "" if key == "non_field_errors" else name)
        return out
    if isinstance(errors, list):
        return [m for item in errors for m in _flatten(item, prefix)]
    return [f"{prefix}: {errors}" if prefix else str(errors)]


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    """Services' errors become 400/409 with their message (409 with the broken rules
    when a publish needs confirming; 503 when the workers cannot be reached);
    everything else follows DRF, reshaped so the body always has a "detail" sentence."""
    if isinstance(exc, ResultConflict):
        body = {
            "detail": exc.message,
            "current_result": exc.current_result,
            "current_version": exc.current_version,
        }
        return Response(body, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, RulesBroken):
        body = {"detail": exc.message, "broken_rules": [v.to_dict() for v in exc.violations]}
        return Response(body, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, QueueUnreachable):
        return Response(
            {"detail": exc.message + " Try again in a moment."},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": "10"},
        )
    if isinstance(exc, StateError | InvariantError):
        return Response({"detail": exc.message}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, ServiceError):
        return Response({"detail": exc.message}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    if isinstance(exc, exceptions.ValidationError):
        messages = _flatten(exc.detail)
        response = Response(
            {"detail": " ".join(messages) or "Invalid input.", "errors": exc.detail},
            status=status.HTTP_400_BAD_REQUEST,
        )
        return response
    return exception_handler(exc, context)
