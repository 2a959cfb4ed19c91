"""Celery tasks. Thin: they take ids, call a service, and record their own status."""

from __future__ import annotations

import socket

from celery import shared_task

from tournaments.services.lab import simulation_job_run
from tournaments.services.rounds import pairing_job_run


@shared_task(name="blossom.ping", soft_time_limit=10, time_limit=15)
def ping() -> dict:
    """Answered by any live worker; pages use it to tell whether workers are reachable."""
    return {"pong": True, "hostname": socket.gethostname()}


@shared_task(
    name="blossom.pair_round",
    acks_late=True,  # a worker killed mid-pairing leaves the message for another worker
    reject_on_worker_lost=True,
    ignore_result=True,  # the PairingJob row records how it ended
    soft_time_limit=600,
    time_limit=660,
)
def pair_round_task(job_id: int) -> str:
    """Pair the round of a PairingJob. Idempotent: a redelivered or repeated task
    finds the job finished (or the round already paired) and does nothing more."""
    return pairing_job_run(job_id=job_id).status


@shared_task(
    name="blossom.simulate",
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,  # the SimulationJob row holds the report
    soft_time_limit=3600,
    time_limit=3660,
)
def simulate_task(job_id: int) -> str:
    """Run a simulation-lab job. Idempotent: a finished job is left as it is."""
    return simulation_job_run(job_id=job_id).status
