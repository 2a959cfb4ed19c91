"""Two arbiters typing results at once, through the API and the round page's form,
against a real server (gunicorn, three processes of four threads) on PostgreSQL.

500 result writes on 8 boards, in 125 steps of four writes fired together (one per
arbiter and channel; in about 40% of the steps all four aim at the same board with
the same version). Each writer sends the version it last saw. Afterwards: every
write was accepted or refused as a version conflict (nothing else); the accepted
writes of a board carry versions 1, 2, 3, ... without a gap or a repeat; the board
holds the last of them; and each has exactly one audit row, by its arbiter, from the
result before it to its own.

Pairing requested four times at once (API and form, both arbiters), and the task run
twice at once, make one round with one set of games.
"""

from __future__ import annotations

import random
import threading
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tests.factories import EventFactory, EventRoleFactory, PlayerFactory, SectionFactory
from tests.reliability.arbiters import RESULTS, Arbiter, Outcome
from tests.reliability.processes import (
    WebServer,
    database_url_of_this_run,
    need_postgresql,
    process_env,
)
from tests.web.arbiter_helpers import make_round
from tournaments.jobs.models import PairingJob
from tournaments.models import EventRole, Game, ResultChange
from tournaments.services.rounds import pairing_job_request, pairing_job_run

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "typing-results-at-once"
BOARDS = 8
STEPS = 125
WRITERS = (("ana", "api"), ("ana", "form"), ("ben", "api"), ("ben", "form"))


@pytest.fixture
def venue(tmp_path):
    need_postgresql()
    event = EventFactory(slug="busy-open", name="Busy Open")
    section = SectionFactory(event=event, slug="open", total_rounds=7)
    for i in range(1, 2 * BOARDS + 1):
        PlayerFactory(section=section, pairing_number=i)
    make_round(section)
    pairing_section = SectionFactory(event=event, slug="next", total_rounds=5)
    for i in range(1, 17):
        PlayerFactory(section=pairing_section, pairing_number=i)
    users = {}
    for name in ("ana", "ben"):
        user = get_user_model().objects.create_user(name, password=PASSWORD)
        EventRoleFactory(user=user, event=event, role=EventRole.Role.ARBITER)
        users[name] = user
    server = WebServer(
        process_env(DATABASE_URL=database_url_of_this_run(), CONN_MAX_AGE="60"),
        tmp_path / "gunicorn.log",
        workers=3,
        threads=4,
    ).start()
    arbiters = {
        name: Arbiter(server.url, name, PASSWORD, Token.objects.create(user=user).key)
        for name, user in users.items()
    }
    try:
        yield section, pairing_section, arbiters, users
    finally:
        server.stop()


def test_500_writes_by_two_arbiters_lose_nothing(venue):
    section, _, arbiters, users = venue
    api_path = f"{section.event.slug}/sections/{section.slug}"
    round_path = f"/arbiter/{section.event.slug}/{section.slug}/rounds/1/"
    for arbiter in arbiters.values():
        arbiter.open_page(round_path)
    barrier = threading.Barrier(len(WRITERS))
    outcomes: list[Outcome] = []
    lock = threading.Lock()

    def write(index: int) -> None:
        name, channel = WRITERS[index]
        arbiter = arbiters[name]
        writer = f"{name}/{channel}"
        seen = {b: (0, "") for b in range(1, BOARDS + 1)}  # what this writer last saw
        own = random.Random(1000 + index)
        for step in range(STEPS):
            shared = random.Random(step)
            hot = shared.random() < 0.4
            board = shared.randrange(1, BOARDS + 1) if hot else own.randrange(1, BOARDS + 1)
            version, current = seen[board]
            result = own.choice([r for r in RESULTS if r != current])
            barrier.wait(timeout=60)
            if channel == "api":
                out = arbiter.result_by_api(api_path, 1, board, result, version, writer=writer)
            else:
                out = arbiter.result_by_form(round_path, board, result, version, writer=writer)
            if out.version is not None:
                seen[board] = (out.version, out.current or "")
            with lock:
                outcomes.append(out)

    with ThreadPoolExecutor(len(WRITERS)) as pool:
        for future in [pool.submit(write, i) for i in range(len(WRITERS))]:
            future.result()

    attempted = len(outcomes)
    accepted = [o for o in outcomes if o.accepted]
    refused = [o for o in outcomes if o.refused]
    other = [o for o in outcomes if not o.accepted and not o.refused]
    print(
        f"\nresult writes: attempted {attempted}, accepted {len(accepted)}, "
        f"refused as conflicts {len(refused)}, other {len(other)}; by channel "
        f"{dict(Counter((o.channel, o.accepted) for o in outcomes))}"
    )
    assert attempted == 500
    assert other == [], other[:3]
    assert len(accepted) + len(refused) == 500
    assert len(refused) > 50 and len(accepted) > 100  # the writers really did collide
    for out in refused:  # refused: the writer's version was out of date, and it was told
        assert out.version > out.sent_version and out.message

    by_board: dict[int, dict[int, Outcome]] = defaultdict(dict)
    for out in accepted:
        assert out.version == out.sent_version + 1 and out.current == out.result
        assert out.version not in by_board[out.board], f"two writes got version {out.version}"
        by_board[out.board][out.version] = out
    user_of = {f"{n}/{c}": users[n].pk for n, c in WRITERS}
    audit_rows = 0
    for board in range(1, BOARDS + 1):
        writes = by_board[board]
        game = Game.objects.get(round__section=section, round__number=1, board=board)
        assert sorted(writes) == list(range(1, game.version + 1)), board  # no gap, no repeat
        if writes:
            assert game.result == writes[game.version].result  # the last accepted write
        changes = list(ResultChange.objects.filter(game=game).order_by("version"))
        assert [c.version for c in changes] == sorted(writes)
        for change in changes:
            write = writes[change.version]
            before = writes[change.version - 1].result if change.version > 1 else ""
            assert (change.before, change.after) == (before, write.result)
            assert change.user_id == user_of[write.writer]
            assert change.source == ("api" if write.channel == "api" else "web")
        audit_rows += len(changes)
    assert audit_rows == len(accepted) == ResultChange.objects.count()


def test_pairing_asked_four_times_at_once_makes_one_round(venue):
    _, section, arbiters, _ = venue
    ana, ben = arbiters["ana"], arbiters["ben"]
    section_path = f"/arbiter/{section.event.slug}/{section.slug}/"
    for arbiter in (ana, ben):
        arbiter.open_page(section_path)
    api_pair = f"/api/v1/events/{section.event.slug}/sections/{section.slug}/pair/"
    barrier = threading.Barrier(4)

    def by_api(arbiter):
        barrier.wait(timeout=30)
        return arbiter.api("POST", api_pair, timeout=120)

    def by_form(arbiter):
        barrier.wait(timeout=30)
        return arbiter.htmx_post(section_path + "pair/", {}, timeout=120)

    with ThreadPoolExecutor(4) as pool:
        futures = [
            pool.submit(by_api, ana),
            pool.submit(by_form, ana),
            pool.submit(by_api, ben),
            pool.submit(by_form, ben),
        ]
        answers = [f.result() for f in futures]
    print(f"\npairing asked 4 times at once: answers {sorted(a.status_code for a in answers)}")
    for answer in answers:
        assert answer.status_code in (200, 202, 286, 409), (answer.status_code, answer.text[:300])
        if answer.status_code == 409:  # the round was paired meanwhile: say what to do next
            assert "Publish round 1 before pairing round 2" in answer.json()["detail"]
    _assert_one_round(section, boards=8)
    assert PairingJob.objects.filter(section=section).count() == 1


def test_the_pairing_task_run_twice_at_once_makes_one_round(venue):
    _, section, _, users = venue
    job = pairing_job_request_without_running(section, users["ana"])
    barrier = threading.Barrier(2)

    def run():
        from django.db import connection

        try:
            barrier.wait(timeout=30)
            return pairing_job_run(job_id=job.pk).status
        finally:
            connection.close()

    with ThreadPoolExecutor(2) as pool:
        statuses = [f.result() for f in [pool.submit(run), pool.submit(run)]]
    assert statuses == ["done", "done"]
    job.refresh_from_db()
    assert job.attempts >= 1 and job.status == "done"
    _assert_one_round(section, boards=8)


def pairing_job_request_without_running(section, user) -> PairingJob:
    """A queued job, as the button leaves it before a worker takes it."""
    from unittest import mock

    with mock.patch("tournaments.services.rounds._enqueue"):
        return pairing_job_request(section=section, by=user)


def _assert_one_round(section, *, boards: int) -> None:
    rounds = list(section.rounds.all())
    assert [r.number for r in rounds] == [1]
    games = list(rounds[0].games.all())
    assert len(games) == boards
    placed = [g.white_id for g in games] + [g.black_id for g in games]
    assert len(set(placed)) == len(placed) == 2 * boards
