"""Private servers for fault tests: Redis, PostgreSQL, a gunicorn web server and Celery
workers, each a real process of its own that a test may stop, kill or restart.

The shared PostgreSQL and Redis on this machine are never stopped: a test that
injects a fault starts its own instance on a free port in a temporary folder. A
missing binary skips the test and says which; with REQUIRE_SERVICES=1 (CI) it fails.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = Path("/usr/lib/postgresql/15/bin")
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
SERVER_SECRET_KEY = "private-test-server-key-" + "k" * 40
# Variables of the test run that must not leak into the private processes.
ISOLATED = (
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_TASK_ALWAYS_EAGER",
    "CACHE_KEY_PREFIX",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "PAIRING_INPROCESS_FALLBACK",
    "SECRET_KEY",
    "DEBUG",
)


def unavailable(reason: str) -> None:
    """Skip the test saying why; under REQUIRE_SERVICES=1 fail instead."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason} (REQUIRE_SERVICES=1)")
    pytest.skip(reason)


def need_binary(name: str) -> str:
    found = shutil.which(name) or (str(PG_BIN / name) if (PG_BIN / name).exists() else None)
    if not found:
        unavailable(f"{name} is not installed")
    return found  # type: ignore[return-value]


def need_postgresql() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (run with DATABASE_URL=postgres://...)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check: Callable[[], bool], *, timeout: float, what: str, step: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def database_url_of_this_run() -> str:
    """The URL of the database this test run uses (pytest-django's test database)."""
    from django.db import connection

    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    auth = quote(s.get("USER") or "")
    if s.get("PASSWORD"):
        auth += ":" + quote(s["PASSWORD"])
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    return f"postgres://{auth}@{host}:{port}/{quote(s['NAME'])}"


def process_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ISOLATED}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        PYTHONUNBUFFERED="1",
        DEBUG="1",
        SECRET_KEY=SERVER_SECRET_KEY,
        CONN_MAX_AGE="0",
    )
    env.update(extra)
    return env


def _stop_group(proc: subprocess.Popen, sig: int = signal.SIGTERM, wait: float = 10) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        return
    try:
        proc.wait(wait)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


# Redis -------------------------------------------------------------------------------


class PrivateRedis:
    """redis-server on a free port. Without `persist` a restart loses every key and
    queue; with it (appendonly, as docker-compose runs Redis) a restart brings every
    key back as it was."""

    def __init__(self, folder: Path, port: int | None = None, *, persist: bool = False) -> None:
        self.binary = need_binary("redis-server")
        self.folder = folder
        self.port = port or free_port()
        self.persist = persist
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def start(self) -> PrivateRedis:
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "yes" if self.persist else "no",
                "--appendfsync",
                "always",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_until(self.answers, timeout=10, what=f"redis on port {self.port}")
        return self

    def stop(self) -> None:
        if self.proc is not None:
            _stop_group(self.proc)
            self.proc = None
        wait_until(lambda: not self.answers(), timeout=5, what="redis to stop")


# PostgreSQL --------------------------------------------------------------------------


class PrivatePostgres:
    """A PostgreSQL 15 cluster of its own in a temporary folder (run as the postgres
    user: the server refuses to run as root; the folder is its own, outside pytest's
    private temporary folders, which that user cannot enter)."""

    def __init__(self) -> None:
        for name in ("initdb", "pg_ctl"):
            if not (PG_BIN / name).exists():
                unavailable(f"{PG_BIN / name} is not installed")
        folder = Path(tempfile.mkdtemp(prefix="blossom-pg-"))
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            if not shutil.which("runuser"):
                unavailable("runuser is needed to run PostgreSQL as the postgres user")
            shutil.chown(folder, user="postgres")

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [str(PG_BIN / args[0]), *args[1:]]
        if self._as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
        if check and out.returncode != 0:
            raise AssertionError(f"{args[0]} failed:\n{out.stdout}{out.stderr}")
        return out

    def _options(self) -> str:
        return (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=on -c max_connections=60"
        )

    def init(self) -> PrivatePostgres:
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
        )
        self.start()
        import psycopg

        with psycopg.connect(self.url_for("postgres"), autocommit=True) as conn:
            conn.execute("CREATE DATABASE blossom")
        return self

    def url_for(self, name: str = "blossom") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    @property
    def url(self) -> str:
        return self.url_for()

    def start(self) -> None:
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            self._options(),
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def restart(self, mode: str = "fast") -> None:
        self.stop(mode)
        self.start()

    def destroy(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


# Django behind gunicorn ----------------------------------------------------------------


class WebServer:
    """Blossom's WSGI application (with the public front door) under gunicorn."""

    def __init__(self, env: dict[str, str], log: Path, *, workers: int = 2, threads: int = 4):
        self.env, self.log = env, log
        self.workers, self.threads = workers, threads
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> WebServer:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "config.wsgi:application",
                    "--bind",
                    f"127.0.0.1:{self.port}",
                    "--workers",
                    str(self.workers),
                    "--threads",
                    str(self.threads),
                    "--timeout",
                    "60",
                    "--graceful-timeout",
                    "2",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

        def up() -> bool:
            if self.proc.poll() is not None:
                raise AssertionError("gunicorn exited:\n" + self.log.read_text()[-3000:])
            try:
                return requests.get(self.url + "/healthz", timeout=2).status_code == 200
            except requests.RequestException:
                return False

        wait_until(up, timeout=60, what="the web server", step=0.2)
        return self

    def stop(self) -> None:
        if self.proc is not None:
            _stop_group(self.proc)
            self.proc = None


# Celery workers ------------------------------------------------------------------------


class Worker:
    """`celery -A config worker` as a process group of its own (main process and pool
    children). `launcher` runs a module that starts the worker after preparing it."""

    def __init__(
        self,
        env: dict[str, str],
        log: Path,
        *,
        name: str,
        concurrency: int = 1,
        launcher: str | None = None,
    ) -> None:
        self.env, self.log, self.name = env, log, name
        self.concurrency, self.launcher = concurrency, launcher
        self.proc: subprocess.Popen | None = None

    def start(self) -> Worker:
        args = [
            "worker",
            "--pool",
            "prefork",
            "--concurrency",
            str(self.concurrency),
            "-n",
            f"{self.name}@%h",
            "--without-mingle",
            "--without-gossip",
            "--without-heartbeat",
            "--loglevel",
            "INFO",
        ]
        if self.launcher:
            cmd = [sys.executable, "-m", self.launcher, *args]
        else:
            cmd = [sys.executable, "-m", "celery", "-A", "config", *args]
        self.log.write_text("")
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                cmd,
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

        def ready() -> bool:
            if self.proc.poll() is not None:
                raise AssertionError("the worker exited:\n" + self.log.read_text()[-3000:])
            return " ready." in self.log.read_text()

        wait_until(ready, timeout=120, what=f"worker {self.name}", step=0.2)
        return self

    def kill(self) -> None:
        """SIGKILL to the whole worker: main process and pool children at once."""
        if self.proc is not None:
            _stop_group(self.proc, signal.SIGKILL)
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            _stop_group(self.proc, signal.SIGTERM, wait=15)
            self.proc = None
