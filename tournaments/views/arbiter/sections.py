"""A section's dashboard (players, rounds, the next thing to do) and its settings."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tournaments.errors import ServiceError
from tournaments.forms.sections import SectionForm
from tournaments.selectors.sections import job_active, section_next_action, section_rounds
from tournaments.services.sections import section_update
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import fail, section_url


def dashboard_context(section) -> dict:
    rounds = section_rounds(section=section)
    players = section.players.all()
    job = job_active(section=section)
    return {
        "event": section.event,
        "section": section,
        "rounds": rounds,
        "next": section_next_action(section=section, rounds=rounds),
        "job": job,
        "job_url": section_url(section, "job", job=job.pk) if job else "",
        "player_count": len(players),
        "withdrawn_count": sum(1 for p in players if p.withdrawn_from_round is not None),
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
            messages.success(request, f"{section.name}: settings saved.")
            return redirect(section_url(section))
    return render(
        request,
        "arbiter/section_settings.html",
        {"form": form, "event": event, "section": section, "tab": "settings"},
    )
