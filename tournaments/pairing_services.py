"""Pairing a round: from the database to the engine and back, as jobs the pages can poll.

`pairing_job_request` is what the "Pair round N" button and the API call: it
creates a `PairingJob` and enqueues the Celery task once the transaction
commits (the task runs in-process when no Redis is configured). The task calls
`pairing_job_run`, which calls `round_pair`: lock the section, return the round
if it is already paired (re-running is safe), else load every player's state,
call the engine, and write all games and byes in one transaction.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from dataclasses import replace

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments import services as tservices
from tournaments.errors import ServiceError, StateError
from tournaments.jobs.models import PairingJob
from tournaments.jobs.queue import QueueUnreachable, task_publish
from tournaments.models import ByeRequest, Round, RoundStatus, Section
from tournaments.selectors import round_next_number

log = logging.getLogger(__name__)


class PairingFailed(ServiceError):
    """The engine found no legal pairing; the message names the players and why."""

    code = "no-pairing"


# Checks before pairing ---------------------------------------------------------


def pairing_precheck(*, section: Section, round_number: int | None = None) -> int:
    """The number of the round to pair next, or StateError saying what to do first."""
    number = round_next_number(section=section) if round_number is None else round_number
    if number > section.total_rounds:
        raise StateError(f"{section.name}: all {section.total_rounds} rounds are paired.")
    previous = section.rounds.filter(number__lt=number)
    draft = previous.filter(status=RoundStatus.DRAFT).order_by("number").first()
    if draft is not None:
        raise StateError(f"Publish round {draft.number} before pairing round {number}.")
    pending = list(
        previous.filter(games__result="")
        .values_list("number", "games__board")
        .order_by("number", "games__board")
    )
    if pending:
        rnd = pending[0][0]
        boards = ", ".join(str(b) for r, b in pending if r == rnd)
        raise StateError(
            f"Round {rnd} has no result yet on board(s) {boards}; enter them "
            f"before pairing round {number}."
        )
    active = [p for p in section.players.all() if p.is_active_in(number)]
    if len(active) < 2:
        raise StateError(f"{section.name}: at least two players must take part in round {number}.")
    return number


# The engines -------------------------------------------------------------------


def _swiss_round(section: Section, number: int):
    from pairing.engine.swiss import PairingError, RequestError, pair_round
    from pairing.engine.swiss.from_record import request_from_record
    from tournaments.records import section_record

    record = section_record(section=section, through_round=number - 1)
    request = request_from_record(
        record,
        number,
        system=section.pairing_system,
        beta=float(section.beta),
        seed=section.seed,
        initial_colour=section.first_colour or None,
    )
    not_joined = {p.pairing_number for p in section.players.all() if number < p.joined_round}
    if not_joined:
        request = replace(
            request,
            players=tuple(
                replace(p, withdrawn=True) if p.id in not_joined else p for p in request.players
            ),
        )
    try:
        pairing = pair_round(request)
    except PairingError as exc:
        raise PairingFailed(str(exc)) from exc
    except RequestError as exc:
        raise ServiceError(f"{section.name} round {number}: {exc}") from exc
    players = {p.pairing_number: p for p in section.players.all()}
    requested = {
        r.player_id: r.kind
        for r in ByeRequest.objects.filter(player__section=section, round_number=number)
    }
    games = [
        tservices.GameSpec(
            g.board, players[g.white], players[g.black], explanation=g.explanation.to_dict()
        )
        for g in pairing.games
    ]
    byes = []
    for bye in pairing.byes:
        player = players[bye.player]
        if bye.kind == "pairing-allocated":
            byes.append(tservices.ByeSpec(player=player, kind="pab", explanation=bye.to_dict()))
        elif bye.kind == "requested" and player.pk in requested:
            byes.append(
                tservices.ByeSpec(
                    player=player, kind=requested[player.pk], explanation=bye.to_dict()
                )
            )
        # Withdrawn and not yet registered players simply sit out (absent).
    return games, byes, pairing.diagnostics.to_dict()


def _mcmahon_round(section: Section, number: int):
    from tournaments.mcmahon_glue import mcmahon_round

    return mcmahon_round(section, number)


def round_pair(*, section: Section, round_number: int | None = None) -> Round:
    """Pair the section's next round (or `round_number`, which must be the next one).

    Idempotent: if the round exists already it is returned untouched (a round with
    results is never re-paired). Everything is written in one transaction: a crash
    leaves the round untouched."""
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        number = round_number or round_next_number(section=section)
        existing = section.rounds.filter(number=number).first()
        if existing is not None:
            return existing
        number = pairing_precheck(section=section, round_number=number)
        if section.is_go:
            games, byes, diagnostics = _mcmahon_round(section, number)
        else:
            games, byes, diagnostics = _swiss_round(section, number)
        return tservices.round_create(
            section=section,
            games=games,
            byes=byes,
            seed=section.seed,
            diagnostics=diagnostics,
            number=number,
        )


# Jobs --------------------------------------------------------------------------


def _enqueue(job_id: int) -> None:
    from tournaments.tasks import pair_round_task

    if pair_round_task.app.conf.task_always_eager:
        # Embedded mode: run the task here. The job row records how it ended (an
        # unexpected error is logged and marks the job failed), so the page that asked
        # shows the job rather than an error page.
        pair_round_task.apply(args=[job_id], throw=False)
        return
    try:
        task_id = task_publish(pair_round_task, args=[job_id])
    except QueueUnreachable as exc:  # Redis down: say so on the job, within seconds
        log.warning("could not enqueue pairing job %s: %s", job_id, exc.message)
        if getattr(settings, "PAIRING_INPROCESS_FALLBACK", False):
            with suppress(Exception):  # logged, and the job says it failed
                pairing_job_run(job_id=job_id)
            return
        PairingJob.objects.filter(
            pk=job_id, status__in=[PairingJob.Status.QUEUED, PairingJob.Status.RUNNING]
        ).update(
            status=PairingJob.Status.FAILED,
            finished_at=timezone.now(),
            message=(
                "Background workers are unreachable (the task queue did not answer). "
                "Check that Redis and a worker are running, then press Pair again."
            ),
        )
        return
    PairingJob.objects.filter(pk=job_id).update(task_id=task_id)


def _needs_resend(job: PairingJob) -> bool:
    """Whether an unfinished job should be sent to the workers again. Asked while the
    section is locked, so no worker is pairing it at this moment: a running job's
    worker has gone (killed mid-pairing; its transaction was rolled back). A queued
    job that has waited PAIRING_JOB_RESEND_AFTER seconds may have lost its message
    (a restarted Redis keeps no queue). Running the task twice is safe."""
    if job.status == PairingJob.Status.RUNNING:
        return True
    waited = (timezone.now() - job.created_at).total_seconds()
    return waited >= float(getattr(settings, "PAIRING_JOB_RESEND_AFTER", 30.0))


def pairing_job_request(*, section: Section, by=None) -> PairingJob:
    """Ask for the next round to be paired. A second request while one is queued or
    running returns the same job (a double click yields one round); if that job's
    worker has gone, or its message may be lost, it is sent again."""
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        number = pairing_precheck(section=section)
        active = PairingJob.objects.filter(
            section=section,
            round_number=number,
            status__in=[PairingJob.Status.QUEUED, PairingJob.Status.RUNNING],
        ).first()
        if active is not None:
            if _needs_resend(active):
                log.info("pairing job %s is %s: sending it again", active.pk, active.status)
                transaction.on_commit(lambda: _enqueue(active.pk))
            return active
        try:
            with transaction.atomic():
                job = PairingJob.objects.create(
                    section=section,
                    round_number=number,
                    requested_by=by if getattr(by, "is_authenticated", False) else None,
                )
        except IntegrityError:
            return PairingJob.objects.get(
                section=section,
                round_number=number,
                status__in=[PairingJob.Status.QUEUED, PairingJob.Status.RUNNING],
            )
        transaction.on_commit(lambda: _enqueue(job.pk))
    return job


def pairing_job_run(*, job_id: int) -> PairingJob:
    """Run a pairing job (the Celery task's body). Safe to run twice."""
    with transaction.atomic():
        job = PairingJob.objects.select_for_update().get(pk=job_id)
        if job.is_finished:
            return job
        job.status = PairingJob.Status.RUNNING
        job.attempts += 1
        job.started_at = job.started_at or timezone.now()
        job.progress = 10
        job.save(update_fields=["status", "attempts", "started_at", "progress"])
    try:
        rnd = round_pair(section=job.section, round_number=job.round_number)
    except ServiceError as exc:
        _finish(job, PairingJob.Status.FAILED, exc.message)
    except Exception:
        log.exception("pairing job %s failed", job_id)
        _finish(
            job,
            PairingJob.Status.FAILED,
            "An unexpected error stopped the pairing; it has been logged. Try again, "
            "and report it if it happens again.",
        )
        raise
    else:
        _finish(
            job,
            PairingJob.Status.DONE,
            f"Round {rnd.number} is paired: {rnd.games.count()} boards.",
        )
    job.refresh_from_db()
    return job


def _finish(job: PairingJob, status: str, message: str) -> None:
    PairingJob.objects.filter(pk=job.pk).update(
        status=status, message=message, progress=100, finished_at=timezone.now()
    )


def pairing_job_latest(*, section: Section) -> PairingJob | None:
    return PairingJob.objects.filter(section=section).order_by("-created_at", "-id").first()


# Draft editing and the rule checker live in drafts.py; they are imported from here too.
from tournaments.drafts import (  # noqa: E402
    draft_move,
    draft_repair,
    draft_set_board,
    draft_swap,
    draft_swap_colours,
    round_check,
    round_publish_checked,
)

__all__ = [
    "PairingFailed",
    "draft_move",
    "draft_repair",
    "draft_set_board",
    "draft_swap",
    "draft_swap_colours",
    "pairing_job_latest",
    "pairing_job_request",
    "pairing_job_run",
    "pairing_precheck",
    "round_check",
    "round_pair",
    "round_publish_checked",
]
