"""Events, sections and arbiter roles through the pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.web.arbiter_helpers import make_setup, quick_user
from tournaments.models import Event, EventRole, GameKind, Section

pytestmark = pytest.mark.django_db


def test_event_list_shows_only_my_events(client):
    mine = make_setup()
    other = make_setup()
    client.force_login(mine.arbiter)
    page = client.get(reverse("arbiter:event_list")).content.decode()
    assert mine.event.name in page and other.event.name not in page
    assert "New event" in page


def test_create_an_event_makes_me_its_chief_and_asks_for_a_section(client):
    user = quick_user("alice")
    client.force_login(user)
    response = client.post(
        reverse("arbiter:event_create"),
        {
            "name": "Oslo Open",
            "start_date": "2026-05-01",
            "end_date": "2026-05-03",
            "venue": "Chess House",
            "is_public": "on",
        },
    )
    event = Event.objects.get(name="Oslo Open")
    assert response.status_code == 302
    assert response["Location"] == reverse("arbiter:section_create", args=[event.slug])
    assert EventRole.objects.get(event=event, user=user).role == "chief"
    assert event.venue == "Chess House" and event.is_public


def test_event_form_explains_its_errors(client):
    client.force_login(quick_user("someone"))
    response = client.post(
        reverse("arbiter:event_create"),
        {"name": "", "start_date": "2026-05-03", "end_date": "2026-05-01"},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "This field is required." in page
    assert "The last day cannot be before the first day." in page
    assert not Event.objects.exists()


def test_reserved_event_names_get_a_usable_slug(client):
    client.force_login(quick_user("someone"))
    client.post(reverse("arbiter:event_create"), {"name": "New"})
    event = Event.objects.get(name="New")
    assert event.slug != "new"
    assert client.get(reverse("arbiter:event", args=[event.slug])).status_code == 200
    response = client.post(reverse("arbiter:event_create"), {"name": "X", "slug": "new"})
    assert "reserved word" in response.content.decode()


def test_create_a_chess_section_with_its_own_tiebreak_order(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    url = reverse("arbiter:section_create", args=[setup.event.slug])
    assert "Swiss pairing (chess)" in client.get(url).content.decode()
    response = client.post(
        url,
        {
            "name": "Open A",
            "game": "chess",
            "total_rounds": "7",
            "pairing_system": "mwm-burstein",
            "beta": "2",
            "first_colour": "w",
            "tiebreak_preset": "__own__",
            "tiebreaks": "bh/c1, BH, sb",
            "unplayed_rule": "2026",
            "points_win": "3",
            "points_draw": "1",
            "points_loss": "0",
            "points_forfeit_win": "3",
            "points_forfeit_loss": "0",
            "points_pairing_bye": "3",
            "points_full_bye": "3",
            "points_half_bye": "1",
            "points_zero_bye": "0",
            "points_absent": "0",
        },
    )
    section = Section.objects.get(event=setup.event, name="Open A")
    assert response.status_code == 302
    assert section.pairing_system == "mwm-burstein" and section.total_rounds == 7
    assert section.tiebreaks == ["BH-C1", "BH", "SB"] and section.tiebreak_preset == ""
    assert section.points_win == 3 and section.first_colour == "w"


def _go_data(**extra):
    data = {
        "name": "Go",
        "game": "go",
        "total_rounds": "5",
        "mcmahon_bar": "3D",
        "mcmahon_floor": "20k",
        "handicap_reduction": "2",
        "handicap_cap": "9",
        "komi_even": "7.5",
        "komi_handicap": "0.5",
        "even_strategy": "split-fold",
        "seed_strategy": "nearest",
        "forbid_same_club": "on",
        "tiebreak_preset": "EGF McMahon",
        "unplayed_rule": "2024",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_forfeit_win": "1",
        "points_forfeit_loss": "0",
        "points_pairing_bye": "1",
        "points_full_bye": "1",
        "points_half_bye": "0.5",
        "points_zero_bye": "0",
        "points_absent": "0",
    }
    data.update(extra)
    return data


def test_create_a_go_section_with_mcmahon_settings(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = client.post(reverse("arbiter:section_create", args=[setup.event.slug]), _go_data())
    section = Section.objects.get(event=setup.event, name="Go")
    assert response.status_code == 302
    assert section.game == GameKind.GO and section.pairing_system == "mcmahon"
    assert (section.mcmahon_bar, section.mcmahon_floor, section.handicap_reduction) == (
        "3d",
        "20k",
        2,
    )
    assert section.mcmahon_options == {
        "even_strategy": "split-fold",
        "seed_strategy": "nearest",
        "forbid_same_club": True,
        "round_down_free_points": False,
    }
    assert section.tiebreak_preset == "EGF McMahon"


def test_section_form_names_a_bad_rank_and_an_unknown_tiebreak(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = client.post(
        reverse("arbiter:section_create", args=[setup.event.slug]),
        _go_data(mcmahon_bar="3x", tiebreak_preset="__own__", tiebreaks="SOS, XYZ"),
    )
    page = response.content.decode()
    assert "Write a Go rank such as 3d, 1k or 20k." in page
    assert "“XYZ” is not a tiebreak Blossom knows" in page
    assert not Section.objects.filter(event=setup.event, name="Go").exists()


def test_section_form_refuses_a_floor_above_the_bar(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = client.post(
        reverse("arbiter:section_create", args=[setup.event.slug]),
        _go_data(mcmahon_bar="5k", mcmahon_floor="1d"),
    )
    assert "The floor (1d) must not be above the bar (5k)." in response.content.decode()


def test_section_settings_round_trip_and_game_locks_after_round_one(client):
    from tests.web.arbiter_helpers import make_round

    setup = make_setup(players=2)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("section_edit")).content.decode()
    assert 'value="FIDE Swiss 2026" selected' in page
    make_round(setup.section)
    page = client.get(setup.url("section_edit")).content.decode()
    assert "The game cannot change once round 1 is paired." in page


def test_event_dashboard_lists_sections_with_their_next_step(client):
    setup = make_setup(players=0)
    client.force_login(setup.arbiter)
    page = client.get(reverse("arbiter:event", args=[setup.event.slug])).content.decode()
    assert setup.section.name in page and "Add players" in page
    assert "Add an arbiter" not in page  # only the chief manages roles


def test_chief_adds_and_removes_an_arbiter_by_username(client):
    setup = make_setup()
    bob = quick_user("bob")
    client.force_login(setup.chief)
    url = reverse("arbiter:arbiter_add", args=[setup.event.slug])
    client.post(url, {"username": "BOB", "role": "arbiter"})
    assert EventRole.objects.get(event=setup.event, user=bob).role == "arbiter"
    response = client.post(url, {"username": "nobody", "role": "arbiter"}, follow=True)
    assert "There is no user &#x27;nobody&#x27;" in response.content.decode()
    client.post(reverse("arbiter:arbiter_remove", args=[setup.event.slug]), {"user": bob.pk})
    assert not EventRole.objects.filter(event=setup.event, user=bob).exists()


def test_the_last_chief_cannot_leave(client):
    setup = make_setup()
    client.force_login(setup.chief)
    response = client.post(
        reverse("arbiter:arbiter_remove", args=[setup.event.slug]),
        {"user": setup.chief.pk},
        follow=True,
    )
    assert "needs a chief arbiter" in response.content.decode()
    assert EventRole.objects.filter(event=setup.event, user=setup.chief).exists()


def test_chief_edits_the_event(client):
    setup = make_setup()
    client.force_login(setup.chief)
    url = reverse("arbiter:event_edit", args=[setup.event.slug])
    response = client.post(url, {"name": "Renamed", "venue": "Town hall"})
    setup.event.refresh_from_db()
    assert response.status_code == 302
    assert (setup.event.name, setup.event.venue, setup.event.is_public) == (
        "Renamed",
        "Town hall",
        False,
    )


def test_login_page_explains_a_wrong_password(client):
    from tests.factories import UserFactory

    UserFactory(username="carol")
    page = client.get("/login/?next=/arbiter/").content.decode()
    assert 'autocomplete="current-password"' in page and 'name="next" value="/arbiter/"' in page
    response = client.post("/login/", {"username": "carol", "password": "wrong"})
    assert "Please enter a correct username and password" in response.content.decode()
    response = client.post(
        "/login/", {"username": "carol", "password": "correct horse battery", "next": "/arbiter/"}
    )
    assert response.status_code == 302 and response["Location"] == "/arbiter/"


def test_go_settings_edit_keeps_other_mcmahon_options(client):
    setup = make_setup(go=True, mcmahon_options={"area_club": 0.5})
    client.force_login(setup.arbiter)
    page = client.get(setup.url("section_edit")).content.decode()
    assert "McMahon pairing (Go)" in page
    data = _go_data(name=setup.section.name, even_strategy="fine-grain", forbid_same_club="")
    data.pop("forbid_same_club")
    response = client.post(setup.url("section_edit"), data)
    section = Section.objects.get(pk=setup.section.pk)
    assert response.status_code == 302
    assert section.mcmahon_options == {
        "area_club": 0.5,
        "even_strategy": "fine-grain",
        "seed_strategy": "nearest",
        "forbid_same_club": False,
        "round_down_free_points": False,
    }
