"""Background jobs: one row per request for work the pages wait for (pairing a
round, a simulation-lab run), so a page can show progress and how it ended."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Job(models.Model):
    """What every job row has: its state, progress, outcome and who asked."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    status = models.CharField(max_length=7, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent done.")
    message = models.TextField(blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at"]

    @property
    def is_finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class PairingJob(Job):
    section = models.ForeignKey(
        "tournaments.Section", on_delete=models.CASCADE, related_name="pairing_jobs"
    )
    round_number = models.PositiveSmallIntegerField()

    class Meta(Job.Meta):
        constraints = [
            # At most one unfinished job per section and round: a double click
            # finds the running job instead of starting another.
            models.UniqueConstraint(
                fields=["section", "round_number"],
                condition=Q(status__in=["queued", "running"]),
                name="pairing_job_one_active",
            ),
        ]

    def __str__(self) -> str:
        return f"Pair {self.section} round {self.round_number}: {self.status}"

    @property
    def looks_stalled(self) -> bool:
        """Unfinished after PAIRING_JOB_RESEND_AFTER seconds: the page offers to send it
        again (pressing Pair again resends a job whose worker has gone)."""
        if self.is_finished or self.created_at is None:
            return False
        waited = (timezone.now() - (self.started_at or self.created_at)).total_seconds()
        return waited >= float(getattr(settings, "PAIRING_JOB_RESEND_AFTER", 30.0))


class SimulationJob(Job):
    """A simulation-lab run for one normalised parameter set (tournaments/services/lab.py).

    One row per parameter set (`key`): asking again for the same settings finds
    this row, and its report when it is done."""

    key = models.CharField(max_length=64, unique=True, help_text="Hash of the parameters.")
    params = models.JSONField(help_text="The simulation's settings, normalised.")
    events_done = models.PositiveIntegerField(default=0)
    report = models.JSONField(null=True, blank=True, help_text="The summary, with every value.")
    plot_svg = models.TextField(blank=True)
    seconds = models.FloatField(null=True, blank=True)
    updated_at = models.DateTimeField(null=True, blank=True, help_text="Last progress report.")

    def __str__(self) -> str:
        return f"Simulation {self.key[:10]}: {self.status}"
