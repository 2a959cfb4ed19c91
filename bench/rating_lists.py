"""Rating lists at full size: FIDE's XML list of about 1.1 million players, generated
in the official format and zipped as FIDE ships it, imported with
`manage.py import_rating_list` (a process of its own: its wall time and peak memory),
then searched: the name search the players page makes (median and p95 over 200
queries of 3-6 letters) and the htmx endpoint answering it, through Django.

    .venv/bin/python bench/rating_lists.py [--players 1100000] [--db sqlite|postgres|both]

SQLite goes to a temporary file; PostgreSQL to a database of its own at
127.0.0.1:5432 (created and dropped). Goals (issue): import under 2 minutes and 500 MB,
a name search under 50 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.ratings.lists import player_xml  # noqa: E402

FAMILY = [
    "Smith", "Müller", "García", "Novák", "Kowalski", "Ivanov", "Nielsen", "Rossi",
    "Dubois", "Jansen", "Silva", "Horváth", "Öztürk", "Kim", "Nguyen", "Popescu",
    "Andersson", "Papadopoulos", "Fernández", "Wójcik", "Kuznetsov", "O'Brien",
]  # fmt: skip
SYLLABLES = ["ka", "ri", "to", "ne", "la", "mo", "su", "vi", "de", "an", "el", "or", "is"]
FEDS = ["GER", "FRA", "ESP", "IND", "RUS", "USA", "POL", "ITA", "NED", "HUN", "TUR", "BRA"]
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_DB = "blossom_bench_ratings"


def name(rng: random.Random) -> str:
    family = rng.choice(FAMILY) + "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(0, 2)))
    given = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
    return f"{family.capitalize()}, {given}"


def generate(path: Path, players: int) -> None:
    """The list as FIDE ships it, written in chunks of 10,000 players."""
    rng = random.Random(7)
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("players_list_xml_foa.xml", "w") as out,
    ):
        out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
        chunk = []
        for i in range(players):
            rated = rng.random() < 0.3
            chunk.append(
                player_xml(
                    fideid=100000 + i * 7,
                    name=name(rng),
                    country=rng.choice(FEDS),
                    sex=rng.choice("MMMF"),
                    title=rng.choice(["", "", "", "", "", "FM", "IM", "GM"]) if rated else "",
                    rating=rng.randint(1400, 2750) if rated else "",
                    k=20 if rated else "",
                    rapid_rating=rng.randint(1400, 2700) if rng.random() < 0.2 else "",
                    blitz_rating=rng.randint(1400, 2700) if rng.random() < 0.2 else "",
                    birthday=rng.randint(1940, 2018),
                    flag=rng.choice(["", "", "i", "w", "wi"]),
                )
            )
            if len(chunk) == 10_000:
                out.write(("\n".join(chunk) + "\n").encode())
                chunk = []
        out.write(("\n".join(chunk) + "\n</playerslist>\n").encode())


def env_for(db: str, tmp: Path) -> dict[str, str]:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings", LOG_LEVEL="WARNING")
    env.pop("REDIS_URL", None)
    if db == "sqlite":
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    else:
        env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{PG_DB}"
    return env


def pg(sql: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(sql)


SEARCH = r"""
import random, statistics, time, django
django.setup()
from django.test import Client
from tests.web.arbiter_helpers import make_setup
from tournaments.services.ratings import rating_list_search
rng = random.Random(3)
queries = [
    rng.choice(FAMILIES)[: rng.randint(3, 6)].lower() for _ in range(200)
]
def timed(fn):
    times = []
    for q in queries:
        t = time.perf_counter(); fn(q); times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]
found = sum(len(rating_list_search(source="fide", query=q)) for q in queries[:20])
s_med, s_p95 = timed(lambda q: rating_list_search(source="fide", query=q))
setup = make_setup()
client = Client(); client.force_login(setup.arbiter)
url = setup.url("players_lookup")
h_med, h_p95 = timed(lambda q: client.get(url, {"q": q}))
print(f"search {s_med:.2f} {s_p95:.2f} endpoint {h_med:.2f} {h_p95:.2f} found {found}")
"""


def run(db: str, source: Path, tmp: Path) -> None:
    env = env_for(db, tmp)
    if db == "postgres":
        pg(f"DROP DATABASE IF EXISTS {PG_DB} WITH (FORCE)")
        pg(f"CREATE DATABASE {PG_DB}")
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True
        )
        started = time.perf_counter()
        out = subprocess.run(
            [
                sys.executable,
                "manage.py",
                "import_rating_list",
                str(source),
                "--date",
                "2026-11-01",
            ],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        wall = time.perf_counter() - started
        print(f"{db:9s} import (whole process): {wall:.1f} s; {out}")
        code = f"FAMILIES = {FAMILY!r}\n" + SEARCH
        line = (
            subprocess.run(
                [sys.executable, "-c", code],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
            .stdout.strip()
            .splitlines()[-1]
        )
        parts = line.split()
        print(
            f"{db:9s} name search: median {parts[1]} ms, p95 {parts[2]} ms; "
            f"players page endpoint (htmx): median {parts[4]} ms, p95 {parts[5]} ms"
        )
    finally:
        if db == "postgres":
            pg(f"DROP DATABASE IF EXISTS {PG_DB} WITH (FORCE)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_100_000)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name_:
        tmp = Path(name_)
        source = tmp / "players_list_xml.zip"
        started = time.perf_counter()
        generate(source, args.players)
        size = source.stat().st_size / 2**20
        print(
            f"generated {args.players:,} players, {size:.0f} MB zipped, in "
            f"{time.perf_counter() - started:.0f} s"
        )
        for db in ["sqlite", "postgres"] if args.db == "both" else [args.db]:
            run(db, source, tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
