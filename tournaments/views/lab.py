"""The simulation lab's pages: "Which system should I use?".

/lab/                 the form (anyone may look; starting a run needs a login)
/lab/r/<key>/         a parameter set's run: progress while it runs (htmx polls
                      every second and gets 286 when done; without JavaScript
                      the page refreshes itself), then plots, table and advice
/lab/r/<key>/plot.svg the figures; /lab/r/<key>/report.json every value
Finished results are public: they hold no names, only settings and figures.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.cache import patch_cache_control
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseStopPolling

from tournaments.errors import ServiceError
from tournaments.jobs.models import SimulationJob
from tournaments.models import GameKind, Section
from tournaments.selectors.events import event_list_for_user
from tournaments.services.lab import (
    DEFAULT_EVENTS,
    MAX_EVENTS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    RATING_CEILING,
    RATING_FLOOR,
    LabInputError,
    describe_params,
    lab_config,
    lab_config_for_section,
    simulation_job_get,
    simulation_job_recent,
    simulation_job_request,
    simulation_report,
    simulation_report_json,
    simulation_time_left,
)

LIMITS = {
    "players": {
        "min_value": _("At least %(limit_value)s players."),
        "max_value": _("At most %(limit_value)s players."),
    },
    "rounds": {
        "min_value": _("At least %(limit_value)s rounds."),
        "max_value": _("At most %(limit_value)s rounds."),
    },
    "simulated events": {
        "min_value": _("At least %(limit_value)s simulated events."),
        "max_value": _("At most %(limit_value)s simulated events."),
    },
}


def _limits(what: str) -> dict:
    return LIMITS[what]


class LabForm(forms.Form):
    players = forms.IntegerField(
        label=_("Players"),
        min_value=2,
        max_value=MAX_PLAYERS,
        initial=32,
        error_messages=_limits("players"),
    )
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=MAX_ROUNDS,
        initial=7,
        error_messages=_limits("rounds"),
    )
    low = forms.IntegerField(
        label=_("Lowest rating"),
        min_value=RATING_FLOOR,
        max_value=RATING_CEILING,
        initial=1400,
        error_messages={
            "min_value": _("Ratings start at %(limit_value)s."),
            "max_value": _("Ratings go up to %(limit_value)s."),
        },
    )
    high = forms.IntegerField(
        label=_("Highest rating"),
        min_value=RATING_FLOOR,
        max_value=RATING_CEILING,
        initial=2200,
        error_messages={
            "min_value": _("Ratings start at %(limit_value)s."),
            "max_value": _("Ratings go up to %(limit_value)s."),
        },
    )
    events = forms.IntegerField(
        label=_("Simulated events"),
        min_value=10,
        max_value=MAX_EVENTS,
        initial=DEFAULT_EVENTS,
        help_text=_("More events give narrower intervals and take longer."),
        error_messages=_limits("simulated events"),
    )
    fide_dutch = forms.BooleanField(
        label=_("Also FIDE Dutch (C.04.3)"),
        required=False,
        help_text=_(
            "FIDE's rules to the letter, beside the paper's systems; slower, up to 64 players."
        ),
    )
    section = forms.TypedChoiceField(
        label=_("Or use one of your sections"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=_("Its players' ratings and its number of rounds replace the numbers above."),
    )

    def __init__(self, *args, sections=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sections = {s.pk: s for s in sections}
        self.fields["section"].choices = [("", "—")] + [
            (
                s.pk,
                ngettext(
                    "%(event)s – %(section)s (%(n)s round)",
                    "%(event)s – %(section)s (%(n)s rounds)",
                    s.total_rounds,
                )
                % {"event": s.event.name, "section": s.name, "n": s.total_rounds},
            )
            for s in sections
        ]
        if not sections:
            del self.fields["section"]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            section = self.sections.get(data.get("section")) if data.get("section") else None
            if section is not None:
                data["config"] = lab_config_for_section(
                    section=section, events=data["events"], fide_dutch=data.get("fide_dutch")
                )
            else:
                data["config"] = lab_config(
                    players=data["players"],
                    rounds=data["rounds"],
                    low=data["low"],
                    high=data["high"],
                    events=data["events"],
                    fide_dutch=bool(data.get("fide_dutch")),
                )
        except LabInputError as exc:
            field = exc.field if exc.field in self.fields else None
            self.add_error(field, exc.message)
        return data


def _user_sections(user) -> list[Section]:
    if not getattr(user, "is_authenticated", False):
        return []
    return list(
        Section.objects.filter(event__in=event_list_for_user(user=user), game=GameKind.CHESS)
        .select_related("event")
        .order_by("event__name", "name")
    )


def _result_url(job: SimulationJob) -> str:
    return reverse("lab:result", args=[job.key])


@require_http_methods(["GET", "POST"])
def home(request):
    sections = _user_sections(request.user)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        form = LabForm(request.POST, sections=sections)
        if form.is_valid():
            try:
                job = simulation_job_request(config=form.cleaned_data["config"], by=request.user)
            except ServiceError as exc:
                messages.error(request, exc.message)
            else:
                return redirect(_result_url(job))
    else:
        form = LabForm(sections=sections)
    return render(
        request,
        "lab/home.html",
        {
            "form": form,
            "recent": [(job, describe_params(job.params)) for job in simulation_job_recent()],
        },
    )


def _job_or_404(key: str) -> SimulationJob:
    job = simulation_job_get(key=key)
    if job is None:
        raise Http404("No simulation with these settings has been run.")
    return job


def _context(job: SimulationJob) -> dict:
    report = simulation_report(job=job)
    rows = []
    if report:
        for system, data in report["summary"]["systems"].items():
            rows.append({"system": system, **{k: data[k] for k in _TABLE_KEYS}, "data": data})
    return {
        "job": job,
        "left": simulation_time_left(job=job),
        "params": describe_params(job.params),
        "report": report,
        "rows": rows,
        "poll_url": _result_url(job),
    }


_TABLE_KEYS = ("kendall_tau", "spearman", "ndcg", "float_pairs", "acd_final", "nsd", "violations")


@vary_on_headers("HX-Request")
def result(request, key: str):
    job = _job_or_404(key)
    context = _context(job)
    if request.htmx:
        if job.is_finished:
            response = render(request, "lab/result.html#report", context)
            response.status_code = HttpResponseStopPolling.status_code
            return response
        return render(request, "lab/result.html#progress", context)
    response = render(request, "lab/result.html", context)
    if job.status == SimulationJob.Status.DONE:
        patch_cache_control(response, public=True, max_age=300)
    else:
        patch_cache_control(response, no_cache=True, no_store=True)
    return response


def plot(request, key: str):
    job = _job_or_404(key)
    report = simulation_report(job=job)
    if report is None:
        raise Http404("The simulation has not finished.")
    response = HttpResponse(report["svg"], content_type="image/svg+xml; charset=utf-8")
    patch_cache_control(response, public=True, max_age=3600)
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response


def report_json(request, key: str):
    job = _job_or_404(key)
    document = simulation_report_json(job=job)
    if document is None:
        raise Http404("The simulation has not finished.")
    response = JsonResponse(document, json_dumps_params={"separators": (",", ":")})
    response["Content-Disposition"] = f'attachment; filename="simulation-{key[:12]}.json"'
    return response
