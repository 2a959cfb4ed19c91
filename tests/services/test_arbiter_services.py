"""The arbiter pages' own services and selectors."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

import pytest

from tests.web.arbiter_helpers import make_round, make_setup, quick_user
from tournaments import arbiter_selectors as aselectors
from tournaments import arbiter_services, selectors, services
from tournaments.errors import ServiceError
from tournaments.jobs.models import PairingJob
from tournaments.models import EventRole, ProhibitedPair
from tournaments.views.arbiter import present

pytestmark = pytest.mark.django_db


# Arbiters --------------------------------------------------------------------------


def test_add_an_arbiter_by_username_case_insensitively():
    setup = make_setup()
    bob = quick_user("Bob")
    role = arbiter_services.event_arbiter_add(event=setup.event, username=" bob ")
    assert role.user == bob and role.role == EventRole.Role.ARBITER
    role = arbiter_services.event_arbiter_add(event=setup.event, username="bob", role="chief")
    assert role.role == EventRole.Role.CHIEF_ARBITER
    assert EventRole.objects.filter(event=setup.event, user=bob).count() == 1


@pytest.mark.parametrize(
    ("username", "role", "message"),
    [
        ("", "arbiter", "Enter the username"),
        ("ghost", "arbiter", "There is no user 'ghost'"),
        ("bob", "king", "is not a role"),
    ],
)
def test_adding_an_arbiter_explains_refusals(username, role, message):
    setup = make_setup()
    quick_user("bob")
    with pytest.raises(ServiceError, match=message):
        arbiter_services.event_arbiter_add(event=setup.event, username=username, role=role)


def test_the_last_chief_can_neither_leave_nor_be_demoted():
    setup = make_setup()
    with pytest.raises(ServiceError, match="needs a chief arbiter"):
        arbiter_services.event_arbiter_remove(event=setup.event, user_id=setup.chief.pk)
    with pytest.raises(ServiceError, match="needs a chief arbiter"):
        arbiter_services.event_arbiter_add(
            event=setup.event, username=setup.chief.username, role="arbiter"
        )
    arbiter_services.event_arbiter_add(
        event=setup.event, username=setup.arbiter.username, role="chief"
    )
    arbiter_services.event_arbiter_remove(event=setup.event, user_id=setup.chief.pk)
    assert not EventRole.objects.filter(event=setup.event, user=setup.chief).exists()
    with pytest.raises(ServiceError, match="no role"):
        arbiter_services.event_arbiter_remove(event=setup.event, user_id=setup.chief.pk)


def test_prohibited_pair_remove_only_in_its_section():
    setup = make_setup(players=2)
    other = make_setup(players=0)
    a, b = setup.section.players.all()
    pair = services.prohibited_pair_add(player_a=a, player_b=b)
    with pytest.raises(ServiceError, match="does not exist"):
        arbiter_services.prohibited_pair_remove(section=other.section, pair_id=pair.pk)
    arbiter_services.prohibited_pair_remove(section=setup.section, pair_id=pair.pk)
    assert not ProhibitedPair.objects.exists()


# What to do next ---------------------------------------------------------------------


def test_next_action_walks_through_the_round_cycle():
    setup = make_setup(players=0, total_rounds=2)
    section = setup.section
    assert aselectors.section_next_action(section=section).step == "add-players"
    for n in range(4):
        services.player_create(section=section, name=f"P{n}")
    action = aselectors.section_next_action(section=section)
    assert (action.step, action.round_number, action.label) == ("pair", 1, "Pair round 1")
    job = PairingJob.objects.create(section=section, round_number=1, status="running")
    assert aselectors.section_next_action(section=section).step == "pairing"
    PairingJob.objects.filter(pk=job.pk).update(status="failed", message="No pairing.")
    action = aselectors.section_next_action(section=section)
    assert action.step == "pair" and "No pairing." in action.hint
    rnd = make_round(section, publish=False)
    assert aselectors.section_next_action(section=section).step == "publish"
    services.round_publish(round=rnd)
    action = aselectors.section_next_action(section=section)
    assert (action.step, action.hint) == ("results", "0 of 2 entered.")
    for game in rnd.games.all():
        services.result_record(game=game, result="1-0", by=None)
    assert aselectors.section_next_action(section=section).label == "Pair round 2"
    rnd2 = make_round(section)
    for game in rnd2.games.all():
        services.result_record(game=game, result="0-1", by=None)
    assert aselectors.section_next_action(section=section).step == "done"


def test_next_board_skips_entered_boards_when_filtering():
    setup = make_setup(players=8)
    rnd = make_round(setup.section)
    services.result_record(game=rnd.games.get(board=2), result="1-0", by=None)
    assert aselectors.round_next_board(round=rnd, after=1, pending_only=False) == 2
    assert aselectors.round_next_board(round=rnd, after=1, pending_only=True) == 3
    assert aselectors.round_next_board(round=rnd, after=4, pending_only=False) is None
    assert aselectors.round_progress(round=rnd) == (1, 4)


# Explanations, standings, crosstable --------------------------------------------------


def test_swiss_explanations_become_text_and_badges():
    view = aselectors.explanation_view(
        {
            "kind": "float",
            "flags": ["float", "white-not-due", "colour-pref"],
            "text": "Board 1: A on 2 points floats down.",
        }
    )
    assert view.text == "Board 1: A on 2 points floats down."
    assert view.badges == ("float", "white not due")
    assert view.notes == () and not view.edited


def test_mcmahon_explanations_keep_summary_flags_and_components_apart():
    view = aselectors.explanation_view(
        {
            "summary": "3 v 4: handicap",
            "flags": ["handicap game: MMS gap 2, 1 stone(s)"],
            "components": [
                {"name": "mms", "weight": 9920.0, "margin": 1.5},
                {"name": "area", "weight": 80.25},
            ],
            "text": "3 v 4: handicap; handicap game ...",
            "game_class": "handicap",
        }
    )
    assert view.text == "3 v 4: handicap"
    assert view.badges == ("handicap game",)
    assert view.notes == ("handicap game: MMS gap 2, 1 stone(s)",)
    assert view.components == (("mms", "9920"), ("area", "80.25"))


def test_bye_and_hand_edit_explanations():
    assert aselectors.explanation_view({"reason": "late entry"}).text == "late entry"
    assert aselectors.explanation_view({"edited": True}).edited
    assert aselectors.explanation_view(None) == aselectors.Explanation()


def test_standings_lines_format_values_per_method():
    standings = SimpleNamespace(
        columns=[("BH", "Buchholz"), ("SB", "Sonneborn-Berger")],
        rows=[
            SimpleNamespace(values={"BH": 12.5, "SB": float("nan")}),
            SimpleNamespace(values={"BH": 7.0, "SB": None}),
        ],
    )
    lines = present.standings_lines(standings)
    assert [line.cells for line in lines] == [("12.5", ""), ("7", "")]


def test_crosstable_lines_name_opponent_colour_and_result():
    setup = make_setup(players=3)
    rnd = make_round(setup.section)
    services.result_record(game=rnd.games.get(), result="1/2-1/2", by=None)
    numbers = dict(setup.section.players.values_list("pk", "pairing_number"))
    rows = selectors.crosstable(section=setup.section)
    lines = {line.player.pairing_number: line for line in present.crosstable_lines(rows, numbers)}
    assert lines[1].cells == ("2w½",) and lines[2].cells == ("1b½",)
    assert lines[3].cells == ("bye",) and lines[3].score == Decimal("1")


def test_audit_lines_show_results_as_people_write_them():
    setup = make_setup(players=2)
    rnd = make_round(setup.section)
    game = rnd.games.get()
    services.result_record(game=game, result="1/2-1/2", by=setup.arbiter)
    services.result_undo_last(round=rnd, by=setup.arbiter)
    lines = aselectors.round_audit(round=rnd)
    assert [(line.before, line.after, line.undone) for line in lines] == [
        ("½-½", "pending", False),
        ("pending", "½-½", True),
    ]
