"""blossom-pairing end to end: -p, -c, -g, explanations, exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import types

import numpy as np
import pytest

from pairing.cli import pair as cli
from pairing.engine.swiss import engine as swiss_engine
from pairing.engine.swiss import pair_round
from pairing.engine.swiss.from_record import MIRROR, request_from_record
from pairing.formats.trf import read_trf, write_trf
from pairing.generate import GeneratorConfig, generate_tournament
from pairing.record import PlayerRecord, RoundEntry, TournamentRecord
from pairing.simulation.milvang import draw_results

SYSTEMS = ["dutch", "burstein", "monrad", "random", "random2", "adjacent"]


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = cli.main([str(a) for a in argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _partial(tmp_path, rounds_played=3, players=15, **kw):
    record = generate_tournament(
        GeneratorConfig(players=players, rounds=7, **kw), seed=1, rounds_played=rounds_played
    )
    path = tmp_path / "event.trf"
    write_trf(record, path)
    return record, path


def test_pair_to_stdout_in_the_common_engine_format(tmp_path):
    record, path = _partial(tmp_path)
    code, out, err = run("--burstein", path, "-p", "--seed", 3)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    expected = pair_round(request_from_record(record, system="burstein", seed=3))
    assert int(lines[0]) == len(lines) - 1 == len(expected.games) + 1
    assert lines[1:-1] == [f"{w} {b}" for w, b in expected.pairs()]
    assert lines[-1] == f"{expected.pairing_allocated_bye} 0"


def test_pair_to_a_file_with_explanations(tmp_path):
    _, path = _partial(tmp_path)
    target = tmp_path / "pairs.txt"
    code, out, _ = run("--mwm-dutch", path, "-p", target, "--explain")
    assert code == 0
    assert target.read_text().splitlines()[0] == "8"
    assert out.startswith("Board 1: ") and "Bye: " in out


def test_explanations_as_json(tmp_path):
    _, path = _partial(tmp_path)
    code, out, _ = run("--monrad", path, "-p", "--explain", "--json")
    document = json.loads(out)
    assert code == 0 and document["pairs"][0] == "8"
    assert document["games"][0]["explanation"]["colour_rule"]
    assert document["byes"][0]["kind"] == "pairing-allocated"


def test_help_documents_the_exit_codes(capsys):
    assert cli.main(["--help"]) == 0
    text = capsys.readouterr().out
    assert "Exit codes" in text and "5 file error" in text


def test_invalid_input_is_exit_3_with_line_and_column(tmp_path):
    _, path = _partial(tmp_path)
    text = path.read_text().splitlines()
    text[5] = text[5][:80] + " 9.0" + text[5][84:]
    path.write_text("\n".join(text))
    code, _, err = run("--dutch", path, "-p")
    assert code == 3 and "line 6, column 81" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["x.trf", "-p"],
        ["--dutch", "-g"],
        ["--dutch", "--bogus"],
        ["--dutch", "-p"],
        ["--dutch", "x.trf", "-p", "-c"],
    ],
)
def test_usage_errors_are_exit_3(argv):
    code, out, err = run(*argv)
    assert code == 3 and out == "" and err.startswith("blossom-pairing: ")


def test_missing_file_is_exit_5(tmp_path):
    code, _, err = run("--dutch", tmp_path / "none.trf", "-p")
    assert code == 5 and "none.trf" in err


def _round_robin_of_four() -> TournamentRecord:
    record = TournamentRecord(
        total_rounds=4,
        players=[PlayerRecord(id=k, name=f"P{k}", rating=2000 - k) for k in range(1, 5)],
    )
    for r, games in enumerate([[(1, 2), (3, 4)], [(3, 1), (4, 2)], [(1, 4), (2, 3)]], start=1):
        for w, b in games:
            record.set_entry(record.player(w), r, RoundEntry(b, "w", "="))
            record.set_entry(record.player(b), r, RoundEntry(w, "b", "="))
    return record


def test_no_valid_pairing_is_exit_1_and_names_players(tmp_path):
    path = tmp_path / "rr.trf"
    write_trf(_round_robin_of_four(), path)
    code, out, err = run("--mwm-dutch", path, "-p")
    assert code == 1 and out == ""
    assert "No pairing exists for round 4" in err and "already played" in err
    code, out, err = run("--dutch", path, "-p")  # FIDE's Dutch says which criteria fail
    assert code == 1 and out == "" and "absolute criteria (C.04.3 C.1 to C.3)" in err


def test_a_finished_tournament_is_invalid_input(tmp_path):
    record = generate_tournament(GeneratorConfig(players=6, rounds=2), seed=2)
    write_trf(record, tmp_path / "done.trf")
    code, _, err = run("--dutch", tmp_path / "done.trf", "-p")
    assert code == 3 and "beyond the tournament's 2 rounds" in err


def test_size_limit_is_exit_4(tmp_path, monkeypatch):
    _, path = _partial(tmp_path)
    monkeypatch.setattr("pairing.engine.swiss.weights.WEIGHT_LIMIT", 10)
    code, _, err = run("--mwm-dutch", path, "-p")
    assert code == 4 and "beyond the supported" in err


def test_more_players_than_a_trf_holds_is_exit_4(tmp_path):
    config = tmp_path / "big.cfg"
    config.write_text("PlayersNumber=10000\n")
    code, _, err = run("--dutch", "-g", config, "-o", tmp_path / "big.trf")
    assert code == 4 and "at most 9999 players" in err


def test_fide_dutch_pairs_a_round_without_loading_numpy_or_numba(tmp_path):
    """A process pairing one round by FIDE's Dutch imports neither (their start-up
    is more than the round costs below a few hundred players); the paper's Dutch
    needs numpy."""
    _, path = _partial(tmp_path, players=40)
    loaded = "print(sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'numba'}))"
    answers = []
    for system in ("--dutch", "--mwm-dutch"):
        code = (
            "import sys; from pairing.cli.pair import main; "
            f"status = main([{system!r}, {str(path)!r}, '-p', '-']); {loaded}; sys.exit(status)"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert len(done.stdout.splitlines()) > 20  # the pairs, then the modules
        answers.append(done.stdout.splitlines()[-1])
    assert answers == ["[]", "['numpy']"]


def test_unexpected_error_is_exit_2(tmp_path, monkeypatch):
    _, path = _partial(tmp_path)

    def boom(request):
        raise RuntimeError("boom")

    monkeypatch.setattr(swiss_engine, "pair_round", boom)  # imported when a round is paired
    code, _, err = run("--mwm-dutch", path, "-p")
    assert code == 2 and "unexpected error" in err and "boom" in err


def test_generate_with_a_config(tmp_path):
    config = tmp_path / "gen.cfg"
    config.write_text("PlayersNumber=12\nRoundsNumber=5\nDrawPercentage=40\n")
    target = tmp_path / "gen.trf"
    code, _, err = run("--random2", "-g", config, "-o", target, "-s", 8)
    assert code == 0 and "DrawPercentage is ignored" in err
    record = read_trf(target)
    assert len(record.players) == 12 and record.rounds_paired == 5


def test_generate_config_error_is_exit_3(tmp_path):
    config = tmp_path / "gen.cfg"
    config.write_text("PlayersNumber=12\nWhat=1\n")
    code, _, err = run("--dutch", "-g", config, "-o", tmp_path / "x.trf")
    assert code == 3 and "configuration line 2: unknown key 'What'" in err


def test_check_reports_a_broken_rule(tmp_path):
    record = generate_tournament(GeneratorConfig(players=8, rounds=4), seed=4)
    a, b = record.players[0].entry(1).opponent, 1  # 1 met `a` in round 1
    # Round 3: make 1 meet `a` again; their round-3 opponents meet each other instead.
    c, d = record.player(1).entry(3).opponent, record.player(a).entry(3).opponent
    if c == a:
        pytest.skip("already paired")
    for x, y in ((b, a), (c, d)):
        record.set_entry(record.player(x), 3, RoundEntry(y, "w", "1"))
        record.set_entry(record.player(y), 3, RoundEntry(x, "b", MIRROR["1"]))
    path = tmp_path / "bad.trf"
    write_trf(record, path)
    code, out, _ = run("--dutch", path, "-c")
    assert code == 1
    assert f"Round 3: rule broken: 1-{a}: these two have already played each other" in out


def test_mcmahon_goes_to_its_own_command_line(monkeypatch):
    seen = {}
    fake = types.ModuleType("pairing.cli.mcmahon")
    fake.main = lambda argv: seen.setdefault("argv", argv) and 7
    monkeypatch.setitem(sys.modules, "pairing.cli.mcmahon", fake)
    assert cli.main(["--mcmahon", "event.xml", "-p"]) == 7
    assert seen["argv"] == ["--mcmahon", "event.xml", "-p"]


def _play(record: TournamentRecord, r: int, lines: list[str], rng) -> None:
    pairs = [tuple(map(int, ln.split())) for ln in lines[1:]]
    assert int(lines[0]) == len(pairs)
    games = [(w, b) for w, b in pairs if b != 0]
    rating = {p.id: p.rating for p in record.players}
    outcome = draw_results(
        np.array([rating[w] for w, _ in games], float),
        np.array([rating[b] for _, b in games], float),
        rng,
    )
    for (w, b), o in zip(games, outcome, strict=True):
        code = {1: "1", 0: "=", -1: "0"}[int(o)]
        record.set_entry(record.player(w), r, RoundEntry(b, "w", code))
        record.set_entry(record.player(b), r, RoundEntry(w, "b", MIRROR[code]))
    for w, b in pairs:
        if b == 0:
            record.set_entry(record.player(w), r, RoundEntry(None, "-", "U"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_nine_rounds_through_the_command_line_then_check(tmp_path, system):
    rng = np.random.default_rng(5)
    record = TournamentRecord(
        total_rounds=9,
        initial_colour="b",
        players=[
            PlayerRecord(id=k, name=f"Player {k}", rating=int(r))
            for k, r in enumerate(sorted(rng.integers(1400, 2500, 21), reverse=True), start=1)
        ],
    )
    path, pairs = tmp_path / "event.trf", tmp_path / "pairs.txt"
    for r in range(1, 10):
        write_trf(record, path)
        code, _, err = run(f"--{system}", path, "-p", pairs, "--seed", 9)
        assert code == 0, err
        _play(record, r, pairs.read_text().splitlines(), rng)
    write_trf(record, path)
    code, out, _ = run(f"--{system}", path, "-c", "--seed", 9)
    assert code == 0
    assert out.splitlines()[-1] == (
        "9 rounds checked: 0 absolute rule(s) broken, 0 round(s) differ from Blossom's pairing"
    )


def test_check_infers_the_initial_colour_from_round_one(tmp_path):
    record = generate_tournament(GeneratorConfig(players=10, rounds=4), seed=6)
    record.initial_colour = None  # TRF-2026: then the top-ranked player's round-1 colour
    path = tmp_path / "no152.trf"
    write_trf(record, path)
    assert "152" not in path.read_text()
    code, out, _ = run("--dutch", path, "-c")
    assert code == 0 and out.splitlines()[-1].endswith("0 round(s) differ from Blossom's pairing")


@pytest.mark.parametrize(
    "line",
    ["162 W 9999 D  0.5 L  0.0", "162 W -9.9 D  0.5 L  0.0", "XXR 40000", "XXP    1    2    1"],
)
@pytest.mark.parametrize("mode", ["-p", "-c"])
def test_a_file_beyond_the_limits_is_bad_input_exit_3(tmp_path, line, mode):
    """Bad input, not an unexpected error (2): the documented exit code and the line."""
    from pairing.cli import standings

    _, path = _partial(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text + line + "\n", encoding="utf-8")
    code, _, err = run("--dutch", path, mode)
    assert code == cli.EXIT_INVALID == 3
    assert "line " in err and "column " in err
    assert standings.main([str(path)]) == standings.EXIT_INVALID_INPUT == 3


def test_a_finished_file_without_xxr_is_checked_with_its_rounds_inferred(tmp_path, capsys):
    """Older exports write no XXR/142: -c and the standings take the rounds the file holds
    and say so, instead of refusing the file."""
    from pairing.cli import standings

    _, path = _partial(tmp_path, rounds_played=4)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text(
        "\n".join(line for line in lines if not line.startswith(("XXR", "142"))) + "\n",
        encoding="utf-8",
    )
    code, out, err = run("--dutch", path, "-c")
    assert code in (cli.EXIT_OK, cli.EXIT_NO_PAIRING), err
    assert "taken as the 4 rounds it holds" in err and "4 rounds checked" in out
    assert standings.main([str(path)]) == standings.EXIT_OK
    captured = capsys.readouterr()
    assert "taken as the 4 rounds it holds" in captured.err
    assert "Standings after round 4" in captured.out
    assert sum(line.strip()[:1].isdigit() for line in captured.out.splitlines()) == 15


@pytest.mark.parametrize(("explicit", "short"), [("--mwm-burstein", "--burstein")])
def test_the_papers_systems_answer_to_their_explicit_names(tmp_path, explicit, short):
    _, path = _partial(tmp_path)
    assert run(explicit, path, "-p") == run(short, path, "-p")
    text = " ".join(cli.build_parser().format_help().split())
    assert explicit in text and "not FIDE's C.04.3 rules to the letter" in text


def test_dutch_is_fides_dutch_and_the_papers_dutch_has_its_own_name(tmp_path):
    """--dutch (and --fide-dutch) pair by FIDE's C.04.3; --mwm-dutch is the paper's."""
    from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide

    _, path = _partial(tmp_path)
    fide = run("--dutch", path, "-p")
    assert fide == run("--fide-dutch", path, "-p") and fide[0] == 0
    expected = pair_round_fide(fide_request_from_record(read_trf(path)))
    assert fide[1] == cli.pairs_text(expected)
    paper = run("--mwm-dutch", path, "-p")
    assert paper[0] == 0 and paper[1] != fide[1]  # this round is one where they differ
    text = " ".join(cli.build_parser().format_help().split())
    assert "--dutch, --fide-dutch FIDE's Dutch system (C.04.3" in text
    assert "--mwm-dutch" in text and "--burstein keeps meaning the paper's Burstein" in text


def test_the_check_list_shows_each_players_pairing_history(tmp_path):
    record, path = _partial(tmp_path, rounds_played=3, players=9)
    code, out, _ = run("--dutch", path, "-p", "-", "-l")
    assert code == 0
    table = out.split("\n\n", 1)[1].splitlines()
    assert table[0].startswith("Round 4 of 7") and table[1].split()[:5] == [
        "No",
        "Rtg",
        "Pts",
        "Col",
        "CD",
    ]
    rows = {int(line.split()[0]): line for line in table[2:]}
    assert sorted(rows) == [p.id for p in record.players]
    listed = tmp_path / "check.txt"
    assert run("--dutch", path, "-p", tmp_path / "pairs.txt", "-l", listed)[0] == 0
    assert listed.read_text(encoding="utf-8").splitlines()[2:] == table[2:]


def test_a_colour_preference_is_absolute_strong_or_mild():
    from pairing.cli.checklist import preference
    from pairing.engine.swiss.request import SwissPlayer

    assert preference(SwissPlayer(1, colours=("w", "w"))) == "bA"  # two whites running
    assert preference(SwissPlayer(1, colours=("w", "b", "w"))) == "bS"  # cd +1
    assert preference(SwissPlayer(1, colours=("b", "w"))) == "bM"  # cd 0, last white
    assert preference(SwissPlayer(1, colours=("-",))) == "-"
