"""Benchmark: pair one mid-event Swiss round for fields of 50 to 10,000 players.

    .venv/bin/python bench/pairing.py                 # 50, 200, 1,000 players
    .venv/bin/python bench/pairing.py --big           # also 3,000 and 10,000
    .venv/bin/python bench/pairing.py --sizes 3000 --backends auto --systems burstein

Every measurement runs in a fresh process: the round's history is loaded
(not timed), then `pair_round` is timed once after a warm-up pairing of
min(n, 400) players with the same system and backend (which compiles or
loads the numba code of the same path). Printed per size, system and backend: total
seconds; seconds spent computing weights in the oracle; seconds choosing
candidate edges; the rest (the matching and its optimality certificate); the
process's peak resident memory; edges in the graph the backend solved; float
pairs; seconds to load (or first build) the history.

The history: rounds 1-4 of a 9-round event with ratings 1200-2700, paired by
Blossom's Dutch system with results drawn from Milvang's model, the same for
every system. It is built once and kept in bench/out/history-N-SEED.pickle
(a TRF cannot hold pairing numbers above 9,999). Round 5 is the one
measured, with each system. A benchmark script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import subprocess
import sys
import time
from pathlib import Path

# This file is called pairing.py: keep its own folder off the import path so
# that `import pairing` finds the project's package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

DEFAULT_SIZES = (50, 200, 1000)
BIG_SIZES = (3000, 10000)
DEFAULT_BACKENDS = ("auto", "rustworkx", "networkx")
# Largest field each backend is run on (the full-graph backends build every edge).
LIMITS = {"networkx": 200, "rustworkx": 3000, "blossom": 3000, "priced": 10000, "auto": 10000}
ROUND = 5
WARM_UP = 400  # players in the warm-up pairing (or n, if smaller)
TOTAL_ROUNDS = 9


OUT = _HERE / "out"


def history_request(n: int, *, system: str, seed: int = 1):
    """The request for round ROUND of a random event with n players whose rounds
    1..ROUND-1 were paired by Blossom's Dutch system with Milvang results (the
    same history for every system), cached in bench/out/."""
    from pairing.engine.swiss.from_record import request_from_record
    from pairing.generate import GeneratorConfig, generate_tournament

    path = OUT / f"history-{n}-{seed}.pickle"
    if path.exists():
        record = pickle.loads(path.read_bytes())
    else:
        config = GeneratorConfig(
            players=n, rounds=TOTAL_ROUNDS, lowest_rating=1200, highest_rating=2700
        )
        record = generate_tournament(config, system="dutch", seed=seed, rounds_played=ROUND - 1)
        OUT.mkdir(exist_ok=True)
        partial = path.with_suffix(".partial")
        partial.write_bytes(pickle.dumps(record))
        partial.replace(path)
    return request_from_record(record, ROUND, system=system, seed=seed)


def measure(n: int, backend: str, system: str) -> dict:
    from pairing.engine.swiss import pair_round

    # Warm-up on a field that takes the same code path (compiles or loads numba code).
    pair_round(history_request(min(n, WARM_UP), system=system), backend=backend)
    started = time.perf_counter()
    request = history_request(n, system=system)
    history = time.perf_counter() - started
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    result = pair_round(request, backend=backend)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    d = result.diagnostics
    return {
        "n": n,
        "backend": backend,
        "system": system,
        "seconds": seconds,
        "weights": d.timings.get("weights", 0.0),
        "candidates": d.timings.get("candidates", 0.0),
        "matching": d.timings.get("matching", 0.0),
        "peak_mb": peak / 1024,
        "base_mb": base / 1024,
        "history": history,
        "used": d.backend,
        "edges": d.edges,
        "floats": d.float_pairs,
        "weight": str(d.weight),
    }


def _child(n: int, backend: str, system: str, timeout: float) -> dict:
    cmd = [sys.executable, __file__, "--one", str(n), backend, system]
    env = dict(os.environ)
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"n": n, "backend": backend, "system": system, "error": f"> {timeout:.0f} s"}
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["failed"])[-1]
        return {"n": n, "backend": backend, "system": system, "error": tail}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="add 3,000 and 10,000 players")
    parser.add_argument("--sizes", type=int, nargs="+")
    parser.add_argument("--backends", nargs="+", default=list(DEFAULT_BACKENDS))
    parser.add_argument("--systems", nargs="+", default=["dutch", "burstein"])
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per run")
    parser.add_argument(
        "--one", nargs=3, metavar=("N", "BACKEND", "SYSTEM"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(int(args.one[0]), args.one[1], args.one[2])))
        return
    sizes = args.sizes or (DEFAULT_SIZES + (BIG_SIZES if args.big else ()))
    print(
        f"{'players':>7} {'system':>8} {'backend':>9} {'used':>9} {'total s':>8} "
        f"{'weights s':>9} {'cands s':>8} {'match s':>8} {'peak MB':>8} {'edges':>9} "
        f"{'floats':>6} {'history s':>9}"
    )
    for n in sizes:
        for system in args.systems:
            weights = set()
            for backend in args.backends:
                if n > LIMITS.get(backend, 10**9):
                    continue
                r = _child(n, backend, system, args.timeout)
                if "error" in r:
                    print(f"{n:7d} {system:>8} {backend:>9}  {r['error']}")
                    continue
                weights.add(r["weight"])
                print(
                    f"{n:7d} {system:>8} {backend:>9} {r['used']:>9} {r['seconds']:8.2f} "
                    f"{r['weights']:9.2f} {r['candidates']:8.2f} {r['matching']:8.2f} "
                    f"{r['peak_mb']:8.0f} {r['edges']:9d} {r['floats']:6d} {r['history']:9.1f}",
                    flush=True,
                )
            if len(weights) > 1:
                print(f"{n:7d} {system:>8} BACKENDS DISAGREE on the weight: {sorted(weights)}")


if __name__ == "__main__":
    main()
