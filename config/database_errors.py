"""When the database does not answer (restarting, unreachable, a connection cut), the
page says so with 503 and how to go on, instead of a bare 500.

Every write runs in one transaction, so an action cut short this way has either
been saved completely or not at all; the answer says to reload and check (a commit
whose acknowledgement was lost did save), then try again. Result entry is safe to
repeat: a write that did go through makes the repeat a version conflict that
shows the current result.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse

from config.security import plain_refusal

log = logging.getLogger(__name__)

MESSAGE = (
    "The database did not answer, so this action may not have been saved. "
    "Reload the page in a moment to check, then try again."
)
RETRY_AFTER_SECONDS = 5


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        log.warning(
            "database unavailable during %s %s (%s)",
            request.method,
            request.path,
            type(exception).__name__,
        )
        response = plain_refusal(request, MESSAGE, 503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
