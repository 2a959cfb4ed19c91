"""Pairing a round: the button creates a pairing job; the page polls it every second
and swaps in the draft when it is done (status 286 stops the polling). Without
JavaScript the job page refreshes itself and then redirects to the round."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseStopPolling, push_url, reselect, reswap, retarget

from tournaments.errors import QueueUnreachable, ServiceError
from tournaments.jobs.models import PairingJob
from tournaments.selectors.sections import pairing_blockers
from tournaments.services.players import players_mark_absent
from tournaments.services.rounds import pairing_job_request, round_paired_message
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import fail, go, section_url
from tournaments.views.arbiter.rounds import round_context


def _job_url(section, job) -> str:
    return section_url(section, "job", job=job.pk)


def _finished(request, section, job):
    if job.status == PairingJob.Status.DONE:
        rnd = section.rounds.filter(number=job.round_number).first()
        if rnd is not None:
            rnd.section = section
            url = section_url(section, "round", number=rnd.number)
            if not request.htmx:
                messages.success(request, round_paired_message(rnd))
                return redirect(url)
            context = round_context(request, rnd)
            context["just_paired"] = round_paired_message(rnd)
            response = render(request, "arbiter/round.html", context)
            response.status_code = HttpResponseStopPolling.status_code
            # The round's whole page, of which htmx takes the section's part (its tabs
            # gain the new round) in place of the job's progress.
            retarget(response, "#section-page")
            reselect(response, "#section-page")
            reswap(response, "outerHTML")
            push_url(response, url)
            return response
    if not request.htmx:
        messages.error(request, job.message or _("The pairing failed."))
        return redirect(section_url(section))
    response = render(
        request,
        "arbiter/partials/job.html",
        {
            "section": section,
            "job": job,
            "job_url": _job_url(section, job),
            "blockers": pairing_blockers(section=section, message=job.message),
        },
    )
    response.status_code = HttpResponseStopPolling.status_code
    return response


def job_response(request, section, job):
    """What the pair button and each poll answer: progress, the draft, or the failure."""
    job.refresh_from_db()
    if job.is_finished:
        return _finished(request, section, job)
    if not request.htmx:
        return redirect(_job_url(section, job))
    return render(
        request,
        "arbiter/partials/job.html",
        {"section": section, "job": job, "job_url": _job_url(section, job)},
    )


@arbiter_view
@require_POST
def pair(request, event, section):
    if request.POST.get("absent") == "mark":  # check-in: those not here sit out round 1
        try:
            missing = players_mark_absent(section=section)
        except ServiceError as exc:
            fail(request, exc)
            return go(request, section_url(section))
        if missing:
            names = ", ".join(p.name for p in missing)
            messages.info(
                request,
                _("Not checked in, a zero-point bye this round: %(names)s.") % {"names": names},
            )
    try:
        job = pairing_job_request(section=section, by=request.user)
    except QueueUnreachable as exc:  # the job says so, and what to do
        return job_response(request, section, exc.job)
    except ServiceError as exc:
        fail(request, exc)
        return go(request, section_url(section))
    return job_response(request, section, job)


@arbiter_view
def job(request, event, section, job):
    job = get_object_or_404(PairingJob, section=section, pk=job)
    if request.htmx or job.status == PairingJob.Status.DONE:
        return job_response(request, section, job)
    return render(
        request,
        "arbiter/job_page.html",
        {
            "event": event,
            "section": section,
            "job": job,
            "job_url": _job_url(section, job),
            "tab": "overview",
        },
    )
