"""A section paired with Baku acceleration: round 1 pairs group A among itself, the
standings never see the virtual points, and the TRF export carries them as XXA lines
so another engine pairs the same."""

from __future__ import annotations

import pytest

from pairing.formats.trf import parse_trf
from tests.factories import PlayerFactory
from tests.web.arbiter_helpers import make_setup
from tournaments.selectors.exports import trf_export
from tournaments.selectors.standings import standings_compute
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


def test_baku_pairs_group_a_among_itself_and_the_trf_says_so():
    setup = make_setup(acceleration="baku", total_rounds=9)
    for i in range(1, 21):
        PlayerFactory(section=setup.section, pairing_number=i, rating=2600 - 20 * i)
    rnd = round_publish(round=round_pair(section=setup.section))
    for game in rnd.games.all():
        a, b = game.white.pairing_number, game.black.pairing_number
        assert (a <= 10) == (b <= 10), (a, b)  # group A: the first 2 * ceil(20 / 4)
        result_record(game=game, result="1-0")
    record = parse_trf(trf_export(section=setup.section).text)
    assert sorted(record.accelerations) == list(range(1, 11))
    assert [float(v) for v in record.accelerations[1]] == [1, 1, 1, 0.5, 0.5, 0, 0, 0, 0]
    standings = standings_compute(section=setup.section)
    assert max(line.player.score for line in standings.lines) == 1  # no virtual points
