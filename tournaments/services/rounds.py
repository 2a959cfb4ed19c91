"""Rounds: create, pair (as a job the page can poll), check, publish, unpublish,
close and reopen. A round goes DRAFT -> PUBLISHED -> CLOSED; each transition is
one function here that locks the round and checks its state first.

Pairing: `pairing_job_request` is what the "Pair round N" button and the API
call. It creates a `PairingJob` and sends it to the workers once the
transaction commits (the task runs in-process when no Redis is configured),
without waiting on a pairing in progress. The task calls `pairing_job_run`,
which calls `round_pair`: lock the section, return the round if it is already
paired (re-running is safe), else load the section's snapshot, call its engine,
and write all games and byes in one transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.conf import settings
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pairing.engine.rules import Violation
from tournaments.caching.versions import section_changed
from tournaments.engines import ByeSpec, GameSpec, check_rules, engine_round
from tournaments.errors import InvariantError, RulesBroken, ServiceError, StateError
from tournaments.jobs.models import PairingJob
from tournaments.jobs.queue import job_enqueue
from tournaments.models import Bye, Game, Round, RoundStatus, Section
from tournaments.presentation import listing, violation_text
from tournaments.services.common import all_rounds_paired
from tournaments.snapshot import SectionSnapshot, bye_points

log = logging.getLogger(__name__)

ACTIVE_JOB = (PairingJob.Status.QUEUED, PairingJob.Status.RUNNING)


# Creating and deleting ---------------------------------------------------------------


def _check_once_per_round(number: int, games: Sequence[GameSpec], byes: Sequence[ByeSpec]) -> None:
    seen: dict[int, int | None] = {}  # player -> board, None for a bye
    boards: set[int] = set()
    for g in games:
        if g.board in boards:
            raise InvariantError(
                _("Round %(n)s: board %(board)s is used twice.") % {"n": number, "board": g.board}
            )
        boards.add(g.board)
        for p in (g.white, g.black):
            if p.pk in seen:
                first = seen[p.pk]
                if first is None:
                    message = _(
                        "Round %(n)s: %(name)s is placed twice (a bye and board %(board)s)."
                    )
                else:
                    message = _(
                        "Round %(n)s: %(name)s is placed twice "
                        "(board %(first)s and board %(board)s)."
                    )
                raise InvariantError(
                    message % {"n": number, "name": p.name, "first": first, "board": g.board}
                )
            seen[p.pk] = g.board
    for b in byes:
        if b.player.pk in seen:
            first = seen[b.player.pk]
            if first is None:
                message = _("Round %(n)s: %(name)s is placed twice (a bye and a bye).")
            else:
                message = _("Round %(n)s: %(name)s is placed twice (board %(first)s and a bye).")
            raise InvariantError(message % {"n": number, "name": b.player.name, "first": first})
        seen[b.player.pk] = None


def round_create(
    *,
    section: Section,
    games: Sequence[GameSpec] = (),
    byes: Sequence[ByeSpec] = (),
    seed: int = 0,
    diagnostics: dict | None = None,
    number: int | None = None,
    status: str = RoundStatus.DRAFT,
    results: Sequence[str] | None = None,
) -> Round:
    """Store a new round with its games and byes, all or nothing.

    Only the next round can be created, and only when every earlier round is
    published. Each player appears at most once (checked under a lock on the
    section; the database also refuses a duplicate round number, board, or a
    player twice as white, twice as black, or with two byes). Importers store
    rounds already played: `status` published or closed, and `results` (one per
    game, in order)."""
    if results is not None and len(results) != len(games):
        raise InvariantError("One result per game is needed.")
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        last = section.rounds.order_by("-number").first()
        expected = (last.number if last else 0) + 1
        if number is not None and number != expected:
            if section.rounds.filter(number=number).exists():
                raise InvariantError(
                    _("%(section)s already has a round %(n)s.")
                    % {"section": section.name, "n": number}
                )
            raise StateError(
                _("%(section)s: the next round to pair is %(expected)s, not %(n)s.")
                % {"section": section.name, "expected": expected, "n": number}
            )
        if expected > section.total_rounds:
            raise StateError(
                ngettext(
                    "%(section)s has only %(n)s round.",
                    "%(section)s has only %(n)s rounds.",
                    section.total_rounds,
                )
                % {"section": section.name, "n": section.total_rounds}
            )
        if last is not None and last.status == RoundStatus.DRAFT:
            raise StateError(
                _("%(section)s: publish round %(n)s before pairing the next.")
                % {"section": section.name, "n": expected - 1}
            )
        _check_once_per_round(expected, games, byes)
        for spec in list(games) + list(byes):
            players = (spec.white, spec.black) if isinstance(spec, GameSpec) else (spec.player,)
            for p in players:
                if p.section_id != section.pk:
                    raise InvariantError(
                        _("%(name)s is not in %(section)s.")
                        % {"name": p.name, "section": section.name}
                    )
        now = timezone.now()
        try:
            rnd = Round.objects.create(
                section=section,
                number=expected,
                seed=seed,
                diagnostics=diagnostics or {},
                status=status,
                published_at=now if status != RoundStatus.DRAFT else None,
                closed_at=now if status == RoundStatus.CLOSED else None,
            )
            Game.objects.bulk_create(
                Game(
                    round=rnd,
                    board=g.board,
                    white=g.white,
                    black=g.black,
                    handicap=g.handicap,
                    komi=g.komi,
                    explanation=g.explanation or {},
                    result=results[i] if results is not None else "",
                )
                for i, g in enumerate(games)
            )
            Bye.objects.bulk_create(
                Bye(
                    round=rnd,
                    player=b.player,
                    kind=b.kind,
                    points=bye_points(section, b.kind),
                    explanation=b.explanation or {},
                )
                for b in byes
            )
        except IntegrityError as exc:
            raise InvariantError(f"{section.name} round {expected}: {exc}") from exc
        if status != RoundStatus.DRAFT:
            section_changed(section.pk)
    return rnd


def round_delete_draft(*, round: Round) -> None:
    """Throw away a draft round (to re-pair it). A round with any result is never deleted."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.DRAFT:
            if rnd.status == RoundStatus.CLOSED:
                message = _("Round %(n)s is closed; unpublish it before re-pairing.")
            else:
                message = _("Round %(n)s is published; unpublish it before re-pairing.")
            raise StateError(message % {"n": rnd.number})
        if rnd.games.exclude(result="").exists():
            raise StateError(
                _("Round %(n)s has results; it cannot be re-paired.") % {"n": rnd.number}
            )
        later = Round.objects.filter(section_id=rnd.section_id, number__gt=rnd.number)
        if later.exists():
            raise StateError(_("Round %(n)s is not the last round.") % {"n": rnd.number})
        rnd.delete()


# Checking and publishing ---------------------------------------------------------------


def round_check(*, round: Round, snapshot: SectionSnapshot | None = None) -> list[Violation]:
    """Every absolute rule the round breaks, as sentences for the arbiter."""
    snapshot = snapshot or SectionSnapshot.load(round.section)
    return check_rules(snapshot, snapshot.round(round.number) or round)


def rules_broken_message(number: int, violations: Sequence[Violation]) -> str:
    listed = "; ".join(violation_text(v) for v in violations[:5])
    more = _(" (and %(n)s more)") % {"n": len(violations) - 5} if len(violations) > 5 else ""
    return ngettext(
        "Round %(r)s breaks %(n)s rule: %(listed)s%(more)s. "
        "Correct the pairings, or confirm to publish anyway.",
        "Round %(r)s breaks %(n)s rules: %(listed)s%(more)s. "
        "Correct the pairings, or confirm to publish anyway.",
        len(violations),
    ) % {"r": number, "n": len(violations), "listed": listed, "more": more}


def round_publish(*, round: Round, confirm: bool = False) -> Round:
    """Publish a draft. The rule checker runs first; if it reports anything the
    round is published only with `confirm` (RulesBroken lists what it found)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("section").get(pk=round.pk)
        if rnd.status != RoundStatus.DRAFT:
            if rnd.status == RoundStatus.CLOSED:
                message = _("Round %(n)s is already closed.")
            else:
                message = _("Round %(n)s is already published.")
            raise StateError(message % {"n": rnd.number})
        violations = round_check(round=rnd)
        if violations and not confirm:
            raise RulesBroken(rules_broken_message(rnd.number, violations), violations=violations)
        rnd.status = RoundStatus.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.status_note = ""
        rnd.save(update_fields=["status", "published_at", "status_note", "updated_at"])
        section_changed(rnd.section_id)
    return rnd


def round_unpublish(*, round: Round, reason: str) -> Round:
    """Take a published round back to draft (to correct it). Needs a reason, and no
    result may have been entered yet."""
    if not reason or not reason.strip():
        raise ServiceError(_("Say why the round is unpublished; players will see the reason."))
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.PUBLISHED:
            if rnd.status == RoundStatus.CLOSED:
                message = _("Round %(n)s is closed, not published.")
            else:
                message = _("Round %(n)s is draft, not published.")
            raise StateError(message % {"n": rnd.number})
        if rnd.games.exclude(result="").exists():
            raise StateError(
                _("Round %(n)s already has results; correct them instead.") % {"n": rnd.number}
            )
        if Round.objects.filter(section_id=rnd.section_id, number__gt=rnd.number).exists():
            raise StateError(_("Round %(n)s is not the last round.") % {"n": rnd.number})
        rnd.status = RoundStatus.DRAFT
        rnd.status_note = reason.strip()[:300]
        rnd.save(update_fields=["status", "status_note", "updated_at"])
        section_changed(rnd.section_id)
    return rnd


def round_close(*, round: Round) -> Round:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.PUBLISHED:
            if rnd.status == RoundStatus.CLOSED:
                message = _("Round %(n)s is closed; only a published round can be closed.")
            else:
                message = _("Round %(n)s is draft; only a published round can be closed.")
            raise StateError(message % {"n": rnd.number})
        pending = list(rnd.games.filter(result="").values_list("board", flat=True))
        if pending:
            more = _(" (and %(n)s more)") % {"n": len(pending) - 10} if len(pending) > 10 else ""
            shown = pending[:10]
            raise StateError(
                ngettext(
                    "Round %(r)s: no result yet on board %(boards)s%(more)s.",
                    "Round %(r)s: no result yet on boards %(boards)s%(more)s.",
                    len(shown),
                )
                % {"r": rnd.number, "boards": listing(shown), "more": more}
            )
        rnd.status = RoundStatus.CLOSED
        rnd.closed_at = timezone.now()
        rnd.save(update_fields=["status", "closed_at", "updated_at"])
        section_changed(rnd.section_id)
    return rnd


def round_reopen(*, round: Round) -> Round:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != RoundStatus.CLOSED:
            raise StateError(_("Round %(n)s is not closed.") % {"n": rnd.number})
        rnd.status = RoundStatus.PUBLISHED
        rnd.closed_at = None
        rnd.save(update_fields=["status", "closed_at", "updated_at"])
        section_changed(rnd.section_id)
    return rnd


# Pairing -----------------------------------------------------------------------------


def pairing_precheck(snapshot: SectionSnapshot, round_number: int | None = None) -> int:
    """The number of the round to pair next, or StateError saying what to do first."""
    section = snapshot.section
    number = snapshot.next_round_number if round_number is None else round_number
    if number > section.total_rounds:
        raise all_rounds_paired(section)
    earlier = [r for r in snapshot.rounds if r.number < number]
    draft = next((r for r in earlier if r.status == RoundStatus.DRAFT), None)
    if draft is not None:
        raise StateError(
            _("Publish round %(draft)s before pairing round %(n)s.")
            % {"draft": draft.number, "n": number}
        )
    for r in earlier:
        pending = snapshot.pending_boards(r.number)
        if pending:
            raise StateError(
                ngettext(
                    "Round %(r)s has no result yet on board %(boards)s; "
                    "enter it before pairing round %(n)s.",
                    "Round %(r)s has no result yet on boards %(boards)s; "
                    "enter them before pairing round %(n)s.",
                    len(pending),
                )
                % {"r": r.number, "boards": listing(pending), "n": number}
            )
    if len(snapshot.active_players(number)) < 2:
        raise StateError(
            _("%(section)s: at least two players must take part in round %(n)s.")
            % {"section": section.name, "n": number}
        )
    return number


def round_pair(*, section: Section, round_number: int | None = None) -> Round:
    """Pair the section's next round (or `round_number`, which must be the next one).

    Idempotent: if the round exists already it is returned untouched (a round with
    results is never re-paired). Everything is written in one transaction: a crash
    leaves the round untouched."""
    with transaction.atomic():
        section = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
        if round_number is not None:
            existing = section.rounds.filter(number=round_number).first()
            if existing is not None:
                return existing
        snapshot = SectionSnapshot.load(section)
        number = pairing_precheck(snapshot, round_number)
        paired = engine_round(snapshot, number)
        return round_create(
            section=section,
            games=paired.games,
            byes=paired.byes,
            seed=section.seed,
            diagnostics=paired.diagnostics,
            number=number,
        )


# A running job that nobody has been pairing for this long has lost its worker.
RUNNING_GRACE = 0.5  # seconds: between taking the job and locking the section


def _worker_holds_section(job: PairingJob) -> bool:
    """Whether a worker is pairing the job's section at this moment: it holds the
    section's row lock for the whole pairing. Asked without waiting (NOWAIT); a
    database without row locks cannot tell, and the job's age decides."""
    if not connection.features.has_select_for_update_nowait:
        return not job.looks_stalled
    try:
        with transaction.atomic():
            Section.objects.select_for_update(nowait=True).filter(pk=job.section_id).first()
    except DatabaseError:
        return True
    return False


def _needs_resend(job: PairingJob) -> bool:
    """Whether an unfinished job should be sent to the workers again: a running job
    whose worker has gone (killed mid-pairing: its transaction was rolled back and
    nobody holds the section any more), or a queued job that has waited
    PAIRING_JOB_RESEND_AFTER seconds (a restarted Redis keeps no queue). Running
    the task twice is safe; sending it again for every click is not needed."""
    since = (timezone.now() - (job.started_at or job.created_at)).total_seconds()
    if job.status == PairingJob.Status.RUNNING:
        return since >= RUNNING_GRACE and not _worker_holds_section(job)
    return since >= float(getattr(settings, "PAIRING_JOB_RESEND_AFTER", 30.0))


def _enqueue(job: PairingJob) -> None:
    fallback = None
    if getattr(settings, "PAIRING_INPROCESS_FALLBACK", False):
        fallback = lambda: pairing_job_run(job_id=job.pk)  # noqa: E731
    job_enqueue(job, "blossom.pair_round", fallback=fallback, again="press Pair again")


def pairing_job_request(*, section: Section, by=None) -> PairingJob:
    """Ask for the next round to be paired. A second request while one is queued or
    running returns the same job (a double click yields one round and one task);
    if that job's worker has gone, or its message may be lost, it is sent again.
    Never waits for a pairing in progress. Raises QueueUnreachable (after marking
    the job failed) when the workers cannot be reached."""
    snapshot = SectionSnapshot.load(section)
    number = pairing_precheck(snapshot)
    active = PairingJob.objects.filter(
        section=section, round_number=number, status__in=ACTIVE_JOB
    ).first()
    if active is not None:
        if _needs_resend(active):
            log.info("pairing job %s is %s: sending it again", active.pk, active.status)
            # Counted from now again: the next click does not send it once more.
            PairingJob.objects.filter(pk=active.pk).update(started_at=timezone.now())
            transaction.on_commit(lambda: _enqueue(active))
        return active
    try:
        with transaction.atomic():
            job = PairingJob.objects.create(
                section=section,
                round_number=number,
                requested_by=by if getattr(by, "is_authenticated", False) else None,
            )
    except IntegrityError:  # another click created it a moment ago
        return PairingJob.objects.get(section=section, round_number=number, status__in=ACTIVE_JOB)
    transaction.on_commit(lambda: _enqueue(job))
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
            _(
                "An unexpected error stopped the pairing; it has been logged. Try again, "
                "and report it if it happens again."
            ),
        )
        raise
    else:
        _finish(job, PairingJob.Status.DONE, round_paired_message(rnd))
    job.refresh_from_db()
    return job


def round_paired_message(rnd: Round) -> str:
    """ "Round 3 is paired: 12 boards." in the active language (pages say it again in
    their reader's language: the worker that paired the round speaks English)."""
    count = rnd.games.count()
    return ngettext(
        "Round %(r)s is paired: %(n)s board.",
        "Round %(r)s is paired: %(n)s boards.",
        count,
    ) % {"r": rnd.number, "n": count}


def _finish(job: PairingJob, status: str, message: str) -> None:
    PairingJob.objects.filter(pk=job.pk).update(
        status=status, message=message, progress=100, finished_at=timezone.now()
    )
