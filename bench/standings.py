"""Time standings with ten tiebreaks (relative Elo and recursive Buchholz among them).

A synthetic Swiss section (rough score-group pairings, random results, a
few forfeits, requested byes and absences) is ranked after its last round.
Printed: the time to build the results table, the standings time (best and
median of the repeats, each on a fresh context so nothing is cached), and a
per-method breakdown.

    .venv/bin/python bench/standings.py                      # 1,000 players x 11 rounds
    .venv/bin/python bench/standings.py --players 5000 --rounds 13 --repeat 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tiebreaks.methods.context import Context, TiebreakWarning
from tiebreaks.methods.registry import get_method
from tiebreaks.methods.standings import standings
from tiebreaks.methods.synthetic import SyntheticOptions, synthetic_section
from tiebreaks.methods.unplayed import Rules

TEN = ["BH-C1", "BH", "SB", "DE", "WIN", "ARO-C1", "TPR", "PS", "RELO", "RB"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--rules", choices=[r.value for r in Rules], default="2026")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--tiebreaks", default=",".join(TEN))
    args = parser.parse_args()
    warnings.simplefilter("ignore", TiebreakWarning)
    names = [n for n in args.tiebreaks.split(",") if n]

    start = time.perf_counter()
    table = synthetic_section(
        SyntheticOptions(
            players=args.players,
            rounds=args.rounds,
            forfeit_rate=0.01,
            bye_rate=0.02,
            absent_rate=0.01,
            seed=args.seed,
        )
    )
    built = time.perf_counter() - start
    print(f"section: {args.players} players x {args.rounds} rounds, rules {args.rules}")
    print(f"tiebreaks: {', '.join(names)}")
    print(f"build results table: {built:.3f} s")

    times = []
    result = None
    for _ in range(args.repeat):
        start = time.perf_counter()
        result = standings(table, tiebreaks=names, rules=args.rules)
        times.append(time.perf_counter() - start)
    print(
        f"standings: best {min(times):.3f} s, median {statistics.median(times):.3f} s "
        f"over {args.repeat} runs (goal <= 0.3 s for 1,000 x 11)"
    )
    shared = sum(1 for row in result.rows if "-" in row.place_label)
    print(f"players sharing a place: {shared}; warnings: {len(result.warnings)}")

    print("per method (fresh context, shared inputs not cached):")
    for name in names:
        method = get_method(name)
        ctx = Context(table, Rules.parse(args.rules))
        start = time.perf_counter()
        if method.uses_ties:
            method.compute(ctx, None)
        else:
            method.values(ctx)
        print(f"  {method.acronym:8s} {time.perf_counter() - start:.4f} s")


if __name__ == "__main__":
    main()
