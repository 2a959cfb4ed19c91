"""The external-engine path, driven by a test double (fixtures/engine_double.py)
that speaks the bbpPairings command line. No real external engine is used."""

from __future__ import annotations

import shlex
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pairing.simulation.config import SimulationConfig
from pairing.simulation.event import simulate_event
from pairing.simulation.external import (
    ExternalEngineError,
    ExternalPairing,
    check_pairing,
    parse_pairs,
    split_command,
)
from pairing.simulation.runner import run_simulation

DOUBLE = Path(__file__).parent / "fixtures" / "engine_double.py"


def double(mode: str) -> str:
    return shlex.join([sys.executable, str(DOUBLE), "--mode", mode, "--mwm-dutch"])


BASE = SimulationConfig(players=9, rounds=4, events=2, seed=3)


def test_blossom_answering_as_an_external_engine_gives_the_dutch_results_exactly():
    # Each round starts a Python process that imports the engine: keep it short.
    config = replace(
        BASE, systems=("dutch", "external"), engine_cmd=double("blossom"), rounds=3, events=1
    )
    metrics = simulate_event(config, 0)
    assert metrics["external"] == metrics["dutch"]
    assert metrics["external"].failed is None and metrics["external"].violations == 0


def test_rule_breaking_pairings_are_counted():
    config = replace(BASE, systems=("external",), engine_cmd=double("naive"), events=1, rounds=3)
    m = simulate_event(config, 0)["external"]
    assert m.failed is None
    # 1-2, 3-4, ... again every round: rematches from round 2, colour streaks later.
    assert m.violations >= (config.rounds - 1) * (config.players // 2)


def test_an_engine_without_a_pairing_fails_the_event_not_the_run():
    config = replace(BASE, systems=("dutch", "external"), engine_cmd=double("nopair"), events=1)
    run = run_simulation(config, workers=1)
    assert run.failures("external") == [
        "event 0: round 1: the engine found no valid pairing: no valid pairing exists"
    ]
    assert run.completed("dutch")


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (double("crash"), "exit code 2: engine double: simulated crash"),
        (double("garbage"), "line 1: expected the number of pairs, found 'three'"),
        ("/nonexistent/engine --dutch", "'/nonexistent/engine' was not found"),
    ],
)
def test_a_broken_engine_stops_the_run_with_a_reason(command, message):
    config = replace(BASE, systems=("external",), engine_cmd=command, events=1)
    with pytest.raises(ExternalEngineError, match=message):
        run_simulation(config, workers=1)


def test_parse_pairs_reads_the_common_format():
    assert parse_pairs("3\n1 4\n2 3\n5 0\n", round_number=2) == ExternalPairing(((1, 4), (2, 3)), 5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("2\n1 2\n", "announces 2 pairs but 1 follow"),
        ("1\n1 x\n", "line 2: expected two pairing numbers"),
        ("2\n1 0\n2 0\n", "line 3: a second bye"),
        ("1\n-1 2\n", "invalid pairing number"),
    ],
)
def test_parse_pairs_names_the_bad_line(text, message):
    with pytest.raises(ExternalEngineError, match=message):
        parse_pairs(text, round_number=1)


def test_check_pairing_finds_missing_doubled_and_unknown_players():
    with pytest.raises(ExternalEngineError, match=r"leaves player\(s\) \[4\] unpaired"):
        check_pairing(ExternalPairing(((1, 2),), 3), expected={1, 2, 3, 4}, round_number=1)
    with pytest.raises(ExternalEngineError, match=r"pairs player\(s\) \[2\] more than once"):
        check_pairing(ExternalPairing(((1, 2), (2, 3)), None), expected={1, 2, 3}, round_number=1)
    with pytest.raises(ExternalEngineError, match=r"\[9\] who should not be paired"):
        check_pairing(ExternalPairing(((1, 9),), None), expected={1}, round_number=1)


def test_commands_are_split_like_a_shell_without_one():
    assert split_command('"/opt/my engine/bbp" --dutch') == ("/opt/my engine/bbp", "--dutch")
    with pytest.raises(ExternalEngineError, match="empty"):
        split_command("   ")
