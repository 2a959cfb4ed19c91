"""The explanation parts say word for word what the engines' English says.

Every board and bye of many generated Swiss tournaments (all systems, named and
unnamed players, byes, forfeits, withdrawals) and of many McMahon rounds (random
fields, handicaps, clubs, byes and absences, and real OpenGotha events) is rendered
back from its parts in English and compared with the stored text.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from pairing.engine.explanation_parts import ENGLISH, is_part, render_english
from pairing.engine.mcmahon import (
    ABSENT,
    BYE,
    GAME,
    McMahonConfig,
    McMahonPlayer,
    McMahonRequest,
    NoValidPairing,
    RoundRecord,
)
from pairing.engine.mcmahon import (
    pair_round as pair_mcmahon,
)
from pairing.engine.swiss import PairingError, pair_round
from pairing.engine.swiss.from_record import request_from_record
from pairing.formats.opengotha import read_opengotha
from pairing.generate import GeneratorConfig, generate_tournament
from pairing.gorecord import mcmahon_config, mcmahon_request
from tests.engine.swiss_helpers import player, request
from tests.shared_data import OPENGOTHA

SWISS_KEYS: Counter = Counter()
MCMAHON_KEYS: Counter = Counter()


def _keys(parts, seen: Counter) -> None:
    """Count every key, nested ones too; check the values are plain or parts."""
    for p in [parts] if is_part(parts) else parts:
        assert is_part(p), p
        key, values = p
        assert key in ENGLISH or key in ("colour", "rank"), key
        seen[key] += 1
        for value in values.values():
            if isinstance(value, list):
                _keys(value, seen)
            else:
                assert isinstance(value, str | int | float), (key, value)


def _check_swiss(pairing) -> None:
    document = json.loads(json.dumps(pairing.to_dict()))  # the parts are JSON
    for game in document["games"]:
        e = game["explanation"]
        assert e["parts"], e["text"]
        _keys(e["parts"], SWISS_KEYS)
        assert render_english(e["parts"]) == e["text"]
    for bye in document["byes"]:
        assert bye["parts"], bye["reason"]
        _keys(bye["parts"], SWISS_KEYS)
        assert render_english(bye["parts"]) == bye["reason"]


def _unnamed(req):
    return dataclasses.replace(
        req, players=tuple(dataclasses.replace(p, name="") for p in req.players)
    )


@pytest.mark.parametrize("system", ["dutch", "burstein", "monrad", "random", "adjacent"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_swiss_parts_say_the_english_text(system, seed):
    if not _swiss_generated(system, seed):
        pytest.skip("the generator could not pair this field")


def _swiss_generated(system: str, seed: int) -> int:
    """Check every round of a generated tournament; the number of pairings checked."""
    config = GeneratorConfig(
        players=11 + 2 * seed,
        rounds=7,
        forfeit_rate=15,  # one game in 15
        half_point_bye_rate=4,  # one player in 4 asks for a half-point bye
        retired_rate=6,
    )
    try:
        record = generate_tournament(config, system=system, seed=seed)
    except PairingError:
        return 0
    paired = 0
    for r in range(1, record.total_rounds + 1):
        for req in (request_from_record(record, r, system=system, seed=seed),):
            for variant in (req, _unnamed(req), dataclasses.replace(req, beta=1.0)):
                try:
                    pairing = pair_round(variant)
                except PairingError:
                    continue
                _check_swiss(pairing)
                paired += 1
    return paired


def test_swiss_colour_rules_and_limits_in_parts():
    cases = [
        # forced: player 1 cannot have white a third time
        [player(1, colours="ww"), player(2, colours="ww-")],
        [player(1, colours="bb"), player(2, colours="wb")],
        # colour difference
        [player(1, colours="wbw"), player(2, colours="bwb")],
        [player(1, colours="wwb"), player(2, colours="bbw", score=1)],
        # alternation, in the last game and further back
        [player(1, colours="wb"), player(2, colours="bw")],
        [player(1, colours="wbw"), player(2, colours="bww")],
        [player(1, colours="bwwb"), player(2, colours="wbwb")],
        # rank: identical histories, or only one with a colour due
        [player(1, colours="w"), player(2, colours="w")],
        [player(1, colours=""), player(2, colours="b")],
        [player(1, colours="-"), player(2, colours="")],
        # initial colours, several boards
        [player(k) for k in range(1, 7)],
        # floats, repeated
        [
            player(1, score=2, floats=("down", "", "down")),
            player(2, score=1, floats=("up", "up", "")),
        ],
        # byes: odd field, withdrawn, requested, players who already had a bye
        [
            player(1, score=2),
            player(2, score=1),
            player(3, pairing_byes=1, score=1),
            player(4, unplayed_wins=1),
            player(5, withdrawn=True),
            player(6, bye_requested=True),
        ],
    ]
    for players in cases:
        for initial in ("w", "b"):
            for names in (False, True):
                field = [dataclasses.replace(p, name=f"N{p.id}") if names else p for p in players]
                for beta in (1.0, 2.0):
                    try:
                        pairing = pair_round(request(field, initial_colour=initial, beta=beta))
                    except PairingError:
                        continue
                    _check_swiss(pairing)


# McMahon ---------------------------------------------------------------------------


def _check_mcmahon(pairing) -> None:
    for g in pairing.games:
        d = json.loads(json.dumps(g.explanation.to_dict()))
        assert d["summary_parts"] and d["parts"], d["summary"]
        _keys(d["summary_parts"], MCMAHON_KEYS)
        assert render_english(d["summary_parts"]) == d["summary"]
        assert render_english(d["parts"]) == d["text"]
        assert len(d["sentence_parts"]) == len(d["sentences"])
        for p, sentence in zip(d["sentence_parts"], d["sentences"], strict=True):
            _keys(p, MCMAHON_KEYS)
            assert render_english(p) == sentence
        assert len(d["badge_parts"]) == len(d["badges"])
        for p, badge in zip(d["badge_parts"], d["badges"], strict=True):
            _keys(p, MCMAHON_KEYS)
            assert render_english(p) == badge
    for b in pairing.byes:
        d = json.loads(json.dumps(b.to_dict()))
        assert d["parts"], d["text"]
        _keys(d["parts"], MCMAHON_KEYS)
        assert render_english(d["parts"]) == d["text"]


def _play(players, pairing, rng):
    records = {}
    for g in pairing.games:
        outcome = rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])
        records[g.white] = RoundRecord(GAME, g.black, 1, outcome[0], g.handicap)
        records[g.black] = RoundRecord(GAME, g.white, -1, outcome[1], g.handicap)
    for b in pairing.byes:
        records[b.player] = RoundRecord(BYE if b.reason == "pairing" else ABSENT)
    return tuple(
        dataclasses.replace(p, rounds=(*p.rounds, records[p.id]), absent=False, bye_requested=False)
        for p in players
    )


@pytest.mark.parametrize("seed", range(8))
def test_mcmahon_parts_say_the_english_text(seed):
    rng = random.Random(seed)
    config = McMahonConfig(
        bar=rng.choice([0, -3, None]),
        handicap_cap=rng.choice([9, 3, 0]),
        handicap_reduction=rng.choice([0, 1, 2, 9]),
        no_handicap_rank=rng.choice([0, -5, None]),
        bye_points=rng.choice([1.0, 0.5, 0.0]),
        absent_points=rng.choice([0.5, 0.0, 1.0]),
        komi_even=rng.choice([7.5, 6.5]),
    )
    n = rng.randint(9, 25)
    players = tuple(
        McMahonPlayer(
            k + 1,
            rng.randint(-25, 5),
            name="" if seed % 3 == 0 and k % 2 else f"P{k + 1}",
            rating=rng.randint(100, 2700),
            club=rng.choice("ABC "),
            country=rng.choice("XY"),
        )
        for k in range(n)
    )
    for r in range(1, 6):
        players = tuple(
            dataclasses.replace(p, absent=rng.random() < 0.05, bye_requested=rng.random() < 0.05)
            for p in players
        )
        for detailed in (True, False):
            try:
                pairing = pair_mcmahon(
                    McMahonRequest(players, r, config, seed=seed, detailed_explanations=detailed)
                )
            except NoValidPairing:
                return
            _check_mcmahon(pairing)
        players = _play(players, pairing, rng)


@pytest.mark.parametrize("path", sorted(OPENGOTHA.glob("*.xml"))[:4], ids=lambda p: p.name)
def test_mcmahon_parts_on_real_events(path):
    t = read_opengotha(path)
    for r in t.rounds_with_games()[:3]:
        try:
            pairing = pair_mcmahon(
                mcmahon_request(t, r, mcmahon_config(t.settings), detailed_explanations=True)
            )
        except (NoValidPairing, ValueError):
            continue
        _check_mcmahon(pairing)


LAB_PREFIXES = ("system", "about", "trait", "figures", "headline", "note", "fide")


def test_the_parts_cover_every_key():
    """The cases above, run again here (tests may run apart), reach every key but a
    few rare ones."""
    SWISS_KEYS.clear()
    MCMAHON_KEYS.clear()
    test_swiss_colour_rules_and_limits_in_parts()
    for system in ("dutch", "burstein", "monrad", "random", "adjacent"):
        for seed in (1, 2, 3):
            _swiss_generated(system, seed)
    for seed in range(8):
        test_mcmahon_parts_say_the_english_text(seed)
    rare = {"could-not-take-bye", "reason-banding", "reason-play_in", "reason-play_out"}
    # The simulation lab's advice has its own test (tests/engine/test_simulation_cli.py),
    # FIDE's Dutch the next one.
    lab = {k for k in ENGLISH if k.split("-")[0] in LAB_PREFIXES}
    assert set(ENGLISH) - set(SWISS_KEYS) - set(MCMAHON_KEYS) - lab <= rare


def test_a_wrong_part_is_caught():
    """The comparison can fail: a part with another value reads differently."""
    board = pair_round(request([player(1), player(2)])).games[0].explanation
    parts = json.loads(json.dumps(list(board.parts)))
    assert render_english(parts) == board.text
    parts[0][1]["board"] = 2
    assert render_english(parts) != board.text
    with pytest.raises(KeyError):
        render_english([["no-such-key", {}]])


def test_fides_dutch_explains_every_board_and_bye_in_parts():
    """FIDE's Dutch says each board's colour rule (C.04.3 E) and each float and bye in
    parts that read as its English text; generated events reach every rule."""
    from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide
    from tests.engine.swiss_helpers import fide_event

    used = set()
    for seed in range(4):
        record = fide_event(13, 6, 5, seed)
        pairing = pair_round_fide(fide_request_from_record(record))
        for item in [g.explanation for g in pairing.games] + list(pairing.byes):
            text = item.text if hasattr(item, "text") else item.reason
            assert item.parts and render_english(list(item.parts)) == text
            for p in item.parts:
                used.add(p[0])
                used.update(v[0] for v in p[1].values() if isinstance(v, list))
    fide = {k for k in ENGLISH if k.startswith("fide-")}
    assert {"fide-board", "fide-float", "fide-e1", "fide-bye", "fide-criteria"} <= used
    assert len(used & fide) >= 6, sorted(used & fide)  # the bye, a float and four rules
