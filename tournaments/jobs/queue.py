"""Sending a task to the background workers, or saying at once that they cannot be reached.

Celery's own publishing keeps trying a dead broker for seconds, and its Redis
result store retries for about twenty and then leaves the process unable to send
anything until it is restarted. A button press must not hang like that: here the
task goes out on a fresh broker connection that gets one quick retry within
`TASK_PUBLISH_TIMEOUT` seconds (default 2), with no result store involved (the job
rows record how each job ends), and any failure is `QueueUnreachable`.
"""

from __future__ import annotations

from django.conf import settings

from tournaments.errors import ServiceError


class QueueUnreachable(ServiceError):
    """The task queue (Redis) did not accept the task."""

    code = "queue-unreachable"


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
