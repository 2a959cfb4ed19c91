"""Load on the public side the moment a round is out: a 400-player section in round 7.

Creates its own PostgreSQL database, fills it (players, six finished rounds and a
published round 7 with half its results, paired by the real pairing service),
starts gunicorn on loopback with Redis as the cache (DEBUG=0), and measures with
wrk (closed loop: 200 connections, each sending its next request when the last is
answered):

- the public pairings page of round 7 (what every phone opens), sent with
  Accept-Encoding: gzip as phones do;
- the standings JSON (all 400 rows in one answer), as programs pull it.

Both ways of serving are measured (`--app`): `fastpath`, config.wsgi as deployed:
Django behind the public front door (tournaments.caching.frontdoor), which
answers a request Django already served from the cache without crossing the
middleware again; and `django`, Django's own WSGI application alone. Prints
requests/s, the server's CPU time per request (all gunicorn processes; unlike the
latencies, it does not depend on what else runs on the machine) and latency
percentiles per endpoint, then stops gunicorn, drops the database and
deletes its Redis keys.

Server: config/gunicorn.conf.py as deployed (threaded workers, reuse_port), with
2 processes x 8 threads by default:
one process per core; a hit is 0.2 ms (front door) to 1 ms (Django) of CPU plus,
at times, a Redis round trip, so several threads per process keep the core busy
while one waits on Redis or the network. Measured on 2 cores: 3 x 4, 4 x 2 and
6 x 1 gave less throughput and longer tails (more processes than cores only add
context switches; wrk and Redis need CPU too), and the sync worker (no keep-alive)
a third of the throughput. `--workers/--threads` change it.

    .venv/bin/python bench/public_load.py [--players 400] [--seconds 15]
        [--connections 200] [--workers 2] [--threads 8] [--worker-class gthread|sync]
        [--pairing engine|simple] [--app fastpath|django|both]

Needs PostgreSQL at 127.0.0.1:5432 (trust auth), Redis at 127.0.0.1:6379 and wrk
(`apt-get install wrk`). Exit codes: 0 measured; 2 a service or wrk is missing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DB_NAME = "blossom_bench"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS_DB = 11
TARGET_RPS = 1000
TARGET_P99_MS = 100.0


def fail(message: str) -> None:
    print(f"public_load: {message}", file=sys.stderr)
    sys.exit(2)


# Database and settings -----------------------------------------------------------------


def create_database() -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")


def drop_database() -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")


def server_env(prefix: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{DB_NAME}",
        REDIS_URL=f"redis://127.0.0.1:6379/{REDIS_DB}",
        CACHE_KEY_PREFIX=prefix,
        DEBUG="0",
        SECRET_KEY="bench-" + prefix,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="WARNING",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


# Filling the section ----------------------------------------------------------------------


FIRST = [
    "Anna",
    "Boris",
    "Chloé",
    "Dawid",
    "Elena",
    "Finn",
    "Greta",
    "Hugo",
    "Ines",
    "Jonas",
    "Kira",
    "Luca",
    "Maja",
    "Nils",
    "Olga",
    "Pavel",
    "Rosa",
    "Sven",
    "Tereza",
    "Viktor",
]
LAST = [
    "Schneider",
    "Kowalczyk",
    "Fernández",
    "Johansson",
    "van der Berg",
    "Nakamura",
    "Dubois",
    "Rossi",
    "Novák",
    "Horváth",
    "Ivanova",
    "Kim",
    "Larsen",
    "Müller",
    "Petrov",
    "Silva",
    "Costa",
    "Nielsen",
    "Popescu",
    "Yilmaz",
]


def fill(*, players: int, pairing: str) -> tuple[str, str, float]:
    """Create the event; returns its slugs and the seconds spent pairing."""
    import random

    import django

    django.setup()
    from tournaments.services.events import event_create
    from tournaments.services.players import player_create
    from tournaments.services.results import result_record
    from tournaments.services.rounds import round_close, round_publish
    from tournaments.services.sections import section_create

    rng = random.Random(7)
    event = event_create(name="Bench Open", slug="bench")
    section = section_create(event=event, name="Open", slug="open", total_rounds=9, seed=20260701)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    for i, rating in enumerate(ratings):
        name = f"{LAST[i % 20]}-{LAST[(i // 20) % 20]}, {FIRST[(i * 7) % 20]}"
        player_create(
            section=section, name=name, rating=rating, federation="NOR", club=f"Club {i % 37}"
        )
    paired = 0.0
    for number in range(1, 8):
        started = time.perf_counter()
        rnd = pair(section, pairing)
        paired += time.perf_counter() - started
        round_publish(round=rnd, confirm=True)
        games = list(rnd.games.select_related("white", "black").order_by("board"))
        if number == 7:
            games = games[: len(games) // 2]  # round 7 is being played
        for game in games:
            result_record(game=game, result=result(rng, game), by=None)
        if number < 7:
            round_close(round=rnd)
    from django.db import connections

    connections.close_all()
    return event.slug, section.slug, paired


def pair(section, how: str):
    """The next round: by the pairing service, or a simple deterministic scheme."""
    if how == "engine":
        from tournaments.services.rounds import round_pair

        return round_pair(section=section)
    from tournaments.engines import ByeSpec, GameSpec
    from tournaments.services.rounds import round_create
    from tournaments.snapshot import SectionSnapshot

    scores = SectionSnapshot.load(section).scores()
    order = sorted(section.players.all(), key=lambda p: (-scores[p.pk], p.pairing_number))
    byes = []
    if len(order) % 2:
        byes.append(ByeSpec(player=order.pop(), kind="pab"))
    games = [
        GameSpec(board=k + 1, white=order[2 * k], black=order[2 * k + 1])
        for k in range(len(order) // 2)
    ]
    return round_create(section=section, games=games, byes=byes)


def result(rng, game) -> str:
    gap = (game.white.rating or 0) - (game.black.rating or 0)
    expected = 1 / (1 + 10 ** (-gap / 400))
    roll = rng.random()
    if roll < expected - 0.15:
        return "1-0"
    if roll < expected + 0.15:
        return "1/2-1/2"
    return "0-1"


# Server and load ------------------------------------------------------------------------------


APPS = {
    "fastpath": "config.wsgi:application",  # what is deployed: Django behind the front door
    "django": "django.core.wsgi:get_wsgi_application()",  # Django alone
}


def start_gunicorn(
    env: dict[str, str], *, app: str, port: int, workers: int, threads: int, kind: str = "gthread"
):
    options = (
        f"-c config/gunicorn.conf.py --bind 127.0.0.1:{port} --worker-class {kind} "
        f"--workers {workers} --threads {threads} --log-level warning"
    )
    cmd = [sys.executable, "-m", "gunicorn", APPS[app], *options.split()]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    fail("gunicorn did not answer /healthz within 30 s")
    return None


def stop(proc) -> None:
    if proc is None or proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)  # its own session: gunicorn and its workers only
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def fetch(url: str, headers: dict[str, str]) -> tuple[int, int]:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, len(response.read())


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}
TICK = os.sysconf("SC_CLK_TCK")


def server_cpu_seconds(master: int) -> float:
    """CPU time (user + system) used so far by gunicorn's master and its workers."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        if master in (pid, ppid):
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def wrk(url: str, *, seconds: int, connections: int, headers: dict[str, str]) -> dict:
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s", "--latency"]
    for name, value in headers.items():
        cmd += ["-H", f"{name}: {value}"]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    pct = {
        int(p): float(v) * UNITS[u]
        for p, v, u in re.findall(r"^\s+(\d+)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    }
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    return {
        "rps": rps,
        "p": pct,
        "non2xx": int(bad.group(1)) if bad else 0,
        "socket_errors": errors.group(1).strip() if errors else "",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--worker-class", choices=["gthread", "sync"], default="gthread")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--pairing", choices=["engine", "simple"], default="engine")
    parser.add_argument(
        "--app",
        choices=[*APPS, "both"],
        default="both",
        help="fastpath: the public front door around Django; django: config.wsgi alone",
    )
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        fail("wrk is not installed (apt-get install wrk)")

    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    env = server_env(prefix)
    os.environ.update(
        {
            k: env[k]
            for k in (
                "DATABASE_URL",
                "REDIS_URL",
                "CACHE_KEY_PREFIX",
                "DJANGO_SETTINGS_MODULE",
                "SECRET_KEY",
            )
        }
    )
    proc = None
    static_root = ROOT / "staticfiles"
    made_static = not static_root.exists()
    try:
        create_database()
        manage(env, "migrate", "--noinput")
        manage(env, "collectstatic", "--noinput")  # DEBUG=0 serves hashed static names
        started = time.perf_counter()
        event, section, pairing_seconds = fill(players=args.players, pairing=args.pairing)
        print(
            f"filled {args.players} players, 7 rounds in {time.perf_counter() - started:.1f} s"
            f" (pairing {pairing_seconds:.1f} s, {args.pairing})"
        )
        base = f"http://127.0.0.1:{args.port}"
        targets = [
            (
                "pairings page (round 7, gzip)",
                f"{base}/e/{event}/{section}/round/7/",
                {"Accept-Encoding": "gzip"},
            ),
            (
                "standings JSON (400 rows)",
                f"{base}/api/v1/events/{event}/sections/{section}/standings/?limit=400",
                {},
            ),
        ]
        print(
            f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
            f" ({os.cpu_count()} cores)"
        )
        apps = list(APPS) if args.app == "both" else [args.app]
        for app in apps:
            proc = start_gunicorn(
                env,
                app=app,
                port=args.port,
                workers=args.workers,
                threads=args.threads,
                kind=args.worker_class,
            )
            print(
                f"\n{APPS[app]}: gunicorn {args.worker_class} {args.workers} workers"
                f" x {args.threads} threads; wrk 2 threads,"
                f" {args.connections} connections, {args.seconds} s"
            )
            measure(targets, args, master=proc.pid)
            stop(proc)
            proc = None
    finally:
        stop(proc)
        if made_static:  # collectstatic's output, unless it was there before
            shutil.rmtree(static_root, ignore_errors=True)
        cleanup_redis(prefix)
        from django.db import connections

        connections.close_all()
        drop_database()
    return 0


def measure(targets, args, *, master: int) -> None:
    """wrk each target; also the server's CPU time per request, which other load on the
    machine does not change (the latency figures it does)."""
    header = f"{'endpoint':32} {'bytes':>7} {'req/s':>7} {'cpu/req':>8} {'p50':>8} {'p75':>8}"
    print(header + f" {'p90':>8} {'p99':>8}  target (>= {TARGET_RPS}/s, p99 <= 100 ms)")
    for name, url, headers in targets:
        for _ in range(3):  # the first request renders and caches; the others warm up
            status, size = fetch(url, headers)
        if status != 200:
            fail(f"{url} answered {status}")
        cpu = server_cpu_seconds(master)
        r = wrk(url, seconds=args.seconds, connections=args.connections, headers=headers)
        per_request = (server_cpu_seconds(master) - cpu) / max(1, r["rps"] * args.seconds)
        p = r["p"]
        ok = r["rps"] >= TARGET_RPS and p.get(99, 1e9) <= TARGET_P99_MS and not r["non2xx"]
        print(
            f"{name:32} {size:>7} {r['rps']:>7.0f} {per_request * 1e6:>6.0f}us"
            f" {p.get(50, 0):>6.1f}ms {p.get(75, 0):>6.1f}ms"
            f" {p.get(90, 0):>6.1f}ms {p.get(99, 0):>6.1f}ms  {'met' if ok else 'NOT met'}"
            + (f"; {r['non2xx']} non-2xx" if r["non2xx"] else "")
            + (f"; socket errors: {r['socket_errors']}" if r["socket_errors"] else "")
        )


def cleanup_redis(prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(f"redis://127.0.0.1:6379/{REDIS_DB}")
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    for start in range(0, len(keys), 500):
        client.delete(*keys[start : start + 500])


if __name__ == "__main__":
    sys.exit(main())
