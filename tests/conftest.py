from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from urllib.parse import urlparse

import pytest

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


def _answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ... under -n


def _own_database(url: str) -> str:
    """Under pytest-xdist each test process gets a Redis database of its own (counting
    down from the given one), so one process's worker never takes another's tasks."""
    if not XDIST_WORKER:
        return url
    parsed = urlparse(url)
    base = int(parsed.path.strip("/") or 0)
    index = (base - int(XDIST_WORKER.removeprefix("gw"))) % 16
    return parsed._replace(path=f"/{index}").geturl()


def redis_url_or_skip() -> str:
    """The Redis to use for real-worker tests: REDIS_URL, else the local default.
    Skips (saying why) when Redis does not answer; under REQUIRE_SERVICES=1 fails instead."""
    url = _own_database(os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/15")
    parsed = urlparse(url)
    if not _answers(parsed.hostname or "127.0.0.1", parsed.port or 6379):
        message = f"Redis does not answer at {parsed.hostname}:{parsed.port or 6379}"
        if REQUIRE_SERVICES:
            pytest.fail(message + " (REQUIRE_SERVICES=1)")
        pytest.skip(message)
    return url


@pytest.fixture
def redis_url() -> str:
    return redis_url_or_skip()


def _reset_celery_connections(app) -> None:
    """Forget the result backend and producer pool Celery built from older settings."""
    with suppress(AttributeError):
        del app._local.backend
    app._pool = None  # connections to the old broker are left to close on their own
    app.amqp._producer_pool = None


@contextmanager
def real_worker(redis_url: str) -> Iterator[object]:
    """A real Celery worker (a thread of this process, solo pool) consuming from Redis,
    with tasks sent through the broker and results stored in Redis."""
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    keys = ("broker_url", "result_backend", "task_always_eager")
    saved = {k: app.conf[k] for k in keys}
    app.conf.update(broker_url=redis_url, result_backend=redis_url, task_always_eager=False)
    _reset_celery_connections(app)
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10) as w:
            yield w
    finally:
        app.conf.update(saved)
        _reset_celery_connections(app)


@pytest.fixture
def in_process_tasks(monkeypatch):
    """Run Celery tasks in-process, as the embedded mode does, even when REDIS_URL is set
    (CI's services run): for tests about what a task does, not how it travels."""
    from config.celery import app

    monkeypatch.setitem(app.conf, "task_always_eager", True)


def pytest_configure(config):
    """The translation catalogues are compiled from their sources before any test reads
    them (only stale ones; atomically, so test processes may do it at once)."""
    from tournaments.catalogues import compile_all

    compile_all()


@pytest.fixture(autouse=True)
def _each_test_starts_in_english():
    """A request in another language (the test client, a browser) leaves that language
    active in the thread; the next test must not inherit it."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
