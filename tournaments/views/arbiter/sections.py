"""A section's dashboard (players, rounds, the next thing to do) and its settings."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.errors import ServiceError
from tournaments.forms.common import TypedNameForm
from tournaments.forms.sections import SectionForm
from tournaments.selectors.events import section_contents, user_is_chief_arbiter
from tournaments.selectors.sections import (
    job_active,
    job_failed_last,
    pairing_blockers,
    section_next_action,
    section_rounds,
)
from tournaments.services.players import players_not_checked_in
from tournaments.services.sections import section_delete as delete_section
from tournaments.services.sections import section_update
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import fail, section_url


def dashboard_context(section) -> dict:
    rounds = section_rounds(section=section)
    players = section.players.all()
    job = job_active(section=section)
    failed = job_failed_last(section=section) if job is None else None
    return {
        "event": section.event,
        "section": section,
        "rounds": rounds,
        "next": section_next_action(section=section, rounds=rounds),
        "job": job,
        "job_url": section_url(section, "job", job=job.pk) if job else "",
        "failed": failed,
        "blockers": pairing_blockers(section=section, message=failed.message) if failed else [],
        "player_count": len(players),
        "withdrawn_count": sum(1 for p in players if p.withdrawn_from_round is not None),
        "not_checked_in": players_not_checked_in(section=section),
        "tab": "overview",
    }


@arbiter_view
def section_detail(request, event, section):
    return render(request, "arbiter/section_detail.html", dashboard_context(section))


@arbiter_view
@require_http_methods(["GET", "POST"])
def section_edit(request, event, section):
    form = SectionForm(request.POST or None, event=event, section=section)
    if request.method == "POST" and form.is_valid():
        try:
            section = section_update(section=section, **form.service_fields())
        except ServiceError as exc:
            fail(request, exc)
        else:
            section.event = event
            messages.success(request, _("%(name)s: settings saved.") % {"name": section.name})
            return redirect(section_url(section))
    return render(
        request,
        "arbiter/section_settings.html",
        {
            "form": form,
            "event": event,
            "section": section,
            "tab": "settings",
            "is_chief": user_is_chief_arbiter(user=request.user, event=event),
        },
    )


@arbiter_view(chief=True)
@require_http_methods(["GET", "POST"])
def section_delete(request, event, section):
    """Delete the section and everything in it, once its name is typed out."""
    form = TypedNameForm(request.POST or None, what="section")
    if request.method == "POST" and form.is_valid():
        name = section.name
        try:
            delete_section(section=section, confirm_name=form.cleaned_data["confirm_name"])
        except ServiceError as exc:
            form.add_error("confirm_name", exc.message)
        else:
            messages.success(
                request, _("%(name)s is deleted; its public pages are gone.") % {"name": name}
            )
            return redirect(reverse("arbiter:event", kwargs={"event": event.slug}))
    return render(
        request,
        "arbiter/delete.html",
        {
            "event": event,
            "section": section,
            "form": form,
            "what": "section",
            "name": section.name,
            "contents": section_contents(section=section),
            "cancel_url": section_url(section, "section_edit"),
            "tab": "settings",
        },
    )
