"""Helpers shared by the arbiter views: URLs, error messages and htmx responses."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from tournaments.errors import ServiceError
from tournaments.models import Round, Section


def section_url(section: Section, name: str = "section", **kwargs) -> str:
    return reverse(
        f"arbiter:{name}",
        kwargs={"event": section.event.slug, "section": section.slug, **kwargs},
    )


def round_url(rnd: Round, name: str = "round", **kwargs) -> str:
    return section_url(rnd.section, name, number=rnd.number, **kwargs)


def fail(request: HttpRequest, exc: ServiceError) -> None:
    """A service refused: tell the user why (the message names what is wrong)."""
    messages.error(request, exc.message)


def go(request: HttpRequest, url: str) -> HttpResponse:
    """After a POST: a normal redirect, or a client-side one for htmx requests."""
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(url)
    return redirect(url)


def int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
