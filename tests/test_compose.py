"""docker-compose.yml: no Docker engine runs here, so check the file's wiring."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_services_and_healthchecks():
    services = _compose()["services"]
    assert set(services) == {"postgres", "redis", "web", "worker"}
    for name, service in services.items():
        assert service.get("healthcheck", {}).get("test"), f"{name} has no healthcheck"


def test_web_migrates_then_serves_with_gunicorn_and_worker_runs_celery():
    services = _compose()["services"]
    web = " ".join(services["web"]["command"])
    assert "manage.py migrate" in web and web.index("migrate") < web.index("gunicorn")
    assert "config.wsgi:application" in web
    worker = services["worker"]["command"]
    assert worker[:3] == ["celery", "-A", "config"] and "worker" in worker
    for name in ("web", "worker"):
        deps = services[name]["depends_on"]
        assert deps["postgres"]["condition"] == deps["redis"]["condition"] == "service_healthy"


def test_web_and_worker_share_database_and_redis():
    services = _compose()["services"]
    web, worker = services["web"]["environment"], services["worker"]["environment"]
    assert web["DATABASE_URL"] == worker["DATABASE_URL"]
    assert web["REDIS_URL"] == worker["REDIS_URL"]
    assert web["DATABASE_URL"].startswith("postgres://") and "@postgres:" in web["DATABASE_URL"]
    assert web["REDIS_URL"].startswith("redis://redis:")
    pg = services["postgres"]["environment"]
    assert f"{pg['POSTGRES_USER']}:{pg['POSTGRES_PASSWORD']}@" in web["DATABASE_URL"]
    assert web["DATABASE_URL"].endswith("/" + pg["POSTGRES_DB"])


def test_dockerfile_builds_the_same_project():
    text = (ROOT / "Dockerfile").read_text()
    assert text.startswith("FROM python:3.11")
    assert "pip install" in text and "collectstatic" in text


def test_web_and_image_serve_with_the_benchmarked_gunicorn_settings():
    web = " ".join(_compose()["services"]["web"]["command"])
    assert "-c config/gunicorn.conf.py" in web
    assert '"-c", "config/gunicorn.conf.py"' in (ROOT / "Dockerfile").read_text()
    settings: dict = {}
    exec((ROOT / "config" / "gunicorn.conf.py").read_text(), settings)
    assert settings["worker_class"] == "gthread" and settings["reuse_port"] is True
    assert settings["threads"] >= 2 and settings["workers"] >= 1
