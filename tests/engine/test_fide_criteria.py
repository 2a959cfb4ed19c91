"""The quality criteria of C.04.3 C each FIDE Dutch board bears on
(pairing.engine.fide_dutch.criteria), and the part that says them on every board."""

from __future__ import annotations

import json
from fractions import Fraction

from pairing.engine.explanation_parts import ENGLISH, render_english
from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide
from pairing.engine.fide_dutch.criteria import CRITERIA, STEPS, criteria_part, pair_criteria
from pairing.engine.fide_dutch.engine import _result, _Round, pair_entrants
from pairing.engine.fide_dutch.players import Entrant, colour_facts, entrants
from pairing.engine.fide_dutch.weights import (
    ByeContext,
    bracket_weigher,
    edge_weight,
    make_layout,
    may_meet,
    next_parts,
    rest_parts,
)
from pairing.engine.swiss import PairingError
from tests.engine.swiss_helpers import fide_event, player, request


def entrant(pid: int, score=0, played: str = "", floats: tuple[str, ...] = ()) -> Entrant:
    imbalance, due, absolute, strong, repeated = colour_facts(tuple(played))
    return Entrant(
        id=pid,
        rank=pid,
        score=Fraction(score),
        played=tuple(played),
        imbalance=imbalance,
        due=due,
        absolute=absolute,
        strong=strong,
        repeated=repeated,
        float1=floats[-1] if floats else "",
        float2=floats[-2] if len(floats) >= 2 else "",
        bye_ok=True,
        avoid=frozenset(),
    )


def layout(*field: Entrant, round_number: int = 4, total_rounds: int = 9):
    return make_layout(list(field), round_number, total_rounds, 1)


def criteria(a: Entrant, b: Entrant, **kw) -> tuple[str, ...]:
    return pair_criteria(a, b, layout(a, b, **kw))


# -- the criteria of one pair ----------------------------------------------------------


def test_an_in_group_pair_with_its_colours_meets_every_criterion():
    a, b = entrant(1, 2, "wbw"), entrant(2, 2, "bwb")  # due black and white
    assert criteria(a, b) == ()


def test_a_float_bears_on_the_downfloaters_criteria():
    a, b = entrant(1, 2, "wbw"), entrant(2, 1, "bwb")
    assert criteria(a, b) == ("C.6", "C.7")
    assert criteria(b, a) == ("C.6", "C.7")  # either order


def test_both_due_white_fail_the_colour_preference():
    mild = entrant(1, 2, "wb"), entrant(2, 2, "wb")  # colour difference 0, due white
    assert criteria(*mild) == ("C.12",)
    strong = entrant(1, 2, "b"), entrant(2, 2, "bwb")  # difference -1: strongly due white
    assert criteria(*strong) == ("C.12", "C.13")
    float_too = entrant(1, 3, "b"), entrant(2, 2, "bwb")
    assert criteria(*float_too) == ("C.6", "C.7", "C.12", "C.13")


def test_topscorers_colour_criteria_only_in_the_last_round():
    # Both had black twice running (absolute, due white): one gets a colour
    # difference of +/-3 and a third colour in a row. Topscorers exist only when
    # the last round is paired (A.7), and 5 points of 8 rounds are above half.
    a, b = entrant(1, 5, "bb"), entrant(2, 5, "bb")
    assert criteria(a, b, round_number=9, total_rounds=9) == ("C.10", "C.11", "C.12")
    assert criteria(a, b, round_number=5, total_rounds=9) == ("C.12",)
    low = entrant(1, 1, "bb"), entrant(2, 1, "bb")  # below half the maximum: no topscorer
    assert criteria(*low, round_number=9, total_rounds=9) == ("C.12",)


def test_a_repeated_downfloater_bears_on_c14_and_c18():
    down = entrant(1, 2, "wbw", floats=("", "down"))
    up = entrant(2, 1, "bwb", floats=("", ""))
    assert criteria(down, up) == ("C.6", "C.7", "C.14", "C.18")
    # An in-group pair makes no float: the earlier downfloat is not repeated.
    assert criteria(down, entrant(3, 2, "bwb")) == ()
    # A downfloat of the previous round only counts for the higher player.
    assert criteria(entrant(1, 2, "wbw"), entrant(2, 1, "bwb", floats=("down",))) == (
        "C.6",
        "C.7",
    )


def test_repeated_upfloats_and_floats_two_rounds_before():
    high = entrant(1, 2, "wbw", floats=("down", ""))  # downfloat two rounds before
    low = entrant(2, 1, "bwb", floats=("up", "up"))  # upfloats in both rounds
    assert criteria(high, low) == (
        "C.6",
        "C.7",
        "C.15",
        "C.16",
        "C.17",
        "C.19",
        "C.20",
        "C.21",
    )
    # In round 2 only the previous round counts.
    assert criteria(high, low, round_number=2) == ("C.6", "C.7", "C.15", "C.19")


# -- the part -------------------------------------------------------------------------


def test_the_part_says_the_criteria_in_english():
    said = render_english(criteria_part(("C.7", "C.12")))
    assert said == (
        "Criteria: C.7 the downfloater's score, as low as possible; "
        "C.12 a colour preference is not met."
    )
    met = render_english(criteria_part(()))
    assert met.startswith("Criteria: every colour and float criterion met, with no downfloater")
    assert met.endswith("no repeated float (C.14 to C.21).")


def test_the_part_adds_the_step_that_chose_the_pair():
    said = render_english(criteria_part(("C.12",), ["D.1", "D.1"]))
    assert said == (
        "Criteria: C.12 a colour preference is not met; "
        "chosen by D.1: the highest S2 opponent possible."
    )
    assert render_english(criteria_part((), ["X.9"])).endswith("; chosen by X.9.")
    assert "B.3" in render_english(criteria_part((), ["B.3"]))
    assert "D.2" in render_english(criteria_part((), ["D.2"]))


def test_every_criterion_and_step_has_its_english():
    for key in (*CRITERIA.values(), *STEPS.values(), "fide-criteria", "fide-criteria-met"):
        assert key in ENGLISH, key
    for code, key in CRITERIA.items():
        assert ENGLISH[key].startswith(code + " "), (code, ENGLISH[key])
    for code, key in STEPS.items():
        assert ENGLISH[key].startswith(f"chosen by {code}: "), (code, ENGLISH[key])


# -- every board of the engine -------------------------------------------------------


def _criteria_of(game) -> list:
    parts = json.loads(json.dumps(list(game.explanation.parts)))
    found = [p for p in parts if p[0] == "fide-criteria"]
    assert len(found) == 1, parts
    return [item[0] for item in found[0][1]["items"][1]["items"]]


def test_a_repeated_downfloat_is_said_on_its_board():
    players = [
        player(1, score=1, colours="w", opponents={3}, floats=("down",)),
        player(2, score=0, colours="b", opponents={4}),
        player(3, score=0, colours="b", opponents={1}),
        player(4, score=0, colours="w", opponents={2}),
    ]
    pairing = pair_round_fide(request(players, round_number=2))
    board = next(g for g in pairing.games if 1 in (g.white, g.black))
    assert _criteria_of(board) == ["fide-c6", "fide-c7", "fide-c14", "fide-c18", "fide-step-b3"]
    assert board.explanation.text.endswith(
        "Criteria: C.6 a downfloater, the fewest possible; "
        "C.7 the downfloater's score, as low as possible; "
        "C.14 a downfloat again, as in the previous round; "
        "C.18 the score difference of that repeated downfloat, as small as possible; "
        "chosen by B.3: the moved-down player paired, with the highest resident possible."
    )
    other = next(g for g in pairing.games if 1 not in (g.white, g.black))
    assert _criteria_of(other)[0] == "fide-criteria-met"
    assert _criteria_of(other)[1] in ("fide-step-d1", "fide-step-d2")


def test_the_steps_given_are_said_and_none_adds_nothing():
    req = request([player(k, score=1 if k < 3 else 0, colours="wb"[k % 2]) for k in range(1, 5)])
    order = entrants(req)
    mates, stats = pair_entrants(order, make_layout(order, 2, 9, 1))
    stats["seconds"] = 0.0
    plain = _result(req, order, mates, stats)
    assert plain == _result(req, order, mates, stats, None)
    assert all("chosen by" not in g.explanation.text for g in plain.games)
    steps = {e.id: "D.1" for e in order}
    steps[order[0].id] = "B.3"
    chosen = _result(req, order, mates, stats, steps)
    texts = [g.explanation.text for g in chosen.games]
    assert all(
        render_english(list(g.explanation.parts)) == g.explanation.text for g in chosen.games
    )
    first = next(
        t for g, t in zip(chosen.games, texts, strict=True) if order[0].id in (g.white, g.black)
    )
    assert "chosen by B.3: the moved-down player paired" in first
    assert sum("chosen by D.1: the highest S2 opponent possible" in t for t in texts) >= 1
    for before, after in zip(plain.games, chosen.games, strict=True):
        assert after.explanation.text.startswith(before.explanation.text.removesuffix("."))


def test_every_board_of_generated_events_carries_its_criteria():
    seen: set[str] = set()
    boards = 0
    for seed in range(3):
        record = fide_event(15, 7, 6, seed)
        for r in range(2, 8):
            try:
                pairing = pair_round_fide(fide_request_from_record(record, r))
            except PairingError:
                continue
            for game in pairing.games:
                keys = _criteria_of(game)
                boards += 1
                seen.update(keys)
                e = game.explanation
                assert render_english(list(e.parts)) == e.text
                # a float bears on C.6 and C.7, an in-group pair on neither
                assert ("fide-c6" in keys) == bool(e.score_difference), keys
    assert boards >= 100
    assert {"fide-c6", "fide-c7", "fide-c12", "fide-c14", "fide-criteria-met"} <= seen, sorted(seen)


def _rounds_and_bye_contexts():
    """(order, layout, bye) for rounds 2-7 of a generated event, under every bye
    context the engine uses: none yet, the bye's score known, and C.9 applying."""
    record = fide_event(15, 7, 6, 1)
    for r in range(2, 8):
        order = entrants(fide_request_from_record(record, r))
        layout = make_layout(order, r, 7, 1)
        lowest = min(e.score for e in order)
        ranks = {k: k % 3 for k in range(8)}
        for bye in (
            ByeContext(),
            ByeContext(lowest, False, ranks),
            ByeContext(lowest, True, ranks),
            ByeContext(order[0].score, True, ranks),
        ):
            yield order, layout, bye.place(layout)


def test_a_whole_round_weighed_from_the_players_parts_is_weighed_edge_by_edge():
    """`rest_parts` (a constant plus one part per player) gives every pair the
    weight `edge_weight` gives it outside the bracket, for every bye context."""
    checked = 0
    for order, layout, bye in _rounds_and_bye_contexts():
        constant, parts = rest_parts(order, bye, layout)
        for low in range(len(order)):
            for high in range(low):
                w = edge_weight(order[high], order[low], False, False, bye, layout)
                if w:
                    assert w == constant + parts[high] + parts[low]
                    checked += 1
    assert checked > 1000


def test_a_bracket_weighed_from_the_players_terms_is_weighed_edge_by_edge():
    """`bracket_weigher` (each player's fields summed once, the colour criteria
    from a table, the score-dependent floats per pair) gives every pair the
    weight `edge_weight` gives it in the bracket, pairs of equal and of different
    scores, for every bye context."""
    checked = across = 0
    for order, layout, bye in _rounds_and_bye_contexts():
        weigh = bracket_weigher(bye, layout)
        for b in range(len(order)):
            for a in range(b):
                w = edge_weight(order[a], order[b], True, False, bye, layout)
                assert weigh(order[a], order[b]) == w
                checked += 1
                across += bool(w) and order[a].level > order[b].level
    assert checked > 2000
    assert across > 500


def test_a_round_weighed_at_once_is_weighed_edge_by_edge():
    """The round's first weights, given to the matcher as potentials and the pairs
    that may not meet (`_Round._weigh_round`, which looks only at the pairs
    `may_meet` might refuse): every pair weighs what `edge_weight` gives it
    outside the bracket, 0 for those that may not meet (rematches, the same
    absolute colour)."""
    blocked = 0
    for order, layout, bye in _rounds_and_bye_contexts():
        r = _Round(order, layout)
        r.bye = bye
        r._weigh_round()
        for b in range(len(order)):
            for a in range(b):
                w = edge_weight(order[a], order[b], False, False, bye, layout)
                assert r.graph.weight(a, b) == w
                blocked += not w
    assert blocked > 100


def test_edges_into_the_next_scoregroup_weighed_from_the_players_parts_are_edge_weights():
    """`next_parts` (a constant, a part for the higher player, one for the lower)
    gives every pair that may meet the weight `edge_weight` gives it as an edge into
    the next scoregroup (C.4, C.2, C.8 and C.9), for the same bye contexts."""
    checked = 0
    for order, layout, bye in _rounds_and_bye_contexts():
        constant, high, low = next_parts(order, bye, layout)
        for b in range(len(order)):
            for a in range(b):
                w = edge_weight(order[a], order[b], False, True, bye, layout)
                assert (w != 0) == may_meet(order[a], order[b], layout)
                if w:
                    assert w == constant + high[a] + low[b]
                    checked += 1
    assert checked > 1000
