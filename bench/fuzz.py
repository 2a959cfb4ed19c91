"""Fuzz the TRF, CSV and OpenGotha importers for minutes (hypothesis).

The checks are those of tests/reliability/test_fuzz_importers.py (see
tests/reliability/fuzz_importers.py): every damaged or random file is imported into
an empty section or refused with a message saying where, within 10 s, and a refused
file leaves no row behind. Each import runs in a savepoint rolled back afterwards, in
a throwaway SQLite database, so nothing here touches your data. Printed per format:
inputs tried, imported, refused, the slowest import, distinct refusal messages.
Exit status 1 (and the failing input in bench/out/) when a check fails.

    .venv/bin/python bench/fuzz.py                       # 3 minutes over the three formats
    .venv/bin/python bench/fuzz.py --minutes 10 --formats trf,opengotha --seed 7
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class _Rollback(Exception):
    pass


def setup_django(folder: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/fuzz.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_check(fmt: str, seeds: list[str], tally, current: dict, run_seed: int, chunk: int):
    """One hypothesis run of `chunk` inputs; `current["text"]` holds the input last tried."""
    from django.db import transaction
    from hypothesis import HealthCheck, given, seed, settings

    from tests.reliability import fuzz_importers as fuzz

    @seed(run_seed)
    @settings(
        max_examples=chunk, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(text=fuzz.damaged(seeds))
    def check(text):
        current["text"] = text
        try:
            with transaction.atomic():
                fuzz.import_once(fmt, text, tally, guard=time_limit(fuzz.TIME_LIMIT))
                raise _Rollback
        except _Rollback:
            pass

    return check


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float):
    """An import still running after `seconds` counts as a hang (here, not in the tests:
    a wall-clock limit fails on a busy machine)."""

    def expired(signum, frame):
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="total, split over formats")
    parser.add_argument("--formats", default="trf,csv,opengotha")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--chunk", type=int, default=100, help="inputs per hypothesis run")
    args = parser.parse_args()
    formats = [f for f in args.formats.split(",") if f]

    with tempfile.TemporaryDirectory(prefix="blossom-fuzz-") as folder:
        setup_django(folder)
        from django.db import transaction

        from tests.reliability import fuzz_importers as fuzz
        from tests.shared_data import SHARED_DATA

        unknown = set(formats) - set(fuzz.FORMATS)
        if unknown:
            parser.error(f"unknown formats: {', '.join(sorted(unknown))}")
        with transaction.atomic():
            seeds = fuzz.seed_texts(SHARED_DATA)
            transaction.set_rollback(True)
        tally = fuzz.Tally()
        budget = args.minutes * 60 / len(formats)
        print(
            f"fuzzing {', '.join(formats)} for {args.minutes:g} min ({budget:.0f} s each), "
            f"seed {args.seed}"
        )
        failures = []
        for fmt in formats:
            started = time.monotonic()
            run = 0
            while time.monotonic() - started < budget and fmt not in failures:
                current: dict[str, str] = {}
                check = make_check(
                    fmt, seeds[fmt], tally, current, args.seed * 1000 + run, args.chunk
                )
                try:
                    check()
                except Exception as exc:  # a crash, a hang or a failed check
                    failures.append(fmt)
                    out = ROOT / "bench" / "out" / f"fuzz-failure-{fmt}.txt"
                    out.parent.mkdir(exist_ok=True)
                    out.write_text(current.get("text", ""))
                    for problem in getattr(exc, "exceptions", [exc]):
                        print(
                            f"{fmt}: FAILED: {type(problem).__name__}: {problem}", file=sys.stderr
                        )
                    print(f"{fmt}: the input is in {out.relative_to(ROOT)}", file=sys.stderr)
                run += 1
            seconds = time.monotonic() - started
            print(
                f"{fmt:10s} {tally.examples[fmt]:7d} inputs in {seconds:5.0f} s: "
                f"{tally.imported[fmt]} imported, {tally.refused[fmt]} refused, slowest "
                f"{tally.slowest.get(fmt, 0.0):.2f} s, "
                f"{len(tally.messages.get(fmt, ()))} distinct refusals"
            )
        total = sum(tally.examples.values())
        verdict = (
            f"FAILED ({', '.join(failures)})"
            if failures
            else "no crash, no hang, every refusal says where, nothing stored"
        )
        print(f"total: {total} inputs; {verdict}")
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
