"""A section paired by FIDE's Dutch (C.04.3) through the services, as the arbiter's
pages do: every round, exported as a TRF, is the reference engine's own pairing
(bbpPairings' checker re-pairs each round from the ones before and finds nothing
different), with half-point byes, a withdrawal, forfeits and an odd field."""

from __future__ import annotations

import subprocess

import pytest

from tests.factories import PlayerFactory, SectionFactory
from tests.oracle import oracle_binary
from tournaments.models import PairingSystem
from tournaments.selectors.exports import trf_export
from tournaments.services.players import bye_request, player_withdraw
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db

RESULTS = ("1-0", "0-1", "1/2-1/2", "1-0", "0-1", "+/-", "1-0", "1/2-1/2")


def _event():
    section = SectionFactory(
        total_rounds=6, pairing_system=PairingSystem.FIDE_DUTCH, first_colour="w"
    )
    players = [
        PlayerFactory(section=section, pairing_number=i, rating=2300 - 25 * i) for i in range(1, 16)
    ]
    bye_request(player=players[6], round_number=2, kind="half")
    bye_request(player=players[2], round_number=4, kind="half")
    for number in range(1, 6):
        if number == 3:
            player_withdraw(player=players[10])
        rnd = round_pair(section=section)
        round_publish(round=rnd, confirm=True)
        for k, game in enumerate(rnd.games.order_by("board")):
            result_record(game=game, result=RESULTS[(k + number) % len(RESULTS)])
    return section


def test_every_round_is_the_reference_engines_pairing(tmp_path):
    binary = oracle_binary()
    section = _event()
    path = tmp_path / "fide.trf"
    path.write_text(trf_export(section=section).text, encoding="utf-8")
    done = subprocess.run(
        [str(binary), "--dutch", str(path), "-c"], capture_output=True, text=True, timeout=300
    )
    said = done.stdout + done.stderr
    assert "Error" not in said, said
    assert said.count("Round #") == 5, said
    assert "192 FIDE_DUTCH_2025" in path.read_text()
    assert "Checker pairings" not in said, said  # a differing round prints its table


def test_the_section_form_offers_fides_dutch_first():
    from tournaments.forms.sections import SectionForm

    choices = SectionForm(event=None).fields["pairing_system"].choices
    assert choices[0][0] == PairingSystem.FIDE_DUTCH
    assert str(choices[0][1]).startswith("FIDE Dutch (C.04.3): for rated events")
