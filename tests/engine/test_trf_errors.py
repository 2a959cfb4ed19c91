"""Every malformed-TRF message: the line, the column and what is wrong."""

from __future__ import annotations

import pytest

from pairing.formats.trf import TRFError, parse_trf, read_trf

P1 = (
    "001    1      Alpha                             2000                             "
    "1.5          2 w 1     3 b ="
)
P2 = (
    "001    2      Beta                              1900                             "
    "1.0          1 b 0  0000 - U"
)
P3 = (
    "001    3      Gamma                             1800                             "
    "1.5       0000 - U     1 w ="
)
P4 = P1[:81] + "0.0"  # a second player 1 without rounds
VALID = ["012 Test", "XXR 5", P1, P2, P3]


def _with(line_no: int, new: str, lines=None) -> str:
    lines = list(lines or VALID)
    lines[line_no - 1] = new
    return "\n".join(lines) + "\n"


def _at(text: str, column: int, new: str) -> str:
    return text[: column - 1] + new + text[column - 1 + len(new) :]


def test_the_valid_file_reads():
    record = parse_trf("\n".join(VALID))
    assert [p.id for p in record.players] == [1, 2, 3]


CASES = [
    (
        "short line",
        _with(3, P1[:70]),
        3,
        53,
        "player line ends at column 52; the points (columns 81-84) are missing",
    ),
    (
        "pairing number",
        _with(3, _at(P1, 5, "  x1")),
        3,
        5,
        "pairing number (columns 5-8) must be a number",
    ),
    ("pairing number zero", _with(3, _at(P1, 5, "   0")), 3, 5, "at least 1"),
    ("duplicate", "\n".join([*VALID, P4]), 6, 5, "pairing number 1 is already used on line 3"),
    ("sex", _with(3, _at(P1, 10, "x")), 3, 10, "sex 'x' is not m, w or blank"),
    ("rating", _with(3, _at(P1, 49, "20a0")), 3, 49, "rating (columns 49-52) must be a number"),
    ("points text", _with(3, _at(P1, 81, " x.5")), 3, 81, "are not a number"),
    (
        "points sum",
        _with(3, _at(P1, 81, " 2.0")),
        3,
        81,
        "points 2.0 do not match the results (1.5)",
    ),
    ("columns 90-91", _with(3, _at(P1, 90, "x")), 3, 90, "columns 90-91 must be blank"),
    ("colour", _with(3, _at(P1, 97, "x")), 3, 97, "round 1: colour 'x' is not w, b or -"),
    ("result code", _with(3, _at(P1, 99, "Q")), 3, 99, "result code 'Q' is unknown"),
    ("misaligned", _with(3, _at(P1, 96, "w")), 3, 96, "must be blank (misaligned round block)"),
    ("opponent text", _with(3, _at(P1, 92, "  x2")), 3, 92, "opponent 'x2' is not a pairing"),
    ("self", _with(3, _at(P1, 92, "   1")), 3, 92, "paired against themself"),
    (
        "played without colour",
        _with(3, _at(P1, 97, "-")),
        3,
        97,
        "a played game needs colour w or b",
    ),
    ("bye with opponent", _with(3, _at(P1, 99, "H")), 3, 99, "result 'H' is not a game result"),
    ("game without opponent", _with(4, _at(P2, 109, "1")), 4, 109, "result '1' needs an opponent"),
    ("bye with colour", _with(4, _at(P2, 107, "w")), 4, 107, "a round without opponent has"),
    (
        "missing opponent",
        _with(3, _at(P1, 102, "   9")),
        3,
        102,
        "round 2: opponent 9 is not in the player list",
    ),
    (
        "not listed back",
        _with(4, _at(P2, 92, "   3")),
        3,
        92,
        "round 1: player 2 lists 3, not player 1",
    ),
    (
        "same colour",
        _with(4, _at(P2, 97, "w")),
        3,
        92,
        "round 1: player 1 and player 2 both have colour w",
    ),
    (
        "result mismatch",
        _with(4, _at(P2, 99, "=") + "", [*VALID[:3], _at(P2, 81, " 1.5"), P3]),
        3,
        99,
        "result 1 for player 1 does not match result = for player 2",
    ),
    ("tag", _with(1, "012x Test"), 1, 4, "a record tag must be followed by a blank"),
    ("rounds", _with(2, "XXR nine"), 2, 5, "the number of rounds must be one positive number"),
    ("rounds conflict", "\n".join([*VALID, "142 7"]), 6, 5, "contradicts the earlier 5"),
    ("initial colour", "\n".join([*VALID, "152 X"]), 6, 5, "must be W or B"),
    ("xxc", "\n".join([*VALID, "XXC green1"]), 6, 5, "XXC option 'green1'"),
    ("colour conflict", "\n".join([*VALID, "XXC white1", "152 B"]), 7, 5, "contradicts"),
    ("scoring code", "\n".join([*VALID, "162  Q 1.0"]), 6, 5, "scoring code 'Q'"),
    ("scoring value", "\n".join([*VALID, "162  W x.0"]), 6, 7, "points for W ('x.0')"),
    ("bye type", "\n".join([*VALID, "240 Q 003    1"]), 6, 5, "bye type 'Q'"),
    ("bye round", "\n".join([*VALID, "240 H xx3    1"]), 6, 7, "is not a round number"),
    ("bye player", "\n".join([*VALID, "240 H 003    8"]), 6, 14, "player 8 is not in the"),
    ("bye id", "\n".join([*VALID, "240 H 003   x8"]), 6, 13, "'x8' is not a pairing number"),
    (
        "prohibited range",
        "\n".join([*VALID, "260 005 002    1    2"]),
        6,
        9,
        "the last round comes before the first",
    ),
    ("prohibited one", "\n".join([*VALID, "XXP 3"]), 6, 5, "needs two different players"),
    ("prohibited player", "\n".join([*VALID, "XXP 1 12"]), 6, 7, "player 12 is not in the"),
    # What the database could not hold: refused here with the line and column.
    ("NUL in a name", _with(3, _at(P1, 17, "\x00")), 3, 17, "control character (U+0000)"),
    ("points too many", _with(2, "162 W 9999 D  0.5 L  0.0"), 2, 7, "W (9999) must be between"),
    ("points negative", _with(2, "162 W -9.9 D  0.5 L  0.0"), 2, 7, "W (-9.9) must be between"),
    ("points in hundredths", _with(2, "162 W 0.75 D  0.5"), 2, 7, "one decimal at most"),
    ("XXR 40000", _with(2, "XXR 40000"), 2, 5, "at most 99 rounds, not 40000"),
    ("XXR 500", _with(2, "XXR 500"), 2, 5, "at most 99 rounds, not 500"),
    (
        "bye beyond the last round",
        "\n".join([*VALID, "240 H 999    1"]),
        6,
        7,
        "round 999: at most 99 rounds",
    ),
    (
        "bye after the last round",
        "\n".join([*VALID, "240 H   7    1"]),
        6,
        7,
        "a bye is announced for round 7 of a 5-round event",
    ),
    (
        "XXP named twice",
        "\n".join([*VALID, "XXP    1    2    1"]),
        6,
        18,
        "player 1 is named twice",
    ),
    (
        "260 named twice",
        "\n".join([*VALID, "260   1   3    2    2"]),
        6,
        21,
        "player 2 is named twice",
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_malformed(text, line, column, fragment):
    with pytest.raises(TRFError) as info:
        parse_trf(text)
    err = info.value
    assert fragment in err.message
    assert (err.line, err.column) == (line, column)
    assert str(err).startswith(f"line {line}, column {column}: ")


def test_not_utf8(tmp_path):
    path = tmp_path / "bad.trf"
    path.write_bytes(b"012 Caf\xe9\n")
    with pytest.raises(TRFError, match="line 1, column 8: the file is not valid UTF-8"):
        read_trf(path)


def test_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        read_trf(tmp_path / "nope.trf")
