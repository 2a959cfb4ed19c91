"""The random tournament generator and its bbpPairings-style configuration."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.formats.trf import format_trf
from pairing.generate import (
    GeneratorConfig,
    GeneratorConfigError,
    generate_tournament,
    parse_config,
)


def test_config_keys():
    config = parse_config(
        "# comment\nPlayersNumber=21\nRoundsNumber=5\nForfeitRate=10\nHalfPointByeRate=4\n"
        "RetiredRate=7\nHighestRating=2200\nLowestRating=1500\nPointsForWin=3\n"
        "PointsForDraw=1\nDrawPercentage=30\n"
    )
    assert (config.players, config.rounds) == (21, 5)
    assert (config.forfeit_rate, config.half_point_bye_rate, config.retired_rate) == (10, 4, 7)
    assert config.points["1"] == 3 and config.points["U"] == 3 and config.points["="] == 1
    assert config.ignored == ("DrawPercentage",)


def test_pab_points_can_differ_from_a_win():
    config = parse_config("PointsForPAB=0.5\nPointsForWin=1\n")
    assert config.points["U"] == Fraction(1, 2)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("PlayersNumber 12\n", "line 1: expected Key=value"),
        ("Colour=white\n", "line 1: unknown key 'Colour'"),
        ("\nRoundsNumber=x\n", "line 2: RoundsNumber: 'x' is not a valid value"),
        ("RetiredRate=1\n", "line 1: RetiredRate must be at least 2"),
        ("LowestRating=2000\nHighestRating=1000\n", "LowestRating is above HighestRating"),
    ],
)
def test_config_errors(text, fragment):
    with pytest.raises(GeneratorConfigError, match=fragment):
        parse_config(text)


def test_generation_is_reproducible_and_complete():
    config = GeneratorConfig(
        players=17, rounds=6, forfeit_rate=10, half_point_bye_rate=5, retired_rate=8
    )
    a = generate_tournament(config, system="burstein", seed=11)
    b = generate_tournament(config, system="burstein", seed=11)
    c = generate_tournament(config, system="burstein", seed=12)
    assert format_trf(a) == format_trf(b) != format_trf(c)
    assert all(len(p.rounds) == 6 for p in a.players)
    codes = [e.code for p in a.players for e in p.rounds]
    assert codes.count("H") == round(17 / 5)
    assert sum(1 for p in a.players if p.withdrawn_from) == round(17 / 8)
    assert codes.count("U") == sum(
        1
        for r in range(1, 7)
        if sum(1 for p in a.players if p.entry(r).opponent or p.entry(r).code == "U") % 2 == 1
    )


def test_ratings_within_the_configured_range():
    record = generate_tournament(
        GeneratorConfig(players=40, rounds=1, lowest_rating=1800, highest_rating=1900), seed=2
    )
    ratings = [p.rating for p in record.players]
    assert min(ratings) >= 1800 and max(ratings) <= 1900
    assert ratings == sorted(ratings, reverse=True)
