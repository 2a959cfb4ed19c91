"""A Celery worker killed in the middle of pairing a large round (400 players), with a
real web server, a private Redis and PostgreSQL.

The worker (tests/reliability/slow_worker.py) stops after writing the round's 200
games inside its transaction; then it is killed with SIGKILL:

- only the process running the task: the round is untouched, the worker's main
  process gives the task back to the queue (acks late, reject on worker lost) and a
  fresh process pairs the round once;
- the whole worker: the round is untouched and the job still says running; pressing
  "Pair round" again sends the job once more and another worker pairs it; pairing the
  next round works.

And the same task delivered twice to a worker running two at once makes one round.
"""

from __future__ import annotations

import json
import os
import signal
import time

import pytest
from celery import Celery
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tests.factories import EventFactory, EventRoleFactory, SectionFactory
from tests.reliability.processes import (
    PrivateRedis,
    WebServer,
    Worker,
    database_url_of_this_run,
    need_postgresql,
    process_env,
    wait_until,
)
from tournaments.jobs.models import PairingJob
from tournaments.models import EventRole, Player
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

PLAYERS = 400


class Rig:
    def __init__(self, tmp_path, redis, server, env, section, token):
        self.tmp, self.redis, self.server, self.env = tmp_path, redis, server, env
        self.section, self.token = section, token
        self.marker = tmp_path / "paused.json"
        self.workers: list[Worker] = []

    def worker(self, name: str, *, slow: bool, concurrency: int = 1) -> Worker:
        env = dict(self.env, BLOSSOM_PAUSE_MARKER=str(self.marker))
        worker = Worker(
            env,
            self.tmp / f"{name}.log",
            name=name,
            concurrency=concurrency,
            launcher="tests.reliability.slow_worker" if slow else None,
        )
        self.workers.append(worker)
        return worker.start()

    def api(self, method: str, path: str):
        import requests

        return requests.request(
            method,
            self.server.url + path,
            timeout=60,
            headers={"Authorization": f"Token {self.token}"},
        )

    def pair(self) -> dict:
        s = self.section
        answer = self.api("POST", f"/api/v1/events/{s.event.slug}/sections/{s.slug}/pair/")
        assert answer.status_code == 202, answer.text
        return answer.json()

    def wait_for_pause(self) -> dict:
        wait_until(self.marker.exists, timeout=90, what="the worker to stop mid-pairing")
        return json.loads(self.marker.read_text())

    def wait_for_job(self, job_id: int, status: str = "done", timeout: float = 90) -> PairingJob:
        def finished() -> bool:
            return PairingJob.objects.get(pk=job_id).status == status

        wait_until(finished, timeout=timeout, what=f"job {job_id} to be {status}", step=0.2)
        return PairingJob.objects.get(pk=job_id)


@pytest.fixture
def rig(tmp_path):
    need_postgresql()
    redis = PrivateRedis(tmp_path).start()
    event = EventFactory(slug="big-open", name="Big Open")
    section = SectionFactory(event=event, slug="open", total_rounds=9)
    Player.objects.bulk_create(
        Player(section=section, pairing_number=i, name=f"Player {i:03d}", rating=2600 - i)
        for i in range(1, PLAYERS + 1)
    )
    user = get_user_model().objects.create(username="chief-big", password="!")
    EventRoleFactory(user=user, event=event, role=EventRole.Role.CHIEF_ARBITER)
    token = Token.objects.create(user=user).key
    env = process_env(
        DATABASE_URL=database_url_of_this_run(),
        REDIS_URL=redis.url,
        CACHE_KEY_PREFIX=f"faults-{time.time_ns()}",
    )
    server = WebServer(env, tmp_path / "gunicorn.log", workers=1, threads=4).start()
    rig = Rig(tmp_path, redis, server, env, section, token)
    try:
        yield rig
    finally:
        for worker in rig.workers:
            worker.kill()
        server.stop()
        redis.stop()


def assert_round_once(section, number: int) -> None:
    rounds = list(section.rounds.filter(number=number))
    assert len(rounds) == 1, f"{len(rounds)} rounds numbered {number}"
    games = list(rounds[0].games.all())
    assert len(games) == PLAYERS // 2
    placed = [g.white_id for g in games] + [g.black_id for g in games]
    assert len(set(placed)) == PLAYERS


def test_killing_the_process_that_pairs_leaves_the_round_untouched_then_it_is_redone(rig):
    worker = rig.worker("slow", slow=True)
    job = rig.pair()
    paused = rig.wait_for_pause()
    assert paused["games"] == PLAYERS // 2  # written, inside the open transaction
    assert not rig.section.rounds.exists()  # ...and not visible: nothing is committed
    assert PairingJob.objects.get(pk=job["id"]).status == "running"
    os.kill(paused["pid"], signal.SIGKILL)
    done = rig.wait_for_job(job["id"])
    assert done.attempts == 2  # given back to the queue and run again by a new process
    assert_round_once(rig.section, 1)
    assert "WorkerLostError" in (rig.tmp / "slow.log").read_text()
    print(
        f"\nfault: pool process killed mid-pairing ({PLAYERS} players): round untouched, "
        f"task redelivered, job {done.status} after {done.attempts} attempts"
    )
    worker.stop()


def test_killing_the_whole_worker_then_pairing_again_works(rig):
    rig.worker("doomed", slow=True)
    job = rig.pair()
    rig.wait_for_pause()
    rig.workers[0].kill()  # main process and pool together, as a crash or OOM kill would
    time.sleep(1.0)
    assert not rig.section.rounds.exists()
    stuck = PairingJob.objects.get(pk=job["id"])
    assert stuck.status == "running" and stuck.attempts == 1
    again = rig.pair()  # the arbiter presses "Pair round" again
    assert again["id"] == job["id"]  # the same job, sent once more
    rig.worker("rescuer", slow=False)
    done = rig.wait_for_job(job["id"])
    assert done.attempts == 2
    assert_round_once(rig.section, 1)
    # The tournament goes on: publish, play, pair round 2 through the same worker.
    rnd = rig.section.rounds.get(number=1)
    round_publish(round=rnd)
    for game in rnd.games.all():
        result_record(game=game, result="1-0", by=None)
    second = rig.pair()
    assert second["round_number"] == 2
    rig.wait_for_job(second["id"])
    assert_round_once(rig.section, 2)
    print(
        "\nfault: whole worker killed mid-pairing: round untouched, job resent by "
        "pressing Pair again, paired once by another worker; round 2 paired after"
    )


def test_the_same_task_delivered_twice_makes_one_round(rig):
    job = rig.pair()  # no worker yet: the message waits in Redis
    assert job["status"] == "queued"
    duplicate = Celery("duplicate", broker=rig.redis.url, set_as_current=False)
    duplicate.send_task("blossom.pair_round", args=[job["id"]])
    rig.worker("pair", slow=False, concurrency=2)
    done = rig.wait_for_job(job["id"])
    log = rig.tmp / "pair.log"
    wait_until(
        lambda: log.read_text().count("] succeeded") >= 2,
        timeout=30,
        what="both deliveries to finish",
    )
    assert done.status == "done"
    assert_round_once(rig.section, 1)
