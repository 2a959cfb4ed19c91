"""One road from the database to the engines: a section's state is loaded once per
page or task, and every consumer (pairing, the rule checker, standings, exports, the
crosstable) reads the same snapshot."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from pairing.formats.trf.reader import parse_trf
from tests.web.arbiter_helpers import make_setup
from tournaments.engines import mcmahon_request, swiss_request
from tournaments.selectors.exports import trf_export
from tournaments.selectors.standings import crosstable, standings_compute
from tournaments.services.results import result_record
from tournaments.services.rounds import round_check, round_pair, round_publish
from tournaments.snapshot import SectionSnapshot

pytestmark = pytest.mark.django_db


def _play(section, rounds: int) -> None:
    for _ in range(rounds):
        rnd = round_pair(section=section)
        round_publish(round=rnd, confirm=True)
        results = ("1-0", "0-1") if section.is_go else ("1-0", "1/2-1/2", "0-1")  # no jigo
        for n, game in enumerate(rnd.games.order_by("board")):
            result_record(game=game, result=results[n % len(results)], by=None)


def _tables(queries: list[dict]) -> list[str]:
    return [re.search(r'FROM "(\w+)"', q["sql"]).group(1) for q in queries if "FROM" in q["sql"]]


def test_a_draft_page_loads_the_section_history_once(client):
    setup = make_setup(players=40)
    _play(setup.section, 4)
    round_pair(section=setup.section)  # round 5: a draft, checked on the page
    client.force_login(setup.arbiter)
    with CaptureQueriesContext(connection) as ctx:
        page = client.get(setup.url("round", number=5))
    assert page.status_code == 200 and "No absolute rule is broken" in page.text
    tables = _tables(ctx.captured_queries)
    # Every game and bye of the section is read once, whatever the section's size.
    assert tables.count("tournaments_game") == 1
    assert tables.count("tournaments_bye") == 1
    assert len(ctx.captured_queries) <= 16, tables


def test_a_snapshot_is_six_queries_whatever_the_size(
    django_assert_num_queries, django_assert_max_num_queries
):
    setup = make_setup(players=24)
    _play(setup.section, 3)
    with django_assert_num_queries(6):
        snapshot = SectionSnapshot.load(setup.section)
    with django_assert_max_num_queries(1):  # at most the event, for the record's header
        snapshot.record()
        snapshot.history()
        snapshot.scores(after_round=2)


def test_pairing_checker_standings_and_exports_read_the_same_state():
    setup = make_setup(players=12)
    _play(setup.section, 3)
    snapshot = SectionSnapshot.load(setup.section)
    record = snapshot.record()
    # The engine's request: each player's score and colours as the record says.
    request = swiss_request(snapshot, 4)
    by_id = {p.id: p for p in request.players}
    for p in record.players:
        assert by_id[p.id].score == record.score(p)
        assert "".join(by_id[p.id].colours) == "".join(e.colour for e in p.rounds)
    # Standings total the same points.
    standings = standings_compute(section=setup.section, snapshot=snapshot)
    assert {line.player.pairing_number: line.player.score for line in standings.lines} == {
        p.id: record.score(p) for p in record.players
    }
    # The crosstable and the TRF export hold the same rounds.
    table = crosstable(section=setup.section, snapshot=snapshot)
    exported = parse_trf(trf_export(section=setup.section).text)
    for row, p in zip(table.rows, exported.players, strict=True):
        assert row.player.score == exported.score(p)
        assert [c.code for c in row.cells] == [e.code for e in p.rounds]
    # The rule checker finds the engine's own round clean.
    assert round_check(round=setup.section.rounds.get(number=3)) == []


def test_go_requests_come_from_the_same_snapshot():
    setup = make_setup(players=8, go=True)
    _play(setup.section, 2)
    snapshot = SectionSnapshot.load(setup.section)
    request = mcmahon_request(snapshot, 3)
    history = snapshot.history()
    for player in request.players:
        pk = snapshot.player_by_number[player.id].pk
        assert len(player.rounds) == len(history[pk]) == 2
