"""Security headers on every answer, and a size limit on every request body.

- Content-Security-Policy (settings.CONTENT_SECURITY_POLICY) on every response that
  does not carry its own: scripts and styles only from this site, no inline script,
  no eval (htmx runs with allowEval off; see templates/base.html). The policy is the
  same for everyone, so answers the public front door replays keep it as they are.
  A view that needs another policy sets the header itself (the API's Swagger UI
  page, tournaments/api/urls.py).
- Permissions-Policy: no camera, microphone or location.
- A request whose body is larger than settings.MAX_REQUEST_BYTES is refused with 413
  and a sentence saying so, before anything reads the body (Django's own limit,
  DATA_UPLOAD_MAX_MEMORY_SIZE, leaves uploaded files out and answers a bare 400).

X-Content-Type-Options, Referrer-Policy, X-Frame-Options and Cross-Origin-Opener-
Policy come from Django's SecurityMiddleware and XFrameOptionsMiddleware.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.html import escape

PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()"


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response
        self.policy = settings.CONTENT_SECURITY_POLICY

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def plain_refusal(request: HttpRequest, message: str, status: int) -> HttpResponse:
    """An error answer with one sentence: JSON {"detail"} for the API, plain text for
    htmx (the page shows it in its banner), a minimal page otherwise."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=status)
    if request.headers.get("HX-Request") == "true":
        return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    page = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Blossom</title></head><body><main><p>{escape(message)}</p>"
        "<p>Go back with your browser's back button.</p></main></body></html>"
    )
    return HttpResponse(page, status=status, content_type="text/html; charset=utf-8")


class RequestSizeLimitMiddleware:
    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response
        self.limit = int(settings.MAX_REQUEST_BYTES)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django reads no body then either
        if length > self.limit:
            # The unread body is the server's to discard (WSGI answers may not set
            # Connection themselves).
            return plain_refusal(
                request,
                f"The upload is too large ({_megabytes(length)}); the limit is "
                f"{_megabytes(self.limit)}. Nothing was saved.",
                413,
            )
        return self.get_response(request)
