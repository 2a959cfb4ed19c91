"""Standings, the registry, presets, the record converter and table checks."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from pairing.record import PlayerRecord, RoundEntry, TournamentRecord
from pairing.record_table import table_from_record
from tests.tiebreaks.loaders import load_fide_exercise
from tiebreaks.methods.context import Context
from tiebreaks.methods.presets import PRESETS, get_preset
from tiebreaks.methods.registry import UnknownTiebreak, all_methods, canonical, get_method
from tiebreaks.methods.standings import standings
from tiebreaks.methods.table import Kind, Player, ResultsTable, RoundResult, TableError
from tiebreaks.methods.unplayed import Rules


@pytest.fixture(scope="module")
def exercise():
    return load_fide_exercise()


def test_order_values_and_reasons(exercise):
    result = standings(exercise, tiebreaks=["BH-C1", "BH", "SB"], rules="2024")
    got = [(r.place_label, r.id, r.score, r.reason) for r in result.rows]
    assert got[:9] == [
        ("1", 2, 4.0, None),
        ("2", 3, 3.5, "score"),
        ("3", 4, 3.5, "BH-C1"),  # 11.5
        ("4", 1, 3.5, "BH-C1"),  # 11.0, BH 12.5, SB 8.00
        ("5", 16, 3.5, "SB"),  # 11.0, BH 12.5, SB 7.25
        ("6", 6, 3.0, "score"),
        ("7", 11, 2.5, "score"),  # 12.0, 13.5, SB 5.75
        ("8", 8, 2.5, "SB"),  # 12.0, 13.5, SB 5.25
        ("9", 5, 2.5, "BH-C1"),
    ]
    assert result.rows[3].values == (11.0, 12.5, 8.0)
    assert result.tiebreaks == ("BH-C1", "BH", "SB")


def test_shared_places_when_everything_ties(exercise):
    result = standings(exercise, tiebreaks=["WIN"])
    group = [(r.place_label, r.id, r.reason) for r in result.rows[1:5]]
    # 3.5 points: player 16 has 3 wins, players 1, 3 and 4 two each: 3-5 shared
    assert group == [("2", 16, "score"), ("3-5", 1, "WIN"), ("3-5", 3, None), ("3-5", 4, None)]
    assert [r.place for r in result.rows[2:5]] == [3, 3, 3]


def test_after_a_round(exercise):
    result = standings(exercise, tiebreaks=["BH"], after_round=2)
    assert result.after_round == 2
    for row in result.rows:
        i = row.index
        assert row.score == exercise.result(i, 0).points + exercise.result(i, 1).points
    assert [(r.id, r.score) for r in result.rows[:1]] == [(2, 2.0)]
    # BH after round 2 for player 4 (W v 12, half-point bye): 12 has 1.0, dummy 1.5
    four = next(r for r in result.rows if r.id == 4)
    assert four.values == (2.5,)
    with pytest.raises(TableError, match="after round 6"):
        standings(exercise, after_round=6)


def test_json_shape(exercise):
    data = standings(exercise, preset="FIDE Swiss 2026").to_dict()
    text = json.dumps(data)
    assert json.loads(text) == data
    first = data["standings"][0]
    assert set(first) >= {"rank", "id", "name", "score", "tiebreaks"}
    assert list(first["tiebreaks"]) == ["BH-C1", "BH", "SB", "DE", "WIN", "BWG"]
    assert isinstance(first["tiebreaks"]["BH"], float)
    assert isinstance(first["tiebreaks"]["WIN"], int)
    assert data["rules"] == "2026"


def test_preset_rules_and_override(exercise):
    by_preset = standings(exercise, preset="fide-swiss-2026")
    assert by_preset.rules is Rules.FIDE_2026
    overridden = standings(exercise, preset="FIDE Swiss 2026", rules="2024")
    assert overridden.rules is Rules.FIDE_2024
    own_order = standings(exercise, preset="FIDE Swiss 2026", tiebreaks=["SB"])
    assert own_order.tiebreaks == ("SB",)
    assert own_order.rules is Rules.FIDE_2026


def test_presets_use_registered_methods():
    names = {p.name for p in PRESETS}
    assert names == {
        "FIDE Swiss 2026",
        "FIDE Swiss 2024",
        "Legacy FIDE (C.02)",
        "FIDE Round-robin",
        "EGF McMahon",
        "Indirect (Pippel)",
    }
    for preset in PRESETS:
        for name in preset.tiebreaks:
            assert canonical(name) == name
    assert get_preset("EGF McMahon").primary == "MMS"
    assert get_preset("legacy fide c02").rules is Rules.LEGACY
    with pytest.raises(ValueError, match="unknown preset"):
        get_preset("Olympiad 1939")


def test_registry_spellings():
    assert canonical("bh/c1") == "BH-C1"
    assert canonical("BHC1") == "BH-C1"
    assert canonical("AROC1") == "ARO-C1"
    assert canonical("aro-c1") == "ARO-C1"
    assert canonical("GE") == "REP"
    assert canonical("sos1") == "SOS-1"
    with pytest.raises(UnknownTiebreak, match="known: "):
        canonical("TB99")
    with pytest.raises(UnknownTiebreak):
        canonical("AOB-C1")  # AOB takes no modifier


def test_every_method_is_documented_and_computes(exercise):
    ctx = Context(exercise, Rules.FIDE_2024)
    for acronym, method in all_methods().items():
        assert method.rule and method.title, acronym
        assert len(method.doc) > 20, acronym
        values = method.compute(ctx) if not method.uses_ties else method.compute(ctx, None)
        assert np.asarray(values).shape == (16,), acronym


def test_mcmahon_primary_score_and_go_methods():
    R = RoundResult
    rows = [
        [R(Kind.WIN, 1, 1, "b"), R(Kind.DRAW, 0.5, 2, "w")],
        [R(Kind.LOSS, 0, 0, "w"), R(Kind.ABSENT, 0)],
        [R(Kind.PAB, 1), R(Kind.DRAW, 0.5, 0, "b")],
    ]
    players = [
        Player(1, "A", mms_start=2),
        Player(2, "B", mms_start=1),
        Player(3, "C", mms_start=0),
    ]
    table = ResultsTable.build(players, rows)
    ctx = Context(table)

    def v(acronym):
        return get_method(acronym).values(ctx).tolist()

    assert v("MMS") == [3.5, 1.0, 1.5]
    # a round without a game adds the player's own starting MMS
    assert v("SOS") == [1.0 + 1.5, 3.5 + 1.0, 0.0 + 3.5]
    assert v("SOS-1") == [1.5, 3.5, 3.5]
    assert v("SOS-2") == [0.0, 0.0, 0.0]
    assert v("SOSOS") == [4.5 + 3.5, 2.5, 2.5]
    assert v("SODOS") == [1.0 + 0.5 * 1.5, 0.0, 0.5 * 3.5]
    assert v("CUSS") == [3 + 3.5, 1 + 1, 1 + 1.5]
    result = standings(table, preset="EGF McMahon")
    assert result.primary == "MMS"
    assert [(r.id, r.score) for r in result.rows] == [(1, 3.5), (3, 1.5), (2, 1.0)]


def test_swiss_go_counts_wins_and_no_virtual_score():
    R = RoundResult
    rows = [[R(Kind.WIN, 1, 1, "b")], [R(Kind.LOSS, 0, 0, "w")], [R(Kind.PAB, 1)]]
    table = ResultsTable.build([Player(1), Player(2), Player(3)], rows)
    assert get_method("SOS").values(Context(table)).tolist() == [0.0, 1.0, 0.0]


def test_graph_without_strong_connection_warns_and_stays_finite():
    # 1 beats 2 and 3, 2 beats 3: nobody ever beats player 1.
    R = RoundResult
    rows = [
        [R(Kind.WIN, 1, 1, "w"), R(Kind.WIN, 1, 2, "b"), R(Kind.ABSENT, 0)],
        [R(Kind.LOSS, 0, 0, "b"), R(Kind.ABSENT, 0), R(Kind.WIN, 1, 2, "w")],
        [R(Kind.ABSENT, 0), R(Kind.LOSS, 0, 0, "w"), R(Kind.LOSS, 0, 1, "b")],
    ]
    table = ResultsTable.build([Player(1), Player(2), Player(3)], rows)
    with pytest.warns(UserWarning, match="not strongly connected"):
        result = standings(table, tiebreaks=["RELO", "RB", "LS", "GRS"])
    assert any("virtual opponent" in w for w in result.warnings)
    for row in result.rows:
        assert all(np.isfinite(v) for v in row.values)
    relo = [r.values[0] for r in result.rows]
    assert relo[0] > relo[1] > relo[2]


def test_disconnected_graph_warns_for_least_squares():
    R = RoundResult
    rows = [
        [R(Kind.DRAW, 0.5, 1, "w")],
        [R(Kind.DRAW, 0.5, 0, "b")],
        [R(Kind.WIN, 1, 3, "w")],
        [R(Kind.LOSS, 0, 2, "b")],
    ]
    table = ResultsTable.build([Player(k) for k in range(1, 5)], rows)
    ctx = Context(table)
    with pytest.warns(UserWarning, match="not connected"):
        ls = get_method("LS").values(ctx)
    assert np.all(np.isfinite(ls))
    assert ls[2] > ls[0] > ls[3]
    assert ls[0] == pytest.approx(ls[1], abs=1e-12)


def test_table_refuses_a_one_sided_game():
    R = RoundResult
    rows = [[R(Kind.WIN, 1, 1, "w")], [R(Kind.LOSS, 0, 2, "b")], [R(Kind.LOSS, 0, 1, "b")]]
    with pytest.raises(TableError, match=r"player 1 \(A\), round 1"):
        ResultsTable.build([Player(1, "A"), Player(2, "B"), Player(3, "C")], rows)
    with pytest.raises(TableError, match="needs an opponent"):
        ResultsTable.build([Player(1)], [[R(Kind.WIN, 1)]])


def _record() -> TournamentRecord:
    e = RoundEntry
    players = [
        PlayerRecord(id=1, name="Ann", rating=2000, rounds=[e(2, "w", "1"), e(None, "-", "H")]),
        PlayerRecord(id=2, name="Bob", rating=1900, rounds=[e(1, "b", "0"), e(3, "w", "+")]),
        PlayerRecord(id=3, name="Cid", rounds=[e(None, "-", "U"), e(2, "-", "-")]),
    ]
    return TournamentRecord(name="t", players=players, total_rounds=2)


def test_table_from_record():
    table = table_from_record(_record())
    kinds = [[table.result(i, r).kind for r in range(2)] for i in range(3)]
    assert kinds == [
        [Kind.WIN, Kind.HALF_BYE],
        [Kind.LOSS, Kind.FORFEIT_WIN],
        [Kind.PAB, Kind.FORFEIT_LOSS],
    ]
    assert table.scores.tolist() == [1.5, 1.0, 1.0]
    assert table.players[2].rating is None
    assert table_from_record(_record(), after_round=1).rounds_completed == 1


def test_record_scoring_and_older_bye_spelling():
    record = _record()
    record.points = dict(record.points) | {"1": Fraction(3), "=": Fraction(1), "U": Fraction(3)}
    record.players[0].rounds[1] = RoundEntry(None, "-", "=")  # older half-point bye
    table = table_from_record(record)
    assert table.scoring.win == 3.0
    assert table.result(0, 1).kind is Kind.HALF_BYE
    assert table.result(2, 0).points == 3.0


def test_record_errors_name_player_and_round():
    record = _record()
    record.players[1].rounds[1] = RoundEntry(7, "w", "+")
    with pytest.raises(TableError, match=r"player 2 \(Bob\), round 2: opponent 7"):
        table_from_record(record)
    record = _record()
    record.players[0].rounds[0] = RoundEntry(None, "-", "1")
    with pytest.raises(TableError, match=r"player 1 \(Ann\), round 1"):
        table_from_record(record)


def test_fide_rating_tables():
    from tiebreaks.methods.performance import dp_from_p, expected_score

    assert dp_from_p(np.array([1.0, 0.8, 0.5, 0.3, 0.0])).tolist() == [800, 240, 0, -149, -800]
    # table 8.1b: 154-162 -> 0.71; 3 -> 0.50; 736 and above -> 1.00
    assert expected_score(np.array([160, -160, 3, 4, 736])).tolist() == pytest.approx(
        [0.71, 0.29, 0.50, 0.51, 1.0]
    )


def test_perfect_performance_at_the_extremes():
    R = RoundResult
    rows = [
        [R(Kind.WIN, 1, 1, "w"), R(Kind.WIN, 1, 2, "b")],
        [R(Kind.LOSS, 0, 0, "b"), R(Kind.ABSENT, 0)],
        [R(Kind.ABSENT, 0), R(Kind.LOSS, 0, 0, "w")],
    ]
    players = [Player(1, rating=2000), Player(2, rating=1800), Player(3, rating=1700)]
    table = ResultsTable.build(players, rows)
    ptp = get_method("PTP").values(Context(table)).tolist()
    # 1 won both: highest opponent + 800; 2 and 3 scored nothing: lowest - 800
    assert ptp == [1800 + 800, 2000 - 800, 2000 - 800]
