"""Benchmark: the simulation lab's throughput, and where one event's time goes.

    .venv/bin/python bench/simulation.py                  # 200 events, every core
    .venv/bin/python bench/simulation.py --events 1000    # the goal size (<= 5 min on 2 cores)
    .venv/bin/python bench/simulation.py --profile 20     # per-round cost, one process

Each event is 32 players x 7 rounds (by default) played once with each of the
five systems of the paper; every round is paired by the real engine. Prints
events per second and the machine's load average before and after (other
processes on the machine slow the run down; the load says how much).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

# bench/pairing.py would shadow the pairing package: put the project first.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from pairing.simulation.config import PAPER_SYSTEMS, SimulationConfig  # noqa: E402
from pairing.simulation.event import simulate_event  # noqa: E402
from pairing.simulation.runner import run_simulation  # noqa: E402

# Parts of one event, by the function whose cumulative time measures them.
PARTS = {
    "engine: pair_round": "engine.py:{n}(pair_round)",
    "request built from the state": "tournament.py:{n}(request)",
    "maximum strength difference (NSD)": "strength_difference.py:{n}(maximum_strength_difference)",
    "absolute-rule check": "checker.py:{n}(absolute_rule_breaks)",
    "final standings and tiebreaks": "event.py:{n}(final_ranking)",
    "results drawn (Milvang)": "milvang.py:{n}(draw_results)",
    "round applied to the state": "tournament.py:{n}(finish_round)",
}


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def throughput(config: SimulationConfig, workers: int | None) -> None:
    print(f"load average before: {_load()} ({os.cpu_count()} cores)")
    cpu = time.process_time()
    result = run_simulation(config, workers=workers)
    rounds = config.events * len(config.systems) * config.rounds
    print(
        f"{config.events} events x {config.players} players x {config.rounds} rounds x "
        f"{len(config.systems)} systems on {result.workers} process(es): {result.seconds:.1f} s"
    )
    print(f"  {config.events / result.seconds:.2f} events/s (all systems)")
    print(f"  {config.events * len(config.systems) / result.seconds:.2f} system-events/s")
    print(f"  {rounds / result.seconds:.1f} rounds paired per second")
    print(f"  parent process CPU {time.process_time() - cpu:.1f} s")
    failures = sum(len(result.failures(s)) for s in config.systems)
    print(f"  failed events: {failures}")
    print(f"load average after: {_load()}")


def profile(config: SimulationConfig, events: int) -> None:
    simulate_event(config, 0)  # compile and warm caches outside the measurement
    profiler = cProfile.Profile()
    started = time.process_time()
    profiler.enable()
    for index in range(1, events + 1):
        simulate_event(config, index)
    profiler.disable()
    cpu = time.process_time() - started
    stats = pstats.Stats(profiler)
    total_rounds = events * len(config.systems) * config.rounds
    # The profiler's clock is wall time: with other work on the machine it
    # exceeds the CPU time; shares are of the profiled total.
    total = stats.total_tt
    print(
        f"{events} events x {len(config.systems)} systems, one process (profiled): "
        f"{cpu:.2f} s CPU, {total:.2f} s profiled"
    )
    print(f"  {1000 * total / total_rounds:.2f} ms per round, all parts")
    cumulative = {}
    for (filename, _line, name), (_, _, _, ct, _) in stats.stats.items():
        key = f"{os.path.basename(filename)}:{{n}}({name})"
        cumulative[key] = cumulative.get(key, 0.0) + ct
    for label, key in PARTS.items():
        seconds = cumulative.get(key, 0.0)
        print(
            f"  {label:36s} {1000 * seconds / total_rounds:6.2f} ms/round  "
            f"{100 * seconds / total:5.1f}%"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--workers", type=int, help="default: every core")
    parser.add_argument("--systems", default=",".join(PAPER_SYSTEMS))
    parser.add_argument("--profile", type=int, metavar="EVENTS", help="profile this many events")
    args = parser.parse_args()
    config = SimulationConfig(
        players=args.players,
        rounds=args.rounds,
        events=max(args.events, 1),
        systems=tuple(args.systems.split(",")),
        seed=1,
    )
    if args.profile:
        profile(config, args.profile)
    else:
        throughput(config, args.workers)


if __name__ == "__main__":
    main()
