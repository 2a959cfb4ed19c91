"""EGF results (.h9) written from real OpenGotha files."""

import re

import pytest

from pairing.formats.h9 import H9Error, adjusted_time, dumps_h9, tournament_class
from pairing.formats.opengotha import read_opengotha
from pairing.gorecord import GoGame, GoPlayer, GoSettings, GoTournament
from tests.shared_data import OPENGOTHA

DATA = OPENGOTHA
RESULT = re.compile(r"^(\d+)([+=-])(?:/([wb])(\d+))?$")


def rows(text):
    return [line.split() for line in text.splitlines() if line and not line.startswith(";")]


def header(text):
    return dict(re.findall(r"^; ([A-Z]{2})\[(.*)\]$", text, flags=re.M))


def test_header_tags_of_a_real_file():
    text = dumps_h9(read_opengotha(DATA / "Toulouse2024.xml"))
    tags = header(text)
    assert list(tags) == ["CL", "EV", "PC", "DT", "HA", "KM", "TM"]
    assert tags["EV"] == "Toulouse_2024"
    assert tags["KM"] == "7.5" and tags["HA"] == "h1"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d,\d{4}-\d\d-\d\d", tags["DT"])
    # no handicap games at all: everyone at or above the no-handicap rank, or a 0 ceiling
    assert header(dumps_h9(read_opengotha(DATA / "bosp2024.xml")))["HA"] == "h9"
    assert header(dumps_h9(read_opengotha(DATA / "veterans-2021.xml")))["HA"] == "h9"


@pytest.mark.parametrize(
    "name", ["Toulouse2024.xml", "bosp2024.xml", "frioul-2018.xml", "veterans-2021.xml"]
)
def test_one_row_per_player_and_symmetric_results(name):
    t = read_opengotha(DATA / name)
    text = dumps_h9(t)
    table = rows(text)
    rounds = max(t.rounds_with_games())
    listed = [p for p in t.players if p.registration == "FIN"]
    assert len(table) == len(listed)
    assert [int(r[0]) for r in table] == list(range(1, len(table) + 1))
    criteria = header_criteria(text)
    by_place = {int(r[0]): r for r in table}
    for row in table:
        results = row[6 + len(criteria) : 6 + len(criteria) + rounds]
        assert len(results) == rounds
        for r, cell in enumerate(results):
            if cell in ("0+", "0=", "0-"):
                continue
            opp, sign, colour, hd = RESULT.match(cell).groups()
            back = by_place[int(opp)][6 + len(criteria) + r]
            b_opp, b_sign, b_colour, b_hd = RESULT.match(back).groups()
            assert int(b_opp) == int(row[0])
            assert {sign, b_sign} in ({"+", "-"}, {"="}, {"+"}, {"-"})
            assert {colour, b_colour} == {"w", "b"} and hd == b_hd
    # the first criterion (MMS) never increases down the table
    mms = [float(r[6]) for r in table]
    assert mms == sorted(mms, reverse=True)


def header_criteria(text):
    line = next(line for line in text.splitlines() if line.startswith("; Pl "))
    names = line.split()[6:]
    return [n for n in names if not n.isdigit()]


def test_rows_by_hand_on_a_small_file():
    text = dumps_h9(read_opengotha(DATA / "notsimplemm.xml"))
    table = {r[1]: r for r in rows(text)}
    # Noguchi (7d) starts at the bar (1D -> 30 counted from 30K) and wins all five
    noguchi = table["Noguchi"]
    assert noguchi[:7] == ["1", "Noguchi", "Motoki", "7d", "FR", "38Gr", "35"]
    # Robin (11k): bye in round 1 (a win), then four games
    robin = table["Robin"]
    assert robin[3] == "11k" and robin[9] == "0+"
    # Bonjean was absent in round 2 (half a point)
    assert table["Bonjean"][10] == "0="


def test_pins_are_appended_and_byes_are_free_wins():
    table = rows(dumps_h9(read_opengotha(DATA / "bosp2024.xml")))
    kose = next(r for r in table if r[1] == "Kose" and r[2] == "Dogac")
    assert kose[-1] == "|14825052"
    guney = next(r for r in table if r[1] == "Guney")
    assert "0+" in guney


def test_time_and_class():
    t = GoTournament(
        settings=GoSettings(
            basic_time=60, byoyomi_system="CANBYOYOMI", can_byoyomi_time=300, can_byoyomi_moves=15
        )
    )
    assert adjusted_time(t) == 80  # 60 + 60 moves at 20 s
    assert tournament_class(t) == "A"
    t.settings.basic_time = 40
    assert tournament_class(t) == "B"
    t.settings.basic_time, t.settings.byoyomi_system = 20, "SUDDENDEATH"
    assert tournament_class(t) == "X"  # below class C: not a classified EGF tournament
    t.settings.basic_time, t.settings.byoyomi_system, t.settings.fischer_time = 45, "FISCHER", 15
    assert adjusted_time(t) == 45 + 30  # 120 moves at 15 s
    assert tournament_class(t) == "A"
    t.settings.internet = True  # internet tournaments are class D, with class B's limits
    assert tournament_class(t) == "D"
    t.settings.basic_time = 25
    assert tournament_class(t) == "X"


def test_the_place_carries_the_country_code():
    text = dumps_h9(read_opengotha(DATA / "Toulouse2024.xml"), country="FR")
    assert header(text)["PC"] == "fr,Puycelsi"
    assert header(dumps_h9(read_opengotha(DATA / "Toulouse2024.xml")))["PC"] == ",Puycelsi"


def test_a_game_without_result_is_refused():
    t = GoTournament(
        players=[GoPlayer("A", "a", "1k"), GoPlayer("B", "b", "2k")],
        games=[GoGame(1, 0, 1, "RESULT_UNKNOWN", table=1)],
    )
    with pytest.raises(H9Error, match="round 1, table 1: the game has no result yet"):
        dumps_h9(t)


def test_ascii_names():
    text = dumps_h9(read_opengotha(DATA / "frioul-2018.xml"), ascii_only=True)
    assert "Aurelien" in text and "Aurélien" not in text
    assert text.isascii()
