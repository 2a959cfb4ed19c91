"""Read a FIDE TRF into a `TournamentRecord`, refusing anything malformed.

Every problem is a TRFError naming the line and column. After the lines are
read, the tournament is checked as a whole: pairing numbers are unique; every
opponent exists and lists this player back in the same round with the
opposite colour and the matching result; the points in columns 81-84 equal
the sum of the results (with the 162 scoring, if given). A file prepared for
pairing the next round may already hold byes for that round: its points may
count them or not.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from pairing.formats.trf import layout as L
from pairing.formats.trf.errors import TRFError
from pairing.formats.trf.players import parse_player
from pairing.formats.trf.records import References, check_scoring, parse_record
from pairing.record import TournamentRecord

_NEWLINE = re.compile(r"\r\n|\r|\n")
OPPOSITE_RESULT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+-"}


def read_trf(path: str | Path) -> TournamentRecord:
    """Read a TRF file (UTF-8). OSError propagates for files that cannot be read."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise TRFError(line, column, "the file is not valid UTF-8") from None
    return parse_trf(text)


def parse_trf(text: str) -> TournamentRecord:
    record = TournamentRecord()
    refs = References()
    scoring_seen: set[str] = set()
    line_of: dict[int, int] = {}
    for number, line in enumerate(_NEWLINE.split(text.removeprefix("\ufeff")), start=1):
        if not line.strip() or line.startswith("###"):
            continue
        if line.startswith(L.PLAYER_TAG):
            player = parse_player(line, number)
            if player.id in line_of:
                raise TRFError(
                    number,
                    L.ID[0],
                    f"pairing number {player.id} is already used on line {line_of[player.id]}",
                )
            line_of[player.id] = number
            record.players.append(player)
        elif len(line) >= 3 and line[3:4] in ("", " "):
            parse_record(line, number, record, refs, scoring_seen)
        else:
            raise TRFError(number, 4, "a record tag must be followed by a blank (column 4)")
    check_scoring(scoring_seen)
    record.players.sort(key=lambda p: p.id)
    for pid, number, column in refs.places:
        if pid not in line_of:
            raise TRFError(number, column, f"player {pid} is not in the player list")
    if record.total_rounds is not None:
        for rnd, number in sorted(refs.bye_rounds.items()):
            if rnd > record.total_rounds:
                raise TRFError(
                    number,
                    7,
                    f"a bye is announced for round {rnd} of a {record.total_rounds}-round event",
                )
    _check_cross_references(record, line_of)
    _check_points(record, line_of)
    _announced_in_player_lines(record)
    return record


# Byes a player line may announce for rounds not yet paired (JaVaFo's convention).
ANNOUNCED_CODES = frozenset("HZF")


def _announced_in_player_lines(record: TournamentRecord) -> None:
    """Blocks like `0000 - H` after the last paired round are byes requested for a
    round still to pair, not a round that took place: they become announced byes
    (as 240 records would write them), and the player's rounds end at the last paired
    round."""
    paired = record.rounds_paired
    for p in record.players:
        while len(p.rounds) > paired:
            r = len(p.rounds)
            e = p.rounds[-1]
            if e.opponent is None and e.code in ANNOUNCED_CODES:
                record.announced_byes.setdefault(r, {}).setdefault(p.id, e.code)
            p.rounds.pop()


def _check_cross_references(record: TournamentRecord, line_of: dict[int, int]) -> None:
    by_id = {p.id: p for p in record.players}
    for p in record.players:
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is None:
                continue
            where = (line_of[p.id], L.round_column(r))
            other = by_id.get(e.opponent)
            if other is None:
                raise TRFError(
                    *where, f"round {r}: opponent {e.opponent} is not in the player list"
                )
            back = other.entry(r)
            if back.opponent != p.id:
                listed = back.opponent if back.opponent is not None else "no opponent"
                raise TRFError(
                    *where, f"round {r}: player {e.opponent} lists {listed}, not player {p.id}"
                )
            if {e.colour, back.colour} <= {"w", "b"} and e.colour == back.colour:
                raise TRFError(
                    *where,
                    f"round {r}: player {p.id} and player {e.opponent} both have colour {e.colour}",
                )
            if (e.colour == "-") != (back.colour == "-") and not e.is_forfeit:
                raise TRFError(
                    *where,
                    f"round {r}: colours {e.colour} and {back.colour} of "
                    f"players {p.id} and {e.opponent} do not match",
                )
            if back.code not in OPPOSITE_RESULT[e.code]:
                raise TRFError(
                    (where[0]),
                    where[1] + 7,
                    f"round {r}: result {e.code} for player {p.id} does not match "
                    f"result {back.code} for player {e.opponent}",
                )


def _check_points(record: TournamentRecord, line_of: dict[int, int]) -> None:
    paired = record.rounds_paired
    for p in record.players:
        declared = p.declared_points
        total = record.score(p)
        if declared == total or declared == record.score(p, after_round=paired):
            continue
        raise TRFError(
            line_of[p.id],
            L.POINTS[0],
            f"player {p.id}: points {_fmt(declared)} do not match the results ({_fmt(total)})",
        )


def _fmt(value: Fraction | None) -> str:
    if value is None:
        return "none"
    return L.format_points(value) if (value * 100).denominator == 1 else str(value)
