"""The simulation lab as a service: "which system should I use?" for an organiser.

The organiser gives the number of players, rounds and a rating range (or picks
one of their sections, whose ratings become the field); `lab_config` turns
that into a normalised `SimulationConfig` (the paper's five systems, its
tiebreak order, a fixed seed) and `simulation_key` into the key of the one
`SimulationJob` row that holds its run: the same settings are simulated once
and then served from the cache (the Django cache, then the row).

`simulation_job_request` creates (or finds) the job and runs it through the
Celery task on commit; without Redis (the embedded mode) the task runs in a
thread of the web process, so the page can poll its progress. Each job is
simulated in one process (Celery's worker processes may not start their
own); set LAB_WORKERS to use more where that is allowed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from contextlib import suppress
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from pairing.simulation.config import FIDE_DUTCH, PAPER_SYSTEMS, SimulationConfig
from pairing.simulation.strengths import StrengthModel, parse_strength
from tournaments.errors import QueueUnreachable, ServiceError, StateError
from tournaments.explanations import render_parts
from tournaments.jobs.models import SimulationJob
from tournaments.jobs.queue import job_enqueue

log = logging.getLogger(__name__)

MAX_PLAYERS = 500
MAX_ROUNDS = 15
MAX_EVENTS = 1000
FIDE_DUTCH_MAX_PLAYERS = 64
DEFAULT_EVENTS = 200
LAB_SEED = 1
RATING_FLOOR, RATING_CEILING = 100, 2900
CACHE_TIMEOUT = 7 * 24 * 3600
STALE_AFTER = timedelta(minutes=10)  # a running job silent this long has died
PROGRESS_EVERY = 0.5  # seconds between progress writes
TIME_LIMIT = 3600  # seconds a run may take (settings.LAB_TIME_LIMIT), as the task's soft limit


class LabTimeout(Exception):
    """A run went beyond the time allowed."""


class LabInputError(ServiceError):
    """Settings outside what the lab simulates; `field` names the form field."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _bounded(value: int, name: str, low: int, high: int) -> int:
    if not low <= value <= high:
        messages = {
            "players": _("Players: between %(low)s and %(high)s."),
            "rounds": _("Rounds: between %(low)s and %(high)s."),
            "events": _("Events: between %(low)s and %(high)s."),
            "low": _("Low: between %(low)s and %(high)s."),
            "high": _("High: between %(low)s and %(high)s."),
        }
        raise LabInputError(messages[name] % {"low": low, "high": high}, field=name)
    return value


def lab_config(
    *,
    players: int,
    rounds: int,
    low: int | None = None,
    high: int | None = None,
    events: int = DEFAULT_EVENTS,
    ratings: list[int] | tuple[int, ...] | None = None,
    fide_dutch: bool = False,
) -> SimulationConfig:
    """The normalised configuration for the given settings. `ratings`, when
    given, are the true strengths of the field (a section's ratings); else
    strengths are uniform in [low, high]. `fide_dutch` adds FIDE's Dutch (C.04.3) to
    the paper's systems, for fields of up to FIDE_DUTCH_MAX_PLAYERS (it pairs a round
    in well under a second up to 50 players, about 5 s at 100). Raises LabInputError
    naming the field."""
    players = _bounded(players, "players", 2, MAX_PLAYERS)
    rounds = _bounded(rounds, "rounds", 1, MAX_ROUNDS)
    events = _bounded(events, "events", 10, MAX_EVENTS)
    most = players - 1 + players % 2
    if rounds > most:
        raise LabInputError(
            _("Rounds: %(players)s players can play at most %(most)s rounds without meeting twice.")
            % {"players": players, "most": most},
            field="rounds",
        )
    if ratings:
        values = sorted((int(r) for r in ratings), reverse=True)
        if any(not RATING_FLOOR <= r <= RATING_CEILING for r in values):
            raise LabInputError(
                _("Ratings must lie between %(low)s and %(high)s.")
                % {"low": RATING_FLOOR, "high": RATING_CEILING},
                field="section",
            )
        strength = StrengthModel(kind="list", values=tuple(float(r) for r in values))
    else:
        if low is None or high is None:
            raise LabInputError(_("Give the lowest and the highest rating."), field="low")
        low = _bounded(low, "low", RATING_FLOOR, RATING_CEILING)
        high = _bounded(high, "high", RATING_FLOOR, RATING_CEILING)
        if high < low:
            raise LabInputError(
                _("High: the highest rating must not be below the lowest."), field="high"
            )
        strength = StrengthModel(kind="uniform", low=float(low), high=float(high))
    if fide_dutch and players > FIDE_DUTCH_MAX_PLAYERS:
        raise LabInputError(
            _("FIDE Dutch: at most %(n)s players here (it is slower than the paper's systems).")
            % {"n": FIDE_DUTCH_MAX_PLAYERS},
            field="fide_dutch",
        )
    return SimulationConfig(
        players=players,
        rounds=rounds,
        events=events,
        systems=(*PAPER_SYSTEMS, FIDE_DUTCH) if fide_dutch else PAPER_SYSTEMS,
        strength=strength,
        seed=LAB_SEED,
    )


def lab_config_for_section(
    *, section, events: int = DEFAULT_EVENTS, fide_dutch: bool = False
) -> SimulationConfig:
    """A section's field: its players' ratings and its number of rounds."""
    if section.is_go:
        raise LabInputError(_("The lab simulates chess Swiss sections, not Go."), field="section")
    players = list(section.players.all())
    rated = [p.rating for p in players if p.rating and p.rating > 0]
    if len(players) < 2:
        raise LabInputError(
            _("%(section)s has fewer than two players.") % {"section": section.name},
            field="section",
        )
    if not rated:
        raise LabInputError(
            _("%(section)s has no rated players.") % {"section": section.name}, field="section"
        )
    try:
        return lab_config(
            players=len(players),
            rounds=section.total_rounds,
            events=events,
            ratings=rated,
            fide_dutch=fide_dutch,
        )
    except LabInputError as exc:
        if exc.field in ("events", "fide_dutch"):
            raise
        raise LabInputError(
            _("%(section)s: %(error)s") % {"section": section.name, "error": exc.message},
            field="section",
        ) from None


def simulation_key(config: SimulationConfig) -> str:
    """The key of a normalised parameter set (sha256 of its JSON)."""
    text = json.dumps(config.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _cache_key(key: str) -> str:
    """A report page's cache key: its words are in the reader's language."""
    return f"lab:report:{key}:{get_language() or 'en'}"


# --- jobs


def _enqueue(job: SimulationJob) -> None:
    # Embedded mode runs the simulation in a thread of the web process so the
    # page can poll its progress (LAB_RUN_INLINE runs it at once, for tests).
    with suppress(QueueUnreachable):  # the job row says so; the page shows it
        job_enqueue(
            job,
            "blossom.simulate",
            in_thread=not getattr(settings, "LAB_RUN_INLINE", False),
            again="try again in a moment",
        )


def _stale(job: SimulationJob) -> bool:
    if job.status != SimulationJob.Status.RUNNING:
        return False
    last = job.updated_at or job.started_at or job.created_at
    return last is not None and timezone.now() - last > STALE_AFTER


def simulation_job_request(*, config: SimulationConfig, by=None) -> SimulationJob:
    """The job for these settings: the finished or running one if there is one,
    else a new run (a failed or abandoned run is started again)."""
    if not getattr(by, "is_authenticated", False):
        raise StateError(_("Log in to start a simulation."))
    key = simulation_key(config)
    with transaction.atomic():
        job = SimulationJob.objects.select_for_update().filter(key=key).first()
        if job is not None and job.status != SimulationJob.Status.FAILED and not _stale(job):
            return job
        if job is None:
            try:
                with transaction.atomic():
                    job = SimulationJob.objects.create(
                        key=key, params=config.to_dict(), requested_by=by
                    )
            except IntegrityError:
                return SimulationJob.objects.get(key=key)
        else:
            job.status = SimulationJob.Status.QUEUED
            job.progress = job.events_done = 0
            job.message = ""
            job.requested_by = by
            job.started_at = job.updated_at = job.finished_at = None
            job.save()
        transaction.on_commit(lambda: _enqueue(job))
    return job


def _finish(job_id: int, status: str, message: str, **fields: Any) -> None:
    now = timezone.now()
    SimulationJob.objects.filter(pk=job_id).update(
        status=status, message=message, finished_at=now, updated_at=now, **fields
    )


def simulation_job_run(*, job_id: int) -> SimulationJob:
    """The task's body: simulate, summarise, plot, store. Safe to run twice."""
    # Loaded when a run starts, not with the web pages: the simulation and its
    # plotting (matplotlib) take seconds to import.
    from pairing.simulation.plot import svg_text
    from pairing.simulation.runner import run_simulation
    from pairing.simulation.summary import summarise

    with transaction.atomic():
        job = SimulationJob.objects.select_for_update().get(pk=job_id)
        if job.is_finished:
            return job
        now = timezone.now()
        job.status = SimulationJob.Status.RUNNING
        job.attempts += 1
        job.started_at = job.updated_at = now
        job.save(update_fields=["status", "attempts", "started_at", "updated_at"])
    config = SimulationConfig.from_dict(job.params)
    last = [0.0]
    deadline = time.monotonic() + float(getattr(settings, "LAB_TIME_LIMIT", TIME_LIMIT))

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now > deadline and done < total:
            raise LabTimeout
        if done < total and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        SimulationJob.objects.filter(pk=job_id).update(
            progress=min(99, int(100 * done / total)), events_done=done, updated_at=timezone.now()
        )

    try:
        result = run_simulation(
            config, workers=int(getattr(settings, "LAB_WORKERS", 1)), progress=progress
        )
        document = summarise(result)
        svg = svg_text(document)
    except Exception as exc:
        if not isinstance(exc, LabTimeout):
            log.exception("simulation job %s failed", job_id)
        name = type(exc).__name__
        message = (
            _("The simulation took longer than allowed; ask for fewer events or players.")
            if isinstance(exc, LabTimeout) or name in ("SoftTimeLimitExceeded", "TimeLimitExceeded")
            else _("The simulation stopped with an unexpected error; it has been logged.")
        )
        _finish(job_id, SimulationJob.Status.FAILED, message)
    else:
        _finish(
            job_id,
            SimulationJob.Status.DONE,
            _("%(events)s events simulated per system in %(seconds)s s.")
            % {"events": config.events, "seconds": f"{result.seconds:.0f}"},
            progress=100,
            events_done=config.events,
            report=document,
            plot_svg=svg,
            seconds=result.seconds,
        )
        cache.set(_cache_key(job.key), _page_report(document, svg), CACHE_TIMEOUT)
    job.refresh_from_db()
    return job


# --- reading


def simulation_job_get(*, key: str) -> SimulationJob | None:
    return SimulationJob.objects.filter(key=key).first()


def simulation_job_recent(*, limit: int = 8) -> list[SimulationJob]:
    return list(
        SimulationJob.objects.filter(status=SimulationJob.Status.DONE)
        .defer("report", "plot_svg")
        .order_by("-finished_at")[:limit]
    )


def _in_run_order(document: dict[str, Any]) -> dict[str, Any]:
    """The systems in the order the run listed them (PostgreSQL's jsonb keeps no order)."""
    order = list(document.get("params", {}).get("systems") or [])
    systems = document.get("systems", {})
    ordered = {name: systems[name] for name in order if name in systems}
    ordered.update({name: data for name, data in systems.items() if name not in ordered})
    return {**document, "systems": ordered}


def _page_report(document: dict[str, Any], svg: str) -> dict[str, Any]:
    # As above: loaded only when a report is shaped.
    from pairing.simulation.recommend import name_part, recommend
    from pairing.simulation.summary import without_values

    advice = recommend(document)
    # Said in the reader's language from the advice's parts (the English is the fallback).
    return {
        "summary": without_values(document),
        "svg": svg,
        "headline": render_parts(list(advice.headline_parts), advice.headline),
        "verdicts": [
            {
                "system": v.system,
                "name": render_parts(name_part(v.system), v.name),
                "sentence": render_parts(list(v.parts), v.sentence),
            }
            for v in advice.verdicts
        ],
        "notes": [
            render_parts(list(parts), english)
            for parts, english in zip(advice.note_parts, advice.notes, strict=True)
        ],
    }


def simulation_report(*, job: SimulationJob) -> dict[str, Any] | None:
    """What the results page shows (summary without values, SVG, advice), cached."""
    if job.status != SimulationJob.Status.DONE:
        return None
    page = cache.get(_cache_key(job.key))
    if page is None:
        full = SimulationJob.objects.only("report", "plot_svg").get(pk=job.pk)
        if full.report is None:
            return None
        page = _page_report(_in_run_order(full.report), full.plot_svg)
        cache.set(_cache_key(job.key), page, CACHE_TIMEOUT)
    return page


def simulation_time_left(*, job: SimulationJob) -> str:
    """ "about 2 minutes left", from the pace so far ("" before the first events)."""
    if job.status != SimulationJob.Status.RUNNING or not job.events_done or not job.started_at:
        return ""
    elapsed = ((job.updated_at or timezone.now()) - job.started_at).total_seconds()
    left = elapsed / job.events_done * max(int(job.params["events"]) - job.events_done, 0)
    if left < 60:
        return _("less than a minute left")
    minutes = round(left / 60)
    return ngettext("about %(n)s minute left", "about %(n)s minutes left", minutes) % {"n": minutes}


def simulation_report_json(*, job: SimulationJob) -> dict[str, Any] | None:
    """The full report (every value), as blossom-simulate --json writes it."""
    if job.status != SimulationJob.Status.DONE:
        return None
    return _in_run_order(SimulationJob.objects.only("report").get(pk=job.pk).report)


def describe_params(params: dict[str, Any]) -> str:
    """ "32 players, 7 rounds, ratings 1400-2200 (uniform), 200 events"."""
    strength = parse_strength(params["strength"])
    if strength.kind == "list":
        field = _("the ratings of a section (%(n)s rated, %(low)s-%(high)s)") % {
            "n": len(strength.values),
            "low": f"{min(strength.values):.0f}",
            "high": f"{max(strength.values):.0f}",
        }
    elif strength.kind == "uniform":
        field = _("ratings %(low)s-%(high)s (uniform)") % {
            "low": f"{strength.low:.0f}",
            "high": f"{strength.high:.0f}",
        }
    else:
        field = _("ratings %(low)s-%(high)s (%(kind)s)") % {
            "low": f"{strength.low:.0f}",
            "high": f"{strength.high:.0f}",
            "kind": strength.kind,
        }
    players = ngettext("%(n)s player", "%(n)s players", params["players"]) % {
        "n": params["players"]
    }
    rounds = ngettext("%(n)s round", "%(n)s rounds", params["rounds"]) % {"n": params["rounds"]}
    events = ngettext("%(n)s event", "%(n)s events", params["events"]) % {"n": params["events"]}
    return _("%(players)s, %(rounds)s, %(field)s, %(events)s") % {
        "players": players,
        "rounds": rounds,
        "field": field,
        "events": events,
    }
