"""Write a `TournamentRecord` as a FIDE TRF. Reading the result gives the same tournament."""

from __future__ import annotations

from pathlib import Path

from pairing.formats.trf.players import format_player
from pairing.formats.trf.records import format_records, format_trailing_records
from pairing.record import TournamentRecord


def format_trf(record: TournamentRecord, *, newline: str = "\n") -> str:
    """The TRF text. Points in columns 81-84 are always the sum of the results."""
    lines = format_records(record)
    lines += [format_player(p, record.score(p)) for p in sorted(record.players, key=lambda p: p.id)]
    lines += format_trailing_records(record)
    return newline.join(lines) + newline


def write_trf(record: TournamentRecord, path: str | Path, *, newline: str = "\n") -> None:
    Path(path).write_text(format_trf(record, newline=newline), encoding="utf-8", newline="")
