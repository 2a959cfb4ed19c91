"""blossom-simulate end to end, the report, its plots, the progress bar and the
plain-language recommendation."""

from __future__ import annotations

import io
import itertools
import json

import numpy as np
import pytest

from pairing.cli import simulate as cli
from pairing.simulation.plot import letter_values, svg_text
from pairing.simulation.progress import ProgressBar
from pairing.simulation.recommend import leaders, name_part, recommend
from pairing.simulation.summary import describe, pearson, without_values


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


SMALL = ("--players", 10, "--rounds", 4, "--events", 4, "--workers", 1, "--quiet")


def test_a_small_run_writes_the_report_and_the_plot(tmp_path):
    report, plot = tmp_path / "r.json", tmp_path / "r.svg"
    code, out, err = run(*SMALL, "--systems", "dutch,burstein", "--json", report, "--plot", plot)
    assert (code, err) == (0, "")
    assert out.splitlines()[0].split()[:4] == ["system", "tau", "rho", "NDCG"]
    assert "events/s" in out
    doc = json.loads(report.read_text())
    assert doc["params"]["players"] == 10 and doc["params"]["strength"] == "uniform:1400:2200"
    assert list(doc["systems"]) == ["dutch", "burstein"]
    for data in doc["systems"].values():
        for key in ("kendall_tau", "float_pairs", "acd_final", "spearman", "ndcg", "nsd"):
            stats = data[key]
            assert len(stats["values"]) == 4
            assert stats["ci95"][0] <= stats["mean"] <= stats["ci95"][1]
            assert stats["mean"] == pytest.approx(np.mean(stats["values"]))
        assert data["violations"] == 0 and data["failures"] == 0
        assert len(data["acd_by_round"]) == 4
    svg = plot.read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "Kendall tau" in svg


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--players", 1), "players: at least 2"),
        (("--strength", "bogus:1:2"), "unknown strength model"),
        (("--systems", "dutch,external"), "'external' needs --engine-cmd"),
        (("--events", "many"), "invalid int value"),
        (("--workers", 0), "--workers must be at least 1"),
    ],
)
def test_bad_arguments_exit_3_with_a_message(argv, message):
    code, out, err = run(*argv)
    assert code == 3 and out == ""
    assert message in err and err.startswith("blossom-simulate: ")


def test_an_output_folder_that_does_not_exist_is_refused_before_running(tmp_path):
    code, out, err = run(*SMALL, "--json", tmp_path / "missing" / "r.json")
    assert code == 5 and out == ""
    assert "cannot write" in err and "missing" in err


def test_an_engine_that_cannot_be_run_exits_1():
    code, _, err = run(*SMALL, "--systems", "external", "--engine-cmd", "/nonexistent/bbp --dutch")
    assert code == 1
    assert "'/nonexistent/bbp' was not found" in err


def test_the_progress_bar_writes_tenths_when_not_on_a_terminal():
    stream = io.StringIO()
    ticks = iter(range(100))
    bar = ProgressBar(stream, clock=lambda: float(next(ticks)))
    for done in range(1, 21):
        bar(done, 20)
    bar.close()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11  # the first event, then every tenth
    assert lines[0].startswith("[#") and " 1/20 events " in lines[0]
    assert lines[-1].startswith("[" + "#" * 30 + "] 20/20 events 100%")


def test_describe_gives_the_mean_and_its_interval():
    d = describe([1.0, 2.0, 3.0, 4.0])
    assert d["mean"] == 2.5 and d["median"] == 2.5
    half = 1.96 * np.std([1, 2, 3, 4], ddof=1) / 2
    assert d["ci95"] == pytest.approx([2.5 - half, 2.5 + half])
    assert describe([3, 5], integer=True)["values"] == [3, 5]
    assert describe([])["mean"] is None


def test_letter_values_nest_outwards():
    data = np.arange(1000, dtype=float)
    boxes = letter_values(data)
    assert len(boxes) == int(np.log2(1000)) - 3
    assert boxes[0] == pytest.approx((249.75, 749.25))
    assert all(a[0] > b[0] and a[1] < b[1] for a, b in itertools.pairwise(boxes))


def _doc(**means):
    """A report with the given (tau, floats) means and tight intervals."""
    systems = {}
    for name, (tau, floats) in means.items():
        systems[name] = {
            "kendall_tau": {"mean": tau, "ci95": [tau - 0.005, tau + 0.005], "values": [tau] * 3},
            "float_pairs": {
                "mean": floats,
                "ci95": [floats - 0.2, floats + 0.2],
                "values": [floats] * 3,
            },
            "acd_final": {"mean": 32.0, "ci95": [32.0, 32.0], "values": [32] * 3},
            "acd_last_even": {"mean": 8.0, "ci95": [7.0, 9.0], "values": [6, 8, 10]},
            "violations": 0,
            "failures": 0,
            "events": 3,
        }
    return {
        "params": {"players": 32, "rounds": 7, "strength": "uniform:1400:2200", "beta": 2.0},
        "systems": systems,
    }


def test_the_recommendation_names_the_leaders():
    doc = _doc(
        dutch=(0.60, 20.0), burstein=(0.65, 16.0), monrad=(0.45, 20.5), random2=(0.646, 16.1)
    )
    assert leaders(doc, "kendall_tau", higher_is_better=True) == ["burstein", "random2"]
    assert leaders(doc, "float_pairs", higher_is_better=False) == ["burstein", "random2"]
    advice = recommend(doc)
    assert advice.headline.startswith("Burstein and Random2: best expected ranking quality")
    by_system = {v.system: v.sentence for v in advice.verdicts}
    assert "FIDE" in by_system["dutch"]
    assert by_system["burstein"].startswith(
        "Among the best expected ranking quality, among the fewest floaters. Kendall tau 0.650;"
    )
    assert by_system["monrad"].startswith("Each player against the next one down")
    assert any("Dutch" in note for note in advice.notes)


def test_the_recommendation_reports_broken_rules_and_failures():
    doc = _doc(dutch=(0.6, 20.0), external=(0.58, 22.0))
    doc["systems"]["external"]["violations"] = 3
    doc["systems"]["external"]["failures"] = 2
    notes = " ".join(recommend(doc).notes)
    assert "broken by External engine" in notes and "External engine 2" in notes


def test_plots_are_reproducible_svg():
    doc = _doc(dutch=(0.6, 20.0), burstein=(0.65, 16.0))
    assert svg_text(doc) == svg_text(doc)
    assert "values" not in json.dumps(without_values(doc))


def test_no_winner_is_named_when_the_intervals_all_overlap():
    doc = _doc(dutch=(0.600, 20.0), burstein=(0.604, 20.1), monrad=(0.598, 19.9))
    advice = recommend(doc)
    assert advice.headline.startswith("No clear winner")
    assert not any("among the best" in v.sentence.lower() for v in advice.verdicts)


def test_the_advice_is_said_in_parts_that_read_as_its_english():
    """Every sentence of the advice is also given as parts (which the web pages say in
    their reader's language); in English the parts read exactly as the sentences, and
    the cases here reach every key of the advice."""
    from pairing.engine.explanation_parts import ENGLISH, render_english

    used: set[str] = set()

    def keys(value):
        if isinstance(value, list | tuple):
            if len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict):
                used.add(value[0])
                value = list(value[1].values())
            for item in value:
                keys(item)

    docs = [
        _doc(dutch=(0.60, 20.0), burstein=(0.65, 16.0), monrad=(0.45, 20.5), random2=(0.646, 16.1)),
        _doc(dutch=(0.6, 20.0), external=(0.58, 22.0), other=(0.5, 25.0)),
        _doc(dutch=(0.600, 20.0), burstein=(0.604, 20.1), monrad=(0.598, 19.9)),
        _doc(random=(0.7, 30.0), adjacent=(0.5, 10.0), dutch=(0.6, 20.0)),
        _doc(dutch=(0.6, 20.0), burstein=(0.6, 20.0)),
        _doc(
            random=(0.6, 20.0),
            random2=(0.6, 20.0),
            adjacent=(0.6, 20.0),
            monrad=(0.6, 20.0),
            **{"fide-dutch": (0.6, 20.0)},
        ),
    ]
    docs[1]["systems"]["external"].update(violations=3, failures=2)
    docs[3]["systems"]["random"]["acd_final"] = {"mean": 1.0, "ci95": [0.9, 1.1]}
    docs[4]["systems"]["dutch"]["float_pairs"] = {}
    docs[4]["systems"]["burstein"]["kendall_tau"] = {}
    docs.append({"params": {}, "systems": {"dutch": {}, "monrad": {}}})
    for doc in docs:
        advice = recommend(doc)
        assert render_english(list(advice.headline_parts)) == advice.headline
        assert [render_english(list(n)) for n in advice.note_parts] == list(advice.notes)
        for verdict in advice.verdicts:
            assert render_english(list(verdict.parts)) == verdict.sentence
            assert render_english(name_part(verdict.system)) == verdict.name
            keys(list(verdict.parts))
            keys(name_part(verdict.system))
        keys(list(advice.headline_parts))
        keys([list(n) for n in advice.note_parts])
    lab = {
        k
        for k in ENGLISH
        if k.split("-")[0] in ("system", "about", "trait", "figures", "headline", "note")
    }
    assert lab - used == set(), lab - used


def test_pearson_correlation():
    assert pearson([1, 2, 3, 4], [2, 4, 6, 8]) == pytest.approx(1.0)
    assert pearson([1, 2, 3, 4], [8, 6, 4, 2]) == pytest.approx(-1.0)
    assert pearson([1, 1, 1], [1, 2, 3]) is None
