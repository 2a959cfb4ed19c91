"""Sending a job to the background workers, or saying at once that they cannot be reached.

Celery's own publishing keeps trying a dead broker for seconds, and its Redis
result store retries for about twenty and then leaves the process unable to send
anything until it is restarted. A button press must not hang like that: here the
task goes out on a fresh broker connection that gets one quick retry within
`TASK_PUBLISH_TIMEOUT` seconds (default 2), with no result store involved (the job
rows record how each job ends), and any failure is `QueueUnreachable`.

`job_enqueue` is the one way a job reaches its task, for every kind of job.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from celery import current_app
from django.conf import settings
from django.db import close_old_connections, connections
from django.utils import timezone

from tournaments.errors import QueueUnreachable
from tournaments.jobs.models import Job

log = logging.getLogger(__name__)

UNREACHABLE = "Background workers are unreachable (the task queue did not answer)."


def task_publish(task, *, args: list) -> str:
    """Send `task(*args)` to the workers and return its task id, or raise QueueUnreachable."""
    timeout = float(getattr(settings, "TASK_PUBLISH_TIMEOUT", 2.0))
    try:
        with task.app.connection_for_write() as conn:
            conn.ensure_connection(
                max_retries=1,
                interval_start=min(0.5, timeout / 4),
                interval_step=0,
                timeout=timeout,
            )
            result = task.apply_async(args=args, connection=conn, retry=False, ignore_result=True)
    except Exception as exc:  # kombu's OperationalError, socket errors: the broker is gone
        raise QueueUnreachable(
            "Background workers are unreachable (the task queue did not answer: "
            f"{type(exc).__name__})."
        ) from exc
    return result.id


def _in_thread(task, job_id: int) -> None:
    def target() -> None:
        close_old_connections()
        try:
            task.apply(args=[job_id])
        finally:
            connections.close_all()

    threading.Thread(target=target, name=f"{task.name}-{job_id}", daemon=True).start()


def job_enqueue(
    job: Job,
    task_name: str,
    *,
    in_thread: bool = False,
    fallback: Callable[[], object] | None = None,
    again: str = "try again",
) -> None:
    """Send `job` to the task named `task_name` (which takes the job's id).

    Embedded mode (tasks run eagerly): the task runs here, or in a thread of this
    process when `in_thread` (long jobs whose page polls their progress); an
    unexpected error is logged and recorded on the job, not raised. When the queue
    is unreachable, `fallback` (if given) runs the job here; otherwise the job is
    marked failed (its message ends with `again`: what to do next) and
    QueueUnreachable is raised with the job attached, so the caller can say so (the
    page shows the job, the API answers 503)."""
    model = type(job)
    task = current_app.tasks[task_name]
    if task.app.conf.task_always_eager:
        if in_thread:
            _in_thread(task, job.pk)
        else:
            task.apply(args=[job.pk], throw=False)
        return
    try:
        task_id = task_publish(task, args=[job.pk])
    except QueueUnreachable as exc:
        log.warning("could not enqueue %s %s: %s", model._meta.verbose_name, job.pk, exc.message)
        if fallback is not None:
            try:
                fallback()
            except Exception:  # logged; the job row says how it ended
                log.exception("%s %s failed in-process", model.__name__, job.pk)
            return
        message = f"{UNREACHABLE} Check that Redis and a worker are running, then {again}."
        model.objects.filter(pk=job.pk, status__in=[Job.Status.QUEUED, Job.Status.RUNNING]).update(
            status=Job.Status.FAILED, finished_at=timezone.now(), message=message
        )
        exc.job = job
        raise
    model.objects.filter(pk=job.pk).update(task_id=task_id)
