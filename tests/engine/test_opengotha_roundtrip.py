"""OpenGotha XML in, the remaining rounds paired and played, OpenGotha XML out,
read back: every player, round, result and parameter intact, element by
element, on the real OpenGotha files; and the EGF results of the finished
event in the EGF's format."""

import random
import re

import pytest

from pairing.engine.mcmahon import pair_round
from pairing.formats.h9 import dumps_h9
from pairing.formats.opengotha import dumps_opengotha, loads_opengotha, parse_xml
from pairing.gorecord import GoBye, GoGame, XmlNode, mcmahon_config, mcmahon_request
from tests.shared_data import OPENGOTHA

FILES = sorted(OPENGOTHA.glob("*.xml"))
RESULTS = ["RESULT_WHITEWINS", "RESULT_BLACKWINS"] * 8 + [
    "RESULT_EQUAL",
    "RESULT_WHITEWINS_BYDEF",
    "RESULT_BLACKWINS_BYDEF",
]


def mid_event(path) -> bytes:
    """The file as OpenGotha wrote it, less the games and byes after the middle
    round: an event in progress (OpenGotha writes one element per line)."""
    text = path.read_text(encoding="utf-8")
    rounds = [int(r) for r in re.findall(r'<Game [^>]*roundNumber="(\d+)"', text)]
    cut = (max(rounds) + 1) // 2 if rounds else 0
    kept = [
        line
        for line in text.splitlines(keepends=True)
        if not re.search(r'<(Game|ByePlayer) [^>]*roundNumber="(\d+)"', line)
        or int(re.search(r'roundNumber="(\d+)"', line).group(1)) <= cut
    ]
    return "".join(kept).encode("utf-8")


def play_out(t, seed: int) -> list[int]:
    """Pair every round the file has not played yet, with random results.
    Returns the rounds added."""
    config = mcmahon_config(t.settings)
    rng = random.Random(seed)
    added = list(range(t.next_round(), t.settings.number_of_rounds + 1))
    for r in added:
        pairing = pair_round(mcmahon_request(t, r, config, seed=seed))
        for g in pairing.games:
            result = rng.choice(RESULTS)
            t.games.append(GoGame(r, g.white - 1, g.black - 1, result, g.handicap, g.board))
        t.byes += [GoBye(r, b.player - 1) for b in pairing.byes if b.reason == "pairing"]
    return added


def same_tree(a: XmlNode, b: XmlNode, where: str) -> None:
    assert a.tag == b.tag, where
    assert a.attributes == b.attributes, f"{where}/{a.tag}"
    assert a.text == b.text, f"{where}/{a.tag}"
    assert [c.tag for c in a.children] == [c.tag for c in b.children], f"{where}/{a.tag}"
    for k, (x, y) in enumerate(zip(a.children, b.children, strict=True)):
        same_tree(x, y, f"{where}/{a.tag}[{k}]")


def section(root: XmlNode, tag: str) -> XmlNode:
    found = root.find(tag)
    return found if found is not None else XmlNode(tag)


def bye_nodes(root: XmlNode) -> list[dict]:
    found = []
    for child in root.children:
        if child.tag in ("ByePlayer", "ByePlayers"):
            found += [n.attributes for n in child.children] or [child.attributes]
    return [b for b in found if b]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_in_paired_played_out_and_read_back_element_by_element(path):
    original = mid_event(path)
    before = parse_xml(original)
    t = loads_opengotha(original)
    recorded = len(t.games)
    added = play_out(t, seed=len(t.players))
    assert added, "every file leaves rounds to pair"
    text = dumps_opengotha(t)
    after = parse_xml(text)

    # the Tournament element and its sections, in the same order
    assert after.attributes == before.attributes
    tags = [c.tag for c in after.children]
    assert [tag for tag in tags if tag != "ByePlayers"] == [
        c.tag for c in before.children if c.tag not in ("ByePlayers", "ByePlayer")
    ]
    # every player, with every attribute, in the same order
    same_tree(section(before, "Players"), section(after, "Players"), "")
    # every recorded game as it was, then the new rounds
    old_games = [g.attributes for g in section(before, "Games").children]
    new_games = [g.attributes for g in section(after, "Games").children]
    assert new_games[: len(old_games)] == old_games and len(old_games) == recorded
    assert {int(g["roundNumber"]) for g in new_games[len(old_games) :]} == set(added)
    # the byes of the file, then the new ones
    assert bye_nodes(after)[: len(bye_nodes(before))] == bye_nodes(before)
    # every parameter and every other section untouched
    for node in before.children:
        if node.tag not in ("Players", "Games", "ByePlayers", "ByePlayer"):
            same_tree(node, section(after, node.tag), "")

    # read back: the same tournament
    again = loads_opengotha(text)
    assert again.players == t.players
    assert again.games == t.games and again.byes == t.byes
    assert again.settings == t.settings and again.warnings == loads_opengotha(original).warnings
    # and writing it again changes nothing
    assert dumps_opengotha(again) == text


def test_every_result_survives_the_round_trip():
    t = loads_opengotha(mid_event(OPENGOTHA / "frioul-2018.xml"))
    play_out(t, seed=1)
    results = {g.result for g in t.games}
    assert {"RESULT_WHITEWINS", "RESULT_BLACKWINS", "RESULT_EQUAL"} <= results
    assert any(r.endswith("_BYDEF") for r in results)
    again = loads_opengotha(dumps_opengotha(t))
    assert [g.result for g in again.games] == [g.result for g in t.games]


# -- the EGF results of the finished events --------------------------------------

TAG = re.compile(r"^; ([A-Z]{2})\[(.*)\]$")
RANK = re.compile(r"^\d{1,2}[kdp]$")
RESULT = re.compile(r"^(?:(\d+)([+=-])/([wb])(\d)|0[+=-])$")
PIN = re.compile(r"^\|\d{8}$")


def parse_h9(text: str):
    """Header tags and rows as the EGF's format describes them: a row is place,
    name (two tokens: names carry no spaces), rank, country, club, the
    criteria, one result per round and, optionally, the EGD PIN."""
    tags, rows = {}, []
    for line in text.splitlines():
        if line.startswith(";"):
            match = TAG.match(line)
            if match:
                tags[match.group(1)] = match.group(2)
            continue
        if line.strip():
            rows.append(line.split())
    return tags, rows


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_finished_event_in_the_egf_format(path):
    t = loads_opengotha(mid_event(path))
    play_out(t, seed=7)
    text = dumps_h9(t, country="fr")
    tags, rows = parse_h9(text)
    assert list(tags) == ["CL", "EV", "PC", "DT", "HA", "KM", "TM"]
    assert tags["CL"] in ("A", "B", "C", "D", "X")
    assert re.fullmatch(r"[a-z]{2},.*", tags["PC"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\d,\d{4}-\d\d-\d\d", tags["DT"])
    assert re.fullmatch(r"h\d", tags["HA"])
    float(tags["KM"]), float(tags["TM"])
    rounds = t.settings.number_of_rounds
    assert [int(r[0]) for r in rows] == list(range(1, len(rows) + 1))
    results = {int(r[0]): results_of(r, rounds) for r in rows}
    stones = []
    for row in rows:
        assert RANK.match(row[3]), row
        for r, cell in enumerate(results[int(row[0])]):
            match = RESULT.match(cell)
            assert match, cell
            if cell.startswith("0"):
                continue
            opponent, sign, colour, hd = match.groups()
            back = RESULT.match(results[int(opponent)][r])
            assert back and int(back.group(1)) == int(row[0])
            assert {sign, back.group(2)} in ({"+", "-"}, {"="})
            assert {colour, back.group(3)} == {"w", "b"} and hd == back.group(4)
            stones.append(int(hd))
    games = [g for g in t.games if not g.by_default]
    assert sorted(stones) == sorted(h for g in games for h in (g.handicap, g.handicap))


def results_of(row: list[str], rounds: int) -> list[str]:
    """The round results of a row: the last `rounds` cells before the PIN."""
    pin = row[-1] if row[-1].startswith("|") else None
    assert pin is None or PIN.match(pin), pin
    body = row[:-1] if pin else row
    return body[-rounds:]
