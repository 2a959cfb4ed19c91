"""Login throttling: after LOGIN_THROTTLE_ATTEMPTS failed logins for one username from
one address within LOGIN_THROTTLE_WINDOW seconds (default 5 in 5 minutes), further
attempts get 429 and a sentence saying when to try again, without the password
being checked at all.

Failures are counted from Django's `user_login_failed` signal, so both login pages
(/login/ and the admin's) count; the count lives in the Django cache (Redis or
memory) and ends with its window. A successful login clears it. The client's
address is REMOTE_ADDR, or the last X-Forwarded-For entry behind a proxy
(BEHIND_PROXY=1: that entry is the one the proxy itself added).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

log = logging.getLogger(__name__)

LOGIN_VIEWS = frozenset({"login", "admin:login"})


def attempts_allowed() -> int:
    return int(getattr(settings, "LOGIN_THROTTLE_ATTEMPTS", 5))


def window_seconds() -> int:
    return int(getattr(settings, "LOGIN_THROTTLE_WINDOW", 300))


def client_address(request: HttpRequest) -> str:
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


def _key(username: str, address: str) -> str:
    raw = f"{username.strip().casefold()}\0{address}".encode()
    return "login-failures:" + hashlib.sha256(raw).hexdigest()[:32]


def login_failures(*, username: str, address: str) -> int:
    return int(cache.get(_key(username, address), 0))


def login_failure_record(*, username: str, address: str) -> int:
    """Count one failed login; the window starts with the first failure."""
    key = _key(username, address)
    cache.add(key, 0, window_seconds())
    try:
        return cache.incr(key)
    except ValueError:  # expired meanwhile, or the cache is unreachable
        cache.set(key, 1, window_seconds())
        return 1


@receiver(user_login_failed)
def _count_failure(sender, credentials: dict, request: HttpRequest | None = None, **kwargs):
    if request is None:
        return
    username = str(credentials.get("username") or "")
    count = login_failure_record(username=username, address=client_address(request))
    if count == attempts_allowed():
        log.warning("login throttled after %s failures for one username", count)


@receiver(user_logged_in)
def _clear_failures(sender, request: HttpRequest | None = None, user=None, **kwargs):
    if request is not None and user is not None:
        cache.delete(_key(user.get_username(), client_address(request)))


def throttled_response(request: HttpRequest, username: str) -> HttpResponse:
    minutes = max(1, round(window_seconds() / 60))
    message = (
        f"Too many failed logins for {username!r} from your address. Wait {minutes} "
        f"minute{'s' if minutes != 1 else ''}, then try again."
    )
    response = render(
        request, "registration/login.html", {"throttled": message, "form": None}, status=429
    )
    response["Retry-After"] = str(window_seconds())
    return response


class LoginThrottleMiddleware:
    """Refuses a login POST once its username and address have failed too often."""

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view, args, kwargs):
        if request.method != "POST":
            return None
        match = getattr(request, "resolver_match", None)
        if match is None or match.view_name not in LOGIN_VIEWS:
            return None
        username = request.POST.get("username", "")
        failures = login_failures(username=username, address=client_address(request))
        if failures >= attempts_allowed():
            return throttled_response(request, username)
        return None
