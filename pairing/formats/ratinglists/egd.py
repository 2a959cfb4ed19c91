"""The European Go Database's rating list (`allworld_lp.html`): a text table, one
player a line, after HTML and header lines:

     PIN  Name (family first)           Country Club  Grade  GoR  ...
    10726007 Aaen Morten                      DK  Cope  6k   1515  T101215B ...

A line that starts with a PIN is a player and must read as PIN, name, country (two
letters), club, grade (`30k`..`9d`, `1p`..) and GoR; other lines are skipped.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from pairing.formats.ratinglists.common import ListedPlayer, RatingListError

_PLAYER = re.compile(
    r"^\s*(?P<pin>\d{7,9})\s+(?P<name>.+?)\s+(?P<country>[A-Z]{2})\s+(?P<club>\S+)\s+"
    r"(?P<grade>\d{1,2}[kKdDpP])\s+(?P<gor>-?\d+)(?:\s|$)"
)
_STARTS_WITH_PIN = re.compile(r"^\s*\d{7,9}\s")


def read_egd_stream(stream: BinaryIO) -> Iterator[ListedPlayer]:
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline="")
    for number, line in enumerate(text, start=1):
        if not _STARTS_WITH_PIN.match(line):
            continue
        m = _PLAYER.match(line)
        if m is None:
            raise RatingListError(
                f"line {number}", "a player line must read: PIN, name, country, club, grade, GoR"
            )
        club = m["club"]
        yield ListedPlayer(
            ident=m["pin"],
            name=" ".join(m["name"].split())[:120],
            federation=m["country"],
            club="" if club.lower() in ("xxxx", "-", "---") else club[:120],
            grade=m["grade"].lower(),
            standard=int(m["gor"]),
        )


def read_egd(path: str | Path) -> Iterator[ListedPlayer]:
    with open(path, "rb") as stream:
        yield from read_egd_stream(stream)
