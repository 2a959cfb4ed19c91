"""Benchmark: maximum-weight matching of one Swiss-like round, per backend.

    .venv/bin/python bench/matching.py               # 50, 200, 1,000, 3,000 vertices
    .venv/bin/python bench/matching.py --big         # also 10,000
    .venv/bin/python bench/matching.py --sizes 2000 --backends priced,rustworkx

The graph (`pairing.engine.matching.synthetic.swiss_like`): n players after
5 simple Swiss rounds, scores spread over score groups, colour differences,
the pairs already met forbidden, as are pairs with |cd_i + cd_j| >= 4; the
weight is the exact integer F1 * (-|score diff|) + F2 * (-|cd_i + cd_j|) +
pi(i, j), with a Dutch-like pi and factors derived from n. "priced+hint" is
the priced backend given the oracle's candidate_edges() hint (places near the
Dutch-preferred partner); "priced" finds its own start (heaviest edges per
vertex).

Every measurement runs in its own process after a warm-up call on a small
graph (so compiled code is loaded, not compiled, when timed). Printed per
size and backend: wall and CPU seconds of `solve(oracle)` (weights computed
by the oracle included), the process's peak resident memory, edges in the
graph the backend solved, solve-and-price rounds, whether a certificate was
checked, and whether all backends found the same cardinality and weight.
First, the one-off cost of numba: compiling everything in a process with an
empty cache, then loading it from the cache in the next process.

Exit status: 0; 1 when two backends disagree on an optimum; 2 for bad
arguments. A benchmark script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_SIZES = (50, 200, 1000, 3000)
BIG_SIZES = (10000,)
BACKENDS = ("networkx", "rustworkx", "blossom", "priced", "priced+hint")
# Largest graph each backend runs on by default (full-graph backends grow as n^2 or worse).
LIMITS = {
    "networkx": 200,
    "rustworkx": 1000,
    "blossom": 1000,
    "priced": 10**6,
    "priced+hint": 10**6,
}
ROUNDS_PLAYED = 5


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(n: int, backend: str, seed: int) -> dict:
    """One timed solve in this process (called in a child process)."""
    from pairing.engine.matching import solve
    from pairing.engine.matching.synthetic import swiss_like

    hint = backend == "priced+hint"
    name = "priced" if hint else backend
    if name in ("blossom", "priced"):
        solve(swiss_like(120, seed=0, hint=hint), backend=name)  # load compiled code
    oracle = swiss_like(n, rounds=ROUNDS_PLAYED, seed=seed, hint=hint)
    wall, cpu = time.perf_counter(), time.process_time()
    result = solve(oracle, backend=name)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "n": n,
        "backend": backend,
        "wall": wall,
        "cpu": cpu,
        "peak_mb": _peak_mb(),
        "edges": result.edges,
        "rounds": result.rounds,
        "certified": result.certified,
        "pairs": len(result.pairs),
        "weight": result.weight,
        "used": result.backend,
        "note": result.note,
    }


def first_call() -> dict:
    """Import and first solves with whatever numba cache this process sees."""
    started = time.perf_counter()
    from pairing.engine.matching import max_weight_matching, solve
    from pairing.engine.matching.synthetic import swiss_like

    imported = time.perf_counter()
    solve(swiss_like(120, seed=0), backend="priced")
    solve(swiss_like(121, seed=0), backend="blossom")
    max_weight_matching(3, [(0, 1, 1), (1, 2, 2)], backend="priced")
    done = time.perf_counter()
    return {
        "import": imported - started,
        "first_calls": done - imported,
        "cpu": time.process_time(),
    }


def _child(args: list[str], env: dict | None = None) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, *args], capture_output=True, text=True, env=env, check=False
    )
    if out.returncode != 0:
        raise RuntimeError(f"benchmark child {args} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def report_compile() -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        cold = _child(["--first-call"], env)
        warm = _child(["--first-call"], env)
    print(
        "numba, first process with an empty cache (compiles everything): "
        f"import {cold['import']:.2f} s, first solves {cold['first_calls']:.2f} s "
        f"(CPU {cold['cpu']:.1f} s)"
    )
    print(
        "numba, next process (loads the cache):                       "
        f"import {warm['import']:.2f} s, first solves {warm['first_calls']:.2f} s "
        f"(CPU {warm['cpu']:.1f} s)"
    )
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="also 10,000 vertices")
    parser.add_argument("--sizes", help="comma-separated vertex counts")
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-compile", action="store_true", help="skip the numba compile-time measurement"
    )
    parser.add_argument(
        "--all-sizes", action="store_true", help="run every backend at every size (ignores LIMITS)"
    )
    parser.add_argument("--one", nargs=2, metavar=("N", "BACKEND"), help=argparse.SUPPRESS)
    parser.add_argument("--first-call", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.first_call:
        print(json.dumps(first_call()))
        return 0
    if args.one:
        print(json.dumps(measure(int(args.one[0]), args.one[1], args.seed)))
        return 0
    sizes = (
        [int(s) for s in args.sizes.split(",")]
        if args.sizes
        else [*DEFAULT_SIZES, *(BIG_SIZES if args.big else ())]
    )
    backends = args.backends.split(",")
    unknown = [b for b in backends if b not in BACKENDS]
    if unknown:
        print(f"unknown backend(s) {unknown}; choose from {BACKENDS}", file=sys.stderr)
        return 2
    if not args.no_compile:
        report_compile()
    disagreements = 0
    print(
        f"{'n':>6} {'backend':<12} {'wall s':>8} {'cpu s':>8} {'peak MB':>8} "
        f"{'edges':>9} {'rounds':>6} {'cert':>5}  result"
    )
    for n in sizes:
        answers = set()
        for backend in backends:
            if n > LIMITS[backend] and not args.all_sizes:
                continue
            r = _child(["--one", str(n), backend, "--seed", str(args.seed)])
            answers.add((r["pairs"], r["weight"]))
            note = f" ({r['note']})" if r["note"] else ""
            print(
                f"{n:>6} {backend:<12} {r['wall']:>8.3f} {r['cpu']:>8.3f} "
                f"{r['peak_mb']:>8.0f} {r['edges']:>9} {r['rounds']:>6} "
                f"{'yes' if r['certified'] else 'no':>5}  {r['pairs']} pairs, "
                f"weight {r['weight']}{note}",
                flush=True,
            )
        agree = len(answers) <= 1
        disagreements += not agree
        print(f"{n:>6} {'':<12} {'all backends agree' if agree else 'DISAGREE'}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
