"""blossom-pairing --mcmahon on OpenGotha files: output format and exit codes."""

import io

import pytest

from pairing.cli.mcmahon import main
from pairing.formats.opengotha import read_opengotha
from tests.shared_data import OPENGOTHA

DATA = OPENGOTHA


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_pairs_the_next_round():
    code, out, err = run("--mcmahon", str(DATA / "simplemm.xml"), "-p")
    assert code == 0, err
    lines = out.splitlines()
    assert int(lines[0]) == len(lines) - 1 == 8
    ids = [int(x) for line in lines[1:] for x in line.split()]
    assert sorted(ids) == list(range(1, 17))  # players 1..16 in file order
    t = read_opengotha(DATA / "simplemm.xml")
    met = {frozenset((g.white + 1, g.black + 1)) for g in t.games}
    assert not any(frozenset(map(int, line.split())) in met for line in lines[1:])
    assert "the tournament has 5 rounds" in err


def test_output_file_explain_and_quality(tmp_path):
    target = tmp_path / "pairs.txt"
    code, out, err = run(
        "--mcmahon", str(DATA / "notsimplemm.xml"), "-p", str(target), "--explain", "--quality"
    )
    assert code == 0, err
    pairs = target.read_text().splitlines()
    assert pairs[0] == "5" and pairs[-1].endswith(" 0")  # 9 players: the bye last
    assert out.count("Board ") == 4 and "Bye: " in out
    assert [line.split(":")[0] for line in out.splitlines() if line.startswith("Round")] == [
        *(f"Round {r} (recorded)" for r in range(1, 6)),
        "Round 6 (Blossom)",
    ]


def test_round_k_repairs_from_the_history_before_it():
    code, out, err = run("--mcmahon", str(DATA / "Toulouse2024.xml"), "--round", "3", "-p")
    assert code == 0, err
    t = read_opengotha(DATA / "Toulouse2024.xml")
    playing = [k + 1 for k, p in enumerate(t.players) if p.participates(3)]
    ids = [int(x) for line in out.splitlines()[1:] for x in line.split() if x != "0"]
    assert sorted(ids) == playing
    earlier = {frozenset((g.white + 1, g.black + 1)) for g in t.games if g.round < 3}
    assert not any(frozenset(map(int, line.split())) in earlier for line in out.splitlines()[1:])


def test_writes_opengotha_with_the_new_round_and_h9(tmp_path):
    xml, h9 = tmp_path / "next.xml", tmp_path / "results.h9"
    code, _, err = run(
        "--mcmahon", str(DATA / "bosp2024.xml"), "-p", str(tmp_path / "p.txt"),
        "-o", str(xml), "--h9", str(h9),
    )  # fmt: skip
    assert code == 0, err
    before, after = read_opengotha(DATA / "bosp2024.xml"), read_opengotha(xml)
    new = after.games_in(3)
    assert len(new) == int((tmp_path / "p.txt").read_text().split()[0]) - len(after.byes_in(3))
    assert all(g.result == "RESULT_UNKNOWN" for g in new)
    assert after.games[: len(before.games)] == before.games
    assert h9.read_text().startswith("; CL[")


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["--mcmahon", "/nonexistent/t.xml", "-p"], 5, "No such file"),
        (["--mcmahon", str(DATA / "simplemm.xml")], 3, "nothing to do"),
        (["--mcmahon", str(DATA / "simplemm.xml"), "-p", "--round", "x"], 3, "invalid int"),
        (["-p"], 3, "required: --mcmahon"),
    ],
)
def test_exit_codes(argv, code, message):
    got, _, err = run(*argv)
    assert got == code and message in err


def test_malformed_file_and_bad_config(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<Tournament>\n<Players>\n")
    code, _, err = run("--mcmahon", str(bad), "-p")
    assert code == 3 and "bad.xml:3:" in err and "malformed XML" in err
    config = tmp_path / "c.json"
    config.write_text('{"even_strategy": "swiss"}')
    code, _, err = run("--mcmahon", str(DATA / "simplemm.xml"), "-p", "--config", str(config))
    assert code == 3 and "even_strategy must be one of" in err


def test_no_valid_pairing_exits_1(tmp_path):
    # two players who have met: round 2 cannot be paired
    xml = tmp_path / "two.xml"
    xml.write_text(
        '<Tournament><Players><Player name="A" firstName="a" rank="1k"/>'
        '<Player name="B" firstName="b" rank="1k"/></Players><Games>'
        '<Game whitePlayer="AA" blackPlayer="BB" roundNumber="1" result="RESULT_WHITEWINS"/>'
        "</Games></Tournament>"
    )
    code, _, err = run("--mcmahon", str(xml), "-p")
    assert code == 1 and "round 2: no pairing" in err


def test_blossom_pairing_dispatches_mcmahon(capsys):
    from pairing.cli.pair import main as blossom_pairing

    code = blossom_pairing(["--mcmahon", str(DATA / "frioul-2018.xml"), "-p"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert int(captured.out.splitlines()[0]) == len(captured.out.splitlines()) - 1


def test_warnings_of_the_file_go_to_standard_error(tmp_path):
    text = (DATA / "simplemm.xml").read_text(encoding="utf-8")
    first = text.index('rank="', text.index("<Player "))
    end = text.index('"', first + 6)
    changed = text[:first] + 'rank="99K"' + text[end + 1 :]
    changed = changed.replace('paiBaRandom="0"', 'paiBaRandom="5"')
    path = tmp_path / "warned.xml"
    path.write_text(changed, encoding="utf-8")
    code, _, err = run("--mcmahon", str(path), "-p")
    assert code == 0, err
    assert "rank '99K' is out of range, read as 30k" in err
    assert "paiBaRandom='5'" in err and "is not followed" in err
    assert str(path) in err


def test_writes_the_ffg_results(tmp_path):
    tou = tmp_path / "results.tou"
    code, _, err = run("--mcmahon", str(DATA / "Toulouse2024.xml"), "--tou", str(tou))
    assert code == 0, err
    lines = tou.read_text(encoding="utf-8").splitlines()
    assert lines[0] == ";name=2024-Toulouse_3511"
    assert sum(not line.startswith(";") for line in lines) == 38


def test_prohibited_pairs_and_no_same_club():
    path = str(DATA / "frioul-2018.xml")  # at most 20 of 58 players from one club
    code, out, err = run("--mcmahon", path, "-p")
    assert code == 0, err
    first = out.splitlines()[1]
    t = read_opengotha(DATA / "frioul-2018.xml")
    club = {k + 1: p.club for k, p in enumerate(t.players)}
    code, out, err = run(
        "--mcmahon", path, "-p", "--prohibit", first.replace(" ", ","), "--no-same-club"
    )
    assert code == 0, err
    pairs = [tuple(map(int, line.split())) for line in out.splitlines()[1:]]
    assert tuple(map(int, first.split())) not in pairs
    assert all(club[a] != club[b] for a, b in pairs if b)
    # 55 of 71 players from one club: no pairing keeps them apart
    code, _, err = run("--mcmahon", str(DATA / "bosp2024.xml"), "-p", "--no-same-club")
    assert code == 1 and "same-club games" in err and "shares the club Ist" in err
    code, _, err = run("--mcmahon", path, "-p", "--prohibit", "3")
    assert code == 3 and "give two player numbers" in err
