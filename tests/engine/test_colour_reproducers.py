"""The colour reproducers in the shared data (each a file where the paper's systems gave
colours bbpPairings and the FIDE rules do not): paired or checked again, the defect is gone."""

from __future__ import annotations

import io

import pytest

from pairing.cli import pair as cli
from tests.shared_data import SHARED_DATA

REPRO = SHARED_DATA / "chess" / "repro"

pytestmark = pytest.mark.skipif(not REPRO.is_dir(), reason=f"no reproducers at {REPRO}")


def run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _pairs(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines()[1:] if line.strip()}


@pytest.mark.parametrize("system", ["--mwm-dutch", "--burstein", "--dutch"])
def test_compatible_preferences_survive_a_missed_round(system):
    """Board 12-9: both have colour difference 0 and different last colours, one missed
    a round; each must get the colour due (9 white, 12 black), not both the opposite."""
    code, out, err = run(system, REPRO / "colour_alternation_inverts_both.trf", "-p", "-")
    assert code == 0, err
    pairs = _pairs(out)
    assert "12 9" not in pairs
    if system in ("--mwm-dutch", "--dutch"):
        assert "9 12" in pairs


@pytest.mark.parametrize("system", ["--mwm-dutch", "--dutch"])
def test_a_forfeit_on_board_one_of_round_one_does_not_reverse_the_initial_colour(system):
    code, out, err = run(system, REPRO / "initial_colour_forfeit_r1.trf", "-c")
    assert code == 0, err
    assert "Round 1: same as Blossom's pairing" in out and "colours reversed" not in out


@pytest.mark.parametrize("system", ["--mwm-dutch", "--dutch"])
def test_last_round_non_topscorers_with_the_same_absolute_preference_do_not_meet(system):
    """Round 11 of 11: players 13 and 8 (4 and 4.5 points, no topscorers) both must
    have white; only topscorers are freed of the colour limits in the last round."""
    code, out, _ = run(system, REPRO / "last_round_nontopscorers_same_absolute.trf", "-p", "-")
    assert code == 0
    pairs = {frozenset(map(int, line.split())) for line in out.splitlines()[1:] if " " in line}
    assert frozenset((13, 8)) not in pairs
