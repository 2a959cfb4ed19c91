"""The "Pair round" button against a task queue that is down, or a job whose worker
died: a clear answer within seconds, and pressing the button again always works."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta

import pytest
from celery import Celery
from django.utils import timezone

from config.celery import app
from tests.conftest import _reset_celery_connections
from tests.reliability.processes import PrivateRedis, free_port
from tests.web.arbiter_helpers import make_setup
from tournaments.jobs.models import PairingJob
from tournaments.jobs.queue import QueueUnreachable, task_publish
from tournaments.services.rounds import pairing_job_request


def nothing() -> None:
    """A task body for a probe app."""


def probe_task(broker: str):
    # set_as_current=False: shared tasks (pair_round_task) keep resolving to the project app
    probe = Celery("probe", broker=broker, set_as_current=False)
    return probe.task(name="probe.nothing")(nothing)


def dead_broker() -> str:
    return f"redis://:secret-broker-pw@127.0.0.1:{free_port()}/0"


@contextmanager
def celery_broker(url: str, *, eager: bool = False):
    """Point the project's Celery app at `url` (not eager) for the block."""
    keys = ("broker_url", "result_backend", "task_always_eager")
    saved = {k: app.conf[k] for k in keys}
    app.conf.update(broker_url=url, result_backend=url, task_always_eager=eager)
    _reset_celery_connections(app)
    try:
        yield
    finally:
        app.conf.update(saved)
        _reset_celery_connections(app)


def test_publishing_to_a_dead_broker_fails_within_seconds(settings, monkeypatch):
    """Bounded by configuration, not judged by the clock: one quick retry within
    TASK_PUBLISH_TIMEOUT seconds, then QueueUnreachable."""
    from kombu import Connection

    settings.TASK_PUBLISH_TIMEOUT = 1.0
    task = probe_task(dead_broker())
    asked: list[dict] = []
    ensure = Connection.ensure_connection

    def recorded(self, *args, **kwargs):
        asked.append(kwargs)
        return ensure(self, *args, **kwargs)

    monkeypatch.setattr(Connection, "ensure_connection", recorded)
    with pytest.raises(QueueUnreachable, match="Background workers are unreachable") as err:
        task_publish(task, args=[])
    assert [(a["max_retries"], a["timeout"]) for a in asked] == [(1, 1.0)]
    assert "OperationalError" in err.value.message  # the connection failed, nothing else
    assert "secret-broker-pw" not in err.value.message


@pytest.mark.redis
def test_a_broker_that_comes_back_is_used_again_without_a_restart(tmp_path, settings):
    settings.TASK_PUBLISH_TIMEOUT = 1.0
    redis = PrivateRedis(tmp_path)
    task = probe_task(redis.url)
    with pytest.raises(QueueUnreachable):
        task_publish(task, args=[])
    redis.start()
    try:
        assert task_publish(task, args=[])  # the same process sends once Redis is back
        import redis as redis_py

        assert redis_py.Redis(port=redis.port).llen("celery") == 1
    finally:
        redis.stop()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("in_process_tasks")  # "workers back" below: in this process
def test_pair_round_says_workers_are_unreachable_at_once(settings):
    settings.TASK_PUBLISH_TIMEOUT = 1.0
    setup = make_setup(players=6)
    with celery_broker(dead_broker()), pytest.raises(QueueUnreachable):  # the API: 503
        pairing_job_request(section=setup.section, by=setup.arbiter)
    job = PairingJob.objects.get(section=setup.section)
    assert job.status == PairingJob.Status.FAILED
    assert "Background workers are unreachable" in job.message and "press Pair again" in job.message
    assert not setup.section.rounds.exists()
    # Pressing again later (workers back; here: in-process) pairs the round.
    job = pairing_job_request(section=setup.section, by=setup.arbiter)
    job.refresh_from_db()
    assert job.status == PairingJob.Status.DONE and setup.section.rounds.count() == 1


@pytest.mark.django_db(transaction=True)
def test_in_process_fallback_pairs_when_the_queue_is_down(settings):
    settings.TASK_PUBLISH_TIMEOUT = 1.0
    settings.PAIRING_INPROCESS_FALLBACK = True
    setup = make_setup(players=6)
    with celery_broker(dead_broker()):
        job = pairing_job_request(section=setup.section, by=setup.arbiter)
    job.refresh_from_db()
    assert job.status == PairingJob.Status.DONE, job.message
    assert setup.section.rounds.get(number=1).games.count() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("in_process_tasks")
def test_a_job_left_running_by_a_dead_worker_is_run_again_when_pair_is_pressed():
    setup = make_setup(players=6)
    # Its worker died a minute ago: nobody holds the section's lock (PostgreSQL
    # tells at once; a database without row locks goes by the job's age).
    dead = PairingJob.objects.create(
        section=setup.section,
        round_number=1,
        status=PairingJob.Status.RUNNING,
        started_at=timezone.now() - timedelta(minutes=1),
        attempts=1,
    )
    job = pairing_job_request(section=setup.section, by=setup.arbiter)
    assert job.pk == dead.pk  # the same job, not a second one
    job.refresh_from_db()
    assert job.status == PairingJob.Status.DONE and job.attempts == 2
    assert setup.section.rounds.count() == 1 and PairingJob.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_queued_job_is_sent_again_only_after_waiting(monkeypatch, settings):
    settings.PAIRING_JOB_RESEND_AFTER = 30
    sent: list[int] = []
    monkeypatch.setattr("tournaments.services.rounds._enqueue", lambda job: sent.append(job.pk))
    setup = make_setup(players=6)
    first = pairing_job_request(section=setup.section, by=setup.arbiter)
    assert sent == [first.pk]
    again = pairing_job_request(section=setup.section, by=setup.arbiter)
    assert again.pk == first.pk and sent == [first.pk]  # a double click sends nothing more
    assert not again.looks_stalled
    PairingJob.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(minutes=1))
    later = pairing_job_request(section=setup.section, by=setup.arbiter)
    assert later.pk == first.pk and sent == [first.pk, first.pk]  # lost with Redis? sent again
    assert later.looks_stalled


@pytest.mark.django_db(transaction=True)
def test_the_api_answers_with_the_job_as_it_ended(settings):
    """POST .../pair/ with the workers unreachable: 503 with the reason, not a 202."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    settings.TASK_PUBLISH_TIMEOUT = 1.0
    setup = make_setup(players=6)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=setup.arbiter)}")
    url = f"/api/v1/events/{setup.event.slug}/sections/{setup.section.slug}/pair/"
    with celery_broker(dead_broker()):
        response = client.post(url)
    assert response.status_code == 503 and response["Retry-After"]
    assert "Background workers are unreachable" in response.json()["detail"]
    assert PairingJob.objects.get(section=setup.section).status == PairingJob.Status.FAILED


@pytest.mark.django_db
def test_the_job_page_offers_to_send_a_stalled_job_again(client, settings):
    settings.PAIRING_JOB_RESEND_AFTER = 30
    setup = make_setup(players=6)
    job = PairingJob.objects.create(section=setup.section, round_number=1)
    client.force_login(setup.arbiter)
    url = setup.url("job", job=job.pk)
    assert "Still not done?" not in client.get(url, headers={"HX-Request": "true"}).text
    PairingJob.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(minutes=2))
    page = client.get(url, headers={"HX-Request": "true"}).text
    assert "Still not done?" in page and 'action="' + setup.url("pair") + '"' in page
