"""FFG results (.tou) in fixed columns, from real OpenGotha files played out."""

import re

import pytest

from pairing.formats.opengotha import loads_opengotha
from pairing.formats.tou import dumps_tou
from tests.engine.test_opengotha_roundtrip import FILES, mid_event, play_out

HEAD = 4 + 1 + 25 + 3 + 1 + 7 + 1 + 4  # place, name, rank, licence, club
CELL = re.compile(r"^ *(\d+)([+=?-])(?:([wb?])(\d))?$")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_fixed_columns_and_symmetric_results(path):
    t = loads_opengotha(mid_event(path))
    play_out(t, seed=3)
    text = dumps_tou(t)
    header = [line for line in text.splitlines() if line.startswith(";")]
    assert [line.split("=")[0] for line in header[:-1]] == [
        ";name",
        ";date",
        ";vill",
        ";comm",
        ";prog",
        ";size",
        ";time",
        ";ta",
        ";komi",
    ]
    assert re.fullmatch(r";date=\d\d/\d\d/\d{4}", header[1])
    rows = [line for line in text.splitlines() if not line.startswith(";")]
    rounds = t.settings.number_of_rounds
    cells = {}
    for row in rows:
        assert len(row) == HEAD + 8 * rounds, row
        place = int(row[:4])
        assert re.fullmatch(r" *\d{1,2}[KD]", row[30:33]), row
        cells[place] = [row[HEAD + 8 * r : HEAD + 8 * (r + 1)] for r in range(rounds)]
    assert sorted(cells) == list(range(1, len(rows) + 1))
    for place, mine in cells.items():
        for r, cell in enumerate(mine):
            opponent, sign, colour, stones = CELL.match(cell).groups()
            if opponent == "0":
                assert colour is None
                continue
            back = CELL.match(cells[int(opponent)][r]).groups()
            assert int(back[0]) == place and {colour, back[2]} == {"w", "b"}
            assert {sign, back[1]} in ({"+", "-"}, {"="}) and stones == back[3]


def test_licences_and_names():
    t = loads_opengotha((FILES[0]).read_bytes())  # Toulouse2024: FFG licences
    text = dumps_tou(t)
    row = next(line for line in text.splitlines() if "EVAIN Andéol" in line)
    assert row[34:41] == "1100278" and row[30:33] == " 2D" and row[42:46] == "31To"
    assert ";name=2024-Toulouse_3511" in text and ";time=40+b" in text
