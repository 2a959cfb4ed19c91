"""Reading and writing the tournament-level TRF records.

012 022 032 042 052 102  name, city, federation, dates, chief arbiter
XXR n / 142 n            total rounds
XXC white1|black1 [rank] initial colour (the line is also kept verbatim)
152 W|B                  initial colour of the top board in round 1
162                      points per result (W D L A/Z P X, values in 7-10,
                         further codes every 9 columns)
192                      system code
240 T rrr pppp ...       byes announced for a round (T = F, H or Z)
260 fff lll pppp ...     prohibited pairings for rounds fff..lll
XXP pppp pppp ...        prohibited pairings for the whole event
XXA pppp aaaa aaaa ...   virtual points per round for pairing (acceleration)
XXS CODE=VALUE ...       points per result, JaVaFo's way (WW BW WD BD WL BL ZPB HPB FPB
                         PAB FW FL, and W = WW BW FW FPB, D = WD BD HPB; later codes
                         override earlier ones); points cannot depend on the colour
BBW pp.p (BBD BBL BBZ    points per result, bbpPairings' way: win, draw, played loss,
BBF BBU)                 zero-point bye, forfeit loss, pairing-allocated bye (BBU
                         defaults to the win's points)
Everything else (250 acceleration, 132 dates, NRS lines...) is kept verbatim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from pairing.formats.trf import layout as L
from pairing.formats.trf.errors import TRFError
from pairing.limits import MAX_ROUNDS, points_problem
from pairing.record import DEFAULT_POINTS, TournamentRecord

TEXT_RECORDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "102": "chief_arbiter",
}
# 162 codes -> result codes they set.
SCORING_CODES = {"W": "1W+F", "D": "=DH", "L": "0L", "A": "Z- ", "Z": "Z- ", "P": "U"}
SCORING_OPTIONAL = {"X"}  # unknown result: no result code here to apply it to
# XXS codes -> (result codes they set, the colour they are for: a win with white and
# with black must score the same here, results have no colour of their own).
XXS_CODES = {
    "WW": "1W",
    "BW": "1W",
    "WD": "=D",
    "BD": "=D",
    "WL": "0L",
    "BL": "0L",
    "ZPB": "Z ",
    "HPB": "H",
    "FPB": "F",
    "PAB": "U",
    "FW": "+",
    "FL": "-",
}
XXS_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
XXS_PAIRS = (("WW", "BW"), ("WD", "BD"), ("WL", "BL"))
# bbpPairings' codes -> result codes they set.
DEFAULT_XXS = {code: DEFAULT_POINTS[results[0]] for code, results in XXS_CODES.items()}
BB_CODES = {"BBW": "1W+F", "BBD": "=DH", "BBL": "0L", "BBZ": "Z ", "BBF": "-", "BBU": "U"}
EVENT_WIDE = (1, 999)
_TOKEN = re.compile(r"\S+")


@dataclass
class References:
    """Pairing numbers named by non-player records, with where they were named."""

    places: list[tuple[int, int, int]] = field(default_factory=list)  # (pid, line, column)
    bye_rounds: dict[int, int] = field(default_factory=dict)  # announced round -> first line


def _tokens(line: str, start_column: int) -> list[tuple[int, str]]:
    """(1-based column, token) for the whitespace-separated tokens from start_column on."""
    return [
        (m.start() + start_column, m.group()) for m in _TOKEN.finditer(line[start_column - 1 :])
    ]


def _ids(line: str, number: int, start_column: int, refs: References) -> list[int]:
    ids = []
    for col, tok in _tokens(line, start_column):
        if not tok.isdigit() or int(tok) == 0:
            raise TRFError(number, col, f"{tok!r} is not a pairing number")
        ids.append(int(tok))
        refs.places.append((int(tok), number, col))
    return ids


def _distinct_ids(line: str, number: int, start_column: int, refs: References) -> list[int]:
    """The players of a prohibited group: at least two, none named twice."""
    seen: set[int] = set()
    for col, tok in _tokens(line, start_column):
        if tok.isdigit() and int(tok) in seen:
            raise TRFError(number, col, f"player {int(tok)} is named twice in this group")
        if tok.isdigit():
            seen.add(int(tok))
    ids = _ids(line, number, start_column, refs)
    if len(ids) < 2:
        raise TRFError(number, start_column, "a prohibited pairing needs two different players")
    return ids


def _acceleration(line: str, number: int, record: TournamentRecord, refs: References) -> None:
    """XXA NNNN aaaa aaaa ...: the player's virtual points round by round (columns 10-13,
    15-18, ... as JaVaFo and bbpPairings write them)."""
    pid_text = L.field(line, (5, 8)).strip()
    if not pid_text.isdigit() or int(pid_text) == 0:
        raise TRFError(number, 5, f"{pid_text!r} (columns 5-8) is not a pairing number")
    pid = int(pid_text)
    refs.places.append((pid, number, 5))
    if pid in record.accelerations:
        raise TRFError(number, 5, f"player {pid} has a second XXA line")
    values = []
    col = 10
    while col <= len(line.rstrip()):
        text = L.field(line, (col, col + 3))
        value = L.parse_points(text) if text.strip() else Fraction(0)
        if value is None or value < 0:
            raise TRFError(number, col, f"acceleration {text.strip()!r} is not a number of points")
        values.append(value)
        col += 5
    record.accelerations[pid] = values


def _rounds_value(line: str, number: int, record: TournamentRecord) -> None:
    toks = _tokens(line, 4)
    if len(toks) != 1 or not toks[0][1].isdigit() or int(toks[0][1]) == 0:
        col = toks[0][0] if toks else 5
        raise TRFError(number, col, "the number of rounds must be one positive number")
    value = int(toks[0][1])
    if value > MAX_ROUNDS:
        raise TRFError(number, toks[0][0], f"at most {MAX_ROUNDS} rounds, not {value}")
    if record.total_rounds is not None and record.total_rounds != value:
        raise TRFError(
            number,
            toks[0][0],
            f"number of rounds {value} contradicts the earlier {record.total_rounds}",
        )
    record.total_rounds = value


def _initial_colour(value: str, number: int, column: int, record: TournamentRecord) -> None:
    if record.initial_colour is not None and record.initial_colour != value:
        raise TRFError(number, column, "initial colour contradicts an earlier record")
    record.initial_colour = value


def _scoring(line: str, number: int, record: TournamentRecord, seen: set[str]) -> None:
    col = 5
    while col <= len(line.rstrip()):
        chunk = L.field(line, (col, col + 5))
        if not chunk.strip():
            col += 9
            continue
        code = chunk[:2].strip().upper()
        if code not in SCORING_CODES and code not in SCORING_OPTIONAL:
            raise TRFError(
                number, col, f"scoring code {chunk[:2].strip()!r} is not one of W D L A Z P X"
            )
        value = L.parse_points(chunk[2:6])
        if value is None:
            raise TRFError(
                number, col + 2, f"points for {code} ({chunk[2:6].strip()!r}) are not a number"
            )
        problem = points_problem(value)
        if problem:
            raise TRFError(number, col + 2, f"points for {code} ({chunk[2:6].strip()}) {problem}")
        if code in SCORING_CODES:
            for result in SCORING_CODES[code]:
                record.points[result] = value
            seen.add(code)
        col += 9
    if "W" in seen and "P" not in seen:
        record.points["U"] = record.points["1"]


def _points_value(text: str, number: int, column: int, code: str) -> Fraction:
    value = L.parse_points(text)
    if value is None:
        raise TRFError(number, column, f"points for {code} ({text.strip()!r}) are not a number")
    problem = points_problem(value)
    if problem:
        raise TRFError(number, column, f"points for {code} ({text.strip()}) {problem}")
    return value


def _xxs_scoring(line: str, number: int, record: TournamentRecord, seen: set[str]) -> None:
    """XXS CODE=VALUE ...: each code sets its results' points, in the order written."""
    tokens = _tokens(line, 5)
    if not tokens:
        raise TRFError(number, 5, "an XXS record needs CODE=VALUE pairs (e.g. W=3 D=1)")
    for col, tok in tokens:
        code, sep, text = tok.partition("=")
        code = code.upper()
        if not sep or (code not in XXS_CODES and code not in XXS_SHORTCUTS):
            raise TRFError(
                number,
                col,
                f"XXS {tok!r} is not CODE=VALUE with a code of WW BW WD BD WL BL ZPB HPB FPB "
                "PAB FW FL W D",
            )
        # JaVaFo's manual writes ".5" for 0.5.
        number_text = "0" + text if text.startswith(".") else text
        value = _points_value(number_text, number, col + len(code) + 1, code)
        for one in XXS_SHORTCUTS.get(code, (code,)):
            # `seen` remembers each code's latest value ("XXS:WW=3") across XXS records.
            seen.difference_update({item for item in seen if item.startswith(f"XXS:{one}=")})
            seen.add(f"XXS:{one}={value}")
            for result in XXS_CODES[one]:
                record.points[result] = value
    seen.difference_update({item for item in seen if item.startswith("XXS@")})
    seen.add(f"XXS@{number}")


def check_scoring(seen: set[str]) -> None:
    """Once every record is read: XXS may not give a result different points with white
    and with black (results here have no colour of their own)."""
    lines = [int(item[4:]) for item in seen if item.startswith("XXS@")]
    given = dict(item[4:].split("=") for item in seen if item.startswith("XXS:"))
    for white, black in XXS_PAIRS:
        values = {given.get(c, str(DEFAULT_XXS[c])) for c in (white, black)}
        if len(values) > 1:
            raise TRFError(
                max(lines),
                5,
                f"XXS gives {white} and {black} different points: a result scores the same "
                "with either colour here",
            )


def _bb_scoring(tag: str, line: str, number: int, record: TournamentRecord, seen: set[str]) -> None:
    value = _points_value(line[4:], number, 5, tag)
    for result in BB_CODES[tag]:
        record.points[result] = value
    seen.add(tag)
    if tag == "BBW" and "BBU" not in seen:  # BBU defaults to the win's points
        record.points["U"] = value


def parse_record(
    line: str, number: int, record: TournamentRecord, refs: References, scoring_seen: set[str]
) -> None:
    tag = line[:3]
    if tag in TEXT_RECORDS:
        setattr(record, TEXT_RECORDS[tag], line[4:].strip())
    elif tag in ("XXR", "142"):
        _rounds_value(line, number, record)
    elif tag == "XXC":
        for col, tok in _tokens(line, 4):
            low = tok.lower()
            if low in ("white1", "black1"):
                _initial_colour(low[0], number, col, record)
            elif low != "rank":
                raise TRFError(number, col, f"XXC option {tok!r} is not white1, black1 or rank")
        record.extra_records.append(line.rstrip())
    elif tag == "152":
        value = L.field(line, (5, 5)).strip().lower()
        if value not in ("w", "b") or line[5:].strip():
            raise TRFError(number, 5, "initial colour (column 5) must be W or B")
        _initial_colour(value, number, 5, record)
    elif tag == "162":
        _scoring(line, number, record, scoring_seen)
    elif tag == "192":
        record.system = line[4:].strip()
    elif tag == "240":
        code = L.field(line, (5, 5)).upper()
        if code not in ("F", "H", "Z"):
            raise TRFError(number, 5, f"bye type {code!r} (column 5) is not F, H or Z")
        round_text = L.field(line, (7, 9)).strip()
        if not round_text.isdigit() or int(round_text) == 0:
            raise TRFError(number, 7, f"round {round_text!r} (columns 7-9) is not a round number")
        ids = _ids(line, number, 11, refs)
        if not ids:
            raise TRFError(number, 11, "a 240 record names no player")
        if int(round_text) > MAX_ROUNDS:
            raise TRFError(number, 7, f"round {int(round_text)}: at most {MAX_ROUNDS} rounds")
        refs.bye_rounds.setdefault(int(round_text), number)
        byes = record.announced_byes.setdefault(int(round_text), {})
        for pid in ids:
            byes[pid] = code
    elif tag == "260":
        first, last = L.field(line, (5, 7)).strip(), L.field(line, (9, 11)).strip()
        for text, col in ((first, 5), (last, 9)):
            if not text.isdigit() or int(text) == 0:
                raise TRFError(
                    number, col, f"round {text!r} (columns {col}-{col + 2}) is not a round number"
                )
        if int(last) < int(first):
            raise TRFError(number, 9, "the last round comes before the first")
        ids = _distinct_ids(line, number, 13, refs)
        record.prohibited.append((int(first), int(last), tuple(ids)))
    elif tag == "XXA":
        _acceleration(line, number, record, refs)
    elif tag == "XXS":
        _xxs_scoring(line, number, record, scoring_seen)
    elif tag in BB_CODES:
        _bb_scoring(tag, line, number, record, scoring_seen)
    elif tag == "XXP":
        ids = _distinct_ids(line, number, 5, refs)
        record.prohibited.append((*EVENT_WIDE, tuple(ids)))
    else:
        record.extra_records.append(line.rstrip())


def format_records(record: TournamentRecord) -> list[str]:
    """Tournament-level lines, in the order they are written before the players."""
    lines = [
        f"{tag} {getattr(record, attr)}"
        for tag, attr in TEXT_RECORDS.items()
        if getattr(record, attr)
    ]
    if record.total_rounds is not None:
        lines += [f"XXR {record.total_rounds}", f"142 {record.total_rounds}"]
    if record.initial_colour is not None:
        lines.append(f"152 {record.initial_colour.upper()}")
    if record.points != DEFAULT_POINTS:
        groups = []
        for code, results in SCORING_CODES.items():
            if code == "Z":
                continue
            value = record.points[results[0]]
            if any(record.points[r] != value for r in results):
                raise ValueError(
                    f"points per result cannot be written as a 162 record: "
                    f"{', '.join(results.strip())} must score the same"
                )
            if code == "A" and value == 0:
                # The default, so it may be left out (TRF-26); bbpPairings v6 reads only Z
                # for this result and refuses the whole file on an A.
                continue
            groups.append(f" {code}{L.format_points(value):>4}   ")
        lines.append(("162 " + "".join(groups)).rstrip())
        lines.extend(_engine_scoring_lines(record.points))
    if record.system:
        lines.append(f"192 {record.system}")
    for pid in sorted(record.accelerations):
        values = "".join(f" {L.format_points(v):>4}" for v in record.accelerations[pid])
        lines.append(f"XXA {pid:4d}{values}")
    lines.extend(record.extra_records)
    return lines


def _decimal(value: Fraction) -> str:
    return L.format_points(value).strip()


def _engine_scoring_lines(points: dict[str, Fraction]) -> list[str]:
    """The same points for the pairing engines: JaVaFo's XXS, and bbpPairings' BBx when
    its six values can say them (its bye of half a point scores a draw, its full-point
    bye a win)."""
    xxs = " ".join(f"{code}={_decimal(points[results[0]])}" for code, results in XXS_CODES.items())
    lines = [f"XXS {xxs}"]
    if all(len({points[r] for r in results}) == 1 for results in BB_CODES.values()):
        lines += [f"{tag} {_decimal(points[results[0]]):>4}" for tag, results in BB_CODES.items()]
    return lines


def format_trailing_records(record: TournamentRecord) -> list[str]:
    """240, 260 and XXP lines, written after the players."""
    lines = []
    for rnd in sorted(record.announced_byes):
        by_code: dict[str, list[int]] = {}
        for pid, code in sorted(record.announced_byes[rnd].items()):
            by_code.setdefault(code, []).append(pid)
        for code, ids in by_code.items():
            lines.append(f"240 {code} {rnd:3d}" + "".join(f" {pid:4d}" for pid in ids))
    for first, last, ids in record.prohibited:
        if (first, last) == EVENT_WIDE:
            lines.append("XXP " + " ".join(str(pid) for pid in ids))
        else:
            lines.append(f"260 {first:3d} {last:3d}" + "".join(f" {pid:4d}" for pid in ids))
    return lines
