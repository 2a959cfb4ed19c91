from __future__ import annotations

import pytest

from tournaments.demo import demo_create
from tournaments.errors import ServiceError
from tournaments.selectors.standings import standings_compute
from tournaments.services.rounds import round_pair, round_publish
from tournaments.snapshot import SectionSnapshot

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        event = demo_create(chess_rounds=4, go_rounds=3)
        yield event
        event.delete()


def test_chess_standings_follow_scores_and_the_preset(demo):
    chess = demo.sections.get(game="chess")
    table = standings_compute(section=chess)
    assert table.after_round == 4 == SectionSnapshot.load(chess).complete_rounds()
    assert [c[0] for c in table.columns] == ["BH-C1", "BH", "SB", "DE", "WIN", "BWG"]
    scores = SectionSnapshot.load(chess).scores()
    assert [float(scores[line.player.id]) for line in table.lines] == sorted(
        (float(s) for s in scores.values()), reverse=True
    )
    assert len(table.lines) == chess.players.count()
    # Where two rows share a score but not a place, a tiebreak says why.
    for above, line in zip(table.lines, table.lines[1:], strict=False):
        if line.player.score == above.player.score and line.place != above.place:
            assert line.reason


def test_go_standings_rank_by_mms(demo):
    go = demo.sections.get(game="go")
    table = standings_compute(section=go)
    assert table.primary == "MMS"
    assert [c[0] for c in table.columns] == ["SOS", "SOSOS", "SODOS"]
    assert table.lines[0].player.score >= table.lines[-1].player.score


def test_standings_after_an_incomplete_round_are_refused(demo):
    chess = demo.sections.get(game="chess")
    assert standings_compute(section=chess, after_round=2).after_round == 2
    with pytest.raises(ServiceError, match="round 5 is not published or not finished"):
        standings_compute(section=chess, after_round=5)

    rnd = round_pair(section=chess)
    round_publish(round=rnd)
    assert SectionSnapshot.load(chess).complete_rounds() == 4  # round 5 has no results yet
    assert standings_compute(section=chess).after_round == 4
