from __future__ import annotations

import pytest

from tournaments import services
from tournaments.demo import demo_create
from tournaments.errors import ServiceError
from tournaments.selectors import section_scores
from tournaments.standings import complete_rounds, standings_compute

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
    assert table.after_round == 4 == complete_rounds(section=chess)
    assert [c[0] for c in table.columns] == ["BH-C1", "BH", "SB", "DE", "WIN", "BWG"]
    scores = section_scores(section=chess)
    assert [float(scores[r.player.pk]) for r in table.rows] == sorted(
        (float(s) for s in scores.values()), reverse=True
    )
    assert len(table.rows) == chess.players.count()
    # Where two rows share a score but not a place, a tiebreak says why.
    for above, row in zip(table.rows, table.rows[1:], strict=False):
        if row.score == above.score and row.place != above.place:
            assert row.tie_break_reason


def test_go_standings_rank_by_mms(demo):
    go = demo.sections.get(game="go")
    table = standings_compute(section=go)
    assert table.primary == "MMS"
    assert [c[0] for c in table.columns] == ["SOS", "SOSOS", "SODOS"]
    assert table.rows[0].score >= table.rows[-1].score


def test_standings_after_an_incomplete_round_are_refused(demo):
    chess = demo.sections.get(game="chess")
    assert standings_compute(section=chess, after_round=2).after_round == 2
    with pytest.raises(ServiceError, match="round 5 is not complete"):
        standings_compute(section=chess, after_round=5)
    from tournaments.pairing_services import round_pair

    rnd = round_pair(section=chess)
    services.round_publish(round=rnd)
    assert complete_rounds(section=chess) == 4  # round 5 has no results yet
    assert standings_compute(section=chess).after_round == 4
