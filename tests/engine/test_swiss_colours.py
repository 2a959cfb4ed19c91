"""Colour allocation rules and the colour limits of the graph."""

from __future__ import annotations

import numpy as np

from pairing.engine.colour_history import colour_difference, colour_limit, colour_streak, due_colour
from pairing.engine.swiss import pair_round
from pairing.engine.swiss.colours import allocate_colours
from pairing.engine.swiss.graph import SwissGraph
from pairing.engine.swiss.state import build_state
from pairing.engine.swiss.systems import SYSTEMS
from tests.engine.swiss_helpers import player, request


def _decide(a, b, board=1, initial="w"):
    d = allocate_colours(a, b, board=board, initial_colour=initial, limit=2)
    return d.white.id, d.rule


def test_colour_facts():
    assert colour_difference(("w", "w", "b", "-")) == 1
    assert colour_streak(("b", "w", "-", "w")) == 1  # rounds without a game are skipped
    assert colour_streak(("b", "b")) == -1
    assert colour_streak(("w", "b")) == 0
    assert due_colour(("w", "w", "b")) == "b"
    assert due_colour(("w", "b")) == "w"
    assert due_colour(("-",)) is None
    assert colour_limit(2) == 2 and colour_limit(0.1) == 1


def test_lower_colour_difference_gets_white():
    # Both are due black: the lower colour difference gets white.
    assert _decide(player(1, colours="wbw"), player(2, colours="bw")) == (2, "colour-difference")


def test_two_compatible_preferences_are_both_granted():
    # FIDE C.04.3 E.1; WinTD's example BWBW against BWWB: the first is due black.
    assert _decide(player(1, colours="bwbw"), player(2, colours="bwwb")) == (2, "preferences")
    assert _decide(player(1, colours="wbw"), player(2, colours="wb")) == (2, "preferences")


def test_equal_differences_alternate_from_the_last_game_they_differ():
    # Both due black; three games back the first had black, the second white.
    assert _decide(player(1, colours="wbbw"), player(2, colours="bwbw")) == (1, "alternation")


def test_identical_histories_give_the_higher_ranked_player_the_colour_due():
    assert _decide(player(1, colours="wb"), player(2, colours="wb")) == (1, "rank")
    assert _decide(player(1, colours="bw"), player(2, colours="bw")) == (2, "rank")
    # Only the lower-ranked player has a colour due.
    assert _decide(player(1, colours="-"), player(2, colours="b")) == (2, "colour-difference")
    assert _decide(player(1, colours="--"), player(2, colours="wb")) == (2, "rank")


def test_first_round_alternates_by_board_from_the_initial_colour():
    assert _decide(player(1), player(5), board=1, initial="w") == (1, "initial")
    assert _decide(player(2), player(6), board=2, initial="w") == (6, "initial")
    assert _decide(player(1), player(5), board=1, initial="b") == (5, "initial")


def test_forced_colour_beats_the_colour_difference_rule():
    # Player 1 (cd 0) would get white by the cd rule, but had white twice running.
    a, b = player(1, colours="bbww"), player(2, colours="wwb")
    white, rule = _decide(a, b)
    assert (white, rule) == (2, "forced")


def _allowed(a, b, *, last=False, beta=2.0):
    req = request([a, b], round_number=9 if last else 5, total_rounds=9, beta=beta)
    graph = SwissGraph(build_state(req, [a, b]), SYSTEMS["dutch"])
    return bool(graph.allowed(np.array([0]), np.array([1]))[0])


def test_graph_colour_limits():
    assert not _allowed(player(1, colours="ww"), player(2, colours="bww"))  # both need black
    assert _allowed(player(1, colours="ww"), player(2, colours="bb"))
    # 1 must have black (two whites running), so 2 would take white to cd +3.
    assert not _allowed(player(1, colours="bww"), player(2, colours="wwbw"))
    assert _allowed(player(1, colours="bww"), player(2, colours="wbw"))
    # Last round (9 of 9, a maximum of 8 points so far): the limits are lifted only
    # when a topscorer (over 4 points) is on the board (FIDE C.04.3 C.3).
    assert not _allowed(player(1, colours="ww"), player(2, colours="bww"), last=True)
    assert _allowed(player(1, score=5, colours="ww"), player(2, colours="bww"), last=True)
    assert not _allowed(
        player(1, score=4, colours="ww"), player(2, score=4, colours="bww"), last=True
    )
    # The paper's beta: 0.1 means strict alternation.
    assert not _allowed(player(1, colours="w"), player(2, colours="w"), beta=0.1)
    assert _allowed(player(1, colours="w"), player(2, colours="b"), beta=0.1)


def test_a_forfeit_counts_for_no_colour_and_no_meeting():
    # Player 1 won by forfeit against 2 in round 1 (colour "-", not an opponent met).
    a = player(1, score=1, colours="-", unplayed_wins=1)
    b = player(2, score=0, colours="-")
    result = pair_round(request([a, b], round_number=2), backend="networkx")
    assert {frozenset(p) for p in result.pairs()} == {frozenset((1, 2))}


def test_colours_never_break_limits_before_the_last_round():
    players = [
        player(1, colours="wbw"),
        player(2, colours="bwb"),
        player(3, colours="wwb"),
        player(4, colours="bbw"),
    ]
    result = pair_round(request(players, round_number=4), backend="networkx")
    for g in result.games:
        for pid, colour in ((g.white, "w"), (g.black, "b")):
            after = (*players[pid - 1].colours, colour)
            assert abs(colour_difference(after)) <= 2
            assert colour_streak(after[:-1]) != (1 if colour == "w" else -1)
