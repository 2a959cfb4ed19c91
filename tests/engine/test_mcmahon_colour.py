"""The colour component (section 7): changes, colour index, deviation."""

import pytest

from pairing.engine.mcmahon.colour import (
    alternation_change,
    balance_change,
    best_colour_index,
    choose_white,
    colour_deviation,
    colour_gamma,
    colour_index,
    index_to_changes,
    pair_colour_index,
)

# The table of equations 10-12: X (balance changes) and Y (alternation changes)
INDEX_TABLE = {
    (-2, 2): 0, (-2, 1): 1, (-2, 0): 2,
    (0, 2): 3, (0, 1): 4, (0, 0): 5,
    (2, 2): 6, (2, 1): 7, (2, 0): 8,
}  # fmt: skip


@pytest.mark.parametrize(("xy", "index"), INDEX_TABLE.items())
def test_colour_index_table(xy, index):
    assert colour_index(*xy) == index
    x, y = index_to_changes(index)
    assert (int(x), int(y)) == xy


def test_equation_6_properties():
    # from a zero balance the magnitude always grows by 1
    assert balance_change(0, 1) == 1 and balance_change(0, -1) == 1
    # the colour of the balance's sign grows it, the other reduces it
    assert balance_change(2, 1) == 1 and balance_change(2, -1) == -1
    assert balance_change(-1, -1) == 1 and balance_change(-1, 1) == -1
    # same colour as last round: no alternation; the other colour: +1
    assert alternation_change(1, 1) == 0 and alternation_change(1, -1) == 1
    # after a round without a game
    assert alternation_change(0, 1) == 0.5


def test_best_and_worst_pairs():
    # balances +1 and -1, last colours W and B: giving B to i and W to j
    # reduces both balances and alternates both -> index 0
    assert pair_colour_index(1, 1, -1, -1, -1) == 0
    # the other way round both balances grow and neither alternates -> 8
    assert pair_colour_index(1, 1, -1, -1, 1) == 8
    assert best_colour_index(1, 1, -1, -1) == 0


def test_colour_deviation_by_hand():
    # two rounds played. i: W then B (balance 0, alternation 1, last B);
    # j: W, W (balance 2, alternation 0, last W).
    # i white: X = 1 + (-1) = 0, Y = 1 + 1 = 2 -> index 3 (the best);
    # i black: X = 1 + 1 = 2, Y = 0 + 0 = 0 -> index 8.
    # Gamma = (1 + 0 + 2 + 1 + 0) / (4*2 - 1) = 4/7; delta = (1 + 3) / (4/7) = 7
    assert best_colour_index(0, -1, 2, 1) == 3
    assert colour_gamma(0, 1, 2, 0, 2) == pytest.approx(4 / 7)
    assert colour_deviation(0, 1, -1, 2, 0, 1, 2) == pytest.approx(7.0)


def test_poor_balances_get_smaller_deviations_for_the_same_index():
    # equal and opposite balances with alternating last colours: index 0 both
    calm = colour_deviation(1, 0, 1, -1, 0, -1, 3)
    poor = colour_deviation(3, 0, 1, -3, 0, -1, 3)
    assert best_colour_index(3, 1, -3, -1) == best_colour_index(1, 1, -1, -1) == 0
    assert poor < calm


def test_colour_deviation_needs_a_played_round():
    with pytest.raises(ValueError):
        colour_deviation(0, 0, 0, 0, 0, 0, 0)


def test_choose_white():
    # the player with more whites takes black
    assert choose_white(-1, -1, 1, 1, tie_i_white=False) is True
    assert choose_white(1, 1, -1, -1, tie_i_white=True) is False
    # even where alternation would say otherwise: i (+2, last black) and
    # j (+1, last white): i black keeps the balances at +1 and +2
    assert pair_colour_index(2, -1, 1, 1, 1) < pair_colour_index(2, -1, 1, 1, -1)
    assert choose_white(2, -1, 1, 1, tie_i_white=True) is False
    # equal balances: the colour index (alternation) decides
    assert choose_white(0, 1, 0, -1, tie_i_white=True) is False
    # nothing to choose between: the tie-break
    assert choose_white(0, 0, 0, 0, tie_i_white=True) is True
    assert choose_white(0, 0, 0, 0, tie_i_white=False) is False
