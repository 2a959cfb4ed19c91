"""FIDE's Dutch (C.04.3) against bbpPairings v6.0.0, as whole processes on the same file.

For each size, the oracle generates a 9-round event (`-g`, with forfeits, half-point
byes and withdrawals); the file is cut after round 4 and both engines pair round 5:
`blossom-pairing --dutch FILE -p` and `bbpPairings.exe --dutch FILE -p`. Printed per
engine: CPU seconds (user + system of the process), peak memory, and the ratio; and
whether the two pairings are the same.

    .venv/bin/python bench/fide_dutch.py [--sizes 50,200,1000,3000] [--seed 1] [--budget 600]

A size that would take Blossom more than `--budget` CPU seconds, extrapolated from the
previous size (the engine's time grows with about the 2.6th power of the field: 5.5 s
at 400 players, 58 s at 1,000), is not run, and the table says so.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fide_dutch_oracle import generate, oracle  # noqa: E402

from pairing.formats.trf import read_trf, write_trf  # noqa: E402
from tests.oracle import record_before  # noqa: E402

ROUNDS, CUT = 9, 4
GROWTH = 2.6  # the engine's time against the field's size, measured from 200 to 1,000
BLOSSOM = [sys.executable, "-m", "pairing.cli.pair"]


def measured(command: list[str]) -> tuple[float, float, str]:
    """(CPU seconds, peak memory in MB, standard output) of a whole process."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, cwd=ROOT)
        _, status, usage = os.wait4(process.pid, 0)
        out.seek(0)
        text = out.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{command[0]} failed: {text[:200]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text


def pairs(text: str) -> set[tuple[str, ...]]:
    return {tuple(line.split()) for line in text.splitlines()[1:] if line.strip()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,200,1000,3000")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=600.0, help="CPU seconds per run")
    args = parser.parse_args()
    binary = oracle()
    print(f"Round {CUT + 1} of {ROUNDS}, whole processes, CPU seconds (user + system)")
    print(f"{'players':>8} {'Blossom s':>10} {'MB':>6} {'bbp s':>8} {'MB':>6} {'ratio':>7}  same")
    last, last_size = 0.0, 1
    for size in (int(s) for s in args.sizes.split(",")):
        expected = last * (size / last_size) ** GROWTH
        if expected > args.budget:
            print(f"{size:>8}  not run: about {expected:.0f} s expected at this size")
            continue
        with tempfile.TemporaryDirectory() as folder:
            path = generate(binary, Path(folder), size, ROUNDS, args.seed)
            record = record_before(read_trf(path), CUT + 1)
            record.total_rounds = record.total_rounds or ROUNDS
            cut = Path(folder) / "cut.trf"
            write_trf(record, cut)
            ours, our_mb, our_out = measured([*BLOSSOM, "--dutch", str(cut), "-p"])
            theirs, their_mb, their_out = measured([str(binary), "--dutch", str(cut), "-p"])
        last, last_size = ours, size
        same = "yes" if pairs(our_out) == pairs(their_out) else "NO"
        print(
            f"{size:>8} {ours:>10.2f} {our_mb:>6.0f} {theirs:>8.2f} {their_mb:>6.0f} "
            f"{ours / max(theirs, 1e-3):>7.1f}  {same}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
