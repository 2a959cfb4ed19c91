"""Points per result in a TRF the pairing engines' ways: JaVaFo's XXS records
(codes, the W and D shortcuts, later codes overriding earlier ones) and bbpPairings'
BBW..BBU records, read into the same points as FIDE's 162; written back so that either
engine pairs the file with the same scoring."""

from __future__ import annotations

import subprocess
from fractions import Fraction

import pytest

from pairing.formats.trf import TRFError, format_trf, parse_trf
from pairing.generate import generate_tournament, parse_config
from pairing.record import DEFAULT_POINTS
from tests.oracle import oracle_binary

HEAD = "012 Scoring test\nXXR 5\n"


def _points(text: str) -> dict[str, Fraction]:
    return parse_trf(HEAD + text).points


def test_javafo_examples_read_as_its_manual_says():
    standard = _points(
        "XXS WW=1 WD=.5 WL=0 BW=1 BD=0.5 BL=0\nXXS FL=0 FW=1\nXXS PAB=1 FPB=1 HPB=.5 ZPB=0\n"
    )
    assert standard == DEFAULT_POINTS
    assert _points("XXS W=1 D=0.5 WL=0 BL=0 FL=0 ZPB=0 PAB=1\n") == DEFAULT_POINTS
    three = _points("XXS PAB=3 D=1 W=3\n")
    assert (three["1"], three["+"], three["F"], three["U"]) == (3, 3, 3, 3)
    assert (three["="], three["H"], three["0"], three["-"]) == (1, 1, 0, 0)
    # W=3 and D=1 alone leave the pairing-allocated bye at 1, a draw's points.
    assert _points("XXS W=3\nXXS D=1\n")["U"] == 1
    half = _points("XXS PAB=.5\n")
    assert half["U"] == Fraction(1, 2) and half["1"] == 1


def test_later_codes_override_earlier_ones():
    kept = _points("XXS W=3 D=2 WL=1 BL=1\nXXS PAB=3\nXXS FPB=0 HPB=0 ZPB=0\n")
    assert (kept["F"], kept["H"], kept["Z"], kept["0"], kept["U"]) == (0, 0, 0, 1, 3)
    overridden = _points("XXS PAB=3\nXXS FPB=0 HPB=0 ZPB=0\nXXS W=3 D=2 WL=1 BL=1\n")
    assert (overridden["F"], overridden["H"]) == (3, 2)  # W=3 overrides FPB=0, D=2 HPB=0


def test_bbp_codes_and_the_win_as_default_for_the_bye():
    points = _points("BBW  3.0\nBBD  1.0\n")
    assert (points["1"], points["U"], points["="], points["H"], points["F"]) == (3, 3, 1, 1, 3)
    assert _points("BBU  1.0\nBBW  3.0\n")["U"] == 1


@pytest.mark.parametrize(
    "line,where,message",
    [
        ("XXS WW=3\n", "line 3, column 5", "WW and BW different points"),
        ("XXS W=3 XX=1\n", "line 3, column 9", "is not CODE=VALUE"),
        ("XXS W3\n", "line 3, column 5", "is not CODE=VALUE"),
        ("XXS W=three\n", "line 3, column 7", "are not a number"),
        ("XXS\n", "line 3, column 5", "needs CODE=VALUE"),
        ("BBW  x\n", "line 3, column 5", "are not a number"),
    ],
)
def test_bad_scoring_records_name_the_line_and_column(line, where, message):
    with pytest.raises(TRFError) as caught:
        parse_trf(HEAD + line)
    assert str(caught.value).startswith(where) and message in str(caught.value)


def test_colours_may_be_given_on_separate_records():
    assert _points("XXS WW=3\nXXS BW=3\n")["1"] == 3


def _three_one_zero():
    config = parse_config(
        "PlayersNumber=16\nRoundsNumber=5\nForfeitRate=8\nHalfPointByeRate=6\n"
        "PointsForWin=3\nPointsForDraw=1\n"
    )
    return generate_tournament(config, system="dutch", seed=11)


def test_written_files_carry_the_points_for_both_engines():
    record = _three_one_zero()
    text = format_trf(record)
    assert "XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0" in text and "BBW  3.0" in text
    again = parse_trf(text)  # the players' totals are checked against these points
    assert again.points == record.points
    without_162 = "\n".join(line for line in text.splitlines() if not line.startswith("162"))
    assert parse_trf(without_162).points == record.points
    only_bbp = "\n".join(line for line in text.splitlines() if not line.startswith(("162", "XXS")))
    assert parse_trf(only_bbp).points["1"] == 3


def test_the_reference_engine_reads_the_written_points(tmp_path):
    """bbpPairings checks every player's total against the points it read and refuses a
    file it cannot read: a 3/1/0 event written by Blossom is read and checked (-c)."""
    path = tmp_path / "event.trf"
    path.write_text(format_trf(_three_one_zero()), encoding="utf-8")
    done = subprocess.run(
        [str(oracle_binary()), "--dutch", str(path), "-c"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    said = done.stdout + done.stderr
    assert "Error parsing file" not in said and "does not match" not in said, said
    assert "event: Round #5" in said
