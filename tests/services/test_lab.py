"""The simulation lab's service: normalised settings, one job per parameter set,
the run and its cached report."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.utils import timezone, translation

from tests.factories import (
    EventRoleFactory,
    GoSectionFactory,
    PlayerFactory,
    SectionFactory,
    UserFactory,
)
from tournaments.errors import StateError
from tournaments.jobs.models import SimulationJob
from tournaments.services.lab import (
    LabInputError,
    describe_params,
    lab_config,
    lab_config_for_section,
    simulation_job_recent,
    simulation_job_request,
    simulation_job_run,
    simulation_key,
    simulation_report,
    simulation_report_json,
    simulation_time_left,
)

pytestmark = pytest.mark.django_db

TINY = {"players": 4, "rounds": 2, "low": 1500, "high": 2000, "events": 10}


@pytest.fixture(autouse=True)
def inline(settings, in_process_tasks):
    settings.LAB_RUN_INLINE = True
    cache.clear()


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"players": 501}, "players", "Players: between 2 and 500."),
        ({"rounds": 16}, "rounds", "Rounds: between 1 and 15."),
        ({"events": 1001}, "events", "Events: between 10 and 1000."),
        ({"events": 5}, "events", "Events: between 10 and 1000."),
        ({"rounds": 4}, "rounds", "4 players can play at most 3 rounds"),
        ({"low": 2100}, "high", "must not be below the lowest"),
        ({"high": 3500}, "high", "High: between 100 and 2900."),
    ],
)
def test_settings_out_of_bounds_name_the_field(changes, field, message):
    with pytest.raises(LabInputError, match=message) as caught:
        lab_config(**{**TINY, **changes})
    assert caught.value.field == field


def test_the_same_settings_have_the_same_key():
    a, b = lab_config(**TINY), lab_config(**TINY)
    assert simulation_key(a) == simulation_key(b)
    assert len(simulation_key(a)) == 64
    assert simulation_key(lab_config(**{**TINY, "events": 11})) != simulation_key(a)


def test_a_section_gives_its_ratings_and_rounds():
    section = SectionFactory(total_rounds=4)
    for rating in (2100, 1950, 1800, None, 1700):
        PlayerFactory(section=section, rating=rating)
    config = lab_config_for_section(section=section, events=20)
    assert (config.players, config.rounds, config.events) == (5, 4, 20)
    assert config.strength.kind == "list"
    assert config.strength.values == (2100.0, 1950.0, 1800.0, 1700.0)
    assert "ratings of a section (4 rated, 1700-2100)" in describe_params(config.to_dict())


def test_go_sections_and_empty_sections_are_refused():
    with pytest.raises(LabInputError, match="not Go"):
        lab_config_for_section(section=GoSectionFactory())
    with pytest.raises(LabInputError, match="fewer than two players"):
        lab_config_for_section(section=SectionFactory())


def test_starting_a_run_needs_a_login():
    with pytest.raises(StateError, match="Log in"):
        simulation_job_request(config=lab_config(**TINY), by=AnonymousUser())


@pytest.mark.django_db(transaction=True)
def test_a_run_is_simulated_once_and_then_served_from_the_cache():
    user = UserFactory()
    config = lab_config(**TINY)
    job = simulation_job_request(config=config, by=user)
    job.refresh_from_db()
    assert job.status == SimulationJob.Status.DONE, job.message
    assert (job.progress, job.events_done) == (100, 10)
    assert sorted(job.report["systems"]) == ["burstein", "dutch", "monrad", "random", "random2"]
    report = simulation_report_json(job=job)
    assert list(report["systems"]) == ["dutch", "burstein", "monrad", "random", "random2"]
    assert len(job.report["systems"]["dutch"]["kendall_tau"]["values"]) == 10
    assert job.plot_svg.lstrip().startswith("<?xml")
    again = simulation_job_request(config=lab_config(**TINY), by=UserFactory())
    assert again.pk == job.pk and again.attempts == 1
    page = simulation_report(job=job)
    assert page["headline"] and len(page["verdicts"]) == 5
    assert "values" not in page["summary"]["systems"]["dutch"]["kendall_tau"]
    assert cache.get(f"lab:report:{job.key}:en") == page  # each language its own page
    cache.clear()  # the row still has everything
    assert simulation_report(job=job) == page
    assert simulation_job_recent()[0].pk == job.pk
    with translation.override("fr"):  # the advice in the reader's language, cached apart
        french = simulation_report(job=job)
    assert cache.get(f"lab:report:{job.key}:fr") == french
    assert french["headline"] != page["headline"]
    assert [v["system"] for v in french["verdicts"]] == [v["system"] for v in page["verdicts"]]
    assert all(
        f["sentence"] != e["sentence"]
        for f, e in zip(french["verdicts"], page["verdicts"], strict=True)
    )
    assert "%(" not in str(french)


def test_a_failed_or_abandoned_run_is_started_again(django_capture_on_commit_callbacks):
    user = UserFactory()
    config = lab_config(**TINY)
    key = simulation_key(config)
    SimulationJob.objects.create(key=key, params=config.to_dict(), status="failed", message="x")
    with django_capture_on_commit_callbacks(execute=True):
        job = simulation_job_request(config=config, by=user)
    job.refresh_from_db()
    assert job.status == "done" and job.attempts == 1

    SimulationJob.objects.filter(pk=job.pk).update(
        status="running", updated_at=timezone.now() - timedelta(minutes=30)
    )
    with django_capture_on_commit_callbacks(execute=True):
        simulation_job_request(config=config, by=user)
    job.refresh_from_db()
    assert job.status == "done" and job.attempts == 2


def test_a_live_running_job_is_returned_not_restarted(django_capture_on_commit_callbacks):
    config = lab_config(**TINY)
    running = SimulationJob.objects.create(
        key=simulation_key(config),
        params=config.to_dict(),
        status="running",
        updated_at=timezone.now(),
    )
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        job = simulation_job_request(config=config, by=UserFactory())
    assert job.pk == running.pk and callbacks == []


def test_running_a_finished_job_again_changes_nothing(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = simulation_job_request(config=lab_config(**TINY), by=UserFactory())
    job.refresh_from_db()
    finished = job.finished_at
    assert simulation_job_run(job_id=job.pk).finished_at == finished


def test_an_error_in_the_run_fails_the_job_with_a_message(monkeypatch):
    config = lab_config(**TINY)
    job = SimulationJob.objects.create(key=simulation_key(config), params=config.to_dict())

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("pairing.simulation.runner.run_simulation", broken)
    job = simulation_job_run(job_id=job.pk)
    assert job.status == "failed"
    assert "unexpected error" in job.message and job.report is None


def test_sections_of_other_events_are_not_offered(client):
    from tournaments.views.lab import _user_sections

    mine = EventRoleFactory()
    SectionFactory(event=mine.event, name="Open")
    SectionFactory(name="Not mine")
    GoSectionFactory(event=mine.event, name="Go")
    assert [s.name for s in _user_sections(mine.user)] == ["Open"]


def test_a_run_beyond_the_time_limit_stops_with_a_message(settings):
    settings.LAB_TIME_LIMIT = 0
    config = lab_config(**TINY)
    job = SimulationJob.objects.create(key=simulation_key(config), params=config.to_dict())
    job = simulation_job_run(job_id=job.pk)
    assert job.status == "failed"
    assert (
        job.message == "The simulation took longer than allowed; ask for fewer events or players."
    )


def test_time_left_comes_from_the_pace_so_far():
    now = timezone.now()
    config = lab_config(**{**TINY, "events": 100})
    job = SimulationJob(
        key="k",
        params=config.to_dict(),
        status="running",
        events_done=25,
        started_at=now - timedelta(seconds=60),
        updated_at=now,
    )
    assert simulation_time_left(job=job) == "about 3 minutes left"
    job.events_done = 90
    assert simulation_time_left(job=job) == "less than a minute left"
    job.status = "queued"
    assert simulation_time_left(job=job) == ""


def test_a_section_beyond_the_limits_is_refused_naming_it():
    section = SectionFactory(name="Marathon", total_rounds=20)
    for rating in (2000, 1900, 1800):
        PlayerFactory(section=section, rating=rating)
    with pytest.raises(LabInputError, match=r"Marathon: Rounds: between 1 and 15\.") as caught:
        lab_config_for_section(section=section)
    assert caught.value.field == "section"
