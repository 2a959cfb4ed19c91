"""Pairing whole McMahon rounds: hard rules, byes, handicap, weights, explanations."""

import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.mcmahon import (
    ABSENT,
    BYE,
    GAME,
    Coefficients,
    McMahonConfig,
    McMahonPlayer,
    McMahonRequest,
    NoValidPairing,
    RoundRecord,
    pair_round,
    player_states,
)
from pairing.engine.mcmahon.area import same_area
from pairing.engine.mcmahon.groups import build_draw
from pairing.engine.mcmahon.handicap import handicap_rank, handicap_stones
from pairing.engine.mcmahon.weights import McMahonWeights


def play_round(players, pairing, rng):
    """Players with one more round recorded: random results, the bye, absences."""
    records = {}
    for g in pairing.games:
        outcome = rng.choice([(1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])
        records[g.white] = RoundRecord(GAME, g.black, 1, outcome[0], g.handicap)
        records[g.black] = RoundRecord(GAME, g.white, -1, outcome[1], g.handicap)
    for b in pairing.byes:
        records[b.player] = RoundRecord(BYE if b.reason == "pairing" else ABSENT)
    return tuple(
        McMahonPlayer(
            p.id,
            p.rank,
            name=p.name,
            rating=p.rating,
            club=p.club,
            country=p.country,
            rounds=(*p.rounds, records[p.id]),
        )
        for p in players
    )


def field(n, rng, clubs="ABCDEFG", countries="XYZ", ranks=(-25, -1)):
    return tuple(
        McMahonPlayer(
            k + 1,
            rng.randint(*ranks),
            name=f"P{k + 1}",
            rating=rng.randint(100, 2700),
            club=rng.choice(clubs),
            country=rng.choice(countries),
        )
        for k in range(n)
    )


def check_hard_rules(players, pairing, config, prohibited=(), forbid_same_club=False):
    states = {
        s.player.id: s for s in player_states(McMahonRequest(players, pairing.round_number, config))
    }
    barred = {frozenset(p) for p in prohibited}
    seen = []
    for g in pairing.games:
        w, b = states[g.white], states[g.black]
        seen += [g.white, g.black]
        assert g.black not in w.opponents, "rematch"
        assert frozenset((g.white, g.black)) not in barred, "prohibited pair"
        if forbid_same_club:
            assert not same_area(w.player.club, b.player.club), "same club"
        assert 0 <= g.handicap <= config.handicap_cap
        stones = handicap_stones(w.mms, b.mms, w.player.rank, b.player.rank, config)
        assert g.handicap == stones, "stones as OpenGotha counts them"
        if g.handicap > 0:
            ranks = handicap_rank([w.mms, b.mms], [w.player.rank, b.player.rank], config)
            assert ranks[0] > ranks[1], "the stronger player gives the stones"
            assert g.komi == config.komi_handicap
    byes = [b.player for b in pairing.byes if b.reason == "pairing"]
    seen += [b.player for b in pairing.byes]
    assert sorted(seen) == sorted(p.id for p in players), "everyone exactly once"
    assert len(byes) <= 1
    if byes:
        earlier = {pid for pid, s in states.items() if s.pairing_byes}
        present = [p.id for p in players if not p.absent and not p.bye_requested]
        if set(present) - earlier:
            assert byes[0] not in earlier
    return states


def has_perfect_matching(players, round_number, config):
    """Independent check with networkx: can the field be paired at all under
    the hard rule (no rematch), one player having the bye in an odd field?"""
    states = player_states(McMahonRequest(players, round_number, config))
    present = [s for s in states if not s.player.absent and not s.player.bye_requested]
    g = nx.Graph()
    g.add_nodes_from(range(len(present)))
    for a in range(len(present)):
        for b in range(a + 1, len(present)):
            x, y = present[a], present[b]
            if y.player.id in x.opponents:
                continue
            g.add_edge(a, b)
    if len(present) % 2:
        fewest = min(s.pairing_byes for s in present)
        g.add_edges_from(("bye", a) for a, s in enumerate(present) if s.pairing_byes == fewest)
    matching = nx.max_weight_matching(g, maxcardinality=True)
    return 2 * len(matching) == g.number_of_nodes()


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 31), rounds=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_hard_rules_over_whole_tournaments(n, rounds, seed):
    rng = random.Random(seed)
    config = McMahonConfig(bar=rng.choice([0, -3, None]), handicap_cap=rng.choice([9, 3, 0]))
    players = field(n, rng, ranks=(-25, 5))
    for r in range(1, rounds + 1):
        try:
            pairing = pair_round(McMahonRequest(players, r, config, seed=seed))
        except NoValidPairing:
            assert not has_perfect_matching(players, r, config)
            return
        check_hard_rules(players, pairing, config)
        players = play_round(players, pairing, rng)


def test_round_one_pairs_inside_groups_and_gives_white_to_the_stronger():
    players = tuple(McMahonPlayer(k + 1, -5, rating=1700 - k, club=str(k)) for k in range(4))
    pairing = pair_round(McMahonRequest(players, 1))
    assert len(pairing.games) == 2 and not pairing.byes
    # split and fold: strongest v weakest, 2nd v 3rd
    assert {(g.white, g.black) for g in pairing.games} == {(1, 4), (2, 3)}
    assert all(g.game_class == "even" and g.komi == 7.5 for g in pairing.games)


def test_bye_goes_to_the_lowest_placed_player_without_an_earlier_bye():
    rng = random.Random(3)
    players = tuple(McMahonPlayer(k + 1, -k, club=str(k)) for k in range(5))  # 1d .. 4k
    config = McMahonConfig(bar=None)
    first = pair_round(McMahonRequest(players, 1, config))
    assert [(b.player, b.reason, b.points) for b in first.byes] == [(5, "pairing", 1.0)]
    players = play_round(players, first, rng)
    second = pair_round(McMahonRequest(players, 2, config))
    states = player_states(McMahonRequest(players, 2, config))
    candidates = sorted(
        (s for s in states if s.player.id != 5), key=lambda s: (s.mms, s.player.rank)
    )
    assert second.byes[0].player == candidates[0].player.id


def test_bye_moves_up_when_the_rest_cannot_be_paired():
    # 1 may meet nobody but 2 (prohibited with 3, 4 and 5) and has met 2:
    # whoever else sits out, 1 is left alone, so 1 gets the bye
    g = RoundRecord
    players = (
        McMahonPlayer(1, 0, rounds=(g(GAME, 2, 1, 1.0),)),  # 31
        McMahonPlayer(2, -1, rounds=(g(GAME, 1, -1, 1.0),)),  # 30
        McMahonPlayer(3, -3, rounds=(g(GAME, 4, 1, 0.5),)),  # 27.5
        McMahonPlayer(4, -3, rounds=(g(GAME, 3, -1, 0.5),)),  # 27.5
        McMahonPlayer(5, -4, rounds=(g(BYE),)),  # 27
    )
    request = McMahonRequest(
        players, 2, McMahonConfig(bar=0), prohibited_pairs=((1, 3), (4, 1), (1, 5))
    )
    pairing = pair_round(request)
    assert [b.player for b in pairing.byes] == [1]


def test_absent_and_requested_byes_sit_out():
    players = (
        McMahonPlayer(1, 0), McMahonPlayer(2, 0), McMahonPlayer(3, 0, absent=True),
        McMahonPlayer(4, 0, bye_requested=True), McMahonPlayer(5, 0), McMahonPlayer(6, 0),
    )  # fmt: skip
    pairing = pair_round(McMahonRequest(players, 1))
    reasons = {b.player: (b.reason, b.points) for b in pairing.byes}
    assert reasons == {3: ("absent", 0.5), 4: ("requested", 0.5)}
    assert len(pairing.games) == 2


def test_no_rematch_even_when_it_is_the_best_score_pairing():
    players = (
        McMahonPlayer(1, 0, rounds=(RoundRecord(GAME, 2, 1, 1.0),)),
        McMahonPlayer(2, 0, rounds=(RoundRecord(GAME, 1, -1, 1.0),)),
        McMahonPlayer(3, -10, rounds=(RoundRecord(GAME, 4, 1, 0.0),)),
        McMahonPlayer(4, -10, rounds=(RoundRecord(GAME, 3, -1, 0.0),)),
    )
    config = McMahonConfig(bar=None)
    pairing = pair_round(McMahonRequest(players, 2, config))
    pairs = {frozenset((g.white, g.black)) for g in pairing.games}
    assert frozenset((1, 2)) not in pairs and frozenset((3, 4)) not in pairs


def test_handicap_stones_komi_and_the_cap():
    config = McMahonConfig(bar=0, floor=-30)
    players = (McMahonPlayer(1, -5), McMahonPlayer(2, -10))  # MMS 25 and 20
    g = pair_round(McMahonRequest(players, 1, config)).games[0]
    assert (g.white, g.black, g.handicap, g.komi, g.game_class) == (1, 2, 4, 0.5, "handicap")
    players = (McMahonPlayer(1, -2), McMahonPlayer(2, -25))  # gap 23
    g = pair_round(McMahonRequest(players, 1, config)).games[0]
    assert g.handicap == 9
    g = pair_round(McMahonRequest(players, 1, config.with_changes(handicap_cap=5))).games[0]
    assert g.handicap == 5
    uneven = (McMahonPlayer(1, -5), McMahonPlayer(2, -6))
    g = pair_round(McMahonRequest(uneven, 1, config)).games[0]
    assert (g.handicap, g.game_class, g.komi) == (0, "uneven", 7.5)


def test_a_handicap_game_with_a_player_at_the_bar_is_allowed():
    # 2d and 1d at the bar (MMS 30) have met; 5k (25) and 10k (20) have met
    config = McMahonConfig(bar=0, no_handicap_rank=None)
    met = (
        McMahonPlayer(1, 1, rounds=(RoundRecord(GAME, 2, 1, 1.0),)),
        McMahonPlayer(2, 0, rounds=(RoundRecord(GAME, 1, -1, 0.0),)),
        McMahonPlayer(3, -5, rounds=(RoundRecord(GAME, 4, 1, 1.0),)),
        McMahonPlayer(4, -10, rounds=(RoundRecord(GAME, 3, -1, 0.0),)),
    )
    pairing = pair_round(McMahonRequest(met, 2, config))
    assert len(pairing.games) == 2
    assert all(g.handicap > 0 for g in pairing.games)
    # OpenGotha's "no handicap above 1k": the 2d and 1d count as 1k
    capped = pair_round(McMahonRequest(met, 2, config.with_changes(no_handicap_rank=-1)))
    stones = {frozenset((g.white, g.black)): g.handicap for g in capped.games}
    plain = {frozenset((g.white, g.black)): g.handicap for g in pairing.games}
    assert stones.keys() == plain.keys()
    assert all(stones[k] < plain[k] for k in stones)


def test_stones_count_from_the_no_handicap_rank_as_opengotha_does():
    config = McMahonConfig(bar=None, floor=None, no_handicap_rank=0, handicap_basis="rank")
    stones = handicap_stones(31, 20, 3, -8, config)  # 4d v 8k: the 4d counts as 1d
    assert stones == 8 - 1
    assert handicap_stones(31, 20, 3, 1, config) == 0  # 4d v 2d: both above 1d
    assert handicap_stones(31, 20, 3, -1, config) == 0  # 4d v 1k: 1 rank minus 1
    reduced = config.with_changes(handicap_reduction=-1)  # OpenGotha's "handicap +1"
    assert handicap_stones(31, 20, -2, -2, reduced) == 0  # even stays even
    assert handicap_stones(31, 20, -2, -3, reduced) == 2
    by_mms = config.with_changes(handicap_basis="mms", zero=-30)
    # MMS 32.5 stands for 3d (2), clipped to 1d (0); MMS 27 stands for 3k (-3)
    assert handicap_stones(32.5, 27, 0, 0, by_mms) == 3 - 1


def test_integer_weights_keep_the_order_of_the_real_weights():
    rng = random.Random(7)
    players = field(60, rng)
    states = player_states(McMahonRequest(players, 1))
    draw = build_draw(states, McMahonConfig(), 1, 0)
    oracle = McMahonWeights(draw, McMahonConfig(), 1)
    i, j = np.triu_indices(draw.n, k=1)
    _, real = oracle.real_weights(i, j)
    _, scaled = oracle.edge_weights(i, j)
    order = np.argsort(real, kind="stable")
    assert np.all(np.diff(scaled[order]) >= 0)
    assert np.all(scaled >= 0) and scaled.max() <= 2**50
    assert scaled.dtype == np.int64
    assert np.allclose(scaled / oracle.scale, real, atol=2.0 / oracle.scale)
    # the hint lists allowed pairs only
    ci, cj = oracle.candidate_edges()
    assert np.all(oracle.allowed(ci, cj))


def test_every_board_explains_itself():
    rng = random.Random(11)
    players = field(12, rng)
    pairing = pair_round(McMahonRequest(players, 1))
    players = play_round(players, pairing, rng)
    pairing = pair_round(McMahonRequest(players, 2, detailed_explanations=True))
    for g in pairing.games:
        e = g.explanation
        assert f"{g.white}" in e.summary and f"{g.black}" in e.summary
        names = [c.name for c in e.components]
        assert "mms" in names and "colour" in names
        assert sum(c.weight for c in e.components) > 0
        assert e.runner_up is not None and e.runner_up_for in (g.white, g.black)
        assert any(c.margin is not None for c in e.components)
        assert "same-mms" in e.flags or "plays-up" in e.flags
        data = e.to_dict()
        assert data["text"] == e.text() and data["sentences"]
        assert [c["name"] for c in data["components"]] == names
        assert data["handicap"] == g.handicap and data["komi"] == g.komi
    boards = [g.board for g in pairing.games]
    assert boards == list(range(1, len(boards) + 1))


def test_random_strategy_and_area_shuffles_are_reproducible():
    rng = random.Random(5)
    players = field(20, rng)
    config = McMahonConfig(even_strategy="random")
    a = pair_round(McMahonRequest(players, 1, config, seed=42))
    b = pair_round(McMahonRequest(players, 1, config, seed=42))
    assert [(g.white, g.black) for g in a.games] == [(g.white, g.black) for g in b.games]


def test_components_match_the_named_functions_pair_by_pair():
    from pairing.engine.mcmahon.area import area_deviation
    from pairing.engine.mcmahon.colour import colour_deviation
    from pairing.engine.mcmahon.components import (
        even_deviation,
        grade_factor,
        sech_weight,
    )
    from pairing.engine.mcmahon.uneven import (
        balance_deviation,
        omega,
        out_deviation,
        seed_deviation,
    )

    rng = random.Random(21)
    config = McMahonConfig(bar=0, even_strategy="split-match", seed_strategy="fold")
    players = field(40, rng, ranks=(-12, 2), clubs="ABC", countries="XY")
    for r in (1, 2):
        pairing = pair_round(McMahonRequest(players, r, config))
        players = play_round(players, pairing, rng)
    states = player_states(McMahonRequest(players, 3, config))
    draw = build_draw(states, config, 3, 0)
    oracle = McMahonWeights(draw, config, 3)
    d, s, c = draw, config.shapes, config.coefficients
    i, j = np.triu_indices(d.n, k=1)
    parts = oracle.components(i, j)
    seen = {"even": 0, "uneven": 0, "colour": 0}
    for k in range(0, len(i), 7):
        u, v = int(i[k]), int(j[k])
        g = (d.grade[u] + d.grade[v]) / 2
        f = float(grade_factor(config.score_curve, g))
        gap = abs(d.mms[u] - d.mms[v])
        assert parts["mms"][k] == pytest.approx(c.mms * sech_weight(s.mms * f, d.mms[u] - d.mms[v]))
        even = 0.0
        if gap == 0:
            even = c.even * sech_weight(
                s.even * f, even_deviation("split-match", d.seed[u], d.seed[v])
            )
        assert parts["even"][k] == pytest.approx(even)
        seen["even"] += even > 0
        uneven = 0.0
        if 0 < gap <= 1:
            lo, up = (u, v) if d.mms[u] < d.mms[v] else (v, u)
            uneven = c.uneven * omega(
                sech_weight(
                    s.out * f,
                    out_deviation(
                        d.group[lo], d.group[up], d.out_count[lo] + 1, d.out_count[up] + 1
                    ),
                ),
                sech_weight(s.balance * f, balance_deviation(d.balance[lo], d.balance[up], 2)),
                sech_weight(s.seed * f, seed_deviation("fold", d.seed[lo], d.seed[up])),
            )
        assert parts["uneven"][k] == pytest.approx(uneven)
        seen["uneven"] += uneven > 0
        fa = s.area * float(grade_factor(config.area_curve, g))
        same = gap == 0
        country = sech_weight(
            fa,
            area_deviation(
                d.country_seed[u], d.country_seed[v], same, d.country[u] == d.country[v]
            ),
        )
        club = sech_weight(
            fa, area_deviation(d.club_seed[u], d.club_seed[v], same, d.club[u] == d.club[v])
        )
        assert parts["area"][k] == pytest.approx(c.area * (country + club) / 2)
        st_u, st_v = d.states[u], d.states[v]
        stones = handicap_stones(st_u.mms, st_v.mms, st_u.player.rank, st_v.player.rank, config)
        colour = 0.0
        if stones == 0:  # colours are free in games without stones
            dev = colour_deviation(
                d.colour_balance[u], d.colour_alternation[u], d.last_colour[u],
                d.colour_balance[v], d.colour_alternation[v], d.last_colour[v], 2,
            )  # fmt: skip
            fc = s.colour * float(grade_factor(config.colour_curve, g))
            colour = c.colour * sech_weight(fc, dev)
        assert parts["colour"][k] == pytest.approx(colour)
        seen["colour"] += colour > 0
    assert min(seen.values()) > 0  # every conditional component was exercised


def _pairs(pairing):
    return {frozenset((g.white, g.black)) for g in pairing.games}


def test_play_in_groups_play_each_other():
    players = tuple(
        McMahonPlayer(k + 1, -5, rating=1700 - k, play_in_group="AB"[k // 2]) for k in range(4)
    )
    plain = pair_round(McMahonRequest(players, 1, McMahonConfig()))
    assert _pairs(plain) == {frozenset((1, 4)), frozenset((2, 3))}  # split and fold
    config = McMahonConfig().with_changes(coefficients=Coefficients(play_in=500.0))
    assert _pairs(pair_round(McMahonRequest(players, 1, config))) == {
        frozenset((1, 2)),
        frozenset((3, 4)),
    }


def test_play_out_groups_avoid_each_other():
    groups = ["X", "Y", "Y", "X"]  # the fold pairs 1-4 and 2-3 are both inside a group
    players = tuple(
        McMahonPlayer(k + 1, -5, rating=1700 - k, play_out_group=groups[k]) for k in range(4)
    )
    config = McMahonConfig().with_changes(coefficients=Coefficients(play_out=500.0))
    pairs = _pairs(pair_round(McMahonRequest(players, 1, config)))
    assert frozenset((1, 4)) not in pairs and frozenset((2, 3)) not in pairs


def test_banding_keeps_pairs_inside_bands():
    # everyone at the bar (3d and stronger) starts equal; bands split 5d/4d from 3d/3d
    players = (McMahonPlayer(1, 4), McMahonPlayer(2, 3), McMahonPlayer(3, 2), McMahonPlayer(4, 2))
    plain = McMahonConfig(bar=2)
    assert _pairs(pair_round(McMahonRequest(players, 1, plain))) == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }
    banded = plain.with_changes(bands=(3,), coefficients=Coefficients(banding=500.0))
    assert _pairs(pair_round(McMahonRequest(players, 1, banded))) == {
        frozenset((1, 2)),
        frozenset((3, 4)),
    }


@pytest.mark.parametrize(
    "changes",
    [
        {"area_method": "simple"},
        {"balance_rule": "partial"},
        {"seed_strategy": "match", "even_strategy": "split-mix"},
        {"even_strategy": "fine-grain", "area_same_penalty": 0.0},
    ],
)
def test_every_strategy_pairs_a_whole_event(changes):
    rng = random.Random(17)
    config = McMahonConfig(**changes)
    players = field(25, rng)
    for r in range(1, 5):
        pairing = pair_round(McMahonRequest(players, r, config))
        check_hard_rules(players, pairing, config)
        players = play_round(players, pairing, rng)


def test_tiny_fields():
    alone = pair_round(McMahonRequest((McMahonPlayer(1, 0),), 1))
    assert alone.games == () and [(b.player, b.reason) for b in alone.byes] == [(1, "pairing")]
    empty = pair_round(McMahonRequest((), 1))
    assert empty.games == () and empty.byes == () and empty.quality.games == 0
