"""Pairing a round (job, polling, idempotence), the draft page with its explanations
and rule checker, hand edits, publishing and unpublishing."""

from __future__ import annotations

import pytest

from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.jobs.models import PairingJob
from tournaments.models import Round, RoundStatus
from tournaments.services.players import player_create
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture
def tasks_in_process(monkeypatch):
    """Pairing tasks run in this process, as they do without REDIS_URL (the pages are
    under test here; the browser tests also run them through a real worker)."""
    from tournaments.tasks import pair_round_task

    monkeypatch.setitem(pair_round_task.app.conf, "task_always_eager", True)


def in_process(test):
    """Jobs are enqueued when the transaction commits and then run in-process: these
    tests commit for real, as the server does."""
    test = pytest.mark.usefixtures("tasks_in_process")(test)
    return pytest.mark.django_db(transaction=True)(test)


def test_section_dashboard_leads_from_players_to_pairing(client):
    setup = make_setup(players=0)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("section")).content.decode()
    assert 'class="now">Add players' in page
    for n in (1, 2, 3):
        player_create(section=setup.section, name=f"P{n}")
    page = client.get(setup.url("section")).content.decode()
    assert ">Pair round 1</button>" in page
    assert 'class="now">Pair round 1' in page


@in_process
def test_pair_round_one_with_htmx_swaps_in_the_draft(client):
    setup = make_setup(players=6)
    client.force_login(setup.arbiter)
    response = client.post(setup.url("pair"), headers=HX)
    rnd = Round.objects.get(section=setup.section)
    page = response.content.decode()
    # Without REDIS_URL the task ran in-process: the job is done and the draft comes back
    # with status 286 (stop polling), aimed at the page's main area.
    assert response.status_code == 286
    assert response["HX-Retarget"] == "#section-page"
    assert response["HX-Push-Url"] == setup.url("round", number=1)
    assert rnd.status == RoundStatus.DRAFT and rnd.games.count() == 3
    assert "Draft:" in page and "Publish round 1" in page
    assert "<title>Round 1 · " in page and 'class="round-tab draft"' in page
    assert "No absolute rule is broken" in page
    assert PairingJob.objects.get().status == "done"


@in_process
def test_pair_without_javascript_redirects_to_the_round(client):
    setup = make_setup(players=5)
    client.force_login(setup.arbiter)
    response = client.post(setup.url("pair"))
    assert response.status_code == 302
    assert response["Location"] == setup.url("round", number=1)
    page = client.get(response["Location"]).content.decode()
    assert "Pairing-allocated bye" in page  # five players: one bye, explained
    assert "Why" in page


@in_process
def test_a_second_click_pairs_nothing_more(client):
    setup = make_setup(players=4)
    client.force_login(setup.arbiter)
    client.post(setup.url("pair"), headers=HX)
    response = client.post(setup.url("pair"), follow=True)
    assert Round.objects.filter(section=setup.section).count() == 1
    assert "Publish round 1 before pairing round 2" in response.content.decode()


def test_a_round_with_results_is_never_re_paired(client):
    setup = make_setup(players=4)
    rnd = make_round(setup.section)
    game = rnd.games.get(board=1)
    result_record(game=game, result="1-0", by=None)
    client.force_login(setup.arbiter)
    response = client.post(setup.url("draft_repair", number=1), follow=True)
    assert "unpublish it before re-pairing" in response.content.decode()
    response = client.post(setup.url("round_unpublish", number=1), {"reason": "x"}, follow=True)
    assert "already has results; correct them instead" in response.content.decode()
    game.refresh_from_db()
    assert game.result == "1-0" and Round.objects.get().status == RoundStatus.PUBLISHED


def test_polling_a_running_job_keeps_polling_then_stops_with_the_draft(client):
    setup = make_setup(players=4)
    job = PairingJob.objects.create(
        section=setup.section, round_number=1, status="running", progress=40
    )
    client.force_login(setup.arbiter)
    url = setup.url("job", job=job.pk)
    response = client.get(url, headers=HX)
    page = response.content.decode()
    assert response.status_code == 200
    assert 'hx-trigger="every 1s"' in page and "40%" in page
    make_round(setup.section, publish=False)
    PairingJob.objects.filter(pk=job.pk).update(status="done", message="Round 1 is paired.")
    response = client.get(url, headers=HX)
    assert response.status_code == 286
    assert "every 1s" not in response.content.decode()
    assert "Publish round 1" in response.content.decode()


def test_a_failed_job_says_why_and_offers_to_try_again(client):
    setup = make_setup(players=4)
    job = PairingJob.objects.create(
        section=setup.section,
        round_number=1,
        status="failed",
        message="No legal pairing: Ann and Bob have met.",
    )
    client.force_login(setup.arbiter)
    response = client.get(setup.url("job", job=job.pk), headers=HX)
    page = response.content.decode()
    assert response.status_code == 286
    assert "No legal pairing: Ann and Bob have met." in page and "Pair round 1" in page
    page = client.get(setup.url("section")).content.decode()
    assert "Round 1 could not be paired." in page and "No legal pairing: Ann and Bob" in page
    assert ">Pair round 1</button>" in page and "Pair round 1 by hand" in page


def test_the_job_page_without_javascript_refreshes_itself(client):
    setup = make_setup(players=4)
    job = PairingJob.objects.create(section=setup.section, round_number=1, status="queued")
    client.force_login(setup.arbiter)
    page = client.get(setup.url("job", job=job.pk)).content.decode()
    assert '<meta http-equiv="refresh" content="2">' in page
    assert ">Refresh</a>" in page
    dashboard = client.get(setup.url("section")).content.decode()
    assert 'hx-trigger="every 1s"' in dashboard  # an active job is shown while it runs


@in_process
def test_swap_into_a_rematch_is_flagged_and_publishing_needs_confirmation(client):
    setup = make_setup(players=4)
    r1 = make_round(setup.section)  # 1-2, 3-4
    for game in r1.games.all():
        result_record(game=game, result="1-0", by=None)
    client.force_login(setup.arbiter)
    client.post(setup.url("pair"))
    r2 = Round.objects.get(section=setup.section, number=2)
    first = r2.games.get(board=1)
    # Put player 2 opposite player 1 again: a rematch.
    a = first.black if first.white.pairing_number == 1 else first.white
    assert a.pairing_number != 2
    response = client.post(
        setup.url("draft_swap", number=2),
        {"player_a": a.pairing_number, "player_b": 2},
        headers=HX,
    )
    page = response.content.decode()
    assert "The rule checker finds" in page and "rematch" in page
    assert "publish anyway" in page
    response = client.post(setup.url("round_publish", number=2), follow=True)
    assert "Tick the confirmation to publish anyway" in response.content.decode()
    r2.refresh_from_db()
    assert r2.status == RoundStatus.DRAFT
    client.post(setup.url("round_publish", number=2), {"confirm": "on"})
    r2.refresh_from_db()
    assert r2.status == RoundStatus.PUBLISHED


def test_make_a_board_by_hand_and_move_a_player(client):
    setup = make_setup(players=6)
    make_round(setup.section, publish=False)  # 1-2, 3-4, 5-6
    client.force_login(setup.arbiter)
    client.post(setup.url("draft_board", number=1), {"white": "1", "black": "3"})
    rnd = setup.section.rounds.get()
    pairs = {(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.all()}
    assert (1, 3) in pairs and rnd.games.count() == 3
    board = rnd.games.get(white__pairing_number=1).board
    response = client.post(
        setup.url("draft_move", number=1),
        {"player": "5", "board": str(board), "colour": "b"},
        headers=HX,
    )
    assert "moved to board" in response.content.decode()
    game = rnd.games.get(board=board)
    assert (game.white.pairing_number, game.black.pairing_number) == (1, 5)
    response = client.post(
        setup.url("draft_move", number=1),
        {"player": "5", "board": "9", "colour": "w"},
        headers=HX,
    )
    assert "has no board 9" in response.content.decode()


def test_draft_forms_show_their_errors(client):
    setup = make_setup(players=4)
    make_round(setup.section, publish=False)
    client.force_login(setup.arbiter)
    response = client.post(
        setup.url("draft_swap", number=1), {"player_a": "1", "player_b": "1"}, headers=HX
    )
    assert "Choose two different players." in response.content.decode()


def test_unpublish_needs_a_reason_and_discard_removes_the_draft(client):
    setup = make_setup(players=4)
    make_round(setup.section)
    client.force_login(setup.arbiter)
    response = client.post(setup.url("round_unpublish", number=1), {"reason": ""}, follow=True)
    assert "Say why the round is taken back" in response.content.decode()
    client.post(setup.url("round_unpublish", number=1), {"reason": "Wrong player withdrawn"})
    rnd = setup.section.rounds.get()
    assert rnd.status == RoundStatus.DRAFT and rnd.status_note == "Wrong player withdrawn"
    page = client.get(setup.url("round", number=1)).content.decode()
    assert "Wrong player withdrawn" in page
    response = client.post(setup.url("round_discard", number=1))
    assert response["Location"] == setup.url("section")
    assert not setup.section.rounds.exists()


def test_print_views_for_pairings_and_slips(client):
    setup = make_setup(players=5)
    make_round(setup.section)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("print_pairings", number=1)).content.decode()
    assert "Round 1" in page and 'class="big"' in page and "Byes:" in page
    page = client.get(setup.url("print_pairings", number=1) + "?order=name").content.decode()
    assert "By board" in page
    page = client.get(setup.url("print_slips", number=1)).content.decode()
    assert page.count('class="slip"') == 2 and "signature" in page


@in_process
def test_a_go_round_shows_handicap_komi_and_the_mcmahon_components(client):
    setup = make_setup(go=True, mcmahon_bar="1d", mcmahon_floor="20k")
    for i, rank in enumerate(["2d", "1d", "1k", "2k", "3k", "5k", "8k", "10k"]):
        player_create(section=setup.section, name=f"Go {i}", go_rank=rank)
    client.force_login(setup.arbiter)
    client.post(setup.url("pair"))
    rnd = Round.objects.get(section=setup.section)
    page = client.get(setup.url("round", number=1)).content.decode()
    assert ">Terms</th>" in page and "komi" in page
    assert "MMS apart</span>" in page or "same MMS</span>" in page  # the engine's Go words
    assert '<dl class="components">' in page and "<dt>mms</dt>" in page
    client.post(setup.url("round_publish", number=1))
    handicapped = rnd.games.exclude(handicap=0).first()
    page = client.get(setup.url("round", number=1)).content.decode()
    if handicapped is not None:
        assert f"H{handicapped.handicap}, komi" in page
    assert "komi" in page


def test_with_a_task_queue_the_pair_button_answers_with_a_polling_partial(client):
    # Inside this test's transaction nothing commits, so the task is not run yet: the
    # page sees what it sees with REDIS_URL set and a worker still busy.
    setup = make_setup(players=4)
    client.force_login(setup.arbiter)
    response = client.post(setup.url("pair"), headers=HX)
    page = response.content.decode()
    job = PairingJob.objects.get()
    assert response.status_code == 200 and job.status == "queued"
    assert f'hx-get="{setup.url("job", job=job.pk)}"' in page
    assert 'hx-trigger="every 1s"' in page and "waiting for a worker" in page
    # A second click while it waits finds the same job.
    client.post(setup.url("pair"), headers=HX)
    assert PairingJob.objects.count() == 1


def test_move_to_the_other_colour_of_the_same_board_swaps_the_colours(client):
    setup = make_setup(players=4)
    make_round(setup.section, publish=False)  # 1-2, 3-4
    client.force_login(setup.arbiter)
    client.post(setup.url("draft_move", number=1), {"player": "2", "board": "1", "colour": "w"})
    game = setup.section.rounds.get().games.get(board=1)
    assert (game.white.pairing_number, game.black.pairing_number) == (2, 1)
