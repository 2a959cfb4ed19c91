"""What Blossom's pairing command lines share: argument errors as exceptions, and one
place that turns an exception into a message on standard error and an exit code."""

from __future__ import annotations

import argparse
import traceback
from collections.abc import Callable, Sequence
from typing import TextIO

EXIT_UNEXPECTED = 2
EXIT_INVALID = 3
EXIT_FILE = 5


class UsageError(Exception):
    """Bad arguments (exit code 3); the message ends with a pointer to --help."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print and exit with 2
        raise UsageError(message)


def guarded(
    prog: str,
    body: Callable[[], int],
    err: TextIO,
    errors: Sequence[tuple[type[BaseException] | tuple[type[BaseException], ...], int, str]],
    *,
    file_message: Callable[[OSError], str],
) -> int:
    """Run `body` and return its exit code. `errors` maps exception types, first match
    first, to (exit code, prefix of the message); usage errors, file errors (worded by
    `file_message`), --help and anything unexpected (with the trace) are handled alike
    by every command."""
    try:
        return body()
    except UsageError as exc:
        err.write(f"{prog}: {exc}\n(see {prog} --help)\n")
        return EXIT_INVALID
    except SystemExit as exc:  # --help, --version
        return int(exc.code or 0)
    except Exception as exc:
        for types, code, prefix in errors:
            if isinstance(exc, types):
                err.write(f"{prog}: {prefix}{exc}\n")
                return code
        if isinstance(exc, OSError):
            err.write(f"{prog}: {file_message(exc)}\n")
            return EXIT_FILE
        err.write(f"{prog}: unexpected error\n{traceback.format_exc()}")
        return EXIT_UNEXPECTED
