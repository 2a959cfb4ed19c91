"""Who may open an arbiter page: one decorator on every view.

`arbiter_view` resolves the URL's slugs into objects and checks the user:
anonymous users go to the login page (htmx requests get an HX-Redirect), a
logged-in user without a role in the event gets 403, unknown events, sections,
rounds and players give 404. The view receives the objects instead of the
slugs: `event`, `section`, `round` (from `number`) and `player` (from `pn`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django_htmx.http import HttpResponseClientRedirect

from tournaments.models import Event, Player, Round, Section
from tournaments.selectors.events import user_can_arbitrate, user_is_chief_arbiter

View = Callable[..., HttpResponse]


def _login(request: HttpRequest) -> HttpResponse:
    response = redirect_to_login(request.get_full_path())
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(response["Location"])
    return response


def _forbidden(request: HttpRequest, event: Event, *, chief: bool) -> HttpResponse:
    return render(
        request,
        "arbiter/forbidden.html",
        {"event": event, "needs_chief": chief},
        status=403,
    )


def login_view(view: View) -> View:
    """For pages outside any event (the event list, creating an event)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return _login(request)
        return view(request, *args, **kwargs)

    wrapper.arbiter_protected = True  # checked by the URL test
    return wrapper


def _resolve(event: Event, kwargs: dict) -> dict:
    if "section" in kwargs:
        kwargs["section"] = get_object_or_404(Section, event=event, slug=kwargs["section"])
    section = kwargs.get("section")
    if "number" in kwargs:
        if section is None:
            raise Http404("No section")
        kwargs["round"] = get_object_or_404(Round, section=section, number=kwargs.pop("number"))
        kwargs["round"].section = section
    if "pn" in kwargs:
        if section is None:
            raise Http404("No section")
        kwargs["player"] = get_object_or_404(
            Player, section=section, pairing_number=kwargs.pop("pn")
        )
    return kwargs


def arbiter_view(view: View | None = None, *, chief: bool = False):
    """Require an arbiter (or, with `chief=True`, the chief arbiter) of the URL's event."""

    def decorate(fn: View) -> View:
        @wraps(fn)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if not request.user.is_authenticated:
                return _login(request)
            event = get_object_or_404(Event, slug=kwargs.pop("event"))
            allowed = (
                user_is_chief_arbiter(user=request.user, event=event)
                if chief
                else user_can_arbitrate(user=request.user, event=event)
            )
            if not allowed:
                return _forbidden(request, event, chief=chief)
            kwargs = _resolve(event, kwargs)
            if "section" in kwargs:
                kwargs["section"].event = event
            return fn(request, *args, event=event, **kwargs)

        wrapper.arbiter_protected = True
        return wrapper

    if view is not None:
        return decorate(view)
    return decorate
