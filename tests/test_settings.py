"""Settings from the environment: embedded default, PostgreSQL, Redis, production."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOW = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'db': settings.DATABASES['default']['ENGINE'], "
    "'name': str(settings.DATABASES['default']['NAME']), "
    "'cache': settings.CACHES['default']['BACKEND'], 'eager': settings.CELERY_TASK_ALWAYS_EAGER, "
    "'broker': settings.CELERY_BROKER_URL, 'debug': settings.DEBUG}))"
)
VARS = (
    "DATABASE_URL",
    "REDIS_URL",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CELERY_TASK_ALWAYS_EAGER",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by the browser tests' conftest
)


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in VARS}
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _settings(**env: str) -> dict:
    out = _run(SHOW, **env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_nothing_set_is_the_embedded_mode():
    s = _settings()
    assert s["db"] == "django.db.backends.sqlite3"
    assert s["name"] == str(ROOT / "db.sqlite3")
    assert s["cache"].endswith("LocMemCache")
    assert s["eager"] is True and s["broker"] == "memory://" and s["debug"] is True
    assert (ROOT / ".secret_key").exists()


def test_database_url_selects_postgresql():
    s = _settings(DATABASE_URL="postgres://u:p@db.example:5432/blossom")
    assert s["db"] == "django.db.backends.postgresql" and s["name"] == "blossom"


def test_redis_url_moves_cache_and_tasks_to_redis():
    s = _settings(REDIS_URL="redis://cache.example:6379/2")
    assert s["cache"] == "config.cache.ResilientRedisCache"  # RedisCache that survives outages
    assert s["broker"] == "redis://cache.example:6379/2" and s["eager"] is False


def test_production_settings_pass_check_deploy():
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **{k: v for k, v in os.environ.items() if k not in VARS},
            "DEBUG": "0",
            "SECRET_KEY": "x" * 20 + "a-long-random-production-key-0123456789",
            "ALLOWED_HOSTS": "blossom.example.org",
        },
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_production_without_secret_key_refuses_to_start():
    out = _run(SHOW, DEBUG="0", ALLOWED_HOSTS="x.example")
    assert out.returncode != 0 and "SECRET_KEY" in out.stderr
