"""McMahonConfig: validation and the JSON round trip."""

import json

import pytest

from pairing.engine.mcmahon import ConfigError, McMahonConfig
from pairing.engine.mcmahon.config import Coefficients


def test_defaults_are_valid_and_round_trip_through_json():
    config = McMahonConfig()
    data = json.loads(json.dumps(config.to_dict()))
    assert data["bar"] == "1d" and data["floor"] == "20k"
    assert McMahonConfig.from_dict(data) == config


def test_round_trip_of_a_custom_config():
    config = McMahonConfig(
        bar=3,
        floor=-15,
        no_handicap_rank=-2,
        round_down_free_points=True,
        handicap_reduction=-1,
        bands=(0, -10),
        even_strategy="split-match",
        even_strategy_late="split-fold",
        even_strategy_switch_round=2,
        coefficients=Coefficients(mms=50, banding=5),
    )
    data = json.loads(json.dumps(config.to_dict()))
    assert data["bands"] == ["1d", "10k"]
    assert McMahonConfig.from_dict(data) == config
    assert config.even_strategy_for(2) == "split-match"
    assert config.even_strategy_for(3) == "split-fold"


def test_from_dict_accepts_partial_dicts_and_rank_text():
    config = McMahonConfig.from_dict({"bar": "3D", "floor": "25k", "shapes": {"mms": 0.8}})
    assert config.bar == 2 and config.floor == -25
    assert config.shapes.mms == 0.8 and config.shapes.even == McMahonConfig().shapes.even


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"bar": "20k", "floor": "10k"}, "floor 10k is above bar 20k"),
        ({"handicap_offset": 0}, "must not be zero"),
        ({"handicap_reduction": -2}, "handicap_reduction must be >= -1"),
        ({"handicap_reduction": 1.5}, "handicap_reduction must be a whole number"),
        ({"even_strategy": "swiss"}, "even_strategy must be one of"),
        ({"seed_strategy": "slide"}, "seed_strategy must be one of"),
        ({"bye_points": 2}, "bye_points must lie in"),
        ({"coefficients": {"mms": -1}}, "coefficients.mms"),
        ({"omega": {"out": 0, "balance": 0, "seed": 0}}, "omega weights"),
        ({"bands": ["10k", "1d"]}, "strongest first"),
        ({"bar": "12x"}, "bar: '12x' is not a Go rank"),
        ({"colour": 1}, "unknown McMahon parameter"),
        ({"shapes": {"size": 1}}, "unknown shapes field"),
        ({"score_curve": {"kind": "flat", "centre": 0, "steepness": 1}}, "rising, falling"),
    ],
)
def test_validation_names_the_parameter(data, message):
    with pytest.raises(ConfigError, match=message):
        McMahonConfig.from_dict(data)


def test_no_handicap_rank_defaults_to_opengotha_s_1d_and_may_be_none():
    assert McMahonConfig().no_handicap_rank == 0
    data = McMahonConfig(no_handicap_rank=None).to_dict()
    assert data["no_handicap_rank"] is None
    assert McMahonConfig.from_dict(data).no_handicap_rank is None
