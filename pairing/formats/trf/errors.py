"""The one error a malformed TRF raises: where (line, column) and what is wrong."""

from __future__ import annotations


class TRFError(ValueError):
    """A TRF that cannot be read. `line` and `column` are 1-based."""

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line = line
        self.column = column
        self.message = message
        super().__init__(f"line {line}, column {column}: {message}")
