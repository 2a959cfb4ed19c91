"""Where a FIDE Dutch round's time goes: the matching searches and how much of the
field each one visits.

For each size, the oracle generates a 9-round event (as `fide_dutch.py` does), the
file is cut after round 4 and round 5 is paired in this process by
`pairing.engine.fide_dutch`, with the matcher watched. Printed per size: the
round's seconds; the solutions asked for and the searches run (a solution still
optimal after a change needs none); the seconds in searches, in new states (cold
starts) and in repairs of the kept state; per search, the share of the players not
yet paired whose edges it scanned (the median); the searches that scanned at
least 40% of them, with the seconds they took; the seconds spent pricing the
edges a state left out, and how many of those edges pricing added.

Every edge among the players below the bracket and its next scoregroup weighs the
same up to a part per player (only completion and the bye count there), so all of
them are tight at once: a search that reaches one of those players labels nearly
all of them. A new state therefore holds those edges only between players close
in the order (`matcher.NEAR`) and prices the others after each solution (see
`Matcher.reset`), so such a search scans a few edges per player, not the field.

    .venv/bin/python bench/fide_dutch_searches.py [--sizes 200,400,700] [--seed 1]

Wall-clock seconds in this process (perf_counter); the figures of `fide_dutch.py`
are CPU seconds of whole processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fide_dutch_oracle import generate, oracle  # noqa: E402

from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide  # noqa: E402
from pairing.engine.fide_dutch import matcher as matcher_module  # noqa: E402
from pairing.engine.matching import exact  # noqa: E402
from pairing.formats.trf import read_trf  # noqa: E402
from tests.oracle import record_before  # noqa: E402

ROUNDS, CUT = 9, 4
WIDE = 0.4


class Watch:
    """Timers and counters around the matcher and the search (its `_scan`)."""

    def __init__(self) -> None:
        self.seconds = {"search": 0.0, "new state": 0.0, "repair": 0.0, "pricing": 0.0}
        self.shares: list[float] = []
        self.scanned: set[int] = set()
        self.matcher = None
        self.calls = self.searches = self.cold = 0
        self.wide_seconds = 0.0  # in searches that scanned at least WIDE of the players

    def install(self):
        Matcher = matcher_module.Matcher
        namespace = exact._SWEEPS["_B"]  # the search calls its sweeps through this
        originals = (
            Matcher.solve,
            Matcher._build,
            Matcher._reopen,
            Matcher._violated,
            exact.run,
            namespace["_scan"],
        )
        solve, build, reopen, violated, run, scan = originals
        watch = self

        def timed(key, function):
            def wrapper(*args):
                start = time.perf_counter()
                try:
                    return function(*args)
                finally:
                    watch.seconds[key] += time.perf_counter() - start

            return wrapper

        def watched_solve(matcher):
            watch.matcher = matcher
            watch.calls += 1
            return solve(matcher)

        def watched_run(core):
            watch.searches += 1
            watch.scanned = set()
            start = time.perf_counter()
            run(core)
            spent = time.perf_counter() - start
            watch.seconds["search"] += spent
            m = watch.matcher
            left = m.n - len(m.fixed)
            share = sum(1 for v in watch.scanned if v < m.n) / max(left, 1)  # not the extra vertex
            watch.shares.append(share)
            if share >= WIDE:
                watch.wide_seconds += spent

        def watched_scan(core, v):
            watch.scanned.add(v)
            return scan(core, v)

        def watched_build(matcher, *args):
            watch.cold += 1
            return timed("new state", build)(matcher, *args)

        Matcher.solve = watched_solve
        Matcher._build = watched_build
        Matcher._reopen = timed("repair", reopen)
        Matcher._violated = timed("pricing", violated)
        matcher_module.exact.run = watched_run
        namespace["_scan"] = watched_scan

        def uninstall() -> None:
            Matcher.solve, Matcher._build, Matcher._reopen = solve, build, reopen
            Matcher._violated = violated
            matcher_module.exact.run = run
            namespace["_scan"] = scan

        return uninstall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200,400,700")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    binary = oracle()
    print(f"Round {CUT + 1} of {ROUNDS}, in-process wall seconds")
    print(
        f"{'players':>8} {'round s':>8} {'solutions':>10} {'searches':>9} {'search s':>9} "
        f"{'new states':>11} {'repair s':>9} {'scanned':>8} {'>=40%':>6} {'their s':>8} "
        f"{'pricing s':>9} {'added':>6}"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            path = generate(binary, Path(folder), size, ROUNDS, args.seed)
            record = record_before(read_trf(path), CUT + 1)
        record.total_rounds = record.total_rounds or ROUNDS
        request = fide_request_from_record(record, CUT + 1)
        watch = Watch()
        uninstall = watch.install()
        try:
            start = time.perf_counter()
            pair_round_fide(request)
            seconds = time.perf_counter() - start
        finally:
            uninstall()
        shares = watch.shares or [0.0]
        wide = sum(1 for s in shares if s >= WIDE)
        print(
            f"{size:>8} {seconds:>8.2f} {watch.calls:>10} {watch.searches:>9} "
            f"{watch.seconds['search']:>9.2f} "
            f"{watch.cold:>4} {watch.seconds['new state']:>5.2f} s "
            f"{watch.seconds['repair']:>9.2f} {statistics.median(shares):>7.0%} "
            f"{wide:>6} {watch.wide_seconds:>8.2f} {watch.seconds['pricing']:>9.2f} "
            f"{watch.matcher.violations if watch.matcher else 0:>6}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
