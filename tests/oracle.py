"""The reference FIDE Dutch engine (bbpPairings v6.0.0, the oracle) for tests: built
once into the git-ignored .cache/ from ../shared/anchors/bbpPairings when g++ and make
are there (about 20 s; test processes wait for one another's build), else the test is
skipped with the reason. CI has both."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

from pairing.formats.trf import read_trf, write_trf
from pairing.record import EMPTY_ENTRY

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / ".cache" / "bbpPairings" / "bbpPairings.exe"


def _anchor() -> Path:
    """bbpPairings' source: BBP_SOURCE, else ../shared/anchors/bbpPairings beside the
    checkout, else the workplace's shared folder (a checkout elsewhere, as CI's)."""
    candidates = [
        os.environ.get("BBP_SOURCE", ""),
        ROOT.parent / "shared" / "anchors" / "bbpPairings",
        "/work/shared/anchors/bbpPairings",
    ]
    for candidate in candidates:
        if candidate and (Path(candidate) / "build.sh").exists():
            return Path(candidate)
    return ROOT.parent / "shared" / "anchors" / "bbpPairings"


ANCHOR = _anchor()


def oracle_binary() -> Path:
    import pytest  # the benchmarks use the helpers below without pytest

    if BINARY.exists():
        return BINARY
    if not (ANCHOR / "build.sh").exists():
        pytest.skip(f"bbpPairings' source is not at {ANCHOR}")
    if shutil.which("g++") is None or shutil.which("make") is None:
        pytest.skip("g++ and make are needed to build bbpPairings")
    BINARY.parent.parent.mkdir(parents=True, exist_ok=True)
    with open(BINARY.parent.parent / ".bbpPairings.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another test process may be building it
        if not BINARY.exists():
            subprocess.run(
                ["bash", str(ANCHOR / "build.sh"), str(BINARY.parent)],
                check=True,
                capture_output=True,
            )
    return BINARY


# Helpers the oracle tests and bench/fide_dutch_oracle.py share --------------------------


def generate_event(binary: Path, folder: Path, players: int, rounds: int, seed: int) -> Path:
    """A whole event generated and paired by the oracle (`-g`), with forfeits, half-point
    byes and withdrawals. CalledProcessError when the oracle finds no pairing."""
    config = folder / f"g{players}-{seed}.txt"
    config.write_text(
        f"PlayersNumber={players}\nRoundsNumber={rounds}\nForfeitRate=25\n"
        "HalfPointByeRate=40\nRetiredRate=60\n",
        encoding="utf-8",
    )
    out = folder / f"t{players}-{seed}.trf"
    subprocess.run(
        [str(binary), "--dutch", "-g", str(config), "-o", str(out), "-s", str(seed)],
        check=True,
        capture_output=True,
    )
    return out


def recorded_pairs(record, r: int) -> tuple[set[tuple[int, int]], int | None]:
    """Round r as recorded: (white, black) pairs and the pairing-allocated bye."""
    pairs, bye = set(), None
    for p in record.players:
        e = p.entry(r)
        if e.opponent is not None and e.colour == "w":
            pairs.add((p.id, e.opponent))
        elif e.opponent is None and e.code == "U":
            bye = p.id
    return pairs, bye


def record_before(record, r: int):
    """The record as it stood before round r was paired: later rounds removed, the
    byes asked for round r kept as requests."""
    for p in record.players:
        entry = p.entry(r)
        if entry.opponent is None and entry.code in ("H", "Z", "F"):
            record.announced_byes.setdefault(r, {})[p.id] = entry.code
        p.rounds = p.rounds[: r - 1]
        while len(p.rounds) < r - 1:
            p.rounds.append(EMPTY_ENTRY)
    return record


def paired_variant(binary: Path, folder: Path, path: Path, r: int, rounds: int, initial, rng):
    """Round r of the event with XXA virtual points for the upper half of the pairing
    numbers and two prohibited pairs (260) added, paired by the oracle from a file cut
    before the round (`-p`): (the record to pair from, the oracle's exit code, its pairs,
    its bye)."""
    record = read_trf(path)
    for p in record.players:
        entry = p.entry(r)
        kept = p.rounds[: r - 1]
        if entry.opponent is None and entry.code in ("H", "Z", "F"):
            kept.append(entry)  # an absence already known for the round to pair
        p.rounds = kept
    record.total_rounds, record.initial_colour = rounds, initial
    ids = sorted(p.id for p in record.players)
    for pid in ids[: len(ids) // 2]:
        record.accelerations[pid] = tuple(Fraction(rng.choice((0, 1, 2)), 2) for _ in range(rounds))
    for _ in range(2):
        record.prohibited.append((1, rounds, tuple(rng.sample(ids, 2))))
    cut, out = folder / "cut.trf", folder / "cut-pairs.txt"
    write_trf(record, cut)
    done = subprocess.run([str(binary), "--dutch", str(cut), "-p", str(out)], capture_output=True)
    back = read_trf(cut)
    for p in back.players:
        if len(p.rounds) >= r:
            back.announced_byes.setdefault(r, {})[p.id] = p.rounds[r - 1].code
            p.rounds = p.rounds[: r - 1]
    if done.returncode:
        return back, done.returncode, None, None
    numbers = [int(x) for x in out.read_text().split()]
    boards = list(zip(numbers[1::2], numbers[2::2], strict=True))
    return back, 0, {(w, b) for w, b in boards if b}, next((w for w, b in boards if not b), None)
