"""A real Celery round trip: a worker thread consuming from Redis runs a task."""

from __future__ import annotations

import pytest
from celery.result import EagerResult

from tests.conftest import real_worker
from tournaments.tasks import ping

pytestmark = pytest.mark.redis


def test_task_runs_in_a_real_worker_through_redis(redis_url):
    with real_worker(redis_url):
        result = ping.delay()
        assert not isinstance(result, EagerResult)  # sent through the broker
        answer = result.get(timeout=20)
        assert answer["pong"] is True and answer["hostname"]
        assert result.successful() and result.backend.__class__.__name__ == "RedisBackend"
