"""Redis stopped, then restarted, under a real web server (gunicorn) that uses it as its
cache and task queue, with a real Celery worker once it is back.

While Redis is down: arbiter and public pages load, results are entered through the
form and the API (and shown), "Pair round" says within seconds that background
workers are unreachable and to press Pair again (page, htmx and API alike), and with
PAIRING_INPROCESS_FALLBACK=1 the round is paired in the web process instead. When
Redis is back the same web processes use it again: a job whose message a restart
lost is sent again by pressing Pair, and a worker pairs it once.
"""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tests.factories import EventFactory, EventRoleFactory, PlayerFactory, SectionFactory
from tests.reliability.arbiters import Arbiter
from tests.reliability.processes import (
    PrivateRedis,
    WebServer,
    Worker,
    database_url_of_this_run,
    process_env,
    wait_until,
)
from tests.web.arbiter_helpers import make_round
from tournaments.jobs.models import PairingJob
from tournaments.models import EventRole
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish

pytestmark = [pytest.mark.redis, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "redis-is-gone-again"
UNREACHABLE = "Background workers are unreachable"


def finish_round(section, number: int) -> None:
    rnd = section.rounds.get(number=number)
    if rnd.status == "draft":
        round_publish(round=rnd, confirm=True)
    for game in rnd.games.filter(result=""):
        result_record(game=game, result="1/2-1/2", by=None)


def timed(call):
    started = time.monotonic()
    value = call()
    return value, time.monotonic() - started


def test_pages_results_and_pairing_through_a_redis_outage(tmp_path):
    redis = PrivateRedis(tmp_path).start()
    event = EventFactory(slug="windy-open", name="Windy Open")
    section = SectionFactory(event=event, slug="open", total_rounds=6)
    for i in range(1, 9):
        PlayerFactory(section=section, pairing_number=i)
    make_round(section)
    user = get_user_model().objects.create_user("wendy", password=PASSWORD)
    EventRoleFactory(user=user, event=event, role=EventRole.Role.CHIEF_ARBITER)
    token = Token.objects.create(user=user).key
    env = process_env(
        DATABASE_URL=database_url_of_this_run(),
        REDIS_URL=redis.url,
        CACHE_KEY_PREFIX=f"outage-{time.time_ns()}",
        TASK_PUBLISH_TIMEOUT="1",
        PAIRING_JOB_RESEND_AFTER="1",
    )
    server = WebServer(env, tmp_path / "web.log", workers=2, threads=2).start()
    fallback = WebServer(
        dict(env, PAIRING_INPROCESS_FALLBACK="1"), tmp_path / "fallback.log", workers=1, threads=2
    )
    worker = Worker(env, tmp_path / "worker.log", name="back")
    arbiter = Arbiter(server.url, "wendy", PASSWORD, token)
    base = f"/arbiter/{event.slug}/{section.slug}/"
    api_base = f"/api/v1/events/{event.slug}/sections/{section.slug}/"
    pages = [base, base + "rounds/1/", base + "players/", base + "standings/", "/arbiter/"]
    public = [
        f"/e/{event.slug}/",
        f"/e/{event.slug}/open/",
        f"/e/{event.slug}/open/round/1/",
        f"/e/{event.slug}/open/standings/",
        f"/e/{event.slug}/open/player/1/",
        api_base + "rounds/1/pairings/",
    ]
    try:
        for path in pages + public:  # warm: the cache is in use
            assert arbiter.http.get(server.url + path, timeout=30).status_code == 200, path

        redis.stop()  # ---------------------------------------------------------------
        slowest = 0.0
        for path in pages + public:
            answer, seconds = timed(lambda p=path: arbiter.http.get(server.url + p, timeout=30))
            assert answer.status_code == 200, (path, answer.status_code)
            slowest = max(slowest, seconds)
        arbiter.open_page(base + "rounds/1/")
        form = arbiter.result_by_form(base + "rounds/1/", 1, "1-0", 0, writer="form")
        api = arbiter.result_by_api(
            f"{event.slug}/sections/{section.slug}", 1, 2, "0-1", 0, writer="api"
        )
        assert form.accepted and api.accepted, (form, api)
        shown = arbiter.http.get(server.url + api_base + "rounds/1/pairings/", timeout=30).json()
        assert [b["result"] for b in shown["results"][:2]] == ["1-0", "0-1"]
        assert section.rounds.get(number=1).games.get(board=1).changes.count() == 1

        finish_round(section, 1)
        page, seconds = timed(lambda: arbiter.htmx_post(base + "pair/", {}))
        assert (
            page.status_code == 286 and UNREACHABLE in page.text and "press Pair again" in page.text
        )
        print(f"\nPair with Redis down answered in {seconds:.2f} s")  # measured, not judged
        plain = arbiter.http.post(
            server.url + base + "pair/", timeout=30, headers={"X-CSRFToken": arbiter.csrf}
        )
        assert (
            plain.status_code == 200 and UNREACHABLE in plain.text
        )  # the message, after a redirect
        answer, seconds = timed(lambda: arbiter.api("POST", api_base + "pair/"))
        assert answer.status_code == 503 and answer.headers["Retry-After"]
        assert UNREACHABLE in answer.json()["detail"]
        assert not section.rounds.filter(number=2).exists()

        fallback.start()  # PAIRING_INPROCESS_FALLBACK=1: the web process pairs it itself
        in_process = Arbiter(fallback.url, "wendy", PASSWORD, token)
        job = in_process.api("POST", api_base + "pair/").json()
        assert job["status"] == "done", job
        assert section.rounds.get(number=2).games.count() == 4
        fallback.stop()

        redis.start()  # back, empty: ------------------------------------------------
        finish_round(section, 2)
        job = arbiter.api("POST", api_base + "pair/").json()  # no worker yet: queued
        assert job["status"] == "queued"
        redis.stop()
        redis.start()  # restarted again: the queued message is lost
        worker.start()
        time.sleep(1.5)
        assert PairingJob.objects.get(pk=job["id"]).status == "queued"
        again = arbiter.api("POST", api_base + "pair/").json()  # the arbiter presses Pair again
        assert again["id"] == job["id"]
        wait_until(
            lambda: PairingJob.objects.get(pk=job["id"]).status == "done",
            timeout=60,
            what="the worker to pair round 3",
            step=0.2,
        )
        assert section.rounds.filter(number=3).count() == 1
        for path in pages + public:
            assert arbiter.http.get(server.url + path, timeout=30).status_code == 200, path
        log = (tmp_path / "web.log").read_text()
        assert "Cache unreachable" in log  # said once per process, without the address
        assert redis.url.split("//")[1].split("/")[0] not in log.split("Listening")[-1]
        assert "Traceback" not in log
        print(
            f"\nfault: Redis stopped: {len(pages + public)} pages answered (slowest "
            f"{slowest:.2f} s), 2 results entered, Pair said unreachable within "
            f"{seconds:.2f} s, fallback paired in-process; Redis restarted twice: lost job "
            "resent, paired once"
        )
    finally:
        worker.kill()
        fallback.stop()
        server.stop()
        redis.stop()
