"""Go ranks: text, out-of-range ranks, and the rank an EGF rating (GoR) stands for."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engine.mcmahon import (
    RankError,
    format_rank,
    nearest_rank,
    parse_rank,
    rank_from_rating,
    rating_of_rank,
    registration_rank,
)
from pairing.engine.mcmahon.ranks import DAN_MAX, LOWEST


def test_ranks_as_text_and_back():
    assert [parse_rank(t) for t in ("30k", "1K", "1d", "9D", "1p", "5 kyu")] == [
        -30, -1, 0, 8, 9, -5,
    ]  # fmt: skip
    assert [format_rank(v) for v in (-30, -1, 0, 8, 9)] == ["30k", "1k", "1d", "9d", "1p"]
    for bad in ("99k", "0d", "", "strong", "3x"):
        with pytest.raises(RankError):
            parse_rank(bad)


def test_an_out_of_range_rank_is_read_as_the_nearest():
    assert nearest_rank("99K") == (-30, True)
    assert nearest_rank("0k") == (-1, True)
    assert nearest_rank("12d") == (8, True)
    assert nearest_rank("15p") == (17, True)
    assert nearest_rank("3d") == (2, False)
    with pytest.raises(RankError):
        nearest_rank("3x")


def test_the_egf_rating_of_each_rank():
    # EGF: 1d 2100, 20k 100, a rank every 100 points; a rating belongs to the
    # rank whose nominal rating is nearest
    assert rating_of_rank(parse_rank("1d")) == 2100
    assert rating_of_rank(parse_rank("20k")) == 100
    assert rating_of_rank(parse_rank("7d")) == 2700
    cases = {2100: "1d", 2050: "1d", 2049: "1k", 2149: "1d", 2150: "2d", 1550: "5k"}
    cases |= {100: "20k", 149: "20k", 50: "20k", 49: "21k", -900: "30k", -5000: "30k", 2900: "9d"}
    for gor, rank in cases.items():
        assert format_rank(rank_from_rating(gor)) == rank, gor
    assert format_rank(rank_from_rating(3100)) == "9d"  # a rating never makes a professional


@given(st.integers(LOWEST, DAN_MAX - 1))
def test_a_rank_and_its_rating_agree(rank):
    assert rank_from_rating(rating_of_rank(rank)) == rank
    assert rank_from_rating(rating_of_rank(rank) + 49) == rank
    assert rank_from_rating(rating_of_rank(rank) - 50) == rank


def test_registration_by_rank_or_by_rating():
    assert registration_rank("5k") == -5
    assert registration_rank("5k", 2300) == -5  # the rank written wins
    assert registration_rank("", 2300) == 2  # 3d from GoR 2300
    assert registration_rank(None, 1550.4) == -5
    with pytest.raises(RankError, match="needs a rank"):
        registration_rank("  ")
    with pytest.raises(RankError):
        registration_rank("", float("nan"))
