"""Baku acceleration (FIDE C.04.5.1): the group and the virtual points as the rules
give them, XXA lines read and written, and pairings that follow them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine.acceleration import baku_group_size, baku_points, virtual_points
from pairing.engine.swiss import pair_round
from pairing.engine.swiss.from_record import request_from_record
from pairing.formats.trf import TRFError, format_trf, parse_trf
from pairing.generate import GeneratorConfig, generate_tournament

H = Fraction(1, 2)


def test_the_rules_examples():
    assert baku_group_size(161) == 82  # the rules' own example
    assert baku_group_size(100) == 50 and baku_group_size(10) == 6
    # Nine rounds: five accelerated, one point in the first three, half in the next two.
    assert baku_points(9) == [1, 1, 1, H, H, 0, 0, 0, 0]
    assert baku_points(7) == [1, 1, H, H, 0, 0, 0]
    assert baku_points(5) == [1, 1, H, 0, 0]


def test_group_a_gets_the_points_and_late_entries_are_in_group_b():
    points = virtual_points("baku", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 9)
    assert sorted(points) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="unknown acceleration"):
        virtual_points("haley", [1, 2], 5)


def _field(players=20, rounds=9):
    record = generate_tournament(
        GeneratorConfig(players=players, rounds=rounds), seed=4, rounds_played=0
    )
    record.accelerations = virtual_points("baku", [p.id for p in record.players], rounds)
    return record


def test_xxa_lines_are_written_and_read_back():
    record = _field()
    text = format_trf(record)
    xxa = [line for line in text.splitlines() if line.startswith("XXA")]
    assert len(xxa) == 10 and xxa[0] == "XXA    1  1.0  1.0  1.0  0.5  0.5  0.0  0.0  0.0  0.0"
    assert parse_trf(text).accelerations == record.accelerations


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        ("XXA   x1  1.0", 5, "is not a pairing number"),
        ("XXA    1  1.0  abc", 15, "is not a number of points"),
        ("XXA    1  1.0\nXXA    1  0.5", 5, "second XXA line"),
    ],
)
def test_bad_xxa_lines_name_line_and_column(line, column, message):
    text = format_trf(
        generate_tournament(GeneratorConfig(players=4, rounds=3), seed=1, rounds_played=0)
    )
    with pytest.raises(TRFError, match=rf"column {column}: .*{message}"):
        parse_trf(text + line + "\n")


def test_round_one_pairs_group_a_among_itself():
    record = _field(players=20)
    group_a = set(record.accelerations)
    pairing = pair_round(request_from_record(record, 1, system="dutch", seed=1))
    for white, black in pairing.pairs():
        assert (white in group_a) == (black in group_a), (white, black)
    plain = generate_tournament(GeneratorConfig(players=20, rounds=9), seed=4, rounds_played=0)
    mixed = pair_round(request_from_record(plain, 1, system="dutch", seed=1))
    assert any((w in group_a) != (b in group_a) for w, b in mixed.pairs())  # unaccelerated
