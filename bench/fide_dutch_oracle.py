"""Blossom's Swiss pairing against the reference FIDE Dutch engine (bbpPairings
v6.0.0, the oracle), round by round on tournaments the oracle generates and pairs
itself.

For each tournament (sizes 9 to 400 players, with forfeits, half-point byes and
withdrawals) the oracle writes a whole event in TRF (`-g`); every round of it is the
oracle's pairing of the history before it. Blossom pairs the same round from the same
history, and the two are compared: pairs with colours, and the pairing-allocated bye.
Prints how many rounds are identical, how many boards differ, and the first differing
rounds (file and round) to look at.

    .venv/bin/python bench/fide_dutch_oracle.py [--rounds 300] [--seed 1] [--system dutch]

The oracle is built into .cache/bbpPairings (git-ignored) from
../shared/anchors/bbpPairings when missing (g++ and make, about 20 s). `--system`
names Blossom's system: the MWM paper's `dutch` (not FIDE's rules to the letter, so
the figures measure how far it is) or `fide-dutch`, the FIDE Dutch engine of
`pairing.engine.fide_dutch`, which should agree on every round:

    .venv/bin/python bench/fide_dutch_oracle.py --system fide-dutch --rounds 100 \
        --sizes 9,12,16,21,30,45,64,100

`--cli-check` also runs the command line's own check (`blossom-pairing --dutch FILE
-c`, a whole process) on every event and counts the rounds it finds differing.
`--variants` adds XXA virtual points and two prohibited pairs to each round and has
the oracle pair that round from the file cut before it (`-p`); `--sizes` picks the
event sizes; `--keep DIR` keeps the events that differ.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pairing.engine.fide_dutch import (  # noqa: E402
    fide_request_from_record,
    pair_round_fide,
)
from pairing.engine.swiss import PairingError, pair_round  # noqa: E402
from pairing.engine.swiss.from_record import (  # noqa: E402
    recorded_initial_colour,
    request_from_record,
)
from pairing.formats.trf import read_trf  # noqa: E402
from tests.oracle import (  # noqa: E402
    ANCHOR,
    BINARY,
    generate_event,
    paired_variant,
    record_before,
    recorded_pairs,
)

SIZES = (9, 12, 16, 21, 30, 45, 64, 100, 150, 250, 400)


def oracle() -> Path:
    if not BINARY.exists():
        if not (ANCHOR / "build.sh").exists():
            sys.exit(f"fide_dutch_oracle: no oracle at {BINARY} and no source at {ANCHOR}")
        subprocess.run(["bash", str(ANCHOR / "build.sh"), str(BINARY.parent)], check=True)
    return BINARY


def generate(binary: Path, folder: Path, players: int, rounds: int, seed: int) -> Path:
    return generate_event(binary, folder, players, rounds, seed)


def variant_round(binary: Path, folder: Path, path: Path, r: int, rounds: int, initial, rng):
    """The record to pair from and the oracle's pairs and bye (None when it finds no
    pairing) of round r with acceleration and prohibited pairs added."""
    back, _, pairs, bye = paired_variant(binary, folder, path, r, rounds, initial, rng)
    return back, pairs, bye


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300, help="rounds to compare")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--system",
        default="dutch",
        help="Blossom's system: a Swiss engine system, or fide-dutch (pairing.engine.fide_dutch)",
    )
    parser.add_argument(
        "--sizes",
        default=",".join(str(s) for s in SIZES),
        help="comma-separated player counts to draw the tournaments from",
    )
    parser.add_argument("--show", type=int, default=5, help="differing rounds to list")
    parser.add_argument(
        "--progress", type=int, default=0, help="print a line every this many rounds"
    )
    parser.add_argument(
        "--cli-check",
        action="store_true",
        help="also run `blossom-pairing --dutch FILE -c` (a whole process) on every event "
        "and count the rounds its check finds differing",
    )
    parser.add_argument("--keep", type=Path, help="copy the tournaments with differences here")
    parser.add_argument(
        "--variants",
        action="store_true",
        help="add XXA acceleration and prohibited pairs to each round, paired by the oracle",
    )
    args = parser.parse_args()
    binary = oracle()
    rng = random.Random(args.seed)
    sizes = tuple(int(s) for s in args.sizes.split(","))
    per_size: dict[int, list[int]] = {}
    compared = identical = boards = differing_boards = byes_differ = failed = 0
    cli_rounds = cli_differing = 0
    examples = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        while compared < args.rounds:
            players, rounds = rng.choice(sizes), rng.choice((5, 7, 9, 11))
            try:
                path = generate(binary, folder, players, rounds, rng.randrange(1, 10**9))
            except subprocess.CalledProcessError:
                continue  # the oracle found no pairing for some round: another event
            whole = read_trf(path)
            total = whole.rounds_paired
            if args.cli_check and not args.variants:
                checked, differ = cli_check(path)
                cli_rounds += checked
                cli_differing += differ
            initial = recorded_initial_colour(whole)  # as the arbiter knows it
            for r in range(1, total + 1):
                if compared >= args.rounds:
                    break
                expected, expected_bye = recorded_pairs(read_trf(path), r)
                record = record_before(read_trf(path), r)
                record.total_rounds = record.total_rounds or rounds  # -g writes no XXR
                record.initial_colour = record.initial_colour or initial
                if args.variants:
                    record, expected, expected_bye = variant_round(
                        binary, folder, path, r, rounds, initial, rng
                    )
                    if expected is None:
                        continue  # no pairing exists: not counted
                compared += 1
                try:
                    if args.system == "fide-dutch":
                        result = pair_round_fide(fide_request_from_record(record, r))
                    else:
                        result = pair_round(
                            request_from_record(record, r, system=args.system, seed=args.seed)
                        )
                except PairingError:
                    failed += 1
                    continue
                mine = set(result.pairs())
                bye = result.pairing_allocated_bye
                boards += len(expected)
                differing_boards += len(expected - mine)
                byes_differ += bye != expected_bye
                tally = per_size.setdefault(players, [0, 0])
                tally[0] += 1
                if mine == expected and bye == expected_bye:
                    identical += 1
                    tally[1] += 1
                elif len(examples) < args.show:
                    examples.append(f"{path.name} round {r}: {len(expected - mine)} boards differ")
                    if args.keep:
                        args.keep.mkdir(parents=True, exist_ok=True)
                        (args.keep / path.name).write_bytes(path.read_bytes())
                if args.progress and compared % args.progress == 0:
                    print(f"... {compared} rounds compared, {identical} identical", flush=True)
    print(f"system {args.system!r} against bbpPairings --dutch: {compared} rounds compared")
    print(f"identical rounds (pairs, colours and bye): {identical} ({identical / compared:.1%})")
    share = differing_boards / max(boards, 1)
    print(
        f"boards differing: {differing_boards} of {boards} ({share:.1%}); "
        f"byes differing: {byes_differ}; rounds Blossom could not pair: {failed}"
    )
    print(
        "per size (identical/compared): "
        + ", ".join(f"{n}: {t[1]}/{t[0]}" for n, t in sorted(per_size.items()))
    )
    if args.cli_check:
        print(
            f"blossom-pairing --dutch FILE -c on every event: {cli_rounds} rounds checked, "
            f"{cli_differing} differing or not paired"
        )
    for line in examples:
        print("  " + line)
    return 0


def cli_check(path: Path) -> tuple[int, int]:
    """(rounds checked, rounds differing or not paired) by the command line's check."""
    command = [sys.executable, "-m", "pairing.cli.pair", "--dutch", str(path), "-c", "--json"]
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"blossom-pairing -c failed on {path.name}: {out.stderr[:300]}")
    checks = json.loads(out.stdout)
    differ = sum(1 for c in checks if c["differences"] or c["blossom_error"])
    return len(checks), differ


if __name__ == "__main__":
    sys.exit(main())
