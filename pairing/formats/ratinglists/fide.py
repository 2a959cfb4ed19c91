"""FIDE's rating lists: the XML list and the fixed-width TXT list.

XML: `<playerslist><player><fideid>…</fideid><name>…</name><country>…</country>
<sex>…</sex><title>…</title><w_title/><o_title/><foa_title/><rating>…</rating>
<games/><k/><rapid_rating/>…<blitz_rating/>…<birthday>1990</birthday><flag>i</flag>
</player>…`, read with iterparse (each element is dropped once read).

TXT: a header line names the columns (ID Number, Name, Fed, Sex, Tit, WTit, OTit, FOA,
SRtng, SGm, SK, RRtng, RGm, Rk, BRtng, BGm, BK, B-day, Flag); the positions of the
values are taken from where each header word starts.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO
from xml.etree.ElementTree import ParseError

from defusedxml.ElementTree import iterparse

from pairing.formats.ratinglists.common import ListedPlayer, RatingListError

TXT_COLUMNS = {  # header word -> field
    "ID Number": "ident",
    "Name": "name",
    "Fed": "federation",
    "Sex": "sex",
    "Tit": "title",
    "WTit": "w_title",
    "SRtng": "standard",
    "RRtng": "rapid",
    "BRtng": "blitz",
    "B-day": "birth_year",
    "Flag": "flag",
}


def _int(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


def _player(values: dict[str, str | None], where: str) -> ListedPlayer:
    ident = (values.get("ident") or "").strip()
    name = (values.get("name") or "").strip()
    if not ident.isdigit():
        raise RatingListError(where, f"the FIDE id {ident!r} is not a number")
    if not name:
        raise RatingListError(where, f"player {ident} has no name")
    flag = (values.get("flag") or "").lower()
    title = (values.get("title") or "").strip() or (values.get("w_title") or "").strip()
    return ListedPlayer(
        ident=ident,
        name=name[:120],
        federation=(values.get("federation") or "").strip()[:3],
        sex=(values.get("sex") or "").strip()[:1],
        title=title[:4],
        standard=_int(values.get("standard")),
        rapid=_int(values.get("rapid")),
        blitz=_int(values.get("blitz")),
        birth_year=_int(values.get("birth_year")),
        inactive="i" in flag,
    )


XML_FIELDS = {
    "fideid": "ident",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "w_title",
    "rating": "standard",
    "rapid_rating": "rapid",
    "blitz_rating": "blitz",
    "birthday": "birth_year",
    "flag": "flag",
}


def read_fide_xml(stream: BinaryIO) -> Iterator[ListedPlayer]:
    count = 0
    root = None
    values: dict[str, str | None] = {}
    try:
        for event, element in iterparse(stream, events=("start", "end")):
            if event == "start":
                if root is None:
                    root = element
                continue
            tag = element.tag
            if tag in XML_FIELDS:
                values[XML_FIELDS[tag]] = element.text
            elif tag == "player":
                count += 1
                yield _player(values, f"player element {count}")
                values = {}
                root.clear()  # the list never holds more than the player being read
    except ParseError as exc:
        line, column = exc.position
        raise RatingListError(f"line {line}, column {column + 1}", "not well-formed XML") from None


def _txt_layout(header: str) -> list[tuple[str, int, int]]:
    starts = []
    for word, fieldname in TXT_COLUMNS.items():
        at = header.find(word)
        if word == "Tit":  # "Tit" also starts "WTit"/"OTit": the standalone one
            at = next(
                (
                    i
                    for i in range(len(header))
                    if header.startswith("Tit", i) and (i == 0 or header[i - 1] == " ")
                ),
                -1,
            )
        if at < 0 and fieldname in ("ident", "name"):
            raise RatingListError("line 1", f"the header has no {word!r} column")
        if at >= 0:
            starts.append((fieldname, at))
    starts.sort(key=lambda item: item[1])
    ends = [s for _, s in starts[1:]] + [10_000]
    return [(name, start, end) for (name, start), end in zip(starts, ends, strict=True)]


def read_fide_txt(stream: BinaryIO) -> Iterator[ListedPlayer]:
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline="")
    header = text.readline()
    layout = _txt_layout(header)
    for number, line in enumerate(text, start=2):
        if not line.strip():
            continue
        values = {name: line[start:end] for name, start, end in layout}
        yield _player(values, f"line {number}")


def sniff_source(head: bytes) -> str:
    """ "fide-xml", "fide-txt" or "egd" from the first bytes of a (decompressed) file."""
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if text.startswith(b"<"):
        return "fide-xml" if b"playerslist" in head or b"<player" in head else "egd"
    if text.startswith(b"ID Number"):
        return "fide-txt"
    return "egd"


def _open(path: Path) -> tuple[BinaryIO, zipfile.ZipFile | None]:
    if zipfile.is_zipfile(path):
        archive = zipfile.ZipFile(path)
        members = [m for m in archive.namelist() if not m.endswith("/")]
        if not members:
            raise RatingListError(str(path), "the archive is empty")
        return archive.open(members[0]), archive
    return open(path, "rb"), None


def read_fide(path: str | Path) -> Iterator[ListedPlayer]:
    """A FIDE list file (XML or TXT, zipped or not), player by player."""
    stream, archive = _open(Path(path))
    try:
        head = stream.peek(200) if hasattr(stream, "peek") else b""
        if not head:
            buffered = io.BufferedReader(stream)  # type: ignore[arg-type]
            stream, head = buffered, buffered.peek(200)
        kind = sniff_source(head[:200])
        if kind == "fide-xml":
            yield from read_fide_xml(stream)
        elif kind == "fide-txt":
            yield from read_fide_txt(stream)
        else:
            raise RatingListError(str(path), "not a FIDE list (neither its XML nor its TXT form)")
    finally:
        stream.close()
        if archive is not None:
            archive.close()
