"""The simulated field: strength models, Elo noise, ranking by Elo."""

from __future__ import annotations

import numpy as np
import pytest

from pairing.simulation.strengths import (
    StrengthError,
    StrengthModel,
    draw_field,
    draw_strengths,
    elo_noise_sd,
    parse_strength,
)


@pytest.mark.parametrize(
    "text",
    [
        "uniform:1400:2200",
        "normal:1400:2200",
        "normal:1400:2200:150",
        "exponential-top:1400:2200",
        "exponential-bottom:1400:2200:1600",
        "list:1500,1720,2010",
    ],
)
def test_spelling_round_trips(text):
    assert parse_strength(text).text == text
    assert parse_strength(parse_strength(text).text) == parse_strength(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gaussian:1:2", "unknown strength model"),
        ("uniform:2200:1400", "increasing"),
        ("uniform:1400", "expected uniform:LOW:HIGH"),
        ("uniform:1400:2200:100", "only LOW and HIGH"),
        ("normal:1400:abc", "high end 'abc' is not a number"),
        ("normal:1400:2200:-5", "positive"),
        ("exponential-top:1400:2200:2500", "inside the range"),
        ("list:", "at least one rating"),
        ("list:1500,x", "rating 'x' is not a number"),
        ("uniform:1400:3500", "inside 0-2999"),
    ],
)
def test_bad_models_say_what_is_wrong(text, message):
    with pytest.raises(StrengthError, match=message):
        parse_strength(text)


def _sample(text, n=20_000, seed=0):
    return draw_strengths(parse_strength(text), n, np.random.default_rng(seed))


def test_uniform_fills_the_range():
    s = _sample("uniform:1400:2200")
    assert s.min() >= 1400 and s.max() <= 2200
    assert s.mean() == pytest.approx(1800, abs=10)
    assert np.std(s) == pytest.approx(800 / np.sqrt(12), rel=0.03)


def test_normal_is_centred_and_kept_in_range():
    s = _sample("normal:1400:2200")
    assert s.min() >= 1400 and s.max() <= 2200
    assert s.mean() == pytest.approx(1800, abs=5)
    # SD 200 truncated at +-2 SD: about 0.88 * 200.
    assert np.std(s) == pytest.approx(176, rel=0.05)


def test_exponential_models_lean_to_their_end():
    top = _sample("exponential-top:1400:2200")
    bottom = _sample("exponential-bottom:1400:2200")
    assert top.min() >= 1400 and bottom.max() <= 2200
    assert np.median(top) > 1800 > np.median(bottom)
    # The paper's means 2000 and 1600 (truncation moves them a little).
    assert top.mean() == pytest.approx(2000, abs=25)
    assert bottom.mean() == pytest.approx(1600, abs=25)


def test_a_list_of_the_right_length_is_used_as_it_is():
    model = StrengthModel(kind="list", values=(1500.0, 1800.0, 1650.0))
    assert draw_strengths(model, 3, np.random.default_rng(0)).tolist() == [1500, 1800, 1650]
    drawn = draw_strengths(model, 50, np.random.default_rng(0))
    assert set(drawn.tolist()) <= {1500.0, 1800.0, 1650.0} and drawn.size == 50


def test_elo_noise_follows_the_paper():
    assert elo_noise_sd(np.array([1400.0, 2200.0])).tolist() == [80.0, 40.0]
    model = StrengthModel(kind="list", values=(1400.0,) * 4000)
    field = draw_field(model, 4000, np.random.default_rng(3))
    assert np.std(field.elo - field.strength) == pytest.approx(80, rel=0.05)


def test_players_are_numbered_by_elo():
    field = draw_field(parse_strength("uniform:1400:2200"), 64, np.random.default_rng(5))
    assert (np.diff(field.elo) <= 0).all()
    # Elo is noisy: the strength order differs from the pairing numbers.
    assert (np.diff(field.strength) > 0).any()
    assert field.true_order()[0] == int(np.argmax(field.strength))


def test_same_generator_same_field():
    a = draw_field(StrengthModel(), 32, np.random.default_rng(9))
    b = draw_field(StrengthModel(), 32, np.random.default_rng(9))
    assert a.strength.tobytes() == b.strength.tobytes() and a.elo.tobytes() == b.elo.tobytes()
