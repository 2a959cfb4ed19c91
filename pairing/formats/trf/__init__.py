"""FIDE Tournament Report File (TRF-16 and the TRF-2026 records): read and write.

record = read_trf("event.trf")       # TournamentRecord, or TRFError(line, column, ...)
write_trf(record, "copy.trf")
"""

from pairing.formats.trf.errors import TRFError
from pairing.formats.trf.reader import parse_trf, read_trf
from pairing.formats.trf.writer import format_trf, write_trf

__all__ = ["TRFError", "format_trf", "parse_trf", "read_trf", "write_trf"]
