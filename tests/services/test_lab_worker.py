"""A simulation-lab job through Redis and a real Celery worker (as in the
scale-out mode): the task is found by name, runs in the worker, and the page's
job row ends done with its report."""

from __future__ import annotations

import time

import pytest

from tests.conftest import real_worker
from tests.factories import UserFactory
from tournaments.jobs.models import SimulationJob
from tournaments.services.lab import lab_config, simulation_job_request

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_a_simulation_job_runs_in_a_real_worker(redis_url, settings):
    settings.LAB_RUN_INLINE = False
    with real_worker(redis_url):
        config = lab_config(players=4, rounds=2, low=1500, high=2000, events=10)
        job = simulation_job_request(config=config, by=UserFactory())
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.is_finished:
                break
            time.sleep(0.2)
    assert job.status == SimulationJob.Status.DONE, job.message
    assert job.task_id  # sent through the broker, not run in-process
    assert job.report["params"]["events"] == 10 and job.plot_svg
