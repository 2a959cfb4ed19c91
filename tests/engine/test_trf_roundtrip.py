"""TRF: writing then reading gives the same tournament; line endings; legacy codes."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from pairing.formats.trf import format_trf, parse_trf, read_trf, write_trf
from pairing.generate import generate_tournament, parse_config
from pairing.record import RoundEntry


def _tournament():
    config = parse_config(
        "PlayersNumber=23\nRoundsNumber=7\nForfeitRate=6\n"
        "HalfPointByeRate=4\nRetiredRate=6\nPointsForWin=3\nPointsForDraw=1\n"
    )
    record = generate_tournament(config, system="dutch", seed=5)
    record.city, record.federation, record.chief_arbiter = "Oslo", "NOR", "A. Arbiter"
    record.start_date, record.end_date, record.system = "2026/01/02", "2026/01/08", "FIDE_DUTCH"
    record.total_rounds = 8  # one round still to pair, with byes announced for it
    record.announced_byes = {8: {3: "H", 7: "Z"}}
    record.prohibited = [(2, 5, (1, 2, 3)), (1, 999, (4, 9))]
    record.extra_records = [
        "XXC white1 rank",
        "250  1.0 001 003 0001 0010",
        "132 " + " " * 87 + "26/01/02",
    ]
    record.players[0] = replace(
        record.players[0],
        title="GM",
        sex="w",
        federation="NOR",
        fide_id="1503014",
        birth="1990/11/30",
    )
    return record


def _same_tournament(a, b):
    fields = (
        "name",
        "city",
        "federation",
        "start_date",
        "end_date",
        "chief_arbiter",
        "total_rounds",
        "initial_colour",
        "points",
        "announced_byes",
        "prohibited",
        "system",
        "extra_records",
    )
    assert {f: getattr(a, f) for f in fields} == {f: getattr(b, f) for f in fields}
    strip = {"declared_points": None, "declared_rank": None, "withdrawn_from": None}
    assert [replace(p, **strip) for p in a.players] == [replace(p, **strip) for p in b.players]


def test_write_then_read_gives_the_same_tournament(tmp_path):
    record = _tournament()
    path = tmp_path / "event.trf"
    write_trf(record, path)
    back = read_trf(path)
    _same_tournament(record, back)
    assert back.points["1"] == 3 and back.points["="] == 1 and back.points["U"] == 3
    assert format_trf(back) == path.read_text()
    assert all(p.declared_points == record.score(p) for p in back.players)


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"])
def test_line_endings(newline):
    record = _tournament()
    _same_tournament(record, parse_trf(format_trf(record, newline=newline)))


def test_columns_of_a_player_line():
    record = _tournament()
    line = next(ln for ln in format_trf(record).splitlines() if ln.startswith("001    1"))
    assert line[9:13] == "w GM" and line[14:47].rstrip() == "Player 0001"
    assert line[53:56] == "NOR" and line[57:68].strip() == "1503014"
    assert line[69:79] == "1990/11/30"
    assert Fraction(line[80:84]) == record.score(record.players[0])
    assert line[91:95].strip().isdigit() and line[96] in "wb-"


def _line(pid: int, name: str, rating: int, points: str, blocks: list[str]) -> str:
    head = f"001 {pid:4d}      {name:<33} {rating:4d} {'':3} {'':11} {'':10} {points:>4}"
    return (head.ljust(91) + "  ".join(blocks)).rstrip()


def test_legacy_bye_codes_and_blank_blocks():
    lines = [
        "XXR 3",
        _line(1, "Alpha", 2000, "2.5", ["0000 - +", "   2 w 1", "0000 - ="]),
        _line(2, "Beta", 1900, "0.0", ["0000 - -", "   1 b 0", "        "]),
    ]
    record = parse_trf("\n".join(lines) + "\n")
    a, b = record.players
    assert [e.code for e in a.rounds] == ["U", "1"]
    assert b.rounds == [RoundEntry(None, "-", "Z"), RoundEntry(1, "b", "0")]
    # Round 3 has no game yet: the legacy half-point block is a bye asked for it.
    assert record.announced_byes == {3: {1: "H"}} and record.rounds_played == 2


def test_points_may_leave_out_byes_announced_for_the_next_round():
    lines = [
        "XXR 3",
        _line(1, "Alpha", 2000, "1.0", ["   2 w 1", "0000 - H"]),
        _line(2, "Beta", 1900, "0.0", ["   1 b 0"]),
    ]
    record = parse_trf("\n".join(lines))
    assert record.announced_byes == {2: {1: "H"}}  # a bye asked for round 2, not played
    assert record.rounds_played == 1
    with_bye = parse_trf("\n".join([*lines[:1], lines[1].replace(" 1.0 ", " 1.5 "), lines[2]]))
    assert with_bye.players[0].declared_points == 1.5


def test_unknown_records_are_kept_and_comments_ignored():
    text = "### a comment\n012 Club championship\n999 something new\n"
    record = parse_trf(text)
    assert record.name == "Club championship" and record.extra_records == ["999 something new"]
