"""The command line as a whole process: `blossom-pairing --mwm-dutch FILE -p` (the
paper's Dutch) on a mid-event round (round 5 of 9) of 50 and 1,000 players, CPU
seconds (user + system of the child process) and peak memory, the median of five
runs. The engine's own time is a fraction of it; the rest is starting Python,
importing and, from 300 players up, loading the compiled matching.

    .venv/bin/python bench/cli_startup.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pairing.formats.trf import write_trf  # noqa: E402
from pairing.generate import GeneratorConfig, generate_tournament  # noqa: E402


def child_run(args: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, after.ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for players, goal in ((50, 0.3), (1000, 0.5)):
            record = generate_tournament(
                GeneratorConfig(players=players, rounds=9), seed=1, rounds_played=4
            )
            path = Path(tmp) / f"mid{players}.trf"
            write_trf(record, path)
            command = [
                sys.executable,
                "-m",
                "pairing.cli.pair",
                "--mwm-dutch",
                str(path),
                "-p",
                "-",
            ]
            child_run(command)  # the first run may fill caches
            runs = [child_run(command) for _ in range(args.repeat)]
            cpu = statistics.median(r[0] for r in runs)
            peak = max(r[1] for r in runs)
            print(
                f"{players:5d} players: {cpu:.2f} s of CPU (median of {args.repeat}), "
                f"peak {peak:.0f} MB (goal {goal} s)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
