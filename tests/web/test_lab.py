"""The simulation lab's pages: the form and its errors, login to start, the run's
page while it runs (htmx polling, 286 when done, refresh without JavaScript) and
its results (advice, table, plot, JSON)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.factories import EventRoleFactory, PlayerFactory, SectionFactory, UserFactory
from tournaments.jobs.models import SimulationJob
from tournaments.services.lab import lab_config, simulation_job_request, simulation_key

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
TINY = {"players": 4, "rounds": 2, "low": 1500, "high": 2000, "events": 10}


@pytest.fixture(autouse=True)
def inline(settings, in_process_tasks):
    settings.LAB_RUN_INLINE = True
    cache.clear()


def _job(status="running", **fields) -> SimulationJob:
    config = lab_config(**TINY)
    return SimulationJob.objects.create(
        key=simulation_key(config), params=config.to_dict(), status=status, **fields
    )


def test_anyone_sees_the_form_with_a_login_hint(client):
    page = client.get(reverse("lab:home")).content.decode()
    assert "<h1>Which system should I use?</h1>" in page
    assert 'name="players"' in page and 'name="rounds"' in page and 'name="low"' in page
    assert "to start a simulation" in page
    assert 'name="section"' not in page  # no sections without a login


def test_starting_needs_a_login(client):
    response = client.post(reverse("lab:home"), TINY)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not SimulationJob.objects.exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 600}, "At most 500 players."),
        ({"rounds": 16}, "At most 15 rounds."),
        ({"players": 1}, "At least 2 players."),
        ({"high": 3000}, "Ratings go up to 2900."),
        ({"events": 5000}, "At most 1000 simulated events."),
        ({"rounds": 3, "players": 3}, "3 players can play at most 3 rounds"),
        ({"rounds": 5}, "4 players can play at most 3 rounds without meeting twice."),
        ({"low": 2100}, "the highest rating must not be below the lowest"),
        ({"players": ""}, "This field is required."),
        ({"players": 100, "fide_dutch": "on"}, "FIDE Dutch: at most 64 players here"),
    ],
)
def test_bad_settings_come_back_with_the_error_beside_the_field(client, changes, message):
    client.force_login(UserFactory())
    response = client.post(reverse("lab:home"), {**TINY, **changes})
    page = response.content.decode()
    if changes == {"rounds": 3, "players": 3}:  # allowed: 3 players, 3 rounds (one bye each)
        assert response.status_code == 302
        return
    assert response.status_code == 200
    assert message in page and 'class="errorlist"' in page
    assert not SimulationJob.objects.exists()


def test_a_run_from_the_form_to_its_results(client, django_capture_on_commit_callbacks):
    client.force_login(UserFactory())
    with django_capture_on_commit_callbacks(execute=True):  # the task runs on commit
        response = client.post(reverse("lab:home"), TINY)
    job = SimulationJob.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "lab:result", args=[job.key]
    )
    assert job.status == "done", job.message

    client.logout()  # results are public
    page = client.get(response["Location"]).content.decode()
    assert (
        "<h1>Simulation: 4 players, 2 rounds, ratings 1500-2000 (uniform), 10 events</h1>" in page
    )
    assert "<h2>Recommendation</h2>" in page and "Kendall tau" in page
    assert f'src="{reverse("lab:plot", args=[job.key])}"' in page
    for name in ("Dutch", "Burstein", "Monrad", "Random", "Random2"):
        assert f"<strong>{name}:</strong>" in page
    assert 'http-equiv="refresh"' not in page and "hx-trigger" not in page

    svg = client.get(reverse("lab:plot", args=[job.key]))
    assert svg["Content-Type"].startswith("image/svg+xml") and b"<svg" in svg.content
    data = client.get(reverse("lab:report_json", args=[job.key])).json()
    assert data["params"]["players"] == 4 and len(data["systems"]["dutch"]["nsd"]["values"]) == 10

    # The recent runs are listed on the form page.
    assert reverse("lab:result", args=[job.key]) in client.get(reverse("lab:home")).content.decode()


def test_a_running_job_polls_and_refreshes_without_javascript(client):
    job = _job(progress=40, events_done=4)
    url = reverse("lab:result", args=[job.key])
    page = client.get(url).content.decode()
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in page
    assert f'hx-get="{url}"' in page and 'hx-trigger="every 1s"' in page
    assert "no-store" in client.get(url)["Cache-Control"]
    assert "4 of 10 events (40%)" in page

    partial = client.get(url, headers=HX)
    assert partial.status_code == 200
    assert partial.content.decode().lstrip().startswith('<div id="lab-run"')
    assert "<html" not in partial.content.decode()


def test_the_last_poll_stops_polling_with_the_results(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = simulation_job_request(config=lab_config(**TINY), by=UserFactory())
    response = client.get(reverse("lab:result", args=[job.key]), headers=HX)
    assert response.status_code == 286
    body = response.content.decode()
    assert '<div id="lab-run" class="lab-report">' in body and "<h2>Recommendation</h2>" in body
    assert "hx-trigger" not in body


def test_a_failed_run_says_why(client):
    job = _job(status="failed", message="Background workers are unreachable.")
    page = client.get(reverse("lab:result", args=[job.key])).content.decode()
    assert (
        "The simulation did not finish." in page and "Background workers are unreachable." in page
    )
    assert client.get(reverse("lab:plot", args=[job.key])).status_code == 404
    assert client.get(reverse("lab:report_json", args=[job.key])).status_code == 404


def test_unknown_runs_are_404(client):
    assert client.get(reverse("lab:result", args=["0" * 64])).status_code == 404
    assert client.get("/lab/r/not-a-key/").status_code == 404


def test_an_arbiter_may_simulate_one_of_their_sections(client):
    role = EventRoleFactory()
    section = SectionFactory(event=role.event, name="Open A", total_rounds=3)
    for rating in (2000, 1900, 1800, 1700, 1600):
        PlayerFactory(section=section, rating=rating)
    other = SectionFactory(name="Someone else's")
    client.force_login(role.user)
    page = client.get(reverse("lab:home")).content.decode()
    assert "Open A (3 rounds)" in page and "Someone else" not in page
    response = client.post(reverse("lab:home"), {**TINY, "events": 10, "section": section.pk})
    assert response.status_code == 302
    job = SimulationJob.objects.get()
    assert (job.params["players"], job.params["rounds"]) == (5, 3)
    assert job.params["strength"] == "list:2000,1900,1800,1700,1600"
    refused = client.post(reverse("lab:home"), {**TINY, "section": other.pk})
    assert "Select a valid choice." in refused.content.decode()


def test_user_input_is_escaped(client):
    role = EventRoleFactory()
    section = SectionFactory(event=role.event, name="<script>alert(1)</script>", total_rounds=3)
    client.force_login(role.user)
    page = client.get(reverse("lab:home")).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert section.pk


def test_the_lab_compares_fides_dutch_with_the_papers_systems_when_asked(
    client, django_capture_on_commit_callbacks
):
    client.force_login(UserFactory())
    settings_ = {**TINY, "players": 8, "rounds": 3, "fide_dutch": "on"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("lab:home"), settings_)
    job = SimulationJob.objects.get()
    assert job.status == "done", job.message
    assert sorted(job.report["systems"]) == sorted(
        ["dutch", "burstein", "monrad", "random", "random2", "fide-dutch"]
    )
    assert job.report["systems"]["fide-dutch"]["violations"] == 0
    page = client.get(response["Location"]).content.decode()
    assert "<strong>FIDE Dutch (C.04.3):</strong>" in page
    # Without the box the same field is another run, of the paper's systems only.
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("lab:home"), {**settings_, "fide_dutch": ""})
    other = SimulationJob.objects.exclude(pk=job.pk).get()
    assert "fide-dutch" not in other.report["systems"]
