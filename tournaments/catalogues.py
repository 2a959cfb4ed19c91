"""The translation catalogues of the interface, compiled from their sources.

The translations live as sources in `locale/<lang>/LC_MESSAGES/{django,djangojs}.po`
(in the repository). Their compiled `.mo` files are never committed: `make run`,
`make test` and the Docker image compile them from the sources with `compile_catalogues`
(pure Python through Babel, so a fresh clone needs no GNU gettext), and only when a
source is newer than its compiled file. So the files Django reads can never drift from
the sources.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAINS = ("django", "djangojs")


def sources(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def read(path: Path):
    """The catalogue of one `.po` file (Babel's Catalog); a syntax error raises
    `CatalogueError` naming the file and line."""
    from babel.messages.pofile import PoFileError, read_po

    with path.open("rb") as handle:
        try:
            return read_po(handle, abort_invalid=True)
        except PoFileError as error:
            raise CatalogueError(f"{path}: {error}") from error


class CatalogueError(Exception):
    pass


def compile_one(source: Path, target: Path | None = None) -> Path:
    """Compile `source` (.po) into `target` (default: beside it, .mo), written atomically
    (several test processes may compile at once). Fuzzy entries are left out, as GNU
    msgfmt does."""
    from babel.messages.mofile import write_mo

    target = target or source.with_suffix(".mo")
    catalogue = read(source)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".mo")
    try:
        with os.fdopen(fd, "wb") as handle:
            write_mo(handle, catalogue, use_fuzzy=False)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def compile_all(locale_dir: Path = LOCALE_DIR, *, force: bool = False) -> list[Path]:
    """Compile every catalogue whose compiled file is missing or older than its source;
    the files compiled."""
    done = []
    for source in sources(locale_dir):
        target = source.with_suffix(".mo")
        if force or not target.exists() or target.stat().st_mtime < source.stat().st_mtime:
            done.append(compile_one(source, target))
    return done
