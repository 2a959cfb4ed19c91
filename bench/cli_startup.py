"""The command line as a whole process: `blossom-pairing --mwm-dutch FILE -p` (the
paper's Dutch) on a mid-event round (round 5 of 9) of 50 and 1,000 players, CPU
seconds (user + system of the child process) and peak memory, the median of five
runs. The engine's own time is a fraction of it; the rest is starting Python
and importing (the command runs the matching's kernels as plain Python up to
1,500 players, rather than loading the compiled ones). The package's bytecode is
compiled first, as pip does on installing.

    .venv/bin/python bench/cli_startup.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import compileall
import os
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
    """CPU seconds and peak memory (MB) of one run of the command, its own."""
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, args)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


SIZES = ((50, 0.3), (1000, 0.5))


def write_events(folder: Path) -> None:
    for players, _ in SIZES:
        record = generate_tournament(
            GeneratorConfig(players=players, rounds=9), seed=1, rounds_played=4
        )
        write_trf(record, folder / f"mid{players}.trf")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--write", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:
        write_events(Path(args.write))
        return 0
    compileall.compile_dir(ROOT / "pairing", quiet=1)  # as installed: bytecode compiled
    with tempfile.TemporaryDirectory() as tmp:
        # Written by a child: generating the events loads the compiled matching,
        # and commands started from a large process may report its memory.
        subprocess.run([sys.executable, __file__, "--write", tmp], check=True)
        for players, goal in SIZES:
            path = Path(tmp) / f"mid{players}.trf"
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
