"""The European Go Database's rating list (`allworld_lp.html`): a text table, one
player a line, after HTML and header lines (a legend of the columns, then a header):

       PIN          Name                       Club     Grade P&D    GoR    NT appearance
     10726007  Aaen Morten                     DK  Cope    6k   --   1515     3  T101215B

A line that starts with a PIN is a player and must read as PIN, name (family name
first; `_` joins the words of one part: `Berg Jan_Willem`), country (two letters, `XX`
when unknown), club (`xxx`, `xxxx` when none), grade (`30k`..`9d`, `1p`..), the
suggested promotion or demotion (`--` or a grade; older lists leave the column out)
and GoR; other lines are skipped.

The published list holds the odd damaged line (a 2019 list of 45,525 players has one
whose country and club read `0+  8+`): with `skipped` given, such lines are set aside
there (line number and text) and the reading goes on, up to `MAX_SKIPPED` of them; the
next one, or any without `skipped`, is a RatingListError naming its line.
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
    r"(?P<grade>\d{1,2}[kKdDpP])\s+(?:(?:--|\d{1,2}[kKdDpP])\s+)?(?P<gor>-?\d+)(?:\s|$)"
)
_STARTS_WITH_PIN = re.compile(r"^\s*\d{7,9}\s")
MAX_SKIPPED = 50


def read_egd_stream(
    stream: BinaryIO, *, skipped: list[tuple[int, str]] | None = None
) -> Iterator[ListedPlayer]:
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline="")
    for number, line in enumerate(text, start=1):
        if not _STARTS_WITH_PIN.match(line):
            continue
        m = _PLAYER.match(line)
        if m is None:
            if skipped is not None and len(skipped) < MAX_SKIPPED:
                skipped.append((number, line.strip()[:200]))
                continue
            raise RatingListError(
                f"line {number}", "a player line must read: PIN, name, country, club, grade, GoR"
            )
        club, country = m["club"], m["country"]
        yield ListedPlayer(
            ident=m["pin"],
            name=" ".join(m["name"].replace("_", " ").split())[:120],
            federation="" if country == "XX" else country,
            club="" if set(club.lower()) <= {"x"} or set(club) <= {"-"} else club[:120],
            grade=m["grade"].lower(),
            standard=int(m["gor"]),
        )


def read_egd(
    path: str | Path, *, skipped: list[tuple[int, str]] | None = None
) -> Iterator[ListedPlayer]:
    with open(path, "rb") as stream:
        yield from read_egd_stream(stream, skipped=skipped)
