"""Secrets come only from the environment and never reach the logs.

- settings.py holds no secret value: the key comes from SECRET_KEY (required in
  production) or a file generated once outside git; .env, the key file and the demo
  admin's password file are ignored by git; docker-compose.yml takes passwords from
  the environment.
- Production settings send cookies over HTTPS only and keep the session cookie
  away from scripts.
- Failed and throttled logins, API calls with good and bad tokens, a pairing job that
  crashes, a task queue that is down (its URL holding a password), a database that
  stops answering and a 500: none of their log lines holds a password, token,
  session id, the secret key or the broker's password.
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.db import OperationalError
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import EventRoleFactory, UserFactory
from tests.reliability.processes import free_port
from tests.reliability.test_pairing_queue import celery_broker
from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.jobs.queue import QueueUnreachable
from tournaments.services.results import result_record
from tournaments.services.rounds import pairing_job_request

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Hunter2-correct-horse-staple"


def test_settings_hold_no_secret_values():
    text = (ROOT / "config" / "settings.py").read_text()
    literal = re.compile(r"^\s*\w*(SECRET|PASSWORD|TOKEN)\w*\s*=\s*(['\"])(?!\2)", re.MULTILINE)
    assert not literal.search(text)
    assert 'SECRET_KEY = env.str("SECRET_KEY")' in text  # required in production


def test_secret_files_are_ignored_by_git():
    names = [".env", ".secret_key", ".admin_password", "db.sqlite3"]
    out = subprocess.run(
        ["git", "check-ignore", *names], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert sorted(out.stdout.split()) == sorted(names), out.stdout + out.stderr


def test_compose_takes_passwords_from_the_environment():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    pg = compose["services"]["postgres"]["environment"]
    assert pg["POSTGRES_PASSWORD"].startswith("${")
    web = compose["services"]["web"]["environment"]
    assert web["SECRET_KEY"].startswith("${") and "${" in web["DATABASE_URL"]


def test_production_cookies_are_secure():
    code = (
        "import json, django; from django.conf import settings as s; django.setup(); "
        "print(json.dumps({k: getattr(s, k) for k in ('SESSION_COOKIE_SECURE', "
        "'CSRF_COOKIE_SECURE', 'SESSION_COOKIE_HTTPONLY', 'SECURE_SSL_REDIRECT', "
        "'SECURE_HSTS_SECONDS', 'SESSION_COOKIE_SAMESITE', 'DEBUG')}))"
    )
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="p" * 60,
        ALLOWED_HOSTS="blossom.example.org",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    s = json.loads(out.stdout)
    assert s == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SESSION_COOKIE_HTTPONLY": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "DEBUG": False,
    }


# Logs --------------------------------------------------------------------------------


def formatted(records: list[logging.LogRecord]) -> str:
    """The records as the configured handler writes them, tracebacks included."""
    fmt = settings.LOGGING["formatters"]["plain"]["format"]
    formatter = logging.Formatter(fmt)
    return "\n".join(formatter.format(r) for r in records)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("in_process_tasks")  # the crashing pairing runs (and logs) here
def test_nothing_sensitive_reaches_the_logs(caplog, monkeypatch, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TASK_PUBLISH_TIMEOUT = 1.0
    settings.CACHES = {  # failed-login counts of this test only
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "secrets-test",
        }
    }
    caplog.set_level(logging.DEBUG)
    setup = make_setup(players=6)
    user = UserFactory(username="arbiter-logs", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event)
    token = Token.objects.create(user=user).key
    secrets = {
        "password": PASSWORD,
        "token": token,
        "secret key": settings.SECRET_KEY,
        "broker password": "broker-pw-never-logged",
        "bad token": "badtoken-1234567890",
    }

    client = Client(raise_request_exception=False)
    for _ in range(6):  # failed, then throttled logins
        client.post("/login/", {"username": "arbiter-logs", "password": PASSWORD + "x"})
    client.post("/login/", {"username": "arbiter-logs", "password": PASSWORD})
    client.force_login(user)
    secrets["session id"] = client.cookies[settings.SESSION_COOKIE_NAME].value

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {secrets['bad token']}")
    api.get("/api/v1/jobs/1/")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    api.get("/api/v1/jobs/999/")
    make_round(setup.section, publish=True)
    result_url = (
        f"/api/v1/events/{setup.event.slug}/sections/{setup.section.slug}/rounds/1/boards/1/result/"
    )
    api.post(result_url, {"result": "1-0", "version": 7}, format="json")  # a conflict

    def crash(snapshot, number):
        raise RuntimeError("the engine broke")

    for game in setup.section.rounds.get(number=1).games.all():
        result_record(game=game, result="0-1", by=user)
    monkeypatch.setattr("tournaments.services.rounds.engine_round", crash)
    client.post(setup.url("pair"))  # logs the crash with its traceback
    broker = f"redis://:{secrets['broker password']}@127.0.0.1:{free_port()}/0"
    with celery_broker(broker), pytest.raises(QueueUnreachable):  # the API answers 503
        pairing_job_request(section=setup.section, by=user)

    def database_gone(**kwargs):
        raise OperationalError("the server closed the connection")

    monkeypatch.setattr("tournaments.views.arbiter.results.result_record", database_gone)
    client.post(setup.url("result", number=1, board=1), {"result": "1-0", "version": 1})

    text = formatted(caplog.records)
    for what, value in secrets.items():
        assert value not in text, f"the {what} was logged"
    # The scenarios did log (so the check above looked at something):
    assert "pairing job" in text and "the engine broke" in text
    assert "could not enqueue pairing job" in text and "database unavailable" in text
    assert "login throttled" in text
