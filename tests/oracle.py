"""The reference FIDE Dutch engine (bbpPairings v6.0.0, the oracle) for tests: built
once into the git-ignored .cache/ from ../shared/anchors/bbpPairings when g++ and make
are there (about 20 s; test processes wait for one another's build), else the test is
skipped with the reason. CI has both."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

import pytest

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
