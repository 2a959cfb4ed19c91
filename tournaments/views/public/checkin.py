"""A player checks in on their own phone: the event's code shown at the venue and their
name. The one public page that writes: never cached, CSRF-protected, and an address
that gives wrong codes too often waits (as logins do)."""

from __future__ import annotations

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from tournaments.errors import ServiceError, WrongCode
from tournaments.selectors.events import public_event_get
from tournaments.services.players import CODE_ATTEMPTS, CODE_WINDOW, player_self_check_in
from tournaments.throttle import client_address


def _key(request: HttpRequest, event) -> str:
    return f"checkin-fail:{event.pk}:{event.slug}:{client_address(request)}"


@never_cache
@require_http_methods(["GET", "POST"])
def event_check_in(request: HttpRequest, event: str) -> HttpResponse:
    found = public_event_get(slug=event)
    if found is None:
        raise Http404("No such event")
    with translation.override(found.language or "en"):  # the event's, as its other pages
        response = _check_in(request, found)
    response["Content-Language"] = found.language or "en"
    return response


def _check_in(request: HttpRequest, found) -> HttpResponse:
    context = {"event": found, "done": None, "error": "", "values": {}}
    status = 200
    if request.method == "POST":
        values = {k: request.POST.get(k, "")[:120] for k in ("code", "name", "number")}
        context["values"] = values
        failures = cache.get(_key(request, found), 0)
        if failures >= CODE_ATTEMPTS:
            context["error"] = _("Too many wrong codes: wait a few minutes, or ask the arbiter.")
            status = 429
        else:
            number = values["number"].strip()
            try:
                player, round_number = player_self_check_in(
                    event=found,
                    code=values["code"],
                    name=values["name"],
                    number=int(number) if number.isdigit() else None,
                )
            except WrongCode as exc:
                cache.set(_key(request, found), failures + 1, CODE_WINDOW)
                context["error"], status = exc.message, 403
            except ServiceError as exc:
                context["error"], status = exc.message, 400
            else:
                context["done"] = (player, round_number)
    return render(request, "public/check_in.html", context, status=status)
