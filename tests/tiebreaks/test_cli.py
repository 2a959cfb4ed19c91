"""blossom-standings end to end: TRF in, standings out, documented exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pairing.cli.standings import EXIT_FILE_ERROR, EXIT_INVALID_INPUT, EXIT_OK, main
from tests.tiebreaks.loaders import load_fide_exercise
from tests.tiebreaks.test_fide_exercise import _published
from tests.tiebreaks.trf_sample import table_to_trf


@pytest.fixture(scope="module")
def exercise_trf(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("trf") / "exercise.trf"
    path.write_text(table_to_trf(load_fide_exercise(), name="FIDE tie-break exercise"))
    return path


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_reproduces_the_published_exercise_values(capsys, exercise_trf):
    code, out, _ = run(
        capsys, str(exercise_trf), "--tiebreaks", "BH-C1,BH,SB,AROC1", "--rules", "2024", "--json"
    )
    assert code == EXIT_OK
    data = json.loads(out)
    published = _published()
    rows = data["standings"]
    assert [row["rank"] for row in rows][:5] == [1, 2, 3, 4, 5]
    assert rows[0] == {
        "rank": 1,
        "place": "1",
        "id": 2,
        "name": "2",
        "score": 4.0,
        "tiebreaks": {"BH-C1": 12.0, "BH": 13.0, "SB": 9.5, "ARO-C1": 1988},
        "tie_broken_by": None,
    }
    for row in rows:
        pid = row["id"]
        assert row["tiebreaks"]["BH"] == published["BH"][pid]
        assert row["tiebreaks"]["BH-C1"] == published["BH-C1"][pid]
        assert row["tiebreaks"]["SB"] == published["SB"][pid]
    assert data["tiebreaks"] == ["BH-C1", "BH", "SB", "ARO-C1"]
    assert data["rules"] == "2024"


def test_indirect_methods_and_warning(capsys, exercise_trf):
    code, out, err = run(capsys, str(exercise_trf), "--tiebreaks", "RB,LS,RELO,GRS", "--json")
    assert code == EXIT_OK
    rows = json.loads(out)["standings"]
    assert set(rows[0]["tiebreaks"]) == {"RB", "LS", "RELO", "GRS"}
    # Player 12 lost his only game: not strongly connected, so RELO says so.
    assert "RELO" in err and "not strongly connected" in err


def test_text_output_after_round_three(capsys, exercise_trf):
    code, out, _ = run(
        capsys, str(exercise_trf), "--preset", "FIDE Swiss 2024", "--after-round", "3"
    )
    assert code == EXIT_OK
    lines = out.splitlines()
    assert lines[0] == "Standings after round 3 (2024 rules)"
    assert lines[1].split()[:6] == ["Place", "No", "Name", "Points", "BH-C1", "BH"]
    # After round 3: player 4 leads on 2.5 with BH-C1 3.5 (the half-point bye is cut).
    assert lines[2].split()[:5] == ["1", "4", "4", "2.5", "3.5"]


def test_a_malformed_line_is_invalid_input_naming_the_line(capsys, tmp_path, exercise_trf):
    lines = exercise_trf.read_text().splitlines()
    lines[4] = lines[4][:91] + "  9 x 1"
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, str(bad))
    assert code == EXIT_INVALID_INPUT
    assert out == ""
    assert "line 5" in err


def test_unknown_tiebreak_is_invalid_input(capsys, exercise_trf):
    code, _, err = run(capsys, str(exercise_trf), "--tiebreaks", "BH,XYZ")
    assert code == EXIT_INVALID_INPUT
    assert "XYZ" in err


def test_after_a_round_not_played_is_invalid_input(capsys, exercise_trf):
    code, _, err = run(capsys, str(exercise_trf), "--after-round", "9")
    assert code == EXIT_INVALID_INPUT
    assert "round 9" in err


def test_bad_rules_option_is_invalid_input(capsys, exercise_trf):
    code, _, err = run(capsys, str(exercise_trf), "--rules", "1999")
    assert code == EXIT_INVALID_INPUT
    assert "1999" in err


def test_missing_file_is_a_file_error(capsys, tmp_path):
    code, _, err = run(capsys, str(tmp_path / "nope.trf"))
    assert code == EXIT_FILE_ERROR
    assert "nope.trf" in err


def test_console_script(exercise_trf):
    script = Path(sys.executable).with_name("blossom-standings")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "pairing.cli.standings"]
    done = subprocess.run(
        [*command, str(exercise_trf), "--json", "--tiebreaks", "BH"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["standings"][0]["id"] == 2
