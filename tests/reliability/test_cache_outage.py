"""Redis as the cache going away: pages and result entry carry on without it.

Django's RedisCache raises on a connection error; config.cache.ResilientRedisCache
(the backend the settings choose with REDIS_URL) serves as an empty cache instead,
leaves a dead server alone for a moment after each failure, and picks Redis up again
when it answers."""

from __future__ import annotations

import logging
import time

import pytest
from django.core.cache import cache

from config import cache as resilient
from config.cache import ResilientRedisCache
from tests.reliability.processes import PrivateRedis, free_port
from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.caching.responses import memo_forget
from tournaments.caching.versions import section_cache_key, section_changed, section_version
from tournaments.services.results import result_record


@pytest.fixture(autouse=True)
def _fresh_outage_state(monkeypatch):
    monkeypatch.setattr(resilient, "OUTAGE", resilient._Outage())


def redis_cache(url: str, *, retry_after: float = 2.0) -> ResilientRedisCache:
    return ResilientRedisCache(
        url,
        {
            "KEY_PREFIX": f"outage-{time.time_ns()}",
            "OPTIONS": {
                "socket_connect_timeout": 1,
                "socket_timeout": 1,
                "retry_after": retry_after,
            },
        },
    )


def dead_url() -> str:
    return f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there


def test_a_dead_redis_is_an_empty_cache_that_answers_at_once(caplog, monkeypatch):
    """A dead server is tried once and then left alone (for retry_after seconds):
    1,600 cache calls cost one connection attempt, not 1,600 timeouts."""
    import redis.connection

    attempts = []
    connect = redis.connection.AbstractConnection.connect

    def counted(self):
        attempts.append(1)
        return connect(self)

    monkeypatch.setattr(redis.connection.AbstractConnection, "connect", counted)
    c = redis_cache(dead_url(), retry_after=3600)
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        for _ in range(200):
            assert c.get("k", "default") == "default"
            c.set("k", 1)
            assert c.add("lock", 1) is True  # the caller does the work itself
            assert c.get_many(["a", "b"]) == {}
            assert c.has_key("k") is False
            assert c.delete("k") is False
            with pytest.raises(ValueError):  # as for a key that is not there
                c.incr("k")
            assert c.get_or_set("g", lambda: 7) == 7
    assert len(attempts) == 1
    warnings = [r.getMessage() for r in caplog.records]
    assert warnings == [
        "Cache unreachable (ConnectionError); serving without the cache until it answers."
    ]  # once per outage, and without the address


@pytest.mark.redis
def test_the_cache_works_again_when_redis_is_back(tmp_path, caplog):
    redis = PrivateRedis(tmp_path).start()
    try:
        c = redis_cache(redis.url, retry_after=0.2)
        c.set("k", "before")
        assert c.get("k") == "before"
        redis.stop()
        assert c.get("k", "miss") == "miss"
        redis.start()  # same port, empty: nothing was persisted
        time.sleep(0.3)
        with caplog.at_level(logging.WARNING, logger="config.cache"):
            assert c.get("k", "miss") == "miss"
            c.set("k", "after")
            assert c.get("k") == "after"
        assert "Cache reachable again." in [r.getMessage() for r in caplog.records]
    finally:
        redis.stop()


@pytest.fixture
def dead_cache(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": dead_url(),
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    yield cache


@pytest.mark.django_db
def test_results_are_recorded_while_the_cache_is_dead(
    dead_cache, django_capture_on_commit_callbacks
):
    setup = make_setup(players=4)
    rnd = make_round(setup.section)
    game = rnd.games.get(board=1)
    before = section_version(setup.section.pk)
    result_record(game=game, result="1-0", by=setup.arbiter, expected_version=0)
    assert section_version(setup.section.pk) > before  # kept in the database, not the cache
    game.refresh_from_db()
    assert game.result == "1-0" and game.changes.count() == 1
    assert isinstance(section_version(setup.section.pk), int)
    assert section_cache_key(setup.section.pk, "page").startswith(f"section:{setup.section.pk}:v")
    with django_capture_on_commit_callbacks(execute=True):
        section_changed(setup.section.pk)


@pytest.mark.redis
@pytest.mark.django_db
def test_answers_cached_before_an_outage_are_not_served_after_it(tmp_path, settings, client):
    """Redis keeps its keys across a restart (appendonly): a result written while it
    was down must still show once it is back, on the public page and in the API."""
    redis = PrivateRedis(tmp_path, persist=True).start()
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": redis.url,
            "KEY_PREFIX": f"restart-{time.time_ns()}",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1, "retry_after": 0.1},
        }
    }
    memo_forget()  # no copy of an earlier test's entries in this process
    try:
        setup = make_setup(players=4)
        rnd = make_round(setup.section, publish=True)
        game = rnd.games.get(board=1)
        event, section = setup.event.slug, setup.section.slug
        api = f"/api/v1/events/{event}/sections/{section}/rounds/1/pairings/"
        page = f"/e/{event}/{section}/round/1/"
        assert client.get(api).json()["results"][0]["result"] == ""
        assert "1–0" not in client.get(page).content.decode()
        redis.stop()
        result_record(game=game, result="1-0", by=setup.arbiter, expected_version=0)
        redis.start()  # every key it held before is back
        time.sleep(0.2)  # past retry_after: the cache is used again
        memo_forget()  # a fresh process: nothing but what Redis holds
        assert client.get(api).json()["results"][0]["result"] == "1-0"
        assert "1–0" in client.get(page).content.decode()
    finally:
        redis.stop()
