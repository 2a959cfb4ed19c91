"""Bad input and awkward data answered with a reason, never a server error; rules the
arbiter set honoured by every road (items of the venue-trust list, each named)."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone

from tests.api.builders import section_with_rounds
from tests.factories import EventRoleFactory
from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.backup import event_export
from tournaments.engines import GameSpec
from tournaments.jobs.models import PairingJob
from tournaments.models import Section
from tournaments.selectors.exports import h9_export, trf_export
from tournaments.services.players import player_update
from tournaments.services.rounds import pairing_job_request, round_create

pytestmark = pytest.mark.django_db


def base(section) -> str:
    return f"/api/v1/events/{section.event.slug}/sections/{section.slug}/"


# 3. A name longer than the TRF's 33 columns -----------------------------------------------


def test_trf_export_shortens_long_names_in_the_file_and_says_so(api, client):
    section = section_with_rounds(players=4, played=1)
    long = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"  # 50 characters
    player_update(player=section.players.get(pairing_number=2), name=long)
    exported = trf_export(section=section)
    line = next(x for x in exported.text.splitlines() if x.startswith("001    2"))
    assert line[14:47] == long[:33] and len(exported.notes) == 1
    assert "player 2" in exported.notes[0].lower() and "33" in exported.notes[0]
    assert section.players.get(pairing_number=2).name == long  # Blossom keeps it whole
    response = api.get(base(section) + "export.trf")
    assert response.status_code == 200 and "33 columns" in response["Warning"]
    setup_user = EventRoleFactory(event=section.event).user
    client.force_login(setup_user)
    page = client.get(f"/arbiter/{section.event.slug}/{section.slug}/export/trf/")
    assert page.status_code == 200 and long[:33].encode() in page.content


# 4. An h9 export while a round is being played --------------------------------------------


def test_h9_export_holds_the_finished_rounds_and_says_which_are_left_out(api):
    setup = make_setup(players=4, go=True)
    for _ in range(2):
        make_round(setup.section)
    rnd1 = setup.section.rounds.get(number=1)
    for game in rnd1.games.all():
        game.result = "1-0"
        game.save()
    exported = h9_export(section=setup.section)
    assert "Round 2 is not finished: the file holds round 1 only." in exported.notes[0]
    rows = [x for x in exported.text.splitlines() if x and not x.startswith(";")]
    assert rows and all(len(r.split()) >= 1 for r in rows)
    response = api.get(base(setup.section) + "export.h9")
    assert response.status_code == 200 and "not finished" in response["Warning"]


# 7. Standings of a section with no players -------------------------------------------------


def test_standings_pages_of_an_empty_section_answer(client):
    setup = make_setup(players=0)
    client.force_login(setup.arbiter)
    for name in ("standings", "print_standings"):
        page = client.get(setup.url(name))
        assert page.status_code == 200, name
    assert "No players yet" in client.get(setup.url("standings")).text


# 8. A deeply nested JSON body --------------------------------------------------------------


def test_a_deeply_nested_body_is_refused_with_400(arbiter_of):
    section = section_with_rounds(players=4, played=0, pending=1)
    client = arbiter_of(section.event)
    url = base(section) + "rounds/1/boards/1/result/"
    response = client.post(url, "[" * 5000, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]


# 9. API paths holding a line break ---------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/v1/events/%0A/", "/api/v1/%0Aevents/", "/api%0A/v1/"])
def test_api_paths_with_a_line_break_get_a_json_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert "no API resource" in response.json()["detail"]


# 15. Roles of users this database does not have ----------------------------------------------


def test_import_event_names_the_roles_it_could_not_restore(tmp_path, capsys):
    section = section_with_rounds(players=4, played=1)
    role = EventRoleFactory(event=section.event, role="chief")
    document = event_export(event=section.event)
    username = role.user.get_username()
    role.user.delete()
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_event", str(path), "--slug", "restored")
    err = capsys.readouterr().err
    assert f"{username!r} was not restored" in err and "/arbiter/restored/" in err
    assert "no chief arbiter" in err


# 18. The API publishes only with the rule check -----------------------------------------------


def test_api_publish_runs_the_rule_check_and_needs_confirm(arbiter_of):
    section = section_with_rounds(players=4, played=1)
    first = section.rounds.get(number=1).games.get(board=1)
    p = {pl.pairing_number: pl for pl in section.players.all()}
    rematch = round_create(
        section=section,
        games=[GameSpec(1, first.black, first.white), GameSpec(2, p[3], p[4])],
    )
    client = arbiter_of(section.event)
    url = base(section) + f"rounds/{rematch.number}/publish/"
    refused = client.post(url, {}, format="json")
    assert refused.status_code == 409
    rules = refused.json()["broken_rules"]
    assert any(r["rule"] == "rematch" and r["board"] == 1 for r in rules)
    rematch.refresh_from_db()
    assert rematch.status == "draft"
    confirmed = client.post(url, {"confirm": True}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "published"


# 19. Board versions in the API's pairings ----------------------------------------------------


def test_pairings_carry_each_boards_version_for_result_writes(arbiter_of):
    section = section_with_rounds(players=4, played=0, pending=1)
    client = arbiter_of(section.event)
    board = client.get(base(section) + "rounds/1/pairings/").json()["results"][0]
    assert board["version"] == 0
    url = base(section) + "rounds/1/boards/1/result/"
    answer = client.post(url, {"result": "1-0", "version": board["version"]}, format="json")
    assert answer.status_code == 200
    again = client.get(base(section) + "rounds/1/pairings/").json()["results"][0]
    assert again["version"] == 1 and again["result"] == "1-0"


# 20. A second "Pair" while a worker pairs ----------------------------------------------------


def test_a_second_pair_while_a_job_runs_sends_nothing(
    monkeypatch, settings, django_capture_on_commit_callbacks
):
    """A running job is left alone when a worker is at it (fresh, or holding the lock)."""
    settings.PAIRING_JOB_RESEND_AFTER = 30
    sent: list[int] = []
    monkeypatch.setattr("tournaments.services.rounds._enqueue", lambda job: sent.append(job.pk))
    setup = make_setup(players=6)
    with django_capture_on_commit_callbacks(execute=True):
        job = pairing_job_request(section=setup.section, by=setup.arbiter)
    PairingJob.objects.filter(pk=job.pk).update(status="running", started_at=timezone.now())
    for _ in range(4):  # four more clicks
        with django_capture_on_commit_callbacks(execute=True):
            assert pairing_job_request(section=setup.section, by=setup.arbiter).pk == job.pk
    assert sent == [job.pk]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_pair_does_not_wait_on_a_section_a_worker_is_pairing(monkeypatch):
    """A worker holds the section's row lock for a whole pairing. Pressing Pair again
    must neither wait for it (lock_timeout makes any wait an error) nor send again."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL (run with DATABASE_URL=postgres://...)")
    sent: list[int] = []
    monkeypatch.setattr("tournaments.services.rounds._enqueue", lambda job: sent.append(job.pk))
    setup = make_setup(players=6)
    job = PairingJob.objects.create(
        section=setup.section,
        round_number=1,
        status="running",
        started_at=timezone.now() - timedelta(minutes=1),  # long enough to be judged
    )
    locked, release = threading.Event(), threading.Event()

    def worker() -> None:  # what a worker does while it pairs
        with transaction.atomic():
            Section.objects.select_for_update().get(pk=setup.section.pk)
            locked.set()
            release.wait(60)
        connection.close()

    thread = threading.Thread(target=worker)
    thread.start()
    try:
        assert locked.wait(30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '3s'")
        answer = pairing_job_request(section=setup.section, by=setup.arbiter)
    finally:
        release.set()
        thread.join()
    assert answer.pk == job.pk and sent == []
