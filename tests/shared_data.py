"""Where the shared test data lives: real tournaments with published results and
real OpenGotha files, kept beside the repository (never copied into it).

BLOSSOM_SHARED_DATA names the folder; otherwise ../shared/data next to the
checkout, then /work/shared/data. A missing folder fails loudly: these tests must
not pass by finding nothing to check."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _find() -> Path:
    candidates = [
        os.environ.get("BLOSSOM_SHARED_DATA"),
        ROOT.parent / "shared" / "data",
        Path("/work/shared/data"),
    ]
    for candidate in candidates:
        if candidate and (Path(candidate) / "go" / "opengotha").is_dir():
            return Path(candidate)
    raise RuntimeError(
        "The shared test data was not found; set BLOSSOM_SHARED_DATA to the "
        "folder holding chess/ and go/ (tried: " + ", ".join(str(c) for c in candidates if c) + ")."
    )


SHARED_DATA = _find()
OPENGOTHA = SHARED_DATA / "go" / "opengotha"
CHESS_TIEBREAKS = SHARED_DATA / "chess" / "tiebreaks"
